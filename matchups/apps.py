"""The matchup lab (docs/matchups.md): a deck tested against another, a sample or the field by
the engine's bots, on a queue of its own. Layered above decks, beside tournaments."""

from django.apps import AppConfig


class MatchupsConfig(AppConfig):
    name = "matchups"
    verbose_name = "Matchup lab"

    def ready(self) -> None:
        from genesis import resend

        from .services import matchup_resend

        # The same sweep as the tournaments' rounds and games (genesis.resend).
        resend.register("matchups", matchup_resend)
