"""Table numbers for a paired round, keeping fixed seats.

The organizer may give a player a fixed table (an accessible seat, a player who cannot move:
EventLink and Carde.io allow it). Pairing decides who plays whom without looking at seats; this
module then numbers the tables so that every fixed player sits at their table, whoever the
opponent is, and the other tables take the lowest numbers left, in the pairings' order.

- A table with one fixed player gets that player's table.
- Two fixed players paired together sit at the first player's table (`player_a`, the higher in
  the standings): one of the two tables is needed, and the other stays free for nobody.
- A fixed table that another fixed player already took (the organizer gave two players the same
  table: tournaments.services refuses that, but a file may hold it) is not kept: that table
  fills from the lowest numbers, unmarked.
- A bye sits nowhere, so it keeps no table for its player: it is numbered like the others.
- A fixed table beyond the number of tables is kept all the same: the numbers used then skip
  some, which is what a venue whose accessible table is number 40 wants.

Pure Python: no Django. Tested with hypothesis in tests/tournaments/test_seating.py.
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

Side = Literal["a", "b"]


@dataclass(frozen=True)
class Seats:
    """One pairing as seating sees it: the fixed tables of its two players (None: not fixed),
    and whether it is a bye (player b is nobody)."""

    fixed_a: int | None = None
    fixed_b: int | None = None
    bye: bool = False


@dataclass(frozen=True)
class Seated:
    """The table a pairing gets, and whose fixed seat it keeps ("a", "b" or None)."""

    table: int
    fixed_for: Side | None = None


def seat_tables(pairings: Sequence[Seats], *, first: int = 1) -> list[Seated]:
    """Number the tables of `pairings` (in order) from `first`, keeping fixed seats (see the
    module docstring). Every number returned is different; a fixed table below `first` (held
    by what the caller numbered before) is not kept."""
    seated: list[Seated | None] = [None] * len(pairings)
    taken: set[int] = set()
    for index, seats in enumerate(pairings):
        if seats.bye:
            continue
        sides: tuple[tuple[Side, int | None], ...] = (("a", seats.fixed_a), ("b", seats.fixed_b))
        for side, table in sides:
            if table is not None and table >= first and table not in taken:
                seated[index] = Seated(table, side)
                taken.add(table)
                break
    free = _numbers_from(first, taken)
    return [s if s is not None else Seated(next(free)) for s in seated]


def _numbers_from(first: int, taken: set[int]) -> Iterator[int]:
    number = first
    while True:
        if number not in taken:
            yield number
        number += 1
