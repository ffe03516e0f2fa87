"""Judge calls: a player calls a judge to their table, the judges' queue by table with the time
waiting, claim and resolve with a ruling citing the rules lookup's sections and extra minutes
added to the match's time, each refusal with its code changing nothing, the match's log, the
pages (match page, judge queue with the lookup's search inside the call) and the export file.

One running event, built once for the module: organizer `org`, judge `jude`, players p01..p04,
round 1 paired; a two-section rulebook in the lookup.
"""

import io
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from rules.models import Section
from rules.selectors import address_of
from rules.services import rulebook_import
from tests.support.snapshots import put_back, shared_rows
from tests.tournaments.conftest import (
    api,
    as_user,
    build_event,
    event_snapshot,
    pair_next_round,
)
from tournaments.core.exchange import ExportFileError, check_document
from tournaments.models import JudgeCall, Match, ResultOverride, Tournament

pytestmark = pytest.mark.django_db

EXTENSION = "core-rules/time-extensions"
SLOW_PLAY = "core-rules/slow-play"
RULEBOOK = """# Core Rules

## Time extensions

A judge who stops a match for a ruling gives the players the time the ruling took as extra time.

## Slow play

Players must play at a reasonable pace; a player who plays slowly is warned.
"""


@dataclass
class Ctx:
    event: int
    match: int  # p?? v p?? at one table
    players: tuple[str, str]
    other_match: int
    others: tuple[str, str]


@pytest.fixture(scope="module")
def running_event(django_db_setup, django_db_blocker, bundled_cards_snapshot):
    with shared_rows(django_db_blocker):
        put_back(bundled_cards_snapshot)
        yield _build()


@pytest.fixture
def ctx(db, running_event) -> Ctx:
    return running_event


def _build() -> Ctx:
    event, _ = build_event(4, rounds=3)
    get_user_model().objects.get_or_create(username="jude")
    get_user_model().objects.get_or_create(username="eve")
    org = api("org")
    assert (
        org.post(
            f"/api/tournaments/{event}/judges/", {"username": "jude"}, format="json"
        ).status_code
        == 201
    )
    assert org.post(f"/api/tournaments/{event}/start/").status_code == 200
    first, second = pair_next_round(event)[:2]
    # A two-section rulebook, imported as the lookup imports one (searchable, with anchors).
    rulebook_import(
        text=RULEBOOK, name="Core Rules", version="1", filename="core.md", game="genesis"
    )
    assert set(Section.objects.values_list("document__slug", "anchor")) >= {
        ("core-rules", "time-extensions"),
        ("core-rules", "slow-play"),
    }
    return Ctx(
        event=event,
        match=first["match"],
        players=(first["player_a"], first["player_b"]),
        other_match=second["match"],
        others=(second["player_a"], second["player_b"]),
    )


def _snapshot(ctx: Ctx) -> dict:
    return {
        **event_snapshot(ctx.event),
        "calls": list(
            JudgeCall.objects.order_by("pk").values_list(
                "pk",
                "status",
                "claimed_by",
                "resolved_by",
                "ruling",
                "sections",
                "extension_minutes",
            )
        ),
        "log": ResultOverride.objects.count(),
    }


def _call(ctx: Ctx, who: str | None = None, note: str = "He drew an extra card") -> dict:
    response = api(who or ctx.players[0]).post(
        f"/api/matches/{ctx.match}/judge-calls/", {"note": note}, format="json"
    )
    assert response.status_code == 201, response.json()
    return response.json()


def _queue(ctx: Ctx, who: str = "jude"):
    return api(who).get(f"/api/tournaments/{ctx.event}/judge-calls/")


def _claim(ctx: Ctx, call: int, who: str = "jude"):
    return api(who).post(f"/api/tournaments/{ctx.event}/judge-calls/{call}/claim/")


def _resolve(ctx: Ctx, call: int, who: str = "jude", **body):
    body = {"ruling": "Warning for drawing extra cards; shuffle the card back.", **body}
    return api(who).post(
        f"/api/tournaments/{ctx.event}/judge-calls/{call}/resolve/", body, format="json"
    )


