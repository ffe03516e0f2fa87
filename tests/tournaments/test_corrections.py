"""Correcting an old result (issue 25): a judge corrects round 2's result after round 4 is
paired, with a required reason; the standings follow at once, the pairings made stand, the
judge log says it in words, the export keeps it (and imports again), and the public standings
mark it. Every refusal has its code and changes nothing; the match's judge page asks first.

Two events, built once for the module: a Swiss event of 8 players with round 4 paired (rounds
1-3 confirmed 2-0), and a 4-player event whose top cut's semifinals are confirmed and final
paired. Organizer `org`, judge `jude`.
"""

import io
import json
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tests.support.snapshots import put_back, shared_rows
from tests.tournaments.conftest import (
    api,
    as_user,
    build_event,
    confirm_all,
    event_snapshot,
    pair_next_round,
)
from tournaments import stream
from tournaments.core.exchange import ExportFileError, check_document
from tournaments.models import Match, ResultOverride, Round, Tournament

pytestmark = pytest.mark.django_db

REASON = "slip filled in the wrong way round"
CORRECTED = {"a_wins": 1, "b_wins": 2, "draws": 0, "reason": REASON}


@dataclass
class Ctx:
    event: int
    match: int  # round 2, table 3: confirmed 2-0-0
    players: tuple[str, str]  # its player a and player b
    open_match: int  # a round-4 match, not confirmed yet
    top_cut_event: int
    semifinal: int  # a confirmed semifinal, the final paired


@pytest.fixture(scope="module")
def events(django_db_setup, django_db_blocker, bundled_cards_snapshot):
    with shared_rows(django_db_blocker):
        put_back(bundled_cards_snapshot)
        yield _build()


@pytest.fixture
def ctx(db, events) -> Ctx:
    return events


def _with_judge(event: int) -> None:
    org = api("org")
    added = org.post(f"/api/tournaments/{event}/judges/", {"username": "jude"}, format="json")
    assert added.status_code == 201, added.json()
    assert org.post(f"/api/tournaments/{event}/start/").status_code == 200


def _build() -> Ctx:
    for name in ("jude", "eve"):
        get_user_model().objects.get_or_create(username=name)
    event, _ = build_event(8, rounds=4)
    _with_judge(event)
    rounds = {}
    for number in (1, 2, 3, 4):
        rounds[number] = pair_next_round(event)
        if number < 4:
            confirm_all(event, rounds[number])
    corrected = next(p for p in rounds[2] if p["table"] == 3)
    cut, _ = build_event(4, rounds=2, top_cut=4)
    _with_judge(cut)
    for _number in (1, 2, 3):  # two Swiss rounds, then the semifinals
        confirm_all(cut, pair_next_round(cut))
    pair_next_round(cut)  # the final
    semifinal = Match.objects.filter(
        round__tournament_id=cut, round__kind=Round.Kind.TOP_CUT, round__number=3
    ).first()
    assert semifinal is not None
    assert semifinal.status == Match.Status.CONFIRMED
    return Ctx(
        event=event,
        match=corrected["match"],
        players=(corrected["player_a"], corrected["player_b"]),
        open_match=rounds[4][0]["match"],
        top_cut_event=cut,
        semifinal=semifinal.pk,
    )


def _pairings(event: int) -> list[tuple]:
    return list(
        Match.objects.filter(round__tournament_id=event)
        .order_by("round__number", "table")
        .values_list("round__number", "table", "player_a_id", "player_b_id")
    )


def _standings(event: int) -> dict[str, tuple]:
    rows = api().get(f"/api/tournaments/{event}/standings/").json()
    return {r["player"]: (r["points"], r["wins"], r["losses"], r["omw"]) for r in rows}


def _correct(ctx: Ctx, who: str = "jude", match: int | None = None, **body):
    return api(who).post(
        f"/api/matches/{match or ctx.match}/correction/", {**CORRECTED, **body}, format="json"
    )


def test_round_2_corrected_after_round_4_changes_the_standings_and_not_the_pairings(ctx):
    # given
    a, b = ctx.players
    standings, pairings = _standings(ctx.event), _pairings(ctx.event)
    # when
    response = _correct(ctx)
    # then the result is corrected, and the standings (cached) follow at once
    assert response.status_code == 200, response.json()
    assert response.json()["result"] == {"player_a_wins": 1, "player_b_wins": 2, "draws": 0}
    now = _standings(ctx.event)
    assert now[a][:3] == (standings[a][0] - 3, standings[a][1] - 1, standings[a][2] + 1)
    assert now[b][:3] == (standings[b][0] + 3, standings[b][1] + 1, standings[b][2] - 1)
    # the pairings already made stand
    assert _pairings(ctx.event) == pairings
    assert Round.objects.get(tournament_id=ctx.event, number=4).status == Round.Status.PAIRED


