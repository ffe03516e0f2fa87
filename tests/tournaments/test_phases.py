"""Multi-day events: a phase plan given at creation, the cut between Swiss phases confirmed by the
organizer, and the refusals around it (API and pages, through Django's test clients)."""

import copy

import pytest
from django.contrib.auth import get_user_model

from tournaments import stream
from tournaments.models import Match, PhaseAdvance, Registration, Round, Tournament
from tournaments.services.exchange import event_import

from .conftest import api, as_user, confirm_all, event_snapshot, pair_next_round

pytestmark = pytest.mark.django_db

TWO_DAYS = [
    {"kind": "swiss", "rounds": 2},
    {"kind": "swiss", "rounds": 1, "advance": {"min_points": 3}},
    {"kind": "top_cut", "size": 4},
]


def create(body):
    return api("org").post("/api/tournaments/", {"name": "Regional", **body}, format="json")


# --- creating an event with phases ----------------------------------------------------------


def test_an_event_created_with_phases_shows_them_and_adds_up_its_rounds_and_cut():
    response = create({"phases": TWO_DAYS})
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["phases"] == TWO_DAYS
    assert (body["rounds_requested"], body["top_cut"]) == (3, 4)
    shown = api().get(f"/api/tournaments/{body['id']}/").json()
    assert shown["phases"] == TWO_DAYS


def test_the_one_phase_shorthand_is_stored_as_before_with_no_plan():
    body = create({"rounds": 4, "top_cut": 8}).json()
    assert (body["rounds_requested"], body["top_cut"], body["phases"]) == (4, 8, None)
    body = create({}).json()
    assert (body["rounds_requested"], body["top_cut"], body["phases"]) == (None, 0, None)


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"phases": TWO_DAYS, "rounds": 3}, "phases_and_rounds"),
        ({"phases": TWO_DAYS, "top_cut": 0}, "phases_and_rounds"),
        (
            {"phases": [{"kind": "swiss", "rounds": 2}, {"kind": "swiss", "rounds": 1}]},
            "phases_advance_required",
        ),
        (
            {"phases": [{"kind": "swiss", "rounds": 2, "advance": {"top": 4}}]},
            "phases_first_advance",
        ),
        ({"phases": [{"kind": "top_cut", "size": 4}]}, "phases_first_not_swiss"),
        (
            {
                "phases": [
                    {"kind": "swiss", "rounds": 2},
                    {"kind": "top_cut", "size": 4},
                    {"kind": "top_cut", "size": 8},
                ]
            },
            "phases_top_cut_not_last",
        ),
        ({"phases": [{"kind": "swiss", "rounds": 0}]}, "phases_invalid"),
        ({"phases": "two days"}, "phases_invalid"),
        ({"phases": TWO_DAYS, "late_registration_until": 3}, "invalid_late_registration"),
    ],
)
def test_a_plan_that_cannot_be_run_is_a_400_with_its_code_and_creates_nothing(body, code):
    response = create(body)
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert not Tournament.objects.exists()


PAGE_FORM = {
    "name": "Regional",
    "format": "genesis-standard",
    "top_cut": "4",
    "rounds": "2",
    "round_minutes": "50",
    "late_registration_until": "0",
    "day2_rounds": "1",
    "day2_advance": "min_points",
    "day2_advance_value": "3",
}


def test_the_event_form_creates_a_two_day_event_from_its_day_2_fields():
    response = as_user("org").post("/events/", PAGE_FORM)
    assert response.status_code == 302
    event = Tournament.objects.get()
    assert event.phases == TWO_DAYS
    assert (event.rounds_requested, event.top_cut) == (3, 4)


def test_the_event_form_without_day_2_is_one_phase_as_before():
    form = {**PAGE_FORM, "day2_rounds": "", "day2_advance_value": ""}
    assert as_user("org").post("/events/", form).status_code == 302
    event = Tournament.objects.get()
    assert (event.phases, event.rounds_requested, event.top_cut) == (None, 2, 4)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"rounds": ""}, "needs day 1&#x27;s number of Swiss rounds"),
        ({"day2_advance_value": ""}, "Say who plays day 2"),
        ({"day2_advance": "top", "day2_advance_value": "2"}, "top 2"),
    ],
)
def test_an_incomplete_or_impossible_day_2_is_a_400_on_the_form_and_creates_nothing(
    change, message
):
    response = as_user("org").post("/events/", {**PAGE_FORM, **change})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Tournament.objects.exists()


