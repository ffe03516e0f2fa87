"""Soak test of the game engine: many whole games over the sample timelines must all finish.

Usage:
    .venv/bin/python benchmarks/engine_soak.py                    # 10,000 random + 1,000 heuristic
    .venv/bin/python benchmarks/engine_soak.py --random 1000 --heuristic 100 --check-every 1

Random games are random bot against random bot over all pairings of the sample decks (25 of five).
Heuristic games alternate heuristic against heuristic and heuristic against random, seats
alternating. Every game is played to its end: a win, a drawn game (both champions lose at
once), or the 60-round cap (a draw, counted apart). Any exception is a crash and is counted
with its seed. With --check-every N the engine invariants (HP at least 0, cards conserved, a
shared spot's occupants arrived there by a place, a switch, Flight or Tiny, remembered answers
up to date) are asserted after every
step of every Nth game (default 1: every step of every game).

Every game is then rebuilt from its log (`replay`) and must reach the same position and the
same log: a game that does not is counted under "replay_mismatches" (--no-replay skips this).

With --held-out the same soak runs once for each held-out keyword set (tests/rules/data/: one
card per keyword, as version-1 card text, converted as `convert_cards` does): its timeline
(tests/support/held_out_keywords.py) takes the place of one sample deck, so that every pairing
of four decks includes the cards the sample timelines never play.

    .venv/bin/python benchmarks/engine_soak.py --held-out --random 2000 --heuristic 400
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from decks.core.bundled import card_set, sample_decklists
from rules.core.engine import game_log, replay, snapshot
from rules.core.engine.bots import HeuristicBot, RandomBot
from rules.core.engine.decks import deck_from_decklist
from rules.core.engine.play import play_game


def soak(
    kind: str, count: int, check_every: int, decks: dict, cards: dict, check_replay: bool = True
) -> Counter:
    names = sorted(decks)
    tally: Counter = Counter()
    crashes: list[tuple[int, str]] = []
    mismatches: list[int] = []
    started = time.process_time()
    for seed in range(count):
        a, b = names[seed % 4], names[(seed // 4) % 4]
        if kind == "random":
            bots = (RandomBot(seed), RandomBot(seed + 1_000_003))
        elif seed % 2 == 0:
            bots = (HeuristicBot(seed), HeuristicBot(seed + 1))
        else:
            pair = [HeuristicBot(seed), RandomBot(seed)]
            bots = tuple(pair if seed % 4 == 1 else reversed(pair))
        try:
            result = play_game(decks[a], decks[b], cards, seed, bots, check=seed % check_every == 0)
        except Exception:
            tally["crashes"] += 1
            crashes.append((seed, traceback.format_exc(limit=3)))
            continue
        tally["finished"] += result.over
        if check_replay:
            tally["replayed"] += 1
            try:
                rebuilt = replay(result.log, cards)
                same = (
                    snapshot(rebuilt) == snapshot(result.state)
                    and game_log(rebuilt).dumps() == result.log.dumps()
                )
            except Exception:
                same = False
            if not same:
                tally["replay_mismatches"] += 1
                mismatches.append(seed)
        if result.reason == "round_cap":
            tally["round_cap_draws"] += 1
        elif result.winner is None:
            tally["draws"] += 1
        else:
            tally["wins"] += 1
        tally[f"ended_by_{result.reason}"] += 1
        tally["rounds"] += result.rounds
    tally["cpu_seconds"] = round(time.process_time() - started)
    for seed, trace in crashes[:5]:
        print(f"crash in {kind} game seed {seed}:\n{trace}")
    if mismatches:
        print(f"{kind} games whose replay differs (seeds): {mismatches[:20]}")
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=10_000)
    parser.add_argument("--heuristic", type=int, default=1_000)
    parser.add_argument("--check-every", type=int, default=1)
    parser.add_argument("--no-replay", action="store_true", help="do not rebuild each game")
    parser.add_argument("--held-out", action="store_true", help="each held-out set's timeline too")
    args = parser.parse_args()
    if not args.held_out:
        cards = card_set()
        decks = {name: deck_from_decklist(d, cards) for name, d in sample_decklists().items()}
        run(args, decks, cards)
        return
    from tests.support import held_out_keywords

    for name, path in held_out_keywords.SETS.items():
        cards = held_out_keywords.all_cards(path)
        samples = sorted(sample_decklists().items())[:3]
        decks = {n: deck_from_decklist(d, cards) for n, d in samples}
        decks["held-out"] = deck_from_decklist(held_out_keywords.decklist(path=path), cards)
        print(f"the {name} held-out set ({path.name}) beside three sample timelines:")
        run(args, decks, cards)


def run(args: argparse.Namespace, decks: dict, cards: dict) -> None:
    for kind, count in (("random", args.random), ("heuristic", args.heuristic)):
        if not count:
            continue
        tally = soak(kind, count, args.check_every, decks, cards, not args.no_replay)
        rounds = tally.pop("rounds", 0)
        print(
            f"{kind}: {count} games, {tally['finished']} finished, {tally['wins']} won, "
            f"{tally['draws']} drawn, {tally['round_cap_draws']} round-cap draws, "
            f"{tally['crashes']} crashes, {tally['replayed']} replayed with "
            f"{tally['replay_mismatches']} differing; mean {rounds / max(count, 1):.1f} rounds; "
            f"{tally['cpu_seconds']} s CPU"
        )
        endings = {k: v for k, v in sorted(tally.items()) if k.startswith("ended_by_")}
        print(f"  {endings}")


if __name__ == "__main__":
    main()
