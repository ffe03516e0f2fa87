"""The rules of the game; the Django side holds the judges' rules lookup."""

from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = "Rules"
