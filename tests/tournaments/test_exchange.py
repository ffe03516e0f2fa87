"""Exporting an event and importing it into another database (tournaments.services.exchange,
docs/event-export.md): the round trip of a finished event with a top cut, guests, penalties,
overrides and a waitlist; refusals that write nothing; the API's permissions; the admin's pages
(the waitlist, check-ins and no-show drops included)."""

import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.support.snapshots import put_back, shared_rows
from tests.tournaments.conftest import SAMPLE, api, as_user, build_event, pair_next_round
from tournaments.models import (
    CheckIn,
    Match,
    NoShowDrop,
    Penalty,
    Registration,
    Report,
    ResultOverride,
    Round,
    Tournament,
    WaitlistEntry,
)

pytestmark = pytest.mark.django_db

GUEST = "Wendy Walk-in"
LOCK = {"out": ["Lodestone Hex"], "in": ["Mirror Panel"]}  # 3 Chi for 3, both in the sample


# --- building a finished event --------------------------------------------------------------------


def _view(match: int) -> dict:
    return api("org").get(f"/api/matches/{match}/").json()


def _ok(response, status=200):
    assert response.status_code == status, response.json()
    return response.json()


def _play_with_lock_and_show(pairing: dict) -> None:
    """Game 1 entered by the judge (an override), the loser chooses the lead, both lock and
    show, then the players report game 2: lead choices and locks end up in the state."""
    match = pairing["match"]
    seats = {"a": pairing["player_a"], "b": pairing["player_b"]}
    chooser = seats[_view(match)["chooser"]]
    _ok(api(chooser).post(f"/api/matches/{match}/lead/", {"lead": True}, format="json"))
    winner, loser = seats["a"], seats["b"]
    _ok(api("jude").post(f"/api/matches/{match}/games/", {"winner": winner}, format="json"))
    _ok(api(loser).post(f"/api/matches/{match}/lead/", {"lead": True}, format="json"))
    for _ in range(2):
        locker = seats[_view(match)["locks_next"]]
        _ok(api(locker).post(f"/api/matches/{match}/lock/", LOCK, format="json"))
    for player in (winner, loser):
        _ok(api(player).post(f"/api/matches/{match}/games/", {"winner": winner}, format="json"))
    assert Match.objects.get(pk=match).status == Match.Status.CONFIRMED


def _choose_lead(pairing: dict) -> None:
    """The chooser of game 1 chooses to lead (a judge does it for a guest)."""
    seats = {"a": pairing["player_a"], "b": pairing["player_b"]}
    chooser = seats[_view(pairing["match"])["chooser"]]
    who = "jude" if chooser == GUEST else chooser
    _ok(api(who).post(f"/api/matches/{pairing['match']}/lead/", {"lead": True}, format="json"))


def _confirm(pairings: list[dict], score=(2, 1, 0)) -> None:
    """Every open match confirmed: by both players, or by the organizer where a guest plays."""
    body = {"player_a_wins": score[0], "player_b_wins": score[1], "draws": score[2]}
    for pairing in pairings:
        if pairing["player_b"] is None:
            continue
        if Match.objects.get(pk=pairing["match"]).status == Match.Status.CONFIRMED:
            continue
        players = (pairing["player_a"], pairing["player_b"])
        reporters = ["org"] if GUEST in players else players
        for reporter in reporters:
            _ok(api(reporter).post(f"/api/matches/{pairing['match']}/result/", body, format="json"))


@pytest.fixture(scope="module")
def shared_finished_event(django_db_setup, django_db_blocker, bundled_cards_snapshot) -> int:
    """build_finished_event, once for the module; each test's changes are rolled back."""
    with shared_rows(django_db_blocker):
        put_back(bundled_cards_snapshot)
        yield build_finished_event()


@pytest.fixture
def finished_event(db, shared_finished_event) -> int:
    return shared_finished_event


