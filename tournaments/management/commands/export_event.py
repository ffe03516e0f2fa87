"""`python manage.py export_event ID [--output FILE]`: an event as a JSON export file."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.core.exchange import dumps
from tournaments.models import Tournament
from tournaments.services.exchange import event_document


class Command(BaseCommand):
    help = (
        "Write an event (settings, registrations with decklists, pairings, match states, "
        "results, penalties, the override log, standings and placings) as a versioned JSON "
        "file; docs/event-export.md. It holds hidden information: give it only to the "
        "event's organizer, and to an organizer who plays in the event only once it is over."
    )

    def add_arguments(self, parser):
        parser.add_argument("event", type=int, help="The event's id.")
        parser.add_argument("--output", type=Path, help="Where to write (default: print it).")

    def handle(self, *args, event: int, output: Path | None = None, **options):
        try:
            tournament = Tournament.objects.get(pk=event)
        except Tournament.DoesNotExist:
            raise CommandError(f"No event has the id {event}.") from None
        text = dumps(event_document(tournament=tournament))
        if output is None:
            self.stdout.write(text, ending="")
        else:
            output.write_text(text, encoding="utf-8")
            self.stderr.write(f"Event {event} written to {output}.")
