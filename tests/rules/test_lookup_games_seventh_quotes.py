"""The seventh per-game question set is well formed: 40 questions a game, none asked twice, and every
quote is words of its own rulebook (read from the seeds folder, as the lookup's importer reads it)."""

import pytest

from tests.support.lookup_games_seventh import GRAND_ARCHIVE_CASES, TITANS_CASES
from tests.support.lookup_questions import GRAND_ARCHIVE, TITANS
from tests.support.seeds import FOLDER

SEED_FILES = {
    GRAND_ARCHIVE: "grand-archive-comprehensive-rules.txt",
    TITANS: "titans-of-eden-rulebook.md",
}
SETS = {GRAND_ARCHIVE: GRAND_ARCHIVE_CASES, TITANS: TITANS_CASES}


@pytest.mark.parametrize("document", sorted(SETS))
def test_each_game_has_40_distinct_questions_of_its_own_book(document: str) -> None:
    cases = SETS[document]

    assert len(cases) == 40
    assert len({case.question.casefold() for case in cases}) == 40
    assert {case.document for case in cases} == {document}


@pytest.mark.parametrize("document", sorted(SETS))
def test_every_quote_is_a_short_line_of_its_rulebook(document: str) -> None:
    path = FOLDER / SEED_FILES[document]
    if not path.exists():
        pytest.skip(f"the rulebook seeds are not beside the repository ({FOLDER})")
    lines = path.read_text(encoding="utf-8").splitlines()

    missing = [
        case.quote for case in SETS[document] if not any(case.quote in line for line in lines)
    ]

    assert missing == []
    assert all(3 <= len(case.quote.split()) <= 12 for case in SETS[document])
