"""Best-of-three over the API: who leads, game reports, lock and show with hidden selections."""

import pytest

from tests.tournaments.conftest import api, pair_next_round
from tournaments.models import Match

pytestmark = pytest.mark.django_db

FORETHOUGHT_SWAP = {"out": ["Static Lattice"], "in": []}  # filled per test from real Chi


@pytest.fixture
def match(event_with_players):
    event, _ = event_with_players(2)
    api("org").post(f"/api/tournaments/{event}/start/")
    return pair_next_round(event)[0]


def view(username, match_id):
    return api(username).get(f"/api/matches/{match_id}/").json()


def equal_chi_swap(match_id: int) -> dict:
    """A legal one-for-one swap: a timeline card out, a forethought of the same Chi in."""
    from decks.selectors import card_index
    from rules.core.decklist import decklist_from_json, name_key

    stored = Match.objects.get(pk=match_id).player_a.decklist
    deck = decklist_from_json(stored)
    chi = {name_key(n): c.chi for n, c in card_index().items()}
    for incoming in deck.forethoughts:
        for outgoing in deck.timeline:
            if chi[name_key(incoming.name)] == chi[name_key(outgoing.name)] and name_key(
                incoming.name
            ) != name_key(outgoing.name):
                return {"out": [outgoing.name], "in": [incoming.name]}
    raise AssertionError("the sample deck has no equal-Chi swap")


def play_game_one(match, winner_seat="a"):
    a, b = match["player_a"], match["player_b"]
    state = view(a, match["match"])
    chooser = a if state["chooser"] == "a" else b
    assert (
        api(chooser)
        .post(f"/api/matches/{match['match']}/lead/", {"lead": True}, format="json")
        .status_code
        == 200
    )
    winner = a if winner_seat == "a" else b
    for player in (a, b):
        response = api(player).post(
            f"/api/matches/{match['match']}/games/", {"winner": winner}, format="json"
        )
        assert response.status_code == 200, response.json()
    # the loser chooses who leads game 2; then lock and show begins
    loser = b if winner == a else a
    chose = api(loser).post(f"/api/matches/{match['match']}/lead/", {"lead": True}, format="json")
    assert chose.status_code == 200, chose.json()
    return winner


def test_the_coin_flip_winner_chooses_and_only_they_may(match):
    state = view(match["player_a"], match["match"])
    assert state["phase"] == "choosing_lead"
    assert state["chooser"] in ("a", "b")
    other = match["player_b"] if state["chooser"] == "a" else match["player_a"]
    refused = api(other).post(f"/api/matches/{match['match']}/lead/", {"lead": True}, format="json")
    assert refused.status_code == 409
    assert refused.json()["detail"]


def test_games_need_both_reports_and_disagreement_goes_to_judges(match):
    a, b = match["player_a"], match["player_b"]
    chooser = view(a, match["match"])["chooser"]
    api(a if chooser == "a" else b).post(
        f"/api/matches/{match['match']}/lead/", {"lead": True}, format="json"
    )
    api(a).post(f"/api/matches/{match['match']}/games/", {"winner": a}, format="json")
    assert view(a, match["match"])["games"] == []  # one report is not enough
    twice = api(a).post(f"/api/matches/{match['match']}/games/", {"winner": a}, format="json")
    assert twice.status_code == 409
    assert twice.json()["code"] == "already_reported"
    api(b).post(f"/api/matches/{match['match']}/games/", {"winner": b}, format="json")
    assert Match.objects.get(pk=match["match"]).status == "disputed"


def test_a_report_before_the_lead_is_chosen_is_refused(match):
    response = api(match["player_a"]).post(
        f"/api/matches/{match['match']}/games/", {"winner": match["player_a"]}, format="json"
    )
    assert response.status_code == 409
    assert "lead" in response.json()["detail"]


