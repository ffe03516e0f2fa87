"""The event stream (GET /api/tournaments/{id}/stream/): what it carries, Last-Event-ID catch-up,
that a hidden lock never reaches it, and that check-in reaches it with public facts only. Run
through Django's ASGI path (AsyncClient), where the stream is served."""

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.db import connections
from django.test import AsyncClient

from tests.decks.test_games import GA_DECK
from tests.tournaments.conftest import SAMPLE, api, build_event, pair_next_round
from tests.tournaments.test_event_games_run import create
from tournaments import stream
from tournaments.models import Match, Registration

pytestmark = pytest.mark.django_db(transaction=True)


def run(scenario):
    """Run an async scenario in a thread of its own: a browser test earlier in the session
    leaves Playwright's event loop in the main thread.

    The database connections the scenario opened are closed after it, in the threads that
    opened them (this one, and asgiref's shared thread that runs sync_to_async): left open,
    they outlived the test database, whose removal at the end of the session then failed
    ("is being accessed by other users")."""

    async def closing():
        try:
            return await scenario()
        finally:
            await sync_to_async(connections.close_all)()

    with ThreadPoolExecutor(1) as thread:
        try:
            return thread.submit(asyncio.run, closing()).result()
        finally:
            thread.submit(connections.close_all).result()


def parse(body: str) -> list[dict]:
    """The events of a piece of an SSE body: id, event and the JSON data (comments skipped)."""
    events = []
    for block in body.split("\n\n"):
        fields = {
            name: value.removeprefix(" ")
            for name, _, value in (
                line.partition(":") for line in block.splitlines() if not line.startswith(":")
            )
        }
        if fields.get("event") in {"round", "match", "standings", "clock", "checkin"}:
            data = json.loads(fields["data"])
            events.append({"id": fields.get("id"), "event": fields["event"], "data": data})
    return events


async def open_stream(event: int, last_event_id: str | None = None, query: str = ""):
    headers = {"Last-Event-ID": last_event_id} if last_event_id else {}
    url = f"/api/tournaments/{event}/stream/" + (f"?{query}" if query else "")
    response = await AsyncClient().get(url, headers=headers)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/event-stream")
    return response, aiter(response.streaming_content)


def numbers(event_id: str) -> dict[str, int]:
    """An SSE id's sequence number in each channel: `tournament-5:3,tournament-5-matches:1`."""
    return {name: int(n) for name, n in (part.rsplit(":", 1) for part in event_id.split(","))}


async def read_until(chunks, count: int, timeout: float = 5) -> list[dict]:
    """Events from the stream until `count` have come (or fail after `timeout` seconds)."""
    events: list[dict] = []
    try:
        async with asyncio.timeout(timeout):
            while len(events) < count:
                events += parse((await anext(chunks)).decode())
    except TimeoutError:
        pytest.fail(f"{len(events)} events of {count} came: {events}")
    return events


def started_event(players: int = 4) -> int:
    event = create(rounds=2)
    sample = SAMPLE.read_text()
    for i in range(1, players + 1):
        registered = api(f"p{i:02d}").post(
            f"/api/tournaments/{event}/registrations/", {"decklist": sample}, format="json"
        )
        assert registered.status_code == 201, registered.json()
    assert api("org").post(f"/api/tournaments/{event}/start/").status_code == 200
    return event


def report(match: int, *players: str) -> None:
    body = {"player_a_wins": 2, "player_b_wins": 0, "draws": 0}
    for player in players:
        reported = api(player).post(f"/api/matches/{match}/result/", body, format="json")
        assert reported.status_code == 200, reported.json()


