"""Races: two clicks pair one round, a twice-delivered task pairs once, simultaneous reports
confirm once. Threads hit the real PostgreSQL; a real Celery worker pairs a round end to end."""

import threading
import time

import pytest
from django.db import connection

from tests.tournaments.conftest import api, pair_next_round
from tournaments.models import Match, Round
from tournaments.services import round_pair

pytestmark = pytest.mark.django_db(transaction=True)


def run_at_once(*calls):
    """Run the calls in threads released together; return their results in order."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait()
            results[index] = call()
        except Exception as exc:  # re-raised by the caller's assertions
            results[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.fixture(autouse=True)
def postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("row locks are exercised on PostgreSQL")


def test_two_clicks_at_once_pair_one_round(event_with_players, enqueued_tasks):
    event, _ = event_with_players(4)
    api("org").post(f"/api/tournaments/{event}/start/")
    first, second = run_at_once(
        lambda: api("org").post(f"/api/tournaments/{event}/rounds/").status_code,
        lambda: api("org").post(f"/api/tournaments/{event}/rounds/").status_code,
    )
    assert sorted([first, second]) == [202, 409]
    assert Round.objects.filter(tournament_id=event).count() == 1
    assert [name for name, _, _ in enqueued_tasks] == ["tournaments.round_pair"]


def test_a_pairing_task_delivered_twice_pairs_once(event_with_players):
    event, _ = event_with_players(6)
    api("org").post(f"/api/tournaments/{event}/start/")
    api("org").post(f"/api/tournaments/{event}/rounds/")
    round = Round.objects.get(tournament_id=event, number=1)
    results = run_at_once(
        lambda: round_pair(round_id=round.pk), lambda: round_pair(round_id=round.pk)
    )
    assert not [r for r in results if isinstance(r, Exception)], results
    round_pair(round_id=round.pk)  # and a late third delivery
    assert Match.objects.filter(round=round).count() == 3


def test_simultaneous_reports_confirm_exactly_once(event_with_players):
    event, _ = event_with_players(2)
    api("org").post(f"/api/tournaments/{event}/start/")
    pairing = pair_next_round(event)[0]
    body = {"player_a_wins": 2, "player_b_wins": 1, "draws": 0}
    url = f"/api/matches/{pairing['match']}/result/"
    statuses = run_at_once(
        lambda: api(pairing["player_a"]).post(url, body, format="json").status_code,
        lambda: api(pairing["player_b"]).post(url, body, format="json").status_code,
    )
    assert statuses == [200, 200]
    match = Match.objects.get(pk=pairing["match"])
    assert match.status == "confirmed"
    assert (match.a_wins, match.b_wins) == (2, 1)
    assert match.reports.count() == 2
    assert Round.objects.get(pk=match.round_id).status == "finished"


def test_simultaneous_game_reports_record_the_game_once(event_with_players):
    event, _ = event_with_players(2)
    api("org").post(f"/api/tournaments/{event}/start/")
    pairing = pair_next_round(event)[0]
    a, b = pairing["player_a"], pairing["player_b"]
    mid = pairing["match"]
    chooser = api(a).get(f"/api/matches/{mid}/").json()["chooser"]
    api(a if chooser == "a" else b).post(f"/api/matches/{mid}/lead/", {"lead": True}, format="json")
    run_at_once(
        lambda: api(a).post(f"/api/matches/{mid}/games/", {"winner": a}, format="json"),
        lambda: api(b).post(f"/api/matches/{mid}/games/", {"winner": a}, format="json"),
    )
    games = api(a).get(f"/api/matches/{mid}/").json()["games"]
    assert len(games) == 1
    assert games[0]["winner"] == "a"


@pytest.mark.integration
def test_a_real_worker_pairs_the_round(celery_worker_process, event_with_players):
    event, names = event_with_players(5)
    api("org").post(f"/api/tournaments/{event}/start/")
    response = api("org").post(f"/api/tournaments/{event}/rounds/")
    assert response.status_code == 202
    assert response.json()["status"] == "pairing"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        round = api().get(f"/api/tournaments/{event}/rounds/1/").json()
        if round["status"] != "pairing":
            break
        time.sleep(0.2)
    assert round["status"] == "paired", round
    pairings = api().get(f"/api/tournaments/{event}/rounds/1/pairings/").json()
    assert len(pairings) == 3
    assert sum(p["player_b"] is None for p in pairings) == 1
    assert sorted(p for pr in pairings for p in (pr["player_a"], pr["player_b"]) if p) == names
