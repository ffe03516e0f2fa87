"""Events, registrations, rounds, matches and results."""

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
