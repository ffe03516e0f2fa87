"""`python manage.py validate_deck FILE [--format SLUG] [--json]`.

Exit status: 0 legal, 1 illegal, 2 when the file cannot be read or parsed (or the format is
unknown).
"""

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from decks.services import deck_validate, format_get, read_decklist
from genesis.errors import Refusal
from rules.core.decklist import MAX_INPUT_CHARS


class Command(BaseCommand):
    help = "Check a decklist file against a format. Exit 0 legal, 1 illegal, 2 unreadable."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help="a decklist file, or - for standard input")
        parser.add_argument("--format", default="", help="format slug (default genesis-standard)")
        parser.add_argument("--json", action="store_true", help="print the result as JSON")
        parser.add_argument(
            "--pool", type=Path, help="the player's pool, a decklist file (limited formats)"
        )
        parser.add_argument(
            "--copy-limit", type=int, help="an event's copy limit, overriding the format's"
        )

    def handle(
        self,
        *args,
        file: Path,
        format: str,
        json: bool,
        pool: Path | None = None,
        copy_limit: int | None = None,
        **options,
    ):
        try:
            raw = (
                sys.stdin.buffer.read(MAX_INPUT_CHARS * 4 + 1)
                if str(file) == "-"
                else file.read_bytes()[: MAX_INPUT_CHARS * 4 + 1]
            )
        except OSError as exc:
            self.stderr.write(f"{file}: cannot read the file: {exc.strerror or exc}")
            sys.exit(2)
        try:
            fmt = format_get(format or None)
            result = deck_validate(
                decklist=read_decklist(text=raw, game=fmt.game),
                format_slug=fmt.slug,
                pool=read_decklist(text=pool.read_bytes(), game=fmt.game) if pool else None,
                copy_limit=copy_limit,
            )
        except Refusal as exc:
            if json:
                self.stdout.write(_dumps(exc.as_dict()))
            self.stderr.write(f"{file}: {exc.detail}")
            sys.exit(2)
        if json:
            self.stdout.write(_dumps(result.as_dict()))
        else:
            self._print(result)
        sys.exit(0 if result.legal else 1)

    def _print(self, result) -> None:
        t = result.totals
        verdict = "LEGAL" if result.legal else "NOT LEGAL"
        if t.counts:  # another game's totals, e.g. main_cards 60
            shown = ", ".join(f"{name.replace('_', ' ')} {n}" for name, n in t.counts)
            self.stdout.write(f"{verdict}: {shown}")
        else:
            self.stdout.write(
                f"{verdict}: timeline {t.timeline_cards} cards, "
                f"{t.timeline_chi} Chi; forethoughts {t.forethoughts_cards} cards, "
                f"{t.forethoughts_chi} Chi"
            )
        for kind, items in (("error", result.errors), ("warning", result.warnings)):
            for item in items:
                self.stdout.write(f"  {kind} [{item.code}] ({item.section}) {item.message}")
                self.stdout.write(f"      rule: {item.rule}")


def _dumps(data) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)
