"""A Titans of Eden Three-Arena team event run through the API: teams of two seats, rounds of
pods of three teams, results reported per team and confirmed when all three agree, and standings
per team. Plus who may report, and a race between two teammates."""

import pytest
from django.db import connection

from tests.decks.test_games import SPELLBOOK
from tests.tournaments.conftest import api, pair_next_round
from tests.tournaments.test_concurrency import run_at_once
from tournaments.models import Pod, PodOverride, PodReport, Tournament


def create(**fields) -> int:
    response = api("org").post(
        "/api/tournaments/",
        {"name": "Arena night", "game": "titans-of-eden", "team_play": "three_arena", **fields},
        format="json",
    )
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def team(name: str, first: str, second: str) -> dict:
    return {
        "name": name,
        "seats": [
            {"arena": 1, "username": first, "spellbook": SPELLBOOK},
            {"arena": 2, "username": second, "spellbook": SPELLBOOK},
        ],
    }


# Six teams; "solo" is a one-person team, in both its arenas with two spellbooks (L388, L396).
TEAMS = {
    "Storm": ("a1", "a2"),
    "Fire": ("b1", "b2"),
    "Ice": ("c1", "c2"),
    "Rock": ("solo", "solo"),
    "Mist": ("e1", "e2"),
    "Ash": ("f1", "f2"),
}


def register(event: int, names=TEAMS) -> None:
    for name, (first, second) in names.items():
        api(first), api(second)
        registered = api("org").post(
            f"/api/tournaments/{event}/teams/", team(name, first, second), format="json"
        )
        assert registered.status_code == 201, registered.json()


def pods_of(event: int, number: int) -> list[dict]:
    return api().get(f"/api/tournaments/{event}/rounds/{number}/pods/").json()


def report(pod: dict, winner: str | None, team_name: str):
    return api(TEAMS[team_name][0]).post(
        f"/api/pods/{pod['pod']}/result/", {"winner": winner}, format="json"
    )


@pytest.mark.django_db
def test_a_three_arena_event_of_six_teams_runs_three_rounds_of_pods(bundled_cards):
    # given a Three-Arena event and six teams
    event = create()
    register(event)
    assert api("org").post(f"/api/tournaments/{event}/start/").json()["rounds"] == 3
    wins: dict[str, int] = dict.fromkeys(TEAMS, 0)
    met: set[frozenset[str]] = set()
    for number in (1, 2, 3):
        # when a round is paired
        assert pair_next_round(event) == []  # no two-sided matches, and no bye for six teams
        pods = pods_of(event, number)
        # then it is two pods of three teams, every team in one, each in two arenas
        assert [p["table"] for p in pods] == [1, 2]
        assert sorted(t for p in pods for t in p["teams"]) == sorted(TEAMS)
        for pod in pods:
            a, b, c = pod["teams"]
            assert [(x["arena"], [s["team"] for s in x["sides"]]) for x in pod["arenas"]] == [
                (1, [a, c]),
                (2, [a, b]),
                (3, [b, c]),
            ]
            if "Rock" in pod["teams"]:
                rock = [s for x in pod["arenas"] for s in x["sides"] if s["team"] == "Rock"]
                assert [s["player"] for s in rock] == ["solo", "solo"]
            pairs = {frozenset((x, y)) for x in pod["teams"] for y in pod["teams"] if x != y}
            met |= pairs
            # the best-placed team wins; every team's report names it
            winner = pod["teams"][0]
            for reporter in pod["teams"]:
                reported = report(pod, winner, reporter)
                assert reported.status_code == 200, reported.json()
            assert reported.json()["status"] == "confirmed"
            assert reported.json()["winner"] == winner
            wins[winner] += 1
    # then the event is over, and the standings are per team: 3 points a win
    assert Tournament.objects.get(pk=event).status == "finished"
    standings = api().get(f"/api/tournaments/{event}/standings/").json()
    assert sorted(s["player"] for s in standings) == sorted(TEAMS)
    for line in standings:
        assert line["points"] == 3 * wins[line["player"]]
        assert line["wins"] + line["losses"] == 3
    assert [s["points"] for s in standings] == sorted(
        (s["points"] for s in standings), reverse=True
    )
    # six teams, three rounds of pods: 9 distinct pairs at least, some repeats unavoidable
    assert len(met) >= 9


@pytest.mark.django_db
def test_seven_teams_leave_one_bye_a_two_zero_win(bundled_cards):
    event = create()
    register(event, {**TEAMS, "Dust": ("g1", "g2")})
    api("org").post(f"/api/tournaments/{event}/start/")
    byes = pair_next_round(event)
    assert [(b["table"], b["player_b"]) for b in byes] == [(3, None)]
    assert len(pods_of(event, 1)) == 2
    standings = {s["player"]: s for s in api().get(f"/api/tournaments/{event}/standings/").json()}
    assert standings[byes[0]["player_a"]]["points"] == 3


@pytest.mark.django_db
def test_three_arena_needs_three_teams_and_has_no_top_cut(bundled_cards):
    event = create()
    register(event, {"Storm": TEAMS["Storm"], "Fire": TEAMS["Fire"]})
    refused = api("org").post(f"/api/tournaments/{event}/start/")
    assert (refused.status_code, refused.json()["code"]) == (409, "too_few_players")
    cut = create(top_cut=4)
    register(cut, {k: TEAMS[k] for k in ("Storm", "Fire", "Ice", "Rock")})
    refused = api("org").post(f"/api/tournaments/{cut}/start/")
    assert (refused.status_code, refused.json()["code"]) == (409, "no_top_cut")


