"""Grand Archive and Titans of Eden on the service: their demo sets import beside Genesis's,
names are unique per game, decks validate through the API and validate_deck, search knows games."""

import io
import json

import pytest
from django.core.management import call_command

from decks.models import Card, CardSet

pytestmark = pytest.mark.django_db

# The main deck of a legal Grand Archive Standard deck (docs/games.md, Building decks).
GA_MAIN = [
    "Ember Squire",
    "Ember Lancer",
    "Kiln Hound",
    "Pyre Duelist",
    "Flashing Cut",
    "Searing Thrust",
    "Rally the Ranks",
    "Stoke the Forge",
    "Tide Apprentice",
    "Mist Scholar",
    "Undertow",
    "Frost Sigil",
    "Gale Courier",
    "Wind Step",
    "Field Ration",
]
GA_DECK = (
    "Main\n"
    + "".join(f"4 {name}\n" for name in GA_MAIN)
    + "Material\n1 Emberwake Spirit\n1 Varo, Ashen Recruit\n1 Varo, Ashen Captain\n1 Cinder Crown\n"
    + "Sideboard\n3 Quiet Study\n1 Tidewake Spirit\n"
)
SPELLBOOK = "Spellbook\n" + "".join(
    f"4 {name}\n"
    for name in [
        "Gale Warden",
        "Thunder Roc",
        "Cinder Knight",
        "Flame Stag",
        "Rime Sentry",
        "Frost Lynx",
        "Granite Guard",
        "Boulder Boar",
    ]
)


def validate(client, **body):
    response = client.post("/api/decks/validate/", body, content_type="application/json")
    assert response.status_code == 200, response.content
    return response.json()


def test_each_game_has_its_demo_set(bundled_cards):
    games = set(CardSet.objects.values_list("game", "code"))
    assert {
        ("genesis", "DEMO"),
        ("grand-archive", "GA-DEMO"),
        ("titans-of-eden", "TOE-DEMO"),
    } <= games
    assert Card.objects.filter(game="grand-archive", level=0, type="champion").count() == 2
    assert "not official" in CardSet.objects.get(code="TOE-DEMO").name


def test_names_and_set_codes_are_unique_per_game_not_across_games(client, bundled_cards, tmp_path):
    # given a Titans of Eden set named like Genesis's, with a Genesis card's name and set code
    genesis_card = Card.objects.filter(game="genesis").first()
    path = tmp_path / "toe.json"
    path.write_text(
        json.dumps(
            {
                "format_version": 2,
                "game": "titans-of-eden",
                "set": {"code": "DEMO", "name": "the Genesis Set", "source": "custom"},
                "cards": [
                    {
                        "name": genesis_card.name,
                        "type": "elemental",
                        "element": "fire",
                        "species": "beast",
                        "cost": 2,
                        "power": 1,
                    }
                ],
            }
        )
    )
    # when it is imported
    call_command("import_cards", str(path), stdout=io.StringIO())
    # then both exist, each in its own game, and Genesis's card is untouched
    assert Card.objects.filter(name=genesis_card.name).count() == 2
    assert Card.objects.get(pk=genesis_card.pk).game == "genesis"
    assert CardSet.objects.filter(code="DEMO").count() == 2
    # and Genesis search does not see it unless asked
    response = client.get("/api/cards/", {"q": f'name:"{genesis_card.name}"'}).json()
    assert response["count"] == 1


def test_a_grand_archive_deck_validates_through_the_api(client, bundled_cards):
    legal = validate(client, decklist=GA_DECK, format="grand-archive-standard")
    assert legal["legal"], legal["errors"]
    assert legal["totals"] == {
        "main_cards": 60,
        "material_cards": 4,
        "sideboard_cards": 4,
        "sideboard_points": 6,
    }
    illegal = validate(
        client,
        decklist=GA_DECK.replace("4 Field Ration\n", "3 Field Ration\n"),
        format="grand-archive-standard",
    )
    assert [e["code"] for e in illegal["errors"]] == ["main_size"]
    assert illegal["errors"][0]["rule"].startswith("Grand Archive Comprehensive Rules")


def test_a_genesis_card_is_unknown_in_a_grand_archive_deck(client, bundled_cards):
    genesis_card = Card.objects.filter(game="genesis").exclude(type="champion").first()
    result = validate(
        client, decklist=GA_DECK + f"1 {genesis_card.name}\n", format="grand-archive-standard"
    )
    assert [e["code"] for e in result["errors"]] == ["unknown_card"]


def test_sealed_decks_are_validated_against_the_pool(client, bundled_cards):
    deck = "Main\n" + "".join(f"3 {n}\n" for n in GA_MAIN[:10]) + "Material\n1 Emberwake Spirit\n"
    pool = deck + "2 Undertow\n"
    assert validate(client, decklist=deck, format="grand-archive-sealed", pool=pool)["legal"]
    over = validate(
        client, decklist=deck + "Sideboard\n3 Undertow\n", format="grand-archive-sealed", pool=pool
    )
    assert [e["code"] for e in over["errors"]] == ["not_in_pool"]
    missing = validate(client, decklist=deck, format="grand-archive-sealed")
    assert [e["code"] for e in missing["errors"]] == ["pool_missing"]


def test_titans_of_eden_copy_limit_is_an_event_setting(client, bundled_cards):
    assert validate(client, decklist=SPELLBOOK, format="titans-of-eden-constructed")["legal"]
    limited = validate(
        client, decklist=SPELLBOOK, format="titans-of-eden-constructed", copy_limit=3
    )
    assert {e["code"] for e in limited["errors"]} == {"copy_limit"}
    monk = validate(
        client,
        decklist=SPELLBOOK.replace("4 Boulder Boar", "3 Boulder Boar\n1 Demo Monk"),
        format="titans-of-eden-constructed",
    )
    assert [e["code"] for e in monk["errors"]] == ["spellbook_element"]


def test_validate_deck_command_knows_every_game(bundled_cards, tmp_path):
    path = tmp_path / "ga.txt"
    path.write_text(GA_DECK)
    out = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("validate_deck", str(path), "--format", "grand-archive-standard", stdout=out)
    assert exit_.value.code == 0
    assert out.getvalue().startswith("LEGAL: main cards 60, material cards 4")


@pytest.mark.parametrize(
    ("query", "names"),
    [
        ("game:grand-archive level:0", {"Emberwake Spirit", "Tidewake Spirit"}),
        ("game:grand-archive class:mage t:champion", {"Isel, Tide Adept"}),
        ("game:grand-archive supertype:regalia element:water", {"Sunken Reliquary"}),
        ("game:titans-of-eden species:titan element:rock", {"Mountain Colossus"}),
        ("game:titans-of-eden cost>=7 power:6 el:ice", {"Hoarfrost Colossus"}),
    ],
)
def test_search_knows_each_games_fields(client, bundled_cards, query, names):
    response = client.get("/api/cards/", {"q": query, "page_size": 100})
    assert response.status_code == 200, response.content
    assert {card["name"] for card in response.json()["results"]} == names


def test_search_without_a_game_is_of_genesis_cards(client, bundled_cards):
    everything = client.get("/api/cards/", {"q": "t:champion", "page_size": 500}).json()
    assert "Emberwake Spirit" not in {c["name"] for c in everything["results"]}
    ga = client.get("/api/cards/", {"q": "t:champion", "game": "grand-archive"}).json()
    assert "Emberwake Spirit" in {c["name"] for c in ga["results"]}
    assert client.get("/api/cards/", {"game": "chess"}).json()["code"] == "unknown_game"
