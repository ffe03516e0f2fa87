"""Deck checks over the API and the judge page: started for chosen or random tables of the current
round by a judge, ended with an outcome whose minutes are added to the match's time, listed with
both decklists for the judges, and refused to everyone else (docs/tournaments.md, Deck checks)."""

import json
import random
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tests.support.snapshots import put_back, shared_rows
from tests.tournaments.conftest import (
    api,
    as_user,
    build_event,
    confirm_all,
    event_snapshot,
    pair_next_round,
)
from tournaments.core.exchange import ExportFileError, check_document, fingerprint
from tournaments.models import DeckCheck, Match, Tournament
from tournaments.services.deck_checks import deck_checks_start
from tournaments.services.exchange import event_document, event_import

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def shared_event(django_db_setup, django_db_blocker, bundled_cards_snapshot):
    """Six players in round 1 (three tables), with a judge `jud`: built once for the module
    (tests.support.snapshots.shared_rows); each test's changes are rolled back after it."""
    with shared_rows(django_db_blocker):
        put_back(bundled_cards_snapshot)
        event, names = build_event(6)
        api("jud")  # the judge's account
        judged = api("org").post(f"/api/tournaments/{event}/judges/", {"username": "jud"})
        assert judged.status_code == 201, judged.json()
        api("org").post(f"/api/tournaments/{event}/start/")
        pairings = pair_next_round(event)
        yield event, names, pairings


@pytest.fixture
def event(db, shared_event):
    return shared_event


def start(event: int, who: str = "jud", number: int = 1, **body):
    return api(who).post(
        f"/api/tournaments/{event}/rounds/{number}/deck-checks/", body, format="json"
    )


def end(event: int, check: int, who: str = "jud", **body):
    return api(who).post(f"/api/tournaments/{event}/deck-checks/{check}/end/", body, format="json")


def test_a_judge_checks_chosen_tables_and_the_list_shows_both_decklists(event):
    event, _, pairings = event
    # when
    started = start(event, tables=[2, 1])
    # then
    assert started.status_code == 201, started.json()
    assert [c["table"] for c in started.json()] == [1, 2]
    assert all(c["state"] == "running" for c in started.json())
    listed = api("jud").get(f"/api/tournaments/{event}/deck-checks/").json()
    assert {c["table"] for c in listed} == {1, 2}
    for check in listed:
        names = {p["player"] for p in check["players"]}
        at = next(p for p in pairings if p["table"] == check["table"])
        assert names == {at["player_a"], at["player_b"]}
        for player in check["players"]:
            assert player["deck"]["decklist"]["timeline"]
            assert "Timeline" in player["deck"]["text"]


def test_ending_adds_the_rounded_up_duration_to_the_match_time(event):
    event, _, _ = event
    check = start(event, tables=[3]).json()[0]
    # given: the check began 7 minutes and 1 second ago
    DeckCheck.objects.filter(pk=check["id"]).update(
        started_at=timezone.now() - timedelta(minutes=7, seconds=1)
    )
    # when
    ended = end(event, check["id"], outcome="ok", note="all good")
    # then
    assert ended.status_code == 200, ended.json()
    assert ended.json()["minutes_added"] == 8
    assert ended.json()["outcome"] == "ok"
    assert Match.objects.get(pk=check["match"]).extra_minutes == 8
    # a second end is refused and adds nothing
    again = end(event, check["id"], outcome="ok")
    assert again.status_code == 409
    assert again.json()["code"] == "deck_check_ended"
    assert Match.objects.get(pk=check["match"]).extra_minutes == 8


def test_a_discrepancy_names_the_player_and_the_page_links_to_the_penalty_panel(event):
    event, _, _ = event
    check = start(event, tables=[1]).json()[0]
    offender = check["players"][1]["registration"]
    # a discrepancy without the player is refused, and changes nothing
    before = event_snapshot(event)
    refused = end(event, check["id"], outcome="discrepancy", note="3 cards short")
    assert refused.status_code == 400
    assert refused.json()["code"] == "unknown_registration"
    assert event_snapshot(event) == before
    assert DeckCheck.objects.get(pk=check["id"]).running
    # when: ended from the judge page
    page = as_user("jud").post(
        f"/events/{event}/judge/deck-checks/{check['id']}/end/",
        {"outcome": "discrepancy", "player": offender, "note": "3 cards short"},
    )
    # then: the judge goes to the match's judge view, its penalty panel filled in
    assert page.status_code == 302
    assert page["Location"].startswith(f"/events/{event}/judge/matches/{check['match']}/?")
    assert f"penalty_player={offender}" in page["Location"]
    assert "penalty_infraction=deck_problem" in page["Location"]
    assert "penalty_note=3+cards+short" in page["Location"]
    ended = DeckCheck.objects.get(pk=check["id"])
    assert (ended.outcome, ended.player_id) == ("discrepancy", offender)


