"""Judge calls under races: both players pressing "Call a judge" at once make one call, two
judges taking it at once give it to one, and two rulings at once record one (with its minutes
added once). Threads hit the real PostgreSQL; the database's constraint and row locks decide."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from tests.tournaments.conftest import api, pair_next_round
from tests.tournaments.test_concurrency import run_at_once
from tournaments.models import JudgeCall, Match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("row locks are exercised on PostgreSQL")


def test_calls_claims_and_rulings_at_once_happen_once(event_with_players):
    event, _ = event_with_players(2)
    get_user_model().objects.get_or_create(username="jude")
    org = api("org")
    assert (
        org.post(
            f"/api/tournaments/{event}/judges/", {"username": "jude"}, format="json"
        ).status_code
        == 201
    )
    assert org.post(f"/api/tournaments/{event}/start/").status_code == 200
    (pairing,) = pair_next_round(event)
    match = pairing["match"]

    # both players press the button at once: one call
    pressed = run_at_once(
        *(
            lambda p=player: api(p).post(f"/api/matches/{match}/judge-calls/", {}).status_code
            for player in (pairing["player_a"], pairing["player_b"])
        )
    )
    assert sorted(pressed) == [201, 409]
    (call,) = JudgeCall.objects.filter(match_id=match)

    # two judges take it at once: one has it
    claim = f"/api/tournaments/{event}/judge-calls/{call.pk}/claim/"
    taken = run_at_once(
        lambda: api("jude").post(claim).status_code, lambda: api("org").post(claim).status_code
    )
    assert sorted(taken) == [200, 409]

    # two rulings at once: one is recorded, its minutes added once
    resolve = f"/api/tournaments/{event}/judge-calls/{call.pk}/resolve/"
    body = {"ruling": "Play on.", "extension_minutes": 5}
    ruled = run_at_once(
        *(lambda: api("jude").post(resolve, body, format="json").status_code for _ in range(2))
    )
    assert sorted(ruled) == [200, 409]
    assert Match.objects.get(pk=match).extra_minutes == 5