def build_finished_event() -> int:
    """7 players (p01..p06 and a guest), judged by jude, 3 Swiss rounds (so byes) and a top 4,
    finished; with lock and show, a warning, a game loss, judges' entries and a corrected
    result."""
    sample_text = SAMPLE.read_text()
    event, _names = build_event(6, top_cut=4)
    org, _ = api("org"), api("jude")  # jude has an account
    _ok(org.post(f"/api/tournaments/{event}/judges/", {"username": "jude"}, format="json"), 201)
    _ok(
        org.post(
            f"/api/tournaments/{event}/registrations/",
            {"guest": GUEST, "decklist": sample_text},
            format="json",
        ),
        201,
    )
    _ok(org.post(f"/api/tournaments/{event}/start/"))
    regs = {r.name: r.pk for r in Registration.objects.filter(tournament_id=event)}

    pairings = pair_next_round(event)
    played = [p for p in pairings if p["player_b"] and GUEST not in (p["player_a"], p["player_b"])]
    _play_with_lock_and_show(played[0])
    warned = played[1]
    _ok(
        api("jude").post(
            f"/api/matches/{warned['match']}/penalties/",
            {
                "registration": regs[warned["player_a"]],
                "penalty": "warning",
                "infraction": "Slow play",
                "note": "Second reminder",
            },
            format="json",
        ),
        201,
    )
    _confirm(pairings)
    # a judge corrects a confirmed result: logged with what it was before
    _ok(
        org.post(
            f"/api/matches/{warned['match']}/result/",
            {"player_a_wins": 0, "player_b_wins": 2, "draws": 0},
            format="json",
        )
    )

    pairings = pair_next_round(event)
    lost = next(p for p in pairings if p["player_b"])
    _choose_lead(lost)
    _ok(
        api("jude").post(
            f"/api/matches/{lost['match']}/penalties/",
            {
                "registration": regs[lost["player_b"]],
                "penalty": "game_loss",
                "code": "marked_cards",
                "reason": "the same marks as last round",
            },
            format="json",
        ),
        201,
    )
    _confirm(pairings)
    _confirm(pair_next_round(event), score=(1, 1, 1))
    for _ in range(2):  # the semifinals, then the final
        _confirm(pair_next_round(event))
    assert Tournament.objects.get(pk=event).status == Tournament.Status.FINISHED
    return event


# --- what must survive the trip --------------------------------------------------------------------


def _outcome(event: int) -> dict:
    """Everything the round trip must keep, by names and round/table rather than ids."""
    tournament = Tournament.objects.get(pk=event)
    names = {r.pk: r.name for r in Registration.objects.filter(tournament=tournament)}
    in_event = {"match__round__tournament": tournament}

    def at(match: Match) -> tuple[int, int]:
        return (match.round.number, match.table)

    def unnamed(row: dict) -> dict:
        return {k: v for k, v in row.items() if k != "registration"}

    standings = api("org").get(f"/api/tournaments/{event}/standings/").json()
    placings = api("org").get(f"/api/tournaments/{event}/placings/").json()
    return {
        "event": Tournament.objects.filter(pk=event)
        .values(
            "name",
            "format",
            "status",
            "swiss_rounds",
            "top_cut",
            "decklists",
            "seed",
            "created_at",
            "started_at",
            "organizer__username",
        )
        .get(),
        "judges": sorted(tournament.judges.values_list("user__username", flat=True)),
        "registrations": sorted(
            (
                r.name,
                r.is_guest,
                json.dumps(r.decklist, sort_keys=True),
                r.joined_round,
                r.dropped_after_round,
            )
            for r in Registration.objects.filter(tournament=tournament).select_related("player")
        ),
        "rounds": list(
            tournament.rounds.order_by("number").values_list(
                "number", "kind", "status", "seed", "minutes", "started_at"
            )
        ),
        "standings": [unnamed(row) for row in standings],
        "placings": [unnamed(row) for row in placings],
        "matches": {
            at(m): (
                names[m.player_a_id],
                names.get(m.player_b_id),
                m.state,
                m.status,
                (m.a_wins, m.b_wins, m.draws),
                m.confirmed_at,
            )
            for m in Match.objects.filter(round__tournament=tournament).select_related("round")
        },
        "overrides": [
            (at(o.match), o.actor.username, o.before, o.after, o.note, o.created_at)
            for o in ResultOverride.objects.filter(**in_event)
            .select_related("match__round", "actor")
            .order_by("created_at", "pk")
        ],
        "penalties": [
            (
                at(p.match),
                names[p.registration_id],
                p.kind,
                p.infraction,
                p.code,
                p.reason,
                p.note,
                p.actor.username,
            )
            for p in Penalty.objects.filter(**in_event).select_related("match__round", "actor")
        ],
        "reports": sorted(
            (at(r.match), r.reporter.username, r.game, r.winner, r.a_wins, r.b_wins, r.draws)
            for r in Report.objects.filter(**in_event).select_related("match__round", "reporter")
        ),
        # in the line's order (position, then who joined first)
        "waitlist": [
            (
                e.player.username,
                e.position,
                e.status,
                e.reason,
                e.errors,
                names.get(e.registration_id),
                json.dumps(e.decklist, sort_keys=True),
                e.champion,
                e.created_at,
                e.decided_at,
            )
            for e in WaitlistEntry.objects.filter(tournament=tournament)
            .select_related("player")
            .order_by("position", "id")
        ],
    }


