"""What the field plays (docs/metagame.md): archetypes, meta share and win rates of events and
formats, and the field simulated by the matchup lab. Layered above tournaments and matchups."""

from django.apps import AppConfig


class MetagameConfig(AppConfig):
    name = "metagame"
    verbose_name = "Metagame"

    def ready(self) -> None:
        from genesis import resend

        from .services import field_resume

        # A simulated field's pairings wait for their owner's share of the lab's workers; the
        # sweep of pending work (genesis.resend) starts them as running jobs end.
        resend.register("metagame", field_resume)
