"""The server-sent event stream of an event: what the services publish, and what each web
process does to deliver it (docs/api.md, "The event stream"; docs/deployment.md).

Every event carries public facts only, as JSON with ids and a `version`: the same facts anyone
may read from the public API. A match's hidden lock (its locked choice before the reveal) is
never among them; `match_facts` is the one place that says what a match event holds.

django-eventstream does the streaming. Each event's recent history is kept in its database
table (DjangoModelStorage; the id a client resumes from with Last-Event-ID is
`tournament-<id>:<sequence number>`). With Redis configured (settings.EVENTSTREAM_REDIS) the
library publishes every event on Redis pub/sub, and each web process's subscription
(`listen_to_redis`) hands it to the streams it holds. Without
it (./scripts/serve) the library hands an event only to the publishing process's own streams,
so each web process also watches the history table (`watch`), which brings it what another
process published: the worker that pairs a round.
"""

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import transaction
from django_eventstream.event import Event
from django_eventstream.storage import DjangoModelStorage, EventDoesNotExist

logger = logging.getLogger(__name__)

# What a client may receive; a publish of anything else is a programming error.
KINDS = frozenset({"round", "match", "standings", "clock", "checkin", "call", "phase"})
# How often a web process without Redis looks for events another process published.
WATCH_EVERY = 0.5


def channel(tournament_id: int) -> str:
    """Everything of an event but its matches: rounds, clocks, standings, check-ins."""
    return f"tournament-{tournament_id}"


def matches_channel(tournament_id: int) -> str:
    """Every match of an event: for what shows them all (the bracket, an app's pairings)."""
    return f"tournament-{tournament_id}-matches"


def match_channel(match_id: int) -> str:
    """One match: for its own page. A player's phone needs its own match, not the thousand
    others' of a big event, each of which would otherwise reach every phone."""
    return f"match-{match_id}"


def channels(tournament_id: int, matches: str | int) -> list[str]:
    """What a stream reads (docs/api.md, "The event stream"): `matches` "all", "none" or one
    match's id."""
    if matches == "none":
        return [channel(tournament_id)]
    if matches == "all":
        return [channel(tournament_id), matches_channel(tournament_id)]
    return [channel(tournament_id), match_channel(int(matches))]


def current_id(name: str) -> int:
    """The id of the latest event in a channel's history (0 before its first)."""
    return History().get_current_id(name)