def _refused(response, status: int, code: str) -> dict:
    body = response.json()
    assert (response.status_code, body.get("code")) == (status, code), body
    assert body["detail"]
    return body


# --- calling, the queue, claiming and resolving ---------------------------------------------------


def test_a_player_calls_and_the_judges_see_it_in_the_queue_by_table_with_the_time_waiting(ctx):
    # when a player of the match calls a judge
    call = _call(ctx)

    # then the call is open, and the judges' queue shows it at its table
    assert call["status"] == "open"
    assert call["caller"] == ctx.players[0]
    assert not call["called_by_judge"]
    queue = _queue(ctx)
    assert queue.status_code == 200
    (row,) = queue.json()["calls"]
    assert (row["id"], row["table"], row["round"]) == (call["id"], call["table"], 1)
    assert row["note"] == "He drew an extra card"
    assert row["waiting_seconds"] >= 0
    assert row["created_at"]
    assert _queue(ctx, "org").status_code == 200  # the organizer sees it too
    # and the match's log says who called
    log = ResultOverride.objects.filter(match_id=ctx.match).values_list("note", flat=True)
    assert list(log) == [f"judge called by {ctx.players[0]}: He drew an extra card"]


def test_a_claimed_then_resolved_call_carries_its_ruling_citations_and_extra_minutes(ctx):
    call = _call(ctx)
    # when a judge claims it
    claimed = _claim(ctx, call["id"])
    assert claimed.status_code == 200, claimed.json()
    assert (claimed.json()["status"], claimed.json()["claimed_by"]) == ("claimed", "jude")
    assert _claim(ctx, call["id"]).status_code == 200  # the same judge again: nothing new
    # and resolves it citing two sections (one as a search result's url) with 5 minutes
    resolved = _resolve(
        ctx, call["id"], sections=[EXTENSION, "/rules/core-rules/slow-play/"], extension_minutes=5
    )

    # then the ruling and its citations are on the call, and the match has 5 more minutes
    assert resolved.status_code == 200, resolved.json()
    row = resolved.json()
    assert row["status"] == "resolved"
    assert row["resolved_by"] == "jude"
    assert [(s["section"], s["heading"], s["url"]) for s in row["sections"]] == [
        (EXTENSION, "Time extensions", "/rules/core-rules/time-extensions/"),
        (SLOW_PLAY, "Slow play", "/rules/core-rules/slow-play/"),
    ]
    assert row["extension_minutes"] == 5
    assert Match.objects.get(pk=ctx.match).extra_minutes == 5
    # and it has left the queue; both players of the match read it
    assert _queue(ctx).json()["calls"] == []
    for player in ctx.players:
        seen = api(player).get(f"/api/matches/{ctx.match}/judge-calls/")
        assert seen.status_code == 200
        assert seen.json()["calls"][0]["ruling"].startswith("Warning for drawing")
    # and the log has the call, the claim and the ruling with its citations
    notes = list(
        ResultOverride.objects.filter(match_id=ctx.match)
        .order_by("pk")
        .values_list("note", flat=True)
    )
    assert notes[1] == "judge call taken by jude"
    assert notes[2].startswith(f"ruling by jude, citing {EXTENSION}, {SLOW_PLAY}, 5 extra minutes")


def test_a_judge_may_open_a_call_for_a_table_and_resolve_it_without_claiming(ctx):
    call = _call(ctx, "jude", note="Spectator reports a missed trigger")
    assert call["called_by_judge"]
    assert call["caller"] == "jude"
    resolved = _resolve(ctx, call["id"], who="org")
    assert resolved.status_code == 200, resolved.json()
    assert resolved.json()["claimed_by"] == "org"
    assert Match.objects.get(pk=ctx.match).extra_minutes == 0  # no extension asked


# --- refusals, each changing nothing --------------------------------------------------------------


@pytest.mark.parametrize("who", ["eve", "other_player", "other_opponent"])
def test_someone_not_in_the_match_cannot_call_a_judge_to_it(ctx, who):
    user = {"eve": "eve", "other_player": ctx.others[0], "other_opponent": ctx.others[1]}[who]
    before = _snapshot(ctx)
    response = api(user).post(f"/api/matches/{ctx.match}/judge-calls/", {"note": "hi"})
    _refused(response, 403, "not_in_match")
    assert _snapshot(ctx) == before