def test_a_round_paired_reaches_an_open_stream_and_a_late_one_catches_up(bundled_cards):
    event = started_event()

    async def scenario():
        # given a phone holding the event's stream
        _, chunks = await open_stream(event)
        await anext(chunks)  # the opening: padding and stream-open
        # when the organizer starts round 1 and it is paired
        pairings = await sync_to_async(pair_next_round)(event)
        # then the stream says so at once: the round (pairing, then paired) and its clock
        events = await read_until(chunks, 3)
        assert [(e["event"], e["data"].get("status")) for e in events] == [
            ("round", "pairing"),
            ("round", "paired"),
            ("clock", None),
        ]
        assert [numbers(e["id"])[f"tournament-{event}"] for e in events] == [1, 2, 3]
        assert all(e["data"]["tournament"] == event for e in events)
        assert events[1]["data"]["number"] == 1
        assert events[1]["data"]["version"]
        assert events[2]["data"]["ends_at"]
        # when a result is reported, and a phone that slept after the first event wakes up
        match = pairings[0]["match"]
        await sync_to_async(report)(match, pairings[0]["player_a"], pairings[0]["player_b"])
        woke_at = f"tournament-{event}:1,tournament-{event}-matches:0"
        _, woken = await open_stream(event, last_event_id=woke_at)
        caught_up = await read_until(woken, 3)
        # then it gets everything after what it had, in order: the round, its clock, and the
        # match confirmed by the two agreeing reports
        # (each channel in order: the event's own, and its matches')
        base = [numbers(e["id"])[f"tournament-{event}"] for e in caught_up if e["event"] != "match"]
        assert base == [2, 3]
        assert sorted(e["event"] for e in caught_up) == ["clock", "match", "round"]
        confirmed = [e["data"] for e in caught_up if e["event"] == "match"][-1]
        assert confirmed["match"] == match
        assert confirmed["status"] == "confirmed"
        assert confirmed["result"] == {"a_wins": 2, "b_wins": 0, "draws": 0}
        # and when the last match is confirmed: the round's end, then its standings, once (not
        # one standings event per result, which a big event's phones would drown in)
        await sync_to_async(report)(
            pairings[1]["match"], pairings[1]["player_a"], pairings[1]["player_b"]
        )
        ending = await read_until(woken, 3)
        kinds = [(e["event"], e["data"].get("status")) for e in ending]
        # (the match's channel and the event's are two: their order between them is not fixed)
        assert sorted(kinds, key=str) == [
            ("match", "confirmed"),
            ("round", "finished"),
            ("standings", None),
        ]
        assert kinds.index(("round", "finished")) < kinds.index(("standings", None))
        standings = next(e["data"] for e in ending if e["event"] == "standings")
        assert standings["number"] == 1

    run(scenario)


def test_a_paired_rounds_event_carries_its_tables_by_public_name(bundled_cards):
    # given an event of five (one bye)
    event = started_event(players=5)

    async def scenario():
        _, chunks = await open_stream(event)
        await anext(chunks)
        # when round 1 is paired
        pairings = await sync_to_async(pair_next_round)(event)
        paired = [e for e in await read_until(chunks, 3) if e["event"] == "round"][-1]["data"]
        # then its event holds every table, as the public pairings show it, the bye included
        assert paired["status"] == "paired"
        assert paired["tables"] == [[p["table"], p["player_a"], p["player_b"]] for p in pairings]
        assert any(row[2] is None for row in paired["tables"])
        # and how long the pages spread their fetches over: a tenth of a second for five
        assert paired["spread"] == 0.1

    run(scenario)


def test_the_fetch_spread_grows_with_the_field_up_to_its_cap():
    assert stream.fetch_spread(8) == 0.2
    assert stream.fetch_spread(2048) == 51.2
    assert stream.fetch_spread(100_000) == stream.MAX_SPREAD


def test_an_unknown_event_has_no_stream(db):
    async def scenario():
        return await AsyncClient().get("/api/tournaments/999999/stream/")

    response = run(scenario)
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_a_hidden_lock_never_appears_in_the_stream(bundled_cards):
    # given a Grand Archive match after game 1, at its sideboard lock
    event = create(game="grand-archive", rounds=1)
    for name in ("p01", "p02"):
        api(name).post(
            f"/api/tournaments/{event}/registrations/", {"decklist": GA_DECK}, format="json"
        )
    api("org").post(f"/api/tournaments/{event}/start/")
    match = Match.objects.get(pk=pair_next_round(event)[0]["match"])
    players = {"a": match.player_a.name, "b": match.player_b.name}
    view = api("p01").get(f"/api/matches/{match.pk}/").json()
    api(players[view["chooser"]]).post(
        f"/api/matches/{match.pk}/lead/", {"lead": True}, format="json"
    )
    view = api("p01").get(f"/api/matches/{match.pk}/").json()
    for _ in range(2):  # game 1's locks
        seat = api("p01").get(f"/api/matches/{match.pk}/").json()["locks_next"]
        if seat is None:
            break
        api(players[seat]).post(
            f"/api/matches/{match.pk}/lock/", {"out": [], "in": []}, format="json"
        )
    for seat in ("a", "b"):
        api(players[seat]).post(
            f"/api/matches/{match.pk}/games/", {"winner": players["a"]}, format="json"
        )
    view = api("p01").get(f"/api/matches/{match.pk}/").json()
    api(players[view["chooser"]]).post(
        f"/api/matches/{match.pk}/lead/", {"lead": True}, format="json"
    )
    # when one player locks a swap the other must not see before the reveal
    seat = api("p01").get(f"/api/matches/{match.pk}/").json()["locks_next"]
    locked = api(players[seat]).post(
        f"/api/matches/{match.pk}/lock/",
        {"out": ["Field Ration"], "in": ["Quiet Study"]},
        format="json",
    )
    assert locked.status_code == 200, locked.json()
    assert "Quiet Study" in json.dumps(Match.objects.get(pk=match.pk).state)

    # then the whole history of the stream says the match changed, and nothing of the lock
    async def history() -> str:
        since = f"tournament-{event}:0,tournament-{event}-matches:0"
        _, chunks = await open_stream(event, last_event_id=since)
        return (await anext(chunks)).decode()

    body = run(history)
    last = [e for e in parse(body) if e["event"] == "match"][-1]
    assert last["data"]["match"] == match.pk
    assert last["data"]["status"] == "playing"
    for secret in ("Quiet Study", "Field Ration", '"in"', '"out"', "locks", "state"):
        assert secret not in body


