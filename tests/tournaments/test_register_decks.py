"""Registering with a saved deck (docs/tournaments.md, Registering): the event page offers the
player's decks of the event's game only, those saved for its format and legal first (the first
preselected), and says why each other one cannot be chosen."""

import re
from html import unescape

import pytest
from django.contrib.auth import get_user_model

from decks import services as deck_services
from rules.core.decklist import parse_decklist
from tests.decks.test_games import GA_DECK
from tests.tournaments.conftest import SAMPLE, api, as_user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("bundled_cards")]


def saved(owner, name: str, text: str, format_slug: str):
    return deck_services.deck_create(
        owner=owner, name=name, decklist=parse_decklist(text), format_slug=format_slug
    )


def register_options(html: str) -> list[tuple[str, bool]]:
    """The register form's options: (label, can be chosen), in order."""
    select = re.search(r'<select id="register-deck".*?</select>', html, re.S)
    assert select, "no register form"
    return [
        (unescape(label).strip(), "disabled" not in attrs)
        for attrs, label in re.findall(r"<option([^>]*)>([^<]*)</option>", select.group(0))
    ]


def test_the_register_form_offers_the_events_game_only_ready_decks_first():
    # given: a player whose newest deck is a Grand Archive one, with a legal Genesis Standard
    # deck and a Genesis deck saved for another format
    player = get_user_model().objects.create(username="reggie")
    saved(player, "Storm", SAMPLE.read_text(), "genesis-standard")
    saved(player, "Old storm", SAMPLE.read_text(), "genesis-origins-legacy")
    saved(player, "Embers", GA_DECK, "grand-archive-standard")
    event = api("org").post("/api/tournaments/", {"name": "Friday Genesis"}, format="json")
    assert event.status_code == 201
    # when the player opens the event page
    html = as_user("reggie").get(f"/events/{event.json()['id']}/").content.decode()
    # then the legal Genesis Standard deck comes first (so preselected), the other one says why
    # it cannot be chosen, and the Grand Archive deck is not offered
    options = register_options(html)
    assert options[0] == ("Storm · Sera Vantyne", True)
    assert options[1][0].startswith("Old storm")
    assert "saved for" in options[1][0]
    assert options[1][1] is False
    assert not any("Embers" in label for label, _ in options)


def test_with_no_ready_deck_the_form_says_what_to_do():
    player = get_user_model().objects.create(username="gaby")
    saved(player, "Embers", GA_DECK, "grand-archive-standard")
    saved(player, "Old storm", SAMPLE.read_text(), "genesis-origins-legacy")
    event = api("org").post("/api/tournaments/", {"name": "Friday Genesis"}, format="json")
    html = as_user("gaby").get(f"/events/{event.json()['id']}/").content.decode()
    options = register_options(html)
    assert [ok for _, ok in options] == [False]
    assert "paste a list instead" in html
