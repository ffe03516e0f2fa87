"""Roles that combine: an organizer or judge who plays is a player in their own match (no lead
choice for the other side, no extension of their own match), and keeps a judge's powers for the
matches they do not play; extensions have a cap; a top-cut result cannot change once the next
bracket match is paired."""

import pytest

from tests.tournaments.conftest import api, confirm_all, pair_next_round
from tournaments.models import Match

pytestmark = pytest.mark.django_db


@pytest.fixture
def judge_who_plays(event_with_players):
    """A 4-player event where p01 is also a judge; round 1 paired. Returns (event, pairings)."""
    event, names = event_with_players(4)
    org = api("org")
    assert (
        org.post(f"/api/tournaments/{event}/judges/", {"username": names[0]}, format="json")
    ).status_code == 201
    assert org.post(f"/api/tournaments/{event}/start/").status_code == 200
    return event, pair_next_round(event)


def own_and_other(pairings, name="p01"):
    own = next(p for p in pairings if name in (p["player_a"], p["player_b"]))
    other = next(p for p in pairings if p is not own)
    return own, other


def test_a_judge_who_plays_cannot_choose_for_the_other_player(judge_who_plays):
    event, pairings = judge_who_plays
    own, _ = own_and_other(pairings)
    # both players of this match are judges too, so one of them is not the chooser
    api("org").post(
        f"/api/tournaments/{event}/judges/", {"username": own["player_b"]}, format="json"
    )
    api("org").post(
        f"/api/tournaments/{event}/judges/", {"username": own["player_a"]}, format="json"
    )
    chooser = api("org").get(f"/api/matches/{own['match']}/").json()["chooser"]
    not_chooser = own["player_b"] if chooser == "a" else own["player_a"]
    before = Match.objects.get(pk=own["match"]).state
    choice = api(not_chooser).post(
        f"/api/matches/{own['match']}/lead/", {"lead": True}, format="json"
    )
    assert choice.status_code == 409
    assert choice.json()["code"] == "choice_not_yours"
    assert Match.objects.get(pk=own["match"]).state == before


def test_a_judge_who_plays_cannot_extend_their_own_match_but_can_extend_another(
    judge_who_plays,
):
    _, pairings = judge_who_plays
    own, other = own_and_other(pairings)
    mine = api("p01").post(f"/api/matches/{own['match']}/extend/", {"minutes": 5}, format="json")
    assert mine.status_code == 403
    assert mine.json()["code"] == "own_match"
    assert Match.objects.get(pk=own["match"]).extra_minutes == 0
    theirs = api("p01").post(
        f"/api/matches/{other['match']}/extend/", {"minutes": 5}, format="json"
    )
    assert theirs.status_code == 200
    # and enters another match's result, as a judge
    entered = api("p01").post(
        f"/api/matches/{other['match']}/result/",
        {"player_a_wins": 2, "player_b_wins": 1, "draws": 0},
        format="json",
    )
    assert entered.status_code == 200
    assert entered.json()["status"] == "confirmed"


def test_extensions_of_one_match_are_capped(judge_who_plays):
    _, pairings = judge_who_plays
    _, other = own_and_other(pairings)
    org = api("org")
    for _ in range(2):
        assert (
            org.post(f"/api/matches/{other['match']}/extend/", {"minutes": 60}, format="json")
        ).status_code == 200
    # the 547th extension once overflowed a smallint; now the third is refused
    refused = org.post(f"/api/matches/{other['match']}/extend/", {"minutes": 1}, format="json")
    assert refused.status_code == 409
    assert refused.json()["code"] == "extension_limit"
    assert Match.objects.get(pk=other["match"]).extra_minutes == 120


def test_a_top_cut_result_is_fixed_once_the_next_bracket_match_is_paired(event_with_players):
    event, _ = event_with_players(4, top_cut=4, rounds=1)
    org = api("org")
    assert org.post(f"/api/tournaments/{event}/start/").status_code == 200
    confirm_all(event, pair_next_round(event))  # the Swiss round
    semifinals = pair_next_round(event)
    confirm_all(event, semifinals)
    pair_next_round(event)  # the final
    correction = org.post(
        f"/api/matches/{semifinals[0]['match']}/result/",
        {"player_a_wins": 0, "player_b_wins": 2, "draws": 0},
        format="json",
    )
    assert correction.status_code == 409
    assert correction.json()["code"] == "bracket_moved_on"
    match = Match.objects.get(pk=semifinals[0]["match"])
    assert (match.a_wins, match.b_wins) == (2, 0)
    # taking the final's pairings back allows it again
    assert org.delete(f"/api/tournaments/{event}/rounds/3/").status_code == 204
    again = org.post(
        f"/api/matches/{semifinals[0]['match']}/result/",
        {"player_a_wins": 0, "player_b_wins": 2, "draws": 0},
        format="json",
    )
    assert again.status_code == 200
