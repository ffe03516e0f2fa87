"""Reads of a multi-day event's phases (tournaments.core.phases): its plan, the phase it is in,
who was cut at each confirmed phase, and who would advance now. The writes (the organizer's
confirmation) are in tournaments.services.phases."""

from dataclasses import dataclass
from typing import Any

from tournaments.core.phases import Advancement, PhasePlan, advancement, parse_plan
from tournaments.core.standings import Standing

from ..models import PhaseAdvance, Round, Tournament
from .results import named_standings


def plan_of(tournament: Tournament) -> PhasePlan | None:
    """The event's phase plan; None for a one-phase event (the `rounds`/`top_cut` shorthand).
    The plan was validated when the event was created, so it parses."""
    return parse_plan(tournament.phases) if tournament.phases else None


def phase_advances(tournament: Tournament) -> list[PhaseAdvance]:
    """The confirmed cuts, in order (none, and no query, for a one-phase event)."""
    if not tournament.phases:
        return []
    return list(tournament.phase_advances.order_by("phase"))


def cut_at_phase(tournament: Tournament) -> dict[int, int]:
    """Registration id -> the phase they did not advance to, for every confirmed cut."""
    return {
        int(pk): advance.phase
        for advance in phase_advances(tournament)
        for pk in advance.not_advancing
    }


@dataclass(frozen=True)
class PhaseState:
    """Where a phased event stands: the Swiss phase being played (or just finished), how many
    Swiss rounds are finished, and whether that phase is over with the next one still to be
    confirmed."""

    plan: PhasePlan
    phase: int
    swiss_finished: int
    awaiting_confirmation: bool

    @property
    def phase_over(self) -> bool:
        return self.swiss_finished >= self.plan.last_round(self.phase)

    @property
    def has_next(self) -> bool:
        return self.phase < len(self.plan.swiss)


def phase_state(tournament: Tournament) -> PhaseState | None:
    """None for a one-phase event."""
    plan = plan_of(tournament)
    if plan is None:
        return None
    phase = 1 + tournament.phase_advances.count()
    swiss = tournament.rounds.filter(kind=Round.Kind.SWISS)
    finished = swiss.filter(status=Round.Status.FINISHED).count()
    # A round of the phase still open (pairing or paired) means the phase is not over.
    all_finished = finished == swiss.count()
    over = all_finished and finished >= plan.last_round(phase)
    return PhaseState(
        plan=plan,
        phase=phase,
        swiss_finished=finished,
        awaiting_confirmation=over and phase < len(plan.swiss),
    )


def advancement_now(
    tournament: Tournament, state: PhaseState
) -> tuple[Advancement, list[Standing], dict[str, str]]:
    """Who advances to the phase after `state.phase` by its rule, from the standings of every
    Swiss round so far; with the standings and the players' names."""
    advance = state.plan.swiss[state.phase].advance  # the next phase (0-based index = phase)
    assert advance is not None  # a later Swiss phase always has one (core.phases)
    lines, names = named_standings(tournament=tournament)
    out = [str(pk) for pk in cut_at_phase(tournament)]
    return advancement(lines, advance, out=out), lines, names


def advancement_rows(tournament: Tournament, state: PhaseState) -> dict[str, Any]:
    """The preview the organizer confirms: the rule, and who advances and who does not, each
    with their place and points."""
    result, lines, names = advancement_now(tournament, state)
    by_player = {line.player: line for line in lines}

    def rows(players: tuple[str, ...]) -> list[dict[str, Any]]:
        return [
            {
                "rank": by_player[p].rank,
                "registration": int(p),
                "player": names.get(p, "?"),
                "points": by_player[p].points,
            }
            for p in players
        ]

    advance = state.plan.swiss[state.phase].advance
    assert advance is not None
    return {
        "phase": state.phase + 1,
        "after_round": state.plan.last_round(state.phase),
        "advance": advance.to_json(),
        "rule": advance.describe(),
        "advancing": rows(result.advancing),
        "not_advancing": rows(result.not_advancing),
        "exact_tie_at_cut": result.exact_tie_at_cut,
    }


def phase_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """Each Swiss phase of the plan, with its rounds and, once confirmed, how many advanced
    into it: for the standings page and the event page. Empty for a one-phase event."""
    plan = plan_of(tournament)
    if plan is None:
        return []
    confirmed = {advance.phase: advance for advance in phase_advances(tournament)}
    rows = []
    for number, phase in enumerate(plan.swiss, start=1):
        done = confirmed.get(number)
        rows.append(
            {
                "phase": number,
                "first_round": plan.first_round(number),
                "last_round": plan.last_round(number),
                "rule": phase.advance.describe() if phase.advance else "everyone registered",
                "advanced": len(done.advancing) if done else None,
                "cut": len(done.not_advancing) if done else None,
            }
        )
    return rows
