"""The deck builders' tools through Django's test client: the search's display modes, comparing
two decks, draw odds for a group of cards, and "add to deck" from a card's page."""

import threading
from fractions import Fraction
from html import unescape
from math import comb

import pytest
from django.db import connection
from django.test import Client

from decks import services
from decks.models import Card, Deck
from genesis.errors import Forbidden
from rules.core.decklist import Section, decklist_from_json, parse_decklist

from .test_deck_views import SAMPLE, UserFactory, make_deck

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner():
    return UserFactory(username="owner")


@pytest.fixture
def other():
    return UserFactory(username="other")


def page_of(response) -> str:
    return unescape(response.content.decode())


def timeline_count(deck: Deck, name: str) -> int:
    deck.refresh_from_db()
    return sum(e.count for e in decklist_from_json(deck.decklist).timeline if e.name == name)


# --- display modes -------------------------------------------------------------------------------


def test_the_search_shows_a_grid_by_default(client, cards):
    response = client.get("/", {"q": "t:summon"})
    assert response.context["display"] == "grid"
    page = page_of(response)
    assert page.count('class="card-tile') == 2
    assert "card-text-list" not in page


def test_the_text_display_lists_each_cards_fields_and_abilities(client, cards):
    # when
    response = client.get("/", {"q": "t:summon", "display": "text"})
    # then
    assert response.context["display"] == "text"
    page = page_of(response)
    assert page.count('class="card-text ') == 2
    assert "card-tile" not in page
    assert "Cinder Pup" in page
    assert "Beckon" in page  # abilities, with their costs
    assert "(2 Aura)" in page
    assert "HP 4" in page  # Skyguard's stats


def test_the_display_mode_is_kept_by_the_search_form_and_the_mode_links(client, cards):
    page = page_of(client.get("/", {"q": "aff:axon", "display": "text"}))
    assert '<input type="hidden" name="display" value="text">' in page
    assert 'href="?q=aff%3Aaxon&display=grid"' in page
    assert 'id="display-text" href="?q=aff%3Aaxon&display=text" aria-current="true"' in page


def test_an_unknown_display_mode_falls_back_to_the_grid(client, cards):
    response = client.get("/", {"q": "", "display": "poster"})
    assert response.status_code == 200
    assert response.context["display"] == "grid"


# --- comparing two decks ---------------------------------------------------------------------


OTHER = SAMPLE.replace("4 Static Lattice\n", "").replace("3 Arc Relay", "1 Arc Relay")


def test_two_decks_side_by_side_with_what_each_lacks(client, bundled_cards, owner, other):
    a = make_deck(owner, Deck.Visibility.PUBLIC, name="Storm")
    b = make_deck(other, Deck.Visibility.PUBLIC, text=OTHER, name="Storm, lighter")
    # when
    response = client.get("/decks/compare/", {"a": a.key, "b": b.key})
    # then
    assert response.status_code == 200
    timeline = response.context["comparison"].sections[0]
    assert [(c.name, c.a, c.b) for c in timeline.only_a] == [("Static Lattice", 4, 0)]
    assert timeline.only_b == ()
    assert [(c.name, c.a, c.b) for c in timeline.differ] == [("Arc Relay", 3, 1)]
    page = page_of(response)
    assert "Only in Storm" in page
    assert "Nothing: Storm has every card of it." in page


@pytest.mark.parametrize(
    ("visibility", "viewer", "status"),
    [
        ("private", None, 404),
        ("private", "other", 404),
        ("private", "owner", 200),
        ("unlisted", "other", 200),
        ("public", None, 200),
    ],
)
def test_only_decks_the_user_may_see_can_be_compared(
    client, bundled_cards, owner, other, visibility, viewer, status
):
    # given a public deck, and a second deck of the owner's
    public = make_deck(other, Deck.Visibility.PUBLIC, name="Open")
    hidden = make_deck(owner, visibility, text=OTHER, name="Maybe secret")
    if viewer:
        client.force_login({"owner": owner, "other": other}[viewer])
    # then either side is refused alike when the viewer may not see it
    for a, b in ((public, hidden), (hidden, public)):
        response = client.get("/decks/compare/", {"a": a.key, "b": b.key})
        assert response.status_code == status
        if status == 404:
            assert "Maybe secret" not in page_of(response)


def test_a_pasted_link_opens_the_comparison_at_its_own_address(client, bundled_cards, owner):
    a = make_deck(owner, Deck.Visibility.PUBLIC)
    b = make_deck(owner, Deck.Visibility.UNLISTED, text=OTHER)
    response = client.get(
        "/decks/compare/", {"a": a.key, "link": f"https://cards.example.org/decks/{b.key}/"}
    )
    assert response.status_code == 302
    assert response["Location"] == f"/decks/compare/?a={a.key}&b={b.key}"
    assert client.get(response["Location"]).context["b"] == b


