"""A store event over the API, from registration to its winner: an 8-player event with a top 4,
with a guest, a no-show dropped by a judge, a round re-paired and one swapped, a game-loss
penalty, a disputed result, a judge's override and a renamed account. Every refusal on the way is
checked to change nothing."""

from dataclasses import dataclass, field

import pytest
from django.contrib.auth import get_user_model

from tests.support.snapshots import put_back, shared_rows
from tests.tournaments.conftest import SAMPLE, api, event_snapshot, pair_next_round
from tournaments.core.standings import MatchResult, compute_standings, format_tiebreaker
from tournaments.models import (
    Match,
    ResultOverride,
    Round,
    Tournament,
)

pytestmark = pytest.mark.django_db

GUEST = "Wendy Walk-in"
# Who beats whom in the Swiss rounds: the earlier name wins (the guest plays as `wendy` once the
# organizer links her registration to that account).
STRENGTH = ["p01", GUEST, "p02", "p03", "p04", "p05", "p06", "p07"]


# --- what the test entered, and what follows from it ------------------------------------------


@dataclass
class Event:
    id: int
    names: dict[int, str]  # registration -> the name the event shows now
    strength: list[int]  # registrations, strongest first
    played: dict[int, MatchResult] = field(default_factory=dict)  # Swiss results, by match
    dropped: set[int] = field(default_factory=set)

    def reg(self, name: str) -> int:
        return next(pk for pk, shown in self.names.items() if shown == name)

    def stronger(self, a: int, b: int) -> int:
        return a if self.strength.index(a) < self.strength.index(b) else b

    def expected_standings(self) -> list[dict]:
        """The standings that follow from the results entered, by the pure standings maths."""
        lines = compute_standings(
            self.played.values(),
            players=[str(pk) for pk in self.names],
            dropped=[str(pk) for pk in self.dropped],
        )
        return [
            {
                "rank": s.rank,
                "player": self.names[int(s.player)],
                "registration": int(s.player),
                "points": s.points,
                "wins": s.wins,
                "losses": s.losses,
                "draws": s.draws,
                "omw": format_tiebreaker(s.omw),
                "gw": format_tiebreaker(s.gw),
                "ogw": format_tiebreaker(s.ogw),
                "dropped": s.dropped,
            }
            for s in lines
        ]


def standings(event: int) -> list[dict]:
    return api().get(f"/api/tournaments/{event}/standings/").json()


def snapshot(event: int) -> dict:
    return event_snapshot(event)


def refused(event: int, send, status: int, code: str) -> dict:
    """Send a request that must be refused with `status` and `code`, and change nothing."""
    before = snapshot(event)
    response = send()
    assert response.status_code == status, response.json()
    body = response.json()
    assert body["code"] == code, body
    assert body["detail"]
    assert snapshot(event) == before, f"the refused request ({code}) changed the event"
    return body


def enter(ev: Event, pairing: dict, winner: int, games=(2, 0), swiss=True) -> None:
    """Enter a match won by `winner`: its players report it, or a judge does for a guest."""
    a, b = pairing["player_a_registration"], pairing["player_b_registration"]
    number = Match.objects.get(pk=pairing["match"]).round.number
    if b is None:
        ev.played[pairing["match"]] = MatchResult.bye(str(a), number)
        return
    a_wins, b_wins = games if winner == a else games[::-1]
    body = {"player_a_wins": a_wins, "player_b_wins": b_wins, "draws": 0}
    url = f"/api/matches/{pairing['match']}/result/"
    if GUEST in (pairing["player_a"], pairing["player_b"]):
        # a guest has no account: the judge enters the result
        response = api("jude").post(url, body, format="json")
        assert response.status_code == 200, response.json()
    else:
        for player in (pairing["player_a"], pairing["player_b"]):
            response = api(player).post(url, body, format="json")
            assert response.status_code == 200, response.json()
    assert response.json()["status"] == "confirmed"
    if swiss:
        ev.played[pairing["match"]] = MatchResult(str(a), str(b), a_wins, b_wins, 0, number)


