"""Does the heuristic bot play the keyword cards? (issue 27, finding 6)

The held-out style keyword set (tests/rules/data/held-out-keywords-v1.json: one card per keyword
the engine learned last, as version-1 card text) is converted as `convert_cards` converts it; a
card the converter refuses (a clause no field states) cannot be played and counts as not played.
A timeline is built around the keyword cards (tests/support/held_out_keywords.py). The heuristic
bot plays it against the random bot, seats alternating, and the script prints how many of the
keyword cards the heuristic bot played at least once, each card's plays and resolutions, and
its win rate:

- "held-out mirror": both sides play the held-out timeline (the audit's set-up);
- "against the samples": the random bot plays the held-out timeline and the five sample
  timelines in turn (summons with attacks on the other side: more kills, more low HP);
- "the four sample timelines": the heuristic bot against the random bot with mirrored sample
  timelines (engine_throughput.py's figure, seeds from 0), to check that its win rate is kept.

    .venv/bin/python benchmarks/bot_keywords.py [--games 200] [--seed 0] [--set second]
    .venv/bin/python benchmarks/bot_keywords.py --write DIR    # the card file and the timeline

`--set second` plays the second held-out set (held-out-keywords-2-v1.json, written blind by
another hand: one card per keyword, and cards that say the same things in other words). Its
timeline holds the keyword cards, and the count is of them; a third run plays a timeline of the
set's other cards, and counts them.

`--write DIR` writes the keyword cards that convert as a card file (DIR/held-out-keywords.json)
and the timeline (DIR/held-out-timeline.txt), and plays nothing: import the file with
`manage.py import_cards` and play the timeline with `manage.py simulate ... --bot heuristic
--json` to read the same per-card figures from the service.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _setup import machine
from engine_throughput import heuristic_games

from decks.core.bundled import card_set, sample_decklists
from rules.core.engine import compiled
from rules.core.engine.bots import HeuristicBot, RandomBot
from rules.core.engine.decks import deck_from_decklist
from rules.core.engine.play import play_game
from rules.core.engine.usage import add_usage, new_usage
from tests.support import held_out_keywords


def keyword_games(games: int, seed: int, opponents: list, path: Path, others: bool = False) -> None:
    cards = held_out_keywords.all_cards(path)
    deck = deck_from_decklist(held_out_keywords.decklist(path=path, others=others), cards)
    keyword = held_out_keywords.keyword_card_names(path)
    names = [n for n in held_out_keywords.card_names(path) if (n in keyword) is not others]
    played: Counter[str] = Counter()
    resolved: Counter[str] = Counter()
    wins = draws = 0
    cpu = time.process_time()
    for number in range(seed, seed + games):
        opponent = deck_from_decklist(opponents[(number // 2) % len(opponents)], cards)
        heuristic = number % 2  # seats alternate
        bots = [RandomBot(number), RandomBot(number)]
        bots[heuristic] = HeuristicBot(number, cards)
        pair = (deck, opponent) if heuristic == 0 else (opponent, deck)
        result = play_game(*pair, cards, number, bots, narrate=True)  # usage reads the story
        assert result.state is not None
        usage = new_usage()
        add_usage(usage, result.state)
        played.update(usage[heuristic][0])
        resolved.update(usage[heuristic][1])
        wins += result.winner == "ab"[heuristic]
        draws += result.winner is None
    cpu = time.process_time() - cpu
    refused = held_out_keywords.converted(path)[1]
    count = sum(1 for name in names if played[name])
    print(
        f"  {'other' if others else 'keyword'} cards played at least once: {count} of {len(names)}; "
        f"won {wins} of {games} ({100 * wins / games:.1f}%), {draws} drawn; "
        f"{games / cpu:.1f} games/s (CPU)"
    )
    for name in names:
        note = "  (refused by the converter: cannot be played)" if name in refused else ""
        print(f"    {name:<16} played {played[name]:>5}  resolved {resolved[name]:>5}{note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--write", type=Path, metavar="DIR")
    parser.add_argument("--set", choices=sorted(held_out_keywords.SETS), default="first")
    args = parser.parse_args()
    path = held_out_keywords.SETS[args.set]
    if args.write:
        args.write.mkdir(parents=True, exist_ok=True)
        (args.write / "held-out-keywords.json").write_text(
            held_out_keywords.converted_file(path)[0]
        )
        timeline = held_out_keywords.decklist_text(path=path)
        (args.write / "held-out-timeline.txt").write_text(timeline)
        print(f"written: {args.write}/held-out-keywords.json and held-out-timeline.txt")
        return
    print(f"machine: {machine()}; date {time.strftime('%Y-%m-%d')}")
    print(f"engine: {'compiled by mypyc' if compiled() else 'pure Python'}")
    print(f"held-out set: {path.name}")
    refused = held_out_keywords.converted(path)[1]
    for name, why in refused.items():
        print(f"refused by the converter: {name}: {why}")
    held_out = held_out_keywords.decklist(path=path)
    print(f"held-out mirror, {args.games} games from seed {args.seed}:")
    keyword_games(args.games, args.seed, [held_out], path)
    print(f"against the samples, {args.games} games from seed {args.seed}:")
    samples = [d for _, d in sorted(sample_decklists().items())]
    keyword_games(args.games, args.seed, [held_out, *samples], path)
    if held_out_keywords.card_names(path) != held_out_keywords.keyword_card_names(path):
        other = held_out_keywords.decklist(path=path, others=True)
        print(f"the set's other cards, mirrored, {args.games} games from seed {args.seed}:")
        keyword_games(args.games, args.seed, [other], path, others=True)
    print(f"the four sample timelines, mirrored, {args.games} games (engine_throughput.py):")
    cards = card_set()
    decks = {name: deck_from_decklist(d, cards) for name, d in sample_decklists().items()}
    wins, draws, count, _ = heuristic_games(args.games, decks, cards)
    print(f"  won {wins} of {count} ({100 * wins / count:.1f}%), {draws} drawn")


if __name__ == "__main__":
    main()
