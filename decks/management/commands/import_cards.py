"""`python manage.py import_cards FILE [FILE ...]`: load card set files (docs/card-format.md)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from decks.cardfile import MAX_FILE_BYTES, CardFileError, Problem, read_card_file
from decks.services import card_set_import


class Command(BaseCommand):
    help = "Import Genesis card set JSON files. A file with any problem imports nothing."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", type=Path)

    def handle(self, *args, files: list[Path], verbosity: int = 1, **options):
        failed = 0
        for path in files:
            try:
                if path.stat().st_size > MAX_FILE_BYTES:
                    raise CardFileError([Problem("the file is larger than 50 MB")])
                report = card_set_import(card_file=read_card_file(path.read_bytes()))
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
                if verbosity > 1:
                    for name in report.created:
                        self.stdout.write(f"  + {name}")
                    for name in report.updated:
                        self.stdout.write(f"  ~ {name}")
        if failed:
            raise CommandError(f"{failed} of {len(files)} file(s) had problems")
