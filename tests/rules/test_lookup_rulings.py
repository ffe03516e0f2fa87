"""Rulings: staff only, shown on the card and on the rule section, searchable; keyword pages."""

import datetime
import json

import pytest
from django.contrib.auth import get_user_model
from django.template import Context, Template
from django.test import RequestFactory

from decks.models import Card
from decks.rulings import rulings_for_card
from decks.services import card_set_import
from genesis.errors import Forbidden, Refusal
from rules.core.cardfile import read_card_file
from rules.models import Ruling, Section
from rules.selectors import rules_search
from rules.services import glossary_load, rulebook_import, ruling_create
from tests.conftest import card, card_set
from tests.rules.test_lookup_search import SKY_RULES

pytestmark = pytest.mark.django_db
DATE = datetime.date(2026, 11, 20)


@pytest.fixture
def cards(db):
    content = card_set(
        [
            card(
                "Skyguard",
                type="summon",
                chi=4,
                hp=4,
                abilities=[{"speed": "continuous", "name": "Flight"}],
            ),
            card(
                "Gale Rider",
                type="summon",
                chi=3,
                hp=2,
                abilities=[{"speed": "continuous", "name": "Flight"}],
            ),
            card("Cinder Pup", type="summon", chi=2, hp=1),
        ]
    )
    card_set_import(card_file=read_card_file(json.dumps(content)))
    return {c.name: c for c in Card.objects.all()}


@pytest.fixture
def users(db):
    User = get_user_model()  # noqa: N806 - a model class, named as Django names it
    return {
        "judge": User.objects.create_user("judge", password="pw-judge-1", is_staff=True),
        "player": User.objects.create_user("player", password="pw-player-1"),
    }


@pytest.fixture
def nest(db):
    document = rulebook_import(text=SKY_RULES, name="Sky Duel Rules").document
    return document.sections.get(anchor="the-nest-discard-pile")


def ruling_payload(**extra) -> dict:
    return {
        "question": "Can Skyguard land on an occupied spot?",
        "answer": "Yes: Flight lets it move onto an occupied spot.",
        "source": "Head judge, Autumn Open",
        "date": "2026-11-20",
        **extra,
    }


@pytest.mark.parametrize("who", [None, "player"])
def test_only_staff_may_add_a_ruling_through_the_api(client, cards, users, who):
    if who:
        client.force_login(users[who])
    response = client.post(
        "/api/rules/rulings/",
        ruling_payload(card=cards["Skyguard"].pk),
        content_type="application/json",
    )
    assert response.status_code == 403
    assert response.json()["code"] == "not_a_judge"
    assert not Ruling.objects.exists()


def test_a_judge_adds_a_ruling_to_a_card_and_to_a_section(client, cards, users, nest):
    client.force_login(users["judge"])
    # when
    on_card = client.post(
        "/api/rules/rulings/",
        ruling_payload(card=cards["Skyguard"].pk, keyword="flight"),
        content_type="application/json",
    )
    on_section = client.post(
        "/api/rules/rulings/",
        ruling_payload(
            question="Can a face-down feather be looked at in the nest?",
            answer="No feather is ever face down in the nest.",
            section="sky-duel-rules/the-nest-discard-pile",
        ),
        content_type="application/json",
    )
    # then
    assert on_card.status_code == 201, on_card.json()
    assert on_card.json()["card"] == {"id": cards["Skyguard"].pk, "name": "Skyguard"}
    assert on_card.json()["url"].startswith("/rules/rulings/ruling-")
    assert on_section.status_code == 201, on_section.json()
    assert on_section.json()["section"]["url"] == "/rules/sky-duel-rules/the-nest-discard-pile/"
    listed = client.get("/api/rules/rulings/", {"card": cards["Skyguard"].pk}).json()
    assert [r["question"] for r in listed] == ["Can Skyguard land on an occupied spot?"]


