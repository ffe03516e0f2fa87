"""Rules lookup: import all five rulebooks in ../shared/seeds, then ask questions.

Prints how long each import takes (rules.services.rulebook_import, in this process), then the
median/p95 of questions asked through GET /api/rules/search/ (the whole stack: synonyms,
ranking, snippets, JSON), 20 questions × N runs, over every document and narrowed to the Core
Rulebook. Target (issue 6): under 50 ms median.

    .venv/bin/python benchmarks/rules_search.py [--repeat 30]      # SQLite (temporary file)
    ./scripts/bench rules_search                                   # SQLite and PostgreSQL
"""

import argparse
import time

from _setup import machine, scratch_database, summary_ms, timed_ms, use_database
from _setup import vendor as vendor_of

from tests.support import seeds

CORE = "genesis-core-rulebook-5-2"
QUESTIONS = [
    "how many cards do I mill with energy reduction 1",
    "can I side out two cards for one",
    "what happens when my deck runs out",
    "do I draw on the first round",
    "how much chi can my sideboard have",
    "does drain count as damage",
    "can I play a swift during my opponent's turn",
    "is there a maximum hand size",
    "who goes first in the second game of a match",
    "can I beckon a summon onto an occupied spot",
    "are diagonal squares adjacent",
    "can a tapped champion still play swift abilities",
    "if I move twice do I skip my main phase",
    "which ability on the stack resolves first",
    "one spell damages the same target twice, does it add up before resistance",
    "can a flying summon be hit by an area attack",
    "what does paralize do",
    "who owns a card that came from the subconscious",
    "how many cards can a grand archive sideboard have",
    "when can I use the surge mat",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=30, help="runs of each question")
    args = parser.parse_args()
    if not seeds.FOLDER.is_dir():
        raise SystemExit(f"the rulebooks are not here: {seeds.FOLDER}")

    with scratch_database("genesis_bench_rules") as url:
        print(f"rules lookup benchmark on {vendor_of(url)}; {machine()}")
        use_database(url)
        from django.test import Client

        from rules.models import Section
        from rules.services import glossary_load, rulebook_import

        for filename, name, version in seeds.RULEBOOKS:
            text = (seeds.FOLDER / filename).read_text(encoding="utf-8")
            start = time.perf_counter()
            report = rulebook_import(text=text, name=name, version=version, filename=filename)
            print(
                f"  import {filename}: {time.perf_counter() - start:.2f} s ({report.sections} sections)"
            )
        glossary_load()

        print(f"  {Section.objects.count()} sections in {len(seeds.RULEBOOKS) + 1} documents")
        client = Client(HTTP_HOST="localhost")
        for label, scope in (("every document", {}), ("Core Rulebook only", {"document": CORE})):
            all_times = []
            for question in QUESTIONS:
                params = {"q": question, **scope}
                response = client.get("/api/rules/search/", params)
                assert response.status_code == 200, response.content
                times = timed_ms(lambda p=params: client.get("/api/rules/search/", p), args.repeat)
                all_times += times
            print(
                f"search, {label} (GET /api/rules/search/, {len(QUESTIONS)} questions × "
                f"{args.repeat}): {summary_ms(all_times)}"
            )


if __name__ == "__main__":
    main()
