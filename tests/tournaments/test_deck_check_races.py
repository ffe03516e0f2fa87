"""Deck-check races on the real PostgreSQL: two judges start a check of the same table at once
(one by number, one by a random draw) and two end the same check at once. The round's row lock
and the one running check per match make one check, and its minutes are added to the match's
time once."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.tournaments.conftest import api, pair_next_round
from tests.tournaments.test_concurrency import run_at_once
from tournaments.models import DeckCheck, Match

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_judges_checking_one_table_at_once_start_one_check_and_add_its_minutes_once(
    event_with_players,
):
    # given: two players at table 1, a judge `jud` beside the organizer
    event, _ = event_with_players(2)
    api("jud")
    assert (
        api("org").post(f"/api/tournaments/{event}/judges/", {"username": "jud"}).status_code == 201
    )
    api("org").post(f"/api/tournaments/{event}/start/")
    match = pair_next_round(event)[0]["match"]
    url = f"/api/tournaments/{event}/rounds/1/deck-checks/"
    # when: both start a check of table 1, one by number and one by drawing a table
    started = run_at_once(
        lambda: api("jud").post(url, {"tables": [1]}, format="json"),
        lambda: api("org").post(url, {"random": 1}, format="json"),
    )
    # then: one check; the other request was refused, or drew no free table
    assert DeckCheck.objects.filter(match_id=match).count() == 1
    answers = sorted((r.status_code, len(r.json()) if r.status_code == 201 else 0) for r in started)
    assert answers in ([(201, 0), (201, 1)], [(201, 1), (409, 0)])
    check = DeckCheck.objects.get(match_id=match)
    DeckCheck.objects.filter(pk=check.pk).update(started_at=timezone.now() - timedelta(minutes=4))
    # when: both end it at once
    end = f"/api/tournaments/{event}/deck-checks/{check.pk}/end/"
    ended = run_at_once(
        lambda: api("jud").post(end, {"outcome": "ok"}, format="json"),
        lambda: api("org").post(end, {"outcome": "ok"}, format="json"),
    )
    # then: one end, its minutes added once
    assert sorted(r.status_code for r in ended) == [200, 409]
    assert Match.objects.get(pk=match).extra_minutes == DeckCheck.objects.get().minutes_added
    assert DeckCheck.objects.get().minutes_added in (4, 5)
