"""The deck builder, deck pages, card pages and card API for Grand Archive and Titans of Eden:
the format's game decides the sections, the search, where an added card goes, the totals and
the cited violations (docs/games.md, Building decks). Genesis building is covered, unchanged, by
test_deck_views.py and test_builder_pages.py."""

import html

import pytest
from django.contrib.auth import get_user_model

from decks import services
from decks.models import Card
from rules.core.decklist import Section, parse_decklist
from tests.decks.test_games import GA_DECK, SPELLBOOK

pytestmark = pytest.mark.django_db

GA = "grand-archive-standard"
TOE = "titans-of-eden-constructed"
MATERIAL_RULE = "Grand Archive Comprehensive Rules › Format Conventions, Standard Constructed"


def card(name: str, game: str) -> Card:
    return Card.objects.get(name=name, game=game)


def post(client, op: str = "refresh", decklist: str = "", fmt: str = GA, **extra):
    data = {"op": op, "decklist": decklist, "format": fmt, "visibility": "private", **extra}
    return client.post("/decks/new/", data)


def text_of(response) -> str:
    return html.unescape(response.content.decode())


def test_the_builder_search_offers_only_the_formats_game(client, bundled_cards):
    # when the builder searches for champions with Grand Archive chosen
    response = client.get("/decks/builder/search/", {"game": "grand-archive", "q": "t:champion"})
    # then only Grand Archive champions come back, and they go to the material deck
    names = {c.name for c in response.context["cards"]}
    assert names == set(
        Card.objects.filter(game="grand-archive", type="champion").values_list("name", flat=True)
    )
    emberwake = card("Emberwake Spirit", "grand-archive")
    assert f'value="add:material:{emberwake.pk}"' in response.content.decode()
    assert f'value="add:main:{emberwake.pk}"' not in response.content.decode()
    # and an unknown game is Genesis's search, as it always was
    genesis = client.get("/decks/builder/search/", {"game": "chess", "q": "t:champion"})
    assert {c.game for c in genesis.context["cards"]} == {"genesis"}


def test_the_builder_search_of_titans_lists_its_cards_with_no_champion_toggle(
    client, bundled_cards
):
    response = client.get("/decks/builder/search/", {"game": "titans-of-eden", "q": ""})
    assert {c.game for c in response.context["cards"]} == {"titans-of-eden"}
    assert response.context["total"] == Card.objects.filter(game="titans-of-eden").count()
    assert "add:spellbook:" in response.content.decode()


@pytest.mark.parametrize(
    ("name", "op_section", "section"),
    [
        ("Emberwake Spirit", "main", "material"),  # a champion sent to the main deck
        ("Emberwake Spirit", "material", "material"),
        ("Cinder Crown", "main", "material"),  # a regalia
        ("Ember Squire", "main", "main"),
        ("Ember Squire", "sideboard", "sideboard"),
        ("Emberwake Spirit", "sideboard", "sideboard"),
    ],
)
def test_an_added_grand_archive_card_goes_to_its_section(
    client, bundled_cards, name, op_section, section
):
    # when
    response = post(client, f"add:{op_section}:{card(name, 'grand-archive').pk}")
    # then
    decklist = response.context["state"].decklist
    assert [e.name for e in decklist.entries(Section(section))] == [name]
    assert decklist.champion is None


def test_a_card_of_another_game_is_not_added(client, bundled_cards):
    genesis_card = Card.objects.filter(game="genesis").exclude(type="champion").first()
    response = post(client, f"add:main:{genesis_card.pk}")
    state = response.context["state"]
    assert not state.decklist.games
    assert "Genesis: Battle of Champions card" in state.problem


def test_the_builder_shows_grand_archive_sections_totals_and_cited_violations(
    client, bundled_cards
):
    # given a Grand Archive deck without its champion
    deck = GA_DECK.replace("1 Emberwake Spirit\n", "")
    # when
    response = post(client, decklist=deck)
    # then its sections are Grand Archive's, with no champion picker
    page = text_of(response)
    assert [s["key"] for s in response.context["sections"]] == ["main", "material", "sideboard"]
    assert 'id="champion"' not in page
    assert "60/60 main" in page
    assert "3/12 material" in page
    assert "6/15 sideboard points" in page
    # and the validation panel names the violation and cites its rule
    assert 'data-code="material_champion_missing"' in page
    assert f"{MATERIAL_RULE} (L228-229, L481-482)" in page
    assert response.context["validation"]["legal"] is False


def test_a_legal_grand_archive_deck_is_legal_in_the_builder_and_saves(client, bundled_cards):
    user = get_user_model().objects.create_user("ada", password="a-long-test-password")
    client.force_login(user)
    response = post(client, decklist=GA_DECK)
    assert response.context["validation"]["legal"] is True
    # when saved
    saved = post(client, "save", decklist=GA_DECK, name="Embers")
    # then
    assert saved.status_code == 302
    deck = user.decks.get()
    assert (deck.format, deck.legal, deck.name) == (GA, True, "Embers")
    assert [e.name for e in parse_decklist(GA_DECK).material] == [
        e["name"] for e in deck.decklist["material"]
    ]


def test_a_pasted_list_of_another_game_switches_the_format(client, bundled_cards):
    response = post(client, "load", fmt="genesis-standard", paste=GA_DECK)
    assert response.context["form"].format_slug() == GA
    assert response.context["validation"]["legal"] is True
    assert "the format is now Grand Archive Standard Constructed" in text_of(response)


