"""The penalty panel through Django's test client: a judge gives a penalty from a match's judge
view and from the judge page, the judge log says what changed in words, the panel is filled in
from query parameters, an upgrade or downgrade needs a reason (refused ones write nothing), and
the API takes the same IPG codes. Who may see a penalty is in test_permission_matrix.py."""

from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.urls import reverse

from tests.support.snapshots import put_back, shared_rows
from tests.tournaments.conftest import (
    api,
    as_user,
    build_event,
    event_snapshot,
    pair_next_round,
)
from tournaments.core import infractions as ipg
from tournaments.models import Penalty, ResultOverride

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Table:
    event: int
    match: int
    a: str  # player a's name and registration
    a_reg: int
    b: str
    b_reg: int
    other_match: int


@pytest.fixture(scope="module")
def table_event(django_db_setup, django_db_blocker, bundled_cards_snapshot):
    """4 players, judge `jules`, round 1 paired; built once for the module (each test's changes
    are rolled back)."""
    with shared_rows(django_db_blocker):
        put_back(bundled_cards_snapshot)
        event, _ = build_event(4)
        get_user_model().objects.get_or_create(username="jules")
        org = api("org")
        assert (
            org.post(
                f"/api/tournaments/{event}/judges/", {"username": "jules"}, format="json"
            ).status_code
            == 201
        )
        assert org.post(f"/api/tournaments/{event}/start/").status_code == 200
        first, second = pair_next_round(event)[:2]
        yield Table(
            event=event,
            match=first["match"],
            a=first["player_a"],
            a_reg=first["player_a_registration"],
            b=first["player_b"],
            b_reg=first["player_b_registration"],
            other_match=second["match"],
        )


@pytest.fixture
def table(db, table_event) -> Table:
    return table_event


def url(name: str, *args) -> str:
    return reverse(f"tournaments:{name}", args=args)