def test_the_stream_sends_the_corrected_rounds_standings_again(ctx, monkeypatch):
    sent: list[tuple[str, dict]] = []
    monkeypatch.setattr(stream, "publish", lambda event, kind, facts: sent.append((kind, facts)))
    assert _correct(ctx).status_code == 200
    assert [f["number"] for kind, f in sent if kind == "standings"] == [2]
    assert [f["result"] for kind, f in sent if kind == "match"] == [
        {"a_wins": 1, "b_wins": 2, "draws": 0}
    ]


def test_the_correction_is_in_the_judge_log_in_words(ctx):
    assert _correct(ctx).status_code == 200
    said = f"corrected 2-0-0 → 1-2-0 after round 4: {REASON}"
    for page in (f"/events/{ctx.event}/judge/", f"/events/{ctx.event}/judge/matches/{ctx.match}/"):
        assert said in as_user("jude").get(page).content.decode()


def test_public_standings_mark_the_corrected_match(ctx):
    assert _correct(ctx).status_code == 200
    for who in (None, "eve", ctx.players[0]):
        page = as_user(who).get(f"/events/{ctx.event}/standings/").content.decode()
        said = "Round 2 table 3 was corrected after round 4 was paired; pairings made before stand"
        assert said in page
        assert page.count(">corrected</span>") == 2  # both players of the match
        assert REASON not in page  # the reason is the judges' (and the export's)


def test_standings_have_no_mark_before_a_correction(ctx):
    page = as_user(None).get(f"/events/{ctx.event}/standings/").content.decode()
    assert ">corrected</span>" not in page
    assert "Corrected results" not in page


