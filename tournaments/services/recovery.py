"""Pending work, resent until it is done. The database says what is pending: a round waiting for
its pairings, an automated match waiting for its next game. Whatever happened to the message
that should have done it (the broker was down when it was sent, a worker was killed with it, the
embedded broker of ./scripts/serve lost it), resending it finishes the work: every task is
idempotent, so work still in flight elsewhere is not done twice.

`work_resend` runs in the sweep of pending work (genesis.resend, registered in
tournaments.apps as `pending_resend`): every RESEND_EVERY seconds (Celery beat,
settings.CELERY_BEAT_SCHEDULE) and at every worker's start; and when an organizer presses
"retry" on an event's page.
"""

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from genesis.broker import send
from rules.core import match as protocol

from .. import permissions
from ..models import Match, Round, Tournament

RESEND_EVERY = settings.WORK_RESEND_EVERY  # seconds between sweeps (15 by default)
# Work older than this is resent. A pairing takes well under a second; an engine game at most
# tournaments.tasks.GAME_TIME_LIMIT (90 s), so by default (100 s) a game is only resent once it
# cannot still be running. With the sweep interval, work stranded by any single fault is done
# within about two minutes of the broker and a worker being up again. Settings, so the fault
# tests can shorten them (genesis/settings/base.py).
ROUND_STALE = timedelta(seconds=settings.ROUND_STALE_SECONDS)
GAME_STALE = timedelta(seconds=settings.GAME_STALE_SECONDS)


def stuck_rounds(*, older_than: timedelta = ROUND_STALE, tournament: Tournament | None = None):
    rounds = Round.objects.filter(status=Round.Status.PAIRING, created_at__lt=_before(older_than))
    return rounds.filter(tournament=tournament) if tournament is not None else rounds


def stuck_games(
    *, older_than: timedelta = GAME_STALE, tournament: Tournament | None = None
) -> list[tuple[int, int]]:
    """(match id, next game number) of automated matches waiting for a game."""
    matches = Match.objects.filter(
        round__tournament__automated=True,
        status__in=[Match.Status.PLAYING, Match.Status.DISPUTED],
        state__isnull=False,
        updated_at__lt=_before(older_than),
    )
    if tournament is not None:
        matches = matches.filter(round__tournament=tournament)
    waiting = []
    for pk, stored in matches.values_list("pk", "state").iterator(chunk_size=200):
        state = stored or {}
        played = len(state.get("games", []))
        if state.get("phase") != protocol.Phase.OVER:
            waiting.append((pk, played + 1))
    return waiting


def work_resend(
    *,
    tournament: Tournament | None = None,
    round_after: timedelta = ROUND_STALE,
    game_after: timedelta = GAME_STALE,
) -> dict[str, int]:
    """Resend every piece of stuck work (of one event, or all). Raises BrokerUnavailable (503)
    if the broker cannot take it; nothing is lost, the next sweep tries again."""
    rounds = list(
        stuck_rounds(older_than=round_after, tournament=tournament).values_list("pk", flat=True)
    )
    games = stuck_games(older_than=game_after, tournament=tournament)
    for pk in rounds:
        send("tournaments.round_pair", pk)
    for match_id, number in games:
        send("tournaments.adjudicate_game", match_id, number)
    return {"rounds": len(rounds), "games": len(games)}


def pending_resend(*, at_start: bool = False) -> dict[str, int]:
    """The tournaments' part of the sweep (genesis.resend). A worker that starts resends
    everything pending at once, whatever its age: a worker killed before may have taken it with
    it, and a duplicate is harmless."""
    if at_start:
        return work_resend(round_after=timedelta(0), game_after=timedelta(0))
    return work_resend()


def event_retry(*, tournament: Tournament, actor: Any) -> dict[str, int]:
    """The organizer's "retry": resend this event's stuck work now, whatever its age. Safe to
    press any number of times."""
    permissions.require_organizer(tournament, actor)
    return work_resend(tournament=tournament, round_after=timedelta(0), game_after=GAME_STALE)


def event_delays(*, tournament: Tournament) -> dict[str, int]:
    """How much of this event's work is taking longer than expected, for its page."""
    return {
        "rounds": stuck_rounds(tournament=tournament).count(),
        "games": len(stuck_games(tournament=tournament)),
    }


def _before(age: timedelta) -> datetime:
    return timezone.now() - age
