"""Check-in through the API: the organizer sets the window and gets a code, a player checks in
with the code the QR page's URL carries, a judge checks in a walk-in (a guest), who sees what in
the list, the refusals with their codes (each changes nothing), a double check-in is one, and
at round 1's pairing the players not checked in are dropped, logged and told.

One event, built once for the module (each test's changes are rolled back): organizer `org`,
judge `jude`, players p01..p04 and a guest, registration still open, check-in not yet set.
"""

import json
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from tests.support.snapshots import put_back, shared_rows
from tests.tournaments.conftest import (
    SAMPLE,
    api,
    as_user,
    build_event,
    event_snapshot,
    pair_next_round,
)
from tournaments.core.exchange import fingerprint
from tournaments.models import CheckIn, NoShowDrop, Registration, Tournament
from tournaments.services.exchange import event_document, event_import

pytestmark = pytest.mark.django_db

GUEST = "Wendy Walk-in"


@pytest.fixture(scope="module")
def shared_event(django_db_setup, django_db_blocker, bundled_cards_snapshot):
    with shared_rows(django_db_blocker):
        put_back(bundled_cards_snapshot)
        event, _ = build_event(4, rounds=2)
        api("jude")
        api("eve")  # a signed-in user who is not registered
        assert (
            api("org")
            .post(f"/api/tournaments/{event}/judges/", {"username": "jude"}, format="json")
            .status_code
            == 201
        )
        guest = api("jude").post(
            f"/api/tournaments/{event}/registrations/",
            {
                "guest": GUEST,
                "decklist": SAMPLE.read_text(),
            },
            format="json",
        )
        assert guest.status_code == 201, guest.json()
        yield event


@pytest.fixture
def event(db, shared_event) -> int:
    return shared_event


def regs(event: int) -> dict[str, int]:
    return {
        r.name: r.pk
        for r in Registration.objects.filter(tournament_id=event).select_related("player")
    }


def open_check_in(event: int, **body) -> dict:
    response = api("org").put(f"/api/tournaments/{event}/check-in/window/", body, format="json")
    assert response.status_code == 200, response.json()
    return response.json()


def check_in(event: int, user: str | None, body: dict):
    return api(user).post(f"/api/tournaments/{event}/check-in/", body, format="json")


def snapshot(event: int) -> dict:
    tournament = Tournament.objects.get(pk=event)
    return {
        **event_snapshot(event),
        "check_in": (
            tournament.check_in_code,
            tournament.check_in_opens_at,
            tournament.check_in_closes_at,
            tournament.drop_unchecked,
        ),
        "check_ins": list(
            CheckIn.objects.filter(registration__tournament_id=event).values_list(
                "registration_id", "actor_id", "by_code"
            )
        ),
        "no_shows": NoShowDrop.objects.filter(registration__tournament_id=event).count(),
    }


# --- the window and the code ---------------------------------------------------------------------


def test_the_organizer_opens_check_in_and_gets_a_short_unambiguous_code(event):
    # when
    view = open_check_in(event, drop_unchecked=True)
    # then
    assert view["phase"] == "open"
    assert view["drop_unchecked"] is True
    code = view["code"]
    assert len(code) == 6
    assert not set(code) & set("0O1IL5S2Z")
    assert view["closes_at"] is None  # closes when round 1 is paired
    assert (view["missing_count"], view["checked_in_count"]) == (5, 0)
    # setting the window again keeps the code, so a printed QR code stays good
    assert open_check_in(event)["code"] == code


# --- checking in ---------------------------------------------------------------------------------


