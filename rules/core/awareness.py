"""Awareness patterns: the spots a permanent (or a spell played from a champion) can see.

Core Rulebook 5.2, Anatomy D and Glossary: Awareness. A pattern is a set of (dx, dy) offsets
from the origin, written for a card facing "forward" (dy > 0 is the direction it faces). The
origin itself is never part of the awareness. In card files a pattern is drawn as rows of text:
the top row is furthest forward, `^` marks the origin, `x` a seen spot, `.` an unseen one.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

ORIGIN = "^"
SEEN = frozenset("xX")
UNSEEN = frozenset(".")


class AwarenessError(ValueError):
    pass


@dataclass(frozen=True)
class Awareness:
    offsets: frozenset[tuple[int, int]] = frozenset()
    unbounded: bool = False

    @classmethod
    def parse(cls, drawing: list[str] | str) -> "Awareness":
        """Read a drawing (list of rows) or the word "arena" (unbounded within the arena)."""
        if isinstance(drawing, str):
            if drawing.strip().lower() == "arena":
                return cls(unbounded=True)
            raise AwarenessError('must be a list of rows, or "arena" for unbounded awareness')
        rows = [row.replace(" ", "") for row in drawing]
        if not rows or len({len(row) for row in rows}) != 1:
            raise AwarenessError("rows must all have the same number of spots")
        origins = [(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == ORIGIN]
        if len(origins) != 1:
            raise AwarenessError(f"needs exactly one origin '{ORIGIN}', found {len(origins)}")
        ox, oy = origins[0]
        offsets = set()
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                if ch in SEEN:
                    offsets.add((x - ox, oy - y))
                elif ch not in UNSEEN and ch != ORIGIN:
                    raise AwarenessError(f"unknown mark {ch!r}: use '^', 'x' or '.'")
        return cls(offsets=frozenset(offsets))

    def drawing(self) -> list[str]:
        """The smallest grid that shows the pattern, origin included (inverse of parse)."""
        if self.unbounded:
            return ["arena"]
        xs = [0, *(dx for dx, _ in self.offsets)]
        ys = [0, *(dy for _, dy in self.offsets)]
        rows = []
        for dy in range(max(ys), min(ys) - 1, -1):
            row = ""
            for dx in range(min(xs), max(xs) + 1):
                if (dx, dy) == (0, 0):
                    row += ORIGIN
                else:
                    row += "x" if (dx, dy) in self.offsets else "."
            rows.append(row)
        return rows

    def as_json(self) -> list[list[int]] | Literal["arena"]:
        return "arena" if self.unbounded else sorted([dx, dy] for dx, dy in self.offsets)

    @classmethod
    def from_json(
        cls, data: Sequence[Sequence[int]] | Literal["arena"] | None
    ) -> "Awareness | None":
        if data is None:
            return None
        if data == "arena":
            return cls(unbounded=True)
        return cls(offsets=frozenset((int(dx), int(dy)) for dx, dy in data))
