"""The engine compiled by mypyc (setup.py) and the pure-Python engine are one engine: the same
games, states that pickle both ways, and never a compiled module older than its source.

The install runs the pure-Python engine (the compiled one is opt-in: ./scripts/build-engine), so
the comparison uses the compiled engine built in a copy of today's sources (by ./scripts/test in
the background, or here: tests/support/engine_build.py), and plays the same games on both there. The other tests run whichever engine this install has."""

import hashlib
import json
import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

from decks.core.bundled import card_set, sample_decklists
from rules.core import native
from rules.core.engine import apply, legal_actions, new_game, snapshot
from rules.core.engine.bots import HeuristicBot, RandomBot
from rules.core.engine.decks import deck_from_decklist
from rules.core.engine.flow import to_act
from rules.core.engine.play import play_game
from tests.support import engine_build

ROOT = Path(__file__).resolve().parents[3]
BUILD_WAIT = 300  # seconds: the build takes about one on a loaded machine

# Prints the sha256 over the logs of some random and heuristic games over the sample timelines.
DIGEST = """
import hashlib
from decks.core.bundled import card_set, sample_decklists
from rules.core.engine import compiled
from rules.core.engine.bots import HeuristicBot, RandomBot
from rules.core.engine.play import play_game

cards, samples = card_set(), sample_decklists()
names = sorted(samples)
digest = hashlib.sha256()
for seed in range(32):
    a, b = samples[names[seed % 4]], samples[names[(seed // 4) % 4]]
    if seed % 4 == 3:
        bots = (HeuristicBot(seed), RandomBot(seed))
    else:
        bots = (RandomBot(seed), RandomBot(seed + 1_000_003))
    digest.update(play_game(a, b, cards, seed, bots).log.dumps().encode())
print(compiled(), digest.hexdigest())
"""


def run_digest(pure: bool, tree: Path = ROOT) -> list[str]:
    """The DIGEST of games played by the engine of the sources in `tree` (`python -c` puts its
    folder first on the path, before the installed project)."""
    env = {k: v for k, v in os.environ.items() if k != "GENESIS_PURE_PYTHON"}
    if pure:
        env["GENESIS_PURE_PYTHON"] = "1"
    out = subprocess.run(
        [sys.executable, "-c", DIGEST],
        cwd=tree,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return out.stdout.split()


def compiled_copy(tree: Path) -> Path:
    """The engine compiled from today's sources: the copy ./scripts/test started building
    before its one-core checks (tests/support/engine_build.py), once it holds today's sources;
    otherwise one built here in `tree`."""
    started = os.environ.get("GENESIS_COMPILED_ENGINE_COPY")
    if started:
        tree = Path(started)
        result = tree / engine_build.RESULT
        deadline = time.monotonic() + BUILD_WAIT
        while not result.is_file():
            assert time.monotonic() < deadline, (
                f"the engine build in {tree} took over {BUILD_WAIT} s"
            )
            time.sleep(0.5)
        build = json.loads(result.read_text())
        assert engine_build.sources_digest(tree) == engine_build.sources_digest(ROOT), (
            "the engine built before the run is not of today's sources"
        )
    else:
        build = engine_build.build(tree)
    assert build["returncode"] == 0, build["stderr"]
    assert (tree / "rules/core/compiled-sources.txt").is_file(), build["stderr"]
    return tree


def test_the_compiled_engine_builds_and_plays_the_same_games_as_the_pure_python_one(tmp_path):
    # given the engine compiled from today's sources
    tree = compiled_copy(tmp_path)
    # when the same random and heuristic games are played by each engine in its own process
    compiled_run = run_digest(pure=False, tree=tree)
    pure_run = run_digest(pure=True, tree=tree)
    # then each ran the engine it was asked for, and the logs are identical
    assert compiled_run[0] == "True"
    assert pure_run[0] == "False"
    assert compiled_run[1] == pure_run[1]


def test_a_state_pickled_in_the_middle_of_a_game_plays_on_identically():
    cards, samples = card_set(), sample_decklists()
    names = sorted(samples)
    deck_a = deck_from_decklist(samples[names[2]], cards)
    deck_b = deck_from_decklist(samples[names[3]], cards)
    state = new_game((deck_a, deck_b), seed=7, narrate=True)
    bots = (RandomBot(7), RandomBot(8))
    checked = 0
    while not state.over:
        if state.decisions % 25 == 0 or state.stack or state.pending is not None:
            # when pickled and unpickled (stack, pending choices and the log included)
            copy = pickle.loads(pickle.dumps(state))
            # then it is the same position, with the same choices
            assert snapshot(copy) == snapshot(state)
            assert copy.actions_taken() == state.actions_taken()
            assert copy.event_list() == state.event_list()
            assert legal_actions(copy) == legal_actions(state)
            checked += 1
        player = to_act(state)
        assert player is not None
        state = apply(state, bots[player].choose_action(state))
    assert checked > 10


def test_a_finished_game_unpickles_to_the_same_log_and_cards():
    cards, samples = card_set(), sample_decklists()
    names = sorted(samples)
    result = play_game(
        samples[names[0]], samples[names[1]], cards, 4, (HeuristicBot(4), RandomBot(4))
    )
    copy = pickle.loads(pickle.dumps(result.state))
    assert copy.setup == result.state.setup
    assert copy.actions_taken() == result.state.actions_taken()


def test_an_edited_source_does_not_count_as_compiled(tmp_path, monkeypatch):
    # given a manifest of compiled sources as setup.py writes it
    module = "rules.core.engine.costs"
    source = ROOT / "rules/core/engine/costs.py"
    manifest = tmp_path / "compiled-sources.txt"
    monkeypatch.setattr(native, "SOURCES", manifest)
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    manifest.write_text(f"{digest}  {module}\n")
    compiled_file = ROOT / "rules/core/engine/costs.cpython-311-x86_64-linux-gnu.so"
    assert native._fresh([compiled_file])
    # when the source no longer matches what was compiled
    manifest.write_text(f"{'0' * 64}  {module}\n")
    # then the compiled modules are not used
    assert not native._fresh([compiled_file])
    # nor when a compiled module is not one the last build made
    manifest.write_text(f"{digest}  {module}\n")
    assert not native._fresh([ROOT / "rules/core/engine/flow.cpython-311-x86_64-linux-gnu.so"])
    # nor when nothing says what was compiled
    manifest.unlink()
    assert not native._fresh([compiled_file])


def test_pure_python_can_be_asked_for_at_run_time():
    env = {**os.environ, "GENESIS_PURE_PYTHON": "1"}
    code = (
        "import json, rules.core.engine as e, rules.core.engine.flow as f, rules.core.cards as c;"
        "print(json.dumps([e.compiled(), f.__file__, c.__file__]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    is_compiled, flow, cards = json.loads(out.stdout)
    assert not is_compiled
    assert flow.endswith(".py")
    assert cards.endswith(".py")


def test_a_bot_can_be_subclassed_in_python():
    class AlwaysLeads(RandomBot):
        def choose_lead(self, match, seat):
            return True

    cards, samples = card_set(), sample_decklists()
    names = sorted(samples)
    bots = (AlwaysLeads(1), RandomBot(2))
    result = play_game(samples[names[0]], samples[names[1]], cards, 1, bots)
    assert result.over
