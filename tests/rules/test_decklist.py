"""The decklist text and JSON forms: parsing, export, round trips and hostile input."""

import string
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core.decklist import (
    MAX_COPIES,
    MAX_INPUT_CHARS,
    MAX_LINES,
    MAX_NAME_CHARS,
    DeckEntry,
    Decklist,
    DecklistError,
    Section,
    add_card,
    change_count,
    decklist_from_json,
    decklist_to_json,
    format_decklist,
    name_key,
    parse_decklist,
    replace_card,
    set_counts,
    tally,
    tidy,
)

SAMPLE = """\
Champion: Nubia
Timeline
4 Phyr Cub
4x Chain Lightning
Forethoughts
2 Air Shield
Subconscious
1 Some Token
"""

SAMPLE_DECK = Decklist(
    champion="Nubia",
    timeline=(DeckEntry(4, "Phyr Cub"), DeckEntry(4, "Chain Lightning")),
    forethoughts=(DeckEntry(2, "Air Shield"),),
    subconscious=(DeckEntry(1, "Some Token"),),
)


def entries(*pairs: tuple[int, str]) -> tuple[DeckEntry, ...]:
    return tuple(DeckEntry(count, name) for count, name in pairs)


def parse_error(text: str | bytes) -> DecklistError:
    with pytest.raises(DecklistError) as caught:
        parse_decklist(text)
    return caught.value


# --- reading ---------------------------------------------------------------------------------


def test_the_issue_sample_parses():
    assert parse_decklist(SAMPLE) == SAMPLE_DECK


@pytest.mark.parametrize(
    ("header", "section"),
    [
        ("Timeline", "timeline"),
        ("timeline:", "timeline"),
        ("TIMELINE :", "timeline"),
        ("Deck", "timeline"),
        ("main:", "timeline"),
        ("Forethoughts", "forethoughts"),
        ("forethoughts:", "forethoughts"),
        ("Sideboard", "forethoughts"),
        ("SIDEBOARD:", "forethoughts"),
        ("Subconscious", "subconscious"),
        ("subconscious:", "subconscious"),
    ],
)
def test_section_headers_ignore_case_and_colon_and_accept_aliases(header, section):
    # when
    deck = parse_decklist(f"Champion: Nubia\n{header}\n3 Phyr Cub\n")
    # then
    assert getattr(deck, section) == entries((3, "Phyr Cub"))


@pytest.mark.parametrize("line", ["Champion: Nubia", "champion:Nubia", "CHAMPION Nubia"])
def test_champion_line_forms(line):
    assert parse_decklist(line).champion == "Nubia"


@pytest.mark.parametrize("follow", ["Nubia", "1 Nubia", "1x Nubia"])
def test_a_bare_champion_header_takes_the_next_line(follow):
    deck = parse_decklist(f"Champion\n{follow}\nTimeline\n2 Phyr Cub\n")
    assert deck.champion == "Nubia"
    assert deck.timeline == entries((2, "Phyr Cub"))


@pytest.mark.parametrize("line", ["4 Phyr Cub", "4x Phyr Cub", "4X Phyr Cub", "  4   Phyr   Cub  "])
def test_card_line_forms(line):
    assert parse_decklist(line).timeline == entries((4, "Phyr Cub"))


def test_cards_before_any_header_belong_to_the_timeline():
    deck = parse_decklist("4 Phyr Cub\nChampion: Nubia\n2 Chain Lightning\nForethoughts\n1 X\n")
    assert deck.timeline == entries((4, "Phyr Cub"), (2, "Chain Lightning"))
    assert deck.forethoughts == entries((1, "X"))


def test_comments_blank_lines_and_line_endings():
    text = (
        "\ufeff# my deck\r\n\r\nChampion: Nubia  # the best\r\nTimeline\r4 Phyr Cub # cubs\n"
        "   # indented comment\n\n2 Card#1\n"
    )
    deck = parse_decklist(text)
    assert deck.champion == "Nubia"
    # A '#' inside a word is part of the name; only one at a line start or after a space opens
    # a comment.
    assert deck.timeline == entries((4, "Phyr Cub"), (2, "Card#1"))


def test_repeated_lines_add_up_under_the_first_spelling():
    deck = parse_decklist(
        "Timeline\n2 Phyr Cub\n1 Chain Lightning\n3 PHYR  cub\nTimeline\n1 phyr cub"
    )
    assert deck.timeline == entries((6, "Phyr Cub"), (1, "Chain Lightning"))


