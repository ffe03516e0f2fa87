"""The eighth Grand Archive and Titans of Eden question sets quote their rulebooks exactly: every
quote is in its seed text, within one line, and each game has forty distinct questions."""

import pytest

from tests.support.lookup_games_eighth import GRAND_ARCHIVE_CASES, TITANS_CASES
from tests.support.lookup_questions import GRAND_ARCHIVE, TITANS
from tests.support.seeds import FOLDER

SEEDS = {
    GRAND_ARCHIVE: "grand-archive-comprehensive-rules.txt",
    TITANS: "titans-of-eden-rulebook.md",
}


@pytest.mark.parametrize(
    "cases", [GRAND_ARCHIVE_CASES, TITANS_CASES], ids=["grand-archive", "titans"]
)
def test_forty_distinct_questions(cases):
    assert len(cases) == 40
    assert len({case.question for case in cases}) == 40


@pytest.mark.parametrize(
    "cases", [GRAND_ARCHIVE_CASES, TITANS_CASES], ids=["grand-archive", "titans"]
)
def test_every_quote_is_in_its_rulebook(cases):
    texts = {
        document: (FOLDER / name).read_text(encoding="utf-8") for document, name in SEEDS.items()
    }
    for case in cases:
        assert case.answers == ()
        assert case.quote
        assert "\n" not in case.quote
        assert case.quote in texts[case.document], case.question