def test_a_ruling_needs_a_subject_and_a_known_keyword(users, cards):
    judge = users["judge"]
    with pytest.raises(Refusal, match="card or to a rule section"):
        ruling_create(user=judge, question="Q?", answer="A.", source="Me", date=DATE)
    with pytest.raises(Refusal, match="not a keyword"):
        ruling_create(
            user=judge,
            question="Q?",
            answer="A.",
            source="Me",
            date=DATE,
            card_id=cards["Skyguard"].pk,
            keyword="levitate",
        )
    with pytest.raises(Forbidden):
        ruling_create(
            user=users["player"],
            question="Q?",
            answer="A.",
            source="Me",
            date=DATE,
            card_id=cards["Skyguard"].pk,
        )


def test_a_ruling_shows_on_its_card_and_its_section_and_is_searchable(client, users, cards, nest):
    judge = users["judge"]
    ruling_create(
        user=judge,
        question="Does Skyguard's flight let it end on the nest keeper?",
        answer="Yes, Flight ignores occupied spots.",
        source="Head judge",
        date=DATE,
        card_id=cards["Skyguard"].pk,
        section=nest,
    )
    # the card page snippet (templates/decks/_card_rulings.html, via {% card_rulings card %})
    request = RequestFactory().get("/cards/1/")
    request.user = judge
    html = Template("{% load cards %}{% card_rulings card %}").render(
        Context({"card": cards["Skyguard"], "request": request})
    )
    assert "Does Skyguard&#x27;s flight let it end on the nest keeper?" in html
    assert f"/rules/rulings/new/?card={cards['Skyguard'].pk}" in html  # judges may add more
    assert [r.source for r in rulings_for_card(cards["Skyguard"])] == ["Head judge"]
    # the section page
    page = client.get("/rules/sky-duel-rules/the-nest-discard-pile/").content.decode()
    assert "Does Skyguard&#x27;s flight let it end on the nest keeper?" in page
    # search, with its own page
    results = rules_search(query="can skyguard end its flight on the nest keeper")
    assert results[0].document.name == "Judges' rulings"
    assert results[0].section.path == ["Skyguard", results[0].section.heading]
    ruling_page = client.get(results[0].url).content.decode()
    assert "Flight ignores occupied spots." in ruling_page
    assert "Head judge" in ruling_page


def test_the_ruling_form_is_for_judges(client, users, cards):
    url = f"/rules/rulings/new/?card={cards['Skyguard'].pk}"
    assert client.get(url).status_code == 302  # to the log-in page
    client.force_login(users["player"])
    refused = client.get(url)
    assert refused.status_code == 403
    assert "judges" in refused.content.decode()
    client.force_login(users["judge"])
    assert client.get(url).status_code == 200
    # when
    response = client.post(
        "/rules/rulings/new/",
        {**ruling_payload(), "card": cards["Skyguard"].pk, "keyword": "flight"},
    )
    # then
    assert response.status_code == 302
    assert response["Location"] == f"/cards/{cards['Skyguard'].pk}/"
    assert Ruling.objects.get().keyword == "flight"


def test_an_incomplete_ruling_form_is_shown_again_with_its_errors(client, users, cards):
    client.force_login(users["judge"])
    response = client.post(
        "/rules/rulings/new/", {**ruling_payload(answer=""), "card": cards["Skyguard"].pk}
    )
    assert response.status_code == 400
    assert "This field is required." in response.content.decode()
    assert not Ruling.objects.exists()


def test_the_keyword_page_lists_its_cards_and_the_rulings_that_mention_it(client, users, cards):
    glossary_load()
    ruling_create(
        user=users["judge"],
        question="Does flight let Cinder Pup pass over walls?",
        answer="Cinder Pup has no Flight, so no.",
        source="Head judge",
        date=DATE,
        card_id=cards["Cinder Pup"].pk,
    )
    # when
    page = client.get("/rules/keywords/flight/")
    # then
    assert page.status_code == 200
    text = page.content.decode()
    assert "May move onto a spot even when it is occupied." in text
    assert "Skyguard" in text
    assert "Gale Rider" in text
    assert "Cinder Pup has no Flight, so no." in text
    assert 'href="/rules/glossary/flight/"' in text
    listing = client.get("/rules/keywords/").content.decode()
    assert "2 cards" in listing
    assert client.get("/rules/keywords/levitate/").status_code == 404