def test_same_card_in_two_sections_stays_apart():
    deck = parse_decklist("4 Phyr Cub\nForethoughts\n2 Phyr Cub\nSubconscious\n1 Phyr Cub")
    assert deck.timeline == entries((4, "Phyr Cub"))
    assert deck.forethoughts == entries((2, "Phyr Cub"))
    assert deck.subconscious == entries((1, "Phyr Cub"))


def test_unicode_look_alikes_parse_and_keep_their_spelling():
    # Cyrillic "Р" and "у" look Latin; they parse fine and validation reports them as unknown.
    deck = parse_decklist("Champion: Nubіa\n4 Рhуr Cub\n")
    assert deck.champion == "Nubіa"
    assert name_key(deck.champion) != name_key("Nubia")
    assert deck.timeline[0].name == "Рhуr Cub"


def test_bytes_are_read_as_utf8():
    assert parse_decklist(SAMPLE.encode()) == SAMPLE_DECK


def test_empty_text_is_an_empty_decklist():
    assert parse_decklist("") == Decklist()
    assert parse_decklist("# nothing\n\n") == Decklist()


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Phyr Cub", "phyr cub"),
        ("  PHYR \t  cub ", "phyr cub"),
        ("Phyr\u00a0Cub", "phyr cub"),  # no-break space
        ("Ｐｈｙｒ Ｃｕｂ", "phyr cub"),  # full-width letters, NFKC
        ("Straße", "strasse"),  # casefold, not lower
        ("ﬁre", "fire"),  # ligature
    ],
)
def test_name_key(name, key):
    assert name_key(name) == key


# --- refusing bad input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("Champion: Nubia\n4 Phyr\x00Cub", 2, "NUL byte"),
        ("4 Phyr Cub\n\x07bell", 2, "control character U+0007"),
        (b"4 Phyr Cub\n\xff\xfe\x00binary", 2, "not UTF-8"),
        ("-1 Phyr Cub", 1, "at least 1, not -1"),
        ("0 Phyr Cub", 1, "at least 1, not 0"),
        ("0x Phyr Cub", 1, "at least 1, not 0"),
        (f"{MAX_COPIES + 1} Phyr Cub", 1, "at most 999"),
        ("99999999999999999999999999999 Phyr Cub", 1, "too many"),
        ("-99999999999999999999999999999 Phyr Cub", 1, "at least 1"),
        ("Champion: Nubia\n4 Phyr Cub\nChampion: Malik", 3, "second champion"),
        ("Champion\nNubia\nMalik", 3, "second champion"),
        ("Champion\n4 Nubia", 2, "one champion"),
        ("Timeline\n4", 2, "no card name"),
        ("Timeline\n4x", 2, "no card name"),
        ("4x   # just a comment", 1, "no card name"),
        ("4xPhyr Cub", 1, "not a card line"),
        ("Phyr Cub", 1, "neither a section header"),
        ("Tokens:\n1 Thing", 1, "neither a section header"),
        ("Timeline: 4 Phyr Cub", 1, "header stands on its own line"),
        ("500 Phyr Cub\n500 phyr cub", 2, "1000 copies"),
        ("\n".join(["999 Phyr Cub " + str(i) for i in range(11)]), 11, "at most 10,000 cards"),
        ("1 " + "x" * (MAX_NAME_CHARS + 1), 1, "at most 120"),
        ("1 Phyr Cub #" + "x" * 600, 1, "limit is 500"),
    ],
)
def test_bad_input_is_a_decklist_error_with_a_line(text, line, fragment):
    error = parse_error(text)
    assert error.line == line
    assert fragment in error.message
    assert str(error).startswith(f"Line {line}: ")


def test_megabyte_of_text_is_refused_before_anything_else():
    # given: a NUL at the start that a slower check would report instead
    text = "\x00" + "4 Phyr Cub\n" * 100_000
    # when
    started = time.perf_counter()
    error = parse_error(text)
    elapsed = time.perf_counter() - started
    # then
    assert "limit is 200,000" in error.message
    assert error.line is None
    assert elapsed < 0.5  # generous: the check is a len()


def test_too_many_lines_is_refused_before_reading_them():
    error = parse_error("\x00\n" + "\n" * 10_000)
    assert f"limit is {MAX_LINES:,}" in error.message


def test_huge_binary_is_refused_before_decoding():
    error = parse_error(b"\xff" * (4 * MAX_INPUT_CHARS + 1))
    assert "characters long" in error.message


