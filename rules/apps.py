"""The rules of the game; the Django side holds the judges' rules lookup."""

from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = "Rules"

    def ready(self) -> None:
        from genesis import heartbeat
        from rules.core.engine import compiled

        # Which engine this process plays games with (docs/engine.md, The compiled engine):
        # /readyz shows it for the web process and the workers.
        heartbeat.describe("engine", lambda: "compiled" if compiled() else "python")
