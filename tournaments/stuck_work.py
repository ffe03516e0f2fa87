"""The work waiting longer than expected, as a Prometheus metric read from the database when
/metrics is read (docs/deployment.md, Metrics): the same question the event page asks
(tournaments.services.recovery). It reads the services, so it sits above them; the metrics the
services record are in tournaments.metrics."""

from collections.abc import Iterator
from typing import Any

from django.db import DatabaseError
from prometheus_client.core import GaugeMetricFamily

from .services import recovery


class StuckWork:
    """Rounds still pairing and automated games not played after the resend thresholds
    (recovery.ROUND_STALE, GAME_STALE): what the event page shows as "taking longer than
    expected", for every event."""

    def collect(self) -> Iterator[Any]:
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