def test_a_stream_that_cannot_be_reached_never_fails_the_request(
    bundled_cards, monkeypatch, caplog, django_capture_on_commit_callbacks
):
    # given Redis (or the database) refusing every event
    import django_eventstream

    def refuse(*args, **kwargs):
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(django_eventstream, "send_event", refuse)
    event = started_event()
    # when the organizer starts a round
    with django_capture_on_commit_callbacks(execute=True):
        response = api("org").post(f"/api/tournaments/{event}/rounds/")
    # then the round is started all the same, and the failure is logged
    assert response.status_code == 202
    assert "stream_publish_failed" in caplog.text


def test_a_stream_sends_each_event_once_when_the_library_reads_a_burst_again():
    def sent(*numbers: int) -> bytes:
        return b"".join(
            b'event: checkin\nid: tournament-7:%d\ndata: {"n": %d}\n\n' % (n, n) for n in numbers
        )

    # given what django-eventstream yields when events came while it read the history: its
    # next read starts again from where the last one started
    async def library():
        yield b": padding\n\nevent: stream-open\ndata:\n\n"
        yield sent(1, 2)
        yield sent(1, 2, 3)
        yield b"event: keep-alive\ndata:\n\n"
        yield sent(3)

    async def scenario():
        return b"".join([chunk async for chunk in stream.watching(library())]).decode()

    # when a client reads the stream
    body = run(scenario)
    # then each event reaches it once, in order, and the rest of the stream as it was
    assert [e["data"]["n"] for e in parse(body)] == [1, 2, 3]
    assert "event: stream-open" in body
    assert "event: keep-alive" in body


def test_only_the_known_kinds_can_be_published():
    with pytest.raises(ValueError, match="Unknown stream event kind"):
        stream.publish(1, "lock", {})


def test_events_the_library_sends_again_while_catching_up_are_sent_once():
    # django-eventstream 5.3 yields what it read of the history, and when an event came in
    # meanwhile reads again from the client's own id: the same events a second time
    sent: dict[str, int] = {}
    first = "event: round\nid: tournament-1:2\ndata: {}\n\nevent: clock\nid: tournament-1:3\ndata: {}\n\n"
    again = first + "event: match\nid: tournament-1:4\ndata: {}\n\n"
    assert stream._unsent(first, sent) == first
    assert stream._unsent(again, sent) == "event: match\nid: tournament-1:4\ndata: {}\n\n"
    # what has no id (the opening padding, keep-alives, the library's errors) always passes
    keep_alive = "event: keep-alive\ndata:\n\n"
    assert stream._unsent(keep_alive, sent) == keep_alive
    error = "event: stream-error\nid: error\ndata: {}\n\n"
    assert stream._unsent(error, sent) == error
    assert stream._unsent(again.encode(), sent) == b""


