"""Rules lookup: import all five rulebooks in ../shared/seeds, then ask questions.

Prints how long the imports take, then the accuracy of the question set
(tests/support/lookup_questions.py) and of the held-out sets (lookup_questions.HELD_OUT): the
top-1 and top-3 rates searching Core Rulebook 5.2 only and searching every document, and of the
per-game sets (lookup_questions.GAME_SETS) with their game chosen and, for the questions that
name their game, with none chosen; and then
the median/p95 of questions asked through
GET /api/rules/search/ (the whole stack: synonyms, ranking, snippets, JSON), 20 questions × N
runs, over every document and narrowed to the Core Rulebook. Target: under 50 ms median.

    .venv/bin/python benchmarks/rules_search.py [--repeat 30]      # SQLite (temporary file)
    ./scripts/bench rules_search                                   # SQLite and PostgreSQL
"""

import argparse
import time

from _setup import machine, scratch_database, summary_ms, timed_ms, use_database
from _setup import vendor as vendor_of

from tests.support import lookup_questions, seeds

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

        start = time.perf_counter()
        lookup_questions.load_documents()
        print(
            f"  import of {len(seeds.RULEBOOKS)} rulebooks, the glossary and the service "
            f"policies: {time.perf_counter() - start:.2f} s; {Section.objects.count()} sections"
        )
        report = lookup_questions.ask_all()
        print("accuracy of the question set (answer in the top 1 / top 3):")
        for rates in (report.in_core, report.everywhere, report.in_own_document):
            print(f"  {rates}")
        print(
            f"  README examples not first: {len(report.not_first)}; Core questions where an "
            f"older Genesis text outranks the answer: {len(report.older_above)}"
        )
        misses = list(report.misses)
        for name, about in lookup_questions.HELD_OUT.items():
            asked = lookup_questions.ask_held_out(name)
            print(f"accuracy of the held-out set {name} (tests/support/{about}):")
            for rates in (asked.in_core, asked.everywhere):
                print(f"  {rates}")
            print(f"  older Genesis text above the answer: {len(asked.older_above)}")
            misses += asked.misses
        for round_, (module, games) in lookup_questions.GAME_ROUNDS.items():
            about = lookup_questions.ROUND_WRITTEN[round_]
            print(f"accuracy per game, the {round_} sets (tests/support/{module}.py, {about}):")
            for game in games:
                asked_game = lookup_questions.ask_game_set(game, which=round_)
                for rates in (asked_game.with_game, asked_game.named):
                    print(f"  {rates}")
                misses += asked_game.misses
        for line in misses:
            print(f"  missed: {line}")
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
