"""Sample hands for the deck page: an opening hand of five, then one draw per round, from a
seeded shuffle of the timeline (Core Rulebook 5.2, How to Start a Game and Beginning of Round).

Pure Python. The same timeline and seed always deal the same cards, so a hand can be shared by
its link and "next draw" continues the same shuffle.
"""

import random
from dataclasses import dataclass

from rules.core.decklist import Decklist, Section

OPENING_HAND = 5  # How to Start a Game: each player draws five cards
MAX_SEED = 2**31 - 1


@dataclass(frozen=True)
class SampleHand:
    seed: int
    opening: tuple[str, ...]
    draws: tuple[str, ...]  # one per round, in order
    left: int  # cards still in the timeline

    @property
    def can_draw(self) -> bool:
        return self.left > 0


def deal(decklist: Decklist, seed: int, rounds: int = 0) -> SampleHand:
    """The opening hand and the first `rounds` draws of the decklist's timeline shuffled by
    `seed` (a timeline shorter than the hand deals what it has)."""
    cards = [entry.name for entry in decklist.entries(Section.TIMELINE) for _ in range(entry.count)]
    random.Random(seed).shuffle(cards)
    rounds = max(0, min(rounds, max(len(cards) - OPENING_HAND, 0)))
    opening = tuple(cards[:OPENING_HAND])
    draws = tuple(cards[OPENING_HAND : OPENING_HAND + rounds])
    return SampleHand(seed, opening, draws, len(cards) - len(opening) - len(draws))