def test_check_in_reaches_an_open_stream_with_public_facts_only(bundled_cards):
    # given an event of three, its organizer's check-in not yet set, a player with an e-mail
    event, _ = build_event(3, rounds=2)
    get_user_model().objects.filter(username="p01").update(email="p01-private@example.com")
    registrations = dict(
        Registration.objects.filter(tournament_id=event).values_list("player__username", "pk")
    )

    def check_in_on_the_day() -> str:
        window = api("org").put(
            f"/api/tournaments/{event}/check-in/window/", {"drop_unchecked": True}, format="json"
        )
        code = window.json()["code"]
        by_code = api("p01").post(f"/api/tournaments/{event}/check-in/", {"code": code})
        assert by_code.status_code == 201, by_code.json()
        at_the_desk = api("org").post(
            f"/api/tournaments/{event}/check-in/", {"registration": registrations["p02"]}
        )
        assert at_the_desk.status_code == 201, at_the_desk.json()
        return code

    def start_and_pair() -> None:
        assert api("org").post(f"/api/tournaments/{event}/start/").status_code == 200
        pair_next_round(event)

    async def scenario():
        # given a judge's phone holding the event's stream
        _, chunks = await open_stream(event)
        await anext(chunks)
        # when the organizer opens check-in, p01 checks in by the code and p02 at the desk
        code = await sync_to_async(check_in_on_the_day)()
        events = await read_until(chunks, 3)
        # and round 1 is paired, which closes check-in and drops p03, who never came
        await sync_to_async(start_and_pair)()
        events += [e for e in await read_until(chunks, 4) if e["event"] == "checkin"]
        return code, events

    code, events = run(scenario)
    # then each step reached the stream: which registration, the window and the counts
    assert [e["event"] for e in events] == ["checkin"] * 4
    facts = [
        (
            e["data"]["registration"],
            e["data"]["checked_in"],
            e["data"]["window"],
            e["data"]["checked_in_count"],
            e["data"]["registered_count"],
        )
        for e in events
    ]
    assert facts == [
        (None, None, "open", 0, 3),
        (registrations["p01"], True, "open", 1, 3),
        (registrations["p02"], True, "open", 2, 3),
        (None, None, "closed", 2, 3),
    ]
    # and nothing private: the facts are these, never a name, the code or an e-mail
    public = {
        "tournament",
        "registration",
        "checked_in",
        "window",
        "opens_at",
        "closes_at",
        "checked_in_count",
        "registered_count",
        "version",
    }
    assert all(set(e["data"]) == public for e in events)
    body = json.dumps([e["data"] for e in events])
    for secret in (code, "p01", "p02", "p03", "private@example.com", "by_code", "actor"):
        assert secret not in body


class FakeListener:
    overflow = False
    woken = 0

    def wake_threadsafe(self) -> None:
        self.woken += 1


class FakeManager:
    """What InOrder uses of django-eventstream's listener manager."""

    def __init__(self) -> None:
        import threading

        self.lock = threading.Lock()
        self.listener = FakeListener()
        self.listeners_by_channel = {"tournament-1": {self.listener}}
        self.handed: list[int] = []

    def add_to_queues(self, channel, event) -> None:
        self.handed.append(event.id)


def published(number: int) -> dict:
    return {"channel": "tournament-1", "pub_id": number, "event_type": "match", "data": "{}"}


def test_events_that_reach_redis_out_of_order_are_handed_over_in_order():
    # given two web processes that published 2 and 3 at once, 3 reaching Redis first
    manager = FakeManager()
    order = stream.InOrder(manager)
    for number in (1, 3, 2, 4, 2):
        order.take(published(number))
    # then the streams get 1 to 4 in order, once each, and nobody reads the history again
    assert manager.handed == [1, 2, 3, 4]
    order.give_up_waiting(now=10**9)
    assert manager.listener.woken == 0


def test_a_number_that_never_comes_makes_the_streams_read_the_history():
    # given an event (2) that reached the history while Redis was away, and 3 and 4 after it
    manager = FakeManager()
    order = stream.InOrder(manager)
    for number in (1, 3, 4):
        order.take(published(number))
    assert manager.handed == [1]
    # when 3 and 4 have waited a moment for it
    order.give_up_waiting(now=10**9)
    # then the channel's streams read the history from their own last ids (2, 3 and 4 with it),
    # and what comes next is handed over as it comes
    assert manager.listener.woken == 1
    assert manager.listener.overflow is True
    order.take(published(5))
    assert manager.handed == [1, 5]


def test_a_phone_hears_its_own_match_and_not_the_others(bundled_cards):
    # given round 1 of four paired, one phone streaming only match 1 and one no match at all
    event = started_event()
    pairings = pair_next_round(event)
    mine, other = pairings[0], pairings[1]

    async def scenario():
        _, own = await open_stream(event, query=f"matches={mine['match']}")
        _, none = await open_stream(event, query="matches=none")
        await anext(own)
        await anext(none)
        # when both matches are reported
        await sync_to_async(report)(other["match"], other["player_a"], other["player_b"])
        await sync_to_async(report)(mine["match"], mine["player_a"], mine["player_b"])
        # then the first phone hears of its own match only, then the round's end and standings
        heard = await read_until(own, 3)
        quiet = await read_until(none, 2)
        return heard, quiet

    heard, quiet = run(scenario)
    assert [e["data"]["match"] for e in heard if e["event"] == "match"] == [mine["match"]]
    assert {e["event"] for e in heard} == {"match", "round", "standings"}
    # and the other hears no match at all
    assert [e["event"] for e in quiet] == ["round", "standings"]


@pytest.mark.parametrize("matches", ["some", "-1", "999999"])
def test_a_stream_of_no_match_of_this_event_is_refused(bundled_cards, matches):
    event = started_event(players=2)

    async def scenario():
        return await AsyncClient().get(f"/api/tournaments/{event}/stream/?matches={matches}")

    response = run(scenario)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
