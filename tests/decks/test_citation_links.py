"""Deck problems cite their rule as a link to the judges' lookup once the rulebook is loaded, and
as plain text before: on the deck page, in the builder, on card pages and in the validate API's
`rule_url`; a deck with many problems costs the same queries as one with one."""

from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from decks import services
from decks.models import Card, Deck
from rules.core.decklist import parse_decklist
from rules.core.formats import GENESIS_STANDARD
from rules.models import Section
from rules.selectors import section_url
from tests.conftest import ROOT
from tests.support.rulebooks import CORE_FILE, import_seed

pytestmark = pytest.mark.django_db

SAMPLE = (ROOT / "decks/samples/sera-vantyne-storm-lattice.txt").read_text()
NYX = (ROOT / "decks/samples/nyx-ashcoil-fuse-and-cinder.txt").read_text()
ONE_TOO_MANY = SAMPLE.replace("4 Static Lattice", "5 Static Lattice")
SIZE_RULE = "Core Rulebook 5.2 › Building a Standard Constructed Timeline"
# Nyx's timeline under Sera: each Chaos card breaks the affiliation rule (one problem a card).
FOREIGN = NYX.replace("Champion: Nyx Ashcoil", "Champion: Sera Vantyne")


@pytest.fixture
def public_deck(bundled_cards):
    def make(text: str) -> Deck:
        owner, _ = get_user_model().objects.get_or_create(username="owner")
        return services.deck_create(
            owner=owner,
            name="Cited",
            decklist=parse_decklist(text),
            visibility=Deck.Visibility.PUBLIC,
        )

    return make


def core_section(heading: str) -> str:
    return section_url(
        Section.objects.get(document__name="Genesis Core Rulebook 5.2", heading=heading)
    )


def linked(url: str, rule: str) -> str:
    return f'<cite class="rule"><a href="{url}">{rule}</a></cite>'


def test_a_deck_problem_links_its_rule_once_the_rulebook_is_loaded(client, public_deck):
    deck = public_deck(ONE_TOO_MANY)
    # given no rulebook: the citation is plain text
    page = unescape(client.get(f"/decks/{deck.key}/").content.decode())
    assert f'<cite class="rule">{SIZE_RULE}</cite>' in page
    assert "/rules/genesis-core-rulebook-5-2/" not in page
    # when the rulebook is imported
    import_seed(CORE_FILE)
    # then the same page links the cited section
    page = unescape(client.get(f"/decks/{deck.key}/").content.decode())
    assert linked(core_section("Building a Standard Constructed Timeline"), SIZE_RULE) in page
    assert f'<cite class="rule">{SIZE_RULE}</cite>' not in page


def test_the_builder_links_the_rules_of_its_problems(client, bundled_cards):
    import_seed(CORE_FILE)
    data = {"decklist": FOREIGN, "op": "refresh", "format": "genesis-standard"}
    page = unescape(
        client.post(
            "/decks/new/", {**data, "visibility": "private"}, HTTP_HX_REQUEST="true"
        ).content.decode()
    )
    rule = GENESIS_STANDARD.affiliation_rule
    assert linked(core_section("F- Affiliations"), rule) in page


def test_a_deck_with_many_problems_reads_the_lookup_no_more_than_one_with_one(client, public_deck):
    import_seed(CORE_FILE)
    few, many = public_deck(ONE_TOO_MANY), public_deck(FOREIGN)

    def queries(deck: Deck) -> tuple[int, str]:
        client.get(f"/decks/{deck.key}/")  # warm the card index kept per process
        with CaptureQueriesContext(connection) as captured:
            response = client.get(f"/decks/{deck.key}/")
        return len(captured), unescape(response.content.decode())

    few_queries, _ = queries(few)
    many_queries, page = queries(many)
    assert page.count(f'<a href="{core_section("F- Affiliations")}">') >= 20
    assert many_queries <= few_queries


def test_a_card_page_links_the_rule_behind_its_legality(client, bundled_cards):
    import_seed(CORE_FILE)
    card = Card.objects.get(name="Static Lattice")
    page = unescape(client.get(f"/cards/{card.pk}/").content.decode())
    assert f'<a href="{core_section("F- Affiliations")}">' in page


def test_the_validate_api_gives_each_problem_its_rule_url(bundled_cards):
    api = APIClient()

    def problems() -> list[dict]:
        response = api.post("/api/decks/validate/", {"decklist": ONE_TOO_MANY}, format="json")
        assert response.status_code == 200
        body = response.json()
        return body["errors"] + body["warnings"]

    # no rulebook: every rule_url is null
    assert [p["rule_url"] for p in problems()] == [None] * len(problems())
    import_seed(CORE_FILE)
    size = next(p for p in problems() if p["code"] == "timeline_size")
    assert size["rule"] == SIZE_RULE
    assert size["rule_url"] == core_section("Building a Standard Constructed Timeline")
