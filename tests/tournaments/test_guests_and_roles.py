"""Guests at the table and judges who play: a judge locks a guest's lock-and-show selection for
them; a disqualification is not undone by reinstating; a judge who plays sees only their own
penalties."""

import pytest

from tests.tournaments.conftest import api, pair_next_round
from tournaments.models import Match

pytestmark = pytest.mark.django_db


@pytest.fixture
def guest_match(event_with_players, sample_text):
    """A running event of a guest (Walker) and p01, judged by jude, at table 1."""
    event, _ = event_with_players(1)
    org, _ = api("org"), api("jude")  # jude has an account
    judged = org.post(f"/api/tournaments/{event}/judges/", {"username": "jude"}, format="json")
    assert judged.status_code == 201
    added = org.post(
        f"/api/tournaments/{event}/registrations/",
        {"guest": "Walker", "decklist": sample_text},
        format="json",
    )
    assert added.status_code == 201, added.json()
    assert org.post(f"/api/tournaments/{event}/start/").status_code == 200
    (pairing,) = pair_next_round(event)
    return event, pairing


def test_a_judge_locks_a_guests_selection_for_them(guest_match):
    _event, pairing = guest_match
    match_id = pairing["match"]
    guest_seat = "a" if pairing["player_a"] == "Walker" else "b"
    other = pairing["player_b"] if guest_seat == "a" else pairing["player_a"]
    jude = api("jude")
    # game 1: the guest chooses through the judge, the judge records the game (the guest wins)
    view = jude.get(f"/api/matches/{match_id}/").json()
    assert (
        jude.post(f"/api/matches/{match_id}/lead/", {"lead": True}, format="json").status_code
        == 200
    )
    won = jude.post(f"/api/matches/{match_id}/games/", {"winner": "Walker"}, format="json")
    assert won.status_code == 200, won.json()
    # the loser chooses who leads game 2, then the winner (the guest) locks first
    assert (
        api(other).post(f"/api/matches/{match_id}/lead/", {"lead": True}, format="json").status_code
        == 200
    )
    # when the account-holder tries to lock for the guest, they cannot
    refused = api(other).post(
        f"/api/matches/{match_id}/lock/",
        {"out": [], "in": [], "for_guest": guest_seat},
        format="json",
    )
    assert refused.status_code == 403
    # nor can a judge lock for a player who has an account
    not_guest = jude.post(
        f"/api/matches/{match_id}/lock/",
        {"out": [], "in": [], "for_guest": "b" if guest_seat == "a" else "a"},
        format="json",
    )
    assert not_guest.status_code == 400
    assert not_guest.json()["code"] == "not_a_guest"
    # then the judge locks the guest's (empty) selection, and the other player can lock
    locked = jude.post(
        f"/api/matches/{match_id}/lock/",
        {"out": [], "in": [], "for_guest": guest_seat},
        format="json",
    )
    assert locked.status_code == 200, locked.json()
    assert locked.json()["lock"][guest_seat]["status"] == "locked"
    assert view["phase"] == "choosing_lead"
    assert (
        api(other)
        .post(f"/api/matches/{match_id}/lock/", {"out": [], "in": []}, format="json")
        .status_code
        == 200
    )
    assert Match.objects.get(pk=match_id).state["phase"] == "playing"


def test_a_disqualified_player_is_not_reinstated(guest_match):
    event, pairing = guest_match
    account = (
        pairing["player_b_registration"]
        if pairing["player_a"] == "Walker"
        else (pairing["player_a_registration"])
    )
    given = api("jude").post(
        f"/api/matches/{pairing['match']}/penalties/",
        {"registration": account, "penalty": "disqualification", "infraction": "Cheating"},
        format="json",
    )
    assert given.status_code == 201, given.json()
    refused = api("jude").post(
        f"/api/tournaments/{event}/reinstate/", {"registration": account}, format="json"
    )
    assert refused.status_code == 409
    assert refused.json()["code"] == "disqualified"


def test_a_judge_who_plays_sees_only_their_own_penalties(event_with_players, sample_text):
    event, names = event_with_players(4)
    org = api("org")
    org.post(f"/api/tournaments/{event}/judges/", {"username": names[0]}, format="json")
    assert org.post(f"/api/tournaments/{event}/start/").status_code == 200
    pairings = pair_next_round(event)
    theirs = next(p for p in pairings if names[0] not in (p["player_a"], p["player_b"]))
    given = org.post(
        f"/api/matches/{theirs['match']}/penalties/",
        {
            "registration": theirs["player_a_registration"],
            "penalty": "warning",
            "infraction": "Slow play",
        },
        format="json",
    )
    assert given.status_code == 201
    assert len(org.get(f"/api/tournaments/{event}/penalties/").json()) == 1
    assert api(names[0]).get(f"/api/tournaments/{event}/penalties/").json() == []
