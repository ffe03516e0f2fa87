"""The game engine now against an earlier commit: random games per second, measured in one run.

Usage:
    .venv/bin/python benchmarks/engine_compare.py [REV]               # e.g. HEAD~3; HEAD by default
    .venv/bin/python benchmarks/engine_compare.py REV --games 100 --rounds 5
    .venv/bin/python benchmarks/engine_compare.py REV --instructions  # adds callgrind counts
    .venv/bin/python benchmarks/engine_compare.py --pure              # compiled against pure Python
    .venv/bin/python benchmarks/engine_compare.py REV --pure          # both pure Python
    .venv/bin/python benchmarks/engine_compare.py REV --compiled      # both compiled

REV is checked out into a temporary git worktree. Both engines play the same random-vs-random
games over the four sample timelines (seeds 0..games-1, all 16 pairings in turn), each in its
own child process, alternating REV and the working tree `rounds` times; the best CPU time of
each is compared, so that other work on a shared machine disturbs both alike. Prints games per
second for each and the ratio, and whether the two played identical games (sha256 over the
game logs: an optimisation must not change a game).

With --pure there is no REV: the working tree's engine as installed (compiled by mypyc, see
setup.py) is compared with the same source run as pure Python (GENESIS_PURE_PYTHON=1 in its
child process). Each side says which engine it ran. With --pure and a REV, the working tree runs
as pure Python too, even when it is compiled: the two pure engines are compared (REV's checkout
is always pure Python). With --compiled, REV's checkout is compiled first with its own setup.py
(about a minute of both cores), so that the two compiled engines are compared; the working tree
must have been built (./scripts/build-engine). With --heuristic N both also play N
heuristic-vs-random games after the timed ones, and their logs are compared too.

With --instructions it also counts the instructions each engine executes per game under
valgrind's callgrind (16 games, one of each pairing): a figure that does not depend on what
else the machine is doing.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Run in a child process (python -I: no current directory or PYTHONPATH on sys.path) with the
# engine's root as its first argument; prints JSON, with the file the engine was loaded from.
# The editable install's finder maps the names `rules`, `decks`, ... to the installed tree, and
# would answer `rules.core` with today's package even under an older commit's `rules` (which has
# no core/): so it is taken out, and the engine comes from the root's own files or not at all.
CHILD = r"""
import hashlib, json, sys, time
sys.meta_path[:] = [f for f in sys.meta_path if not getattr(f, "__module__", "").startswith("__editable__")]
sys.path_hooks[:] = [h for h in sys.path_hooks if not getattr(h, "__module__", "").startswith("__editable__")]
sys.path[:] = [p for p in sys.path if "__editable__" not in p]
sys.path_importer_cache.clear()
sys.path.insert(0, sys.argv[1])
try:  # the layout since the engine moved to rules/core/engine
    from rules.core.engine.bots import HeuristicBot, RandomBot
    from rules.core.engine.decks import deck_from_decklist
    from rules.core.engine.play import play_game
    from decks.core.bundled import card_set, sample_decklists
except ImportError:  # a commit from before the move
    from rules.engine.bots import HeuristicBot, RandomBot
    from rules.engine.decks import deck_from_decklist
    from rules.engine.play import play_game
    from rules.engine.samples import card_set, sample_decklists
try:  # since the engine can be compiled (setup.py)
    from rules.core.engine import compiled
except ImportError:
    compiled = lambda: False