def players_of(pairing: dict) -> set[int]:
    return {pairing["player_a_registration"], pairing["player_b_registration"]} - {None}


def pairings(event: int, number: int) -> list[dict]:
    return api().get(f"/api/tournaments/{event}/rounds/{number}/pairings/").json()


# --- the event ---------------------------------------------------------------------------------


def test_an_eight_player_event_with_a_top_4_runs_to_its_end(bundled_cards, sample_text):
    org, jude = api("org"), api("jude")
    api("wendy")  # the account the guest links to later
    # given an event for 8 with its details, judged by jude
    created = org.post(
        "/api/tournaments/",
        {
            "name": "Store Championship",
            "top_cut": 4,
            "capacity": 8,
            "date": "2026-12-05T10:00:00Z",
            "venue": "The Game Store",
            "description": "Three Swiss rounds, then a top 4.",
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    event = created.json()["id"]
    assert (
        org.post(
            f"/api/tournaments/{event}/judges/", {"username": "jude"}, format="json"
        ).status_code
        == 201
    )
    detail = api().get(f"/api/tournaments/{event}/").json()
    assert detail["winner"] is None
    assert detail["date"].startswith("2026-12-05T10:00:00")
    assert (detail["venue"], detail["description"]) == (
        "The Game Store",
        "Three Swiss rounds, then a top 4.",
    )
    assert (detail["capacity"], detail["places_left"]) == (8, 8)
    assert detail["format_name"] == "Genesis Standard Constructed"

    # when seven players register and the organizer registers a walk-in as a guest
    registrations = f"/api/tournaments/{event}/registrations/"
    for name in STRENGTH:
        if name != GUEST:
            response = api(name).post(registrations, {"decklist": sample_text}, format="json")
            assert response.status_code == 201, response.json()
    refused(
        event,
        lambda: api("p01").post(
            registrations, {"guest": GUEST, "decklist": sample_text}, format="json"
        ),
        403,
        "not_judge",
    )
    bad = "Champion: Sera Vantyne\nTimeline\n1 Static Lattice"
    illegal = refused(
        event,
        lambda: org.post(registrations, {"guest": GUEST, "decklist": bad}, format="json"),
        400,
        "deck_illegal",
    )
    assert illegal["errors"]
    guest = org.post(registrations, {"guest": GUEST, "decklist": sample_text}, format="json")
    assert guest.status_code == 201, guest.json()
    assert (guest.json()["player"], guest.json()["guest"]) == (GUEST, True)
    # then the event is full: a player joins its waitlist, the organizer is refused
    waiting = api("p08").post(registrations, {"decklist": sample_text}, format="json")
    assert (waiting.status_code, waiting.json()["status"]) == (201, "waitlisted")
    refused(
        event,
        lambda: org.post(
            registrations, {"guest": "Another Walk-in", "decklist": sample_text}, format="json"
        ),
        409,
        "event_full",
    )
    assert api().get(f"/api/tournaments/{event}/").json()["places_left"] == 0

    rows = api().get(registrations).json()
    ev = Event(event, {row["registration"]: row["player"] for row in rows}, [])
    ev.strength = [ev.reg(name) for name in STRENGTH]
    guest_reg = ev.reg(GUEST)
    started = org.post(f"/api/tournaments/{event}/start/").json()
    assert started["rounds"] == 3
    refused(event, lambda: api().get(f"/api/tournaments/{event}/placings/"), 409, "not_finished")

    # --- round 1: a guest's result entered by the judge, a game loss, a disputed result -------
    round_1 = pair_next_round(event)
    assert len(round_1) == 4
    assert {pk for p in round_1 for pk in players_of(p)} == set(ev.names)
    with_guest = next(p for p in round_1 if guest_reg in players_of(p))
    disputed, penalised, *rest = [p for p in round_1 if p is not with_guest]
    # the guest's opponent alone cannot confirm the result; the judge enters it
    opponent = next(n for n in (with_guest["player_a"], with_guest["player_b"]) if n != GUEST)
    half = api(opponent).post(
        f"/api/matches/{with_guest['match']}/result/",
        {"player_a_wins": 1, "player_b_wins": 0, "draws": 0},
        format="json",
    )
    assert half.json()["status"] == "playing"
    enter(ev, with_guest, ev.stronger(*players_of(with_guest)))
    for pairing in rest:
        enter(ev, pairing, ev.stronger(*players_of(pairing)))

    # a game loss: the weaker player is penalised during game 1, then both report 2-0
    winner = ev.stronger(*players_of(penalised))
    loser = (players_of(penalised) - {winner}).pop()
    mid = penalised["match"]
    chooser = api().get(f"/api/matches/{mid}/").json()["chooser"]
    api(penalised[f"player_{chooser}"]).post(
        f"/api/matches/{mid}/lead/", {"lead": True}, format="json"
    )
    given = jude.post(
        f"/api/matches/{mid}/penalties/",
        {
            "registration": loser,
            "penalty": "game_loss",
            "infraction": "Drawing extra cards",
            "note": "Drew two at the start of the turn",
        },
        format="json",
    )
    assert given.status_code == 201, given.json()
    assert {k: given.json()[k] for k in ("player", "registration", "penalty", "given_by")} == {
        "player": ev.names[loser],
        "registration": loser,
        "penalty": "game_loss",
        "given_by": "jude",
    }
    after_penalty = api().get(f"/api/matches/{mid}/").json()
    winner_seat = "a" if penalised["player_a_registration"] == winner else "b"
    assert after_penalty["score"][f"{winner_seat}_wins"] == 1
    assert after_penalty["games"][0]["ending"] == "penalty"
    enter(ev, penalised, winner)
    games = api().get(f"/api/matches/{mid}/").json()["games"]
    assert [g["ending"] for g in games] == ["penalty", "reported"]
    # every penalty is in the override log with who gave it; judges see all, players their own
    log = ResultOverride.objects.get(match_id=mid)
    assert (log.actor.username, log.after["penalty"]) == ("jude", "game_loss")
    assert len(jude.get(f"/api/tournaments/{event}/penalties/").json()) == 1
    assert len(api(ev.names[loser]).get(f"/api/tournaments/{event}/penalties/").json()) == 1
    assert api(ev.names[winner]).get(f"/api/tournaments/{event}/penalties/").json() == []
    assert api().get(f"/api/tournaments/{event}/penalties/").status_code in (401, 403)

    # the disputed match: the two players report different results
    url = f"/api/matches/{disputed['match']}/result/"
    api(disputed["player_a"]).post(
        url, {"player_a_wins": 2, "player_b_wins": 1, "draws": 0}, format="json"
    )
    answer = api(disputed["player_b"]).post(
        url, {"player_a_wins": 1, "player_b_wins": 2, "draws": 0}, format="json"
    )
    assert answer.json()["status"] == "disputed"
    # it stays out of the standings until a judge rules
    assert standings(event) == ev.expected_standings()
    for pk in players_of(disputed):
        line = next(s for s in standings(event) if s["registration"] == pk)
        assert (line["wins"], line["losses"], line["points"]) == (0, 0, 0)
    refused(event, lambda: org.post(f"/api/tournaments/{event}/rounds/"), 409, "round_open")
    a, b = disputed["player_a_registration"], disputed["player_b_registration"]
    ruled = jude.post(url, {"player_a_wins": 2, "player_b_wins": 1, "draws": 0}, format="json")
    assert ruled.json()["status"] == "confirmed"
    ev.played[disputed["match"]] = MatchResult(str(a), str(b), 2, 1, 0, 1)
    assert standings(event) == ev.expected_standings()

    # the organizer links the guest to her account: same registration, same record, her name
    linked = org.post(
        f"/api/tournaments/{event}/registrations/{guest_reg}/link/",
        {"username": "wendy"},
        format="json",
    )
    assert linked.status_code == 200, linked.json()
    assert (linked.json()["registration"], linked.json()["player"]) == (guest_reg, "wendy")
    ev.names[guest_reg] = "wendy"
    assert standings(event) == ev.expected_standings()

    # --- round 2: a no-show, dropped by a judge; the round is taken back and paired again -----
    round_2 = pair_next_round(event)
    no_show = ev.reg("p07")
    absent = next(p for p in round_2 if no_show in players_of(p))
    dropped = jude.post(f"/api/tournaments/{event}/drop/", {"registration": no_show}, format="json")
    assert dropped.status_code == 200, dropped.json()
    assert dropped.json()["dropped"] is True
    ev.dropped.add(no_show)
    # a drop never invents a result: the no-show's match waits for a judge
    left = api().get(f"/api/matches/{absent['match']}/").json()
    assert (left["status"], left["result"]) == ("playing", None)
    assert standings(event) == ev.expected_standings()
    assert jude.delete(f"/api/tournaments/{event}/rounds/2/").status_code == 204
    assert not Match.objects.filter(pk=absent["match"]).exists()
    round_2 = pair_next_round(event)
    assert len(round_2) == 4
    assert no_show not in {pk for p in round_2 for pk in players_of(p)}
    assert {pk for p in round_2 for pk in players_of(p)} == set(ev.names) - {no_show}
    (bye,) = [p for p in round_2 if p["player_b"] is None]
    assert (bye["status"], bye["a_wins"], bye["b_wins"]) == ("confirmed", 2, 0)
    # the round has been paired again since the drop: too late to reinstate
    refused(
        event,
        lambda: jude.post(
            f"/api/tournaments/{event}/reinstate/", {"registration": no_show}, format="json"
        ),
        409,
        "round_paired",
    )
    for pairing in round_2:
        enter(ev, pairing, ev.stronger(*players_of(pairing)) if pairing["player_b"] else 0)
    assert standings(event) == ev.expected_standings()

    # a judge's override changes the standings at once
    flipped = next(p for p in round_2 if p["player_b"] is not None)
    a, b = flipped["player_a_registration"], flipped["player_b_registration"]
    was_winner = ev.stronger(a, b)
    points = {s["registration"]: s["points"] for s in standings(event)}
    a_wins, b_wins = (0, 2) if was_winner == a else (2, 0)
    override = jude.post(
        f"/api/matches/{flipped['match']}/result/",
        {"player_a_wins": a_wins, "player_b_wins": b_wins, "draws": 0},
        format="json",
    )
    assert override.status_code == 200, override.json()
    ev.played[flipped["match"]] = MatchResult(str(a), str(b), a_wins, b_wins, 0, 2)
    now = standings(event)
    assert now == ev.expected_standings()
    assert {s["registration"]: s["points"] for s in now} == points | {
        was_winner: points[was_winner] - 3,
        (a if was_winner == b else b): points[a if was_winner == b else b] + 3,
    }
    change = ResultOverride.objects.filter(match_id=flipped["match"]).get()
    assert change.actor.username == "jude"
    assert change.before == {"a_wins": 2 - a_wins, "b_wins": 2 - b_wins, "draws": 0}

    # --- round 3: two players swapped between tables, then no re-pairing once reported --------
    round_3 = pair_next_round(event)
    tables = [p for p in round_3 if p["player_b"] is not None]
    met = {frozenset((r.player_a, r.player_b)) for r in ev.played.values() if r.player_b}
    options = []  # (rematches the swap makes, a player, another player at another table)
    for i, first in enumerate(tables):
        for second in tables[i + 1 :]:
            x, y = first["player_a_registration"], second["player_a_registration"]
            made = [
                frozenset((str(y), str(first["player_b_registration"]))) in met,
                frozenset((str(x), str(second["player_b_registration"]))) in met,
            ]
            options.append((sum(made), x, y, first["table"], second["table"]))
    rematches, x, y, table_x, table_y = max(options)
    swapped = jude.post(
        f"/api/tournaments/{event}/rounds/3/swap/",
        {"registration_a": x, "registration_b": y},
        format="json",
    )
    assert swapped.status_code == 200, swapped.json()
    assert [w["code"] for w in swapped.json()["warnings"]] == ["rematch"] * rematches
    round_3 = swapped.json()["pairings"]
    assert round_3 == pairings(event, 3)
    seat_of = {pk: p["table"] for p in round_3 for pk in players_of(p)}
    assert (seat_of[x], seat_of[y]) == (table_y, table_x)
    assert sum(p["is_rematch"] for p in round_3 if p["table"] in (table_x, table_y)) == rematches
    first = next(p for p in round_3 if p["player_b"] is not None)
    api(first["player_a"]).post(
        f"/api/matches/{first['match']}/result/",
        {"player_a_wins": 2, "player_b_wins": 0, "draws": 0},
        format="json",
    )
    refused(
        event, lambda: jude.delete(f"/api/tournaments/{event}/rounds/3/"), 409, "round_has_results"
    )
    refused(
        event,
        lambda: jude.post(
            f"/api/tournaments/{event}/rounds/3/swap/",
            {"registration_a": x, "registration_b": y},
            format="json",
        ),
        409,
        "round_has_results",
    )
    for pairing in round_3:
        winner = ev.stronger(*players_of(pairing)) if pairing["player_b"] else 0
        if pairing is first:
            winner = pairing["player_a_registration"]  # as already reported
        enter(ev, pairing, winner)
    swiss = standings(event)
    assert swiss == ev.expected_standings()
    seeds = [s["registration"] for s in swiss[:4]]
    assert no_show not in seeds
    assert Tournament.objects.get(pk=event).status == "running"

    # --- top 4: 1v4 and 2v3, then the final; the 4th seed wins it all -------------------------
    publish = f"/api/tournaments/{event}/publish/"
    refused(
        event,
        lambda: org.post(publish, {"scope": "top_cut"}, format="json"),
        409,
        "top_cut_not_paired",
    )
    semifinals = pair_next_round(event)
    assert [(p["player_a_registration"], p["player_b_registration"]) for p in semifinals] == [
        (seeds[0], seeds[3]),
        (seeds[1], seeds[2]),
    ]
    assert org.post(publish, {"scope": "top_cut"}, format="json").status_code == 200
    public = api().get(registrations).json()
    assert {r["registration"] for r in public if "decklist" in r} == set(seeds)
    assert {r["registration"] for r in public if r["champion"]} == set(seeds)
    assert all("decklist" in r for r in jude.get(registrations).json())  # a judge sees all
    outside = next(pk for pk in ev.names if pk not in seeds and pk != guest_reg)
    own = next(
        r for r in api(ev.names[outside]).get(registrations).json() if r["registration"] == outside
    )
    assert own["champion"] == "Sera Vantyne"
    assert "decklist" not in own
    enter(ev, semifinals[0], seeds[3], games=(2, 1), swiss=False)  # the 4th seed beats the 1st
    enter(ev, semifinals[1], seeds[1], swiss=False)
    refused(event, lambda: api().get(f"/api/tournaments/{event}/placings/"), 409, "not_finished")
    (the_final,) = pair_next_round(event)
    assert players_of(the_final) == {seeds[1], seeds[3]}
    enter(ev, the_final, seeds[3], games=(2, 1), swiss=False)

    # then the event is over: the placings follow the bracket, then the Swiss standings
    assert Tournament.objects.get(pk=event).status == "finished"
    assert standings(event) == swiss  # top-cut matches never change the Swiss standings
    rank = {s["registration"]: s for s in swiss}
    order = [
        (seeds[3], None),
        (seeds[1], "final"),
        (seeds[0], "semifinal"),  # the semifinal losers by Swiss rank: 1st seed, then 3rd
        (seeds[2], "semifinal"),
        *((s["registration"], "swiss") for s in swiss[4:]),
    ]
    expected = [
        {
            "place": place,
            "player": ev.names[pk],
            "registration": pk,
            "swiss_rank": rank[pk]["rank"],
            "points": rank[pk]["points"],
            "eliminated_in": eliminated_in,
        }
        for place, (pk, eliminated_in) in enumerate(order, start=1)
    ]
    placings = api().get(f"/api/tournaments/{event}/placings/").json()
    assert placings == expected
    assert [p["place"] for p in placings] == list(range(1, 9))
    assert api().get(f"/api/tournaments/{event}/").json()["winner"] == ev.names[seeds[3]]
    exported = api().get(f"/api/tournaments/{event}/placings/?as=csv").content.decode()
    lines = exported.strip().splitlines()
    assert lines[0] == "place,player,registration,swiss_rank,points,eliminated_in"
    assert lines[1].startswith(f"1,{ev.names[seeds[3]]},{seeds[3]},")
    assert len(lines) == 9

    # renaming the winner's account changes nothing in the event but the name it shows
    before = {
        "standings": standings(event),
        "placings": placings,
        "penalties": jude.get(f"/api/tournaments/{event}/penalties/").json(),
    }
    champion = get_user_model().objects.get(username=ev.names[seeds[3]])
    champion.username = "champion-renamed"
    champion.save()
    after = {
        "standings": standings(event),
        "placings": api().get(f"/api/tournaments/{event}/placings/").json(),
        "penalties": jude.get(f"/api/tournaments/{event}/penalties/").json(),
    }
    renamed = seeds[3]
    for what in before:
        assert len(after[what]) == len(before[what])
        for old, new in zip(before[what], after[what], strict=True):
            expected_name = "champion-renamed" if new["registration"] == renamed else old["player"]
            renamed_to = {"player": expected_name}
            if "words" in old:  # a penalty said in words names its player too
                renamed_to["words"] = old["words"].replace(old["player"], expected_name)
            assert new == old | renamed_to, what
    assert after["placings"][0]["player"] == "champion-renamed"
    assert api().get(f"/api/tournaments/{event}/").json()["winner"] == "champion-renamed"
    assert Round.objects.filter(tournament_id=event).count() == 5


# --- every refusal: a clear code, and nothing changed ------------------------------------------


@pytest.fixture(scope="module")
def shared_running(django_db_setup, django_db_blocker, bundled_cards_snapshot) -> dict:
    """build_running, once for the module; each test's changes are rolled back."""
    with shared_rows(django_db_blocker):
        put_back(bundled_cards_snapshot)
        yield build_running(SAMPLE.read_text())


@pytest.fixture
def running(db, shared_running) -> dict:
    return shared_running


def build_running(sample_text: str) -> dict:
    """A running event for 5 (full): p01-p04 and a guest; jude judges; round 1 is paired and
    one player of table 1 has reported, so the round has a result. Late registration is open."""
    org = api("org")
    api("jude")
    api("p09")  # an account that is not registered
    event = org.post(
        "/api/tournaments/",
        {"name": "Refusals", "capacity": 5, "late_registration_until": 2},
        format="json",
    ).json()["id"]
    org.post(f"/api/tournaments/{event}/judges/", {"username": "jude"}, format="json")
    for name in ("p01", "p02", "p03", "p04"):
        api(name).post(
            f"/api/tournaments/{event}/registrations/", {"decklist": sample_text}, format="json"
        )
    org.post(
        f"/api/tournaments/{event}/registrations/",
        {"guest": GUEST, "decklist": sample_text},
        format="json",
    )
    org.post(f"/api/tournaments/{event}/start/")
    tables = [p for p in pair_next_round(event) if p["player_b"] is not None]
    first, second = tables
    reporter = first["player_a"] if first["player_a"] != GUEST else first["player_b"]
    api(reporter).post(
        f"/api/matches/{first['match']}/result/",
        {"player_a_wins": 2, "player_b_wins": 0, "draws": 0},
        format="json",
    )
    regs = {
        row["player"]: row["registration"]
        for row in api().get(f"/api/tournaments/{event}/registrations/").json()
    }
    outsider = next(
        name for name in ("p01", "p02", "p03", "p04") if regs[name] not in players_of(first)
    )
    return {
        "event": event,
        "match": first["match"],
        "a1": first["player_a_registration"],
        "a2": second["player_a_registration"],
        "guest": regs[GUEST],
        "p01": regs["p01"],
        "p02": regs["p02"],
        "outsider": outsider,  # a player not in table 1's match
        "deck": sample_text,
    }


# (who, method, path, body, status, code); {names} and "@names" are filled from the fixture.
REFUSALS = [
    ("p01", "post", "registrations/", {"guest": "Another Walk-in", "decklist": "@deck"}, 403, "not_judge"),
    ("p01", "post", "drop/", {"registration": "@p02"}, 403, "not_judge"),
    ("p01", "post", "reinstate/", {"registration": "@p02"}, 403, "not_judge"),
    ("p01", "delete", "rounds/1/", None, 403, "not_judge"),
    ("p01", "post", "rounds/1/swap/", {"registration_a": "@a1", "registration_b": "@a2"}, 403, "not_judge"),
    ("{outsider}", "post", "/api/matches/{match}/time/", None, 403, "not_judge"),
    ("{outsider}", "post", "/api/matches/{match}/penalties/", {"registration": "@a1", "penalty": "warning", "infraction": "Slow play"}, 403, "not_judge"),
    ("jude", "post", "registrations/{guest}/link/", {"username": "p09"}, 403, "not_organizer"),
    ("jude", "post", "publish/", {"scope": "all"}, 403, "not_organizer"),
    ("jude", "post", "rounds/", None, 403, "not_organizer"),
    ("jude", "delete", "rounds/1/", None, 409, "round_has_results"),
    ("jude", "post", "rounds/1/swap/", {"registration_a": "@a1", "registration_b": "@a2"}, 409, "round_has_results"),
    ("p09", "post", "registrations/", {"decklist": "@deck"}, 409, "event_full"),
    ("org", "post", "registrations/", {"username": "p09", "decklist": "@deck"}, 409, "event_full"),
    ("org", "post", "registrations/", {"guest": "Another Walk-in", "decklist": "@deck"}, 409, "event_full"),
    (None, "get", "placings/", None, 409, "not_finished"),
    ("jude", "post", "drop/", {"registration": 999999}, 404, "unknown_registration"),
    ("jude", "post", "reinstate/", {"registration": 999999}, 404, "unknown_registration"),
    ("org", "post", "registrations/999999/link/", {"username": "p09"}, 404, "unknown_registration"),
    ("jude", "post", "/api/matches/{match}/penalties/", {"registration": "@a2", "penalty": "warning", "infraction": "Slow play"}, 400, "unknown_registration"),
    ("org", "post", "registrations/{p01}/link/", {"username": "p09"}, 409, "not_a_guest"),
    ("org", "post", "registrations/", {"guest": "p09", "decklist": "@deck"}, 409, "name_taken"),
    ("jude", "post", "reinstate/", {"registration": "@p02"}, 409, "not_dropped"),
    ("jude", "delete", "rounds/2/", None, 409, "no_such_round"),
    ("org", "post", "publish/", {"scope": "top_cut"}, 409, "no_top_cut"),
    ("jude", "post", "/api/matches/{match}/penalties/", {"registration": "@a1", "penalty": "caution", "infraction": "x"}, 400, "invalid"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("who", "method", "path", "body", "status", "code"),
    REFUSALS,
    ids=[f"{code}-{path}" for _, _, path, _, _, code in REFUSALS],
)
def test_refusals_answer_a_clear_code_and_change_nothing(
    running, who, method, path, body, status, code
):
    def fill(value):
        if isinstance(value, str) and value.startswith("@"):
            return running[value[1:]]
        return value

    who = who.format(**running) if who else None
    path = path.format(**running)
    url = path if path.startswith("/api/") else f"/api/tournaments/{running['event']}/{path}"
    data = {key: fill(value) for key, value in body.items()} if body is not None else None
    client = api(who)
    refused(
        running["event"],
        lambda: getattr(client, method)(url, data, format="json"),
        status,
        code,
    )


def test_a_drop_can_be_undone_until_the_next_round_is_paired(event_with_players):
    event, names = event_with_players(4)
    org, jude = api("org"), api("jude")
    org.post(f"/api/tournaments/{event}/judges/", {"username": "jude"}, format="json")
    org.post(f"/api/tournaments/{event}/start/")
    for pairing in pair_next_round(event):
        enter(Event(event, {}, []), pairing, pairing["player_a_registration"], swiss=False)
    # a player drops themself with an empty body; a judge undoes it before round 2
    mine = api(names[0]).post(f"/api/tournaments/{event}/drop/")
    assert mine.status_code == 200, mine.json()
    reg = mine.json()["registration"]
    back = jude.post(f"/api/tournaments/{event}/reinstate/", {"registration": reg}, format="json")
    assert back.status_code == 200, back.json()
    assert back.json()["dropped"] is False
    # dropped again, the player is not paired in round 2, and the drop stays
    jude.post(f"/api/tournaments/{event}/drop/", {"registration": reg}, format="json")
    round_2 = pair_next_round(event)
    assert reg not in {pk for p in round_2 for pk in players_of(p)}
    refused(
        event,
        lambda: jude.post(
            f"/api/tournaments/{event}/reinstate/", {"registration": reg}, format="json"
        ),
        409,
        "round_paired",
    )
    refused(
        event,
        lambda: jude.post(f"/api/tournaments/{event}/drop/", {"registration": reg}, format="json"),
        409,
        "already_dropped",
    )


def test_a_round_taken_back_is_paired_again_with_the_late_changes(event_with_players, sample_text):
    # given round 1 paired, then a late entrant registers and a player drops
    event, names = event_with_players(4, late_registration_until=2)
    org, jude = api("org"), api("jude")
    org.post(f"/api/tournaments/{event}/judges/", {"username": "jude"}, format="json")
    org.post(f"/api/tournaments/{event}/start/")
    pair_next_round(event)
    late = api("late").post(
        f"/api/tournaments/{event}/registrations/", {"decklist": sample_text}, format="json"
    )
    assert late.json()["joined_round"] == 2  # round 1 was already paired
    dropped = api(names[0]).post(f"/api/tournaments/{event}/drop/").json()["registration"]
    # when a judge takes round 1 back
    assert jude.delete(f"/api/tournaments/{event}/rounds/1/").status_code == 204
    # then the drop can still be undone, and the late entrant plays round 1 after all
    back = jude.post(
        f"/api/tournaments/{event}/reinstate/", {"registration": dropped}, format="json"
    )
    assert back.status_code == 200, back.json()
    round_1 = pair_next_round(event)
    paired = {pk for p in round_1 for pk in players_of(p)}
    assert {dropped, late.json()["registration"]} <= paired
    assert len(paired) == 5
    rows = {r["player"]: r for r in api().get(f"/api/tournaments/{event}/registrations/").json()}
    assert rows["late"]["joined_round"] == 1
    assert all(s["losses"] == 0 for s in standings(event))  # no late-entry loss for round 1


def test_a_drop_while_the_round_is_being_paired_cannot_be_undone_once_it_is(event_with_players):
    from tournaments.services import round_pair

    event, names = event_with_players(4)
    org, jude = api("org"), api("jude")
    org.post(f"/api/tournaments/{event}/judges/", {"username": "jude"}, format="json")
    org.post(f"/api/tournaments/{event}/start/")
    # given round 1 opened but not yet paired by the worker, a player drops
    assert org.post(f"/api/tournaments/{event}/rounds/").status_code == 202
    reg = api(names[0]).post(f"/api/tournaments/{event}/drop/").json()["registration"]
    # when the worker pairs the round, without them
    round_pair(round_id=Round.objects.get(tournament_id=event, number=1).pk)
    assert reg not in {pk for p in pairings(event, 1) for pk in players_of(p)}
    # then the drop stands: reinstating now would leave them out of a paired round
    refused(
        event,
        lambda: jude.post(
            f"/api/tournaments/{event}/reinstate/", {"registration": reg}, format="json"
        ),
        409,
        "round_paired",
    )
