"""The tournaments' Prometheus metrics (docs/deployment.md, Metrics): how long each round took to
pair, the games the engine adjudicated and how long they took, and the work waiting longer than
expected, read from the database when /metrics is read (the same question the event page asks:
tournaments.services.recovery)."""

from collections.abc import Iterator
from typing import Any

from django.db import DatabaseError
from prometheus_client import Counter, Histogram
from prometheus_client.core import GaugeMetricFamily

PAIRING_SECONDS = Histogram(
    "genesis_round_pairing_seconds",
    "Time to pair a round and write its matches, by kind of round (swiss, top_cut)",
    ["kind"],
    buckets=(0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
)
PAIRING_DELAY_SECONDS = Histogram(
    "genesis_round_pairing_delay_seconds",
    "Time from a round's start by the organizer to its pairings (queue wait included)",
    ["kind"],
    buckets=(0.5, 1, 2.5, 5, 10, 30, 60, 120, 300),
)
GAMES_ADJUDICATED = Counter(
    "genesis_games_adjudicated",
    "Games the engine played and recorded, by bot; outcome: played or time_limit (drawn)",
    ["bot", "outcome"],
)
GAME_SECONDS = Histogram(
    "genesis_game_adjudication_seconds",
    "Time the engine took to play one game, by bot",
    ["bot"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 60, 90),
)


class StuckWork:
    """Rounds still pairing and automated games not played after the resend thresholds
    (recovery.ROUND_STALE, GAME_STALE): what the event page shows as "taking longer than
    expected", for every event."""

    def collect(self) -> Iterator[Any]:
        from .services import recovery

        family = GaugeMetricFamily(
            "genesis_stuck_work",
            "Work waiting longer than expected: rounds pairing, automated games not played",
            labels=["kind"],
        )
        try:
            rounds = recovery.stuck_rounds().count()
            games = len(recovery.stuck_games())
        except DatabaseError:
            return  # /readyz reports the database; the rest of /metrics still answers
        family.add_metric(["rounds"], rounds)
        family.add_metric(["games"], games)
        yield family