def test_exactly_the_line_limit_is_fine():
    text = "".join(f"1 Card {i}\n" for i in range(MAX_LINES))
    assert len(parse_decklist(text).timeline) == MAX_LINES


@pytest.mark.parametrize("value", [None, 42, ["4 Phyr Cub"]])
def test_non_text_is_a_decklist_error(value):
    assert "is text" in parse_error(value).message


# --- writing -----------------------------------------------------------------------------------


def test_export_is_canonical():
    messy = "champion:Nubia\nmain\n4x Phyr Cub\n4 chain lightning\n\nSIDEBOARD:\n2 Air Shield\n"
    assert format_decklist(parse_decklist(messy)) == (
        "Champion: Nubia\nTimeline\n4 Phyr Cub\n4 chain lightning\nForethoughts\n2 Air Shield\n"
    )


def test_export_omits_empty_sections_but_the_timeline():
    assert format_decklist(Decklist()) == "Timeline\n"
    assert format_decklist(Decklist(subconscious=entries((1, "T")))) == (
        "Timeline\nSubconscious\n1 T\n"
    )


def test_export_then_import_gives_back_the_sample():
    assert format_decklist(SAMPLE_DECK) == SAMPLE.replace("4x ", "4 ")
    assert parse_decklist(format_decklist(SAMPLE_DECK)) == SAMPLE_DECK


@pytest.mark.parametrize(
    "deck",
    [
        Decklist(timeline=entries((1, "#1 Fan"))),
        Decklist(timeline=entries((1, "Fan #1"))),
        Decklist(timeline=entries((0, "Phyr Cub"))),
        Decklist(timeline=entries((1, "   "))),
        Decklist(champion="Nu\x00bia"),
    ],
)
def test_export_refuses_what_the_text_form_cannot_hold(deck):
    with pytest.raises(DecklistError):
        format_decklist(deck)


def test_export_collapses_whitespace_in_names():
    deck = Decklist(champion=" Nu\nbia ", timeline=entries((1, "Phyr\t Cub")))
    assert format_decklist(deck) == "Champion: Nu bia\nTimeline\n1 Phyr Cub\n"


# --- JSON ---------------------------------------------------------------------------------------


def test_json_shape():
    assert decklist_to_json(SAMPLE_DECK) == {
        "champion": "Nubia",
        "timeline": [{"count": 4, "name": "Phyr Cub"}, {"count": 4, "name": "Chain Lightning"}],
        "forethoughts": [{"count": 2, "name": "Air Shield"}],
        "subconscious": [{"count": 1, "name": "Some Token"}],
    }


def test_json_round_trip_and_optional_sections():
    assert decklist_from_json(decklist_to_json(SAMPLE_DECK)) == SAMPLE_DECK
    assert decklist_from_json({"champion": "Nubia"}) == Decklist(champion="Nubia")
    assert decklist_from_json({"champion": "  "}) == Decklist()


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ([], "JSON object"),
        ({"champion": "Nubia", "timline": []}, "unknown field 'timline'"),
        ({"timeline": "4 Phyr Cub"}, "must be a list"),
        ({"timeline": [{"count": 4}]}, "timeline[0]: each entry"),
        ({"timeline": [{"count": True, "name": "X"}]}, "whole number"),
        ({"timeline": [{"count": "4", "name": "X"}]}, "whole number"),
        ({"timeline": [{"count": 0, "name": "X"}]}, "at least 1"),
        ({"forethoughts": [{"count": 1000, "name": "X"}]}, "forethoughts[0]: 1000 copies"),
        ({"timeline": [{"count": 1, "name": 7}]}, "must be text"),
        ({"timeline": [{"count": 1, "name": "X\x00"}]}, "control characters"),
        ({"champion": 3}, "must be text"),
        ({"timeline": [{"count": 1, "name": "X"}] * (MAX_LINES + 1)}, "over 2,000 entries"),
    ],
)
def test_bad_json_is_a_decklist_error(data, fragment):
    with pytest.raises(DecklistError) as caught:
        decklist_from_json(data)
    assert fragment.lower() in caught.value.message.lower()
    assert caught.value.line is None


# --- properties ----------------------------------------------------------------------------------

# Words that the text form can hold: no whitespace, no control characters, and no '#' (which
# after a space opens a comment). Letters from any script, digits and punctuation.
WORD = st.text(
    alphabet=st.characters(
        categories=("L", "N", "P", "S", "M"), exclude_characters="#", max_codepoint=0x2FFFF
    ),
    min_size=1,
    max_size=8,
)
NAME = st.lists(WORD, min_size=1, max_size=4).map(" ".join).filter(lambda n: len(n) <= 120)


