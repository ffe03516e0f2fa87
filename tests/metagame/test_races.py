"""The simulated field under races (STYLE.md, Concurrency): two requests for the same field at
once make one simulation and one lab job per started pairing, never two."""

from datetime import UTC, datetime

import pytest
from django.db import connection

from matchups.models import Matchup
from metagame import services
from metagame.models import FieldPairing, FieldSimulation
from tests.metagame.test_metagame import BASTION, FUSE, LATTICE, build, user
from tests.tournaments.conftest import api
from tests.tournaments.test_concurrency import run_at_once

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("bundled_cards")]


def test_two_requests_for_the_same_field_at_once_make_one_simulation(enqueued_tasks):
    if connection.vendor != "postgresql":
        pytest.skip("row locks are exercised on PostgreSQL")
    # given: an event with three archetypes
    tournament, _ = build(datetime(2026, 11, 22, tzinfo=UTC), [BASTION, FUSE, LATTICE], [])
    org = user("org")
    for name, champion in (
        ("Iron Bastion", "Castellan Hedra Voss"),
        ("Fuse and Cinder", "Nyx Ashcoil"),
        ("Storm Lattice", "Sera Vantyne"),
    ):
        services.archetype_create(
            format_slug="genesis-standard", actor=org, name=name, champion=champion
        )
    tournament, _ = build(datetime(2026, 11, 22, tzinfo=UTC), [BASTION, FUSE, LATTICE], [])
    clients = [api("org"), api("org")]
    path = f"/api/tournaments/{tournament.pk}/metagame/simulate/"

    # when
    responses = run_at_once(
        *(lambda c=client: c.post(path, {"games": 10}, format="json") for client in clients)
    )
    # then
    assert [r.status_code for r in responses] == [202, 202], [r.json() for r in responses]
    assert sorted(r.json()["started"] for r in responses) == [0, 2]
    assert FieldSimulation.objects.count() == 1
    assert FieldPairing.objects.filter(matchup__isnull=False).count() == 2
    assert Matchup.objects.count() == 2
