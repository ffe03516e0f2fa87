"""Races on a series: the same event added by several requests at once is in the series once,
and the others are told it is there already. Threads hit the real PostgreSQL
(tests/tournaments/test_concurrency.py's run_at_once)."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from tests.tournaments.conftest import api
from tests.tournaments.test_concurrency import run_at_once
from tournaments.models import SeriesEvent, Tournament
from tournaments.services import series as series_services

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("row locks are exercised on PostgreSQL")


def test_an_event_added_by_four_requests_at_once_is_in_the_series_once():
    # given a series and one of the organizer's events
    org = get_user_model().objects.create(username="org")
    event = Tournament.objects.create(name="Friday", organizer=org)
    series = series_services.series_create(actor=org, name="Season", points_table=[])

    def add():
        return api("org").post(
            f"/api/series/{series.pk}/events/", {"tournament": event.pk}, format="json"
        )

    # when four requests add it together
    responses = run_at_once(add, add, add, add)
    # then one adds it and the others are refused, and it is there once
    assert sorted(r.status_code for r in responses) == [201, 409, 409, 409]
    assert {r.json()["code"] for r in responses if r.status_code == 409} == {"already_in_series"}
    assert SeriesEvent.objects.filter(series=series, tournament=event).count() == 1