def messages_of(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


# --- the IPG list and the words (pure) -----------------------------------------------------------


def test_every_infraction_has_a_unique_code_and_a_default_on_the_ladder():
    assert len(ipg.BY_CODE) == len(ipg.INFRACTIONS)
    assert all(i.default in ipg.LADDER for i in ipg.INFRACTIONS)
    assert ipg.BY_CODE["tardiness"].default == ipg.GAME_LOSS
    assert ipg.BY_CODE["deck_problem"].default == ipg.WARNING


@pytest.mark.parametrize(
    ("kind", "default", "reason", "note", "words"),
    [
        ("warning", "warning", "", "late", "Warning to alice: Tardiness (late)"),
        (
            "game_loss",
            "warning",
            "second time",
            "",
            "Game loss to alice: Tardiness (upgraded from warning: second time)",
        ),
        (
            "warning",
            "game_loss",
            "clock was wrong",
            "",
            "Warning to alice: Tardiness (downgraded from game loss: clock was wrong)",
        ),
        ("match_loss", "", "", "", "Match loss to alice: Tardiness"),
    ],
)
def test_a_penalty_in_words(kind, default, reason, note, words):
    assert (
        ipg.penalty_words(
            kind=kind,
            player="alice",
            infraction="Tardiness",
            note=note,
            default=default,
            reason=reason,
        )
        == words
    )


# --- the match's judge view -------------------------------------------------------------------


def test_a_judge_gives_the_default_penalty_from_the_match_panel(table):
    page = as_user("jules").get(url("judge-match", table.event, table.match))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Give a penalty" in html
    assert "IPG 3.1 Tardiness — game loss" in html
    # when jules gives the IPG's penalty for tardiness to player a
    given = as_user("jules").post(
        url("judge-match-penalty", table.event, table.match),
        {"player": table.a_reg, "infraction": "tardiness", "penalty": "", "note": "12 minutes"},
    )
    # then it is a game loss, logged, and the judge is told so in words
    assert given.status_code == 302
    assert given["Location"] == url("judge-match", table.event, table.match)
    assert messages_of(given) == [
        f"Given and logged: Game loss to {table.a}: Tardiness (12 minutes). "
        f"{table.a} sees it on their match page."
    ]
    penalty = Penalty.objects.get(match_id=table.match)
    assert (penalty.kind, penalty.code, penalty.infraction, penalty.reason) == (
        "game_loss",
        "tardiness",
        "Tardiness",
        "",
    )
    assert penalty.registration_id == table.a_reg
    assert penalty.actor.username == "jules"
    after = as_user("jules").get(url("judge-match", table.event, table.match)).content.decode()
    assert f"Game loss to {table.a}: Tardiness (12 minutes)" in after
    assert "None" not in after


def test_the_panel_is_filled_in_from_the_query(table):
    query = (
        f"?penalty_player={table.b_reg}&penalty_infraction=deck_problem"
        "&penalty_note=Deck+check%3A+40+cards%2C+list+says+41"
    )
    page = as_user("jules").get(url("judge-match", table.event, table.match) + query)
    assert page.status_code == 200
    html = page.content.decode()
    assert f'<option value="{table.b_reg}" selected>' in html
    assert f'<option value="{table.a_reg}">' in html
    assert '<option value="deck_problem" selected>' in html
    assert 'value="Deck check: 40 cards, list says 41"' in html
    assert "Filled in from the page that sent you here" in html
    assert not Penalty.objects.filter(match_id=table.match).exists()  # a GET gives nothing


def test_an_upgrade_without_a_reason_is_refused_and_writes_nothing(table):
    before = event_snapshot(table.event)
    refused = as_user("jules").post(
        url("judge-match-penalty", table.event, table.match),
        {"player": table.b_reg, "infraction": "slow_play", "penalty": "game_loss", "note": "n"},
    )
    assert refused.status_code == 400
    html = refused.content.decode()
    assert "The penalty was not given: nothing was written." in html
    assert (
        "The IPG&#x27;s penalty for Slow Play is a warning: say why this one is a game loss."
        in html
    )
    # the panel keeps what was posted
    assert '<option value="slow_play" selected>' in html
    assert '<option value="game_loss" selected>' in html
    assert event_snapshot(table.event) == before
    # with a reason it is given, and the log says it was upgraded and why
    given = as_user("jules").post(
        url("judge-match-penalty", table.event, table.match),
        {
            "player": table.b_reg,
            "infraction": "slow_play",
            "penalty": "game_loss",
            "reason": "warned twice this round",
        },
    )
    assert given.status_code == 302
    log = as_user("jules").get(url("judge", table.event)).content.decode()
    assert (
        f"Game loss to {table.b}: Slow Play (upgraded from warning: warned twice this round)" in log
    )


def test_a_downgrade_needs_a_reason_too(table):
    refused = as_user("jules").post(
        url("judge-match-penalty", table.event, table.match),
        {"player": table.a_reg, "infraction": "tardiness", "penalty": "warning"},
    )
    assert refused.status_code == 400
    assert not Penalty.objects.filter(match_id=table.match).exists()


def test_a_bad_panel_post_is_refused_with_the_field_named(table):
    refused = as_user("jules").post(
        url("judge-match-penalty", table.event, table.match),
        {"player": table.a_reg, "infraction": "not_an_infraction"},
    )
    assert refused.status_code == 400
    assert "Infraction:" in refused.content.decode()
    assert not Penalty.objects.exists()


def test_a_player_of_another_match_is_not_a_player_of_this_one(table):
    other = api("org").get(f"/api/matches/{table.other_match}/").json()
    refused = as_user("jules").post(
        url("judge-match-penalty", table.event, table.match),
        {"player": other["player_a_registration"], "infraction": "tardiness"},
    )
    assert refused.status_code == 400
    assert "one of this match&#x27;s players" in refused.content.decode()
    assert not Penalty.objects.exists()


@pytest.mark.parametrize("who", ["eve", "other_player"])
def test_a_non_judge_posting_the_panel_is_refused_not_judge(table, who):
    username = (
        api("org").get(f"/api/matches/{table.other_match}/").json()["player_a"]
        if who == "other_player"
        else who
    )
    before = event_snapshot(table.event)
    for path in (
        url("judge-match-penalty", table.event, table.match),
        url("judge-penalty", table.event),
    ):
        refused = as_user(username).post(path, {"player": table.a_reg, "infraction": "tardiness"})
        assert refused.status_code == 403
        assert refused.context["refusal"].code == "not_judge"
    page = as_user(username).get(url("judge-match", table.event, table.match))
    assert page.status_code == 403
    assert page.context["refusal"].code == "not_judge"
    assert event_snapshot(table.event) == before
    # as the API answers the same post
    answered = api(username).post(
        f"/api/matches/{table.match}/penalties/",
        {"registration": table.a_reg, "penalty": "warning", "code": "slow_play"},
        format="json",
    )
    assert (answered.status_code, answered.json()["code"]) == (403, "not_judge")


def test_a_player_in_the_match_is_refused_own_match_as_in_the_api(table):
    refused = as_user(table.b).post(
        url("judge-match-penalty", table.event, table.match),
        {"player": table.a_reg, "infraction": "tardiness"},
    )
    assert refused.status_code == 403
    assert refused.context["refusal"].code == "own_match"
    assert not Penalty.objects.exists()


# --- the judge page ---------------------------------------------------------------------------


def test_the_judge_page_panel_puts_the_penalty_on_the_players_current_match(table):
    page = as_user("org").get(url("judge", table.event)).content.decode()
    assert "Give a penalty" in page
    assert f"Table 1: {table.a} (v {table.b})" in page
    given = as_user("org").post(
        url("judge-penalty", table.event),
        {"player": table.b_reg, "infraction": "marked_cards", "note": "sleeves"},
    )
    assert given.status_code == 302
    assert messages_of(given)[0].startswith(f"Given and logged: Warning to {table.b}: Marked Cards")
    penalty = Penalty.objects.get()
    assert (penalty.match_id, penalty.kind, penalty.code) == (
        table.match,
        "warning",
        "marked_cards",
    )


def test_the_judge_log_says_penalties_in_words_never_none(table):
    # given a warning (free text, as the API always took it) and a game loss by code
    judge = api("jules")
    for body in (
        {"registration": table.a_reg, "penalty": "warning", "infraction": "Slow play", "note": "x"},
        {"registration": table.b_reg, "penalty": "game_loss", "code": "tardiness"},
    ):
        given = judge.post(f"/api/matches/{table.match}/penalties/", body, format="json")
        assert given.status_code == 201, given.json()
    # when the judge opens the log
    log = as_user("jules").get(url("judge", table.event)).content.decode()
    # then each entry says what was given, to whom, and for what
    assert f"Warning to {table.a}: Slow play (x)" in log
    assert f"Game loss to {table.b}: Tardiness" in log
    assert "None" not in log
    assert ResultOverride.objects.filter(match_id=table.match).count() == 2


def test_a_match_loss_says_the_score_it_left(table):
    given = api("jules").post(
        f"/api/matches/{table.match}/penalties/",
        {"registration": table.a_reg, "penalty": "match_loss", "code": "outside_assistance"},
        format="json",
    )
    assert given.status_code == 201, given.json()
    log = as_user("jules").get(url("judge", table.event)).content.decode()
    assert f"Match loss to {table.a}: Outside Assistance; now 0-2-0" in log


# --- the API's codes --------------------------------------------------------------------------


def test_the_api_takes_a_code_and_refuses_an_unknown_one_or_a_missing_reason(table):
    judge = api("jules")
    path = f"/api/matches/{table.match}/penalties/"
    before = event_snapshot(table.event)
    unknown = judge.post(
        path, {"registration": table.a_reg, "penalty": "warning", "code": "nope"}, format="json"
    )
    assert (unknown.status_code, unknown.json()["code"]) == (400, "unknown_infraction")
    no_reason = judge.post(
        path,
        {"registration": table.a_reg, "penalty": "disqualification", "code": "slow_play"},
        format="json",
    )
    assert (no_reason.status_code, no_reason.json()["code"]) == (400, "no_reason")
    assert event_snapshot(table.event) == before
    given = judge.post(
        path,
        {
            "registration": table.a_reg,
            "penalty": "warning",
            "code": "tardiness",
            "reason": "the round started early",
        },
        format="json",
    )
    assert given.status_code == 201, given.json()
    row = given.json()
    assert row["infraction"] == "Tardiness"
    assert (row["code"], row["default"], row["reason"]) == (
        "tardiness",
        "game_loss",
        "the round started early",
    )
    assert row["words"] == (
        f"Warning to {table.a}: Tardiness (downgraded from game loss: the round started early)"
    )


def test_a_disqualification_from_the_panel_is_asked_for_first_and_given_once_confirmed(table):
    posted = {
        "player": table.a_reg,
        "infraction": "unsporting_conduct_major",
        "penalty": "disqualification",
        "reason": "threatened the opponent",
        "note": "at table",
    }
    target = url("judge-match-penalty", table.event, table.match)
    # when the judge posts a disqualification from the panel
    asked = as_user("jules").post(target, posted)
    # then nothing is given yet: a page says what it does, that it cannot be undone, and carries
    # the panel's fields to its own form
    assert asked.status_code == 200
    html = asked.content.decode()
    assert "Disqualify this player?" in html
    assert "Cannot be undone" in html
    assert 'name="confirm" value="yes"' in html
    assert 'name="reason" value="threatened the opponent"' in html
    assert not Penalty.objects.filter(match_id=table.match).exists()
    # when it is confirmed
    done = as_user("jules").post(target, {**posted, "confirm": "yes"})
    # then the player is disqualified, once
    assert done.status_code == 302
    given = Penalty.objects.get(match_id=table.match)
    assert (given.kind, given.registration_id) == ("disqualification", table.a_reg)


def test_a_player_cannot_reach_the_disqualification_question(table):
    posted = {"player": table.b_reg, "infraction": "tardiness", "penalty": "disqualification"}
    asked = as_user(table.a).post(url("judge-match-penalty", table.event, table.match), posted)
    assert asked.status_code == 403
    assert "Disqualify this player?" not in asked.content.decode()
    assert not Penalty.objects.filter(match_id=table.match).exists()