def test_lock_and_show_hides_the_selection_until_both_locked(match):
    a, b = match["player_a"], match["player_b"]
    winner = play_game_one(match, "a")
    loser = b if winner == a else a
    mid = match["match"]
    assert view(a, mid)["phase"] == "locking"
    swap = equal_chi_swap(mid)
    # the loser of game 1 may not lock first
    early = api(loser).post(f"/api/matches/{mid}/lock/", swap, format="json")
    assert early.status_code == 409
    assert early.json()["code"] == "not_your_turn_to_lock"
    # the winner locks: the opponent, a stranger and the public cannot see it; a judge can
    assert api(winner).post(f"/api/matches/{mid}/lock/", swap, format="json").status_code == 200
    seat = "a" if winner == a else "b"
    for viewer in (loser, "stranger", None):
        lock = (view(viewer, mid) if viewer else api().get(f"/api/matches/{mid}/").json())["lock"]
        assert lock[seat]["status"] == "locked"
        assert lock[seat]["out"] is None
        assert lock[seat]["hidden"] is True
    assert view(winner, mid)["lock"][seat]["out"] == swap["out"]
    api("org").post(
        f"/api/tournaments/{Match.objects.get(pk=mid).round.tournament_id}/judges/",
        {"username": "org"},
        format="json",
    )
    assert view("org", mid)["lock"][seat]["out"] == swap["out"]  # the organizer sees it
    # locking twice is refused
    again = api(winner).post(f"/api/matches/{mid}/lock/", swap, format="json")
    assert again.status_code == 409
    assert again.json()["code"] == "already_locked"
    # the other locks: both are shown to everyone
    assert (
        api(loser)
        .post(f"/api/matches/{mid}/lock/", {"out": [], "in": []}, format="json")
        .status_code
        == 200
    )
    for viewer in (a, b, "stranger"):
        shown = view(viewer, mid)["lock"]
        assert shown[seat]["status"] == "shown"
        assert shown[seat]["out"] == swap["out"]


@pytest.mark.parametrize(
    ("make_swap", "code"),
    [
        (lambda s: {"out": s["out"] * 2, "in": s["in"]}, "swap_count_mismatch"),
        (lambda s: {"out": s["out"], "in": ["Not A Real Card"]}, "card_not_in_forethoughts"),
        (lambda s: {"out": ["Not A Real Card"], "in": s["in"]}, "card_not_in_timeline"),
    ],
)
def test_locks_that_break_the_swap_rules_are_refused(match, make_swap, code):
    winner = play_game_one(match, "a")
    swap = make_swap(equal_chi_swap(match["match"]))
    response = api(winner).post(f"/api/matches/{match['match']}/lock/", swap, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == code
    assert response.json()["detail"]


def test_only_players_lock_their_own_selection(match):
    play_game_one(match, "a")
    response = api("stranger").post(
        f"/api/matches/{match['match']}/lock/", {"out": [], "in": []}, format="json"
    )
    assert response.status_code == 403


def test_two_agreed_game_wins_confirm_the_match(match):
    a, b = match["player_a"], match["player_b"]
    mid = match["match"]
    play_game_one(match, "a")
    for _ in range(10):  # lock (empty), choose lead, report: until the match is over
        state = view(a, mid)
        if state["status"] == "confirmed":
            break
        if state["phase"] == "locking":
            nxt = state["locks_next"]
            api(a if nxt == "a" else b).post(
                f"/api/matches/{mid}/lock/", {"out": [], "in": []}, format="json"
            )
        elif state["phase"] == "choosing_lead":
            chooser = state["chooser"]
            api(a if chooser == "a" else b).post(
                f"/api/matches/{mid}/lead/", {"lead": False}, format="json"
            )
        else:
            for player in (a, b):
                api(player).post(f"/api/matches/{mid}/games/", {"winner": a}, format="json")
    final = view(a, mid)
    assert final["status"] == "confirmed"
    assert final["result"] == {"player_a_wins": 2, "player_b_wins": 0, "draws": 0}
