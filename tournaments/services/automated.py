"""Automated events: decks entered by the organizer, played by engine bots one game per task,
and each user's share of the workers they may take (docs/tournaments.md, Automated events)."""

import math
import time
from datetime import timedelta

import structlog
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify

from decks import selectors as deck_selectors
from genesis.errors import Conflict, LimitReached, Refusal
from genesis.logs import bind
from rules.core import match as protocol
from rules.core.cards import name_key
from rules.core.decklist import Decklist, decklist_from_json, decklist_to_json
from rules.core.engine import (
    DeckRefused,
    check_playable,
    deck_from_decklist,
    deck_problems,
    seeded_bots,
)
from rules.core.engine.play import game_seed, play_next_game, take_decisions
from rules.core.formats import get_format
from rules.core.timeline import plural

from .. import metrics, permissions
from ..locking import lock_match, lock_tournament
from ..models import (
    EngineGame,
    Match,
    Registration,
    Tournament,
)
from .matches import save_state
from .registrations import insert_registration, own_deck, require_legal
from .rounds import enqueue_game
from .snapshots import snapshots_expire

User = get_user_model()

BOT_PREFIX = "bot-"

logger = structlog.get_logger(__name__)

# --- limits: each user's share of the workers ---------------------------------------------------
# Like the matchup lab's (docs/matchups.md, Limits): an automated event is work for the shared
# workers (about entrants / 2 engine games a round), so it is bounded in size
# (settings.AUTOMATED_MAX_ENTRANTS), and each user creates a few an hour
# (AUTOMATED_MAX_PER_HOUR), enters a few hundred decks an hour across them
# (AUTOMATED_ENTRANTS_PER_HOUR) and runs a few at once (AUTOMATED_MAX_RUNNING). The rate limits
# are 429s with Retry-After; a full event is a 409 like any full event, since waiting never
# frees a place in it.

HOUR = timedelta(hours=1)
# When a user at the running limit may ask again. When a running event ends is not known (it
# waits on its organizer to start each round), so, as the matchup lab's, a short guess.
RUNNING_RETRY_SECONDS = 60


def _hourly_wait(times: list, limit: int, now) -> int | None:
    """Seconds until one more may be made, given the `times` (oldest first) things were made in
    the last hour and a `limit` an hour; None while under the limit. A place frees when enough
    of the hour's leave the window (with a limit of 0, none ever does: ask again in an hour)."""
    if len(times) < limit:
        return None
    frees_at = times[len(times) - limit] + HOUR if limit > 0 else now + HOUR
    return max(math.ceil((frees_at - now).total_seconds()), 1)


def automated_capacity_check(capacity: int | None) -> None:
    """Refuse a capacity above what an automated event takes (400 invalid_capacity), when it is
    created or changed."""
    most = settings.AUTOMATED_MAX_ENTRANTS
    if capacity is not None and capacity > most:
        raise Refusal(
            f"An automated event takes at most {most} decks: its capacity is 2 to {most}, or none.",
            code="invalid_capacity",
        )


def automated_create_check(*, organizer, capacity: int | None) -> None:
    """Refuse a new automated event past the organizer's hourly share (429
    automated_hourly_limit), or asking for more places than an automated event takes (400
    invalid_capacity). Called inside the creating transaction: it locks the organizer's row,
    so two creations at once are counted one after the other."""
    automated_capacity_check(capacity)
    User.objects.select_for_update().get(pk=organizer.pk)
    limit = settings.AUTOMATED_MAX_PER_HOUR
    now = timezone.now()
    recent = list(
        Tournament.objects.filter(organizer=organizer, automated=True, created_at__gt=now - HOUR)
        .order_by("created_at")
        .values_list("created_at", flat=True)
    )
    wait = _hourly_wait(recent, limit, now)
    if wait is None:
        return
    raise LimitReached(
        f"You may create at most {plural(limit, 'automated event')} an hour; try again in "
        f"{plural(wait // 60 + 1, 'minute')}.",
        code="automated_hourly_limit",
        limit=limit,
        retry_after=wait,
    )


