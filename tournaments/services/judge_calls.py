"""Judge calls: a player calls a judge to their table, a judge claims the call and resolves it
with a ruling that cites the rules lookup's sections, and may give the match extra time for it
(docs/tournaments.md, Judge calls). Each call and each ruling is written to the match's log (the
override log the judge page shows), and published on the event stream with public facts only.

Who may open a call: a player in the match, and also a judge or the organizer who is not playing
in it (a player flagged them down on the floor, or a spectator reported something); the call
records who opened it. Anyone else is refused with `not_in_match`.
"""

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from genesis.errors import Conflict, Forbidden, NotFound, Refusal
from rules.selectors import address_of, sections_at

from .. import permissions, stream
from ..locking import lock_match
from ..models import JudgeCall, Match
from .matches import log_override, match_extend

MAX_NOTE = 500
MAX_RULING = 2000
MAX_SECTIONS = 10
# The override log's note is at most 300 characters: a long ruling is shortened there (the
# call keeps all of it).
LOG_NOTE = 300


def _log(match: Match, actor: Any, call: JudgeCall, note: str) -> None:
    if len(note) > LOG_NOTE:
        note = note[: LOG_NOTE - 1] + "…"
    log_override(
        match,
        actor,
        before=None,
        after={
            "judge_call": call.pk,
            "status": call.status,
            "a_wins": match.a_wins,
            "b_wins": match.b_wins,
            "draws": match.draws,
        },
        note=note,
    )


def _publish(match: Match, call: JudgeCall) -> None:
    tournament_id = match.round.tournament_id
    stream.publish(tournament_id, "call", stream.call_facts(call, match))
    # The players' match panels follow their match's events: a "match" event (its public facts,
    # unchanged) makes them show the call's new state.
    stream.publish(tournament_id, "match", stream.match_facts(match))


@transaction.atomic
def judge_call_open(*, match: Match, actor: Any, note: str = "") -> JudgeCall:
    """A player in the match calls a judge (or a judge opens a call for the table)."""
    match = lock_match(match)
    seat = permissions.seat_of(match, actor)
    if seat is None and not permissions.officiates(match, actor):
        raise Forbidden(
            "Only the players of this match (or a judge) can call a judge to its table.",
            code="not_in_match",
        )
    if match.player_b is None:
        raise Conflict("A bye has no table to call a judge to.", code="bye")
    note = note.strip()
    if len(note) > MAX_NOTE:
        raise Refusal(f"A note is at most {MAX_NOTE} characters.", code="invalid_note")
    if JudgeCall.objects.filter(match=match).exclude(status=JudgeCall.Status.RESOLVED).exists():
        raise Conflict(
            "A judge has already been called to this table: the call is in the queue.",
            code="call_open",
        )
    try:
        with transaction.atomic():
            call = JudgeCall.objects.create(match=match, caller=actor, seat=seat or "", note=note)
    except IntegrityError:  # the same call made at the same moment: the constraint decides
        raise Conflict(
            "A judge has already been called to this table: the call is in the queue.",
            code="call_open",
        ) from None
    caller = {"a": match.player_a, "b": match.player_b}.get(seat or "")
    who = caller.name if caller is not None else actor.username
    _log(match, actor, call, f"judge called by {who}" + (f": {note}" if note else ""))
    _publish(match, call)
    return call


def _lock_call(tournament_id: int, call_id: int) -> tuple[JudgeCall, Match]:
    """The call and its match, both locked: the match first, as every match service locks it,
    so a call's claim or ruling and a new call or a result at the same table never deadlock."""
    found = JudgeCall.objects.filter(pk=call_id, match__round__tournament_id=tournament_id)
    match_id = found.values_list("match_id", flat=True).first()
    if match_id is None:
        raise NotFound("No judge call of this event has that id.", code="not_found")
    match = lock_match(Match(pk=match_id))
    call = JudgeCall.objects.select_for_update(of=("self",)).get(pk=call_id)
    return call, match


def _refuse_if_resolved(call: JudgeCall) -> None:
    if call.status == JudgeCall.Status.RESOLVED:
        raise Conflict("This call has already been resolved.", code="call_resolved")


@transaction.atomic
def judge_call_claim(*, tournament: Any, call_id: int, actor: Any) -> JudgeCall:
    """A judge takes the call: the players see that a judge is coming. Claiming a call the same
    judge already holds changes nothing; another judge's claim is refused."""
    permissions.require_judge(tournament, actor)
    call, match = _lock_call(tournament.pk, call_id)
    permissions.require_officiating(match, actor)
    _refuse_if_resolved(call)
    if call.status == JudgeCall.Status.CLAIMED:
        if call.claimed_by_id == actor.pk:
            return call
        raise Conflict(
            f"{call.claimed_by.username if call.claimed_by else 'Another judge'} has already "
            "taken this call.",
            code="call_claimed",
        )
    call.status = JudgeCall.Status.CLAIMED
    call.claimed_by = actor
    call.claimed_at = timezone.now()
    call.save(update_fields=["status", "claimed_by", "claimed_at"])
    _log(match, actor, call, f"judge call taken by {actor.username}")
    _publish(match, call)
    return call


@transaction.atomic
def judge_call_resolve(
    *,
    tournament: Any,
    call_id: int,
    actor: Any,
    ruling: str,
    sections: list[str],
    extension_minutes: int = 0,
) -> JudgeCall:
    """A judge resolves the call with a ruling citing the rules lookup's sections. Extra minutes
    are recorded on the call and added to the match's time as every extension is
    (services.match_extend, with its limits); a refusal of either leaves everything as it was."""
    permissions.require_judge(tournament, actor)
    call, match = _lock_call(tournament.pk, call_id)
    permissions.require_officiating(match, actor)
    _refuse_if_resolved(call)
    ruling = ruling.strip()
    if not ruling or len(ruling) > MAX_RULING:
        raise Refusal(f"Write the ruling (1 to {MAX_RULING} characters).", code="invalid_ruling")
    addresses = list(dict.fromkeys(address_of(s) for s in sections if s.strip()))
    if len(addresses) > MAX_SECTIONS:
        raise Refusal(f"Cite at most {MAX_SECTIONS} sections.", code="too_many_sections")
    found = sections_at(addresses)
    unknown = [a for a in addresses if a not in found]
    if unknown:
        raise Refusal(
            f"The rules lookup has no section at {', '.join(unknown)}.",
            code="unknown_sections",
            sections=unknown,
        )
    if extension_minutes:
        match = match_extend(match=match, actor=actor, minutes=extension_minutes)
    call.status = JudgeCall.Status.RESOLVED
    if call.claimed_by_id is None:
        call.claimed_by = actor
        call.claimed_at = timezone.now()
    call.resolved_by = actor
    call.resolved_at = timezone.now()
    call.ruling = ruling
    call.sections = addresses
    call.extension_minutes = extension_minutes
    call.save()
    cites = f", citing {', '.join(addresses)}" if addresses else ""
    extra = f", {extension_minutes} extra minutes" if extension_minutes else ""
    _log(match, actor, call, f"ruling by {actor.username}{cites}{extra}: {ruling}")
    _publish(match, call)
    return call
