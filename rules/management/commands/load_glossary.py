"""`python manage.py load_glossary`: load or refresh the built-in keyword glossary document.

The glossary is this project's own summary of each keyword (rules/core/keywords.py), so the rules
lookup has something to search before any rulebook is imported. Safe to run on every start.
"""

from django.core.management.base import BaseCommand

from rules.services import glossary_load


class Command(BaseCommand):
    help = "Load the keyword glossary (rules/core/keywords.py) into the rules lookup; idempotent."

    def handle(self, *args, **options):
        report = glossary_load()
        self.stdout.write(str(report) if report else "Keyword glossary: up to date")
