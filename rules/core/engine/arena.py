"""The arena's geometry: 5 columns by 6 rows of spots, facings, awareness and line of sight.

Core Rulebook 5.2, The Playmat (Arena) and Navigating the Arena; Glossary: Adjacent, Around,
Awareness, Away, Line of Sight. A spot is an index `row * 5 + column` with both counted from 0
(column 0..4, row 0..5); players read them as "column 1-5, row 1-6". Champion A starts on row 1
facing row 6 and champion B on row 6 facing row 1 (Product decision › Arena).

Awareness patterns (rules.core.awareness) are drawn for a card facing "forward" (dy > 0). A card's
facing turns the pattern: forward is the facing and dx > 0 is the card's right-hand side.
"""

from collections.abc import Callable, Iterable
from functools import lru_cache
from math import gcd

from rules.core.awareness import Awareness

COLUMNS = 5
ROWS = 6
SPOTS = COLUMNS * ROWS

# Facings, clockwise: rotating right adds 1. NORTH faces row 6 (dy > 0 on the board).
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
FACING_NAMES = ("north", "east", "south", "west")
_FORWARD = ((0, 1), (1, 0), (0, -1), (-1, 0))
_RIGHT = ((1, 0), (0, -1), (-1, 0), (0, 1))

# Board directions used for moves and pushes, in a fixed order.
ADJACENT_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
AROUND_STEPS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


def spot(column: int, row: int) -> int:
    """The spot at 0-based column and row."""
    return row * COLUMNS + column


def column_row(s: int) -> tuple[int, int]:
    return s % COLUMNS, s // COLUMNS


def label(s: int) -> str:
    """How players name a spot: "c3r1" is column 3, row 1 (1-based)."""
    return f"c{s % COLUMNS + 1}r{s // COLUMNS + 1}"


def step(s: int, dx: int, dy: int) -> int | None:
    """The spot reached from `s` by a board offset, or None off the arena."""
    x, y = s % COLUMNS + dx, s // COLUMNS + dy
    return y * COLUMNS + x if 0 <= x < COLUMNS and 0 <= y < ROWS else None


def rotate(facing: int, turn: str) -> int:
    """A 90° rotation (Core Rulebook 5.2, Rotate): "right" is clockwise."""
    return (facing + (1 if turn == "right" else -1)) % 4


def to_board(dx: int, dy: int, facing: int) -> tuple[int, int]:
    """A card-relative offset (dx right, dy forward) as a board offset for this facing."""
    fx, fy = _FORWARD[facing]
    rx, ry = _RIGHT[facing]
    return dx * rx + dy * fx, dx * ry + dy * fy


def _steps_table(offsets: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    table = []
    for s in range(SPOTS):
        x, y = s % COLUMNS, s // COLUMNS
        table.append(
            tuple(
                (y + dy) * COLUMNS + x + dx
                for dx, dy in offsets
                if 0 <= x + dx < COLUMNS and 0 <= y + dy < ROWS
            )
        )
    return tuple(table)


_ADJACENT = _steps_table(ADJACENT_STEPS)
_AROUND = _steps_table(AROUND_STEPS)
ALL_MASK = (1 << SPOTS) - 1


def adjacent(s: int) -> tuple[int, ...]:
    """Glossary: Adjacent. The (up to) four orthogonal neighbours, no diagonals."""
    return _ADJACENT[s]


def around(s: int) -> tuple[int, ...]:
    """Glossary: Around. All (up to) eight surrounding spots: adjacent plus diagonal."""
    return _AROUND[s]


def is_adjacent(a: int, b: int) -> bool:
    return b in _ADJACENT[a]


def is_around(a: int, b: int) -> bool:
    return b in _AROUND[a]


@lru_cache(maxsize=512)
def _rotated(awareness: Awareness, facing: int) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(to_board(dx, dy, facing) for dx, dy in awareness.offsets))


_PATTERNS: dict[Awareness, int] = {}
_PATTERN_LIST: list[Awareness] = []
_SEEN: dict[tuple[int, int, int], tuple[int, ...]] = {}


def pattern_key(awareness: Awareness | None) -> int:
    """A small int standing for an awareness pattern (-1 for none), so lookups hash cheaply."""
    if awareness is None:
        return -1
    key = _PATTERNS.get(awareness)
    if key is None:
        key = _PATTERNS[awareness] = len(_PATTERN_LIST)
        _PATTERN_LIST.append(awareness)
    return key


def seen(key: int, origin: int, facing: int) -> tuple[int, ...]:
    """`seen_spots` for an interned pattern (see pattern_key)."""
    if key < 0:
        return ()
    found = _SEEN.get((key, origin, facing))
    if found is None:
        found = _SEEN[(key, origin, facing)] = _compute_seen(_PATTERN_LIST[key], origin, facing)
    return found


# Keyed by one int for (pattern, origin, facing): cheaper to make and hash than a tuple.
_SEEN_MASKS: dict[int, int] = {}
_MASK_SPOTS: dict[int, tuple[int, ...]] = {}
MASKS_REMEMBERED = 8192


def seen_mask(key: int, origin: int, facing: int) -> int:
    """`seen` as a bitmask: bit s is set for each spot s the pattern covers."""
    index = (key * SPOTS + origin) * 4 + facing
    found = _SEEN_MASKS.get(index)
    if found is None:
        found = _SEEN_MASKS[index] = mask_of(seen(key, origin, facing))
    return found