def test_the_correction_is_exported_and_imported_again(ctx, tmp_path):
    assert _correct(ctx).status_code == 200
    out = io.StringIO()
    call_command("export_event", str(ctx.event), stdout=out)
    document = json.loads(out.getvalue())
    check_document(document)
    entries = [
        o
        for r in document["rounds"]
        for m in r["matches"]
        for o in m["overrides"]
        if "correction" in o["after"]
    ]
    assert [(e["before"], e["after"], e["note"]) for e in entries] == [
        (
            {"a_wins": 2, "b_wins": 0, "draws": 0},
            {
                "a_wins": 1,
                "b_wins": 2,
                "draws": 0,
                "correction": {"reason": REASON, "after_round": 4},
            },
            REASON,
        )
    ]
    # into another database: the events and their accounts gone
    Match.objects.all().delete()
    Tournament.objects.all().delete()
    get_user_model().objects.all().delete()
    path = tmp_path / "event.json"
    path.write_text(out.getvalue())
    call_command("import_event", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    imported = ResultOverride.objects.get(after__has_key="correction")
    assert imported.after["correction"] == {"reason": REASON, "after_round": 4}
    event = Tournament.objects.get()
    page = as_user(None).get(f"/events/{event.pk}/standings/").content.decode()
    assert "Round 2 table 3 was corrected after round 4 was paired" in page


@pytest.mark.parametrize(
    ("who", "body", "which", "expected"),
    [
        pytest.param("jude", {"reason": ""}, "match", (400, "no_reason"), id="no_reason"),
        pytest.param("jude", {"reason": "   "}, "match", (400, "no_reason"), id="blank_reason"),
        pytest.param("org", {"reason": "x" * 301}, "match", (400, "invalid_reason"), id="long"),
        pytest.param("eve", {}, "match", (403, "not_judge"), id="not_judge"),
        pytest.param("player", {}, "match", (403, "own_match"), id="own_match"),
        pytest.param(None, {}, "match", (401, "not_authenticated"), id="anonymous"),
        pytest.param("jude", {"a_wins": 3}, "match", (400, "invalid_result"), id="bad_score"),
        pytest.param(
            "jude", {"a_wins": 2, "b_wins": 0}, "match", (409, "no_change"), id="no_change"
        ),
        pytest.param("jude", {}, "open", (409, "not_confirmed"), id="not_confirmed"),
        pytest.param("org", {"a_wins": 0}, "semifinal", (409, "top_cut_result"), id="top_cut"),
    ],
)
def test_refused_corrections_change_nothing(ctx, who, body, which, expected):
    # given
    match = {"match": ctx.match, "open": ctx.open_match, "semifinal": ctx.semifinal}[which]
    event = ctx.top_cut_event if which == "semifinal" else ctx.event
    before = event_snapshot(event)
    # when
    response = _correct(ctx, ctx.players[0] if who == "player" else who, match, **body)
    # then
    body = response.json()
    assert (response.status_code, body["code"]) == expected, body
    assert body["detail"]
    assert event_snapshot(event) == before


def test_the_result_endpoint_sends_a_judge_to_the_correction_once_later_rounds_are_paired(ctx):
    before = event_snapshot(ctx.event)
    response = api("jude").post(
        f"/api/matches/{ctx.match}/result/",
        {"player_a_wins": 0, "player_b_wins": 2, "draws": 0},
        format="json",
    )
    assert (response.status_code, response.json()["code"]) == (409, "use_correction")
    assert event_snapshot(ctx.event) == before


# --- the match's judge page -------------------------------------------------------------------


def _page(ctx: Ctx) -> str:
    return f"/events/{ctx.event}/judge/matches/{ctx.match}/correction/"


def test_the_judge_page_offers_the_correction_and_says_pairings_stand(ctx):
    page = as_user("jude").get(f"/events/{ctx.event}/judge/matches/{ctx.match}/")
    text = page.content.decode()
    assert page.status_code == 200
    assert "Correct the result" in text
    assert "Pairings already made stand: round 4 was paired after this round" in text
    # an unconfirmed match has no such form
    text = as_user("jude").get(f"/events/{ctx.event}/judge/matches/{ctx.open_match}/")
    assert "Correct the result" not in text.content.decode()


def test_judges_reach_an_old_rounds_match_from_its_pairings(ctx):
    link = f'href="/events/{ctx.event}/judge/matches/{ctx.match}/"'
    assert link in as_user("jude").get(f"/events/{ctx.event}/rounds/2/pairings/").content.decode()
    for who in (None, "eve", ctx.players[0]):
        assert (
            link not in as_user(who).get(f"/events/{ctx.event}/rounds/2/pairings/").content.decode()
        )


def test_the_page_asks_first_then_corrects(ctx):
    form = {"a_wins": "1", "b_wins": "2", "draws": "0", "reason": REASON}
    before = event_snapshot(ctx.event)
    # when the form is sent: the confirmation page, and nothing changed
    asked = as_user("jude").post(_page(ctx), form)
    text = asked.content.decode()
    assert asked.status_code == 200
    assert "Correct the result of round 2 table 3?" in text
    assert "becomes 1-2-0 (it is 2-0-0 now)" in text
    assert "Pairings already made stand: round 4 was paired after this round" in text
    assert f'name="reason" value="{REASON}"' in text  # carried to the confirmed POST
    assert event_snapshot(ctx.event) == before
    # when confirmed
    done = as_user("jude").post(_page(ctx), {**form, "confirm": "yes"}, follow=True)
    text = done.content.decode()
    assert "Corrected and logged: round 2 table 3 is now 1-2-0 (was 2-0-0)" in text
    assert "the pairings made since (up to round 4) stand" in text
    assert Match.objects.get(pk=ctx.match).b_wins == 2


@pytest.mark.parametrize(
    ("who", "form", "status", "said"),
    [
        pytest.param("jude", {"reason": ""}, 400, "Say why the result is corrected", id="reason"),
        pytest.param("jude", {"a_wins": "x"}, 400, "Enter a whole number", id="not_a_number"),
        pytest.param("jude", {"a_wins": "2", "b_wins": "0"}, 409, "nothing changed", id="same"),
        pytest.param("eve", {}, 403, "can correct a result", id="not_judge"),
    ],
)
def test_the_page_refuses_clearly_and_changes_nothing(ctx, who, form, status, said):
    before = event_snapshot(ctx.event)
    sent = {"a_wins": "1", "b_wins": "2", "draws": "0", "reason": REASON, **form}
    response = as_user(who).post(_page(ctx), {**sent, "confirm": "yes"})
    assert response.status_code == status
    assert said in response.content.decode()
    assert event_snapshot(ctx.event) == before


def test_a_file_with_a_correction_without_its_reason_is_refused(ctx):
    assert _correct(ctx).status_code == 200
    out = io.StringIO()
    call_command("export_event", str(ctx.event), stdout=out)
    document = json.loads(out.getvalue())
    entry = next(
        o
        for r in document["rounds"]
        for m in r["matches"]
        for o in m["overrides"]
        if "correction" in o["after"]
    )
    del entry["after"]["correction"]["reason"]
    with pytest.raises(ExportFileError, match="reason"):
        check_document(document)
