"""Card previews (issue 26): a card's name in the builder, a deck's page, the sample hand and the
comparison is a button that opens the card's face, drawn from the card data (type, cost, stats,
abilities, awareness grid). The markup is checked here with the test client; opening it by
mouse, touch and keyboard (static/js/card-preview.js) is the browser walk-through's."""

from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model

from decks import services
from decks.core.faces import awareness_grid, card_face
from rules.core.awareness import Awareness
from rules.core.cards import Ability, Card, CardType, Cost, Speed
from rules.core.decklist import parse_decklist
from rules.core.game_cards import GameCard
from tests.conftest import ROOT
from tests.decks.test_games import GA_DECK

SAMPLE = (ROOT / "decks/samples/sera-vantyne-storm-lattice.txt").read_text()
VOID = {"br", "img", "input", "meta", "link", "hr", "wbr", "source", "col", "area", "base"}


class Previews(HTMLParser):
    """The page's preview triggers and previews: each trigger's card and the id it controls,
    each preview's id, card, whether it starts hidden, and its text."""

    def __init__(self, html: str):
        super().__init__()
        self.triggers: list[dict] = []
        self.previews: dict[str, dict] = {}
        self._open: list[tuple[str, dict | None]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        preview = None
        if a.get("data-testid") == "card-preview-trigger":
            self.triggers.append({"tag": tag, **a})
        if a.get("data-testid") == "card-preview":
            preview = {**a, "text": [], "tags": []}
            self.previews[a["id"]] = preview
        for _, p in self._open:
            if p is not None:
                p["tags"].append((tag, a))
        if tag not in VOID:
            self._open.append((tag, preview))

    def handle_endtag(self, tag):
        while self._open:
            if self._open.pop()[0] == tag:
                break

    def handle_data(self, data):
        for _, p in self._open:
            if p is not None:
                p["text"].append(data)

    def text(self, preview_id: str) -> str:
        return " ".join(" ".join(self.previews[preview_id]["text"]).split())

    def for_card(self, name: str) -> list[str]:
        return [t["aria-controls"] for t in self.triggers if t["data-card"] == name]


@pytest.fixture
def owner(db):
    return get_user_model().objects.create_user("ada", password="a-long-test-password")


@pytest.fixture
def storm(owner, bundled_cards):
    return services.deck_create(
        owner=owner, name="Storm", decklist=parse_decklist(SAMPLE), visibility="public"
    )


def test_every_name_on_a_deck_page_opens_its_own_hidden_preview(client, storm):
    # when the deck page is opened
    page = Previews(client.get(f"/decks/{storm.key}/").content.decode())
    # then each card row's name is a button controlling a preview that starts hidden
    names = {e.name for e in parse_decklist(SAMPLE).timeline}
    assert names <= {t["data-card"] for t in page.triggers}
    for trigger in page.triggers:
        assert trigger["tag"] == "button"
        assert trigger["type"] == "button"
        assert trigger["aria-expanded"] == "false"
        preview = page.previews[trigger["aria-controls"]]
        assert preview["data-card"] == trigger["data-card"]
        assert "hidden" in preview
    # and the ids are unique in the page
    assert len(page.previews) == len(page.triggers)


def test_a_genesis_preview_shows_type_chi_abilities_and_the_awareness_grid(client, storm):
    page = Previews(client.get(f"/decks/{storm.key}/").content.decode())
    (preview_id,) = page.for_card("Static Lattice")
    text = page.text(preview_id)
    # Static Lattice (decks/cardsets/demo.json): a spell of Axon, Chi 3, one ability, and an
    # awareness of three spots straight ahead
    assert "Spell · Axon" in text
    assert "3 Chi" in text
    assert "Action Electric Attack [2] 3 Aura" in text
    assert "You deal 2 electric damage to a target in the awareness." in text
    assert "Awareness" in text
    cells = [a.get("class") for tag, a in page.previews[preview_id]["tags"] if tag == "span"]
    assert cells.count("face-cell seen") == 3
    assert cells.count("face-cell origin") == 1
    # no inline script or style: the Content-Security-Policy allows neither
    assert not any(tag == "script" or "style" in a for tag, a in page.previews[preview_id]["tags"])


def test_the_sample_hand_names_open_previews(client, storm):
    seed = client.get(f"/decks/{storm.key}/", {"hand": "new"})["Location"]
    seed = seed.split("hand=")[1].split("#")[0]
    response = client.get(f"/decks/{storm.key}/", {"hand": seed, "draws": "1"})
    hand = response.context["hand"]
    page = Previews(response.content.decode())
    for name in (*hand.opening, *hand.draws):
        ids = page.for_card(name)
        assert ids, name
        assert "Chi" in page.text(ids[-1])


def test_the_builder_rows_open_previews(client, owner, storm):
    client.force_login(owner)
    page = Previews(client.get(f"/decks/{storm.key}/edit/").content.decode())
    (preview_id,) = page.for_card("Static Lattice")
    assert "Spell · Axon" in page.text(preview_id)


def test_the_builder_search_results_open_previews_linking_to_the_card_page(client, bundled_cards):
    # when the builder searches
    response = client.get("/decks/builder/search/", {"q": "name:lattice", "game": "genesis"})
    page = Previews(response.content.decode())
    # then each result's name opens its face, which links to the card's page
    (preview_id,) = page.for_card("Static Lattice")
    assert "Spell · Axon" in page.text(preview_id)
    card = response.context["cards"][0]
    links = [a["href"] for tag, a in page.previews[preview_id]["tags"] if tag == "a"]
    assert links == [f"/cards/{card.pk}/"]


def test_the_comparison_names_open_previews(client, owner, storm):
    other = services.deck_create(
        owner=owner,
        name="Lattice",
        decklist=parse_decklist("Champion: Sera Vantyne\nTimeline\n4 Static Lattice\n"),
        visibility="public",
    )
    response = client.get("/decks/compare/", {"a": storm.key, "b": other.key})
    page = Previews(response.content.decode())
    names = {e.name for e in parse_decklist(SAMPLE).timeline}
    assert names <= {t["data-card"] for t in page.triggers}
    (preview_id,) = page.for_card("Static Lattice")
    assert "Spell · Axon" in page.text(preview_id)


def test_a_grand_archive_preview_shows_its_games_fields(client, owner, bundled_cards):
    deck = services.deck_create(
        owner=owner,
        name="Embers",
        decklist=parse_decklist(GA_DECK),
        format_slug="grand-archive-standard",
        visibility="public",
    )
    page = Previews(client.get(f"/decks/{deck.key}/").content.decode())
    (preview_id,) = page.for_card("Varo, Ashen Recruit")
    text = page.text(preview_id)
    assert "Champion · Fire · Warrior" in text
    assert "Level 1" in text
    links = [a["href"] for tag, a in page.previews[preview_id]["tags"] if tag == "a"]
    assert links == ["/?q=game%3Agrand-archive%20name%3A%22Varo%2C%20Ashen%20Recruit%22"]


def test_a_name_the_index_lacks_says_so(client, owner, bundled_cards):
    deck = services.deck_create(
        owner=owner,
        name="Typo",
        decklist=parse_decklist("Champion: Sera Vantyne\nTimeline\n4 Statik Lattice\n"),
        visibility="public",
    )
    page = Previews(client.get(f"/decks/{deck.key}/").content.decode())
    (preview_id,) = page.for_card("Statik Lattice")
    assert "not in the card index" in page.text(preview_id)


# --- the face, from the rules' values (no database) ---------------------------------------------


def test_a_champions_face_has_its_stats_world_and_abilities():
    champion = Card(
        name="Vela",
        type=CardType.CHAMPION,
        affiliations=frozenset({"Axon"}),
        hp=20,
        aura=30,
        energy_reduction=1,
        world="Jaelara",
        awareness=Awareness.parse([".x.", "x^x"]),
        abilities=(Ability(Speed.SWIFT, "Hop", cost=Cost(energy=2), text="Move."),),
    )
    face = card_face("vela", champion)
    assert face.name == "Vela"
    assert face.type_line == ("Champion", "Axon", "World Jaelara")
    assert face.stats == (("HP", 20), ("Aura", 30), ("Energy Reduction", 1))
    assert [(a.speed, a.name, a.cost, a.text) for a in face.abilities] == [
        ("Swift", "Hop", "2 Energy", "Move.")
    ]
    # the card page's grid: at least one spot each way, the row behind included
    assert face.grid == (
        ("unseen", "seen", "unseen"),
        ("seen", "origin", "seen"),
        ("unseen", "unseen", "unseen"),
    )
    assert card_face(
        "Arena", Card("Arena", CardType.SPELL, frozenset(), awareness=Awareness(unbounded=True))
    ).unbounded


def test_another_games_face_and_an_unknown_card():
    item = GameCard(
        name="Lantern",
        game="grand-archive",
        type="item",
        element="norm",
        cost=2,
        supertypes=frozenset({"regalia"}),
        keywords=frozenset({"divine relic"}),
    )
    face = card_face("Lantern", item)
    assert (face.cost_label, face.cost) == ("Cost", 2)
    assert face.type_line == ("Item", "Regalia", "Norm")
    assert face.keywords == ("Divine Relic",)
    assert not card_face("Nothing", None).known
    assert awareness_grid(None) is None
