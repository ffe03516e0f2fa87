"""Phases of a multi-day event: the plan, which round belongs to which phase, and who advances.

A big event runs Swiss on day 1, cuts to the players who did well enough, plays more Swiss
rounds on day 2, then a top cut (MTR 2.5 and the premier-event structures of Spicerack,
start.gg and Play! Pokémon). The plan, in its JSON shape:

    [{"kind": "swiss", "rounds": 9},
     {"kind": "swiss", "rounds": 5, "advance": {"min_points": 18}},
     {"kind": "top_cut", "size": 8}]

The rules this module keeps:

- The first phase is Swiss and has no `advance`: everyone registered plays it.
- Every later Swiss phase has exactly one of `advance: {"min_points": N}` (everyone with at
  least N match points goes on) or `advance: {"top": N}` (the first N of the standings).
- Every Swiss phase has at least one round. Round numbers run on across phases, so the plan's
  Swiss rounds add up to the event's Swiss rounds, and phase 2 starts where phase 1 ended.
- An optional top cut of 4 or 8 comes last, and there is at most one. A `top: N` smaller than
  the top cut is refused: the cut could never be filled.
- Points and tiebreakers carry across Swiss phases: the standings a cut reads are the standings
  of every Swiss round played so far, not of the last phase alone.
- Only players still in advance: a dropped player, or one cut at an earlier phase, never does,
  and does not take a `top: N` place. Those left out keep their final place in the standings.
- Ties at the `top: N` boundary are decided by the standings' own order: points, then OMW%,
  GW% and OGW% (MTR Appendix C), then registration order (tournaments.core.standings). A tie
  still standing after all three tiebreakers is reported (`Advancement.exact_tie_at_cut`) so the
  organizer can see that registration order decided it. `min_points` has no boundary tie: every
  player on the same points is on the same side of the line.

The one-phase shorthand (`rounds` and `top_cut` on the event) is a plan of one Swiss phase and
the optional top cut; `plan_from_shorthand` builds it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from tournaments.core.standings import Standing

SWISS = "swiss"
TOP_CUT = "top_cut"
TOP_CUT_SIZES = (4, 8)
# The same bound the event's `rounds` has: no plan is longer than the longest one-phase event
# allows, so the pairing and standings limits stay what they are.
MAX_SWISS_ROUNDS = 20


class PhasePlanError(ValueError):
    """A phase plan that cannot be run. `code` is stable; the message says what is wrong and
    where (phase numbers count from 1, as the organizer sees them)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Advance:
    """Who goes on to a later Swiss phase: exactly one of `min_points` and `top` is set."""

    min_points: int | None = None
    top: int | None = None

    def to_json(self) -> dict[str, int]:
        if self.min_points is not None:
            return {"min_points": self.min_points}
        assert self.top is not None
        return {"top": self.top}

    def describe(self) -> str:
        if self.min_points is not None:
            return f"players with at least {self.min_points} points"
        return f"the top {self.top}"


@dataclass(frozen=True)
class SwissPhase:
    rounds: int
    advance: Advance | None = None


@dataclass(frozen=True)
class PhasePlan:
    """A validated plan: one or more Swiss phases, then an optional top cut of `top_cut`."""

    swiss: tuple[SwissPhase, ...]
    top_cut: int = 0

    @property
    def swiss_rounds(self) -> int:
        return sum(phase.rounds for phase in self.swiss)

    def first_round(self, phase: int) -> int:
        """The first Swiss round of `phase` (numbered from 1)."""
        self._check_phase(phase)
        return sum(p.rounds for p in self.swiss[: phase - 1]) + 1

    def last_round(self, phase: int) -> int:
        """The last Swiss round of `phase` (numbered from 1)."""
        self._check_phase(phase)
        return sum(p.rounds for p in self.swiss[:phase])

    def phase_of_round(self, round_number: int) -> int:
        """The Swiss phase (numbered from 1) that Swiss round `round_number` belongs to."""
        if round_number < 1:
            raise ValueError(f"round numbers start at 1, not {round_number}")
        last = 0
        for number, phase in enumerate(self.swiss, start=1):
            last += phase.rounds
            if round_number <= last:
                return number
        raise ValueError(f"the plan has {last} Swiss rounds, so no round {round_number}")

    def is_phase_end(self, round_number: int) -> bool:
        """Whether `round_number` is the last round of a Swiss phase that another follows."""
        phase = self.phase_of_round(round_number)
        return phase < len(self.swiss) and round_number == self.last_round(phase)

    def to_json(self) -> list[dict[str, Any]]:
        phases: list[dict[str, Any]] = []
        for phase in self.swiss:
            entry: dict[str, Any] = {"kind": SWISS, "rounds": phase.rounds}
            if phase.advance is not None:
                entry["advance"] = phase.advance.to_json()
            phases.append(entry)
        if self.top_cut:
            phases.append({"kind": TOP_CUT, "size": self.top_cut})
        return phases

    def _check_phase(self, phase: int) -> None:
        if not 1 <= phase <= len(self.swiss):
            raise ValueError(f"the plan has {len(self.swiss)} Swiss phases, so no phase {phase}")


def plan_from_shorthand(rounds: int, top_cut: int = 0) -> PhasePlan:
    """The one-phase plan that an event's `rounds` and `top_cut` stand for."""
    return parse_plan([{"kind": SWISS, "rounds": rounds}, *_top_cut_entry(top_cut)])


def _top_cut_entry(top_cut: int) -> list[dict[str, Any]]:
    return [{"kind": TOP_CUT, "size": top_cut}] if top_cut else []