def _add_waitlist(event: int) -> None:
    """The line the event had when it was full, as the waitlist service leaves it: p06 was
    promoted into the event, w03 skipped (its deck broke a rule by then), and w01 and w02 still
    wait, w02 moved ahead of w01 by the organizer."""
    sample = Registration.objects.get(tournament_id=event, player__username="p06")
    make = get_user_model().objects.create

    def entry(player, position: int, **fields) -> None:
        WaitlistEntry.objects.create(
            tournament_id=event,
            player=player,
            decklist=sample.decklist,
            champion=sample.champion,
            position=position,
            **fields,
        )

    decided = {"decided_at": sample.created_at}
    entry(sample.player, 1, status="promoted", registration=sample, **decided)
    entry(
        make(username="w03"),
        2,
        status="skipped",
        reason="Your timeline is no longer legal in this format.",
        errors=[{"code": "banned_card", "message": "Mirror Panel is banned."}],
        **decided,
    )
    entry(make(username="w01"), 4)
    entry(make(username="w02"), 3)


def _without_ids(document: dict) -> dict:
    """The file with each registration named by its place in the file instead of its id, and
    without the event's and matches' ids: what two databases' exports of one event share."""
    place = {r["id"]: n for n, r in enumerate(document["registrations"])}
    del document["event"]["id"]
    for registration in document["registrations"]:
        registration["id"] = place[registration["id"]]
    for round in document["rounds"]:
        for match in round["matches"]:
            del match["id"]
            match["player_a"] = place[match["player_a"]]
            match["player_b"] = place.get(match["player_b"])
            for penalty in match["penalties"]:
                penalty["registration"] = place[penalty["registration"]]
    for row in document["standings"] + document["placings"]:
        row["registration"] = place[row["registration"]]
    for entry in document.get("waitlist", ()):
        entry["registration"] = place.get(entry["registration"])
    return document


def _export(event: int) -> str:
    out = io.StringIO()
    call_command("export_event", str(event), stdout=out)
    return out.getvalue()


def _forget(event: int) -> None:
    """Another database: the event and every account are gone (the card index stays)."""
    Match.objects.filter(round__tournament_id=event).delete()
    Tournament.objects.filter(pk=event).delete()
    get_user_model().objects.all().delete()


def _import(tmp_path, text: str) -> str:
    path = tmp_path / "event.json"
    path.write_text(text)
    out = io.StringIO()
    call_command("import_event", str(path), stdout=out, stderr=io.StringIO())
    return out.getvalue()