def section_entries() -> st.SearchStrategy[tuple[DeckEntry, ...]]:
    return st.lists(
        st.tuples(st.integers(1, MAX_COPIES), NAME),
        max_size=12,
        unique_by=lambda pair: name_key(pair[1]),
    ).map(lambda pairs: entries(*pairs))


DECKLISTS = st.builds(
    Decklist,
    champion=st.none() | NAME,
    timeline=section_entries(),
    forethoughts=section_entries(),
    subconscious=section_entries(),
)


@given(DECKLISTS)
def test_export_then_parse_round_trips(deck):
    text = format_decklist(deck)
    assert parse_decklist(text) == deck
    assert parse_decklist(text.encode("utf-8")) == deck


@given(DECKLISTS)
def test_json_round_trips(deck):
    assert decklist_from_json(decklist_to_json(deck)) == deck


GRAND_ARCHIVE_DECKLISTS = st.builds(
    Decklist,
    main=section_entries(),
    material=section_entries(),
    sideboard=section_entries(),
)
TITANS_DECKLISTS = st.builds(Decklist, spellbook=section_entries())


@given(GRAND_ARCHIVE_DECKLISTS | TITANS_DECKLISTS)
def test_other_games_export_then_parse_round_trips(deck):
    # given a Grand Archive or Titans of Eden list
    # when it is written and read back, with or without naming its game
    text = format_decklist(deck)
    # then it is the same list
    assert parse_decklist(text) == deck
    assert parse_decklist(text, game=deck.game) == deck


@given(GRAND_ARCHIVE_DECKLISTS | TITANS_DECKLISTS)
def test_other_games_json_round_trips(deck):
    assert decklist_from_json(decklist_to_json(deck)) == deck


def test_main_and_sideboard_headers_are_genesis_unless_the_list_has_a_material_deck():
    # given the same headers in a list without and with a Material header
    genesis = parse_decklist("Main\n4 Phyr Cub\nSideboard\n2 Air Shield\n")
    grand_archive = parse_decklist("Main\n4 Ally\nMaterial\n1 Spirit\nSideboard\n2 Bolt\n")
    # then the first keeps its Genesis meaning and the second is a Grand Archive list
    assert genesis == Decklist(
        timeline=entries((4, "Phyr Cub")), forethoughts=entries((2, "Air Shield"))
    )
    assert grand_archive == Decklist(
        main=entries((4, "Ally")), material=entries((1, "Spirit")), sideboard=entries((2, "Bolt"))
    )
    assert grand_archive.game == "grand-archive"
    # and naming the game reads a list without a material deck as Grand Archive's
    assert parse_decklist("4 Ally\nSideboard\n1 Bolt", game="grand-archive") == Decklist(
        main=entries((4, "Ally")), sideboard=entries((1, "Bolt"))
    )


def test_other_games_write_their_own_headers_and_json_fields():
    deck = Decklist(main=entries((4, "Ally")), material=entries((1, "Spirit")))
    assert format_decklist(deck) == "Main\n4 Ally\nMaterial\n1 Spirit\n"
    assert decklist_to_json(deck) == {
        "main": [{"count": 4, "name": "Ally"}],
        "material": [{"count": 1, "name": "Spirit"}],
        "sideboard": [],
    }
    spellbook = parse_decklist("Spellbook\n4 Boulder Bear\n")
    assert spellbook == Decklist(spellbook=entries((4, "Boulder Bear")))
    assert format_decklist(spellbook) == "Spellbook\n4 Boulder Bear\n"
    assert decklist_to_json(spellbook) == {"spellbook": [{"count": 4, "name": "Boulder Bear"}]}
    # A Genesis list's JSON is what it always was.
    assert set(decklist_to_json(SAMPLE_DECK)) == {
        "champion",
        "timeline",
        "forethoughts",
        "subconscious",
    }


def test_a_list_mixing_games_cannot_be_written():
    mixed = Decklist(timeline=entries((4, "Phyr Cub")), spellbook=entries((4, "Boulder Bear")))
    with pytest.raises(DecklistError, match="mixes the sections"):
        format_decklist(mixed)
    assert decklist_from_json(decklist_to_json(mixed)) == mixed


@given(st.text())
def test_name_key_is_idempotent(name):
    assert name_key(name_key(name)) == name_key(name)