def test_a_link_to_no_visible_deck_is_a_404_that_says_so(client, bundled_cards, owner):
    a = make_deck(owner, Deck.Visibility.PUBLIC)
    response = client.get("/decks/compare/", {"a": a.key, "b": "nosuchdeck00"})
    assert response.status_code == 404
    assert "No deck with that key or link is visible to you." in page_of(response)


def test_the_compare_page_without_a_second_deck_offers_the_choice(client, bundled_cards, owner):
    a = make_deck(owner, Deck.Visibility.PUBLIC, name="Mine")
    other_public = make_deck(owner, Deck.Visibility.PUBLIC, text=OTHER, name="Theirs")
    make_deck(owner, Deck.Visibility.PRIVATE, name="Hidden one")
    response = client.get("/decks/compare/", {"a": a.key})
    assert response.status_code == 200
    page = page_of(response)
    assert "Choose a deck to compare with" in page
    assert f'value="{other_public.key}"' in page
    assert "Hidden one" not in page  # a stranger is not offered private decks
    assert f'<option value="{a.key}"' not in page  # nor the deck itself


def test_the_compare_page_needs_a_first_deck(client, bundled_cards):
    response = client.get("/decks/compare/")
    assert response.status_code == 400
    assert "choose Compare there" in page_of(response)


def test_the_deck_page_offers_your_own_decks_to_compare_with(client, bundled_cards, owner):
    deck = make_deck(owner, Deck.Visibility.PRIVATE, name="First")
    second = make_deck(owner, Deck.Visibility.PRIVATE, name="Second")
    client.force_login(owner)
    page = page_of(client.get(f"/decks/{deck.key}/"))
    assert 'action="/decks/compare/"' in page
    assert f'<option value="{second.key}">Second (Sera Vantyne)</option>' in page


# --- draw odds for a group -------------------------------------------------------------------


def test_the_group_odds_are_the_hypergeometric_chance_for_the_groups_copies(
    client, bundled_cards, owner
):
    deck = make_deck(owner, Deck.Visibility.PUBLIC)
    # when a 4-of and a 3-of are ticked
    response = client.get(f"/decks/{deck.key}/odds/", {"group": ["Static Lattice", "Arc Relay"]})
    # then
    group = response.context["group"]
    assert [c["name"] for c in group["picked"]] == ["Static Lattice", "Arc Relay"]
    assert (group["copies"], group["deck_size"]) == (7, 50)
    opening = 1 - Fraction(comb(43, 5), comb(50, 5))
    assert group["table"][0].chance == float(opening)
    assert "54.6%" in page_of(response)
    # the deck page itself shows the same when the form is sent without the script
    page = page_of(client.get(f"/decks/{deck.key}/", {"group": ["Static Lattice", "Arc Relay"]}))
    assert "54.6%" in page


def test_a_card_type_is_a_group_of_every_card_of_that_type(client, bundled_cards, owner):
    deck = make_deck(owner, Deck.Visibility.PUBLIC)
    summons = {
        e.name: e.count
        for e in parse_decklist(SAMPLE).timeline
        if Card.objects.get(name=e.name).type == Card.Type.SUMMON
    }
    group = client.get(f"/decks/{deck.key}/odds/", {"group_type": "summon"}).context["group"]
    assert {c["name"]: c["count"] for c in group["picked"]} == summons
    assert group["copies"] == sum(summons.values())
    assert {"value": "summon", "label": "Summons", "count": group["copies"]} in group["types"]


def test_no_ticked_card_has_an_empty_state(client, bundled_cards, owner):
    deck = make_deck(owner, Deck.Visibility.PUBLIC)
    response = client.get(f"/decks/{deck.key}/odds/")
    assert response.context["group"]["picked"] == []
    assert "Tick two or more cards" in page_of(response)


def test_the_group_odds_of_a_private_deck_are_for_its_owner_only(
    client, bundled_cards, owner, other
):
    deck = make_deck(owner, Deck.Visibility.PRIVATE)
    client.force_login(other)
    assert client.get(f"/decks/{deck.key}/odds/").status_code == 404
    client.force_login(owner)
    assert client.get(f"/decks/{deck.key}/odds/").status_code == 200


# --- add to deck from a card's page ----------------------------------------------------------


def card_id(name: str) -> int:
    return Card.objects.get(name=name).pk


