"""Snapshots for the hot reads: a round's pairings and the standings are served from the cache
with an ETag (If-None-Match gets a 304), the pages render the same rows, every kind of change
moves the version so that nothing stale is served once it commits, hidden information never
enters a snapshot, and a cache that is down only costs the computing."""

import json

import pytest
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse

from tests.support.snapshots import put_back, shared_rows
from tests.tournaments.conftest import (
    SAMPLE,
    api,
    as_user,
    build_event,
    confirm_all,
    pair_next_round,
)
from tournaments import selectors
from tournaments.models import Match, Round, Tournament


def pairings_url(event: int, number: int = 1) -> str:
    return f"/api/tournaments/{event}/rounds/{number}/pairings/"


def standings_url(event: int) -> str:
    return f"/api/tournaments/{event}/standings/"


def fresh_pairings(event: int, number: int = 1) -> list[dict]:
    """The rows computed from the database, never from the cache."""
    round = Round.objects.get(tournament_id=event, number=number)
    return [selectors.pairing_row(m) for m in selectors.round_pairings(round=round)]


def fresh_standings(event: int) -> list[dict]:
    return json.loads(json.dumps(selectors.standings_rows(Tournament.objects.get(pk=event))))


@pytest.fixture(scope="module")
def paired_event(django_db_setup, django_db_blocker, bundled_cards_snapshot):
    """A started five-player event (late entries until round 2) with round 1 paired, built once
    for the module: each test's changes are rolled back, and the version each change takes
    is never taken again (the random step), so no test is served another's snapshot."""
    with shared_rows(django_db_blocker):
        put_back(bundled_cards_snapshot)
        event, names = build_event(5, late_registration_until=2)
        api("org").post(f"/api/tournaments/{event}/start/")
        yield event, names, pair_next_round(event)


@pytest.fixture
def paired(db, paired_event):
    return paired_event


