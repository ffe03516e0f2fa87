"""The fifth per-game question set is well formed: forty distinct questions for each of Grand
Archive and Titans of Eden, each naming its book, and every answer quote is words of that book
(read from ../shared/seeds), short and on one line, so a passage can be checked against it.
"""

import pytest

from tests.support.lookup_games_fifth import GRAND_ARCHIVE_CASES, TITANS_CASES
from tests.support.lookup_questions import GRAND_ARCHIVE, TITANS
from tests.support.seeds import FOLDER

BOOKS = {
    GRAND_ARCHIVE: "grand-archive-comprehensive-rules.txt",
    TITANS: "titans-of-eden-rulebook.md",
}
CASES = [*GRAND_ARCHIVE_CASES, *TITANS_CASES]


def _book(document: str) -> str:
    return (FOLDER / BOOKS[document]).read_text(encoding="utf-8")


def test_forty_cases_per_game_and_no_question_twice():
    # then
    assert len(GRAND_ARCHIVE_CASES) == 40
    assert len(TITANS_CASES) == 40
    assert {case.document for case in GRAND_ARCHIVE_CASES} == {GRAND_ARCHIVE}
    assert {case.document for case in TITANS_CASES} == {TITANS}
    questions = [case.question.casefold() for case in CASES]
    assert len(set(questions)) == len(questions)


@pytest.mark.parametrize("case", CASES, ids=[case.question[:40] for case in CASES])
def test_every_quote_is_short_words_of_its_own_book(case):
    # given
    text = _book(case.document)

    # then
    assert case.answers == ()
    assert "\n" not in case.quote
    assert 3 <= len(case.quote.split()) <= 13
    assert case.quote in text
