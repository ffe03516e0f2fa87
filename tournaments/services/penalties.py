"""Penalties on the MTR / IPG ladder, given by a judge or the organizer who is not playing in the
match: a warning, a game loss, a match loss or a disqualification. Losses go through the match
protocol (so the score, phase and result agree), a disqualification also drops the player, and
every penalty is written to the override log with who gave it (Product decision › Penalties)."""

from typing import Any

from django.db import transaction

from genesis.errors import Conflict, Refusal
from rules.core import match as protocol

from .. import permissions
from ..locking import lock_match, lock_registration
from ..models import Match, Penalty, Registration
from .matches import change_state, log_override, save_state
from .registrations import drop

MAX_INFRACTION = 120
MAX_NOTE = 500


@transaction.atomic
def penalty_give(
    *,
    match: Match,
    actor: Any,
    registration_id: object,
    kind: str,
    infraction: str,
    note: str = "",
) -> Penalty:
    match = lock_match(match)
    permissions.require_officiating(match, actor)
    seats: tuple[tuple[protocol.Seat, Registration | None], ...] = (
        ("a", match.player_a),
        ("b", match.player_b),
    )
    players = {r.pk: (seat, r) for seat, r in seats if r is not None}
    if registration_id not in players:
        raise Refusal(
            "The penalty must name one of this match's players by registration id.",
            code="unknown_registration",
        )
    if kind not in Penalty.Kind.values:
        raise Refusal(
            f"A penalty is one of {', '.join(Penalty.Kind.values)}.", code="invalid_penalty"
        )
    infraction, note = " ".join(infraction.split()), note.strip()
    if not infraction or len(infraction) > MAX_INFRACTION or len(note) > MAX_NOTE:
        raise Refusal(
            f"Name the infraction (up to {MAX_INFRACTION} characters); a note may add up to "
            f"{MAX_NOTE}.",
            code="invalid_penalty",
        )
    seat, registration = players[registration_id]
    before = {"a_wins": match.a_wins, "b_wins": match.b_wins, "draws": match.draws}
    if kind == Penalty.Kind.GAME_LOSS:
        save_state(match, change_state(match, lambda s: protocol.game_loss(s, seat)))
    elif kind == Penalty.Kind.MATCH_LOSS or (
        kind == Penalty.Kind.DISQUALIFICATION and match.status != Match.Status.CONFIRMED
    ):
        save_state(match, change_state(match, lambda s: protocol.match_loss(s, seat)))
    if kind == Penalty.Kind.DISQUALIFICATION:
        registration = lock_registration(registration)
        if registration.dropped:
            raise Conflict(
                f"{registration.name} has already left the event.", code="already_dropped"
            )
        drop(registration)
    penalty = Penalty.objects.create(
        match=match,
        registration=registration,
        kind=kind,
        infraction=infraction,
        note=note,
        actor=actor,
    )
    log_override(
        match,
        actor,
        before=before if kind != Penalty.Kind.WARNING else None,
        after={
            "penalty": kind,
            "player": registration.name,
            "a_wins": match.a_wins,
            "b_wins": match.b_wins,
            "draws": match.draws,
        },
        note=f"{penalty.get_kind_display().lower()} for {registration.name}: {infraction}",
    )
    return penalty