def test_random_tables_are_drawn_from_a_seeded_source_and_never_twice(event):
    event, _, _ = event
    tournament = Tournament.objects.get(pk=event)
    judge = tournament.judges.get().user
    # given: table 2 is already under a check
    start(event, tables=[2])
    # when
    drawn = deck_checks_start(
        tournament=tournament, actor=judge, round_number=1, random_count=1, rng=random.Random(7)
    )
    # then: the same seed draws the same table among the two free ones
    free = [1, 3]
    assert [c.match.table for c in drawn] == random.Random(7).sample(free, 1)
    # asking for more tables than are free checks all of the rest
    rest = start(event, random=10)
    assert rest.status_code == 201
    assert DeckCheck.objects.filter(ended_at__isnull=True).count() == 3
    none_left = start(event, random=1)
    assert none_left.status_code == 201
    assert none_left.json() == []


@pytest.mark.parametrize(
    ("who", "body", "number", "status", "code"),
    [
        ("p01", {"tables": [1]}, 1, 403, "not_judge"),
        ("outsider", {"random": 2}, 1, 403, "not_judge"),
        ("jud", {"tables": [1]}, 2, 409, "round_not_current"),
        ("jud", {"tables": [1, 9]}, 1, 400, "unknown_tables"),
        ("jud", {"tables": [1], "random": 1}, 1, 400, "invalid_deck_check"),
        ("jud", {}, 1, 400, "invalid_deck_check"),
    ],
)
def test_refused_starts_change_nothing(event, who, body, number, status, code):
    event, _, _ = event
    before = event_snapshot(event)
    # when
    response = start(event, who, number, **body)
    # then
    assert response.status_code == status, response.json()
    assert response.json()["code"] == code
    assert event_snapshot(event) == before
    assert not DeckCheck.objects.exists()
    if code == "unknown_tables":
        assert response.json()["tables"] == [9]


def test_a_table_under_a_check_is_not_checked_twice(event):
    event, _, _ = event
    assert start(event, tables=[1]).status_code == 201
    # when
    again = start(event, "org", tables=[1, 2])
    # then
    assert again.status_code == 409
    assert again.json()["code"] == "deck_check_running"
    assert again.json()["tables"] == [1]
    assert DeckCheck.objects.count() == 1


def test_a_finished_round_is_not_current(event):
    event, _, pairings = event
    confirm_all(event, pairings)
    response = start(event, tables=[1])
    assert response.status_code == 409
    assert response.json()["code"] == "round_not_current"


def test_players_never_end_nor_list_deck_checks(event):
    event, names, _ = event
    check = start(event, tables=[1]).json()[0]
    before = event_snapshot(event)
    for who in (names[0], "outsider"):
        ended = end(event, check["id"], who, outcome="ok")
        assert ended.status_code == 403
        assert ended.json()["code"] == "not_judge"
        listed = api(who).get(f"/api/tournaments/{event}/deck-checks/")
        assert listed.status_code == 403
        assert listed.json()["code"] == "not_judge"
    assert api().get(f"/api/tournaments/{event}/deck-checks/").status_code in (401, 403)
    assert event_snapshot(event) == before
    assert DeckCheck.objects.get(pk=check["id"]).running


def test_the_judge_page_shows_running_checks_with_both_decklists(event):
    event, _, pairings = event
    # when: started from the page
    started = as_user("jud").post(
        f"/events/{event}/judge/deck-checks/", {"round": 1, "tables": "1, 2"}
    )
    assert started.status_code == 302
    page = as_user("jud").get(f"/events/{event}/judge/")
    # then
    html = page.content.decode()
    assert "Deck checks" in html
    for pairing in pairings[:2]:
        assert f"{pairing['player_a']}’s decklist" in html
        assert f"{pairing['player_b']}’s decklist" in html
    assert "Timeline" in html
    assert "<script>" not in html
    # a player's pages never show the decklists through deck checks
    assert as_user(pairings[0]["player_a"]).get(f"/events/{event}/judge/").status_code == 403


def _copy(event: int) -> tuple[dict, int]:
    """The event's export file, imported as another event (another name, so it is not the same
    event twice)."""
    document = event_document(tournament=Tournament.objects.get(pk=event))
    document["event"]["name"] += " (copy)"
    document["fingerprint"] = fingerprint(document["event"])
    return document, event_import(document=json.loads(json.dumps(document))).tournament.pk