def test_the_card_page_lists_your_decks_to_add_to(client, bundled_cards, owner, other):
    mine = make_deck(owner, name="Mine")
    theirs = make_deck(other, Deck.Visibility.PUBLIC, name="Theirs")
    client.force_login(owner)
    page = page_of(client.get(f"/cards/{card_id('Static Lattice')}/"))
    assert f'<option value="{mine.key}"' in page
    assert theirs.key not in page
    assert "Add to deck</button>" in page


def test_signed_out_the_card_page_offers_a_log_in(client, bundled_cards):
    pk = card_id("Static Lattice")
    page = page_of(client.get(f"/cards/{pk}/"))
    assert f'href="/accounts/login/?next=/cards/{pk}/"' in page
    assert "Add to deck</button>" not in page
    response = client.post(f"/cards/{pk}/add-to-deck/", {"deck": "whatever"})
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_you_have_no_decks_yet(client, bundled_cards, owner):
    client.force_login(owner)
    page = page_of(client.get(f"/cards/{card_id('Static Lattice')}/"))
    assert "You have no decks yet" in page


def test_adding_a_card_saves_a_new_version_and_confirms(client, bundled_cards, owner):
    # given a legal deck with 3 Arc Relay
    deck = make_deck(owner)
    client.force_login(owner)
    pk = card_id("Arc Relay")
    # when
    response = client.post(f"/cards/{pk}/add-to-deck/", {"deck": deck.key}, follow=True)
    # then
    assert response.redirect_chain[-1][0] == f"/cards/{pk}/?added={deck.key}#add-to-deck"
    assert timeline_count(deck, "Arc Relay") == 4
    assert deck.version == 2
    assert deck.versions.count() == 2
    assert deck.legal is False  # 51 cards now: validated as the builder would
    page = page_of(response)
    assert "Added 1 Arc Relay to Storm Lattice: 4 in its timeline now" in page
    assert "the deck is not legal" in page
    assert f'<a href="/decks/{deck.key}/">Storm Lattice</a>, now at version 2' in page


def test_a_new_card_gets_its_own_row(client, bundled_cards, owner):
    deck = make_deck(owner, text="Champion: Sera Vantyne\nTimeline\n4 Static Lattice\n")
    client.force_login(owner)
    client.post(f"/cards/{card_id('Arc Relay')}/add-to-deck/", {"deck": deck.key})
    assert timeline_count(deck, "Arc Relay") == 1
    assert timeline_count(deck, "Static Lattice") == 4


def test_a_champion_card_becomes_the_decks_champion(client, bundled_cards, owner):
    deck = make_deck(owner, text="Timeline\n4 Static Lattice\n")
    client.force_login(owner)
    client.post(f"/cards/{card_id('Sera Vantyne')}/add-to-deck/", {"deck": deck.key})
    deck.refresh_from_db()
    assert deck.champion == "Sera Vantyne"
    # and again is refused: nothing would change
    response = client.post(f"/cards/{card_id('Sera Vantyne')}/add-to-deck/", {"deck": deck.key})
    assert response.status_code == 409
    assert "already the champion" in page_of(response)


@pytest.mark.parametrize("visibility", ["public", "unlisted"])
def test_one_cannot_add_to_another_users_deck(client, bundled_cards, owner, other, visibility):
    deck = make_deck(owner, visibility)
    client.force_login(other)
    response = client.post(f"/cards/{card_id('Arc Relay')}/add-to-deck/", {"deck": deck.key})
    assert response.status_code == 403
    assert "Only the deck's owner can change it." in page_of(response)
    assert timeline_count(deck, "Arc Relay") == 3
    assert deck.version == 1


def test_another_users_private_deck_is_not_found(client, bundled_cards, owner, other):
    deck = make_deck(owner, Deck.Visibility.PRIVATE)
    client.force_login(other)
    response = client.post(f"/cards/{card_id('Arc Relay')}/add-to-deck/", {"deck": deck.key})
    assert response.status_code == 404
    assert timeline_count(deck, "Arc Relay") == 3


def test_adding_is_a_post(client, bundled_cards, owner):
    deck = make_deck(owner)
    client.force_login(owner)
    response = client.get(f"/cards/{card_id('Arc Relay')}/add-to-deck/", {"deck": deck.key})
    assert response.status_code == 405
    assert timeline_count(deck, "Arc Relay") == 3


def test_an_unknown_card_is_a_404(client, bundled_cards, owner):
    deck = make_deck(owner)
    client.force_login(owner)
    assert client.post("/cards/999999/add-to-deck/", {"deck": deck.key}).status_code == 404


def test_the_service_refuses_anyone_but_the_owner(bundled_cards, owner, other):
    deck = make_deck(owner, Deck.Visibility.PUBLIC)
    card = Card.objects.get(name="Arc Relay")
    with pytest.raises(Forbidden) as refused:
        services.deck_card_add(deck=deck, actor=other, card=card)
    assert refused.value.code == "not_owner"


