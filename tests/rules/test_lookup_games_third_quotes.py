"""The third per-game question set is well formed: 40 questions a game, none asked twice, each
quote a few words found as they stand in its own rulebook (read from ../shared/seeds)."""

import re

import pytest

from tests.support.lookup_games_third import GRAND_ARCHIVE_CASES, TITANS_CASES
from tests.support.lookup_questions import GRAND_ARCHIVE, TITANS
from tests.support.seeds import FOLDER

SETS = {
    GRAND_ARCHIVE: ("grand-archive-comprehensive-rules.txt", GRAND_ARCHIVE_CASES),
    TITANS: ("titans-of-eden-rulebook.md", TITANS_CASES),
}
# How a question names its game when it does (about half of them do).
NAMES = {
    GRAND_ARCHIVE: re.compile(r"grand archive|\bga\b", re.IGNORECASE),
    TITANS: re.compile(r"titans|\btoe\b", re.IGNORECASE),
}


@pytest.mark.parametrize("document", SETS)
def test_each_game_has_40_distinct_questions_filed_under_it(document):
    # given
    _, cases = SETS[document]

    # then
    assert len(cases) == 40
    assert len({case.question for case in cases}) == 40
    assert {case.document for case in cases} == {document}
    assert all(case.answers == () and case.quote for case in cases)


@pytest.mark.parametrize("document", SETS)
def test_every_quote_is_a_few_words_of_one_line_of_its_rulebook(document):
    # given
    seed, cases = SETS[document]
    lines = (FOLDER / seed).read_text(encoding="utf-8").splitlines()

    # when
    missing = [case.quote for case in cases if not any(case.quote in line for line in lines)]
    lengths = [len(case.quote.split()) for case in cases]

    # then
    assert missing == []
    assert min(lengths) >= 4
    assert max(lengths) <= 12


@pytest.mark.parametrize("document", SETS)
def test_about_half_the_questions_name_their_game(document):
    # given
    _, cases = SETS[document]

    # when
    naming = sum(1 for case in cases if NAMES[document].search(case.question))

    # then
    assert 15 <= naming <= 25