# --- between phases -------------------------------------------------------------------------

CUT_TO_FOUR = [
    {"kind": "swiss", "rounds": 2},
    {"kind": "swiss", "rounds": 1, "advance": {"top": 4}},
    {"kind": "top_cut", "size": 4},
]


def next_phase(event, user="org", method="get", body=None):
    client = api(user)
    url = f"/api/tournaments/{event}/phases/next/"
    return client.get(url) if method == "get" else client.post(url, body or {}, format="json")


def play_round(event):
    confirm_all(event, pair_next_round(event))


def day_one_over(build_event, plan=CUT_TO_FOUR):
    event, names = build_event(6, phases=plan)
    assert api("org").post(f"/api/tournaments/{event}/start/").status_code == 200
    play_round(event)
    play_round(event)
    return event, names


def test_the_organizer_confirms_the_cut_and_day_two_pairs_only_those_who_advanced(
    event_with_players,
):
    # given day 1 (two Swiss rounds) played by six players
    event, _ = day_one_over(event_with_players)
    # when the organizer looks at who advances
    shown = next_phase(event)
    assert shown.status_code == 200, shown.json()
    preview = shown.json()
    assert (preview["phase"], preview["after_round"], preview["advance"]) == (2, 2, {"top": 4})
    standings = api().get(f"/api/tournaments/{event}/standings/").json()
    top_four = [row["player"] for row in standings[:4]]
    assert [row["player"] for row in preview["advancing"]] == top_four
    assert [row["player"] for row in preview["not_advancing"]] == [
        row["player"] for row in standings[4:]
    ]
    # then the next round waits for the confirmation
    refused = api("org").post(f"/api/tournaments/{event}/rounds/")
    assert (refused.status_code, refused.json()["code"]) == (409, "phase_advance_pending")
    assert Round.objects.filter(tournament_id=event).count() == 2
    # when they confirm the list they were shown
    advancing = [row["registration"] for row in preview["advancing"]]
    confirmed = next_phase(event, method="post", body={"advancing": advancing})
    assert confirmed.status_code == 200, confirmed.json()
    assert confirmed.json()["confirmed"] is True
    # then round 3 pairs the four who advanced, and the two cut keep their place
    pairings = pair_next_round(event)
    paired = {p["player_a"] for p in pairings} | {p["player_b"] for p in pairings}
    assert paired == set(top_four)
    cut = Registration.objects.filter(tournament_id=event, dropped_after_round=2)
    assert sorted(r.name for r in cut) == sorted(row["player"] for row in standings[4:])
    confirm_all(event, pairings)
    after = api().get(f"/api/tournaments/{event}/standings/").json()
    assert {row["player"] for row in after[4:]} == {row["player"] for row in standings[4:]}
    # and the top cut seeds only players who advanced
    top_cut = pair_next_round(event)
    seeded = {p["player_a"] for p in top_cut} | {p["player_b"] for p in top_cut}
    assert seeded == set(top_four)


def test_a_player_cut_at_a_phase_is_not_reinstated(event_with_players):
    event, _ = day_one_over(event_with_players)
    cut = next_phase(event).json()["not_advancing"][0]["registration"]
    assert next_phase(event, method="post").status_code == 200
    before = event_snapshot(event)
    refused = api("org").post(
        f"/api/tournaments/{event}/reinstate/", {"registration": cut}, format="json"
    )
    assert (refused.status_code, refused.json()["code"]) == (409, "cut_at_phase")
    assert event_snapshot(event) == before


def test_asking_before_the_phase_is_over_is_refused_and_changes_nothing(event_with_players):
    event, _ = event_with_players(6, phases=CUT_TO_FOUR)
    api("org").post(f"/api/tournaments/{event}/start/")
    play_round(event)
    before = event_snapshot(event)
    for method in ("get", "post"):
        refused = next_phase(event, method=method)
        assert (refused.status_code, refused.json()["code"]) == (409, "phase_not_finished")
    assert event_snapshot(event) == before
    assert not PhaseAdvance.objects.exists()
    # and round 2 pairs as usual: the confirmation is due only at the phase's end
    assert api("org").post(f"/api/tournaments/{event}/rounds/").status_code == 202


