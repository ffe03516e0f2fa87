"""Between the Swiss phases of a multi-day event: the organizer sees who advances and confirms
it (tournaments.core.phases decides who; tournaments.selectors.phases reads it).

Confirming drops the players who do not advance after the phase's last round: they are never
paired again and keep their final place in the standings, as a drop does. The confirmation is
one PhaseAdvance row, unique per phase, so two confirmations at once are one.
"""

from typing import Any

from django.db import IntegrityError, transaction

from genesis.errors import Conflict

from .. import permissions, stream
from ..locking import lock_tournament
from ..models import PhaseAdvance, Tournament
from ..selectors.phases import PhaseState, advancement_now, advancement_rows, phase_state
from .snapshots import snapshots_expire


def _finished_phase(tournament: Tournament) -> PhaseState:
    """The phase that is over and waits for its cut, or the refusal saying why there is none."""
    state = phase_state(tournament)
    if state is None or not state.has_next:
        raise Conflict("This event has no later Swiss phase to advance to.", code="no_next_phase")
    if not state.awaiting_confirmation:
        left = state.plan.last_round(state.phase) - state.swiss_finished
        raise Conflict(
            f"Phase {state.phase} is not over: "
            + (
                f"{left} of its rounds still to play."
                if left > 0
                else "its last round still has results to confirm."
            ),
            code="phase_not_finished",
        )
    return state


def phase_next(*, tournament: Tournament, actor: Any) -> dict[str, Any]:
    """Who would advance to the next phase, and who would not (the organizer and judges)."""
    permissions.require_judge(tournament, actor)
    return advancement_rows(tournament, _finished_phase(tournament))


@transaction.atomic
def phase_advance_confirm(
    *, tournament: Tournament, actor: Any, advancing: list[int] | None = None
) -> dict[str, Any]:
    """The organizer confirms the cut into the next phase. `advancing`, when given, is the list
    of registration ids the organizer was shown: if a late correction changed who advances
    since, the confirmation is refused rather than confirming a list nobody saw."""
    permissions.require_organizer(tournament, actor)
    tournament = lock_tournament(tournament)
    state = _finished_phase(tournament)
    preview = advancement_rows(tournament, state)
    result, _, _ = advancement_now(tournament, state)
    if advancing is not None and sorted(advancing) != sorted(int(p) for p in result.advancing):
        raise Conflict(
            "Who advances has changed since you looked (a result was corrected): look again.",
            code="advance_changed",
        )
    after_round = state.plan.last_round(state.phase)
    try:
        with transaction.atomic():
            advance = PhaseAdvance.objects.create(
                tournament=tournament,
                phase=state.phase + 1,
                after_round=after_round,
                advancing=[int(p) for p in result.advancing],
                not_advancing=[int(p) for p in result.not_advancing],
                confirmed_by=actor,
            )
    except IntegrityError:
        raise Conflict(
            f"Phase {state.phase + 1} has already been confirmed.", code="phase_already_confirmed"
        ) from None
    tournament.registrations.filter(
        pk__in=[int(p) for p in result.not_advancing], dropped_after_round__isnull=True
    ).update(dropped_after_round=after_round)
    snapshots_expire(tournament_id=tournament.pk)
    stream.publish(tournament.pk, "phase", stream.phase_facts(advance))
    return {**preview, "confirmed": True}
