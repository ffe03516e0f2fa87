"""Events over the API: lifecycle, roles, pairings, results, standings and exports."""

import pytest

from tests.tournaments.conftest import api, confirm_all, pair_next_round
from tournaments.models import Match, ResultOverride, Round, Tournament

pytestmark = pytest.mark.django_db


def test_full_event_lifecycle(event_with_players):
    # given an event with 6 players and a top 4
    event, names = event_with_players(6, top_cut=4)
    org = api("org")
    # when the organizer starts it, the Appendix E default fixes 3 Swiss rounds
    started = org.post(f"/api/tournaments/{event}/start/").json()
    assert started["status"] == "running"
    assert started["rounds"] == 3
    assert Round.objects.count() == 0  # starting pairs nothing
    for _ in range(3):
        pairings = pair_next_round(event)
        assert len(pairings) == 3
        assert sorted(p for pr in pairings for p in (pr["player_a"], pr["player_b"])) == names
        confirm_all(event, pairings)
    standings = api().get(f"/api/tournaments/{event}/standings/").json()
    assert [s["rank"] for s in standings] == [1, 2, 3, 4, 5, 6]
    assert set(standings[0]) == {
        "rank",
        "player",
        "registration",
        "points",
        "wins",
        "losses",
        "draws",
        "omw",
        "gw",
        "ogw",
        "dropped",
    }
    assert all(len(s["omw"].split(".")[1]) == 4 for s in standings)
    # top cut: 1v4, 2v3, then the final
    semis = pair_next_round(event)
    seeds = [s["player"] for s in standings]
    assert [(p["player_a"], p["player_b"]) for p in semis] == [
        (seeds[0], seeds[3]),
        (seeds[1], seeds[2]),
    ]
    confirm_all(event, semis)
    final = pair_next_round(event)
    assert [(p["player_a"], p["player_b"]) for p in final] == [(seeds[0], seeds[1])]
    confirm_all(event, final)
    assert Tournament.objects.get(pk=event).status == "finished"
    assert org.post(f"/api/tournaments/{event}/rounds/").status_code == 409