@pytest.mark.django_db(transaction=True)
def test_two_adds_at_once_both_count(bundled_cards, owner):
    # given
    deck = make_deck(owner)
    pk = card_id("Arc Relay")
    barrier = threading.Barrier(2)
    statuses = []

    def add() -> None:
        browser = Client()
        browser.force_login(owner)
        barrier.wait()
        statuses.append(browser.post(f"/cards/{pk}/add-to-deck/", {"deck": deck.key}).status_code)
        connection.close()

    # when two requests add the same card at the same moment
    threads = [threading.Thread(target=add) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # then neither is lost, and each made its own version
    assert statuses == [302, 302]
    assert timeline_count(deck, "Arc Relay") == 5
    assert sorted(deck.versions.values_list("number", flat=True)) == [1, 2, 3]


def test_the_compare_forms_list_choice_gets_the_short_address(client, bundled_cards, owner):
    a = make_deck(owner, Deck.Visibility.PUBLIC)
    b = make_deck(owner, Deck.Visibility.PUBLIC, text=OTHER)
    response = client.get("/decks/compare/", {"a": a.key, "b": b.key, "link": ""})
    assert response.status_code == 302
    assert response["Location"] == f"/decks/compare/?a={a.key}&b={b.key}"


def test_a_card_at_the_most_copies_a_list_holds_is_refused(client, bundled_cards, owner):
    deck = make_deck(owner, text="Champion: Sera Vantyne\nTimeline\n999 Arc Relay\n")
    client.force_login(owner)
    response = client.post(f"/cards/{card_id('Arc Relay')}/add-to-deck/", {"deck": deck.key})
    assert response.status_code == 409
    assert "as many copies of Arc Relay as a list can" in page_of(response)
    assert deck.versions.count() == 1


def _ga_deck(owner, name: str, text: str) -> Deck:
    return services.deck_create(
        owner=owner,
        name=name,
        decklist=parse_decklist(text),
        format_slug="grand-archive-standard",
        visibility=Deck.Visibility.PUBLIC,
    )


def test_two_grand_archive_decks_are_compared_by_their_own_sections(
    client, bundled_cards, owner, other
):
    from tests.decks.test_games import GA_DECK

    # given two Grand Archive decks that differ in their main and material decks
    changed = GA_DECK.replace("4 Field Ration\n", "2 Field Ration\n").replace(
        "1 Cinder Crown\n", ""
    )
    a = _ga_deck(owner, "Embers", GA_DECK)
    b = _ga_deck(other, "Embers, lighter", changed)
    # when they are compared
    response = client.get("/decks/compare/", {"a": a.key, "b": b.key})
    # then the difference is found in the main and material decks, and no champion is asked for
    assert response.status_code == 200
    comparison = response.context["comparison"]
    assert not comparison.alike
    by_section = {s.section: s for s in comparison.sections}
    assert [s.value for s in by_section] == ["main", "material", "sideboard"]
    assert [(c.name, c.a, c.b) for c in by_section[Section.MAIN].differ] == [("Field Ration", 4, 2)]
    assert [(c.name, c.a, c.b) for c in by_section[Section.MATERIAL].only_a] == [
        ("Cinder Crown", 1, 0)
    ]
    page = page_of(response)
    assert "the same card for card" not in page
    assert "None chosen" not in page
    assert "No champion" not in page


def test_decks_of_two_games_are_not_compared_and_the_picker_offers_one_game(
    client, bundled_cards, owner, other
):
    from tests.decks.test_games import GA_DECK

    genesis = make_deck(owner, Deck.Visibility.PUBLIC, name="Storm")
    grand_archive = _ga_deck(other, "Embers", GA_DECK)
    # when a Genesis deck is compared with a Grand Archive one
    response = client.get("/decks/compare/", {"a": genesis.key, "b": grand_archive.key})
    # then the page says why not, with nothing compared
    assert response.status_code == 400
    assert "compared within one game" in page_of(response)
    assert "comparison" not in response.context
    # and the picker offers only decks of the same game
    picker = client.get("/decks/compare/", {"a": genesis.key}).context["compare_choices"]
    assert grand_archive not in picker["public"]


def test_a_grand_archive_deck_page_speaks_grand_archive(client, bundled_cards, owner):
    from tests.decks.test_games import GA_DECK

    page = page_of(client.get(f"/decks/{_ga_deck(owner, 'Embers', GA_DECK).key}/"))
    # no Genesis champion line, and its card types in plain English plurals
    assert "None chosen" not in page
    assert 'id="champion-picker"' not in page
    assert "Allys" not in page
    assert "Allies" in page
