"""`python manage.py rules_search "question" [--json] [--limit N] [--document SLUG] [--game G]
[--prefer G]`.

Prints the same ranked results as GET /api/rules/search/: with --json, exactly its JSON.
"""

import json

from django.core.management.base import BaseCommand, CommandError

from genesis.errors import Refusal
from rules.selectors import DEFAULT_LIMIT, rules_search


class Command(BaseCommand):
    help = "Search the rulebooks, the keyword glossary and the rulings with a question."

    def add_arguments(self, parser):
        parser.add_argument("question")
        parser.add_argument("--json", action="store_true", help="print the API's JSON")
        parser.add_argument("--limit", type=int, default=DEFAULT_LIMIT)
        parser.add_argument("--document", default="", help="a document's slug or name")
        parser.add_argument(
            "--game", default="", help="genesis, grand-archive or titans-of-eden (default: all)"
        )
        parser.add_argument(
            "--prefer", default="", help="a game to rank first, the others still searched"
        )

    def handle(
        self,
        *args,
        question: str,
        json: bool,
        limit: int,
        document: str,
        game: str,
        prefer: str,
        **options,
    ):
        try:
            results = rules_search(
                query=question, document=document, game=game, prefer=prefer, limit=limit
            )
        except Refusal as exc:
            raise CommandError(exc.detail) from None
        if json:
            self.stdout.write(_dumps({"results": [r.as_json() for r in results]}))
            return
        if not results:
            self.stdout.write("No section answers that; try other words.")
        for rank, result in enumerate(results, 1):
            label = " (this service's rule, not the game's)" if result.is_service_policy else ""
            also = "".join(f"\n   also: {s.document.name}, {s.heading}" for s in result.also)
            self.stdout.write(
                f"{rank}. {' › '.join(result.section.path)}  [{result.document.name}{label}]  "
                f"score {result.score}\n   {result.url}{also}\n   {result.snippet.as_text()}\n"
            )


def _dumps(data: dict) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)