COUNTED = (
    Tournament,
    Registration,
    WaitlistEntry,
    Round,
    Match,
    Report,
    ResultOverride,
    Penalty,
)
NOTHING = (0,) * (len(COUNTED) + 1)  # and the accounts


def _counts() -> tuple[int, ...]:
    return tuple(model.objects.count() for model in (*COUNTED, get_user_model()))


# --- the round trip ------------------------------------------------------------------------------


def test_a_finished_event_survives_export_and_import_into_an_empty_database(
    finished_event, tmp_path
):
    # given a finished event with a top cut, a guest, penalties and overrides, and the
    # waitlist it had when it was full
    _add_waitlist(finished_event)
    before = _outcome(finished_event)
    assert [(w[0], w[2]) for w in before["waitlist"]] == [
        ("p06", "promoted"),
        ("w03", "skipped"),
        ("w02", "waiting"),
        ("w01", "waiting"),
    ]
    assert any(row[1] for row in before["registrations"])  # a guest
    assert {p[2] for p in before["penalties"]} == {"warning", "game_loss"}
    assert {p[4:6] for p in before["penalties"]} == {
        ("", ""),
        ("marked_cards", "the same marks as last round"),
    }
    assert {o[4] for o in before["overrides"]} >= {"result changed", "game 1 entered by a judge"}
    assert any(kind == "top_cut" for _, kind, *_ in before["rounds"])
    assert any(
        state and any(entry.get("event") == "show" for entry in state["log"])
        for _, _, state, *_ in before["matches"].values()
    ), "no lock and show was played"
    text = _export(finished_event)
    _forget(finished_event)
    assert _counts() == NOTHING

    # when it is imported
    said = _import(tmp_path, text)

    # then the event is the same, under new ids, and its accounts exist but are inactive
    (event,) = Tournament.objects.values_list("pk", flat=True)
    assert event != finished_event
    assert f"imported as event {event}" in said
    assert _outcome(event) == before
    users = get_user_model().objects.all()
    assert sorted(u.username for u in users) == [
        "jude",
        "org",
        "p01",
        "p02",
        "p03",
        "p04",
        "p05",
        "p06",
        "w01",
        "w02",
        "w03",
    ]
    assert not any(u.is_active or u.has_usable_password() for u in users)
    # and exporting it again gives the same file but for the ids
    assert _without_ids(json.loads(_export(event))) == _without_ids(json.loads(text))


def test_a_second_import_of_the_same_file_is_refused_and_writes_nothing(finished_event, tmp_path):
    # given the event is already in this database
    text = _export(finished_event)
    counts = _counts()
    # when its export is imported
    with pytest.raises(CommandError, match="already in this database") as refused:
        _import(tmp_path, text)
    # then nothing changes, and the command exits with 1
    assert refused.value.returncode == 1
    assert "already_imported" in str(refused.value)
    assert _counts() == counts


def test_a_card_missing_from_the_index_names_the_card_and_player_and_writes_nothing(
    finished_event, tmp_path
):
    # given a file whose guest registered a card this database does not know
    document = json.loads(_export(finished_event))
    _forget(finished_event)
    guest = next(r for r in document["registrations"] if r["guest_name"] == GUEST)
    guest["decklist"]["timeline"][0]["name"] = "Phantom Card"
    # when it is imported
    with pytest.raises(CommandError, match="Phantom Card") as refused:
        _import(tmp_path, json.dumps(document))
    # then the card and the player are named, and nothing is written
    assert GUEST in str(refused.value)
    assert refused.value.returncode == 1
    assert _counts() == NOTHING