def _checks(event: int) -> list[tuple]:
    return list(
        DeckCheck.objects.filter(match__round__tournament_id=event)
        .order_by("match__table")
        .values_list(
            "match__table",
            "started_by__username",
            "started_at",
            "ended_by__username",
            "ended_at",
            "outcome",
            "player__player__username",
            "note",
            "minutes_added",
        )
    )


def test_deck_checks_survive_export_and_import(event):
    event, _, _ = event
    # given: a discrepancy at table 1, a check still running at table 2
    checks = start(event, tables=[1, 2]).json()
    offender = checks[0]["players"][0]["registration"]
    ended = end(event, checks[0]["id"], outcome="discrepancy", player=offender, note="short")
    assert ended.status_code == 200
    # when
    document, copy = _copy(event)
    # then
    at_tables = {m["table"]: m.get("deck_checks") for m in document["rounds"][0]["matches"]}
    assert at_tables[1][0]["outcome"] == "discrepancy"
    assert at_tables[2][0]["ended_at"] is None
    assert at_tables[3] is None  # optional: absent for a match without a check
    assert _checks(copy) == _checks(event)
    assert len(_checks(copy)) == 2


def test_a_file_without_deck_checks_still_imports_and_a_wrong_one_is_refused(event):
    event, _, _ = event
    # an event without deck checks exports without the field, as files always were
    document = event_document(tournament=Tournament.objects.get(pk=event))
    assert all("deck_checks" not in m for r in document["rounds"] for m in r["matches"])
    check_document(json.loads(json.dumps(document)))
    # a discrepancy naming a player of another table is refused, with its place in the file
    match = document["rounds"][0]["matches"][0]
    other = document["rounds"][0]["matches"][1]["player_a"]
    match["deck_checks"] = [
        {
            "started_by": "jud",
            "started_at": "2026-11-28T01:00:00+00:00",
            "ended_by": "jud",
            "ended_at": "2026-11-28T01:05:00+00:00",
            "outcome": "discrepancy",
            "player": other,
            "note": "",
            "minutes_added": 5,
        }
    ]
    with pytest.raises(ExportFileError) as refused:
        check_document(json.loads(json.dumps(document)))
    paths = [problem.path for problem in refused.value.problems]
    assert paths == ["$.rounds[0].matches[0].deck_checks[0].player"]


def test_every_deck_check_refusal_code_is_documented():
    text = Path("docs/api.md").read_text()
    start = text.index("### Deck checks")
    section = text[start : text.index("\n### ", start + 1)]
    sources = (
        "tournaments/services/deck_checks.py",
        "tournaments/api_deck_checks.py",
        "tournaments/selectors/deck_checks.py",
    )
    codes = {code for s in sources for code in re.findall(r'code="([a-z_]+)"', Path(s).read_text())}
    assert {"round_not_current", "unknown_tables", "deck_check_running"} <= codes
    for code in codes | {"invalid", "not_authenticated", "not_judge", "own_match", "not_found"}:
        assert f"`{code}`" in section, code


def test_a_player_is_refused_the_judge_page_forms_and_nothing_changes(event):
    event, names, _ = event
    check = start(event, tables=[1]).json()[0]
    before = event_snapshot(event)
    player = as_user(names[0])
    # when
    started = player.post(f"/events/{event}/judge/deck-checks/", {"round": 1, "random": 2})
    ended = player.post(f"/events/{event}/judge/deck-checks/{check['id']}/end/", {"outcome": "ok"})
    # then
    assert started.status_code == 403
    assert ended.status_code == 403
    assert event_snapshot(event) == before
    assert list(DeckCheck.objects.values_list("pk", "ended_at")) == [(check["id"], None)]


def test_ending_as_ok_from_the_page_goes_back_to_the_judge_page(event):
    event, _, _ = event
    check = start(event, tables=[2]).json()[0]
    judge = as_user("jud")
    page = judge.post(
        f"/events/{event}/judge/deck-checks/{check['id']}/end/", {"outcome": "ok", "player": ""}
    )
    assert page.status_code == 302
    assert page["Location"] == f"/events/{event}/judge/#deck-checks-title"
    assert DeckCheck.objects.get(pk=check["id"]).outcome == "ok"
    shown = judge.get(f"/events/{event}/judge/").content.decode()
    assert "Ended deck checks" in shown
    assert "the decks match" in shown  # the message says what happened


def test_staff_see_a_matchs_deck_checks_in_the_admin_read_only(event):
    event, _, _ = event
    check = start(event, tables=[1]).json()[0]
    end(event, check["id"], outcome="ok", note="fine")
    get_user_model().objects.create(username="admin", is_staff=True, is_superuser=True)
    page = as_user("admin").get(f"/admin/tournaments/match/{check['match']}/change/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Deck check" in html
    assert "fine" in html
    assert 'name="deck_checks-0-note"' not in html
