"""Limited events' pools in a demo: a player's sealed pool drawn from a set's print sheet.

A print sheet is the set's card list with each card printed some number of times; a pool is
`size` cards drawn from it without replacement. The draw is a pure function of the sheet, the
seed and the size, so the same event always deals the same pools, and the organizer can say
how they were made. Real events enter the pools players opened instead (tournaments.services.pools).
"""

import random
from collections import Counter
from collections.abc import Sequence

from rules.core.decklist import DeckEntry, Decklist

DEFAULT_COPIES = 4  # prints of each card on the demo sheet
DEFAULT_POOL_SIZE = 60


def print_sheet(names: Sequence[str], copies: int = DEFAULT_COPIES) -> tuple[str, ...]:
    """The sheet: every name `copies` times, in the set's order (sorted, so the database's order
    never changes a pool)."""
    if copies < 1:
        raise ValueError("a print sheet prints every card at least once")
    return tuple(name for name in sorted(set(names)) for _ in range(copies))


def pool_from_sheet(sheet: Sequence[str], *, seed: int, size: int) -> Decklist:
    """`size` cards drawn from the sheet with this seed, as a pool: one section (Grand Archive's
    main), repeated names added up, in the sheet's order."""
    if not 1 <= size <= len(sheet):
        raise ValueError(f"a pool of {size} cards cannot come from a sheet of {len(sheet)}")
    drawn = Counter(random.Random(seed).sample(list(sheet), size))
    order = list(dict.fromkeys(sheet))
    return Decklist(main=tuple(DeckEntry(drawn[name], name) for name in order if drawn[name]))


def pools_for(
    sheet: Sequence[str], entrants: Sequence[str], *, seed: int, size: int
) -> dict[str, Decklist]:
    """One pool per entrant id, each from its own seed (the event's seed and the entrant), so
    adding a player never changes another player's pool."""
    return {
        entrant: pool_from_sheet(sheet, seed=hash_seed(seed, entrant), size=size)
        for entrant in entrants
    }


def hash_seed(seed: int, entrant: str) -> int:
    # random.Random accepts a str seed deterministically (it hashes it with SHA-512, not with
    # Python's salted hash), so this is stable across processes.
    return random.Random(f"{seed}:{entrant}").getrandbits(32)
