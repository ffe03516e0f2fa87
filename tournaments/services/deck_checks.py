"""Deck checks: a judge or the organizer takes chosen tables, or k tables drawn at
random, of the current round, and checks both players' decks against their registered
decklists. Ending a check adds the minutes it took to the match's time (the same extension a
judge gives by hand, tournaments.services.matches.match_extend) and records whether the decks
matched; a discrepancy names the player whose deck did not, so the judge can give the IPG 3.5
Deck Problem penalty (docs/tournaments.md, Deck checks).

The random draw takes its source of randomness as an argument: tests pass a seeded
random.Random, and the service uses the operating system's (random.SystemRandom) otherwise, so
players cannot predict which tables will be checked.
"""

import math
import random
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from genesis.errors import Conflict, NotFound, Refusal

from .. import permissions
from ..core import infractions
from ..locking import lock_match, lock_round
from ..models import DeckCheck, Match, Round, Tournament
from .matches import MAX_EXTENSION_MINUTES, MAX_TOTAL_EXTENSION_MINUTES, match_extend

MAX_NOTE = 500
# The IPG infraction a deck that does not match its registered decklist is (IPG 3.5): the code
# the penalty panel's prefill names (docs/tournaments.md, Penalties).
DECK_PROBLEM = infractions.BY_CODE["deck_problem"].code


def _refuse_unless_current(tournament: Tournament, number: int) -> Round:
    """The round numbered `number`, if it is the event's current round: its latest, paired and
    not yet finished. A deck check of any other round is refused."""
    current = tournament.rounds.order_by("-number").first()
    if (
        current is None
        or current.number != number
        or current.status != Round.Status.PAIRED
        or tournament.status != Tournament.Status.RUNNING
    ):
        now = (
            f"the current round is {current.number}"
            if current is not None and current.status == Round.Status.PAIRED
            else "no round is being played"
        )
        raise Conflict(
            f"Deck checks are for the round being played: {now}, not round {number}.",
            code="round_not_current",
        )
    return lock_round(current)


def _checkable(round: Round) -> dict[int, Match]:
    """The tables of the round a check may take, by number: two players (a bye has no
    opponent to wait) and no result yet."""
    matches = (
        Match.objects.filter(round=round, player_b__isnull=False)
        .exclude(status=Match.Status.CONFIRMED)
        .select_related("round__tournament", "player_a__player", "player_b__player")
    )
    return {m.table: m for m in matches}


@transaction.atomic
def deck_checks_start(
    *,
    tournament: Tournament,
    actor: Any,
    round_number: int,
    tables: Sequence[int] | None = None,
    random_count: int | None = None,
    rng: random.Random | None = None,
    now: datetime | None = None,
) -> list[DeckCheck]:
    """Start a deck check of each of the chosen `tables`, or of `random_count` tables drawn at
    random from those of the current round not already under a check (and not the actor's own).
    Asking for more random tables than there are checks all of them. Refused as a whole (nothing
    starts) when a chosen table is unknown, has no match to check, is the actor's own match, or
    is already under a check."""
    permissions.require_judge(tournament, actor)
    if (tables is None) == (random_count is None):
        raise Refusal(
            "Give the tables to check, or how many tables to draw at random.",
            code="invalid_deck_check",
        )
    if tournament.automated:
        raise Conflict(
            "The game engine plays an automated event's matches: it has no decks to check.",
            code="automated_match",
        )
    round = _refuse_unless_current(tournament, round_number)
    checkable = _checkable(round)
    # A judge who plays does not check their own table (tournaments.permissions: roles combine).
    own = {t for t, m in checkable.items() if permissions.seat_of(m, actor) is not None}
    running = set(
        DeckCheck.objects.filter(match__round=round, ended_at__isnull=True).values_list(
            "match__table", flat=True
        )
    )
    if tables is not None:
        chosen = sorted(set(tables))
        if not chosen:
            raise Refusal("Name at least one table to check.", code="invalid_deck_check")
        unknown = [t for t in chosen if t not in checkable]
        if unknown:
            raise Refusal(
                f"Round {round.number} has no match to check at table"
                f"{'s' if len(unknown) > 1 else ''} {', '.join(map(str, unknown))} (no such "
                "table, a bye, or a result already in).",
                code="unknown_tables",
                tables=unknown,
            )
        if own & set(chosen):
            permissions.require_officiating(checkable[min(own)], actor)
        busy = [t for t in chosen if t in running]
        if busy:
            raise Conflict(
                f"Table{'s' if len(busy) > 1 else ''} {', '.join(map(str, busy))} "
                f"{'are' if len(busy) > 1 else 'is'} already under a deck check.",
                code="deck_check_running",
                tables=busy,
            )
    else:
        assert random_count is not None
        if random_count < 1:
            raise Refusal("Draw at least one table.", code="invalid_deck_check")
        free = sorted(t for t in checkable if t not in running and t not in own)
        source = rng if rng is not None else random.SystemRandom()
        chosen = sorted(source.sample(free, min(random_count, len(free))))
    started_at = now or timezone.now()
    try:
        with transaction.atomic():
            return [
                DeckCheck.objects.create(
                    match=checkable[table], started_by=actor, started_at=started_at
                )
                for table in chosen
            ]
    except IntegrityError:
        # The round's lock orders two starts at once, so this is only a check begun between
        # our read and our write by a request that did not take it: the same refusal.
        raise Conflict(
            "One of these tables is already under a deck check.", code="deck_check_running"
        ) from None


