"""Archetypes of a format as data (metagame.core.archetypes), and the simulated fields: the
matchup-lab jobs that play an event's archetypes against each other.

Which archetype a decklist belongs to is never stored: it is computed from the stored
decklists and these rules every time (docs/metagame.md)."""

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower

from decks.models import Deck
from matchups.models import Matchup
from tournaments.models import Tournament


class Archetype(models.Model):
    """A named archetype of a format (its game's format slug, as events store it)."""

    format = models.CharField(max_length=40)
    name = models.CharField(max_length=80)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["format", "name"]
        constraints = [
            models.UniqueConstraint(Lower("name"), "format", name="archetype_unique_name"),
        ]

    def __str__(self) -> str:
        return self.name


class ArchetypeRule(models.Model):
    """One rule of an archetype: a champion ("" for any) and signature cards with a minimum
    count. A format's rules are tried in `position` order; the first a decklist fits names its
    archetype."""

    archetype = models.ForeignKey(Archetype, on_delete=models.CASCADE, related_name="rules")
    format = models.CharField(max_length=40)  # the archetype's, kept for ordering a format's rules
    position = models.PositiveIntegerField()
    champion = models.CharField(max_length=120, blank=True)
    cards = models.JSONField(default=list)  # [{"card": name, "min": n}]

    class Meta:
        ordering = ["format", "position", "id"]

    def __str__(self) -> str:
        return f"{self.archetype} rule {self.position}"


class FieldSimulation(models.Model):
    """An event's archetypes played against each other by the engine: a matchup-lab job per
    pairing (FieldPairing), owned by whoever ran it. The event page shows the latest."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    games = models.PositiveIntegerField()
    bot = models.CharField(max_length=20, choices=Matchup.Bot.choices)
    # A digest of the archetypes and their decklists, the games and the bot: running again
    # with the same field continues this simulation instead of playing it twice.
    key = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "key"], name="field_simulation_unique")
        ]

    def __str__(self) -> str:
        return f"simulated field of {self.tournament}"


class FieldDeck(models.Model):
    """The decklist that stands for an archetype in a simulation, saved as a private deck of the
    simulation's owner so that the lab can play it."""

    simulation = models.ForeignKey(FieldSimulation, on_delete=models.CASCADE, related_name="decks")
    archetype = models.CharField(max_length=80)
    registration = models.PositiveIntegerField()  # the registration whose decklist it is
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["simulation", "archetype"]
        constraints = [
            models.UniqueConstraint(
                fields=["simulation", "archetype"], name="field_deck_unique_archetype"
            )
        ]

    def __str__(self) -> str:
        return f"{self.archetype} in {self.simulation}"


class FieldPairing(models.Model):
    """One pairing of archetypes (`row` plays `column`): its lab job once the owner's share of
    the workers lets it start, None while it waits."""

    simulation = models.ForeignKey(
        FieldSimulation, on_delete=models.CASCADE, related_name="pairings"
    )
    row = models.ForeignKey(FieldDeck, on_delete=models.CASCADE, related_name="+")
    column = models.ForeignKey(FieldDeck, on_delete=models.CASCADE, related_name="+")
    matchup = models.ForeignKey(
        Matchup, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["simulation", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["simulation", "row", "column"], name="field_pairing_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.row.archetype} v {self.column.archetype}"
