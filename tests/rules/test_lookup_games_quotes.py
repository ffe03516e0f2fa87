"""Every round of per-game question sets (tests/support/lookup_questions.GAME_ROUNDS: Grand
Archive, Titans of Eden and, in the first, Genesis by name) is well formed: the promised number
of cases, all filed under their game's rulebook, no question asked twice in a round, about half
of a game's questions naming it, and every quote a few words found on one line of its rulebook,
so that a passage can be told to answer by its text. The rulebooks are read from ../shared/seeds
as the importer reads them."""

import importlib

import pytest

from tests.support import seeds
from tests.support.lookup_questions import CORE, GAME_NAMES, GAME_ROUNDS, GRAND_ARCHIVE, TITANS

DOCUMENTS = {"grand-archive": GRAND_ARCHIVE, "titans-of-eden": TITANS, "genesis": CORE}
SEED_FILES = {
    GRAND_ARCHIVE: "grand-archive-comprehensive-rules.txt",
    TITANS: "titans-of-eden-rulebook.md",
    CORE: "genesis-core-rulebook-5.2.md",
}
SIZES = {"genesis": 15}  # every other game's set has 40 questions


def _sets() -> list[tuple[str, str, list]]:
    """(round, game, cases) of every round."""
    found = []
    for which, (module, names) in GAME_ROUNDS.items():
        source = importlib.import_module(f"tests.support.{module}")
        found += [(which, game, getattr(source, name)) for game, name in names.items()]
    return found


SETS = _sets()
IDS = [f"{which}-{game}" for which, game, _ in SETS]


@pytest.mark.parametrize(("which", "game", "cases"), SETS, ids=IDS)
def test_each_set_has_its_cases_all_in_its_document(which, game, cases):
    assert len(cases) == SIZES.get(game, 40)
    assert {case.document for case in cases} == {DOCUMENTS[game]}
    assert all(case.answers == () and case.quote for case in cases)


@pytest.mark.parametrize("which", GAME_ROUNDS)
def test_no_question_is_asked_twice_in_a_round(which):
    questions = [
        case.question.casefold() for round_, _, cases in SETS if round_ == which for case in cases
    ]
    assert len(questions) == len(set(questions))


@pytest.mark.parametrize(("which", "game", "cases"), SETS, ids=IDS)
def test_about_half_of_a_games_questions_name_the_game(which, game, cases):
    named = [case for case in cases if GAME_NAMES[game].search(case.question)]
    if game == "genesis":
        assert len(named) == len(cases)  # the set of questions that name Genesis
    else:
        assert len(cases) * 0.4 <= len(named) <= len(cases) * 0.6


@pytest.mark.parametrize(("which", "game", "cases"), SETS, ids=IDS)
def test_a_quote_is_a_few_words_of_one_line_of_its_rulebook(which, game, cases):
    if not seeds.FOLDER.is_dir():
        pytest.skip(f"the rulebooks are not here: {seeds.FOLDER}")
    # given
    lines = (seeds.FOLDER / SEED_FILES[DOCUMENTS[game]]).read_text("utf-8").splitlines()
    # then: each on one line, short, and found
    for case in cases:
        assert "\n" not in case.quote
        assert 4 <= len(case.quote.split()) <= 13, case.quote
        assert any(case.quote in line for line in lines), case.quote
