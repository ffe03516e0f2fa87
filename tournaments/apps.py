"""Events, registrations, rounds, matches and results."""

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self) -> None:
        from genesis import resend
        from genesis.metrics import SCRAPE_TIME

        from .services import recovery, round_emails
        from .stuck_work import StuckWork

        SCRAPE_TIME.register(StuckWork())
        # Stuck rounds and games, and unsent round e-mails, are resent by the sweep of pending
        # work.
        resend.register("tournaments", recovery.pending_resend)
        resend.register("tournaments.round_emails", round_emails.pending_resend)
