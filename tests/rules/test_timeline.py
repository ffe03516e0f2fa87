"""Timeline legality against the formats: every rule, its boundaries, and its explanation."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.cards import NON_CHAMPION_TYPES, Card, CardType
from rules.core.decklist import DeckEntry, Decklist, name_key
from rules.core.formats import (
    DEFAULT_FORMAT,
    FORMATS,
    GENESIS_ORIGINS_LEGACY,
    GENESIS_STANDARD,
    Format,
    SizeRule,
    UnknownFormatError,
    get_format,
)
from rules.core.timeline import MANY_COPIES, MAX_SUGGESTION_LOOKUPS, Code, validate

# --- builders ----------------------------------------------------------------------------------


def champion(name="Nubia", affiliations=("Axon",), world="Jaelara", **fields) -> Card:
    return Card(
        name=name,
        type=CardType.CHAMPION,
        affiliations=frozenset(affiliations),
        world=world,
        hp=20,
        aura=10,
        energy_reduction=1,
        **fields,
    )


def card(name, chi=5, affiliations=("Axon",), type=CardType.SPELL, **fields) -> Card:
    return Card(name=name, type=type, affiliations=frozenset(affiliations), chi=chi, **fields)


def index(*cards: Card) -> dict[str, Card]:
    return {name_key(c.name): c for c in cards}


def deck(champion="Nubia", timeline=(), forethoughts=(), subconscious=()) -> Decklist:
    """Sections as (count, name) pairs."""

    def entries(pairs):
        return tuple(DeckEntry(count, name) for count, name in pairs)

    return Decklist(champion, entries(timeline), entries(forethoughts), entries(subconscious))


CARDS = index(
    champion(),
    champion("Malik", affiliations=("Thymos",), world=None),
    card("Five", chi=5),
    card("Six", chi=6),
    card("Zero", chi=0),
    card("Phyr Cub", chi=2, type=CardType.SUMMON),
    card("Phyr Cat", chi=3, type=CardType.SUMMON),
    card("Jaelaran Gate", chi=1, affiliations=("Jaelara",), type=CardType.ALTERATION),
    card("Axon Jaelara Pact", chi=1, affiliations=("Axon", "Jaelara")),
    card("Ember Fox", chi=2, affiliations=("Thymos",), type=CardType.SUMMON),
    card("Divided Loyalty", chi=2, affiliations=("Axon", "Thymos")),
    card("Blank Slate", chi=1, affiliations=()),
    card("Mystery Card", chi=None),
    card("Fire Token", chi=0, affiliations=("Thymos",), type=CardType.SUMMON),
    *(card(f"Filler {i}", chi=0) for i in range(50)),
)
FULL_TIMELINE = ((50, "Five"),)  # 50 cards, exactly 250 Chi
SOME_FORETHOUGHTS = ((2, "Six"),)


def fillers(count: int) -> tuple:
    """`count` different 0-Chi cards, one copy each."""
    return tuple((1, f"Filler {i}") for i in range(count))


def checked(decklist: Decklist, fmt: Format = GENESIS_STANDARD, cards=CARDS):
    return validate(decklist, cards, fmt)


def codes(decklist: Decklist, fmt: Format = GENESIS_STANDARD, cards=CARDS) -> list[str]:
    return list(checked(decklist, fmt, cards).codes)


def with_card(count: int, name: str) -> tuple:
    """The full timeline with `count` of its Five swapped for `name`."""
    return ((50 - count, "Five"), (count, name))


# --- a legal timeline ----------------------------------------------------------------------------


def test_a_legal_timeline():
    # when
    result = checked(deck(timeline=FULL_TIMELINE, forethoughts=SOME_FORETHOUGHTS))
    # then
    assert result.legal
    assert result.errors == ()
    assert result.as_dict() == {
        "legal": True,
        "errors": [],
        "warnings": [
            {
                "code": "many_copies",
                "section": "timeline",
                "cards": ["Five"],
                "message": "The timeline has 50 copies of Five. That is legal (no Genesis "
                "rulebook limits copies), but check the count.",
                "rule": "Product decision › Copies per card: no Genesis rulebook sets a limit",
            }
        ],
        "totals": {
            "timeline_cards": 50,
            "timeline_chi": 250,
            "forethoughts_cards": 2,
            "forethoughts_chi": 12,
        },
    }


def test_names_match_whatever_their_case_and_spacing():
    result = checked(
        deck(
            champion=" nubia ", timeline=((25, "FIVE"), (25, "five  ")), forethoughts=((1, "zero"),)
        )
    )
    assert result.legal
    assert result.totals.timeline_cards == 50


# --- sizes and Chi ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("timeline", "expected"),
    [
        (((49, "Five"),), ["timeline_size"]),
        (((50, "Five"),), []),
        (((51, "Five"),), ["timeline_size", "timeline_chi"]),
        (((49, "Five"), (1, "Zero")), []),
        (((49, "Five"), (1, "Six")), ["timeline_chi"]),  # 251 Chi
        (((50, "Zero"),), []),
        ((), ["timeline_size"]),
    ],
)
def test_timeline_size_and_chi_boundaries(timeline, expected):
    assert codes(deck(timeline=timeline, forethoughts=SOME_FORETHOUGHTS)) == expected


def test_size_and_chi_messages_give_the_numbers():
    result = checked(deck(timeline=((51, "Five"),)))
    assert [e.message for e in result.errors] == [
        "The timeline has 51 cards; Genesis Standard Constructed needs exactly 50.",
        "The timeline's Chi adds up to 255; Genesis Standard Constructed allows at most 250.",
    ]
    assert {e.rule for e in result.errors} == {
        "Core Rulebook 5.2 › Building a Standard Constructed Timeline"
    }


@pytest.mark.parametrize(
    ("forethoughts", "expected"),
    [
        (((20, "Five"),), []),  # 100 Chi
        (((19, "Five"), (1, "Six")), ["forethoughts_chi"]),  # 101 Chi
        (((100, "Zero"), (20, "Five")), []),  # any number of cards
    ],
)
def test_forethoughts_chi_boundaries(forethoughts, expected):
    assert codes(deck(timeline=FULL_TIMELINE, forethoughts=forethoughts)) == expected


def test_forethoughts_do_not_count_toward_the_timeline():
    result = checked(deck(timeline=FULL_TIMELINE, forethoughts=((20, "Five"),)))
    assert result.totals.as_dict() == {
        "timeline_cards": 50,
        "timeline_chi": 250,
        "forethoughts_cards": 20,
        "forethoughts_chi": 100,
    }
    error = checked(deck(timeline=FULL_TIMELINE, forethoughts=((21, "Five"),))).errors[0]
    assert error.message == (
        "The forethoughts' Chi adds up to 105; Genesis Standard Constructed allows at most 100."
    )
    assert error.rule == "Core Rulebook 5.2 › The Forethoughts Explained"


def test_subconscious_counts_toward_nothing():
    result = checked(
        deck(timeline=FULL_TIMELINE, forethoughts=SOME_FORETHOUGHTS, subconscious=((9, "Six"),))
    )
    assert result.legal
    assert result.totals.timeline_cards == 50
    assert result.totals.forethoughts_chi == 12


# --- affiliations ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Phyr Cub", []),
        ("Jaelaran Gate", []),  # the world counts as an affiliation (E- World Symbol)
        ("Axon Jaelara Pact", []),
        ("Ember Fox", ["affiliation_none_shared"]),
        ("Divided Loyalty", ["affiliation_foreign"]),
        ("Blank Slate", ["affiliation_none_shared"]),
    ],
)
def test_affiliations_in_the_timeline(name, expected):
    assert codes(deck(timeline=with_card(1, name), forethoughts=SOME_FORETHOUGHTS)) == expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Jaelaran Gate", []),
        ("Ember Fox", ["affiliation_none_shared"]),
        ("Divided Loyalty", ["affiliation_foreign"]),
    ],
)
def test_affiliations_in_the_forethoughts(name, expected):
    result = checked(deck(timeline=FULL_TIMELINE, forethoughts=((1, name),)))
    assert list(result.codes) == expected
    for error in result.errors:
        assert error.section == "forethoughts"
        assert "The Forethoughts Explained" in error.rule


def test_without_a_world_the_world_symbol_is_foreign():
    # given: the same cards, but a champion from no world
    cards = {**CARDS, "nubia": champion(world=None)}
    # then
    assert codes(
        deck(timeline=with_card(1, "Jaelaran Gate"), forethoughts=SOME_FORETHOUGHTS), cards=cards
    ) == ["affiliation_none_shared"]
    assert codes(
        deck(timeline=with_card(1, "Axon Jaelara Pact"), forethoughts=SOME_FORETHOUGHTS),
        cards=cards,
    ) == ["affiliation_foreign"]


def test_affiliation_messages_name_the_symbols():
    result = checked(deck(timeline=((48, "Five"), (1, "Ember Fox"), (1, "Divided Loyalty"))))
    none_shared, foreign = result.errors
    assert none_shared.message == (
        "Ember Fox (Thymos) shares no affiliation with Nubia (Axon; world Jaelara)."
    )
    assert foreign.message == (
        "Divided Loyalty has the affiliation Thymos, which Nubia (Axon; world Jaelara) lacks."
    )
    assert none_shared.cards == ("Ember Fox",)
    assert foreign.rule == "Core Rulebook 5.2 › F- Affiliations and E- World Symbol"


def test_subconscious_is_not_checked_for_affiliation():
    result = checked(
        deck(
            champion="Nubia",
            timeline=FULL_TIMELINE,
            forethoughts=SOME_FORETHOUGHTS,
            subconscious=((5, "Fire Token"), (1, "Blank Slate"), (1, "Mystery Card")),
        )
    )
    assert result.legal


def test_no_affiliation_check_without_a_champion():
    assert codes(deck(champion=None, timeline=with_card(1, "Ember Fox"))) == ["champion_missing"]


# --- the champion ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Nubia", []),
        ("Malik", ["affiliation_none_shared"]),  # Five is Axon
        (None, ["champion_missing"]),
        ("", ["champion_missing"]),
        ("   ", ["champion_missing"]),
        ("Five", ["champion_not_champion"]),
        ("Nubya", ["unknown_card"]),
    ],
)
def test_the_champion(name, expected):
    result = checked(
        deck(champion=name, timeline=with_card(1, "Zero"), forethoughts=SOME_FORETHOUGHTS)
    )
    assert sorted(set(result.codes)) == expected
    if name in (None, "Five", "Nubya"):
        assert result.errors[0].section == "champion"


def test_champion_not_champion_message():
    error = checked(deck(champion="Phyr Cub", timeline=FULL_TIMELINE)).errors[0]
    assert error.message == (
        "Phyr Cub is a summon card, not a champion; Genesis Standard Constructed needs a "
        "champion card as the champion."
    )
    assert error.rule == "Core Rulebook 5.2 › Champion Cards"


@pytest.mark.parametrize(
    ("decklist", "section", "message"),
    [
        (
            deck(timeline=((49, "Five"), (1, "Nubia"))),
            "timeline",
            "Nubia is your champion; champion cards cannot be in the timeline.",
        ),
        (
            deck(timeline=FULL_TIMELINE, forethoughts=((1, "nubia"),)),
            "forethoughts",
            "Nubia is your champion; champion cards cannot be in the forethoughts.",
        ),
        (
            deck(timeline=((49, "Five"), (1, "Malik"))),
            "timeline",
            "Malik is a champion card; champion cards cannot be in the timeline.",
        ),
        (
            deck(timeline=FULL_TIMELINE, subconscious=((1, "Malik"),)),
            "subconscious",
            "Malik is a champion card; champion cards cannot be in the subconscious.",
        ),
    ],
)
def test_champion_in_deck(decklist, section, message):
    [error] = [e for e in checked(decklist).errors if e.code == "champion_in_deck"]
    assert (error.section, error.message) == (section, message)
    assert error.rule == "Core Rulebook 5.2 › Champion Cards"


def test_a_champion_in_the_timeline_still_counts_as_a_listed_card():
    result = checked(deck(timeline=((49, "Five"), (1, "Nubia"))))
    assert result.totals.timeline_cards == 50
    assert list(result.codes) == ["champion_in_deck"]


# --- unknown and incomplete cards -------------------------------------------------------------------


def test_unknown_card_with_suggestions():
    # when
    result = checked(
        deck(timeline=((49, "Five"), (1, "Phyr Cubb")), forethoughts=SOME_FORETHOUGHTS)
    )
    # then
    [error] = result.errors
    assert error.code == "unknown_card"
    assert error.section == "timeline"
    assert error.cards == ("Phyr Cubb",)
    assert error.suggestions[0] == "Phyr Cub"
    assert "Phyr Cat" in error.suggestions
    assert len(error.suggestions) <= 3
    assert error.message == (
        "No card called 'Phyr Cubb' is in the card index. Did you mean Phyr Cub or Phyr Cat?"
    )
    assert error.as_dict()["suggestions"] == ["Phyr Cub", "Phyr Cat"]


def test_unicode_look_alike_is_unknown_with_the_real_name_suggested():
    # Cyrillic "і" and "Р": NFKC does not map them to Latin, so they are different names.
    result = checked(deck(champion="Nubіa", timeline=with_card(4, "Рhyr Cub")))
    champion_error, card_error = result.errors[0], result.errors[-1]
    assert (champion_error.code, champion_error.section) == ("unknown_card", "champion")
    assert champion_error.suggestions == ("Nubia",)
    assert (card_error.code, card_error.section) == ("unknown_card", "timeline")
    assert card_error.suggestions[0] == "Phyr Cub"


def test_unknown_card_without_close_names():
    [error] = checked(deck(timeline=with_card(1, "Qwxzv"), forethoughts=SOME_FORETHOUGHTS)).errors
    assert error.suggestions == ()
    assert error.message == "No card called 'Qwxzv' is in the card index."
    assert error.as_dict()["suggestions"] == []


def test_unknown_cards_count_toward_the_size_but_not_the_chi():
    result = checked(deck(timeline=with_card(10, "Nothing Like It")))
    assert result.totals.timeline_cards == 50
    assert result.totals.timeline_chi == 200
    assert list(result.codes) == ["unknown_card"]


def test_unknown_subconscious_card():
    result = checked(deck(timeline=FULL_TIMELINE, subconscious=((1, "Fire Tokn"),)))
    [error] = result.errors
    assert (error.code, error.section, error.suggestions) == (
        "unknown_card",
        "subconscious",
        ("Fire Token",),
    )


def test_suggestions_stop_after_the_lookup_cap():
    names = [(1, f"Phyr Cu{i}") for i in range(MAX_SUGGESTION_LOOKUPS + 5)]
    errors = checked(deck(timeline=names)).errors
    unknown = [e for e in errors if e.code == "unknown_card"]
    assert len(unknown) == MAX_SUGGESTION_LOOKUPS + 5
    assert all(e.suggestions for e in unknown[:MAX_SUGGESTION_LOOKUPS])
    assert all(e.suggestions == () for e in unknown[MAX_SUGGESTION_LOOKUPS:])


@pytest.mark.parametrize("section", ["timeline", "forethoughts"])
def test_card_with_unrevealed_chi_is_incomplete(section):
    # given
    pairs = {"timeline": with_card(1, "Mystery Card"), "forethoughts": FULL_TIMELINE}
    forethoughts = ((1, "Mystery Card"),) if section == "forethoughts" else SOME_FORETHOUGHTS
    # when
    result = checked(deck(timeline=pairs[section], forethoughts=forethoughts))
    # then
    [error] = result.errors
    assert (error.code, error.section, error.cards) == (
        "card_incomplete",
        section,
        ("Mystery Card",),
    )
    assert "counts as 0" in error.message


# --- format settings -----------------------------------------------------------------------------


CUSTOM = Format(
    name="Test Cup",
    slug="test-cup",
    legal_sets=frozenset({"ORIG"}),
    banned_cards=frozenset({"SIX"}),
)
ORIG = index(
    champion(set_code="ORIG"),
    champion("Exiled", set_code="ALPHA"),
    card("Five", set_code="ORIG"),
    card("Zero", chi=0, set_code="ORIG"),
    card("Six", chi=6, set_code="ORIG"),
    card("Old Five", set_code="ALPHA"),
    card("Loose Five"),
    card("Token", chi=0, set_code="ALPHA"),
)
# A five-card timeline keeps the copy-limit cases small.
FOUR_OF = Format(name="Four Of", slug="four-of", timeline_size=5, copy_limit=4)


def custom_deck(name, champion="Nubia", subconscious=()):
    """49 Zero and one `name`, with forethoughts, to check against CUSTOM and ORIG."""
    return deck(champion, ((49, "Zero"), (1, name)), ((1, "Zero"),), subconscious)


@pytest.mark.parametrize(
    ("timeline", "forethoughts", "expected"),
    [
        (((4, "Five"), (1, "Zero")), (), []),
        (((5, "Five"),), (), ["copy_limit"]),
        (((3, "Five"), (2, "Zero")), ((1, "Five"),), []),
        (((3, "Five"), (2, "Zero")), ((2, "Five"),), ["copy_limit"]),
        (((4, "Five"), (1, "Zero")), ((1, "five"),), ["copy_limit"]),
    ],
)
def test_copy_limit_counts_timeline_and_forethoughts_together(timeline, forethoughts, expected):
    decklist = deck(timeline=timeline, forethoughts=forethoughts or ((1, "Six"),))
    assert codes(decklist, FOUR_OF) == expected


@pytest.mark.parametrize(
    ("timeline", "forethoughts", "section", "message"),
    [
        (
            ((3, "Five"), (2, "Zero")),
            ((2, "Five"),),
            "forethoughts",
            "There are 5 copies of Five (3 in the timeline and 2 in the forethoughts); Four Of "
            "allows at most 4 of one card.",
        ),
        (
            ((5, "Five"),),
            ((1, "Six"),),
            "timeline",
            "There are 5 copies of Five (in the timeline); Four Of allows at most 4 of one card.",
        ),
    ],
)
def test_copy_limit_message_and_section(timeline, forethoughts, section, message):
    [error] = checked(deck(timeline=timeline, forethoughts=forethoughts), FOUR_OF).errors
    assert (error.section, error.message, error.cards) == (section, message, ("Five",))
    assert error.rule == "Four Of › Copy limit"


def test_copy_limit_ignores_the_subconscious():
    decklist = deck(timeline=((4, "Five"), (1, "Zero")), subconscious=((9, "Five"),))
    assert checked(decklist, FOUR_OF).legal


def test_banned_cards_are_matched_by_name_key():
    result = validate(custom_deck("Six"), ORIG, CUSTOM)
    [error] = result.errors
    assert (error.code, error.section, error.cards) == ("banned", "timeline", ("Six",))
    assert error.message == "Six is banned in Test Cup."
    assert error.rule == "Test Cup › Banned cards"


def test_a_banned_champion():
    fmt = Format(name="No Nubia", slug="no-nubia", banned_cards={"nubia"})
    [error] = checked(deck(timeline=FULL_TIMELINE, forethoughts=SOME_FORETHOUGHTS), fmt).errors
    assert (error.code, error.section) == ("banned", "champion")


@pytest.mark.parametrize(
    ("champion_name", "name", "expected"),
    [
        ("Nubia", "Five", []),
        ("Nubia", "Old Five", ["set_not_legal"]),
        ("Nubia", "Loose Five", ["set_not_legal"]),
        ("Exiled", "Five", ["set_not_legal"]),
    ],
)
def test_legal_sets(champion_name, name, expected):
    result = validate(custom_deck(name, champion=champion_name), ORIG, CUSTOM)
    assert list(result.codes) == expected


def test_set_not_legal_messages():
    old = validate(custom_deck("Old Five"), ORIG, CUSTOM).errors[0]
    assert old.message == "Old Five is from set ALPHA; Test Cup allows only cards from ORIG."
    assert old.rule == "Test Cup › Legal sets"
    loose = validate(custom_deck("Loose Five"), ORIG, CUSTOM).errors[0]
    assert loose.message == "Loose Five is from no known set; Test Cup allows only cards from ORIG."


def test_subconscious_skips_set_and_ban_checks():
    result = validate(custom_deck("Five", subconscious=((3, "Token"), (1, "Six"))), ORIG, CUSTOM)
    assert result.legal


def test_the_standard_format_sets_no_copy_limit_sets_or_bans():
    assert GENESIS_STANDARD.copy_limit is None
    assert GENESIS_STANDARD.legal_sets == frozenset()
    assert GENESIS_STANDARD.banned_cards == frozenset()


# --- the legacy format ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("timeline", "expected"),
    [
        (((49, "Zero"),), ["timeline_size"]),
        (((50, "Zero"),), []),
        (((51, "Zero"),), []),  # at least 50
        (((51, "Five"),), ["timeline_chi"]),
        (((49, "Zero"), (1, "Divided Loyalty")), []),  # one shared affiliation is enough
        (((49, "Zero"), (1, "Ember Fox")), ["affiliation_none_shared"]),
    ],
)
def test_origins_legacy_format(timeline, expected):
    assert (
        codes(deck(timeline=timeline, forethoughts=SOME_FORETHOUGHTS), GENESIS_ORIGINS_LEGACY)
        == expected
    )


def test_legacy_format_is_labelled_and_never_default():
    result = checked(deck(timeline=((49, "Zero"),)), GENESIS_ORIGINS_LEGACY)
    assert result.errors[0].message == (
        "The timeline has 49 cards; Genesis Origins (legacy) needs at least 50."
    )
    assert result.errors[0].rule == "Origins Rule Book › Creating a deck"
    assert "format_legacy" in [w.code for w in result.warnings]
    assert DEFAULT_FORMAT is GENESIS_STANDARD
    assert "legacy" in GENESIS_ORIGINS_LEGACY.name.lower()


def test_formats_by_slug():
    # Issue 15 added other games' formats; Genesis keeps exactly its two.
    assert {fmt.slug for fmt in FORMATS.values() if fmt.game == "genesis"} == {
        "genesis-standard",
        "genesis-origins-legacy",
    }
    assert set(FORMATS) == {
        "genesis-standard",
        "genesis-origins-legacy",
        "grand-archive-standard",
        "grand-archive-draft",
        "grand-archive-sealed",
        "titans-of-eden-constructed",
    }
    assert get_format("genesis-standard") is GENESIS_STANDARD
    assert get_format("genesis-origins-legacy") is GENESIS_ORIGINS_LEGACY
    with pytest.raises(UnknownFormatError, match="genesis-standard"):
        get_format("modern")


def test_a_size_rule_may_be_given_as_text():
    fmt = Format(name="Stored", slug="stored", timeline_size_rule="at_least")
    assert fmt.timeline_size_rule is SizeRule.AT_LEAST
    assert fmt.size_is_legal(60)
    assert not fmt.size_is_legal(49)


def test_a_copy_limit_below_one_is_refused():
    with pytest.raises(ValueError, match="copy_limit must be at least 1"):
        Format(name="Broken", slug="broken", copy_limit=0)


# --- every violation, warnings, the JSON shape ------------------------------------------------------


def test_every_violation_is_reported_not_only_the_first():
    result = checked(
        deck(
            champion="Nubia",
            timeline=(
                (50, "Six"),
                (1, "Ember Fox"),
                (1, "Divided Loyalty"),
                (1, "Nubia"),
                (1, "Nope"),
            ),
            forethoughts=((20, "Six"), (1, "Mystery Card")),
            subconscious=((1, "Nope Token"),),
        )
    )
    assert set(result.codes) == {
        "timeline_size",
        "timeline_chi",
        "affiliation_none_shared",
        "affiliation_foreign",
        "champion_in_deck",
        "unknown_card",
        "forethoughts_chi",
        "card_incomplete",
    }
    assert [e.section for e in result.errors if e.code == "unknown_card"] == [
        "timeline",
        "subconscious",
    ]
    assert not result.legal


def test_warnings_are_kept_apart_from_errors():
    result = checked(deck(timeline=((MANY_COPIES + 1, "Five"), *fillers(49 - MANY_COPIES))))
    assert result.legal
    assert [w.code for w in result.warnings] == ["forethoughts_empty", "many_copies"]
    assert result.as_dict()["errors"] == []


def test_no_many_copies_warning_at_the_threshold_or_with_a_copy_limit():
    at_threshold = deck(
        timeline=((MANY_COPIES, "Five"), *fillers(50 - MANY_COPIES)),
        forethoughts=SOME_FORETHOUGHTS,
    )
    assert checked(at_threshold).warnings == ()
    fmt = Format(name="Lots", slug="lots", copy_limit=50)
    assert checked(deck(timeline=FULL_TIMELINE, forethoughts=SOME_FORETHOUGHTS), fmt).warnings == ()


def test_as_dict_is_the_documented_json_shape():
    result = checked(deck(champion=None, timeline=with_card(1, "Phyr Cubb")))
    data = json.loads(json.dumps(result.as_dict()))
    assert set(data) == {"legal", "errors", "warnings", "totals"}
    assert data["legal"] is False
    assert set(data["totals"]) == {
        "timeline_cards",
        "timeline_chi",
        "forethoughts_cards",
        "forethoughts_chi",
    }
    for item in data["errors"] + data["warnings"]:
        base = {"code", "section", "cards", "message", "rule"}
        assert set(item) == (base | {"suggestions"} if item["code"] == "unknown_card" else base)
        assert item["section"] in {"champion", "timeline", "forethoughts", "subconscious"}


def test_every_code_is_documented():
    text = (Path(__file__).parents[2] / "docs" / "decklist-format.md").read_text("utf-8")
    for code in [*Code, "forethoughts_empty", "many_copies", "format_legacy"]:
        assert f"`{code}`" in text, code


def test_the_pure_core_imports_no_django():
    script = (
        "import sys, rules.core.timeline, rules.core.decklist, rules.core.formats\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in {'django', 'rest_framework', 'celery'}]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)


# --- properties ------------------------------------------------------------------------------------

AFFILIATIONS = ("Axon", "Thymos", "Bellum", "Chaos")


@st.composite
def legal_decks(draw):
    """A champion, a pool of cards that fit it, and a deck of exactly 50 of them within the caps."""
    own = draw(st.lists(st.sampled_from(AFFILIATIONS), min_size=1, max_size=4, unique=True))
    world = draw(st.sampled_from([None, "Jaelara"]))
    hero = champion("Hero", affiliations=own, world=world)
    identity = sorted(hero.identity)
    size = draw(st.integers(1, 20))
    chis = draw(st.lists(st.integers(0, 12), min_size=size, max_size=size))
    picks = draw(st.lists(st.integers(0, size - 1), min_size=50, max_size=50))
    spent = sum(chis[p] for p in picks)
    if spent > 250:
        # Scale every card's Chi down so the timeline fits; floor division keeps it <= 250.
        chis = [chi * 250 // spent for chi in chis]
    pool = [
        card(
            f"Card {i}",
            chi=chi,
            affiliations=draw(st.lists(st.sampled_from(identity), min_size=1, unique=True)),
            type=draw(st.sampled_from(NON_CHAMPION_TYPES)),
        )
        for i, chi in enumerate(chis)
    ]
    fore_picks = draw(st.lists(st.integers(0, size - 1), max_size=30))
    while sum(chis[p] for p in fore_picks) > 100:
        fore_picks.pop()
    # Subconscious cards need only exist: give them affiliations the champion lacks.
    token = card("Token", chi=None, affiliations=("Outsider",))

    def spelled(i):
        # Names are matched without regard to case or spacing.
        return draw(st.sampled_from([f"Card {i}", f"card  {i}", f"CARD {i} "]))

    decklist = Decklist(
        champion=draw(st.sampled_from(["Hero", "hero", " HERO "])),
        timeline=tuple(DeckEntry(1, spelled(p)) for p in picks),
        forethoughts=tuple(DeckEntry(1, spelled(p)) for p in fore_picks),
        subconscious=(DeckEntry(draw(st.integers(1, 5)), "Token"),) if draw(st.booleans()) else (),
    )
    return decklist, index(hero, token, *pool)


@given(legal_decks())
def test_any_deck_of_fitting_cards_within_the_caps_is_legal(case):
    decklist, cards = case
    result = validate(decklist, cards, GENESIS_STANDARD)
    assert result.errors == ()
    assert result.legal
    assert result.totals.timeline_cards == 50
    assert result.totals.timeline_chi <= 250
    assert result.totals.forethoughts_chi <= 100


NAMES = st.sampled_from(sorted(c.name for c in CARDS.values())) | st.text(max_size=30)
ENTRIES = st.lists(st.builds(DeckEntry, st.integers(-5, 2000), NAMES), max_size=30).map(tuple)
ANY_FORMAT = st.sampled_from(
    [
        GENESIS_STANDARD,
        GENESIS_ORIGINS_LEGACY,
        CUSTOM,
        FOUR_OF,
        Format(name="Tiny", slug="tiny", timeline_size=1, copy_limit=1, banned_cards={"Five"}),
    ]
)


@given(st.builds(Decklist, st.none() | NAMES, ENTRIES, ENTRIES, ENTRIES), ANY_FORMAT)
def test_validation_never_raises(decklist, fmt):
    result = validate(decklist, CARDS, fmt)
    data = json.loads(json.dumps(result.as_dict()))
    assert data["legal"] == (not data["errors"])
    for item in data["errors"]:
        assert item["message"]
        assert item["rule"]
