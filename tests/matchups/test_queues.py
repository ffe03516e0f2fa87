"""Tournament work is never behind matchup work: with the matchup queue full (minutes of games
for the worker), a round started then is paired within seconds, by a real worker that serves
both queues, the tournaments' first (settings.CELERY_TASK_QUEUES, docs/deployment.md). On one
queue, as before the lab had its own, the round waited for every chunk queued ahead of it."""

import time

import pytest

from matchups.core import lab
from matchups.models import Matchup, MatchupChunk
from tests.matchups.test_matchups import deck, start
from tests.tournaments.conftest import (  # noqa: F401  (fixtures)
    api,
    event_with_players,
    sample_text,
)
from tournaments.models import Round

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

GAMES = 1_000  # 20 chunks of 50 games per job
SAMPLES = ("hedra-voss-iron-bastion", "orrin-thistlebrand-wild-menagerie")
PAIRED_WITHIN = 10  # seconds: the chunk the worker is playing, then the pairing


def wait_for(condition, timeout: float, every: float = 0.1) -> float:
    """Seconds until `condition()` held; fails the test after `timeout`."""
    began = time.monotonic()
    while not condition():
        if time.monotonic() - began > timeout:
            pytest.fail(f"still waiting after {timeout} s")
        time.sleep(every)
    return time.monotonic() - began


def test_a_round_is_paired_within_seconds_behind_a_full_matchup_queue(
    celery_worker_process,
    event_with_players,  # noqa: F811
):
    # given: 8 matchup jobs of 1,000 games queued (160 chunks), the worker playing the first
    for user in ("ann", "ben", "cal", "dee"):
        key = deck(user)
        for sample in SAMPLES:
            response = start(user, key, {"sample": sample}, games=GAMES)
            assert response.status_code == 202, response.json()
    chunks = 8 * len(lab.chunks(GAMES))
    wait_for(lambda: Matchup.objects.filter(status=Matchup.Status.RUNNING).exists(), 60)
    event, _ = event_with_players(4)
    assert api("org").post(f"/api/tournaments/{event}/start/").status_code == 200
    try:
        # when a round is started
        assert api("org").post(f"/api/tournaments/{event}/rounds/").status_code == 202
        round = Round.objects.get(tournament_id=event, number=1)

        def paired() -> bool:
            round.refresh_from_db()
            return round.status == Round.Status.PAIRED

        # then it is paired within seconds, with most of the matchup work still waiting
        took = wait_for(paired, PAIRED_WITHIN)
        recorded = MatchupChunk.objects.count()
        assert recorded < chunks / 2, (took, recorded)
    finally:
        # The chunks left in the queue find their jobs cancelled and play nothing; the one being
        # played when they are cancelled still records its games, so wait until nothing more is
        # written: the test's database is emptied next, and a chunk written meanwhile deadlocks
        # with that (and leaves its rows to the next test).
        Matchup.objects.update(status=Matchup.Status.CANCELLED)
        seen = [-1]

        def settled() -> bool:
            time.sleep(2.0)  # longer than a chunk of 50 games takes
            now = MatchupChunk.objects.count()
            still, seen[0] = now == seen[0], now
            return still

        wait_for(settled, 60, every=0)