def test_a_round_still_open_at_the_phase_end_means_the_phase_is_not_over(event_with_players):
    event, _ = event_with_players(6, phases=CUT_TO_FOUR)
    api("org").post(f"/api/tournaments/{event}/start/")
    play_round(event)
    pair_next_round(event)
    refused = next_phase(event)
    assert (refused.status_code, refused.json()["code"]) == (409, "phase_not_finished")


@pytest.mark.parametrize(
    ("user", "method", "status", "code"),
    [
        ("p01", "get", 403, "not_judge"),
        ("p01", "post", 403, "not_organizer"),
        ("stranger", "post", 403, "not_organizer"),
    ],
)
def test_only_the_organizer_confirms_and_refusals_change_nothing(
    event_with_players, user, method, status, code
):
    event, _ = day_one_over(event_with_players)
    before = event_snapshot(event)
    refused = next_phase(event, user=user, method=method)
    assert (refused.status_code, refused.json()["code"]) == (status, code)
    assert event_snapshot(event) == before
    assert not PhaseAdvance.objects.exists()


def test_a_second_confirmation_and_a_stale_list_are_refused(event_with_players):
    event, _ = day_one_over(event_with_players)
    preview = next_phase(event).json()
    stale = [row["registration"] for row in preview["not_advancing"]]
    before = event_snapshot(event)
    changed = next_phase(event, method="post", body={"advancing": stale})
    assert (changed.status_code, changed.json()["code"]) == (409, "advance_changed")
    assert event_snapshot(event) == before
    assert next_phase(event, method="post").status_code == 200
    after = event_snapshot(event)
    # (the plan has two Swiss phases, so once phase 2 is confirmed there is no next one)
    again = next_phase(event, method="post")
    assert (again.status_code, again.json()["code"]) == (409, "no_next_phase")
    assert event_snapshot(event) == after
    assert PhaseAdvance.objects.count() == 1


def test_a_one_phase_event_has_no_next_phase_and_pairs_as_before(event_with_players):
    event, _ = event_with_players(4, rounds=2)
    api("org").post(f"/api/tournaments/{event}/start/")
    play_round(event)
    refused = next_phase(event)
    assert (refused.status_code, refused.json()["code"]) == (409, "no_next_phase")
    assert api("org").post(f"/api/tournaments/{event}/rounds/").status_code == 202


def test_a_third_phase_cuts_only_among_those_still_in(event_with_players):
    plan = [
        {"kind": "swiss", "rounds": 1},
        {"kind": "swiss", "rounds": 1, "advance": {"top": 4}},
        {"kind": "swiss", "rounds": 1, "advance": {"top": 2}},
    ]
    event, _ = event_with_players(6, phases=plan)
    api("org").post(f"/api/tournaments/{event}/start/")
    play_round(event)
    first_cut = {row["player"] for row in next_phase(event).json()["not_advancing"]}
    assert next_phase(event, method="post").status_code == 200
    play_round(event)
    # when phase 2 is over, the cut to phase 3 is among the four still in
    preview = next_phase(event).json()
    assert (preview["phase"], preview["after_round"]) == (3, 2)
    assert len(preview["advancing"]) == 2
    assert len(preview["not_advancing"]) == 2
    listed = {row["player"] for row in preview["advancing"] + preview["not_advancing"]}
    assert not listed & first_cut
    assert next_phase(event, method="post").status_code == 200
    paired = pair_next_round(event)
    assert {p["player_a"] for p in paired} | {p["player_b"] for p in paired} == {
        row["player"] for row in preview["advancing"]
    }


def test_min_points_advances_everyone_on_the_points(event_with_players):
    plan = [
        {"kind": "swiss", "rounds": 2},
        {"kind": "swiss", "rounds": 1, "advance": {"min_points": 3}},
    ]
    event, _ = day_one_over(event_with_players, plan)
    preview = next_phase(event).json()
    assert preview["advancing"]
    assert all(row["points"] >= 3 for row in preview["advancing"])
    assert all(row["points"] < 3 for row in preview["not_advancing"])
    assert len(preview["advancing"]) + len(preview["not_advancing"]) == 6


# --- pages ----------------------------------------------------------------------------------