def test_a_ruling_edited_in_the_admin_is_searched_by_its_new_text(client, users, cards):
    ruling = ruling_create(
        user=users["judge"],
        question="Old question about kites?",
        answer="Old answer.",
        source="Head judge",
        date=DATE,
        card_id=cards["Skyguard"].pk,
    )
    client.force_login(get_user_model().objects.create_superuser("admin", password="pw-admin-1"))
    response = client.post(
        f"/admin/rules/ruling/{ruling.pk}/change/",
        {
            "card": cards["Skyguard"].pk,
            "section": "",
            "keyword": "",
            "question": "Can Skyguard hover over lava?",
            "answer": "Yes.",
            "source": "Head judge",
            "date": "2026-11-21",
            "author": users["judge"].pk,
        },
    )
    assert response.status_code == 302
    assert Section.objects.get(ruling=ruling).heading == "Can Skyguard hover over lava?"
    assert rules_search(query="hover over lava")[0].section.ruling == ruling


@pytest.mark.parametrize("card", ["²", "1e3", "-1", "99999999999999999999", "abc"])
def test_a_ruling_filter_that_is_not_a_card_id_is_a_400(client, card):
    response = client.get(f"/api/rules/rulings/?card={card}")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


def test_the_ruling_form_ignores_a_card_that_is_not_an_id(client, users):
    client.force_login(users["judge"])
    response = client.get("/rules/rulings/new/?card=²")
    assert response.status_code == 400  # no subject: the form says to open it from a page


def test_add_judge_lets_a_player_write_rulings_without_being_staff(client, cards, users):
    """`manage.py add_judge USERNAME` puts the account in the judges group, whose members write
    rulings; running it again changes nothing, and an unknown name is a clear error."""
    import io

    from django.core.management import call_command
    from django.core.management.base import CommandError

    player = users["player"]
    assert not player.is_staff
    out = io.StringIO()
    call_command("add_judge", player.username.upper(), stdout=out)
    assert "is now a judge" in out.getvalue()
    again = io.StringIO()
    call_command("add_judge", player.username, stdout=again)
    assert "already a judge" in again.getvalue()
    with pytest.raises(CommandError, match="No account is named 'nobody-here'"):
        call_command("add_judge", "nobody-here", stdout=io.StringIO())
    client.force_login(player)
    response = client.post(
        "/api/rules/rulings/",
        ruling_payload(card=cards["Skyguard"].pk),
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    assert Ruling.objects.count() == 1


def test_a_ruling_filed_under_a_keyword_shows_on_every_card_with_that_keyword(client, users, cards):
    # given: a ruling on the glossary's Flight section, filed under Flight, on no card
    glossary_load()
    flight = Section.objects.get(document__slug="glossary", anchor="flight")
    ruling_create(
        user=users["judge"],
        question="Can a flying summon end its move on an occupied spot?",
        answer="No: Flight lets it pass over, not share the spot.",
        source="Head judge",
        date=DATE,
        section=flight,
        keyword="flight",
    )
    # when
    with_flight = client.get(f"/cards/{cards['Gale Rider'].pk}/").content.decode()
    without = client.get(f"/cards/{cards['Cinder Pup'].pk}/").content.decode()
    listed = client.get("/api/rules/rulings/", {"card": cards["Gale Rider"].pk}).json()
    # then: on the card page and the API's list of the card's rulings, and only where it applies
    assert "Can a flying summon end its move on an occupied spot?" in with_flight
    assert "No rulings on this card yet" not in with_flight
    assert "Can a flying summon end its move on an occupied spot?" not in without
    assert [r["question"] for r in listed] == [
        "Can a flying summon end its move on an occupied spot?"
    ]
    assert client.get("/api/rules/rulings/", {"card": cards["Cinder Pup"].pk}).json() == []


def test_the_ruling_form_opened_from_a_keyword_section_preselects_that_keyword(client, users):
    # given
    glossary_load()
    client.force_login(users["judge"])
    # when
    flight = client.get("/rules/rulings/new/", {"section": "glossary/flight"}).content.decode()
    other = client.get("/rules/rulings/new/", {"section": "glossary/flight", "keyword": ""})
    # then
    assert '<option value="flight" selected>' in flight
    assert '<option value="flight" selected>' not in other.content.decode()
