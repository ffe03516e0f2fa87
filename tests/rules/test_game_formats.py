"""Grand Archive and Titans of Eden deck rules: for each format one legal deck and one deck per
violation, each yielding exactly its code (rules.core.validation)."""

from dataclasses import replace

import pytest

from rules.core.cards import name_key
from rules.core.decklist import DeckEntry, Decklist, Section, home_section
from rules.core.formats import FORMATS, FirstPlayer, get_format
from rules.core.game_cards import GameCard
from rules.core.games import GAMES
from rules.core.validation import validate

GA = "grand-archive"
TOE = "titans-of-eden"


def ga(name: str, type: str = "ally", **fields) -> GameCard:
    return GameCard(name=name, game=GA, type=type, element="fire", cost=1, **fields)


MAIN = [ga(f"Ally {i}") for i in range(1, 25)]
SPIRIT = ga("Spirit of Fire", "champion", level=0)
CHAMPIONS = [ga(f"Champion {i}", "champion", level=1 + i % 3) for i in range(12)]
REGALIA = ga("Azurite Fatestone", "item", supertypes=frozenset({"regalia"}))
RELICS = [
    ga(
        f"Relic {i}",
        "item",
        supertypes=frozenset({"regalia"}),
        keywords=frozenset({"divine relic"}),
    )
    for i in (1, 2)
]
GA_CARDS = {name_key(c.name): c for c in [*MAIN, SPIRIT, *CHAMPIONS, REGALIA, *RELICS]}

TOE_CARDS = {
    name_key(c.name): c
    for c in [
        *(
            GameCard(
                name=f"{element.title()} {species.title()}",
                game=TOE,
                type="elemental",
                element=element,
                species=species,
                cost=3,
                power=2,
            )
            for element in ("storm", "fire", "ice", "rock")
            for species in ("warrior", "beast", "dragon", "titan")
        ),
        GameCard(name="Monk", game=TOE, type="basic", element="forest", cost=0, power=1),
    ]
}


def rows(*pairs: tuple[int, str]) -> tuple[DeckEntry, ...]:
    return tuple(DeckEntry(count, name) for count, name in pairs)


def main(total: int = 60, copies: int = 4) -> tuple[DeckEntry, ...]:
    out, i = [], 0
    while total > 0:
        take = min(copies, total)
        out.append(DeckEntry(take, MAIN[i].name))
        total -= take
        i += 1
    return tuple(out)


STANDARD = Decklist(
    main=main(),
    material=rows((1, SPIRIT.name), (1, "Champion 0"), (1, REGALIA.name)),
    sideboard=rows((2, "Ally 16"), (1, "Champion 1")),
)
LIMITED = Decklist(main=main(30, 2), material=rows((1, SPIRIT.name), (1, "Champion 0")))
POOL = Decklist(
    main=main(40, 2), material=rows((1, SPIRIT.name), (1, "Champion 0"), (2, REGALIA.name))
)
SPELLBOOK = Decklist(spellbook=rows(*((4, name.title()) for name in list(TOE_CARDS)[:8])))
ALL_WARRIORS = Decklist(
    spellbook=rows(*((8, f"{e} Warrior") for e in ("Storm", "Fire", "Ice", "Rock")))
)