def test_the_event_page_shows_the_phase_and_the_organizer_confirms_the_cut_on_a_confirmation_page(
    event_with_players,
):
    event, _ = day_one_over(event_with_players)
    preview = next_phase(event).json()
    organizer = as_user("org")
    # given phase 1 is over: the event page shows who advances and the confirmation link
    page = organizer.get(f"/events/{event}/").content.decode()
    assert "Phase 1 of 2" in page
    assert "Phase 1 is over" in page
    assert page.count("does not advance</span>") == len(preview["not_advancing"])
    assert f"/events/{event}/phases/next/" in page
    # a player sees the phase, not the preview nor the link
    player_page = as_user("p01").get(f"/events/{event}/").content.decode()
    assert "Phase 1 is over" in player_page
    assert "does not advance</span>" not in player_page
    assert f"/events/{event}/phases/next/" not in player_page
    # when the organizer opens the link: a confirmation page that says what it does, and acts not
    before = event_snapshot(event)
    asked = organizer.get(f"/events/{event}/phases/next/")
    assert asked.status_code == 200
    text = asked.content.decode()
    assert "Confirm who advances to phase 2?" in text
    assert "Cannot be undone:" in text
    assert "keep their final place" in text
    assert organizer.post(f"/events/{event}/phases/next/").status_code == 200  # asks again
    assert event_snapshot(event) == before
    assert not PhaseAdvance.objects.exists()
    # a player is refused the confirmation page
    assert as_user("p01").get(f"/events/{event}/phases/next/").status_code == 403
    # when they confirm the list the page carried
    advancing = ",".join(str(row["registration"]) for row in preview["advancing"])
    done = organizer.post(
        f"/events/{event}/phases/next/", {"confirm": "yes", "advancing": advancing}, follow=True
    )
    assert "Phase 2 is confirmed" in done.content.decode()
    assert PhaseAdvance.objects.get().phase == 2
    # then the standings page shows each phase and marks those cut, in their place
    standings = as_user(None).get(f"/events/{event}/standings/").content.decode()
    assert "Phase 1: rounds 1–2 · everyone registered" in standings
    assert "Phase 2: rounds 3–3 · the top 4 · 4 advanced, 2 cut" in standings
    assert standings.count("cut before phase 2</span>") == 2


def test_a_confirmation_page_with_a_stale_list_is_refused_and_changes_nothing(event_with_players):
    event, _ = day_one_over(event_with_players)
    preview = next_phase(event).json()
    stale = ",".join(str(row["registration"]) for row in preview["not_advancing"])
    before = event_snapshot(event)
    done = as_user("org").post(
        f"/events/{event}/phases/next/", {"confirm": "yes", "advancing": stale}, follow=True
    )
    assert "Who advances has changed" in done.content.decode()
    assert event_snapshot(event) == before
    assert not PhaseAdvance.objects.exists()


def test_a_one_phase_events_pages_show_no_phases(event_with_players):
    event, _ = event_with_players(4, rounds=2)
    api("org").post(f"/api/tournaments/{event}/start/")
    play_round(event)
    assert "phase-panel" not in as_user("org").get(f"/events/{event}/").content.decode()
    assert "phases-title" not in as_user(None).get(f"/events/{event}/standings/").content.decode()


def test_a_confirmed_cut_is_pushed_on_the_stream_with_public_counts_only(
    event_with_players, monkeypatch
):
    event, _ = day_one_over(event_with_players)
    sent: list[tuple[str, dict]] = []
    monkeypatch.setattr(stream, "publish", lambda _event, kind, facts: sent.append((kind, facts)))
    assert next_phase(event, method="post").status_code == 200
    assert sent == [
        (
            "phase",
            {"phase": 2, "after_round": 2, "advancing_count": 4, "not_advancing_count": 2},
        )
    ]


def test_a_refused_confirmation_pushes_nothing(event_with_players, monkeypatch):
    event, _ = day_one_over(event_with_players)
    sent: list[str] = []
    monkeypatch.setattr(stream, "publish", lambda _event, kind, facts: sent.append(kind))
    assert next_phase(event, user="p01", method="post").status_code == 403
    assert sent == []


