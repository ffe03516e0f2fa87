"""Races between phases: two confirmations of a cut at once make one, and a round started at the
same moment either waits for the cut or pairs after it, never before it. Threads hit the real
PostgreSQL (tests/tournaments/test_concurrency.py's run_at_once)."""

import pytest
from django.db import connection

from tests.tournaments.conftest import api, confirm_all, pair_next_round
from tests.tournaments.test_concurrency import run_at_once
from tournaments.models import PhaseAdvance, Registration, Round

pytestmark = pytest.mark.django_db(transaction=True)

PLAN = [
    {"kind": "swiss", "rounds": 1},
    {"kind": "swiss", "rounds": 1, "advance": {"top": 4}},
]


@pytest.fixture(autouse=True)
def postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("row locks are exercised on PostgreSQL")


def confirm(event):
    return api("org").post(f"/api/tournaments/{event}/phases/next/", {}, format="json")


def test_two_confirmations_and_a_round_start_at_once_cut_once_and_never_pair_before_the_cut(
    event_with_players, enqueued_tasks
):
    # given phase 1 (one round) is over for six players
    event, _ = event_with_players(6, phases=PLAN)
    api("org").post(f"/api/tournaments/{event}/start/")
    confirm_all(event, pair_next_round(event))
    # when two confirmations and a round start arrive together
    first, second, started = run_at_once(
        lambda: confirm(event),
        lambda: confirm(event),
        lambda: api("org").post(f"/api/tournaments/{event}/rounds/"),
    )
    # then one confirmation is taken and the other refused
    codes = sorted(r.status_code for r in (first, second))
    assert codes == [200, 409]
    assert PhaseAdvance.objects.filter(tournament_id=event).count() == 1
    assert Registration.objects.filter(tournament_id=event, dropped_after_round=1).count() == 2
    # and the round either waited for the cut (refused) or was started after it
    if started.status_code == 409:
        assert started.json()["code"] == "phase_advance_pending"
        assert Round.objects.filter(tournament_id=event).count() == 1
    else:
        assert started.status_code == 202
        round_two = Round.objects.get(tournament_id=event, number=2)
        assert PhaseAdvance.objects.get(tournament_id=event).confirmed_at <= round_two.created_at
