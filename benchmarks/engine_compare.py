"""The game engine now against an earlier commit: random games per second, measured in one run.

Usage:
    .venv/bin/python benchmarks/engine_compare.py [REV]               # e.g. HEAD~3; HEAD by default
    .venv/bin/python benchmarks/engine_compare.py REV --games 100 --rounds 5
    .venv/bin/python benchmarks/engine_compare.py REV --instructions  # adds callgrind counts

REV is checked out into a temporary git worktree. Both engines play the same random-vs-random
games over the four sample timelines (seeds 0..games-1, all 16 pairings in turn), each in its
own child process, alternating REV and the working tree `rounds` times; the best CPU time of
each is compared, so that other work on a shared machine disturbs both alike. Prints games per
second for each and the ratio, and whether the two played identical games (sha256 over the
game logs: an optimisation must not change a game).

With --instructions it also counts the instructions each engine executes per game under
valgrind's callgrind (16 games, one of each pairing): a figure that does not depend on what
else the machine is doing.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Run in a child process with the engine's root as its only argument; prints JSON.
CHILD = r"""
import hashlib, json, sys, time
sys.path.insert(0, sys.argv[1])
try:  # the layout since the engine moved to rules/core/engine
    from rules.core.engine.bots import RandomBot
    from rules.core.engine.decks import deck_from_decklist
    from rules.core.engine.play import play_game
    from decks.core.bundled import card_set, sample_decklists
except ImportError:  # a commit from before the move
    from rules.engine.bots import RandomBot
    from rules.engine.decks import deck_from_decklist
    from rules.engine.play import play_game
    from rules.engine.samples import card_set, sample_decklists
games = int(sys.argv[2])
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
print(json.dumps({"cpu": time.process_time() - started, "digest": digest.hexdigest(), "steps": steps}))
"""


def run_child(root: Path, games: int) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(root), str(games)],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout)


def instructions(root: Path, games: int) -> int:
    """Instructions per game under callgrind, less those of loading the engine (0 games)."""

    def count(n: int) -> int:
        out = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=/dev/null",
                sys.executable,
                "-c",
                CHILD,
                str(root),
                str(n),
            ],
            check=True,
            capture_output=True,
            text=True,
        )
        line = next(x for x in out.stderr.splitlines() if "Collected" in x)
        return int(line.split()[-1])

    return (count(games) - count(0)) // games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "rev", nargs="?", default="HEAD", help="the earlier commit to compare with (HEAD)"
    )
    parser.add_argument("--games", type=int, default=160)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--instructions", action="store_true")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="engine-compare-") as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f", str(base), args.rev],
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
            runs: dict[str, list[dict]] = {"base": [], "now": []}
            for _ in range(args.rounds):
                runs["base"].append(run_child(base, args.games))
                runs["now"].append(run_child(ROOT, args.games))
            best = {k: min(r["cpu"] for r in v) for k, v in runs.items()}
            print(f"{args.games} random games, best of {args.rounds} alternating runs (CPU time):")
            print(f"  {rev}: {args.games / best['base']:.1f} games/s")
            print(f"  working tree: {args.games / best['now']:.1f} games/s")
            print(f"  ratio: {best['base'] / best['now']:.2f}x")
            same = runs["base"][0]["digest"] == runs["now"][0]["digest"]
            print(f"  identical games: {'yes' if same else 'NO (the game logs differ)'}")
            if args.instructions:
                if shutil.which("valgrind") is None:
                    print("  instructions: valgrind is not installed")
                else:
                    old, new = instructions(base, 16), instructions(ROOT, 16)
                    print(
                        f"  instructions per game (callgrind, 16 games): {rev} {old / 1e6:.1f} M, "
                        f"working tree {new / 1e6:.1f} M, ratio {old / new:.2f}x"
                    )
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                capture_output=True,
            )


if __name__ == "__main__":
    main()
