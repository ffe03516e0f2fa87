"""How fast the game engine plays, how big a game state is, and how well the heuristic bot does.

Usage:
    .venv/bin/python benchmarks/engine_throughput.py                 # 1,000 random games, 200 bot games
    .venv/bin/python benchmarks/engine_throughput.py --games 300 --heuristic-games 100
    .venv/bin/python benchmarks/engine_throughput.py --profile       # adds a cProfile of 100 games
    .venv/bin/python benchmarks/engine_throughput.py --by-pairing    # steps and time per pairing

Prints, on one core (one process, no threads), for the engine in use (compiled by mypyc when the
project was installed with it, see setup.py; GENESIS_PURE_PYTHON=1 runs the pure-Python one):
- random-vs-random games per second over the four sample timelines (all 16 pairings in turn),
  by CPU time of this process (time.process_time) and by wall-clock time; the target is at
  least 200 games per second. Also steps (decisions plus forced steps) per second and game
  lengths;
- the size of a game state: the pickled size of final states, and the memory a state holds
  (tracemalloc, while unpickling one: everything it owns, card data included); the target is
  under 5 MB;
- the heuristic bot's win rate against the random bot with mirrored decks (each sample deck
  against itself, seats alternating); the target is at least 80%.
"""

from __future__ import annotations

import argparse
import os
import pickle
import platform
import statistics
import sys
import time
import tracemalloc
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from decks.core.bundled import card_set, sample_decklists
from rules.core.engine import compiled
from rules.core.engine.bots import HeuristicBot, RandomBot
from rules.core.engine.decks import deck_from_decklist
from rules.core.engine.play import play_game


def machine() -> str:
    return f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"


def random_games(count: int, decks: dict, cards: dict) -> dict:
    names = sorted(decks)
    outcomes: Counter = Counter()
    steps = rounds = 0
    sizes = []
    # by champion pairing: [games, steps, rounds, CPU seconds]
    pairings: dict[tuple[str, str], list] = {}
    cpu = time.process_time()
    wall = time.perf_counter()
    for seed in range(count):
        a, b = names[seed % 4], names[(seed // 4) % 4]
        bots = (RandomBot(seed), RandomBot(seed + 1_000_003))
        started = time.process_time()
        result = play_game(decks[a], decks[b], cards, seed, bots)
        row = pairings.setdefault((a, b), [0, 0, 0, 0.0])
        row[0] += 1
        row[1] += result.state.decisions
        row[2] += result.rounds
        row[3] += time.process_time() - started
        outcomes[result.reason] += 1
        steps += result.state.decisions
        rounds += result.rounds
        if seed % 50 == 0:
            sizes.append(result.state)
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - wall
    return {
        "count": count,
        "cpu": cpu,
        "wall": wall,
        "outcomes": outcomes,
        "steps": steps,
        "rounds": rounds,
        "states": sizes,
        "pairings": pairings,
    }


def print_pairings(pairings: dict, decks: dict) -> None:
    """Where the time goes: steps, rounds and CPU per game for each pairing of champions."""
    print("  by pairing (champion a v champion b: steps, rounds, ms per game):")
    for (a, b), (games, steps, rounds, cpu) in sorted(pairings.items()):
        print(
            f"    {decks[a].champion.name} v {decks[b].champion.name}: {steps / games:.0f} steps, "
            f"{rounds / games:.1f} rounds, {1000 * cpu / games:.1f} ms"
        )


def state_memory(state) -> int:
    """Bytes allocated to rebuild one state from its pickle (all it owns, card data included)."""
    data = pickle.dumps(state)
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    copy = pickle.loads(data)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    del copy
    return sum(stat.size_diff for stat in after.compare_to(before, "filename"))


def heuristic_games(count: int, decks: dict, cards: dict) -> tuple[int, int, int, float]:
    names = sorted(decks)
    wins = draws = 0
    cpu = time.process_time()
    for seed in range(count):
        deck = decks[names[seed % 4]]
        heuristic_seat = "a" if seed % 2 == 0 else "b"
        if heuristic_seat == "a":
            bots = (HeuristicBot(seed), RandomBot(seed))
        else:
            bots = (RandomBot(seed), HeuristicBot(seed))
        result = play_game(deck, deck, cards, seed, bots)
        wins += result.winner == heuristic_seat
        draws += result.winner is None
    return wins, draws, count, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--heuristic-games", type=int, default=200)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--by-pairing", action="store_true", help="steps and time per pairing")
    args = parser.parse_args()

    cards = card_set()
    decks = {name: deck_from_decklist(d, cards) for name, d in sample_decklists().items()}
    print(f"machine: {machine()}; date {time.strftime('%Y-%m-%d')}")
    print(f"engine: {'compiled by mypyc' if compiled() else 'pure Python'}")

    play_game(
        decks[sorted(decks)[0]], decks[sorted(decks)[1]], cards, 0, (RandomBot(0), RandomBot(1))
    )
    run = random_games(args.games, decks, cards)
    n = run["count"]
    print(
        f"random vs random: {n} games, {n / run['cpu']:.1f} games/s by CPU time "
        f"({n / run['wall']:.1f} by wall clock); {run['steps'] / run['cpu']:.0f} steps/s; "
        f"{run['steps'] / n:.0f} steps and {run['rounds'] / n:.1f} rounds per game"
    )
    print(f"  endings: {dict(run['outcomes'])}")
    if args.by_pairing:
        print_pairings(run["pairings"], decks)
    pickled = [len(pickle.dumps(s)) for s in run["states"]]
    memory = [state_memory(s) for s in run["states"][:5]]
    print(
        f"game state size: pickled median {statistics.median(pickled) / 1024:.0f} KB, "
        f"max {max(pickled) / 1024:.0f} KB; in memory (tracemalloc) max "
        f"{max(memory) / 1024:.0f} KB (limit 5 MB)"
    )
    if args.heuristic_games:
        wins, draws, count, cpu = heuristic_games(args.heuristic_games, decks, cards)
        print(
            f"heuristic vs random, mirrored decks: {wins}/{count} won ({100 * wins / count:.1f}%), "
            f"{draws} drawn; {count / cpu:.1f} games/s"
        )
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.enable()
        random_games(100, decks, cards)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