def test_a_second_call_while_one_waits_is_refused(ctx):
    _call(ctx)
    before = _snapshot(ctx)
    response = api(ctx.players[1]).post(f"/api/matches/{ctx.match}/judge-calls/", {})
    _refused(response, 409, "call_open")
    assert _snapshot(ctx) == before


@pytest.mark.parametrize("who", ["eve", "player", "other_player"])
def test_only_judges_read_the_queue(ctx, who):
    _call(ctx)
    user = {"eve": "eve", "player": ctx.players[0], "other_player": ctx.others[0]}[who]
    _refused(_queue(ctx, user), 403, "not_judge")


@pytest.mark.parametrize("action", ["claim", "resolve"])
@pytest.mark.parametrize("who", ["eve", "player", "other_player"])
def test_only_judges_claim_and_resolve(ctx, action, who):
    call = _call(ctx)
    user = {"eve": "eve", "player": ctx.players[0], "other_player": ctx.others[0]}[who]
    before = _snapshot(ctx)
    response = (
        _claim(ctx, call["id"], user)
        if action == "claim"
        else _resolve(ctx, call["id"], user, sections=[EXTENSION], extension_minutes=5)
    )
    _refused(response, 403, "not_judge")
    assert _snapshot(ctx) == before


def test_resolving_a_resolved_call_is_a_conflict_and_changes_nothing(ctx):
    call = _call(ctx)
    assert _resolve(ctx, call["id"], extension_minutes=3).status_code == 200
    before = _snapshot(ctx)
    _refused(_resolve(ctx, call["id"], extension_minutes=3), 409, "call_resolved")
    _refused(_claim(ctx, call["id"]), 409, "call_resolved")
    assert _snapshot(ctx) == before
    assert Match.objects.get(pk=ctx.match).extra_minutes == 3


def test_unknown_sections_are_listed_and_nothing_changes(ctx):
    call = _call(ctx)
    before = _snapshot(ctx)
    body = _refused(
        _resolve(
            ctx,
            call["id"],
            sections=[EXTENSION, "core-rules/no-such-rule", "nowhere/at-all"],
            extension_minutes=5,
        ),
        400,
        "unknown_sections",
    )
    assert body["sections"] == ["core-rules/no-such-rule", "nowhere/at-all"]
    assert _snapshot(ctx) == before


def test_another_judges_claim_is_refused(ctx):
    call = _call(ctx)
    assert _claim(ctx, call["id"], "org").status_code == 200
    before = _snapshot(ctx)
    _refused(_claim(ctx, call["id"]), 409, "call_claimed")
    assert _snapshot(ctx) == before


def test_an_extension_past_the_match_limit_refuses_the_whole_ruling(ctx):
    Match.objects.filter(pk=ctx.match).update(extra_minutes=118)
    call = _call(ctx)
    before = _snapshot(ctx)
    _refused(_resolve(ctx, call["id"], extension_minutes=5), 409, "extension_limit")
    assert _snapshot(ctx) == before


def test_a_call_of_another_event_is_not_found(ctx):
    call = _call(ctx)
    other, _ = build_event(2)
    _refused(
        api("org").post(f"/api/tournaments/{other}/judge-calls/{call['id']}/claim/"),
        404,
        "not_found",
    )


# --- who sees a match's calls -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("who", "sees"),
    [
        ("player", True),
        ("opponent", True),  # their own match: they see the ruling too
        ("jude", True),
        ("org", True),
        ("other_player", False),
        ("other_opponent", False),
        ("eve", False),
    ],
)
def test_a_matchs_calls_are_seen_by_its_players_and_the_judges_only(ctx, who, sees):
    call = _call(ctx)
    _resolve(ctx, call["id"], sections=[EXTENSION])
    user = {
        "player": ctx.players[0],
        "opponent": ctx.players[1],
        "other_player": ctx.others[0],
        "other_opponent": ctx.others[1],
    }.get(who, who)
    response = api(user).get(f"/api/matches/{ctx.match}/judge-calls/")
    if sees:
        assert response.status_code == 200
        assert response.json()["calls"][0]["sections"][0]["section"] == EXTENSION
    else:
        _refused(response, 403, "not_in_match")
    # and the match page shows the ruling to the match's players only
    page = as_user(user).get(f"/events/{ctx.event}/match/").content.decode()
    assert ("Warning for drawing extra cards" in page) == (who in ("player", "opponent"))


