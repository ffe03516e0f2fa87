"""Check-in at the venue: the organizer sets a window and gets a short code (shown as a QR code);
a registered player checks in by the code, the organizer or a judge checks in anyone (a walk-in,
guests included); and at round 1's pairing, when the organizer chose `drop_unchecked`, everyone
not checked in is dropped, each drop logged (NoShowDrop) and shown on the player's event page.

Check-in closes at round 1 at the latest: a check-in and the start of round 1 both lock the
event, so a check-in is either in before round 1 is opened or refused, never lost in between.

Each check-in, each change of the window and round 1's pairing (which closes it) publish a
`checkin` event on the event's stream (tournaments.stream.checkin_facts): public facts only.
A window that opens or closes by the clock alone publishes nothing at that moment; the event
that set it carries its times.
"""

import secrets
from datetime import datetime
from typing import Any

import structlog
from django.db import IntegrityError, transaction
from django.utils import timezone

from genesis.errors import Conflict, NotAuthenticated, NotFound, Refusal

from .. import permissions, stream
from ..locking import lock_tournament
from ..models import CheckIn, NoShowDrop, Registration, Round, Tournament
from ..selectors.check_in import (
    check_in_counts,
    check_in_phase,
    own_registration,
    round_one_opened,
)
from .registrations import drop, registration_get

logger = structlog.get_logger(__name__)

# Easy to read aloud and type on a phone: no 0/O, 1/I/L, and no 5/S or 2/Z look-alikes.
CODE_ALPHABET = "ABCDEFGHJKMNPQRTUVWXY346789"
CODE_LENGTH = 6


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(code: object) -> str:
    """What a player typed, as the code is stored: upper case, spaces and dashes ignored."""
    if not isinstance(code, str):
        return ""
    return "".join(code.split()).replace("-", "").upper()


@transaction.atomic
def check_in_window_set(
    *,
    tournament: Tournament,
    actor: Any,
    opens_at: datetime | None = None,
    closes_at: datetime | None = None,
    drop_unchecked: bool | None = None,
) -> Tournament:
    """The organizer sets the check-in window: it opens at `opens_at` (now when not given) and
    closes at `closes_at` (when round 1 is opened when not given). The code is made the first
    time and kept after, so a printed QR code stays good."""
    permissions.require_organizer(tournament, actor)
    tournament = lock_tournament(tournament)
    if tournament.automated:
        raise Conflict("Bots play this event: nobody checks in.", code="automated_event")
    if tournament.status == Tournament.Status.FINISHED or round_one_opened(tournament):
        raise Conflict(
            "Round 1 has been paired: check-in is over for this event.", code="check_in_closed"
        )
    opens_at = opens_at or timezone.now()
    if closes_at is not None and closes_at <= opens_at:
        raise Refusal("Check-in must close after it opens.", code="invalid_window")
    tournament.check_in_code = tournament.check_in_code or new_code()
    tournament.check_in_opens_at, tournament.check_in_closes_at = opens_at, closes_at
    if drop_unchecked is not None:
        tournament.drop_unchecked = drop_unchecked
    tournament.save(
        update_fields=[
            "check_in_code",
            "check_in_opens_at",
            "check_in_closes_at",
            "drop_unchecked",
        ]
    )
    _publish(tournament)
    return tournament


@transaction.atomic
def check_in(
    *, tournament: Tournament, actor: Any, code: object = None, registration_id: object = None
) -> tuple[CheckIn, bool]:
    """Check a registration in: the player's own with the event's `code`, or any registration
    (`registration_id`) by the organizer or a judge, who may do so until round 1 is opened even
    after the window's end (a late arrival at the desk). Checking in twice is one check-in: the
    second answers the first (created False)."""
    if not actor.is_authenticated:
        raise NotAuthenticated("Log in to check in.")
    tournament = lock_tournament(tournament)
    if registration_id is not None:
        permissions.require_judge(tournament, actor)
        registration = registration_get(tournament=tournament, registration_id=registration_id)
        if tournament.status == Tournament.Status.FINISHED or round_one_opened(tournament):
            raise Conflict(
                "Round 1 has been paired: check-in is over for this event.",
                code="check_in_closed",
            )
    else:
        registration = _own_registration(tournament, actor)
        phase = check_in_phase(tournament)
        if phase != "open":
            raise Conflict(_closed_reason(tournament, phase), code="check_in_closed")
        if normalize_code(code) != tournament.check_in_code:
            raise Refusal(
                "That is not this event's check-in code: check the code shown at the venue.",
                code="wrong_code",
            )
    existing = CheckIn.objects.filter(registration=registration).first()
    if existing is not None:
        return existing, False
    try:
        with transaction.atomic():
            made = CheckIn.objects.create(
                registration=registration, actor=actor, by_code=registration_id is None
            )
    except IntegrityError:  # a check-in of the same registration committed first
        return CheckIn.objects.get(registration=registration), False
    _publish(tournament, registration=registration.pk)
    return made, True


def _publish(tournament: Tournament, *, registration: int | None = None) -> None:
    """Tell the event's stream where check-in stands (after the caller's commit)."""
    checked_in, registered = check_in_counts(tournament)
    stream.publish(
        tournament.pk,
        "checkin",
        stream.checkin_facts(
            window=check_in_phase(tournament),
            checked_in=checked_in,
            registered=registered,
            registration=registration,
            opens_at=tournament.check_in_opens_at,
            closes_at=tournament.check_in_closes_at,
        ),
    )


def _own_registration(tournament: Tournament, player: Any) -> Registration:
    registration = own_registration(tournament, player)
    if registration is None:
        raise NotFound("You are not registered for this event.", code="not_registered")
    return registration


def _closed_reason(tournament: Tournament, phase: str) -> str:
    if phase == "unset":
        return "Check-in has not been opened for this event."
    if phase == "not_open":
        opens = timezone.localtime(tournament.check_in_opens_at)
        return f"Check-in opens at {opens:%H:%M} on {opens:%d %b}."
    return "Check-in is closed: ask a judge at the venue."


def no_shows_drop(*, tournament: Tournament, round: Round) -> list[Registration]:
    """At round 1's pairing (the caller holds the round's lock, in its transaction): drop every
    player who has not checked in, when the organizer chose so, each logged. Nothing happens
    when check-in was never set, so an event without it pairs everyone as before. Either way
    the stream is told that check-in is closed."""
    if round.number != 1 or round.kind != Round.Kind.SWISS or not tournament.check_in_code:
        return []
    if not tournament.drop_unchecked:
        _publish(tournament)
        return []
    no_shows = list(
        tournament.registrations.select_related("player", "tournament")
        .select_for_update(of=("self",))
        .filter(check_in__isnull=True, dropped_after_round__isnull=True, joined_round__lte=1)
    )
    for registration in no_shows:
        drop(registration)
        NoShowDrop.objects.get_or_create(registration=registration)
        logger.info("no_show_dropped", registration=registration.pk, player=registration.name)
    _publish(tournament)
    return no_shows