CASES = [
    # format, deck, pool, copy_limit, the one code expected (None: legal)
    ("grand-archive-standard", STANDARD, None, None, None),
    ("grand-archive-standard", replace(STANDARD, main=main(59)), None, None, "main_size"),
    (
        "grand-archive-standard",
        replace(STANDARD, main=main() + rows((1, "Ally 1"))),
        None,
        None,
        "copy_limit",
    ),
    (
        "grand-archive-standard",
        replace(STANDARD, sideboard=rows((1, "Ally 1"))),
        None,
        None,
        "copy_limit",
    ),
    (
        "grand-archive-standard",
        replace(STANDARD, main=main() + rows((1, "Champion 2"))),
        None,
        None,
        "material_only",
    ),
    (
        "grand-archive-standard",
        replace(STANDARD, material=rows((1, SPIRIT.name), *((1, c.name) for c in CHAMPIONS))),
        None,
        None,
        "material_size",
    ),
    (
        "grand-archive-standard",
        replace(STANDARD, material=rows((1, SPIRIT.name), (2, "Champion 0"))),
        None,
        None,
        "material_copies",
    ),
    (
        "grand-archive-standard",
        replace(STANDARD, material=rows((1, "Champion 0"), (1, REGALIA.name))),
        None,
        None,
        "material_champion_missing",
    ),
    (
        "grand-archive-standard",
        replace(STANDARD, material=rows((1, SPIRIT.name), (1, "Relic 1"), (1, "Relic 2"))),
        None,
        None,
        "divine_relic",
    ),
    (
        "grand-archive-standard",
        replace(STANDARD, sideboard=rows(*((4, f"Ally {i}") for i in range(16, 20)))),
        None,
        None,
        "sideboard_size",
    ),
    (
        "grand-archive-standard",
        replace(STANDARD, sideboard=rows(*((1, c.name) for c in CHAMPIONS[:6]))),
        None,
        None,
        "sideboard_points",
    ),
    (
        "grand-archive-standard",
        replace(STANDARD, sideboard=rows((1, "Spirit of Wind"))),
        None,
        None,
        "unknown_card",
    ),
    (
        "grand-archive-standard",
        replace(STANDARD, timeline=rows((1, "Ally 16"))),
        None,
        None,
        "section_not_in_format",
    ),
    ("grand-archive-draft", LIMITED, POOL, None, None),
    ("grand-archive-draft", replace(LIMITED, main=main(29, 2)), POOL, None, "main_size"),
    (
        "grand-archive-draft",
        replace(LIMITED, material=rows((1, SPIRIT.name), *((1, c.name) for c in CHAMPIONS[:10]))),
        replace(POOL, material=rows((1, SPIRIT.name), *((1, c.name) for c in CHAMPIONS[:10]))),
        None,
        "material_size",
    ),
    (
        "grand-archive-draft",
        replace(LIMITED, material=rows((1, SPIRIT.name), (2, REGALIA.name))),
        POOL,
        None,
        "material_copies",
    ),
    (
        "grand-archive-draft",
        replace(LIMITED, material=rows((1, "Champion 0"))),
        POOL,
        None,
        "material_champion_missing",
    ),
    (
        "grand-archive-draft",
        replace(LIMITED, main=LIMITED.main + rows((1, "Ally 1"))),
        POOL,
        None,
        "not_in_pool",
    ),
    (
        "grand-archive-draft",
        replace(LIMITED, sideboard=rows((3, "Ally 24"))),
        POOL,
        None,
        "not_in_pool",
    ),
    (
        "grand-archive-draft",
        replace(LIMITED, main=LIMITED.main + rows((1, "Ally 1"))),
        replace(POOL, main=POOL.main + rows((1, "Ally 1"))),
        2,
        "copy_limit",
    ),
    ("grand-archive-draft", LIMITED, None, None, "pool_missing"),
    ("grand-archive-sealed", LIMITED, POOL, None, None),
    ("grand-archive-sealed", LIMITED, replace(POOL, main=main(28, 2)), None, "not_in_pool"),
    ("grand-archive-sealed", LIMITED, None, None, "pool_missing"),
    ("titans-of-eden-constructed", SPELLBOOK, None, None, None),
    ("titans-of-eden-constructed", ALL_WARRIORS, None, None, None),
    ("titans-of-eden-constructed", ALL_WARRIORS, None, 8, None),
    (
        "titans-of-eden-constructed",
        Decklist(spellbook=SPELLBOOK.spellbook[:-1] + rows((4, "Storm Warrior"))),
        None,
        4,
        "copy_limit",
    ),
    (
        "titans-of-eden-constructed",
        Decklist(spellbook=SPELLBOOK.spellbook[:-1] + rows((3, "Rock Warrior"))),
        None,
        None,
        "spellbook_size",
    ),
    (
        "titans-of-eden-constructed",
        Decklist(spellbook=SPELLBOOK.spellbook[:-1] + rows((3, "Storm Titan"), (1, "Monk"))),
        None,
        None,
        "spellbook_element",
    ),
    (
        "titans-of-eden-constructed",
        Decklist(spellbook=SPELLBOOK.spellbook[:-1] + rows((3, "Storm Titan"), (1, "Ghost"))),
        None,
        None,
        "unknown_card",
    ),
    (
        "titans-of-eden-constructed",
        replace(SPELLBOOK, main=rows((1, "Storm Titan"))),
        None,
        None,
        "section_not_in_format",
    ),
]


