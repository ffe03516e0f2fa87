"""One source of truth for a match: whatever path a result takes (game reports, whole-match
reports, judges' entries and corrections, penalties, concessions, time), the API's `phase`,
`score`, `result` and `status`, the match row and the protocol state agree after every step."""

from dataclasses import dataclass, field
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from rules.core import match as protocol
from tests.support.snapshots import put_back, shared_rows
from tests.tournaments.conftest import api, build_event, pair_next_round
from tournaments.models import Match, Penalty, Registration, ResultOverride

pytestmark = pytest.mark.django_db

A, B, JUDGE = "a", "b", "judge"
CHOOSER, LOCKER = "chooser", "locker"  # whoever the match is waiting for
EMPTY_LOCK = {"out": [], "in": []}


@pytest.fixture(scope="module")
def shared_match(django_db_setup, django_db_blocker, bundled_cards_snapshot) -> dict:
    """build_match, once for the module; each test's changes are rolled back."""
    with shared_rows(django_db_blocker):
        put_back(bundled_cards_snapshot)
        yield build_match()


@pytest.fixture
def match(db, shared_match) -> dict:
    return shared_match


def build_match() -> dict:
    """A Swiss match between p01 and p02, with `jude` judging the event."""
    event, _ = build_event(2)
    org, _ = api("org"), api("jude")  # api() creates the accounts
    assert org.post(f"/api/tournaments/{event}/start/").status_code == 200
    added = org.post(f"/api/tournaments/{event}/judges/", {"username": "jude"}, format="json")
    assert added.status_code == 201
    return pair_next_round(event)[0]


def agreement(match_id: int) -> dict:
    """GET the match and check it against its database row and its protocol state; returns
    what the API said."""
    view = api().get(f"/api/matches/{match_id}/").json()
    row = Match.objects.get(pk=match_id)
    state = protocol.from_dict(row.state)
    result = protocol.result(state)
    assert view["status"] == row.status
    assert view["phase"] == str(protocol.phase(state))
    assert view["score"] == result.as_dict()
    assert len(view["games"]) == len(state.games) == result.a_wins + result.b_wins + result.draws
    pairings = f"/api/tournaments/{row.round.tournament_id}/rounds/{row.round.number}/pairings/"
    pairing = next(p for p in api().get(pairings).json() if p["match"] == match_id)
    assert pairing["status"] == row.status
    assert (pairing["a_wins"], pairing["b_wins"], pairing["draws"]) == (
        row.a_wins,
        row.b_wins,
        row.draws,
    )
    if result.over:
        assert view["phase"] == "over"
        assert row.status == Match.Status.CONFIRMED
        assert row.confirmed_at is not None
        assert (row.a_wins, row.b_wins, row.draws) == (result.a_wins, result.b_wins, result.draws)
        assert view["result"] == {
            "player_a_wins": result.a_wins,
            "player_b_wins": result.b_wins,
            "draws": result.draws,
        }
        assert view["ends_at"] is None  # the match clock stops at confirmation
    else:
        assert row.status in (Match.Status.PLAYING, Match.Status.DISPUTED)
        assert (row.a_wins, row.b_wins, row.draws) == (None, None, None)
        assert row.confirmed_at is None
        assert view["result"] is None
    return view


def row_of(match_id: int) -> tuple:
    return tuple(
        Match.objects.filter(pk=match_id)
        .values_list("status", "a_wins", "b_wins", "draws", "state", "confirmed_at")
        .get()
    )


@dataclass(frozen=True)
class Step:
    """One request: `who` (a seat, the judge, or whoever the match waits for) does `action`.
    `then` lists fields the match view must show afterwards."""

    who: str
    action: str
    arg: Any = None
    http: int = 200
    code: str = ""
    then: dict = field(default_factory=dict)


def lead(who=CHOOSER, **then):
    return Step(who, "lead", True, then=then)


def game(who, winner, http=200, code="", **then):
    return Step(who, "games", winner, http, code, then)


def lock(**then):
    return Step(LOCKER, "lock", EMPTY_LOCK, then=then)


def report(who, counts, http=200, code="", **then):
    return Step(who, "result", counts, http, code, then)


def penalty(seat, kind, http=201, code="", **then):
    return Step(JUDGE, "penalties", (seat, kind), http, code, then)


def concede(seat, whole_match, http=200, code="", **then):
    return Step(seat, "concede", whole_match, http, code, then)


def time(who=JUDGE, http=200, code="", **then):
    return Step(who, "time", None, http, code, then)


def play_game(winner, **then):
    """Both players report the game in progress."""
    return [game(A, winner), game(B, winner, **then)]


