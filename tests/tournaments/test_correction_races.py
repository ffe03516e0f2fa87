"""Corrections under races: a judge and the organizer correcting one old result the same way at
once correct it once (the other is told nothing changed) and log it once. Threads hit the real
PostgreSQL; the match's row lock decides."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from tests.tournaments.conftest import api, confirm_all, pair_next_round
from tests.tournaments.test_concurrency import run_at_once
from tournaments.models import Match, ResultOverride

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("row locks are exercised on PostgreSQL")


def test_two_identical_corrections_at_once_correct_and_log_once(event_with_players):
    # given round 1 confirmed 2-0-0 and round 2 paired
    event, _ = event_with_players(2, rounds=2)
    get_user_model().objects.get_or_create(username="jude")
    org = api("org")
    added = org.post(f"/api/tournaments/{event}/judges/", {"username": "jude"}, format="json")
    assert added.status_code == 201
    assert org.post(f"/api/tournaments/{event}/start/").status_code == 200
    (pairing,) = pair_next_round(event)
    confirm_all(event, [pairing])
    pair_next_round(event)
    match = pairing["match"]
    body = {"a_wins": 0, "b_wins": 2, "draws": 0, "reason": "slip reversed"}
    # when the judge and the organizer correct it at once
    sent = run_at_once(
        *(
            lambda who=who: (
                api(who).post(f"/api/matches/{match}/correction/", body, format="json").status_code
            )
            for who in ("jude", "org")
        )
    )
    # then once
    assert sorted(sent) == [200, 409]
    assert (Match.objects.get(pk=match).a_wins, Match.objects.get(pk=match).b_wins) == (0, 2)
    assert ResultOverride.objects.filter(match_id=match, after__has_key="correction").count() == 1