def test_a_player_checks_in_with_the_code_the_qr_page_links_to(event):
    # given
    code = open_check_in(event)["code"]
    qr_page = as_user("org").get(f"/events/{event}/check-in/qr/")
    assert qr_page.status_code == 200
    assert b"<svg" in qr_page.content
    phone_url = f"/events/{event}/check-in/?code={code}"
    assert phone_url.encode() in qr_page.content
    # when: the phone page (prefilled) sends the code, typed in lower case with a space
    page = as_user("p02").get(phone_url)
    assert page.status_code == 200
    assert code.encode() in page.content
    response = check_in(event, "p02", {"code": f"{code[:3].lower()} {code[3:]}"})
    # then
    assert response.status_code == 201, response.json()
    assert (response.json()["checked_in"], response.json()["by_code"]) == (True, True)
    again = check_in(event, "p02", {"code": code})
    assert again.status_code == 200  # one check-in, answered again
    assert CheckIn.objects.filter(registration__tournament_id=event).count() == 1
    own = api("p02").get(f"/api/tournaments/{event}/check-ins/").json()
    assert own["me"]["checked_in"] is True
    assert not {"code", "missing"} & set(own)  # a player sees their own state only


def test_a_phone_waiting_for_check_in_reloads_itself_when_it_opens(event):
    # given: check-in opens in ten minutes
    open_check_in(event, opens_at=(timezone.now() + timedelta(minutes=10)).isoformat())
    # when
    page = as_user("p01").get(f"/events/{event}/check-in/?code=ABC")
    # then: it says so, and reloads itself within ten seconds after the opening
    html = page.content.decode()
    assert "Keep this page open" in html
    (seconds,) = re.findall(r'<meta http-equiv="refresh" content="(\d+)">', html)
    assert 600 < int(seconds) <= 600 + 10
    # and once check-in is open, the form is there and nothing reloads
    open_check_in(event)
    page = as_user("p01").get(f"/events/{event}/check-in/?code=ABC")
    assert b'http-equiv="refresh"' not in page.content
    assert b"check-in-code-input" in page.content


def test_a_judge_checks_in_a_walk_in_guest(event):
    # given
    open_check_in(event)
    guest = regs(event)[GUEST]
    # when
    response = check_in(event, "jude", {"registration": guest})
    # then
    assert response.status_code == 201, response.json()
    assert response.json() == {
        **response.json(),
        "name": GUEST,
        "guest": True,
        "checked_in": True,
        "by_code": False,
    }
    listed = api("jude").get(f"/api/tournaments/{event}/check-ins/").json()
    assert [r["name"] for r in listed["checked_in"]] == [GUEST]
    assert sorted(r["name"] for r in listed["missing"]) == ["p01", "p02", "p03", "p04"]
    assert (listed["checked_in_count"], listed["missing_count"]) == (1, 4)


def test_a_judge_may_still_check_in_after_the_window_closed_until_round_1(event):
    # given: the window closed a minute ago
    now = timezone.now()
    open_check_in(
        event,
        opens_at=(now - timedelta(hours=1)).isoformat(),
        closes_at=(now - timedelta(minutes=1)).isoformat(),
    )
    # when / then
    assert check_in(event, "jude", {"registration": regs(event)["p03"]}).status_code == 201


# --- refusals: each with its code, each changing nothing ------------------------------------------


def _later(event: int) -> None:
    open_check_in(event, opens_at=(timezone.now() + timedelta(hours=1)).isoformat())


def _closed(event: int) -> None:
    now = timezone.now()
    open_check_in(
        event,
        opens_at=(now - timedelta(hours=1)).isoformat(),
        closes_at=(now - timedelta(minutes=1)).isoformat(),
    )


REFUSALS = {
    "wrong code": (open_check_in, "p01", lambda c, r: {"code": "XXXXXX"}, 400, "wrong_code"),
    "not registered": (open_check_in, "eve", lambda c, r: {"code": c}, 404, "not_registered"),
    "not yet open": (_later, "p01", lambda c, r: {"code": c}, 409, "check_in_closed"),
    "window over": (_closed, "p01", lambda c, r: {"code": c}, 409, "check_in_closed"),
    "never opened": (
        lambda e: None,
        "p01",
        lambda c, r: {"code": "ABCDEF"},
        409,
        "check_in_closed",
    ),
    "a player checks in another": (
        open_check_in,
        "p01",
        lambda c, r: {"registration": r["p02"]},
        403,
        "not_judge",
    ),
    "anonymous": (open_check_in, None, lambda c, r: {"code": c}, 401, "not_authenticated"),
    "neither code nor registration": (open_check_in, "p01", lambda c, r: {}, 400, "invalid"),
    "both": (
        open_check_in,
        "jude",
        lambda c, r: {"code": c, "registration": r["p02"]},
        400,
        "invalid",
    ),
    "unknown registration": (
        open_check_in,
        "jude",
        lambda c, r: {"registration": 999999},
        404,
        "unknown_registration",
    ),
    "a code that is not text": (open_check_in, "p01", lambda c, r: {"code": ["A"]}, 400, "invalid"),
}


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_refused_check_ins_say_why_and_change_nothing(event, case):
    # given
    setup, user, body, status, code = REFUSALS[case]
    setup(event)
    before = snapshot(event)
    # when
    response = check_in(event, user, body(before["check_in"][0], regs(event)))
    # then
    assert (response.status_code, response.json()["code"]) == (status, code), response.json()
    assert snapshot(event) == before


