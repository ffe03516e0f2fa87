"""A check-in race: the player's phone sends the code twice while a judge checks the same player
in at the desk, all at once on the real PostgreSQL. The unique check-in per registration (and
the event's row lock) make it one check-in."""

import pytest

from tests.tournaments.conftest import api
from tests.tournaments.test_concurrency import run_at_once
from tournaments.models import CheckIn, Registration

pytestmark = pytest.mark.django_db(transaction=True)


def test_three_check_ins_of_one_player_at_once_are_one(event_with_players):
    # given
    event, _ = event_with_players(2)
    code = (
        api("org")
        .put(f"/api/tournaments/{event}/check-in/window/", {}, format="json")
        .json()["code"]
    )
    p01 = Registration.objects.get(tournament_id=event, player__username="p01").pk
    # when
    statuses = run_at_once(
        lambda: (
            api("p01")
            .post(f"/api/tournaments/{event}/check-in/", {"code": code}, format="json")
            .status_code
        ),
        lambda: (
            api("p01")
            .post(f"/api/tournaments/{event}/check-in/", {"code": code}, format="json")
            .status_code
        ),
        lambda: (
            api("org")
            .post(f"/api/tournaments/{event}/check-in/", {"registration": p01}, format="json")
            .status_code
        ),
    )
    # then
    assert sorted(statuses) == [200, 200, 201]
    assert CheckIn.objects.filter(registration_id=p01).count() == 1
