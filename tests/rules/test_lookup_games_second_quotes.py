"""The second Grand Archive and Titans of Eden question sets hold together: forty questions each,
none asked twice, and every quote is words of its own rulebook, so a case can be answered at all.
"""

import pytest

from tests.support.lookup_games_second import GRAND_ARCHIVE_CASES, TITANS_CASES
from tests.support.lookup_questions import GRAND_ARCHIVE, TITANS
from tests.support.seeds import FOLDER

BOOKS = {
    GRAND_ARCHIVE: "grand-archive-comprehensive-rules.txt",
    TITANS: "titans-of-eden-rulebook.md",
}
SETS = {GRAND_ARCHIVE: GRAND_ARCHIVE_CASES, TITANS: TITANS_CASES}


@pytest.fixture(scope="module")
def texts() -> dict[str, str]:
    return {
        document: (FOLDER / name).read_text(encoding="utf-8") for document, name in BOOKS.items()
    }


@pytest.mark.parametrize("document", SETS)
def test_each_set_has_forty_distinct_questions_of_its_game(document):
    cases = SETS[document]

    assert len(cases) == 40
    assert len({case.question.casefold() for case in cases}) == 40
    assert {case.document for case in cases} == {document}
    assert all(case.answers == () for case in cases)


@pytest.mark.parametrize("document", SETS)
def test_every_quote_is_a_short_line_of_its_rulebook(document, texts):
    missing = [case.quote for case in SETS[document] if case.quote not in texts[document]]
    too_long_or_short = [
        case.quote for case in SETS[document] if not 4 <= len(case.quote.split()) <= 12
    ]

    assert missing == []
    assert too_long_or_short == []
    assert not any("\n" in case.quote for case in SETS[document])