# --- the pages ----------------------------------------------------------------------------------------


def test_the_match_page_has_the_button_and_shows_the_calls_state(ctx):
    player = as_user(ctx.players[0])
    page = player.get(f"/events/{ctx.event}/match/").content.decode()
    assert "Call a judge" in page
    # when the player presses it
    pressed = player.post(
        f"/events/{ctx.event}/matches/{ctx.match}/judge-call/", {"note": "Rules question"}
    )
    assert pressed.status_code == 302
    page = player.get(pressed["Location"]).content.decode()
    assert "A judge has been called to table" in page  # the confirmation
    assert "Waiting for a judge" in page
    call = JudgeCall.objects.get(match_id=ctx.match)
    _claim(ctx, call.pk)
    assert "A judge is coming" in player.get(f"/events/{ctx.event}/match/").content.decode()
    _resolve(ctx, call.pk, sections=[EXTENSION], extension_minutes=2)
    page = as_user(ctx.players[1]).get(f"/events/{ctx.event}/match/").content.decode()
    assert "Resolved" in page
    assert 'href="/rules/core-rules/time-extensions/"' in page
    assert "Time extensions" in page


def test_the_judge_queue_page_claims_searches_the_lookup_and_resolves(ctx):
    call = _call(ctx)
    judge = as_user("jude")
    assert (
        f'href="/events/{ctx.event}/judge/calls/"'
        in judge.get(f"/events/{ctx.event}/judge/").content.decode()
    )
    page = judge.get(f"/events/{ctx.event}/judge/calls/").content.decode()
    assert "He drew an extra card" in page
    assert "Take this call" in page
    assert "<script>" not in page  # CSP: no inline script
    # claim from the page
    claimed = judge.post(f"/events/{ctx.event}/judge/calls/{call['id']}/claim/")
    assert claimed.status_code == 302
    assert JudgeCall.objects.get(pk=call["id"]).status == "claimed"
    # the search inside the call: the lookup's results with a box to attach each, the sections
    # already ticked kept ticked
    results = judge.get(
        f"/events/{ctx.event}/judge/calls/{call['id']}/search/",
        {"q": "extra time for a ruling", "sections": SLOW_PLAY},
    ).content.decode()
    assert f'value="{EXTENSION}">' in results
    assert f'value="{SLOW_PLAY}" checked>' in results
    assert 'href="/rules/core-rules/time-extensions/"' in results
    # resolve from the page
    resolved = judge.post(
        f"/events/{ctx.event}/judge/calls/{call['id']}/resolve/",
        {"ruling": "Extra time for the search", "sections": [EXTENSION], "extension_minutes": "4"},
    )
    assert resolved.status_code == 302
    done = JudgeCall.objects.get(pk=call["id"])
    assert (done.status, done.sections, done.extension_minutes) == ("resolved", [EXTENSION], 4)
    assert Match.objects.get(pk=ctx.match).extra_minutes == 4


def test_the_judge_queue_page_is_for_judges(ctx):
    response = as_user(ctx.players[0]).get(f"/events/{ctx.event}/judge/calls/")
    assert response.status_code == 403
    assert as_user(ctx.players[0]).get(f"/events/{ctx.event}/judge/calls/list/").status_code == 403


# --- the export --------------------------------------------------------------------------------------


