"""`python manage.py convert_cards FILE [--output OUT]`: a version-1 card file as version 2."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rules.core.cardfile import CardFileError, upgrade_file


class Command(BaseCommand):
    help = (
        "Convert a card set file from format_version 1 to 2 (docs/card-format.md): every fact "
        "the engine executes becomes a field. Where a card's text does not state a fact, the "
        "card is named with the field to add; where a clause of its text says something no "
        "field states, the card is named with the clause. Either way nothing is written."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--output", type=Path, help="Where to write (default: print it).")

    def handle(self, *args, file: Path, output: Path | None = None, **options):
        try:
            converted = upgrade_file(file.read_bytes())
        except OSError as exc:
            raise CommandError(f"{file}: cannot read the file: {exc.strerror or exc}") from None
        except CardFileError as exc:
            for problem in exc.problems:
                self.stderr.write(f"  - {problem}")
            raise CommandError(
                f"{file}: {len(exc.problems)} problem(s); nothing was written"
            ) from None
        text = json.dumps(converted, indent=2, ensure_ascii=False) + "\n"
        if output is None:
            self.stdout.write(text, ending="")
        else:
            output.write_text(text, encoding="utf-8")
            self.stdout.write(f"{file}: written as format_version 2 to {output}")
