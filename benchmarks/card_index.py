"""Card index at scale: import a generated 10,000-card set, then search it.

Prints the import time and the import process's peak memory (its own max RSS), the time of an
idempotent re-import, and the median/p95 of searches through GET /api/cards/?q=… .
Targets (issue 2): import under 30 s with peak memory under 300 MB; search under 50 ms median.

    .venv/bin/python benchmarks/card_index.py [--cards 10000]      # SQLite (temporary file)
    ./scripts/bench card_index                                     # SQLite and PostgreSQL
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _setup import ROOT, machine, scratch_database, summary_ms, timed_ms, use_database, vendor

AFFILIATIONS = ["Axon", "Thymos", "Bellum", "Chaos", "Jaelara"]
TYPES = ["spell", "technique", "summon", "alteration", "enchantment"]
ABILITY_NAMES = [
    "Basic Attack [1]",
    "Range Attack [2]",
    "Area Fire Attack [3]",
    "Heavy Attack [4]",
    "Cure [2]",
    "Heal [3]",
    "Defense [1]",
    "Flight",
    "Quick Basic Attack [2]",
    "Push",
    "Stun",
    "Draw",
    "Beckon",
    "Build",
    "Enchant",
    "Curse",
    "Weakness [Fire]",
]
SPEEDS = ["action", "swift", "trigger", "continuous"]
WORDS = [
    "ember",
    "tide",
    "stone",
    "storm",
    "veil",
    "oath",
    "spark",
    "thorn",
    "gale",
    "rune",
    "shade",
    "crown",
    "ash",
    "frost",
    "glimmer",
    "hollow",
    "iron",
    "lumen",
    "mire",
    "nova",
]
QUERIES = [
    "t:summon chi<=3",
    "aff:axon kw:flight",
    "fire",
    '"range attack"',
    "hp>=4 -t:champion",
    "(t:spell or t:technique) cost:energy",
    "speed:swift aff:chaos chi>=5",
    "storm ember",
    "kw:heavy_attack",
    "t:champion",
]


def generate(count: int, seed: int = 7) -> dict:
    rng = random.Random(seed)
    cards = []
    for i in range(count):
        name = f"{rng.choice(WORDS).title()} {rng.choice(WORDS).title()} {i:05d}"
        affiliations = rng.sample(AFFILIATIONS[:4], rng.choice([1, 1, 2]))
        abilities = []
        for _ in range(rng.randint(1, 3)):
            cost = rng.choice(
                [
                    {"aura": rng.randint(1, 6)},
                    {"energy": rng.randint(1, 5)},
                    {"exert": True},
                    {"hp": 1, "exert": True},
                    {},
                ]
            )
            abilities.append(
                {
                    "speed": rng.choice(SPEEDS),
                    "name": rng.choice(ABILITY_NAMES),
                    "cost": cost,
                    "text": " ".join(rng.choices(WORDS, k=12)),
                }
            )
        if i % 200 == 0:
            card = {
                "name": name,
                "type": "champion",
                "affiliations": affiliations,
                "world": "Jaelara",
                "hp": rng.randint(18, 30),
                "aura": rng.randint(20, 45),
                "energy_reduction": rng.randint(0, 2),
                "awareness": [".x.", "x^x"],
            }
        else:
            card = {
                "name": name,
                "type": rng.choice(TYPES),
                "chi": rng.randint(1, 8),
                "affiliations": affiliations,
            }
            if card["type"] in ("summon", "alteration"):
                card["hp"] = rng.randint(1, 6)
        card["abilities"] = abilities
        card["source"] = "custom"
        cards.append(card)
    return {
        "format_version": 1,
        "game": "genesis",
        "set": {"code": "BENCH", "name": "Benchmark set"},
        "cards": cards,
    }


def run_import(url: str, path: Path) -> tuple[float, float, str]:
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "genesis.settings.local",
        "DEBUG": "0",
    }
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "manage.py"), "import_cards", str(path)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    output = process.stdout.read().decode()
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"import failed:\n{output}")
    return elapsed, usage.ru_maxrss / 1024, output.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=30, help="runs of each search query")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp, scratch_database("genesis_bench_cards") as url:
        path = Path(tmp) / "bench.json"
        path.write_text(json.dumps(generate(args.cards)))
        print(f"card index benchmark on {vendor(url)}; {machine()}")
        seconds, peak_mb, output = run_import(url, path)
        print(
            f"import {args.cards} cards: {seconds:.2f} s, peak memory {peak_mb:.0f} MB ({output})"
        )
        seconds_again, peak_again, output = run_import(url, path)
        print(f"re-import (no changes): {seconds_again:.2f} s, peak memory {peak_again:.0f} MB")

        use_database(url)
        from django.test import Client

        client = Client(HTTP_HOST="localhost")
        all_times = []
        for query in QUERIES:
            response = client.get("/api/cards/", {"q": query})
            assert response.status_code == 200, response.content
            count = response.json()["count"]
            times = timed_ms(lambda q=query: client.get("/api/cards/", {"q": q}), args.repeat)
            all_times += times
            print(f"  search {query!r:42} {count:5d} hits  {summary_ms(times)}")
        print(
            f"search over {args.cards} cards (GET /api/cards/, first page of 50): "
            f"{summary_ms(all_times)}"
        )


if __name__ == "__main__":
    main()