def test_judge_calls_survive_export_and_import(ctx, tmp_path):
    call = _call(ctx)
    _resolve(ctx, call["id"], sections=[EXTENSION], extension_minutes=5)
    waiting = api(ctx.others[0]).post(f"/api/matches/{ctx.other_match}/judge-calls/", {})
    assert waiting.status_code == 201
    out = io.StringIO()
    call_command("export_event", str(ctx.event), stdout=out)
    document = json.loads(out.getvalue())
    exported = [
        c for r in document["rounds"] for m in r["matches"] for c in m.get("judge_calls", [])
    ]
    assert sorted(c["status"] for c in exported) == ["open", "resolved"]
    before = sorted(
        JudgeCall.objects.values_list(
            "caller__username", "status", "ruling", "sections", "extension_minutes", "created_at"
        )
    )
    # into another database: the event and its accounts gone
    Match.objects.filter(round__tournament_id=ctx.event).delete()
    Tournament.objects.filter(pk=ctx.event).delete()
    get_user_model().objects.all().delete()
    path = tmp_path / "event.json"
    path.write_text(out.getvalue())
    call_command("import_event", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    after = sorted(
        JudgeCall.objects.values_list(
            "caller__username", "status", "ruling", "sections", "extension_minutes", "created_at"
        )
    )
    assert after == before


def test_a_file_without_judge_calls_still_imports(ctx, tmp_path):
    out = io.StringIO()
    call_command("export_event", str(ctx.event), stdout=out)
    document = json.loads(out.getvalue())
    for round in document["rounds"]:
        for match in round["matches"]:
            match.pop("judge_calls", None)
    Match.objects.filter(round__tournament_id=ctx.event).delete()
    Tournament.objects.filter(pk=ctx.event).delete()
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document))
    call_command("import_event", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    assert Tournament.objects.count() == 1
    assert JudgeCall.objects.count() == 0


def test_a_file_with_two_waiting_calls_on_one_match_is_refused(ctx, tmp_path):
    _call(ctx)
    out = io.StringIO()
    call_command("export_event", str(ctx.event), stdout=out)
    document = json.loads(out.getvalue())
    match = next(m for r in document["rounds"] for m in r["matches"] if m.get("judge_calls"))
    match["judge_calls"].append(dict(match["judge_calls"][0]))
    with pytest.raises(ExportFileError) as refused:
        check_document(document)
    assert "has more than one unresolved call" in str(refused.value)


def test_every_judge_call_refusal_code_is_documented():
    text = Path("docs/api.md").read_text()
    section = text[text.index("### Judge calls") : text.index("### Refusals")]
    sources = ("tournaments/services/judge_calls.py", "tournaments/selectors/judge_calls.py")
    codes = {code for s in sources for code in re.findall(r'code="([a-z_]+)"', Path(s).read_text())}
    assert {"call_open", "call_resolved", "unknown_sections", "not_in_match", "not_judge"} <= codes
    for code in codes | {"own_match", "extension_limit"}:
        assert f"`{code}`" in section, code


def test_the_judge_log_says_what_each_call_entry_is(ctx):
    call = _call(ctx)
    _claim(ctx, call["id"])
    page = as_user("jude").get(f"/events/{ctx.event}/judge/").content.decode()
    assert "judge call open" in page
    assert "judge call claimed" in page
    assert "None-None-None" not in page


@pytest.mark.parametrize(
    ("cited", "address"),
    [
        ("core-rules/slow-play", "core-rules/slow-play"),
        ("/rules/core-rules/slow-play/", "core-rules/slow-play"),
        ("https://example.org/rules/core-rules/slow-play/", "core-rules/slow-play"),
        (" core-rules/slow-play/ ", "core-rules/slow-play"),
        ("slow-play", "slow-play"),  # no document: no section has it, so it is named unknown
    ],
)
def test_a_cited_section_is_read_from_its_address_or_its_page(cited, address):
    assert address_of(cited) == address


def test_staff_see_a_matchs_calls_in_the_admin_read_only(ctx):
    call = _call(ctx)
    _resolve(ctx, call["id"], sections=[EXTENSION])
    staff = get_user_model().objects.create_user("staffer", is_staff=True, is_superuser=True)
    client = as_user(staff.username)
    page = client.get(f"/admin/tournaments/match/{ctx.match}/change/").content.decode()
    assert "Warning for drawing extra cards" in page
    assert 'name="judge_calls-0-ruling"' not in page  # shown, not editable