def test_changing_the_formats_game_swaps_the_search_panel(client, bundled_cards):
    # when the format select changes from a Genesis format to a Grand Archive one (htmx)
    response = client.post(
        "/decks/new/",
        {"op": "refresh", "decklist": "", "format": GA, "search_game": "genesis"},
        headers={"HX-Request": "true"},
    )
    # then the search panel comes back, for Grand Archive
    page = response.content.decode()
    assert 'id="search-panel" aria-labelledby="search-title" hx-swap-oob="outerHTML"' in page
    assert 'name="game" value="grand-archive"' in page
    assert "Emberwake Spirit" in page
    # and a re-check within the same game does not
    same = client.post(
        "/decks/new/",
        {"op": "refresh", "decklist": "", "format": GA, "search_game": "grand-archive"},
        headers={"HX-Request": "true"},
    )
    assert 'id="search-panel"' not in same.content.decode()


def test_a_titans_spellbook_is_built_in_the_builder(client, bundled_cards):
    # given a spellbook of 31 legal cards
    decklist = SPELLBOOK.replace("4 Boulder Boar", "3 Boulder Boar")
    response = post(client, decklist=decklist, fmt=TOE)
    assert [s["key"] for s in response.context["sections"]] == ["spellbook"]
    assert "31/32 cards" in text_of(response)
    assert 'data-code="spellbook_size"' in text_of(response)
    # when one more Boulder Boar is added from the search
    text = response.context["text"]
    added = post(client, f"add:spellbook:{card('Boulder Boar', 'titans-of-eden').pk}", text, TOE)
    # then the spellbook is legal
    assert added.context["validation"]["legal"] is True
    assert "32/32 cards" in text_of(added)
    # and a forest card makes it illegal, citing the rulebook
    monk = post(client, f"add:spellbook:{card('Demo Monk', 'titans-of-eden').pk}", text, TOE)
    page = text_of(monk)
    assert 'data-code="spellbook_element"' in page
    assert "Titans of Eden Rulebook › Constructed Format, Official Rules (L412)" in page


def test_a_grand_archive_deck_page_shows_its_cards_details(client, bundled_cards):
    owner = get_user_model().objects.create_user("ada", password="a-long-test-password")
    deck = services.deck_create(
        owner=owner,
        name="Embers",
        decklist=parse_decklist(GA_DECK),
        format_slug=GA,
        visibility="public",
    )
    response = client.get(f"/decks/{deck.key}/")
    page = text_of(response)
    material = next(s for s in response.context["sections"] if s["key"] == "material")
    rows = {row["name"]: row for row in material["rows"]}
    assert rows["Emberwake Spirit"]["card"].level == 0
    assert "champion · fire · level 0" in page
    assert "item · fire · regalia" in page
    assert "Main deck at a glance" in page
    assert [g["title"] for g in response.context["sections"][0]["groups"]] == [
        "Allies",
        "Actions",
        "Attacks",
        "Items",
    ]
    assert "?q=game%3Agrand-archive%20name%3A" in page  # a row links to its card


def test_the_card_api_and_page_show_another_games_fields(client, bundled_cards):
    champion = card("Varo, Ashen Recruit", "grand-archive")
    body = client.get(f"/api/cards/{champion.pk}/").json()
    assert body["game"] == "grand-archive"
    assert (body["level"], body["element"], body["classes"]) == (1, "fire", ["warrior"])
    listed = client.get("/api/cards/", {"game": "titans-of-eden", "q": "name:thunder"}).json()
    roc = listed["results"][0]
    assert (roc["element"], roc["species"], roc["game"]) == ("storm", "beast", "titans-of-eden")
    assert roc["power"] is not None
    assert roc["cost"] is not None
    # and a Genesis card keeps its fields and values, with its game
    genesis = Card.objects.filter(game="genesis", type="summon").first()
    body = client.get(f"/api/cards/{genesis.pk}/").json()
    assert (body["game"], body["chi"], body["type"]) == ("genesis", genesis.chi, "summon")
    # the card page
    page = text_of(client.get(f"/cards/{champion.pk}/"))
    assert "<dt>Level</dt><dd>1</dd>" in page
    assert "Warrior" in page
    assert "<dt>In a deck</dt><dd>material deck</dd>" in page


def test_the_card_pages_add_to_deck_puts_another_games_card_in_its_section(client, bundled_cards):
    owner = get_user_model().objects.create_user("ada", password="a-long-test-password")
    client.force_login(owner)
    embers = services.deck_create(
        owner=owner, name="Embers", decklist=parse_decklist("Main\nMaterial\n"), format_slug=GA
    )
    timeline = services.deck_create(owner=owner, name="Lattice", decklist=parse_decklist(""))
    crown = card("Cinder Crown", "grand-archive")
    # the card page offers only the decks of the card's game
    assert list(client.get(f"/cards/{crown.pk}/").context["my_decks"]) == [embers]
    # when the regalia is added
    client.post(f"/cards/{crown.pk}/add-to-deck/", {"deck": embers.key})
    # then it is in the material deck
    embers.refresh_from_db()
    assert embers.decklist["material"] == [{"count": 1, "name": "Cinder Crown"}]
    # and a Genesis deck refuses it
    refused = client.post(f"/cards/{crown.pk}/add-to-deck/", {"deck": timeline.key})
    assert refused.status_code == 400
    assert "Cinder Crown is a Grand Archive card" in text_of(refused)