@pytest.mark.parametrize(
    ("user", "body", "status", "code"),
    [
        ("jude", {}, 403, "not_organizer"),
        ("p01", {}, 403, "not_organizer"),
        (None, {}, 401, "not_authenticated"),
        (
            "org",
            {"opens_at": "2030-01-02T10:00:00Z", "closes_at": "2030-01-02T09:00:00Z"},
            400,
            "invalid_window",
        ),
        ("org", {"opens_at": "tomorrow"}, 400, "invalid"),
    ],
)
def test_refused_window_changes_nothing(event, user, body, status, code):
    before = snapshot(event)
    response = api(user).put(f"/api/tournaments/{event}/check-in/window/", body, format="json")
    assert (response.status_code, response.json()["code"]) == (status, code), response.json()
    assert snapshot(event) == before


def test_the_list_of_check_ins_is_the_judges_and_a_stranger_sees_no_one(event):
    open_check_in(event)
    assert api("eve").get(f"/api/tournaments/{event}/check-ins/").json()["me"] is None
    assert api().get(f"/api/tournaments/{event}/check-ins/").status_code == 401
    assert "code" in api("jude").get(f"/api/tournaments/{event}/check-ins/").json()


def test_the_panels_list_the_stream_refreshes_is_the_judges(event):
    # given p01 checked in
    code = open_check_in(event)["code"]
    assert check_in(event, "p01", {"code": code}).status_code == 201
    # when the judge's panel asks for its list again (on the stream's `checkin`)
    fragment = as_user("jude").get(f"/events/{event}/check-in/list/")
    # then it is the list alone, counted afresh, and it polls while check-in is open
    assert fragment.status_code == 200
    html = fragment.content.decode()
    assert html.lstrip().startswith('<div id="check-in-list"')
    assert 'hx-trigger="sse:checkin, live-poll"' in html
    assert 'data-poll="15s"' in html
    assert re.search(r"<strong>1</strong> checked in, <strong>4</strong> missing", html)
    # and nobody else may read it
    assert as_user("p01").get(f"/events/{event}/check-in/list/").status_code == 403
    assert as_user(None).get(f"/events/{event}/check-in/list/").status_code == 403


# --- round 1: the no-shows -------------------------------------------------------------------------


def test_no_shows_are_dropped_at_round_1_logged_and_told(event):
    # given: p01 and p02 check in; p03, p04 and the guest do not
    code = open_check_in(event, drop_unchecked=True)["code"]
    for player in ("p01", "p02"):
        assert check_in(event, player, {"code": code}).status_code == 201
    assert api("org").post(f"/api/tournaments/{event}/start/").status_code == 200
    # when
    pairings = pair_next_round(event)
    # then
    assert [(p["player_a"], p["player_b"]) for p in pairings] in (
        [("p01", "p02")],
        [("p02", "p01")],
    )
    dropped = Registration.objects.filter(tournament_id=event, dropped_after_round=0)
    assert sorted(r.name for r in dropped) == sorted(["p03", "p04", GUEST])
    assert sorted(d.registration.name for d in NoShowDrop.objects.all()) == sorted(
        ["p03", "p04", GUEST]
    )
    page = as_user("p03").get(f"/events/{event}/")
    assert b"you had not checked in" in page.content
    # and check-in is over
    assert check_in(event, "p03", {"code": code}).json()["code"] == "check_in_closed"
    assert check_in(event, "jude", {"registration": regs(event)["p03"]}).status_code == 409


