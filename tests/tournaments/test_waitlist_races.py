"""Two places of a full event freeing at once promote two players from its waitlist: never the
same one twice, never over capacity. Threads hit the real PostgreSQL (the event row's lock,
tournaments.locking.lock_tournament, orders them)."""

import pytest
from django.db import connection

from tests.tournaments.conftest import api
from tests.tournaments.test_concurrency import run_at_once
from tournaments.models import Registration, WaitlistEntry

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("row locks are exercised on PostgreSQL")


def full_event(event_with_players, sample_text) -> int:
    """Capacity 2, p01 and p02 registered, w1, w2 and w3 waiting in that order."""
    event, _ = event_with_players(2, capacity=2)
    for name in ("w1", "w2", "w3"):
        response = api(name).post(
            f"/api/tournaments/{event}/registrations/", {"decklist": sample_text}, format="json"
        )
        assert response.json()["status"] == "waitlisted"
    return event


def outcome(event: int) -> tuple[list[str], list[str], list[str]]:
    registered = Registration.objects.filter(tournament_id=event)
    promoted = WaitlistEntry.objects.filter(
        tournament_id=event, status=WaitlistEntry.Status.PROMOTED
    )
    waiting = WaitlistEntry.objects.filter(tournament_id=event, status=WaitlistEntry.Status.WAITING)
    return (
        sorted(registered.values_list("player__username", flat=True)),
        sorted(promoted.values_list("player__username", flat=True)),
        list(waiting.order_by("position", "id").values_list("player__username", flat=True)),
    )


def test_two_withdrawals_at_once_promote_the_first_two_once_each(event_with_players, sample_text):
    # given
    event = full_event(event_with_players, sample_text)
    url = f"/api/tournaments/{event}/registrations/"
    # when
    statuses = run_at_once(
        lambda: api("p01").delete(url).status_code, lambda: api("p02").delete(url).status_code
    )
    # then
    assert statuses == [204, 204]
    assert outcome(event) == (["w1", "w2"], ["w1", "w2"], ["w3"])


def test_a_withdrawal_and_a_raised_capacity_at_once_fill_both_places(
    event_with_players, sample_text
):
    event = full_event(event_with_players, sample_text)
    statuses = run_at_once(
        lambda: api("p01").delete(f"/api/tournaments/{event}/registrations/").status_code,
        lambda: (
            api("org")
            .put(f"/api/tournaments/{event}/capacity/", {"capacity": 3}, format="json")
            .status_code
        ),
    )
    assert statuses == [204, 200]
    # Capacity 3 with p02 left: three places, two filled from the line, in order.
    assert outcome(event) == (["p02", "w1", "w2"], ["w1", "w2"], ["w3"])