def automated_start_check(tournament: Tournament) -> None:
    """Refuse to start an automated event while its organizer already runs their share of them
    (429 automated_running_limit). Called by tournament_start with the event locked; it locks
    the organizer's row, so two starts at once are counted one after the other."""
    if not tournament.automated:
        return
    User.objects.select_for_update().get(pk=tournament.organizer_id)
    limit = settings.AUTOMATED_MAX_RUNNING
    running = (
        Tournament.objects.filter(
            organizer_id=tournament.organizer_id,
            automated=True,
            status=Tournament.Status.RUNNING,
        )
        .exclude(pk=tournament.pk)
        .count()
    )
    if running >= limit:
        raise LimitReached(
            f"You have {plural(running, 'automated event')} running, at most {limit} at a "
            "time; start this one when one of them is over (try again in about a minute).",
            code="automated_running_limit",
            limit=limit,
            retry_after=RUNNING_RETRY_SECONDS,
        )


def _require_entrant_place(tournament: Tournament) -> None:
    """At most settings.AUTOMATED_MAX_ENTRANTS decks in one automated event (409 entrant_limit).
    The event is locked, so the count holds until the entrant is inserted."""
    limit = settings.AUTOMATED_MAX_ENTRANTS
    entered = tournament.registrations.count()
    if entered >= limit:
        raise Conflict(
            f"An automated event takes at most {limit} decks, and this one has {entered}.",
            code="entrant_limit",
            limit=limit,
        )


def _require_entrant_share(tournament: Tournament) -> None:
    """At most settings.AUTOMATED_ENTRANTS_PER_HOUR decks entered in one user's automated events
    in an hour (429 automated_entrant_hourly_limit, with Retry-After): the cap per event alone
    would let one user fill event after event. Locks the organizer's row, so two entries at once
    are counted one after the other."""
    User.objects.select_for_update().get(pk=tournament.organizer_id)
    limit = settings.AUTOMATED_ENTRANTS_PER_HOUR
    now = timezone.now()
    recent = list(
        Registration.objects.filter(
            tournament__organizer_id=tournament.organizer_id,
            tournament__automated=True,
            created_at__gt=now - HOUR,
        )
        .order_by("created_at")
        .values_list("created_at", flat=True)
    )
    wait = _hourly_wait(recent, limit, now)
    if wait is None:
        return
    raise LimitReached(
        f"You may enter at most {plural(limit, 'deck')} an hour in your automated events; try "
        f"again in {plural(wait // 60 + 1, 'minute')}.",
        code="automated_entrant_hourly_limit",
        limit=limit,
        retry_after=wait,
    )


@transaction.atomic
def entrant_add(
    *,
    tournament: Tournament,
    actor,
    name: str,
    decklist: Decklist | None = None,
    deck_key: str = "",
) -> Registration:
    """Enter a deck in an automated event: `decklist`, or the organizer's saved deck
    `deck_key`. The event's bot plays it under the username `bot-<name>`, an account nobody
    can log in to, so the standings name it like any player. An empty name is the saved deck's
    name, else the champion's.

    The deck must be legal in the event's format and playable by the engine, forethoughts
    included (lock and show may swap them in): an unplayable deck is refused here, not halfway
    through a round.
    """
    permissions.require_organizer(tournament, actor)
    if decklist is None:
        deck = own_deck(deck_key, actor)
        decklist = decklist_from_json(deck.decklist)
        name = name or deck.name
    name = name or decklist.champion or ""
    tournament = lock_tournament(tournament)
    if not tournament.automated:
        raise Conflict(
            "Only automated events take decks entered by the organizer; players register "
            "themselves for this one.",
            code="not_automated",
        )
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("Registration for this event is closed.", code="registration_closed")
    _require_entrant_place(tournament)
    _require_entrant_share(tournament)
    slug = slugify(name)[:40]
    if not slug:
        raise Refusal(
            "The entrant needs a name of letters or digits, e.g. storm-lattice.",
            code="invalid_name",
        )
    require_legal(tournament, decklist)
    problems = engine_problems(decklist, tournament.format)
    if problems:
        raise Refusal(
            "The game engine cannot play this deck: " + "; ".join(problems[:10]),
            code="deck_unplayable",
            problems=problems,
        )
    user, created = User.objects.get_or_create(username=BOT_PREFIX + slug)
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    elif user.has_usable_password():
        raise Conflict(
            f"{user.username} is a player's account; give the entrant another name.",
            code="name_taken",
        )
    return insert_registration(
        f"An entrant called {user.username} is already in this event.",
        tournament=tournament,
        player=user,
        decklist=decklist_to_json(decklist),
        champion=decklist.champion or "",
    )