@pytest.mark.parametrize(("slug", "deck", "pool", "copy_limit", "code"), CASES)
def test_each_deck_yields_exactly_its_code(slug, deck, pool, copy_limit, code):
    # given a format of another game and a deck made for one rule
    fmt = get_format(slug)
    cards = GA_CARDS if fmt.game == GA else TOE_CARDS
    # when it is validated
    result = validate(deck, cards, fmt, pool=pool, copy_limit=copy_limit)
    # then it breaks exactly that rule, with a citation and a message
    assert list(result.codes) == ([] if code is None else [code])
    assert result.legal is (code is None)
    for error in result.errors:
        assert error.rule
        assert error.message


def test_every_format_has_a_legal_deck_and_every_new_code_a_deck():
    tested = {slug for slug, *_ in CASES}
    assert tested == {slug for slug, fmt in FORMATS.items() if fmt.game != "genesis"}


def test_violations_cite_the_games_own_rulebook():
    # given decks that break Grand Archive and Titans of Eden rules
    ga_result = validate(
        replace(STANDARD, main=main(59)), GA_CARDS, get_format("grand-archive-standard")
    )
    toe_result = validate(Decklist(), TOE_CARDS, get_format("titans-of-eden-constructed"))
    # then each cites its own game's rulebook, with the line
    assert ga_result.errors[0].rule == (
        "Grand Archive Comprehensive Rules › Format Conventions, Standard Constructed (L227)"
    )
    assert toe_result.errors[0].rule.startswith("Titans of Eden Rulebook › Constructed Format")
    assert "12" not in toe_result.errors[0].message
    assert "32" in toe_result.errors[0].message


def test_sideboard_points_count_champions_and_regalia_three():
    deck = replace(
        STANDARD,
        sideboard=rows(
            (1, "Champion 1"), (1, REGALIA.name), (4, "Ally 16"), (4, "Ally 17"), (1, "Ally 18")
        ),
    )
    result = validate(deck, GA_CARDS, get_format("grand-archive-standard"))
    assert result.totals.as_dict()["sideboard_points"] == 15
    assert result.legal
    more = replace(deck, sideboard=deck.sideboard + rows((1, "Ally 19")))
    assert validate(more, GA_CARDS, get_format("grand-archive-standard")).codes == (
        "sideboard_points",
    )


def test_material_cards_that_cannot_be_materialized_get_a_warning():
    deck = replace(STANDARD, material=STANDARD.material + rows((1, "Ally 16")))
    result = validate(deck, GA_CARDS, get_format("grand-archive-standard"))
    assert result.legal
    assert [w.code for w in result.warnings] == ["material_not_materializable"]


def test_formats_carry_their_game_and_match_settings():
    assert set(GAMES) == {"genesis", "grand-archive", "titans-of-eden"}
    for fmt in FORMATS.values():
        assert fmt.game in GAMES
        assert fmt.slug.startswith(fmt.game)
        assert fmt.best_of % 2 == 1
        assert fmt.settings_source
    standard = get_format("grand-archive-standard")
    assert (standard.best_of, standard.sideboarding, standard.limited) == (3, True, False)
    assert standard.settings_source.startswith("Missing")
    assert get_format("grand-archive-draft").limited
    assert get_format("grand-archive-sealed").limited
    genesis = get_format("genesis-standard")
    assert genesis.first_player is FirstPlayer.RANDOM_THEN_LOSER
    assert genesis.best_of == 3
    assert get_format("titans-of-eden-constructed").copy_limit is None


@pytest.mark.parametrize(
    ("card", "section"),
    [
        (GameCard(name="A", game="grand-archive", type="champion", level=0), Section.MATERIAL),
        (
            GameCard(
                name="B", game="grand-archive", type="item", supertypes=frozenset({"regalia"})
            ),
            Section.MATERIAL,
        ),
        (GameCard(name="C", game="grand-archive", type="ally"), Section.MAIN),
        (GameCard(name="D", game="titans-of-eden", type="elemental"), Section.SPELLBOOK),
    ],
)
def test_an_added_card_goes_to_its_home_section(card, section):
    """The builder and a card page's "add to deck" put a card here (docs/games.md)."""
    assert home_section(card) == section
