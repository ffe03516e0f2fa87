"""`python manage.py import_cards FILE [FILE ...]`: load card set files (docs/card-format.md)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from decks.services import card_set_import, game_card_set_import
from rules.core.cardfile import MAX_FILE_BYTES, CardFile, CardFileError, Problem
from rules.core.engine import check_playable
from rules.core.game_cardfile import read_any_card_file


class Command(BaseCommand):
    help = (
        "Import card set JSON files of any game (Genesis, Grand Archive, Titans of Eden). "
        "A file with any problem imports nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", type=Path)

    def handle(self, *args, files: list[Path], verbosity: int = 1, **options):
        failed = 0
        for path in files:
            try:
                if path.stat().st_size > MAX_FILE_BYTES:
                    raise CardFileError([Problem("the file is larger than 50 MB")])
                card_file = read_any_card_file(path.read_bytes())
                if isinstance(card_file, CardFile):
                    report = card_set_import(card_file=card_file)
                else:
                    report = game_card_set_import(card_file=card_file)
            except OSError as exc:
                failed += 1
                self.stderr.write(f"{path}: cannot read the file: {exc.strerror or exc}")
            except CardFileError as exc:
                failed += 1
                self.stderr.write(f"{path}: {len(exc.problems)} problem(s); nothing was imported:")
                for problem in exc.problems:
                    self.stderr.write(f"  - {problem}")
            else:
                self.stdout.write(f"{path}: {report}")
                if isinstance(card_file, CardFile):
                    self._warn_unplayable(path, card_file)
                if verbosity > 1:
                    for name in report.created:
                        self.stdout.write(f"  + {name}")
                    for name in report.updated:
                        self.stdout.write(f"  ~ {name}")
        if failed:
            raise CommandError(f"{failed} of {len(files)} file(s) had problems")

    def _warn_unplayable(self, path: Path, card_file) -> None:
        """What the rules engine cannot play is reported, never silently ignored: the cards
        import (they are real cards), but bots refuse decks that use them. Cards whose stats
        the file lists as unrevealed are known to be unplayable and are not repeated here."""
        for entry in card_file.entries:
            if entry.unrevealed:
                continue
            for problem in check_playable([entry.card]):
                self.stderr.write(f"{path}: warning: {problem}; bots will not play decks with it")