def test_without_drop_unchecked_everyone_is_paired(event):
    open_check_in(event)
    assert api("org").post(f"/api/tournaments/{event}/start/").status_code == 200
    pairings = pair_next_round(event)
    assert sum(1 + (p["player_b"] is not None) for p in pairings) == 5
    assert not NoShowDrop.objects.exists()


def test_every_check_in_refusal_code_is_documented():
    text = Path("docs/api.md").read_text()
    section = text[text.index("### Check-in") : text.index("### Rounds")]
    sources = ("tournaments/services/check_in.py", "tournaments/api_check_in.py")
    codes = {code for s in sources for code in re.findall(r'code="([a-z_]+)"', Path(s).read_text())}
    assert {"check_in_closed", "wrong_code", "not_registered"} <= codes
    for code in codes | {"not_judge", "not_organizer", "unknown_registration"}:
        assert f"`{code}`" in section, code


def test_check_ins_and_no_show_drops_survive_export_and_import(event):
    # given: the walk-in guest checked in by a judge, p01 by code, the rest dropped at round 1
    code = open_check_in(event, drop_unchecked=True)["code"]
    assert check_in(event, "p01", {"code": code}).status_code == 201
    assert check_in(event, "jude", {"registration": regs(event)[GUEST]}).status_code == 201
    assert api("org").post(f"/api/tournaments/{event}/start/").status_code == 200
    pair_next_round(event)
    document = event_document(tournament=Tournament.objects.get(pk=event))
    # when: imported as another event (another name, so it is not the same event twice)
    document["event"]["name"] += " (copy)"
    document["fingerprint"] = fingerprint(document["event"])
    copy = event_import(document=json.loads(json.dumps(document))).tournament

    # then
    def check_ins(pk: int) -> list[tuple]:
        return sorted(
            CheckIn.objects.filter(registration__tournament_id=pk).values_list(
                "registration__player__username",
                "registration__guest_name",
                "actor__username",
                "by_code",
                "created_at",
            ),
            key=str,
        )

    assert check_ins(copy.pk) == check_ins(event)
    assert len(check_ins(event)) == 2
    no_shows = {
        pk: sorted(
            NoShowDrop.objects.filter(registration__tournament_id=pk).values_list(
                "registration__player__username", "created_at"
            )
        )
        for pk in (event, copy.pk)
    }
    assert no_shows[copy.pk] == no_shows[event]
    assert [name for name, _ in no_shows[event]] == ["p02", "p03", "p04"]  # the guest is in
    original = Tournament.objects.get(pk=event)
    assert (copy.check_in_code, copy.drop_unchecked, copy.check_in_opens_at) == (
        original.check_in_code,
        True,
        original.check_in_opens_at,
    )


# --- the pages' permissions ----------------------------------------------------------------------


def test_the_pages_check_who_asks_and_a_refused_form_changes_nothing(event):
    code = open_check_in(event)["code"]
    # the QR page is the organizer's and the judges'
    assert as_user("jude").get(f"/events/{event}/check-in/qr/").status_code == 200
    assert as_user("p01").get(f"/events/{event}/check-in/qr/").status_code == 403
    assert as_user(None).get(f"/events/{event}/check-in/qr/").status_code == 302
    # the phone page asks a visitor to log in, and comes back with the code
    anonymous = as_user(None).get(f"/events/{event}/check-in/?code={code}")
    assert anonymous.status_code == 302
    assert f"code%3D{code}" in anonymous.url
    before = snapshot(event)
    # a judge cannot move the window; a player cannot check in someone else; a wrong code
    refused = [
        as_user("jude").post(f"/events/{event}/check-in/window/", {"opens_at": ""}),
        as_user("p01").post(
            f"/events/{event}/check-in/walk-in/", {"registration": regs(event)["p02"]}
        ),
        as_user("p01").post(f"/events/{event}/check-in/", {"code": "WRONG1"}),
    ]
    assert [r.status_code for r in refused] == [403, 403, 400]
    assert b"not this event&#x27;s check-in code" in refused[2].content
    assert snapshot(event) == before