@pytest.mark.parametrize("url", [pairings_url, standings_url])
def test_an_etag_the_client_has_gets_a_304(paired, url):
    event, _names, _pairings = paired
    first = api().get(url(event))
    assert first.status_code == 200
    tag = first["ETag"]
    assert tag.startswith('"')
    assert tag.endswith('"')
    assert first["Cache-Control"] == "no-cache"
    again = api().get(url(event), HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == tag
    # weak and listed forms are the same tag; another tag is not
    assert api().get(url(event), HTTP_IF_NONE_MATCH=f'"x", W/{tag}').status_code == 304
    assert api().get(url(event), HTTP_IF_NONE_MATCH='"e0.v0.other"').status_code == 200


def test_a_304_and_a_cached_answer_read_only_the_event_and_the_names(
    paired, django_assert_num_queries
):
    event, _names, _pairings = paired
    tag = api().get(standings_url(event))["ETag"]
    with django_assert_num_queries(2):  # the event row (the version) and the players' names
        assert api().get(standings_url(event), HTTP_IF_NONE_MATCH=tag).status_code == 304
    standings, pairings = fresh_standings(event), fresh_pairings(event)
    with django_assert_num_queries(2):  # served from the snapshot
        assert api().get(standings_url(event)).json() == standings
    api().get(pairings_url(event))
    with django_assert_num_queries(3):  # the event, the round and the names
        assert api().get(pairings_url(event)).json() == pairings


def test_the_orders_and_formats_have_tags_of_their_own(paired):
    event, _names, _pairings = paired
    tags = {
        api().get(pairings_url(event) + query)["ETag"]
        for query in ("", "?order=name", "?as=csv", "?order=name&as=csv")
    }
    assert len(tags) == 4


# --- every kind of change moves the version ------------------------------------------------------


def _confirm(event, names, pairings):
    confirm_all(event, pairings)


def _dispute(event, names, pairings):
    row = next(p for p in pairings if p["player_b"])
    for player, score in ((row["player_a"], (2, 0)), (row["player_b"], (0, 2))):
        body = {"player_a_wins": score[0], "player_b_wins": score[1], "draws": 0}
        assert api(player).post(f"/api/matches/{row['match']}/result/", body, format="json")


def _override(event, names, pairings):
    confirm_all(event, pairings)
    row = next(p for p in pairings if p["player_b"])
    body = {"player_a_wins": 0, "player_b_wins": 2, "draws": 0}
    response = api("org").post(f"/api/matches/{row['match']}/result/", body, format="json")
    assert response.status_code == 200, response.json()


def _take_back_and_pair_again(event, names, pairings):
    assert api("org").delete(f"/api/tournaments/{event}/rounds/1/").status_code == 204
    from tournaments.services import round_pair

    assert api("org").post(f"/api/tournaments/{event}/rounds/").status_code == 202
    round_pair(round_id=Round.objects.get(tournament_id=event, number=1).pk)


def _swap(event, names, pairings):
    a, b = (p for p in pairings if p["player_b"])
    body = {
        "registration_a": a["player_a_registration"],
        "registration_b": b["player_a_registration"],
    }
    response = api("org").post(f"/api/tournaments/{event}/rounds/1/swap/", body, format="json")
    assert response.status_code == 200, response.json()


def _drop(event, names, pairings):
    assert api(names[0]).post(f"/api/tournaments/{event}/drop/").status_code == 200


def _reinstate(event, names, pairings):
    confirm_all(event, pairings)
    dropped = api(names[0]).post(f"/api/tournaments/{event}/drop/").json()["registration"]
    # read between the drop and the reinstatement, so that the snapshot is the dropped one
    assert api().get(standings_url(event)).json() == fresh_standings(event)
    response = api("org").post(
        f"/api/tournaments/{event}/reinstate/", {"registration": dropped}, format="json"
    )
    assert response.status_code == 200, response.json()


def _late_registration(event, names, pairings):
    late = api("late").post(
        f"/api/tournaments/{event}/registrations/", {"decklist": SAMPLE.read_text()}, format="json"
    )
    assert late.status_code == 201


def _link_a_guest(event, names, pairings):
    """A guest's registration linked to an account: their name changes everywhere."""
    guest = api("org").post(
        f"/api/tournaments/{event}/registrations/",
        {"guest": "Walk-in", "decklist": SAMPLE.read_text()},
        format="json",
    )
    assert guest.status_code == 201, guest.json()
    api().get(standings_url(event))  # the snapshot with the guest's name
    api("walkin-account")  # the account exists
    response = api("org").post(
        f"/api/tournaments/{event}/registrations/{guest.json()['registration']}/link/",
        {"username": "walkin-account"},
        format="json",
    )
    assert response.status_code == 200, response.json()


def _rename_an_account(event, names, pairings):
    """Not a write of the event: names are read with each answer, and the tag follows them."""
    from django.contrib.auth import get_user_model

    get_user_model().objects.filter(username=names[0]).update(username="renamed")


CHANGES = {
    "result confirmed": _confirm,
    "result disputed": _dispute,
    "result overridden": _override,
    "round taken back and paired again": _take_back_and_pair_again,
    "players swapped": _swap,
    "player dropped": _drop,
    "player reinstated": _reinstate,
    "late registration": _late_registration,
    "guest linked to an account": _link_a_guest,
    "account renamed": _rename_an_account,
}


@pytest.mark.parametrize("change", CHANGES)
@pytest.mark.parametrize("url", [pairings_url, standings_url], ids=["pairings", "standings"])
def test_no_snapshot_is_served_after_a_change_commits(paired, change, url):
    # given a client that has the current snapshot and its tag
    event, names, pairings = paired
    before = api().get(url(event))
    tag = before["ETag"]
    # when the change commits
    CHANGES[change](event, names, pairings)
    # then the old tag no longer matches, and the rows are those of the database now
    after = api().get(url(event), HTTP_IF_NONE_MATCH=tag)
    assert after.status_code == 200
    assert after["ETag"] != tag
    fresh = fresh_pairings(event) if url is pairings_url else fresh_standings(event)
    assert after.json() == fresh
    # and the pages render the same rows
    if url is standings_url:
        page = as_user(None).get(reverse("tournaments:standings", args=[event])).content.decode()
        for row in fresh:
            assert f">{row['points']}<" in page or str(row["points"]) in page
            assert row["player"] in page
    else:
        page = as_user(None).get(reverse("tournaments:pairings", args=[event, 1])).content.decode()
        for row in fresh:
            assert row["player_a"] in page


def test_the_change_is_seen_by_the_pages_too(paired):
    # given the pairings page, read once (and so snapshotted)
    event, _names, pairings = paired
    page_url = reverse("tournaments:pairings", args=[event, 1])
    assert "Playing" in as_user(None).get(page_url).content.decode()
    # when every result is confirmed
    confirm_all(event, pairings)
    # then the page shows the scores at once
    html = as_user(None).get(page_url).content.decode()
    assert "Playing" not in html
    assert html.count('class="score">2-0-0<') == sum(1 for p in pairings if p["player_b"])


def test_a_read_inside_a_transaction_that_rolls_back_leaves_nothing_to_serve(paired):
    """A snapshot cached under a version that is then rolled back is never served: the next
    change takes a version of its own (the version grows by a random step)."""
    from django.db import transaction

    event, names, pairings = paired

    class RolledBack(Exception):
        pass

    def drop_read_and_roll_back() -> None:
        with transaction.atomic():
            _drop(event, names, pairings)
            api().get(standings_url(event))  # cached under the rolled-back version
            raise RolledBack

    with pytest.raises(RolledBack):
        drop_read_and_roll_back()
    _drop(event, [names[1]], pairings)
    assert api().get(standings_url(event)).json() == fresh_standings(event)


# --- what a snapshot holds ---------------------------------------------------------------------


def test_no_hidden_information_enters_a_snapshot(paired):
    # given a match in the middle of lock and show, a penalty and hidden decklists
    event, names, pairings = paired
    row = next(p for p in pairings if p["player_b"])
    match = Match.objects.get(pk=row["match"])
    penalty = api("org").post(
        f"/api/matches/{match.pk}/penalties/",
        {
            "registration": row["player_a_registration"],
            "penalty": "warning",
            "infraction": "Slow play",
            "note": "slow play",
        },
        format="json",
    )
    assert penalty.status_code == 201, penalty.json()
    # when the snapshots are taken, by a judge as much as by anyone
    api("org").get(pairings_url(event))
    api("org").get(standings_url(event))
    tournament = Tournament.objects.get(pk=event)
    stored = json.dumps(
        [
            selectors.pairings_snapshot(round=Round.objects.get(tournament=tournament, number=1)),
            selectors.standings_snapshot(tournament=tournament),
        ],
        default=str,
    )
    # then they hold names, tables and results only
    for hidden in ("decklist", "champion", "sera vantyne", "lock", "penalt", "slow play", "state"):
        assert hidden not in stored.lower()
    # and every viewer gets the same rows
    assert api("org").get(pairings_url(event)).json() == api().get(pairings_url(event)).json()
    assert api(names[0]).get(standings_url(event)).json() == api().get(standings_url(event)).json()


# --- the cache down ----------------------------------------------------------------------------

DOWN = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
        "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
    }
}


def test_a_cache_that_is_down_only_costs_the_computing(paired):
    event, names, pairings = paired
    # logged in while the cache is up (with a Redis cache, the log-in limits live in it too)
    player = as_user(names[0])
    with override_settings(CACHES=DOWN):
        with pytest.raises(Exception):  # noqa: B017, PT011 - the cache really is down
            cache.get("anything")
        pairings_answer = api().get(pairings_url(event))
        assert pairings_answer.status_code == 200
        assert pairings_answer.json() == fresh_pairings(event)
        assert api().get(standings_url(event)).json() == fresh_standings(event)
        confirm_all(event, pairings)
        assert api().get(standings_url(event)).json() == fresh_standings(event)
        for page in (
            reverse("tournaments:pairings", args=[event, 1]),
            reverse("tournaments:standings", args=[event]),
            reverse("tournaments:event-detail", args=[event]),
        ):
            assert player.get(page).status_code == 200