def test_a_file_that_breaks_the_schema_is_refused_with_json_paths(finished_event, tmp_path):
    document = json.loads(_export(finished_event))
    _forget(finished_event)
    document["rounds"][0]["matches"][0]["table"] = 0
    del document["event"]["seed"]
    err = io.StringIO()
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document))
    with pytest.raises(CommandError, match="not a valid event export"):
        call_command("import_event", str(path), stdout=io.StringIO(), stderr=err)
    assert "$.rounds[0].matches[0].table" in err.getvalue()
    assert "$.event: 'seed' is a required property" in err.getvalue()
    assert _counts() == NOTHING


def test_accounts_are_matched_by_username_ignoring_case_and_keep_their_state(
    finished_event, tmp_path
):
    # given a database where P01 has an account (usernames are unique ignoring case)
    text = _export(finished_event)
    _forget(finished_event)
    p01 = get_user_model().objects.create_user("P01", password="a-long-enough-password")
    # when the event is imported
    said = _import(tmp_path, text)
    # then P01 plays p01's registration, and is neither recreated nor deactivated
    assert Registration.objects.filter(player=p01).count() == 1
    assert not get_user_model().objects.filter(username="p01").exists()
    p01.refresh_from_db()
    assert p01.is_active
    assert p01.has_usable_password()
    assert "p01" not in said.split("inactive:")[1]


def test_a_result_column_that_disagrees_with_the_match_state_is_refused(finished_event, tmp_path):
    document = json.loads(_export(finished_event))
    _forget(finished_event)
    match = next(
        m for r in document["rounds"] for m in r["matches"] if m["state"] and m["a_wins"] == 2
    )
    match["a_wins"], match["b_wins"] = match["b_wins"], match["a_wins"]
    with pytest.raises(CommandError, match="invalid_export"):
        _import(tmp_path, json.dumps(document))
    assert _counts() == NOTHING


def test_results_edited_by_hand_that_contradict_the_standings_are_refused(finished_event, tmp_path):
    document = json.loads(_export(finished_event))
    _forget(finished_event)
    document["standings"][0]["points"] += 3
    with pytest.raises(CommandError, match="inconsistent_export"):
        _import(tmp_path, json.dumps(document))
    assert _counts() == NOTHING


def test_export_of_an_unknown_event_is_a_clear_error():
    with pytest.raises(CommandError, match="No event has the id 999999"):
        call_command("export_event", "999999", stdout=io.StringIO())


# --- the API -------------------------------------------------------------------------------------