def engine_problems(decklist: Decklist, format_slug: str) -> list[str]:
    """Why the engine cannot play this decklist (empty when it can): unknown cards, keywords
    the engine does not run (docs/engine.md, Keywords), unrevealed stats, including the
    forethoughts' cards."""
    cards = deck_selectors.card_index()
    try:
        deck = deck_from_decklist(decklist, cards)
    except DeckRefused as exc:
        return list(exc.problems)
    keys = [name_key(entry.name) for entry in decklist.forethoughts]
    forethoughts = [cards[key] for key in keys if key in cards]
    problems = deck_problems(deck, get_format(format_slug))
    return problems + [p for p in check_playable(forethoughts) if p not in problems]


# --- automated events: the engine plays the games ----------------------------------------------

# A Swiss match whose games keep being drawn ends on the score after this many games (Product
# decision, Time: as if time had been called); random bots draw about one game in 30.
MAX_AUTOMATED_GAMES = 5


def game_adjudicate(*, match_id: int, number: int, timed_out: bool = False) -> str:
    """Play game `number` of an automated match with the engine and record it exactly once.

    The bots choose the lead and lock, then the game is played outside any transaction: it is
    pure and seeded by the match seed and the game number, so playing it again (a worker lost
    mid-game, a message delivered twice) gives the identical game. Recording is one transaction
    (`_game_record`). `timed_out` records the game as drawn, unplayed: the task's time limit
    ran out (Product decision › Time: an unfinished game is a drawn game).

    Returns what happened: "recorded", "already_recorded" or "match_over".
    """
    match = Match.objects.select_related("round__tournament").get(pk=match_id)
    tournament = match.round.tournament
    bind(event_id=tournament.pk, round=match.round.number, match_id=match_id, game=number)
    if not tournament.automated or match.state is None:
        raise ValueError(f"match {match_id} is not an automated match with games")
    if match.status == Match.Status.CONFIRMED:
        return "match_over"
    state = protocol.from_dict(match.state)
    if len(state.games) >= number:
        # Recorded by an earlier run. If that run's send of the next game failed, the match is
        # left waiting, and the resend of stuck work sends it (services.recovery).
        return "already_recorded"
    if len(state.games) != number - 1:
        raise ValueError(f"match {match_id} has {len(state.games)} games; {number} is not next")
    cards = deck_selectors.card_index()
    seed = game_seed(state)
    bots = seeded_bots(tournament.bot, seed, cards)
    started = time.perf_counter()
    if timed_out:
        after = protocol.record_game(take_decisions(state, bots), None)
        row = {"winner": "", "reason": "time_limit", "rounds": 0, "actions": 0, "log": ""}
    else:
        fmt = get_format(tournament.format)
        after, game = play_next_game(state, cards, bots, fmt=fmt)
        assert game.log is not None, "play_next_game returns the game's log"
        row = {
            "winner": game.winner or "",
            "reason": game.reason or "",
            "rounds": game.rounds,
            "actions": len(game.log.actions),
            "log": game.log.dumps(),
        }
    took = time.perf_counter() - started
    recorded = _game_record(match_id, number, seed, match.state, after, row)
    if recorded == "recorded":
        outcome = "time_limit" if timed_out else "played"
        metrics.GAMES_ADJUDICATED.labels(bot=tournament.bot, outcome=outcome).inc()
        if not timed_out:
            metrics.GAME_SECONDS.labels(bot=tournament.bot).observe(took)
        logger.info(
            "game_adjudicated",
            reason=row["reason"],
            winner=row["winner"],
            seconds=round(took, 4),
        )
    return recorded


@transaction.atomic
def _game_record(
    match_id: int, number: int, seed: int, read: dict, after: protocol.MatchState, row: dict
) -> str:
    """Store a played game and the match's next protocol state together, under the match's
    row lock. The EngineGame row is the "exactly once" guard: a concurrent rerun of the same
    game finds the match moved on, or fails on the unique (match, number)."""
    match = lock_match(Match(pk=match_id))
    if match.status == Match.Status.CONFIRMED:
        return "match_over"
    if match.state != read:
        # Someone recorded this game first (a rerun that raced this one).
        return "already_recorded"
    try:
        with transaction.atomic():
            EngineGame.objects.create(match=match, number=number, seed=seed, **row)
    except IntegrityError:
        return "already_recorded"
    snapshots_expire(tournament_id=match.round.tournament_id)  # the pairings link its replay
    if (
        protocol.phase(after) is not protocol.Phase.OVER
        and not after.top_cut
        and len(after.games) >= MAX_AUTOMATED_GAMES
    ):
        after = protocol.call_time(after)
    save_state(match, after)  # the human path's one writer of state and result
    if protocol.phase(after) is not protocol.Phase.OVER:
        enqueue_game(match.pk, number + 1)
    return "recorded"