def test_odd_players_get_one_bye_as_a_confirmed_two_nil_win(event_with_players):
    event, _ = event_with_players(5)
    api("org").post(f"/api/tournaments/{event}/start/")
    pairings = pair_next_round(event)
    byes = [p for p in pairings if p["player_b"] is None]
    assert len(byes) == 1
    assert byes[0]["status"] == "confirmed"
    assert (byes[0]["a_wins"], byes[0]["b_wins"]) == (2, 0)


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ({"player_a_wins": 3, "player_b_wins": 0, "draws": 0}, "invalid_result"),
        ({"player_a_wins": 2, "player_b_wins": 2, "draws": 0}, "invalid_result"),
        ({"player_a_wins": -1, "player_b_wins": 0, "draws": 0}, "invalid"),
        ({"player_a_wins": 1, "player_b_wins": 0}, "invalid"),
        ({"player_a_wins": "two", "player_b_wins": 0, "draws": 0}, "invalid"),
    ],
)
def test_impossible_reports_are_refused_and_change_nothing(event_with_players, payload, code):
    event, _ = event_with_players(2)
    api("org").post(f"/api/tournaments/{event}/start/")
    pairing = pair_next_round(event)[0]
    response = api(pairing["player_a"]).post(
        f"/api/matches/{pairing['match']}/result/", payload, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == code
    match = Match.objects.get(pk=pairing["match"])
    assert match.status == "playing"
    assert not match.reports.exists()


def test_agreeing_reports_confirm_and_conflicting_ones_go_to_the_judge(event_with_players):
    event, _ = event_with_players(4)
    api("org").post(f"/api/tournaments/{event}/start/")
    first, second = pair_next_round(event)
    body = {"player_a_wins": 2, "player_b_wins": 1, "draws": 0}
    api(first["player_a"]).post(f"/api/matches/{first['match']}/result/", body, format="json")
    assert Match.objects.get(pk=first["match"]).status == "playing"  # one report is not enough
    api(first["player_b"]).post(f"/api/matches/{first['match']}/result/", body, format="json")
    assert Match.objects.get(pk=first["match"]).status == "confirmed"
    # a confirmed match cannot be reported again by a player
    again = api(first["player_a"]).post(
        f"/api/matches/{first['match']}/result/", body, format="json"
    )
    assert again.status_code == 409
    assert again.json()["code"] == "match_over"
    # conflicting reports
    api(second["player_a"]).post(f"/api/matches/{second['match']}/result/", body, format="json")
    other = {"player_a_wins": 0, "player_b_wins": 2, "draws": 0}
    api(second["player_b"]).post(f"/api/matches/{second['match']}/result/", other, format="json")
    assert Match.objects.get(pk=second["match"]).status == "disputed"
    # standings use confirmed results only
    standings = {s["player"]: s for s in api().get(f"/api/tournaments/{event}/standings/").json()}
    assert standings[second["player_a"]]["points"] == 0
    assert standings[second["player_b"]]["points"] == 0
    # the next round cannot be paired while a result is open
    blocked = api("org").post(f"/api/tournaments/{event}/rounds/")
    assert blocked.status_code == 409
    assert blocked.json()["code"] == "round_open"
    # a judge settles it, and the override is logged with who and when
    jude = api("jude")
    api("org").post(f"/api/tournaments/{event}/judges/", {"username": "jude"}, format="json")
    settled = jude.post(f"/api/matches/{second['match']}/result/", other, format="json")
    assert settled.status_code == 200
    assert settled.json()["status"] == "confirmed"
    log = ResultOverride.objects.get(match_id=second["match"])
    assert log.actor.username == "jude"
    assert log.created_at
    assert log.before is None
    # and may change it later: logged with the old result
    changed = api("org").post(f"/api/matches/{second['match']}/result/", body, format="json")
    assert changed.status_code == 200
    assert ResultOverride.objects.filter(match_id=second["match"]).count() == 2
    assert ResultOverride.objects.latest("created_at").before == {
        "a_wins": 0,
        "b_wins": 2,
        "draws": 0,
    }


def test_roles_are_enforced_on_every_change(event_with_players, sample_text):
    event, names = event_with_players(4)
    stranger, player = api("stranger"), api(names[0])
    for client in (stranger, player):
        assert client.post(f"/api/tournaments/{event}/start/").status_code == 403
        assert (
            client.post(
                f"/api/tournaments/{event}/judges/", {"username": "x"}, format="json"
            ).status_code
            == 403
        )
        assert client.post(f"/api/tournaments/{event}/publish/").status_code == 403
    assert api().post(f"/api/tournaments/{event}/start/").status_code in (401, 403)
    api("org").post(f"/api/tournaments/{event}/start/")
    assert stranger.post(f"/api/tournaments/{event}/rounds/").status_code == 403
    pairing = pair_next_round(event)[0]
    body = {"player_a_wins": 2, "player_b_wins": 0, "draws": 0}
    outsider = next(n for n in names if n not in (pairing["player_a"], pairing["player_b"]))
    for client in (stranger, api(outsider)):
        response = client.post(f"/api/matches/{pairing['match']}/result/", body, format="json")
        assert response.status_code == 403
        assert response.json()["code"] == "not_in_match"
        assert (
            client.post(
                f"/api/matches/{pairing['match']}/extend/", {"minutes": 5}, format="json"
            ).status_code
            == 403
        )
    assert api().post(
        f"/api/matches/{pairing['match']}/result/", body, format="json"
    ).status_code in (401, 403)
    assert not Match.objects.get(pk=pairing["match"]).reports.exists()


def test_decklists_stay_hidden_until_published(event_with_players):
    event, names = event_with_players(2)
    for client in (api(), api(names[0]), api("stranger")):
        rows = client.get(f"/api/tournaments/{event}/registrations/").json()
        assert all("decklist" not in row for row in rows)
    jude = api("jude")
    api("org").post(f"/api/tournaments/{event}/judges/", {"username": "jude"}, format="json")
    assert "decklist" in jude.get(f"/api/tournaments/{event}/registrations/").json()[0]
    api("org").post(f"/api/tournaments/{event}/publish/")
    assert "decklist" in api().get(f"/api/tournaments/{event}/registrations/").json()[0]


def test_registration_rules(event_with_players, sample_text):
    event, names = event_with_players(2)
    again = api(names[0]).post(
        f"/api/tournaments/{event}/registrations/", {"decklist": sample_text}, format="json"
    )
    assert again.status_code == 409
    assert again.json()["code"] == "already_registered"
    illegal = api("newbie").post(
        f"/api/tournaments/{event}/registrations/",
        {"decklist": "Champion: Sera Vantyne\nTimeline\n1 Static Lattice"},
        format="json",
    )
    assert illegal.status_code == 400
    assert illegal.json()["code"] == "deck_illegal"
    assert illegal.json()["errors"][0]["rule"]
    garbage = api("newbie").post(
        f"/api/tournaments/{event}/registrations/", {"decklist": "Timeline\n-5 X"}, format="json"
    )
    assert garbage.status_code == 400
    assert garbage.json()["code"] == "invalid_decklist"
    # withdraw before the start, not after
    assert api(names[1]).delete(f"/api/tournaments/{event}/registrations/").status_code == 204
    api(names[1]).post(
        f"/api/tournaments/{event}/registrations/", {"decklist": sample_text}, format="json"
    )
    api("org").post(f"/api/tournaments/{event}/start/")
    assert api(names[1]).delete(f"/api/tournaments/{event}/registrations/").status_code == 409
    closed = api("late").post(
        f"/api/tournaments/{event}/registrations/", {"decklist": sample_text}, format="json"
    )
    assert closed.status_code == 409
    assert closed.json()["code"] == "registration_closed"


def test_late_entrants_take_losses_for_missed_rounds(event_with_players, sample_text):
    event, _ = event_with_players(4, late_registration_until=2)
    api("org").post(f"/api/tournaments/{event}/start/")
    confirm_all(event, pair_next_round(event))
    late = api("late").post(
        f"/api/tournaments/{event}/registrations/", {"decklist": sample_text}, format="json"
    )
    assert late.status_code == 201
    assert late.json()["joined_round"] == 2
    standings = {s["player"]: s for s in api().get(f"/api/tournaments/{event}/standings/").json()}
    assert (standings["late"]["losses"], standings["late"]["points"]) == (1, 0)
    pairings = pair_next_round(event)
    assert "late" in {p for pr in pairings for p in (pr["player_a"], pr["player_b"])}
    confirm_all(event, pairings)
    too_late = api("later").post(
        f"/api/tournaments/{event}/registrations/", {"decklist": sample_text}, format="json"
    )
    assert too_late.status_code == 409


def test_dropped_players_are_not_paired_but_stay_in_standings(event_with_players):
    event, names = event_with_players(4)
    api("org").post(f"/api/tournaments/{event}/start/")
    confirm_all(event, pair_next_round(event))
    assert api(names[0]).post(f"/api/tournaments/{event}/drop/").status_code == 200
    assert api(names[0]).post(f"/api/tournaments/{event}/drop/").status_code == 409
    pairings = pair_next_round(event)
    assert names[0] not in {p for pr in pairings for p in (pr["player_a"], pr["player_b"])}
    standings = {s["player"]: s for s in api().get(f"/api/tournaments/{event}/standings/").json()}
    assert standings[names[0]]["dropped"] is True


def test_csv_exports(event_with_players):
    event, _ = event_with_players(3)
    api("org").post(f"/api/tournaments/{event}/start/")
    pair_next_round(event)
    pairings_csv = api().get(f"/api/tournaments/{event}/rounds/1/pairings/?as=csv")
    assert pairings_csv["Content-Type"].startswith("text/csv")
    lines = pairings_csv.content.decode().strip().splitlines()
    assert lines[0] == "table,player_a,player_b,explanation,fixed_seat"
    assert len(lines) == 3
    assert any(",BYE," in line for line in lines)
    standings_csv = api().get(f"/api/tournaments/{event}/standings/?as=csv").content.decode()
    assert standings_csv.startswith(
        "rank,player,registration,points,wins,losses,draws,omw,gw,ogw,dropped"
    )


def test_bad_event_input_is_a_clear_400(bundled_cards):
    org = api("org")
    for payload in (
        {"name": "X", "top_cut": 6},
        {"name": "X", "rounds": 0},
        {"name": "X", "format": "nope"},
        {"name": ""},
        {"name": "X", "round_minutes": 1},
    ):
        response = org.post("/api/tournaments/", payload, format="json")
        assert response.status_code == 400, payload
        assert response.json()["code"]
    assert not Tournament.objects.exists()
    assert api().post("/api/tournaments/", {"name": "X"}, format="json").status_code in (401, 403)