def test_the_api_gives_the_organizer_the_same_file_as_the_command(finished_event):
    response = api("org").get(f"/api/tournaments/{finished_event}/export/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert f'filename="event-{finished_event}.json"' in response["Content-Disposition"]
    assert response.content.decode() == _export(finished_event)


@pytest.mark.parametrize(
    ("username", "status", "code"),
    [
        (None, 401, "not_authenticated"),
        ("p01", 403, "not_organizer"),
        ("jude", 403, "not_organizer"),  # a judge sees decklists, but takes no file of the event
        ("staff", 200, None),
    ],
)
def test_the_export_is_for_the_organizer_and_staff(finished_event, username, status, code):
    if username == "staff":
        get_user_model().objects.create(username="staff", is_staff=True)
    response = api(username).get(f"/api/tournaments/{finished_event}/export/")
    assert response.status_code == status
    if code:
        assert response.json()["code"] == code
        assert "decklist" not in response.content.decode()


# --- the admin -----------------------------------------------------------------------------------


def test_staff_see_events_in_the_admin_with_results_read_only(finished_event):
    admin = get_user_model().objects.create(username="admin", is_staff=True, is_superuser=True)
    client = as_user(admin.username)
    match = Match.objects.filter(round__tournament_id=finished_event).first()
    assert match is not None
    pages = [
        "/admin/tournaments/tournament/",
        f"/admin/tournaments/tournament/{finished_event}/change/",
        "/admin/tournaments/registration/",
        "/admin/tournaments/round/",
        f"/admin/tournaments/match/{match.pk}/change/",
    ]
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
    event_page = client.get(f"/admin/tournaments/tournament/{finished_event}/change/")
    assert f'href="/events/{finished_event}/"' in event_page.content.decode()
    matches = client.get("/admin/tournaments/match/").content.decode()
    assert f'href="/events/{finished_event}/rounds/1/pairings/"' in matches
    # what players read can be edited; what the services decide cannot
    assert 'name="venue"' in event_page.content.decode()
    assert 'name="top_cut"' not in event_page.content.decode()
    # a match's result and pairing cannot be changed here: they go through the services
    match_page = client.get(f"/admin/tournaments/match/{match.pk}/change/").content.decode()
    assert 'name="a_wins"' not in match_page
    assert 'name="player_a"' not in match_page
    assert client.get("/admin/tournaments/match/add/").status_code == 403


def test_staff_see_the_waitlist_check_ins_and_no_show_drops_in_the_admin_read_only(finished_event):
    # given a check-in at the desk, a no-show drop and a skipped waitlist entry (rows as the
    # services leave them)
    admin = get_user_model().objects.create(username="admin", is_staff=True, is_superuser=True)
    client = as_user(admin.username)
    regs = {r.name: r for r in Registration.objects.filter(tournament_id=finished_event)}
    CheckIn.objects.create(registration=regs[GUEST], actor=admin, by_code=False)
    NoShowDrop.objects.create(registration=regs["p06"])
    late = get_user_model().objects.create(username="latecomer")
    entry = WaitlistEntry.objects.create(
        tournament_id=finished_event,
        player=late,
        decklist=regs["p01"].decklist,
        position=1,
        status=WaitlistEntry.Status.SKIPPED,
        reason="The event started before a place freed.",
    )
    made = {
        "checkin": (CheckIn.objects.get(registration=regs[GUEST]).pk, GUEST),
        "noshowdrop": (NoShowDrop.objects.get(registration=regs["p06"]).pk, "p06"),
        "waitlistentry": (entry.pk, "latecomer"),
    }
    for model, (pk, name) in made.items():
        # when
        listed = client.get(f"/admin/tournaments/{model}/")
        shown = client.get(f"/admin/tournaments/{model}/{pk}/change/")
        # then each changelist opens with its row and a link to the event's page
        assert listed.status_code == 200, model
        assert name in listed.content.decode(), model
        assert f'href="/events/{finished_event}/"' in listed.content.decode(), model
        # and nothing is added, changed or deleted here: the services keep these
        assert shown.status_code == 200, model
        page = shown.content.decode()
        for field in ("registration", "status", "position", "by_code", "actor", "reason"):
            assert f'name="{field}"' not in page, (model, field)
        assert client.get(f"/admin/tournaments/{model}/add/").status_code == 403, model
        assert client.get(f"/admin/tournaments/{model}/{pk}/delete/").status_code == 403, model


def test_once_the_event_is_over_an_organizer_who_played_gets_the_whole_file(finished_event):
    # given: the organizer played in the event (p06's place was theirs)
    org = get_user_model().objects.get(username="org")
    Registration.objects.filter(tournament_id=finished_event, player__username="p06").update(
        player=org
    )
    # when
    response = api("org").get(f"/api/tournaments/{finished_event}/export/")
    # then: nothing in it can change a game any more
    assert response.status_code == 200, response.content
    assert response.content.decode() == _export(finished_event)


def test_a_file_whose_penalties_have_no_code_or_reason_still_imports(finished_event, tmp_path):
    """Files written before the penalty panel have neither field: they import as empty."""
    document = json.loads(_export(finished_event))
    stripped = 0
    for round in document["rounds"]:
        for match in round["matches"]:
            for penalty in match["penalties"]:
                del penalty["code"], penalty["reason"]
                stripped += 1
    assert stripped == 2
    _forget(finished_event)
    _import(tmp_path, json.dumps(document))
    assert sorted(Penalty.objects.values_list("kind", "code", "reason")) == [
        ("game_loss", "", ""),
        ("warning", "", ""),
    ]
