"""`python manage.py import_event FILE`: recreate an exported event in this database."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from genesis.errors import Refusal
from tournaments.services.exchange import event_import


class Command(BaseCommand):
    help = (
        "Recreate an event from an export_event file (docs/event-export.md), all or nothing. "
        "Card names are looked up in this database's card index (import the card sets first); "
        "accounts are matched by username, and missing ones are created inactive. A file "
        "whose event is already here is refused."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)

    def handle(self, *args, file: Path, **options):
        try:
            document = json.loads(file.read_bytes().decode("utf-8-sig"))
        except OSError as exc:
            raise CommandError(f"{file}: cannot read the file: {exc.strerror or exc}") from None
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
            raise CommandError(f"{file}: not a JSON file ({exc}); nothing was written") from None
        try:
            imported = event_import(document=document)
        except Refusal as refusal:
            for problem in refusal.extra.get("problems", []):
                self.stderr.write(f"  - {problem}")
            raise CommandError(f"{file}: {refusal.detail} [{refusal.code}]") from None
        event = imported.tournament
        self.stdout.write(f"{file}: imported as event {event.pk} ({event.name}).")
        if imported.accounts_created:
            self.stdout.write(
                f"Accounts created, inactive: {', '.join(imported.accounts_created)}."
            )