@pytest.fixture
def running_pod(bundled_cards):
    event = create()
    register(event, {k: TEAMS[k] for k in ("Storm", "Fire", "Ice")})
    api("judge1")
    api("org").post(f"/api/tournaments/{event}/judges/", {"username": "judge1"}, format="json")
    api("org").post(f"/api/tournaments/{event}/start/")
    pair_next_round(event)
    return event, pods_of(event, 1)[0]


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["stranger", "e1"])
def test_only_the_pods_teams_judges_and_organizer_report(running_pod, who):
    _, pod = running_pod
    refused = api(who).post(f"/api/pods/{pod['pod']}/result/", {"winner": "Storm"}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "not_in_pod")
    assert api().post(f"/api/pods/{pod['pod']}/result/", {"winner": "Storm"}).status_code in (
        401,
        403,
    )
    assert not PodReport.objects.exists()


@pytest.mark.django_db
def test_a_teammate_cannot_report_twice_and_reports_that_differ_are_disputed(running_pod):
    _, pod = running_pod
    assert report(pod, "Storm", "Storm").status_code == 200
    again = api(TEAMS["Storm"][1]).post(
        f"/api/pods/{pod['pod']}/result/", {"winner": "Storm"}, format="json"
    )
    assert (again.status_code, again.json()["code"]) == (409, "already_reported")
    unknown = report(pod, "Nobody", "Fire")
    assert (unknown.status_code, unknown.json()["code"]) == (400, "invalid_winner")
    none = report(pod, None, "Fire")
    assert (none.status_code, none.json()["code"]) == (400, "winner_required")
    assert report(pod, "Fire", "Fire").json()["status"] == "disputed"
    # a judge decides; a game stopped without a winner is a draw for all three
    decided = api("judge1").post(f"/api/pods/{pod['pod']}/result/", {"winner": None}, format="json")
    assert decided.status_code == 200, decided.json()
    assert (decided.json()["status"], decided.json()["winner"]) == ("confirmed", None)
    assert report(pod, "Ice", "Ice").json()["code"] == "pod_over"
    standings = api().get(f"/api/tournaments/{running_pod[0]}/standings/").json()
    assert {(s["points"], s["draws"]) for s in standings} == {(1, 1)}


@pytest.mark.django_db
def test_the_organizer_records_a_result_and_the_round_finishes(running_pod):
    event, pod = running_pod
    recorded = api("org").post(f"/api/pods/{pod['pod']}/result/", {"winner": "ice"}, format="json")
    assert recorded.json()["winner"] == "Ice"
    assert Tournament.objects.get(pk=event).rounds.get(number=1).status == "finished"


@pytest.mark.django_db(transaction=True)
@pytest.mark.slow_setup(
    "transactional: its pod is built through the API in a database emptied after"
)
def test_two_teammates_reporting_at_once_make_one_report(running_pod):
    if connection.vendor != "postgresql":
        pytest.skip("row locks are exercised on PostgreSQL")
    _, pod = running_pod
    first, second = run_at_once(
        *(
            lambda player=player: (
                api(player)
                .post(f"/api/pods/{pod['pod']}/result/", {"winner": "Fire"}, format="json")
                .status_code
            )
            for player in TEAMS["Storm"]
        )
    )
    assert sorted([first, second]) == [200, 409]
    assert PodReport.objects.filter(pod_id=pod["pod"]).count() == 1
    assert Pod.objects.get(pk=pod["pod"]).status == "playing"


@pytest.mark.django_db
def test_a_three_arena_event_is_refused_by_export_not_cut_short(running_pod):
    event, _ = running_pod
    refused = api("org").get(f"/api/tournaments/{event}/export/")
    assert (refused.status_code, refused.json()["code"]) == (409, "three_arena_export")


@pytest.mark.django_db
def test_the_pairings_page_shows_each_pod_with_its_arenas(running_pod, client):
    event, pod = running_pod
    page = client.get(f"/events/{event}/rounds/1/pairings/").content.decode()
    assert f"Table 1: {' · '.join(pod['teams'])}" in page
    a, _, c = pod["teams"]
    first_of = {name: players[0] for name, players in TEAMS.items()}
    assert f"Arena 1: {first_of[a]} ({a}) v {first_of[c]} ({c})" in page
    assert "Playing" in page


@pytest.mark.django_db
def test_a_judges_pod_entries_are_logged_and_shown_on_the_judge_page(running_pod, client):
    from django.contrib.auth import get_user_model

    event, pod = running_pod
    # given: a team has reported; the teams' own reports are not judges' entries
    assert report(pod, "Storm", "Storm").status_code == 200
    assert not PodOverride.objects.exists()
    # when a judge records the result, then corrects it
    url = f"/api/pods/{pod['pod']}/result/"
    first = api("judge1").post(url, {"winner": "Storm", "note": "table call"}, format="json")
    assert first.status_code == 200, first.json()
    api("judge1").post(url, {"winner": None, "note": "time, no winner"}, format="json")
    # then both entries are logged with what they replaced
    entries = list(PodOverride.objects.order_by("pk").values("before", "after", "note"))
    assert entries == [
        {
            "before": {"status": "playing", "winner": None},
            "after": {"status": "confirmed", "winner": "Storm"},
            "note": "table call",
        },
        {
            "before": {"status": "confirmed", "winner": "Storm"},
            "after": {"status": "confirmed", "winner": None},
            "note": "time, no winner",
        },
    ]
    # and the judge page shows them
    client.force_login(get_user_model().objects.get(username="judge1"))
    page = client.get(f"/events/{event}/judge/").content.decode()
    assert "Pod results entered by judges" in page
    assert "time, no winner" in page
    assert "table call" in page