def publish(tournament_id: int, kind: str, facts: dict[str, Any]) -> None:
    """Publish `kind` with `facts` to the event's stream once the current transaction commits
    (at once outside of one). Never raises: a stream that cannot be reached is logged, and the
    pages fall back to polling.

    For other apps' services too: check-in publishes `checkin_facts`
    (tournaments.services.check_in)."""
    if kind not in KINDS:
        raise ValueError(f"Unknown stream event kind: {kind!r}")
    data = {"tournament": tournament_id, **facts, "version": time.time_ns() // 1000}
    transaction.on_commit(lambda: _send(tournament_id, kind, data))


def _send(tournament_id: int, kind: str, data: dict[str, Any]) -> None:
    from django_eventstream import send_event  # reads the settings at import: not at ours

    if kind == "match":
        names = [matches_channel(tournament_id), match_channel(data["match"])]
    else:
        names = [channel(tournament_id)]
    try:
        for name in names:
            send_event(name, kind, data)
    except Exception:
        # A Redis or database fault must not fail the request whose change this reports.
        logger.warning("stream_publish_failed", exc_info=True, extra={"kind": kind})


# --- the facts each kind carries ---------------------------------------------------------------


# Every phone of an event gets a round's event at the same moment, and each then asks for its
# page's fragments again. Asked within the same second, 2,048 phones queue behind each other for
# several seconds on a 2-core site (about 20 ms of CPU each, web and database); spread over
# `spread` seconds, this many per thousand players, the asks take about half of its CPU and each
# is answered at once (docs/benchmarks.md, "Round turnover"). A phone needs no fetch to learn its
# table: a paired round's event carries the tables, shown the moment it comes.
SPREAD_PER_THOUSAND_PLAYERS = 25.0
MAX_SPREAD = 60.0


def fetch_spread(players: int) -> float:
    """Over how many seconds the pages spread what they fetch on a round's event."""
    return round(min(MAX_SPREAD, SPREAD_PER_THOUSAND_PLAYERS * players / 1000), 1)


def round_facts(round: Any, tables: list[list[Any]] | None = None) -> dict[str, Any]:
    """A round's event. `tables` (selectors.round_tables) once it is paired: each table's number
    and its players' public names, so that a phone shows its table without asking for it."""
    facts = {
        "round": round.pk,
        "number": round.number,
        "kind": round.kind,
        "status": round.status,
        "spread": fetch_spread(round.tournament.registrations.count()),
    }
    if tables is not None:
        facts["tables"] = tables
    return facts


def clock_facts(round: Any) -> dict[str, Any]:
    return {
        "round": round.pk,
        "number": round.number,
        "started_at": round.started_at.isoformat() if round.started_at else None,
        "ends_at": round.ends_at.isoformat() if round.ends_at else None,
    }


def match_facts(match: Any) -> dict[str, Any]:
    """What anyone may know of a match: its table, status and, once confirmed, its result.
    Never its state, so never a hidden lock's choice."""
    confirmed = match.status == "confirmed"
    return {
        "match": match.pk,
        "round": match.round_id,
        "table": match.table,
        "status": match.status,
        "result": (
            {"a_wins": match.a_wins, "b_wins": match.b_wins, "draws": match.draws}
            if confirmed
            else None
        ),
        "extra_minutes": match.extra_minutes,
    }


def call_facts(call: Any, match: Any) -> dict[str, Any]:
    """What anyone may know of a judge call: that a judge was called to a table, and whether
    one is on the way or done (anyone in the hall sees a raised hand and a judge walking to
    it). Never the note, the caller, the ruling or its citations: those are for the match's
    players and the judges (GET .../judge-calls/)."""
    return {
        "call": call.pk,
        "match": match.pk,
        "round": match.round_id,
        "table": match.table,
        "status": call.status,
    }


def phase_facts(advance: Any) -> dict[str, Any]:
    """A confirmed cut between Swiss phases: which phase starts, after which round, and how many
    go on. Who advances is public (the standings show it); each page asks for its phase panel
    again, which tells a player their own side of the cut."""
    return {
        "phase": advance.phase,
        "after_round": advance.after_round,
        "advancing_count": len(advance.advancing),
        "not_advancing_count": len(advance.not_advancing),
    }


def checkin_facts(
    *,
    window: str,
    checked_in: int,
    registered: int,
    registration: int | None = None,
    opens_at: Any = None,
    closes_at: Any = None,
) -> dict[str, Any]:
    """What anyone may know of check-in: where the window stands ("not_open", "open" or
    "closed", as GET .../check-ins/ says) and its times, how many of the registered are in,
    and, for a check-in, which registration (by id: its name, code and who checked it in are
    not public)."""
    return {
        "registration": registration,
        "checked_in": True if registration is not None else None,
        "window": window,
        "opens_at": opens_at.isoformat() if opens_at else None,
        "closes_at": closes_at.isoformat() if closes_at else None,
        "checked_in_count": checked_in,
        "registered_count": registered,
    }


class History(DjangoModelStorage):
    """The library's database history (kept 24 hours), which also catches a stream up from
    before an event's first event: the library's own refuses id 0 (it looks for a row with that
    id) and would send `stream-reset` instead of the event's first round."""

    def get_events(self, channel: str, last_id: int, limit: int = 100) -> list[Event]:
        try:
            if last_id != 0:
                return super().get_events(channel, last_id, limit=limit)
            from django_eventstream.models import Event as Row

            rows = list(Row.objects.filter(channel=channel, eid__gt=0).order_by("eid")[:limit])
            if rows and rows[0].eid != 1:  # the first ones were trimmed: the client must reload
                raise EventDoesNotExist("History trimmed", super().get_current_id(channel))
            return [Event(row.channel, row.type, json.loads(row.data), id=row.eid) for row in rows]
        finally:
            release_connection()

    def get_current_id(self, channel: str) -> int:
        try:
            return super().get_current_id(channel)
        finally:
            release_connection()


def release_connection() -> None:
    """Close this thread's database connection once a stream has read what it needed. Under
    ASGI each request's sync code runs in a thread of its own, whose connection would stay open
    as long as the stream does: 2,048 phones would hold 2,048 connections (PostgreSQL allows
    100 by default). A stream reads the history only when it opens and when it catches up; a
    connection is cheap to open again then. Never inside a transaction: only the streams read
    the history outside one."""
    from django.db import connection

    if not connection.in_atomic_block:
        connection.close()


# --- delivery in a web process without Redis ----------------------------------------------------

# The watch task of each event loop (one in a served process; a test's own loops add theirs).
_watching: dict[asyncio.AbstractEventLoop, asyncio.Task[None]] = {}


async def watching(content: AsyncIterator[bytes] | Iterator[bytes]) -> AsyncIterator[bytes]:
    """A stream's content, with what brings this process other processes' events running (once
    per event loop): the Redis subscription, or without Redis the watch of the history table."""
    loop = asyncio.get_running_loop()
    if loop not in _watching:
        if hasattr(settings, "EVENTSTREAM_REDIS"):
            from django_eventstream.views import get_listener_manager

            # Ours instead of the library's, which subscribes once and never again after Redis
            # was lost (set before the stream below registers, so the library starts none).
            get_listener_manager().redis_listener_started = True
            _watching[loop] = loop.create_task(listen_to_redis())
        else:
            _watching[loop] = loop.create_task(watch())
    assert isinstance(content, AsyncIterator)  # the library streams asynchronously
    sent: dict[str, int] = {}
    async for chunk in content:
        unsent = _unsent(chunk, sent)
        if unsent or not chunk:
            yield unsent


def _unsent(chunk: Any, sent: dict[str, int]) -> Any:
    """`chunk` without the events this stream has already sent (`sent`: each channel's last
    sequence number, kept up to date). django-eventstream 5.3 sends a catching-up client some
    events twice when one is published while it reads the history: it yields what it read, then
    reads again from the id the client gave, not from what it yielded. Its ids are
    `channel:n[,channel:n]`; an event none of whose numbers is new was sent already."""
    text = chunk.decode() if isinstance(chunk, bytes) else chunk
    marker = text.find("\nid: ")
    if marker < 0:
        return chunk
    if text.find("\nid: ", marker + 1) < 0:
        # One event, as a live stream sends them: read its id line only. A round's event with
        # its tables is tens of kilobytes, and this runs for every stream that gets it.
        numbers = _id_numbers(text[marker + 1 : text.find("\n", marker + 1)])
        if numbers is None or _is_new(numbers, sent):
            return chunk
    kept = []
    for block in text.split("\n\n"):
        numbers = next(
            (_id_numbers(line) for line in block.split("\n") if line.startswith("id: ")), None
        )
        if numbers is not None and not _is_new(numbers, sent):
            continue
        kept.append(block)
    unsent = "\n\n".join(kept)
    return unsent.encode() if isinstance(chunk, bytes) else unsent


def _is_new(numbers: dict[str, int], sent: dict[str, int]) -> bool:
    """Whether an event with these ids is one the stream has not sent; if so, it now has."""
    if all(n <= sent.get(name, 0) for name, n in numbers.items()):
        return False
    for name, n in numbers.items():
        sent[name] = max(n, sent.get(name, 0))
    return True


def _id_numbers(line: str) -> dict[str, int] | None:
    """The numbers of an `id: ` line, by channel; None for the library's "error" id."""
    try:
        return {name: int(n) for name, n in (part.rsplit(":", 1) for part in line[4:].split(","))}
    except ValueError:
        return None


def _counters(channels: list[str]) -> dict[str, int]:
    from django_eventstream.models import EventCounter

    return dict(EventCounter.objects.filter(name__in=channels).values_list("name", "value"))


def _wake_all(manager: Any, names: list[str] | None = None) -> None:
    """Make this process's streams (of the channels `names`, else all) read the history from
    their own last id: what they missed is sent, what they had is not sent twice."""
    with manager.lock:
        names = list(manager.listeners_by_channel) if names is None else names
        listeners = {
            listener for name in names for listener in manager.listeners_by_channel.get(name, ())
        }
        for listener in listeners:
            listener.overflow = True
    for listener in listeners:
        listener.wake_threadsafe()


# How long an event that comes before one with a lower number waits for it. Two web processes
# that publish at once (two results reported in the same instant) number their events in one
# order and may reach Redis in the other: that is no loss, and waiting a moment for the other
# costs far less than every stream of the event reading the history again.
REORDER_WAIT = 0.25


async def listen_to_redis() -> None:
    """This process's subscription to the events every process publishes on Redis (instead of
    the library's listener, which never subscribes again once its connection failed).

    Each channel's events are handed to the streams in the order of their numbers: one that
    comes early waits (up to REORDER_WAIT) for those before it. A number that never comes (an
    event published while Redis was away reached the history but not pub/sub) makes the streams
    of that channel read the history from their own last id instead, as they do after every
    (re)subscription: nothing is missed, and nothing is sent twice."""
    from django_eventstream.views import get_listener_manager
    from redis.asyncio import Redis

    manager = get_listener_manager()
    while True:
        client = Redis(**settings.EVENTSTREAM_REDIS)
        order = InOrder(manager)
        try:
            pubsub = client.pubsub()
            await pubsub.subscribe("events_channel")
            _wake_all(manager)
            while True:
                message = await pubsub.get_message(
                    ignore_subscribe_messages=True, timeout=REORDER_WAIT / 2
                )
                if message is not None and message["type"] == "message":
                    order.take(json.loads(message["data"]))
                order.give_up_waiting(time.monotonic())
        except Exception:
            logger.warning("stream_redis_lost", exc_info=True)
        finally:
            with contextlib.suppress(Exception):
                await client.aclose()
        await asyncio.sleep(1)


class InOrder:
    """Hands each channel's events from pub/sub to this process's streams in number order."""

    def __init__(self, manager: Any) -> None:
        self.manager = manager
        self.next: dict[str, int] = {}  # by channel, the number to hand over next
        self.early: dict[str, dict[int, Event]] = {}  # by channel, events waiting for that one
        self.since: dict[str, float] = {}  # by channel, since when its early events wait

    def take(self, message: dict[str, Any]) -> None:
        name, number = message["channel"], message["pub_id"]
        if number is None:
            return  # only events with a history are published (History)
        number = int(number)
        expected = self.next.setdefault(name, number)
        if number < expected:
            return  # handed over already, or read from the history
        event = Event(name, message["event_type"], message["data"], id=number)
        self.early.setdefault(name, {})[number] = event
        waiting = self.early[name]
        while self.next[name] in waiting:
            self.manager.add_to_queues(name, waiting.pop(self.next[name]))
            self.next[name] += 1
        if waiting:
            self.since.setdefault(name, time.monotonic())
        else:
            self.since.pop(name, None)

    def give_up_waiting(self, now: float) -> None:
        for name, since in list(self.since.items()):
            if now - since >= REORDER_WAIT:
                # The missing number went to the history only: its streams read it from there,
                # with the events that waited for it.
                self.next[name] = max(self.early.pop(name)) + 1
                del self.since[name]
                _wake_all(self.manager, [name])


async def watch() -> None:
    """Wake this process's streams of an event whenever its history grew. A woken stream reads
    the history from its own last id (the library's overflow path), so an event it already got
    from this process's own publish is not sent twice."""
    from django_eventstream.views import get_listener_manager

    manager = get_listener_manager()
    seen: dict[str, int] = {}
    while True:
        await asyncio.sleep(WATCH_EVERY)
        with manager.lock:
            channels = list(manager.listeners_by_channel)
        if not channels:
            continue
        try:
            counters = await sync_to_async(_counters)(channels)
        except Exception:
            logger.warning("stream_watch_failed", exc_info=True)
            continue
        moved = [name for name, value in counters.items() if seen.get(name) != value]
        seen.update(counters)
        if moved:
            _wake_all(manager, moved)
