"""A series' leaderboard (a store's season, a league): points by each event's final placing,
from a points table, plus optional attendance points for each event played.

Plain maths on frozen dataclasses, like the standings and placings modules: the services pass in
each finished event's placings, with each player named by a stable identity (an account, or a
guest's name before the guest is linked to one), and get back the leaderboard.

How the leaderboard is ordered
------------------------------
Points first (more is better), then the best placing in any event of the series (lower is
better), then the number of events played (more is better). Players level on all three share a
rank (1, 2, 2, 4) and are listed by their identity, so the order never depends on the order the
results came in.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

# A table of more bands than this is a mistake, not a league (an event rarely has more players).
MAX_BANDS = 64
MAX_PLACE = 10_000
MAX_POINTS = 10_000


class SeriesError(ValueError):
    """A points table or a set of results that cannot be scored: the message says why."""


@dataclass(frozen=True)
class PointsBand:
    """Every place from `first` to `last` (inclusive) earns `points`: 3rd-4th 5 is (3, 4, 5)."""

    first: int
    last: int
    points: int


@dataclass(frozen=True)
class PointsTable:
    """The points by placing (bands that do not overlap; a place in no band earns nothing) and
    the points each event played earns on top (`attendance`, 0 for none)."""

    bands: tuple[PointsBand, ...]
    attendance: int = 0

    def __post_init__(self) -> None:
        check_points_table(self.bands, self.attendance)

    def points_for(self, place: int) -> int:
        """The points of `place` alone, without attendance."""
        return next((b.points for b in self.bands if b.first <= place <= b.last), 0)


def check_points_table(bands: Sequence[PointsBand], attendance: int) -> None:
    """Raise `SeriesError` for a table that cannot be read one way only."""
    if len(bands) > MAX_BANDS:
        raise SeriesError(f"A points table has at most {MAX_BANDS} rows, not {len(bands)}.")
    if not 0 <= attendance <= MAX_POINTS:
        raise SeriesError(f"Attendance points are 0 to {MAX_POINTS}, not {attendance}.")
    taken: list[PointsBand] = []
    for band in bands:
        if not 1 <= band.first <= band.last <= MAX_PLACE:
            raise SeriesError(
                f"Places {band.first}-{band.last} are not a range of places from 1 up "
                f"(the first no later than the last, at most {MAX_PLACE})."
            )
        if not 0 <= band.points <= MAX_POINTS:
            raise SeriesError(f"Points are 0 to {MAX_POINTS}, not {band.points}.")
        clash = next((t for t in taken if band.first <= t.last and t.first <= band.last), None)
        if clash is not None:
            raise SeriesError(
                f"Places {band.first}-{band.last} overlap places {clash.first}-{clash.last}: "
                "each place earns one number of points."
            )
        taken.append(band)


def band_words(band: PointsBand) -> str:
    """A band as people write it: "1st", "3rd-4th"."""
    if band.first == band.last:
        return ordinal(band.first)
    return f"{ordinal(band.first)}-{ordinal(band.last)}"


def ordinal(place: int) -> str:
    teens = 10 <= place % 100 <= 20  # 11th, 12th, 13th
    suffix = "th" if teens else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


@dataclass(frozen=True)
class EventPlacing:
    """One player's final place in one finished event of the series."""

    event: str
    player: str
    place: int


@dataclass(frozen=True)
class Finish:
    """An event on a player's line: their place and the points it earned (attendance included)."""

    event: str
    place: int
    points: int


@dataclass(frozen=True)
class LeaderboardLine:
    rank: int
    player: str
    points: int
    best_place: int
    events: int
    finishes: tuple[Finish, ...]  # in the order the events were given

    @property
    def order_key(self) -> tuple[int, int, int]:
        """What decides the order: points, then best placing, then events played."""
        return (-self.points, self.best_place, -self.events)


def compute_leaderboard(
    placings: Iterable[EventPlacing], table: PointsTable, events: Sequence[str] = ()
) -> list[LeaderboardLine]:
    """The leaderboard, best first (see the module docstring). `events` gives the order of each
    line's finishes (the series' order); events not in it follow in the order they come."""
    order = {event: index for index, event in enumerate(events)}
    seen: set[tuple[str, str]] = set()
    by_player: dict[str, list[tuple[int, int, Finish]]] = defaultdict(list)
    for arrival, p in enumerate(placings):
        if p.place < 1:
            raise SeriesError(f"{p.player!r} has place {p.place} in event {p.event!r}")
        if (p.event, p.player) in seen:
            # Two registrations of one event that count for the same player: a guest and an
            # account cannot both be linked to one account in an event, so this is a bug.
            raise SeriesError(f"{p.player!r} is placed twice in event {p.event!r}")
        seen.add((p.event, p.player))
        points = table.points_for(p.place) + table.attendance
        position = order.get(p.event, len(order))
        by_player[p.player].append((position, arrival, Finish(p.event, p.place, points)))

    unranked = []
    for player, entries in by_player.items():
        finishes = tuple(finish for *_, finish in sorted(entries, key=lambda e: e[:2]))
        unranked.append(
            LeaderboardLine(
                rank=0,
                player=player,
                points=sum(f.points for f in finishes),
                best_place=min(f.place for f in finishes),
                events=len(finishes),
                finishes=finishes,
            )
        )
    unranked.sort(key=lambda line: (line.order_key, line.player))

    lines: list[LeaderboardLine] = []
    for index, line in enumerate(unranked, start=1):
        level = bool(lines) and lines[-1].order_key == line.order_key
        rank = lines[-1].rank if level else index
        lines.append(
            LeaderboardLine(
                rank, line.player, line.points, line.best_place, line.events, line.finishes
            )
        )
    return lines


def parse_points_text(text: str) -> tuple[PointsBand, ...]:
    """A points table as the series form takes it, one band a line: "1: 10", "3-4: 5" (the
    places, a colon, the points). Raises `SeriesError` naming the line it cannot read."""
    bands = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line:
            continue
        places, colon, points = line.partition(":")
        first, dash, last = places.partition("-")
        try:
            if not colon:
                raise ValueError(line)
            start = int(_place_number(first))
            band = PointsBand(start, int(_place_number(last)) if dash else start, int(points))
        except ValueError:
            raise SeriesError(
                f'Line {number} ("{line}"): write the places, a colon and the points, '
                'like "1: 10" or "3-4: 5".'
            ) from None
        bands.append(band)
    return tuple(bands)


def _place_number(words: str) -> str:
    """ "3rd" -> "3": the form takes a place as a number or as people write it."""
    words = words.strip().lower()
    for suffix in ("st", "nd", "rd", "th"):
        if words.endswith(suffix):
            return words[: -len(suffix)]
    return words


def points_text(bands: Sequence[PointsBand]) -> str:
    """The table in the form's words (parse_points_text reads it back)."""
    return "\n".join(
        f"{b.first}: {b.points}" if b.first == b.last else f"{b.first}-{b.last}: {b.points}"
        for b in bands
    )
