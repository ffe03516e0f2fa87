"""Events, registrations, rounds, matches and results."""

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self) -> None:
        from genesis.metrics import SCRAPE_TIME

        from .stuck_work import StuckWork

        SCRAPE_TIME.register(StuckWork())