def between_games():
    """The loser of the last game chooses the lead; both lock (the winner first)."""
    return [lead(), lock(), lock(phase="playing")]


def run(match: dict, step: Step) -> dict:
    """Send one step and check the three views of the match agree, and that a refusal changed
    nothing; returns the match view."""
    mid = match["match"]
    seats = {A: match["player_a"], B: match["player_b"], JUDGE: "jude"}
    current = api().get(f"/api/matches/{mid}/").json()
    if step.who == CHOOSER:
        username = seats[current["chooser"]]
    elif step.who == LOCKER:
        username = seats[current["locks_next"]]
    else:
        username = seats[step.who]
    body: Any = None
    if step.action == "lead":
        body = {"lead": step.arg}
    elif step.action == "games":
        body = {"winner": None if step.arg is None else seats[step.arg]}
    elif step.action == "lock":
        body = step.arg
    elif step.action == "result":
        body = dict(zip(("player_a_wins", "player_b_wins", "draws"), step.arg, strict=True))
    elif step.action == "concede":
        body = {"match": step.arg}
    elif step.action == "penalties":
        seat, kind = step.arg
        body = {
            "registration": match[f"player_{seat}_registration"],
            "penalty": kind,
            "infraction": "Slow play" if kind == "warning" else "Marked cards",
        }
    before = row_of(mid)
    response = api(username).post(f"/api/matches/{mid}/{step.action}/", body, format="json")
    assert response.status_code == step.http, (step, response.json())
    if step.code:
        assert response.json()["code"] == step.code
    if step.http >= 400:
        assert row_of(mid) == before, f"{step} was refused but changed the match"
    view = agreement(mid)
    for key, value in step.then.items():
        shown = view[key]
        if key == "score":  # the counts given; `winner` and `ending` are checked at the end
            shown = {k: shown[k] for k in value}
        assert shown == value, (step, key, view[key])
    return view


def score(a, b, d=0, over=True):
    return {"a_wins": a, "b_wins": b, "draws": d, "over": over}


def final(view, expected_score, ending):
    assert {k: view["score"][k] for k in ("a_wins", "b_wins", "draws", "over")} == expected_score
    assert view["score"]["ending"] == ending
    winner = None
    if expected_score["over"] and expected_score["a_wins"] != expected_score["b_wins"]:
        winner = "a" if expected_score["a_wins"] > expected_score["b_wins"] else "b"
    assert view["score"]["winner"] == winner