def _whole_number(value: object) -> TypeGuard[int]:
    # JSON true is a Python int; a plan that says `"rounds": true` is a mistake, not 1 round.
    return isinstance(value, int) and not isinstance(value, bool)


def parse_plan(data: object) -> PhasePlan:
    """A `PhasePlan` from its JSON shape, or `PhasePlanError` saying what is wrong."""
    if not isinstance(data, list) or not data:
        raise PhasePlanError("phases_invalid", "Phases are a list of at least one phase.")
    swiss: list[SwissPhase] = []
    top_cut = 0
    for number, entry in enumerate(data, start=1):
        where = f"Phase {number}"
        if not isinstance(entry, dict):
            raise PhasePlanError("phases_invalid", f"{where} is not an object.")
        kind = entry.get("kind")
        if top_cut:
            raise PhasePlanError("phases_top_cut_not_last", "The top cut is the last phase.")
        if kind == TOP_CUT:
            if not swiss:
                raise PhasePlanError(
                    "phases_first_not_swiss", "The first phase is Swiss; the top cut comes last."
                )
            _only_keys(entry, {"kind", "size"}, where)
            size = entry.get("size")
            if not _whole_number(size) or size not in TOP_CUT_SIZES:
                raise PhasePlanError(
                    "phases_invalid", f"{where}: a top cut has size 4 or 8, not {size!r}."
                )
            top_cut = size
            continue
        if kind != SWISS:
            raise PhasePlanError(
                "phases_invalid", f"{where}: kind is 'swiss' or 'top_cut', not {kind!r}."
            )
        _only_keys(entry, {"kind", "rounds", "advance"}, where)
        rounds = entry.get("rounds")
        if not _whole_number(rounds) or rounds < 1:
            raise PhasePlanError(
                "phases_invalid", f"{where}: a Swiss phase has at least 1 round, not {rounds!r}."
            )
        swiss.append(SwissPhase(rounds=rounds, advance=_parse_advance(entry, swiss, where)))
    total = sum(phase.rounds for phase in swiss)
    if total > MAX_SWISS_ROUNDS:
        raise PhasePlanError(
            "phases_invalid",
            f"The Swiss phases add up to {total} rounds; an event has at most {MAX_SWISS_ROUNDS}.",
        )
    for number, phase in enumerate(swiss, start=1):
        top = phase.advance.top if phase.advance is not None else None
        if top is not None and top < top_cut:
            raise PhasePlanError(
                "phases_invalid",
                f"Phase {number} advances only the top {top}, fewer than the top cut of "
                f"{top_cut} needs.",
            )
    return PhasePlan(swiss=tuple(swiss), top_cut=top_cut)


def _only_keys(entry: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(entry) - allowed)
    if unknown:
        raise PhasePlanError("phases_invalid", f"{where}: unknown field {unknown[0]!r}.")


def _parse_advance(entry: dict[str, Any], earlier: list[SwissPhase], where: str) -> Advance | None:
    if not earlier:
        if "advance" in entry:
            raise PhasePlanError(
                "phases_first_advance",
                "The first phase has no 'advance': everyone registered plays it.",
            )
        return None
    advance = entry.get("advance")
    if not isinstance(advance, dict) or len(advance) != 1 or set(advance) - {"min_points", "top"}:
        raise PhasePlanError(
            "phases_advance_required",
            f"{where}: a later Swiss phase says who advances, with exactly one of "
            "'advance': {'min_points': N} or 'advance': {'top': N}.",
        )
    ((rule, value),) = advance.items()
    least = 0 if rule == "min_points" else 1
    if not _whole_number(value) or value < least:
        raise PhasePlanError(
            "phases_invalid", f"{where}: advance {rule} is a whole number of at least {least}."
        )
    return Advance(**{rule: value})


@dataclass(frozen=True)
class Advancement:
    """Who goes on to the next phase and who does not, both in standings order.

    `advancing` and `not_advancing` cover the players still in; players already out (dropped, or
    cut at an earlier phase) are in neither. `exact_tie_at_cut` is true when, at a `top: N`
    boundary, the last player in and the first player out are level on points and all three
    tiebreakers, so registration order decided it.
    """

    advancing: tuple[str, ...]
    not_advancing: tuple[str, ...]
    exact_tie_at_cut: bool = False


def _tiebreak_key(standing: Standing) -> tuple[object, ...]:
    return (standing.points, standing.omw, standing.gw, standing.ogw)


def advancement(
    standings: Sequence[Standing], advance: Advance, *, out: Iterable[str] = ()
) -> Advancement:
    """Who advances by `advance`, from standings that carry every Swiss round so far.

    `out` names players cut at an earlier phase; they, and dropped players, do not advance and
    take no place in a `top: N`.
    """
    out = set(out)
    contenders = sorted(
        (s for s in standings if not s.dropped and s.player not in out), key=lambda s: s.rank
    )
    if advance.min_points is not None:
        threshold = advance.min_points
        going = [s for s in contenders if s.points >= threshold]
        staying = [s for s in contenders if s.points < threshold]
        return Advancement(tuple(s.player for s in going), tuple(s.player for s in staying))
    assert advance.top is not None
    going, staying = contenders[: advance.top], contenders[advance.top :]
    exact_tie = bool(going and staying) and _tiebreak_key(going[-1]) == _tiebreak_key(staying[0])
    return Advancement(tuple(s.player for s in going), tuple(s.player for s in staying), exact_tie)
