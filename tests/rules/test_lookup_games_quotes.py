"""The Grand Archive, Titans of Eden and Genesis question sets (tests/support/lookup_games.py) are
well formed: the promised number of cases, no question asked twice, and every quote a few words
found word for word in its own rulebook, so that a passage can be told to answer by its text."""

import re

import pytest

from tests.support import lookup_games, seeds
from tests.support.lookup_questions import CORE, GRAND_ARCHIVE, TITANS

SETS = {
    GRAND_ARCHIVE: (lookup_games.GRAND_ARCHIVE_CASES, 40),
    TITANS: (lookup_games.TITANS_CASES, 40),
    CORE: (lookup_games.GENESIS_NAMED_CASES, 15),
}
SEED_FILES = {
    GRAND_ARCHIVE: "grand-archive-comprehensive-rules.txt",
    TITANS: "titans-of-eden-rulebook.md",
    CORE: "genesis-core-rulebook-5.2.md",
}
# How a player names the game in a question.
NAMES = {
    GRAND_ARCHIVE: re.compile(r"\b(grand archive|ga)\b", re.IGNORECASE),
    TITANS: re.compile(r"\b(titans( of eden)?|toe)\b", re.IGNORECASE),
    CORE: re.compile(r"\bgenesis\b", re.IGNORECASE),
}
ALL_CASES = [case for cases, _ in SETS.values() for case in cases]


@pytest.mark.parametrize("document", SETS)
def test_each_set_has_its_cases_all_in_its_document(document):
    cases, size = SETS[document]
    assert len(cases) == size
    assert {case.document for case in cases} == {document}
    assert all(case.answers == () and case.quote for case in cases)


def test_no_question_is_asked_twice():
    questions = [case.question.casefold() for case in ALL_CASES]
    assert len(questions) == len(set(questions))


@pytest.mark.parametrize("document", [GRAND_ARCHIVE, TITANS])
def test_about_half_of_a_games_questions_name_the_game(document):
    cases, size = SETS[document]
    named = [case for case in cases if NAMES[document].search(case.question)]
    assert size * 0.4 <= len(named) <= size * 0.6


def test_every_genesis_question_names_the_game():
    assert all(NAMES[CORE].search(case.question) for case in lookup_games.GENESIS_NAMED_CASES)


@pytest.mark.parametrize("case", ALL_CASES, ids=lambda case: case.question[:40])
def test_a_quote_is_a_few_words_of_one_sentence_in_its_rulebook(case):
    if not seeds.FOLDER.is_dir():
        pytest.skip(f"the rulebooks are not here: {seeds.FOLDER}")
    # given
    lines = (seeds.FOLDER / SEED_FILES[case.document]).read_text().splitlines()
    # then: on one line, short, and found
    assert "\n" not in case.quote
    assert 4 <= len(case.quote.split()) <= 12, case.quote
    assert any(case.quote in line for line in lines), case.quote
