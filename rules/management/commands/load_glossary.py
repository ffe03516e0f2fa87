"""`python manage.py load_glossary`: load or refresh the lookup's built-in documents.

They are this project's own text, so the rules lookup has something to search before any
rulebook is imported: the keyword glossary (rules/core/keywords.py) and the service policies
(docs/policies.md). Safe to run on every start: an unchanged document is left as it is.
"""

from django.core.management.base import BaseCommand

from rules.services import glossary_load, policies_load


class Command(BaseCommand):
    help = (
        "Load the keyword glossary (rules/core/keywords.py) and the service policies "
        "(docs/policies.md) into the rules lookup; idempotent."
    )

    def handle(self, *args, **options):
        report = glossary_load()
        self.stdout.write(str(report) if report else "Keyword glossary: up to date")
        report = policies_load()
        self.stdout.write(str(report) if report else "Service policies: up to date")
