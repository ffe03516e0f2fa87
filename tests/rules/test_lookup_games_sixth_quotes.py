"""The sixth per-game question set is sound: 40 distinct questions for each game, and every quote
is a few words of one line of its rulebook (so a passage that answers can contain it).
"""

from functools import cache

import pytest

from tests.support import seeds
from tests.support.lookup_games_sixth import GRAND_ARCHIVE_CASES, TITANS_CASES
from tests.support.lookup_questions import GRAND_ARCHIVE, TITANS, Case

SEED_FILES = {
    GRAND_ARCHIVE: "grand-archive-comprehensive-rules.txt",
    TITANS: "titans-of-eden-rulebook.md",
}
CASES = GRAND_ARCHIVE_CASES + TITANS_CASES


@cache
def _lines(document: str) -> tuple[str, ...]:
    return tuple((seeds.FOLDER / SEED_FILES[document]).read_text().split("\n"))


def test_forty_distinct_questions_for_each_game() -> None:
    # then
    assert len(GRAND_ARCHIVE_CASES) == 40
    assert len(TITANS_CASES) == 40
    assert {case.document for case in GRAND_ARCHIVE_CASES} == {GRAND_ARCHIVE}
    assert {case.document for case in TITANS_CASES} == {TITANS}
    questions = [case.question.strip().lower() for case in CASES]
    assert len(set(questions)) == len(questions)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.question[:40])
def test_the_quote_is_short_and_names_no_heading(case: Case) -> None:
    # then: plain-text books are matched on words, not headings
    assert case.answers == ()
    assert "\n" not in case.quote
    assert ". " not in case.quote  # within one sentence
    assert 4 <= len(case.quote.split()) <= 12


@pytest.mark.skipif(not seeds.FOLDER.is_dir(), reason="the rulebooks are not here")
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.question[:40])
def test_the_quote_is_in_one_line_of_its_rulebook(case: Case) -> None:
    # when
    hits = [line for line in _lines(case.document) if case.quote in line]
    # then: found, and at most twice (the Trading Cards rules are printed for both team formats)
    assert 1 <= len(hits) <= 2, case.quote
