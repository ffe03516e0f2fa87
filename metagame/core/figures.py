"""The figures of a field (docs/metagame.md, Meta share and win rates): each archetype's share
of the players, its match record and win rate with a Wilson 95% interval, and the head-to-head
matrix, from the matches really played. Mirror matches (an archetype against itself) are
counted apart: they say nothing of how an archetype fares against the others, so they are out
of its record and stand on the matrix's diagonal as a count.

A match counts once, from each side, when both its players' decklists are classified (the
caller passes only the published ones). A bye is no match. A draw is a match not won, as in
the matchup lab: win rate = wins / (wins + losses + draws).
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from matchups.core.lab import wilson_interval

Outcome = Literal["a", "b", "draw"]


@dataclass(frozen=True)
class Result:
    """A confirmed match between two registrations: who won, or a draw."""

    a: int
    b: int
    outcome: Outcome


@dataclass(frozen=True)
class Record:
    """Wins, losses and draws of matches (or games, for the engine's predictions)."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def played(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.played if self.played else None

    @property
    def interval(self) -> tuple[float, float] | None:
        return wilson_interval(self.wins, self.played) if self.played else None

    def flipped(self) -> "Record":
        """The same matches from the other side."""
        return Record(self.losses, self.wins, self.draws)

    def plus(self, other: "Record") -> "Record":
        return Record(self.wins + other.wins, self.losses + other.losses, self.draws + other.draws)


@dataclass(frozen=True)
class Archetype:
    """One archetype's line: players, share of the field, record without mirrors, mirrors."""

    name: str
    players: int
    share: float
    record: Record
    mirrors: int


@dataclass(frozen=True)
class Figures:
    players: int
    archetypes: tuple[Archetype, ...]  # most played first, then by name
    # (row, column) -> the row's record against the column, for row != column, where played
    matrix: Mapping[tuple[str, str], Record] = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        return [a.name for a in self.archetypes]


def figures(archetype_of: Mapping[int, str], results: Iterable[Result]) -> Figures:
    """The figures of the players in `archetype_of` (registration -> archetype name) and the
    matches among them in `results` (matches with a player not in it are left out)."""
    players: dict[str, int] = {}
    for name in archetype_of.values():
        players[name] = players.get(name, 0) + 1
    matrix: dict[tuple[str, str], Record] = {}
    mirrors = dict.fromkeys(players, 0)
    for result in results:
        if result.a not in archetype_of or result.b not in archetype_of:
            continue
        row, column = archetype_of[result.a], archetype_of[result.b]
        if row == column:
            mirrors[row] += 1
            continue
        seen = Record(
            wins=result.outcome == "a", losses=result.outcome == "b", draws=result.outcome == "draw"
        )
        matrix[(row, column)] = matrix.get((row, column), Record()).plus(seen)
        matrix[(column, row)] = matrix.get((column, row), Record()).plus(seen.flipped())
    total = sum(players.values())
    records: dict[str, Record] = dict.fromkeys(players, Record())
    for (row, _), record in matrix.items():
        records[row] = records[row].plus(record)
    ordered = sorted(players, key=lambda name: (-players[name], name))
    return Figures(
        players=total,
        archetypes=tuple(
            Archetype(name, players[name], players[name] / total, records[name], mirrors[name])
            for name in ordered
        ),
        matrix=matrix,
    )


def overlap(first: tuple[float, float], second: tuple[float, float]) -> bool:
    """Whether two intervals share a point: where they do not, the difference between what was
    predicted and what happened is more than the samples' noise at 95% each."""
    return first[0] <= second[1] and second[0] <= first[1]