SCENARIOS = {
    "game by game, 2-0": (
        [
            lead(phase="playing"),
            game(A, A, phase="playing", status="playing", score=score(0, 0, over=False)),
            game(B, A, phase="choosing_lead", score=score(1, 0, over=False)),
            *between_games(),
            *play_game(A, status="confirmed", phase="over"),
        ],
        score(2, 0),
        "two_wins",
    ),
    "game by game with a drawn game, 2-1": (
        [
            lead(),
            *play_game(A),
            *between_games(),
            *play_game(None, score=score(1, 0, 1, over=False)),
            *between_games(),
            *play_game(B),
            *between_games(),
            *play_game(A),
        ],
        score(2, 1, 1),
        "two_wins",
    ),
    "agreed game 1, then both report 2-0 through /result/": (
        [
            lead(),
            *play_game(A),
            report(A, (2, 0, 0), status="playing", phase="choosing_lead"),
            report(B, (2, 0, 0), status="confirmed", phase="over", score=score(2, 0)),
        ],
        score(2, 0),
        "reported",
    ),
    "whole match from the start": (
        [report(A, (2, 1, 0), status="playing"), report(B, (2, 1, 0), status="confirmed")],
        score(2, 1),
        "reported",
    ),
    "whole-match reports disagree, then a judge rules": (
        [
            report(A, (2, 0, 0)),
            report(B, (0, 2, 0), status="disputed", phase="choosing_lead"),
            report(JUDGE, (0, 2, 0), status="confirmed"),
        ],
        score(0, 2),
        "reported",
    ),
    "whole-match reports disagree; playing on leaves the match with the judges": (
        [
            report(A, (2, 0, 0)),
            report(B, (0, 2, 0), status="disputed"),
            lead(status="disputed", phase="playing"),
            game(A, A),
            game(B, A, status="disputed", phase="choosing_lead"),
            report(JUDGE, (2, 0, 0), status="confirmed"),
        ],
        score(2, 0),
        "reported",
    ),
    "a disputing player changes their report to agree": (
        [
            report(A, (2, 0, 0)),
            report(B, (0, 2, 0), status="disputed"),
            report(B, (2, 0, 0), status="confirmed"),
        ],
        score(2, 0),
        "reported",
    ),
    "a judge corrects a confirmed result; the same correction again changes nothing": (
        [
            report(A, (2, 0, 0)),
            report(B, (2, 0, 0), status="confirmed"),
            report(JUDGE, (2, 1, 0), status="confirmed", score=score(2, 1)),
            report(JUDGE, (2, 1, 0), http=409, code="no_change"),
            report(A, (2, 0, 0), http=409, code="match_over"),
        ],
        score(2, 1),
        "reported",
    ),
    "a judge enters the result in the middle of game 2": (
        [
            lead(),
            *play_game(A),
            *between_games(),
            game(A, B),
            report(JUDGE, (1, 0, 1), status="confirmed"),
        ],
        score(1, 0, 1),
        "reported",
    ),
    "a game dispute, settled by a judge's entry of the game": (
        [
            lead(),
            game(A, A),
            game(B, B, status="disputed", phase="playing"),
            game(JUDGE, B, status="playing", phase="choosing_lead", score=score(0, 1, over=False)),
            concede(A, True),
        ],
        score(0, 2),
        "concession",
    ),
    "a game loss during game 1": (
        [
            lead(),
            penalty(A, "game_loss", phase="choosing_lead", score=score(0, 1, over=False)),
            *between_games(),
            *play_game(B),
        ],
        score(0, 2),
        "two_wins",
    ),
    "a game loss before game 1, then a whole-match report that includes it": (
        [
            penalty(B, "game_loss", score=score(1, 0, over=False)),
            report(A, (2, 0, 0)),
            report(B, (2, 0, 0), status="confirmed"),
        ],
        score(2, 0),
        "reported",
    ),
    "a game loss between games ends the match on two wins": (
        [lead(), *play_game(A), penalty(B, "game_loss", phase="over")],
        score(2, 0),
        "two_wins",
    ),
    "a match loss at 1-0 up": (
        [lead(), *play_game(A), penalty(A, "match_loss", phase="over")],
        score(0, 2),
        "penalty",
    ),
    "a disqualification": (
        [
            lead(),
            penalty(B, "disqualification", phase="over"),
            penalty(A, "game_loss", http=409, code="match_over"),
        ],
        score(2, 0),
        "penalty",
    ),
    "a warning changes no result": (
        [
            penalty(A, "warning", phase="choosing_lead", score=score(0, 0, over=False)),
            report(A, (0, 2, 0)),
            report(B, (0, 2, 0)),
        ],
        score(0, 2),
        "reported",
    ),
    "concede a game in play, then one between games": (
        [
            lead(),
            concede(B, False, score=score(1, 0, over=False), phase="choosing_lead"),
            concede(B, False, phase="over"),
        ],
        score(2, 0),
        "two_wins",
    ),
    "concede the match 1-0 up": (
        [lead(), *play_game(A), concede(A, True, phase="over")],
        score(1, 2),
        "concession",
    ),
    "time during lock and show at 1-0": (
        [lead(), *play_game(A), lead(), lock(phase="locking"), time(phase="over")],
        score(1, 0),
        "time",
    ),
    "time during game 3 at 1-1": (
        [
            lead(),
            *play_game(A),
            *between_games(),
            *play_game(B),
            *between_games(),
            game(A, A),
            time(phase="over"),
        ],
        score(1, 1, 1),
        "time",
    ),
    "time before game 1": ([time()], score(0, 0), "time"),
}


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_path_keeps_phase_score_result_and_row_in_agreement(match, name):
    steps, expected_score, ending = SCENARIOS[name]
    agreement(match["match"])
    view = None
    for step in steps:
        view = run(match, step)
    final(view, expected_score, ending)
    # once over, nothing more can be reported, conceded, timed or penalised into the result
    for step in (
        game(A, A, http=409, code="match_over"),
        report(A, (2, 0, 0), http=409, code="match_over"),
        concede(B, True, http=409, code="match_over"),
        time(http=409, code="match_over"),
        penalty(B, "match_loss", http=409, code="match_over"),
    ):
        run(match, step)


def test_agreed_game_one_then_both_report_two_nil(match):
    """The exact report: after an agreed game 1, both players send 2-0 through /result/."""
    mid = match["match"]
    for step in (lead(), *play_game(A)):
        run(match, step)
    body = {"player_a_wins": 2, "player_b_wins": 0, "draws": 0}
    for player in (match["player_a"], match["player_b"]):
        assert (
            api(player).post(f"/api/matches/{mid}/result/", body, format="json").status_code == 200
        )
    view = agreement(mid)
    assert view["status"] == "confirmed"
    assert view["result"] == {"player_a_wins": 2, "player_b_wins": 0, "draws": 0}
    assert view["phase"] == "over"
    assert (view["score"]["a_wins"], view["score"]["b_wins"], view["score"]["over"]) == (2, 0, True)
    # game 1 was played and is kept; game 2 is the part of the report without its game
    assert [(g["winner"], g["ending"]) for g in view["games"]] == [
        ("a", "played"),
        ("a", "reported"),
    ]