games, heuristic = int(sys.argv[2]), int(sys.argv[3])
cards = card_set()
decks = {name: deck_from_decklist(d, cards) for name, d in sample_decklists().items()}
names = sorted(decks)
digest = hashlib.sha256()
steps = 0
started = time.process_time()
for seed in range(games):
    a, b = names[seed % 4], names[(seed // 4) % 4]
    result = play_game(decks[a], decks[b], cards, seed, (RandomBot(seed), RandomBot(seed + 1_000_003)))
    digest.update(result.log.dumps().encode())
    steps += result.state.decisions
cpu = time.process_time() - started
heuristic_digest = hashlib.sha256()
for seed in range(heuristic):
    deck = decks[names[seed % 4]]
    bots = (HeuristicBot(seed), RandomBot(seed)) if seed % 2 == 0 else (RandomBot(seed), HeuristicBot(seed))
    heuristic_digest.update(play_game(deck, deck, cards, seed, bots).log.dumps().encode())
print(json.dumps({
    "engine": sys.modules[play_game.__module__].__file__,
    "cpu": cpu, "digest": digest.hexdigest(), "steps": steps, "compiled": compiled(),
    "heuristic_digest": heuristic_digest.hexdigest(),
}))
"""


# The child's environment for each side: GENESIS_PURE_PYTHON=1 makes a compiled tree run its
# pure-Python modules (rules.core.native).
PURE = {**os.environ, "GENESIS_PURE_PYTHON": "1"}
AS_INSTALLED = {k: v for k, v in os.environ.items() if k != "GENESIS_PURE_PYTHON"}


def run_child(root: Path, games: int, env: dict[str, str], heuristic: int = 0) -> dict:
    """The figures of `root`'s engine; SystemExit, with the reason, if it cannot be loaded from
    `root` (an engine from anywhere else would be compared with itself)."""
    out = subprocess.run(
        [sys.executable, "-I", "-c", CHILD, str(root), str(games), str(heuristic)],
        capture_output=True,
        text=True,
        env=env,
    )
    if out.returncode != 0:
        reason = (out.stderr.strip().splitlines() or ["no message"])[-1]
        raise SystemExit(f"engine_compare: cannot run the engine of {root}: {reason}")
    result = json.loads(out.stdout)
    engine = Path(result["engine"]).resolve()
    if not engine.is_relative_to(Path(root).resolve()):
        raise SystemExit(
            f"engine_compare: refusing to compare: the engine run for {root} was loaded from "
            f"{engine}, not from that tree"
        )
    return result


def instructions(root: Path, games: int, env: dict[str, str]) -> int:
    """Instructions per game under callgrind, less those of loading the engine (0 games)."""

    def count(n: int) -> int:
        out = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=/dev/null",
                sys.executable,
                "-I",
                "-c",
                CHILD,
                str(root),
                str(n),
                "0",
            ],
            check=True,
            capture_output=True,
            text=True,
            env=env,
        )
        line = next(x for x in out.stderr.splitlines() if "Collected" in x)
        return int(line.split()[-1])

    return (count(games) - count(0)) // games


def compare(
    base: tuple[str, Path, dict[str, str]], now: tuple[str, Path, dict[str, str]], args
) -> None:
    """Alternate the two engines, each in its own child process, and print the figures."""
    (base_name, base_root, base_env), (now_name, now_root, now_env) = base, now
    runs: dict[str, list[dict]] = {"base": [], "now": []}
    for index in range(args.rounds):
        heuristic = args.heuristic if index == 0 else 0
        runs["base"].append(run_child(base_root, args.games, base_env, heuristic))
        runs["now"].append(run_child(now_root, args.games, now_env, heuristic))
    best = {k: min(r["cpu"] for r in v) for k, v in runs.items()}
    kind = {k: "compiled" if v[0]["compiled"] else "pure Python" for k, v in runs.items()}
    print(f"{args.games} random games, best of {args.rounds} alternating runs (CPU time):")
    print(f"  {base_name} ({kind['base']}): {args.games / best['base']:.1f} games/s")
    print(f"  {now_name} ({kind['now']}): {args.games / best['now']:.1f} games/s")
    print(f"  ratio: {best['base'] / best['now']:.2f}x")
    same = runs["base"][0]["digest"] == runs["now"][0]["digest"]
    print(f"  identical games: {'yes' if same else 'NO (the game logs differ)'}")
    if args.heuristic:
        same = runs["base"][0]["heuristic_digest"] == runs["now"][0]["heuristic_digest"]
        print(
            f"  identical heuristic games ({args.heuristic}): "
            f"{'yes' if same else 'NO (the game logs differ)'}"
        )
    if args.instructions:
        if shutil.which("valgrind") is None:
            print("  instructions: valgrind is not installed")
        else:
            old = instructions(base_root, 16, base_env)
            new = instructions(now_root, 16, now_env)
            print(
                f"  instructions per game (callgrind, 16 games): {base_name} {old / 1e6:.1f} M, "
                f"{now_name} {new / 1e6:.1f} M, ratio {old / new:.2f}x"
            )


def build(root: Path) -> None:
    """Compile the engine of the checkout `root` with its own setup.py (docs/engine.md)."""
    out = subprocess.run(
        [sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"],
        cwd=root,
        capture_output=True,
        text=True,
        env={**AS_INSTALLED, "GENESIS_COMPILE_ENGINE": "1"},
    )
    if out.returncode != 0:
        reason = (out.stderr.strip().splitlines() or ["no message"])[-1]
        raise SystemExit(f"engine_compare: cannot compile the engine of {root}: {reason}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "rev", nargs="?", default=None, help="the earlier commit to compare with (HEAD)"
    )
    parser.add_argument("--games", type=int, default=160)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--heuristic", type=int, default=0, help="heuristic games to compare")
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument(
        "--pure", action="store_true", help="compare with the working tree run as pure Python"
    )
    parser.add_argument(
        "--compiled", action="store_true", help="compile REV's checkout too (see above)"
    )
    args = parser.parse_args()

    if args.pure and args.rev is None:
        compare(("working tree", ROOT, PURE), ("working tree", ROOT, AS_INSTALLED), args)
        return
    now_env = PURE if args.pure else AS_INSTALLED
    with tempfile.TemporaryDirectory(prefix="engine-compare-") as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            [
                "git",
                "-C",
                str(ROOT),
                "worktree",
                "add",
                "--detach",
                "-f",
                str(base),
                args.rev or "HEAD",
            ],
            check=True,
            capture_output=True,
        )
        try:
            rev = subprocess.run(
                ["git", "-C", str(base), "rev-parse", "--short", "HEAD"],
                check=True,
                capture_output=True,
                text=True,
            ).stdout.strip()
            # A checked-out commit has no compiled modules (they are not in git): pure Python,
            # unless it is compiled here.
            if args.compiled:
                build(base)
            compare((rev, base, AS_INSTALLED), ("working tree", ROOT, now_env), args)
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                capture_output=True,
            )


if __name__ == "__main__":
    main()
