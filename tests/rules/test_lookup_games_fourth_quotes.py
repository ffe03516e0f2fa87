"""The fourth per-game question set (tests/support/lookup_games_fourth.py) is sound: 40 questions
for each game, none asked twice, and every quote a short piece of one line of its rulebook, so a
passage that answers can contain it. The rulebooks are read from ../shared/seeds, as the
importer reads them.
"""

import pytest

from tests.support.lookup_games_fourth import GRAND_ARCHIVE_CASES, TITANS_CASES
from tests.support.lookup_questions import GRAND_ARCHIVE, TITANS
from tests.support.seeds import FOLDER

SETS = {
    GRAND_ARCHIVE: ("grand-archive-comprehensive-rules.txt", GRAND_ARCHIVE_CASES),
    TITANS: ("titans-of-eden-rulebook.md", TITANS_CASES),
}


@pytest.mark.parametrize("document", list(SETS))
def test_each_game_has_forty_distinct_questions_of_its_own(document):
    # given
    _, cases = SETS[document]
    questions = [case.question for case in cases]

    # then
    assert len(cases) == 40
    assert len(set(questions)) == len(questions)
    assert {case.document for case in cases} == {document}


@pytest.mark.parametrize("document", list(SETS))
def test_every_quote_is_a_short_piece_of_one_line_of_its_rulebook(document):
    # given
    file, cases = SETS[document]
    lines = (FOLDER / file).read_text(encoding="utf-8").splitlines()

    # then
    for case in cases:
        assert 4 <= len(case.quote.split()) <= 14, case.quote
        assert any(case.quote in line for line in lines), case.quote