def adjacent_mask(s: int) -> int:
    return _ADJACENT_MASKS[s]


def mask_of(spots: Iterable[int]) -> int:
    """The bitmask with bit s set for each spot s."""
    mask = 0
    for s in spots:
        mask |= 1 << s
    return mask


_ADJACENT_MASKS = tuple(mask_of(spots) for spots in _ADJACENT)


def spots_of(mask: int) -> tuple[int, ...]:
    """The spots whose bits are set in `mask`, in spot order (remembered: masks repeat; the
    memory is emptied when it grows past MASKS_REMEMBERED, so a long-lived worker stays flat)."""
    found = _MASK_SPOTS.get(mask)
    if found is None:
        if len(_MASK_SPOTS) >= MASKS_REMEMBERED:
            _MASK_SPOTS.clear()
        found = _MASK_SPOTS[mask] = _spots_in(mask)
    return found


def _spots_in(mask: int) -> tuple[int, ...]:
    return tuple(s for s in range(SPOTS) if mask >> s & 1)


def seen_spots(awareness: Awareness | None, origin: int, facing: int) -> tuple[int, ...]:
    """The spots an awareness covers from `origin` with `facing`, in spot order.

    Glossary: Awareness. The origin (the white arrow) is never part of it; an unbounded
    awareness ("arena") covers every other spot. None means no awareness at all.
    """
    return seen(pattern_key(awareness), origin, facing)


def _compute_seen(awareness: Awareness, origin: int, facing: int) -> tuple[int, ...]:
    if awareness.unbounded:
        return tuple(s for s in range(SPOTS) if s != origin)
    x, y = origin % COLUMNS, origin // COLUMNS
    found = {
        (y + dy) * COLUMNS + x + dx
        for dx, dy in _rotated(awareness, facing)
        if 0 <= x + dx < COLUMNS and 0 <= y + dy < ROWS
    }
    found.discard(origin)
    return tuple(sorted(found))


def ray(origin: int, facing: int) -> tuple[int, ...]:
    """The spots straight ahead of `origin` to the arena's edge, nearest first."""
    dx, dy = _FORWARD[facing]
    spots = []
    current = step(origin, dx, dy)
    while current is not None:
        spots.append(current)
        current = step(current, dx, dy)
    return tuple(spots)


def line_of_sight(
    key: int, origin: int, facing: int, blocks: Callable[[int], bool]
) -> tuple[int, ...]:
    """Glossary: Line of Sight. It "originates from the awareness of the ability and continues to
    the edge of the arena (or stops on where a permanent "blocks line of sight") in a straight
    line, following the direction of the arrow in the awareness". Each straight line from the
    origin through a spot of the awareness (interned pattern `key`, turned to `facing`) starts
    at the nearest such spot on it and runs to the edge, stopping on (and including) the first
    spot where `blocks(spot)` is true. Spots of the awareness further along one line start no
    new line: what is behind a blocker is out of sight. In spot order.
    (Engine decision › Line of Sight)"""
    if key < 0:
        return ()
    nearest: dict[tuple[int, int], int] = {}  # direction -> steps to its first awareness spot
    for dx, dy in _rotated(_PATTERN_LIST[key], facing):
        g = gcd(dx, dy)
        direction = (dx // g, dy // g)
        if g < nearest.get(direction, g + 1):
            nearest[direction] = g
    found: set[int] = set()
    x0, y0 = origin % COLUMNS, origin // COLUMNS
    for (sx, sy), g in nearest.items():
        x, y = x0 + sx * g, y0 + sy * g
        while 0 <= x < COLUMNS and 0 <= y < ROWS:
            s = y * COLUMNS + x
            found.add(s)
            if blocks(s):
                break
            x, y = x + sx, y + sy
    return tuple(sorted(found))


def away_step(user: int, target: int) -> tuple[int, int] | None:
    """Glossary: Away. The one-spot board offset that moves `target` straight away from `user`.

    On a shared row, column or diagonal the line is that one. Otherwise (a knight's-move
    position) the engine pushes along the longer axis, the straight line that grows the grid
    distance most. None when both are on the same spot (there is no "away").
    """
    ux, uy = user % COLUMNS, user // COLUMNS
    tx, ty = target % COLUMNS, target // COLUMNS
    dx, dy = tx - ux, ty - uy
    if dx == 0 and dy == 0:
        return None
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    if dx == 0 or dy == 0 or abs(dx) == abs(dy):
        return sx, sy
    return (sx, 0) if abs(dx) > abs(dy) else (0, sy)


def distance(a: int, b: int) -> int:
    """Grid distance in king's moves (used by bots to judge how far a spot is)."""
    return max(abs(a % COLUMNS - b % COLUMNS), abs(a // COLUMNS - b // COLUMNS))


def facing_towards(origin: int, target: int) -> int:
    """The facing whose forward direction points most directly at `target`."""
    ox, oy = origin % COLUMNS, origin // COLUMNS
    tx, ty = target % COLUMNS, target // COLUMNS
    dx, dy = tx - ox, ty - oy
    if abs(dy) >= abs(dx):
        return NORTH if dy >= 0 else SOUTH
    return EAST if dx > 0 else WEST