def _minutes(started_at: datetime, ended_at: datetime) -> int:
    """The check's duration rounded up to whole minutes (a check of 7 min 1 s costs 8)."""
    return max(0, math.ceil((ended_at - started_at).total_seconds() / 60))


@transaction.atomic
def deck_check_end(
    *,
    tournament: Tournament,
    actor: Any,
    check_id: int,
    outcome: str,
    note: str = "",
    player_id: int | None = None,
    now: datetime | None = None,
) -> DeckCheck:
    """End a running deck check: the decks matched (`ok`), or one player's did not
    (`discrepancy`, naming that player's registration). The minutes the check took are added to
    the match's time as a judge's extension, up to the match's extension limits, and none once
    its result is in (time no longer matters then); what was added is recorded."""
    permissions.require_judge(tournament, actor)
    check = (
        DeckCheck.objects.select_for_update(of=("self",))
        .filter(pk=check_id, match__round__tournament=tournament)
        .first()
    )
    if check is None:
        raise NotFound("This event has no deck check with that id.")
    if check.ended_at is not None:
        raise Conflict("This deck check has already ended.", code="deck_check_ended")
    match = lock_match(check.match)
    permissions.require_officiating(match, actor)
    if outcome not in DeckCheck.Outcome.values:
        raise Refusal(
            f"A deck check ends {' or '.join(DeckCheck.Outcome.values)}.",
            code="invalid_deck_check",
        )
    note = note.strip()
    if len(note) > MAX_NOTE:
        raise Refusal(f"A note is up to {MAX_NOTE} characters.", code="invalid_deck_check")
    player = None
    if outcome == DeckCheck.Outcome.DISCREPANCY:
        players = {r.pk: r for r in (match.player_a, match.player_b) if r is not None}
        if player_id not in players:
            raise Refusal(
                "A discrepancy names the player whose deck did not match: one of this match's "
                "players, by registration id.",
                code="unknown_registration",
            )
        player = players[player_id]
    check.ended_at = now or timezone.now()
    check.ended_by = actor
    check.outcome = outcome
    check.note = note
    check.player = player
    room = min(MAX_EXTENSION_MINUTES, MAX_TOTAL_EXTENSION_MINUTES - match.extra_minutes)
    minutes = min(_minutes(check.started_at, check.ended_at), room)
    if minutes > 0 and match.status != Match.Status.CONFIRMED:
        match_extend(match=match, actor=actor, minutes=minutes)
        check.minutes_added = minutes
    check.save()
    return check
