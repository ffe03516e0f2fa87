"""The card index and timelines."""

from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Cards and timelines"
