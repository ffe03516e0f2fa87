"""Fixed seats through the service, the API, pairing and the pages: the organizer keeps a table
for a player, pairing seats them there whoever they play, and the pairings (page, API, CSV) and
the export say so. The numbering itself is tested without a database in test_seating.py; who
may set a fixed table is in test_permission_matrix.py."""

import json

import pytest
from django.urls import reverse

from tests.tournaments.conftest import api, as_user, event_snapshot, pair_next_round
from tournaments.core.exchange import ExportFileError, check_document
from tournaments.models import Match, Registration, Tournament
from tournaments.services.exchange import event_document

pytestmark = pytest.mark.django_db


def fixed_table(event: int, registration: int, table, username: str = "org"):
    return api(username).put(
        f"/api/tournaments/{event}/registrations/{registration}/fixed-table/",
        {"table": table},
        format="json",
    )


def reg(event: int, username: str) -> Registration:
    return Registration.objects.get(tournament_id=event, player__username=username)


def test_pairing_keeps_a_fixed_player_at_their_table_and_the_pairings_say_so(event_with_players):
    # given p04, last in the registration order, keeps table 9 (beyond the 2 tables there are)
    event, _ = event_with_players(4)
    p04 = reg(event, "p04")
    response = fixed_table(event, p04.pk, 9)
    assert response.status_code == 200, response.json()
    assert response.json() == {"registration": p04.pk, "table": 9}
    api("org").post(f"/api/tournaments/{event}/start/")
    # when round 1 is paired
    pairings = pair_next_round(event)
    # then p04 sits at table 9, whoever they play, and the other table is 1
    row = next(p for p in pairings if "p04" in (p["player_a"], p["player_b"]))
    assert row["table"] == 9
    assert row["fixed_seat"] == ("a" if row["player_a"] == "p04" else "b")
    assert sorted(p["table"] for p in pairings) == [1, 9]
    assert [p["fixed_seat"] for p in pairings if p is not row] == [None]
    # and the pairings by name, the CSVs and the page mark the seat
    base = f"/api/tournaments/{event}/rounds/1/pairings/"
    by_name = {r["player"]: r["fixed_seat"] for r in api().get(base + "?order=name").json()}
    assert by_name == {"p01": False, "p02": False, "p03": False, "p04": True}
    csv = api().get(base + "?as=csv").content.decode().splitlines()
    assert csv[0].endswith(",fixed_seat")
    assert [line.endswith(",p04") for line in csv[1:]].count(True) == 1
    by_name_csv = api().get(base + "?order=name&as=csv").content.decode().splitlines()
    assert [line for line in by_name_csv if line.endswith(",fixed seat")] == [
        next(line for line in by_name_csv if line.startswith("p04,"))
    ]
    page = as_user(None).get(reverse("tournaments:pairings", args=[event, 1])).content.decode()
    assert page.count("fixed seat</span>") == 1


def test_two_fixed_players_paired_together_sit_at_the_first_players_table(event_with_players):
    event, _ = event_with_players(2)
    fixed_table(event, reg(event, "p01").pk, 5)
    fixed_table(event, reg(event, "p02").pk, 3)
    api("org").post(f"/api/tournaments/{event}/start/")
    (row,) = pair_next_round(event)
    first = reg(event, row["player_a"])
    assert (row["table"], row["fixed_seat"]) == (first.fixed_table, "a")


@pytest.mark.parametrize(
    ("table", "status", "code"),
    [(0, 400, "invalid_table"), ("3", 400, "invalid_table"), (10_000, 400, "invalid_table")],
)
def test_a_fixed_table_that_is_not_a_table_number_is_refused(
    event_with_players, table, status, code
):
    event, _ = event_with_players(2)
    before = event_snapshot(event)
    response = fixed_table(event, reg(event, "p01").pk, table)
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert event_snapshot(event) == before


def test_a_table_kept_for_one_player_is_refused_for_another_and_can_be_freed(
    event_with_players,
):
    event, _ = event_with_players(2)
    p01, p02 = reg(event, "p01"), reg(event, "p02")
    assert fixed_table(event, p01.pk, 4).status_code == 200
    taken = fixed_table(event, p02.pk, 4)
    assert (taken.status_code, taken.json()["code"]) == (409, "table_taken")
    assert "p01" in taken.json()["detail"]
    assert fixed_table(event, p01.pk, None).json() == {"registration": p01.pk, "table": None}
    assert fixed_table(event, p02.pk, 4).status_code == 200
    unknown = fixed_table(event, 999_999, 2)
    assert (unknown.status_code, unknown.json()["code"]) == (404, "unknown_registration")


def test_a_finished_events_seats_stay(event_with_players):
    event, _ = event_with_players(2)
    Tournament.objects.filter(pk=event).update(status=Tournament.Status.FINISHED)
    response = fixed_table(event, reg(event, "p01").pk, 2)
    assert (response.status_code, response.json()["code"]) == (409, "event_finished")


def test_the_organizer_sets_a_fixed_table_from_the_list_of_players(event_with_players):
    event, _ = event_with_players(2)
    p02 = reg(event, "p02")
    path = reverse("tournaments:player-fixed-table", args=[event, p02.pk])
    detail = reverse("tournaments:event-detail", args=[event])
    assert f'action="{path}"' in as_user("org").get(detail).content.decode()
    assert path not in as_user("p01").get(detail).content.decode()
    as_user("org").post(path, {"table": "12"})
    p02.refresh_from_db()
    assert p02.fixed_table == 12
    assert "fixed table 12" in as_user("org").get(detail).content.decode()
    assert "fixed table 12" not in as_user("p01").get(detail).content.decode()
    # a player cannot, and an empty table frees it
    assert as_user("p01").post(path, {"table": "3"}).status_code == 403
    as_user("org").post(path, {"table": ""})
    p02.refresh_from_db()
    assert p02.fixed_table is None


def test_the_export_holds_fixed_tables_and_files_without_them_still_read(event_with_players):
    event, _ = event_with_players(4)
    fixed_table(event, reg(event, "p03").pk, 7)
    api("org").post(f"/api/tournaments/{event}/start/")
    pair_next_round(event)
    document = json.loads(json.dumps(event_document(tournament=Tournament.objects.get(pk=event))))
    assert [r.get("fixed_table") for r in document["registrations"]] == [None, None, 7, None]
    seats = [m.get("fixed_seat") for m in document["rounds"][0]["matches"]]
    assert sorted(filter(None, seats)) == [Match.objects.get(table=7).fixed_seat]
    check_document(document)
    # an older file, without the fields, still reads
    for registration in document["registrations"]:
        registration.pop("fixed_table", None)
    for match in document["rounds"][0]["matches"]:
        match.pop("fixed_seat", None)
    check_document(document)
    # and a table kept for two players is refused with its path
    document["registrations"][0]["fixed_table"] = 2
    document["registrations"][1]["fixed_table"] = 2
    with pytest.raises(ExportFileError) as refused:
        check_document(document)
    assert [p.path for p in refused.value.problems] == ["$.registrations[1].fixed_table"]