def test_refusals_on_a_live_match_change_nothing(match):
    mid = match["match"]
    run(match, lead())
    for who, action, body, status, code in (
        # players cannot officiate, not even their own match
        (match["player_a"], "time", None, 403, "own_match"),
        ("outsider", "time", None, 403, "not_judge"),
        (
            match["player_b"],
            "penalties",
            {"registration": 1, "penalty": "warning", "infraction": "x"},
            403,
            "own_match",
        ),
        ("outsider", "concede", {"match": True}, 403, "not_in_match"),
        ("jude", "concede", {"match": True}, 403, "not_in_match"),
        # bad input
        (
            "jude",
            "result",
            {"player_a_wins": 2, "player_b_wins": 2, "draws": 0},
            400,
            "invalid_result",
        ),
        (
            "jude",
            "penalties",
            {"registration": 10**6, "penalty": "warning", "infraction": "x"},
            400,
            "unknown_registration",
        ),
        (
            "jude",
            "penalties",
            {
                "registration": match["player_a_registration"],
                "penalty": "warning",
                "infraction": "  ",
            },
            400,
            "invalid",
        ),
        # out of turn
        (match["player_a"], "lock", EMPTY_LOCK, 409, "not_between_games"),
    ):
        before = row_of(mid)
        response = api(who).post(f"/api/matches/{mid}/{action}/", body, format="json")
        assert response.status_code == status, (who, action, response.json())
        assert response.json()["code"] == code
        assert row_of(mid) == before
        agreement(mid)
    assert not Penalty.objects.exists()
    assert not ResultOverride.objects.exists()


def test_a_top_cut_match_has_no_time_and_no_draws(event_with_players):
    event, _ = event_with_players(4, top_cut=4, rounds=1)
    org, _ = api("org"), api("jude")
    org.post(f"/api/tournaments/{event}/start/")
    org.post(f"/api/tournaments/{event}/judges/", {"username": "jude"}, format="json")
    for pairing in pair_next_round(event):
        for player in (pairing["player_a"], pairing["player_b"]):
            body = {"player_a_wins": 2, "player_b_wins": 0, "draws": 0}
            api(player).post(f"/api/matches/{pairing['match']}/result/", body, format="json")
    semifinal = pair_next_round(event)[0]
    steps = [
        time(http=409, code="no_time_limit"),
        report(JUDGE, (1, 1, 0), http=400, code="invalid_result"),
        lead(),
        *play_game(None, score=score(0, 0, 1, False), phase="choosing_lead"),
        *between_games(),
        penalty(A, "game_loss", score=score(0, 1, 1, False)),
        *between_games(),
        *play_game(B, phase="over"),
    ]
    view = None
    for step in steps:
        view = run(semifinal, step)
    final(view, score(0, 2, 1), "two_wins")


def test_penalties_are_logged_with_who_gave_them_and_a_disqualification_drops(match):
    mid = match["match"]
    run(match, lead())
    run(match, penalty(A, "warning"))
    run(match, penalty(A, "game_loss"))
    run(match, penalty(B, "disqualification"))
    log = list(ResultOverride.objects.filter(match_id=mid).order_by("created_at", "id"))
    assert [entry.actor.username for entry in log] == ["jude"] * 3
    assert [entry.after["penalty"] for entry in log] == ["warning", "game_loss", "disqualification"]
    assert log[1].before == {"a_wins": None, "b_wins": None, "draws": None}
    assert (log[2].after["a_wins"], log[2].after["b_wins"]) == (2, 0)
    assert Registration.objects.get(pk=match["player_b_registration"]).dropped


def test_messages_name_the_players_by_their_current_names(match):
    mid = match["match"]
    chooser_seat = api().get(f"/api/matches/{mid}/").json()["chooser"]
    chooser = match[f"player_{chooser_seat}"]
    other = match["player_b"] if chooser_seat == "a" else match["player_a"]
    refused = api(other).post(f"/api/matches/{mid}/lead/", {"lead": True}, format="json")
    assert refused.status_code == 409
    assert refused.json()["code"] == "choice_not_yours"
    assert chooser in refused.json()["detail"]
    # renamed, the player is named by the new name: names are not stored in the match
    get_user_model().objects.filter(username=chooser).update(username="renamed")
    again = api(other).post(f"/api/matches/{mid}/lead/", {"lead": True}, format="json")
    assert "renamed" in again.json()["detail"]
    assert chooser not in again.json()["detail"]
