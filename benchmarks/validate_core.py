"""How long the pure core takes to validate one legal 50-card timeline (the target is < 1 ms).

Usage:
    .venv/bin/python benchmarks/validate_core.py                  # 20,000 iterations
    .venv/bin/python benchmarks/validate_core.py --iterations 2000

It builds a card pool of 300 cards (8 champions; the rest spread over four affiliations and a
world, Chi 0-9) and a legal deck for one champion: a 50-card timeline of 17 different cards with
at most 250 Chi, 6 forethoughts with at most 100 Chi and 2 subconscious tokens. Each call is
timed on its own with time.perf_counter; the script prints the median, p95 and max in
microseconds for:

- validate() on the parsed decklist, the figure the target is about. name_key is cached, so
  repeated names cost a dictionary lookup, as on a busy server;
- the same with name_key's cache cleared before every call (a deck the server has never seen);
- parse_decklist() + validate() on the text form, as an import from the API does it.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.core.cards import NON_CHAMPION_TYPES, Card, CardType
from rules.core.decklist import DeckEntry, Decklist, format_decklist, name_key, parse_decklist
from rules.core.formats import GENESIS_STANDARD
from rules.core.timeline import validate

AFFILIATIONS = ("Axon", "Thymos", "Bellum", "Chaos")
WORLD = "Jaelara"
POOL_SIZE = 300


def build_pool(rng: random.Random) -> dict[str, Card]:
    cards = [
        Card(
            name=f"Champion {n}",
            type=CardType.CHAMPION,
            affiliations=frozenset(rng.sample(AFFILIATIONS, 2)),
            world=WORLD,
            hp=20,
            aura=10,
            energy_reduction=1,
        )
        for n in range(8)
    ]
    symbols = (*AFFILIATIONS, WORLD)
    while len(cards) < POOL_SIZE:
        cards.append(
            Card(
                name=f"{rng.choice(['Phyr', 'Ember', 'Storm', 'Iron', 'Veil'])} Card {len(cards)}",
                type=rng.choice(NON_CHAMPION_TYPES),
                affiliations=frozenset(rng.sample(symbols, rng.choice([1, 1, 2]))),
                chi=rng.randint(0, 9),
                set_code="ORIG",
            )
        )
    return {name_key(card.name): card for card in cards}


def build_deck(pool: dict[str, Card], rng: random.Random) -> Decklist:
    champion = next(card for card in pool.values() if card.is_champion)
    fitting = [
        card
        for card in pool.values()
        if not card.is_champion and card.identity <= champion.identity and card.chi <= 6
    ]
    rng.shuffle(fitting)
    counts = [4] * 8 + [2] * 9  # 17 different cards, 50 in all
    timeline = tuple(
        DeckEntry(count, card.name) for count, card in zip(counts, fitting, strict=False)
    )
    forethoughts = tuple(DeckEntry(1, card.name) for card in fitting[17:23])
    tokens = [card for card in pool.values() if not card.is_champion][:2]
    subconscious = tuple(DeckEntry(3, card.name) for card in tokens)
    return Decklist(champion.name, timeline, forethoughts, subconscious)


def timed(call: Callable[[], object], iterations: int, before: Callable[[], object] | None = None):
    samples = []
    for _ in range(iterations):
        if before is not None:
            before()
        started = time.perf_counter()
        call()
        samples.append(time.perf_counter() - started)
    samples.sort()
    micro = [s * 1e6 for s in samples]
    return statistics.median(micro), micro[int(0.95 * (len(micro) - 1))], micro[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=20_000)
    args = parser.parse_args()

    rng = random.Random(52)
    pool = build_pool(rng)
    decklist = build_deck(pool, rng)
    text = format_decklist(decklist)
    result = validate(decklist, pool, GENESIS_STANDARD)
    assert result.legal, result.as_dict()["errors"]
    totals = result.totals
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}; "
        f"{len(pool)} cards in the pool; deck: {totals.timeline_cards} cards / "
        f"{totals.timeline_chi} Chi, {len(decklist.timeline)} different; forethoughts "
        f"{totals.forethoughts_cards} cards / {totals.forethoughts_chi} Chi; "
        f"{args.iterations:,} iterations"
    )

    for _ in range(1_000):  # warm-up
        validate(decklist, pool, GENESIS_STANDARD)
    runs = [
        ("validate()", lambda: validate(decklist, pool, GENESIS_STANDARD), None),
        (
            "validate(), name_key cache cleared",
            lambda: validate(decklist, pool, GENESIS_STANDARD),
            name_key.cache_clear,
        ),
        (
            "parse_decklist() + validate()",
            lambda: validate(parse_decklist(text), pool, GENESIS_STANDARD),
            None,
        ),
    ]
    print(f"{'':38}{'median µs':>10}{'p95 µs':>10}{'max µs':>10}")
    for label, call, before in runs:
        median, p95, worst = timed(call, args.iterations, before)
        print(f"{label:38}{median:10.1f}{p95:10.1f}{worst:10.1f}")


if __name__ == "__main__":
    main()
