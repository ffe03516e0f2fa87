"""`python manage.py import_rules FILE --document NAME [--version V] [--game G] [--superseded]`:
load a rulebook.

Markdown (.md) or plain text (.txt; other names are sniffed). Importing the same document again
replaces it atomically and bumps its revision (docs/rules-lookup.md).
"""

import argparse
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from genesis.errors import Refusal
from rules.core.parsing import detect_format
from rules.models import Game
from rules.services import MAX_RULEBOOK_BYTES, rulebook_import


class Command(BaseCommand):
    help = "Import a rulebook (Markdown or plain text) as a searchable document."

    def create_parser(self, prog_name, subcommand, **kwargs):
        # --version is the rulebook's version here, not Django's own --version.
        return super().create_parser(prog_name, subcommand, conflict_handler="resolve", **kwargs)

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--document", required=True, help='e.g. "Genesis Core Rulebook 5.2"')
        parser.add_argument("--version", dest="label", help="the publisher's version, e.g. 5.2")
        parser.add_argument(
            "--game",
            default=Game.GENESIS.value,
            help=f"whose rules these are: {', '.join(Game.values)} (default genesis)",
        )
        parser.add_argument(
            "--superseded",
            action=argparse.BooleanOptionalAction,
            default=None,
            help="an older text of its game (a quickstart, an earlier edition), ranked below the "
            "current rules; kept from the last import when not given",
        )

    def handle(
        self,
        *args,
        file: Path,
        document: str,
        label: str | None,
        game: str,
        superseded: bool | None,
        **options,
    ):
        try:
            if file.stat().st_size > MAX_RULEBOOK_BYTES:
                raise CommandError(f"{file}: larger than {MAX_RULEBOOK_BYTES // 2**20} MB")
            text = file.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise CommandError(f"{file}: cannot read the file: {exc.strerror or exc}") from None
        try:
            report = rulebook_import(
                text=text,
                name=document,
                version=label,
                filename=str(file),
                source_format=detect_format(text, file.name),
                game=game,
                superseded=superseded,
            )
        except Refusal as exc:
            raise CommandError(f"{file}: {exc.detail}; nothing was imported") from None
        self.stdout.write(str(report))