def test_the_live_phase_panel_tells_each_player_their_own_side_of_the_cut(event_with_players):
    event, _ = day_one_over(event_with_players)
    preview = next_phase(event).json()
    assert next_phase(event, method="post").status_code == 200
    went_on = preview["advancing"][0]["player"]
    stayed = preview["not_advancing"][0]["player"]
    url = f"/events/{event}/phase/"
    # the fragment the page's stream listener asks for: it listens to the `phase` event
    mine = as_user(went_on).get(url).content.decode()
    assert 'hx-trigger="sse:phase, live-poll"' in mine
    assert "You advanced to phase 2" in mine
    assert "You did not advance to phase 2" in as_user(stayed).get(url).content.decode()
    # the public and the judges see the phases, and nobody's side of the cut but their own
    for viewer in (None, "org"):
        text = as_user(viewer).get(url).content.decode()
        assert "Phase 2 of 2" in text
        assert "You advanced" not in text
        assert "You did not advance" not in text


def test_a_one_phase_event_has_no_phase_panel_to_fetch(event_with_players):
    event, _ = event_with_players(4, rounds=2)
    assert as_user(None).get(f"/events/{event}/phase/").status_code == 204


# --- the export file (format_version 2) -----------------------------------------------------


def cut_and_exported(build_event):
    event, _ = day_one_over(build_event)
    assert next_phase(event, method="post").status_code == 200
    response = api("org").get(f"/api/tournaments/{event}/export/")
    assert response.status_code == 200, response.content
    return event, response.json()


def forget(event):
    """Another database: the event and every account are gone (the card index stays)."""
    Match.objects.filter(round__tournament_id=event).delete()
    Tournament.objects.filter(pk=event).delete()
    get_user_model().objects.all().delete()


def test_a_multi_day_event_exports_as_version_2_and_imports_with_its_phases_and_cut(
    event_with_players,
):
    event, document = cut_and_exported(event_with_players)
    assert document["format_version"] == 2
    assert document["phases"]["plan"] == CUT_TO_FOUR
    (advance,) = document["phases"]["advances"]
    assert (advance["phase"], advance["after_round"], advance["confirmed_by"]) == (2, 2, "org")
    standings = api().get(f"/api/tournaments/{event}/standings/").json()
    forget(event)
    # when the file is imported into the empty database
    imported = event_import(document=copy.deepcopy(document)).tournament
    # then the plan, the cut (under the new ids) and the standings are as they were
    assert imported.phases == CUT_TO_FOUR
    confirmed = PhaseAdvance.objects.get(tournament=imported)
    names = {r.pk: r.name for r in Registration.objects.filter(tournament=imported)}
    assert [names[pk] for pk in confirmed.not_advancing] == [row["player"] for row in standings[4:]]
    assert confirmed.confirmed_by.username == "org"
    again = api().get(f"/api/tournaments/{imported.pk}/standings/").json()
    assert [(r["player"], r["points"]) for r in again] == [
        (r["player"], r["points"]) for r in standings
    ]
    # and the imported event is in phase 2 (the plan's last), which pairs those who advanced
    assert next_phase(imported.pk).json()["code"] == "no_next_phase"
    pairings = pair_next_round(imported.pk)
    paired = {p["player_a"] for p in pairings} | {p["player_b"] for p in pairings}
    assert paired == {row["player"] for row in standings[:4]}


def test_a_one_phase_event_still_exports_as_version_1(event_with_players):
    event, _ = event_with_players(4, rounds=2)
    document = api("org").get(f"/api/tournaments/{event}/export/").json()
    assert document["format_version"] == 1
    assert "phases" not in document


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(format_version=1), "$.phases"),
        (lambda d: d.pop("phases"), "$.phases"),
        (lambda d: d["phases"]["plan"][1].pop("advance"), "$.phases.plan"),
        (lambda d: d["phases"]["advances"][0].update(after_round=1), "$.phases.advances[0]"),
        (lambda d: d["phases"]["advances"][0]["advancing"].append(99999), "$.phases.advances[0]"),
        (lambda d: d.update(format_version=3), "$.format_version"),
    ],
)
def test_a_file_whose_phases_do_not_hold_together_is_refused_and_writes_nothing(
    event_with_players, change, path
):
    event, document = cut_and_exported(event_with_players)
    forget(event)
    change(document)
    with pytest.raises(Exception) as refused:  # noqa: PT011 (a Refusal; its problems are checked)
        event_import(document=document)
    assert refused.value.code == "invalid_export"
    assert any(problem.startswith(path) for problem in refused.value.extra["problems"])
    assert not Tournament.objects.exists()
