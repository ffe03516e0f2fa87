"""The card index and timelines."""

from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Cards and timelines"

    def ready(self) -> None:
        # The judges' lookup (rules) sits below the card index: it reads the cards through
        # the index decks hands it (rules.card_index, decks.rulings).
        from rules.card_index import register

        from .rulings import CardIndex

        register(CardIndex())