LINE = st.one_of(
    st.sampled_from(
        ["Champion", "Champion: Nubia", "Timeline", "deck:", "Sideboard", "Subconscious", "#", ""]
    ),
    st.builds(
        "{}{} {}".format,
        st.integers(-2000, 2000),
        st.sampled_from(["", "x", "X"]),
        st.text(max_size=20),
    ),
    st.text(max_size=40),
)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(LINE, max_size=40).map("\n".join) | st.text() | st.binary())
def test_parser_only_ever_raises_decklist_error(text):
    try:
        deck = parse_decklist(text)
    except DecklistError as error:  # the only exception it may raise; reading is allowed too
        assert error.message  # noqa: PT017
        assert error.line is None or error.line >= 1  # noqa: PT017
    else:
        # Whatever it reads, it can write back and read again the same.
        assert parse_decklist(format_decklist(deck)) == deck


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.sampled_from(["champion", "timeline", "count", "name", "x"]), children)
    ),
)


@given(JSON_VALUES)
def test_json_reader_only_ever_raises_decklist_error(data):
    try:
        decklist_from_json(data)
    except DecklistError as error:  # the only exception it may raise; reading is allowed too
        assert error.message  # noqa: PT017


def test_ascii_alphabet_round_trip_spot_check():
    # A name made of every printable ASCII character but '#' survives the round trip.
    name = "".join(c for c in string.printable if c not in "#" and not c.isspace())
    deck = Decklist(champion=name[:60], timeline=entries((7, name[60:])))
    assert parse_decklist(format_decklist(deck)) == deck


# --- editing (the deck builder's changes) ---------------------------------------------------


def test_adding_a_listed_card_raises_its_count_and_a_new_card_gets_a_row():
    # when
    deck = add_card(SAMPLE_DECK, Section.TIMELINE, "phyr  CUB")
    deck = add_card(deck, Section.TIMELINE, "Air Shield", 2)
    # then
    assert deck.timeline == entries((5, "Phyr Cub"), (4, "Chain Lightning"), (2, "Air Shield"))
    assert deck.forethoughts == SAMPLE_DECK.forethoughts


def test_counts_stay_within_zero_and_the_copy_limit():
    # when
    low = change_count(SAMPLE_DECK, Section.FORETHOUGHTS, 0, -5)
    high = set_counts(SAMPLE_DECK, Section.TIMELINE, {1: MAX_COPIES + 50})
    more = add_card(high, Section.TIMELINE, "Chain Lightning")
    # then
    assert low.forethoughts == entries((0, "Air Shield"))
    assert high.timeline == entries((4, "Phyr Cub"), (MAX_COPIES, "Chain Lightning"))
    assert more.timeline == high.timeline


def test_a_row_that_is_not_there_is_an_index_error():
    with pytest.raises(IndexError):
        change_count(SAMPLE_DECK, Section.TIMELINE, 2, 1)
    with pytest.raises(IndexError):
        replace_card(SAMPLE_DECK, Section.SUBCONSCIOUS, -1, "Other")


def test_a_replacement_naming_a_listed_card_merges_once_tidied():
    # given
    deck = replace_card(SAMPLE_DECK, Section.TIMELINE, 1, "Phyr Cub")
    # when
    tidied = tidy(change_count(deck, Section.FORETHOUGHTS, 0, -2))
    # then
    assert deck.timeline == entries((4, "Phyr Cub"), (4, "Phyr Cub"))
    assert tidied.timeline == entries((8, "Phyr Cub"))
    assert tidied.forethoughts == ()  # the row of 0 is gone
    assert tidied.champion == "Nubia"


NAMES = st.sampled_from(["Phyr Cub", "phyr cub", "Air Shield", "Chain Lightning", "Hound"])
ROWS = st.lists(st.builds(DeckEntry, st.integers(0, MAX_COPIES), NAMES), max_size=8).map(tuple)


@given(ROWS, ROWS)
def test_tidy_keeps_each_cards_total_and_is_idempotent(timeline, forethoughts):
    # given
    deck = Decklist("Nubia", timeline, forethoughts)
    # when
    tidied = tidy(deck)
    # then
    assert tidy(tidied) == tidied
    for section in (Section.TIMELINE, Section.FORETHOUGHTS):
        before = {k: min(n, MAX_COPIES) for k, (_, n) in tally(deck.entries(section)).items() if n}
        after = {k: n for k, (_, n) in tally(tidied.entries(section)).items()}
        assert after == before
        assert all(e.count > 0 for e in tidied.entries(section))
        assert parse_decklist(format_decklist(tidied)) == tidied
