"""The replay viewer's public view of a logged game: the 5×6 grid, hidden zones as counts, the
stack, and the step bounds; and replay up to a step."""

import pytest

from decks.core.bundled import card_set, sample_decklists
from rules.core.engine import replay, snapshot
from rules.core.engine.bots import RandomBot
from rules.core.engine.play import play_game
from rules.core.engine.viewer import position

CARDS = card_set()


@pytest.fixture(scope="module")
def game():
    a, b = list(sample_decklists().values())[:2]
    return play_game(a, b, CARDS, 11, (RandomBot(1), RandomBot(2)))


def test_step_zero_is_the_opening_position(game):
    view = position(game.log, CARDS, 0)
    assert view["step"] == 0
    assert view["last_action"] is None
    assert len(view["grid"]) == 6
    assert all(len(row) == 5 for row in view["grid"])
    # row 6 on top: seat b's champion at c3r6 in the first row, seat a's at c3r1 in the last
    top, bottom = view["grid"][0][2], view["grid"][-1][2]
    assert (top["spot"], bottom["spot"]) == ("c3r6", "c3r1")
    assert [p["controller"] for p in top["permanents"]] == ["b"]
    assert [p["controller"] for p in bottom["permanents"]] == ["a"]
    assert bottom["permanents"][0]["arrow"] == "↑"
    assert top["permanents"][0]["arrow"] == "↓"
    for player in view["players"]:
        assert isinstance(player["thoughts"], int)
        assert isinstance(player["timeline"], int)
        assert player["thoughts"] == 6
        assert player["memories"] == []


def test_a_later_step_matches_a_replay_and_describes_the_last_action(game):
    step = len(game.log.actions) // 2
    view = position(game.log, CARDS, step)
    state = replay(game.log, CARDS, upto=step)
    snap = snapshot(state)
    assert view["round"] == snap["round"]
    assert view["last_action"][0] in "AB"
    shown = sorted(p["id"] for row in view["grid"] for cell in row for p in cell["permanents"])
    assert shown == sorted(perm["id"] for perm in snap["arena"])


def test_the_last_step_is_the_end_of_the_game(game):
    view = position(game.log, CARDS, len(game.log.actions))
    assert view["over"]
    assert view["winner"] == game.winner
    assert snapshot(replay(game.log, CARDS)) == snapshot(game.state)


@pytest.mark.parametrize("step", [-1, "end+1"])
def test_a_step_outside_the_log_is_refused(game, step):
    step = len(game.log.actions) + 1 if step == "end+1" else step
    with pytest.raises(ValueError, match="outside the log"):
        position(game.log, CARDS, step)
    with pytest.raises(ValueError, match="outside the log"):
        replay(game.log, CARDS, upto=step)
