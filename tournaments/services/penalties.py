"""Penalties on the MTR / IPG ladder, given by a judge or the organizer who is not playing in the
match: a warning, a game loss, a match loss or a disqualification. Losses go through the match
protocol (so the score, phase and result agree), a disqualification also drops the player, and
every penalty is written to the override log with who gave it, in words (Product decision ›
Penalties). A penalty picked from the IPG list (tournaments.core.infractions) that differs from
its default penalty needs a reason."""

from typing import Any

from django.db import transaction

from genesis.errors import Conflict, Refusal
from rules.core import match as protocol

from .. import permissions
from ..core import infractions as ipg
from ..locking import lock_match, lock_registration
from ..models import Match, Penalty, Registration, ResultOverride
from .matches import change_state, log_override, save_state
from .registrations import drop

MAX_INFRACTION = 120
MAX_NOTE = 500
MAX_REASON = 300


@transaction.atomic
def penalty_give(
    *,
    match: Match,
    actor: Any,
    registration_id: object,
    kind: str,
    infraction: str = "",
    note: str = "",
    code: str = "",
    reason: str = "",
) -> Penalty:
    """Give `kind` to one of the match's players. With `code` (an IPG infraction) the infraction
    may be left empty (its IPG name is used), and a penalty other than the code's default needs
    a `reason`; without one, `infraction` is free text (as the API has always taken it)."""
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
    infraction, note, reason = " ".join(infraction.split()), note.strip(), " ".join(reason.split())
    default = ""
    if code:
        listed = ipg.BY_CODE.get(code)
        if listed is None:
            raise Refusal(
                f"{code!r} is not an infraction of the list (docs/tournaments.md, Penalties).",
                code="unknown_infraction",
            )
        infraction, default = infraction or listed.name, listed.default
        if kind != default and not reason:
            raise Refusal(
                f"The IPG's penalty for {listed.name} is a {ipg.KIND_WORDS[default]}: say why "
                f"this one is a {ipg.KIND_WORDS[kind]}.",
                code="no_reason",
            )
    if (
        not infraction
        or len(infraction) > MAX_INFRACTION
        or len(note) > MAX_NOTE
        or len(reason) > MAX_REASON
    ):
        raise Refusal(
            f"Name the infraction (up to {MAX_INFRACTION} characters); a note may add up to "
            f"{MAX_NOTE}, a reason up to {MAX_REASON}.",
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
        code=code,
        reason=reason,
        note=note,
        actor=actor,
    )
    words = ipg.penalty_words(
        kind=kind,
        player=registration.name,
        infraction=infraction,
        note=note,
        default=default,
        reason=reason,
    )
    log_override(
        match,
        actor,
        before=before if kind != Penalty.Kind.WARNING else None,
        after={
            "penalty": kind,
            "player": registration.name,
            "infraction": infraction,
            "code": code,
            "default": default,
            "reason": reason,
            "note": note,
            "a_wins": match.a_wins,
            "b_wins": match.b_wins,
            "draws": match.draws,
        },
        note=words[: ResultOverride._meta.get_field("note").max_length],
    )
    return penalty
