"""Draw odds: the chance of seeing at least one copy of a card from a shuffled timeline.

The deck builder shows, for a chosen card, the chance of drawing it in the opening hand and by
each of the first rounds. It is the hypergeometric "at least one" formula,

    P(at least one) = 1 - C(N - K, n) / C(N, n)

for K copies in a timeline of N cards, with n cards seen.

Core Rulebook 5.2, How to Start a Game: each player draws an opening hand of 5 cards. Each
Beginning of Round draws 1 more, and the first round's draw happens (shared decision), so by
round r a player has seen 5 + r cards.

A group of cards (several names, or every card of a type) is seen when any one of its copies is:
the cards of a group are interchangeable for that question, so the group's chance is the same
formula with K the sum of its copies (`group_draw_table`).

These odds count draws only. Energy costs mill cards from the top of the timeline, and milled
cards are seen by nobody's hand, so the real odds in a game differ (they depend on how the game
is played, which no formula over the list can know).
"""

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import comb

OPENING_HAND = 5  # Core Rulebook 5.2, How to Start a Game
DRAWS_PER_ROUND = 1  # Core Rulebook 5.2, Beginning of Round
ROUNDS = 8


@dataclass(frozen=True)
class DrawChance:
    """The chance of having seen a card by a point of the game. Round 0 is the opening hand."""

    round: int
    cards_seen: int
    chance: float

    @property
    def percent(self) -> float:
        return round(self.chance * 100, 1)


def exact_chance_to_see(copies: int, deck_size: int, cards_seen: int) -> Fraction:
    """The chance that `cards_seen` cards from the top of a shuffled `deck_size`-card timeline
    include at least one of its `copies` copies of a card, as an exact fraction. Seeing more
    cards than the timeline holds sees all of it."""
    if deck_size < 0 or copies < 0 or cards_seen < 0:
        raise ValueError("copies, deck_size and cards_seen cannot be negative")
    if copies > deck_size:
        raise ValueError(f"a {deck_size}-card timeline cannot hold {copies} copies of a card")
    if copies == 0:
        return Fraction(0)
    if cards_seen > deck_size - copies:
        # Fewer cards are left unseen than there are other cards: a copy was seen.
        return Fraction(1)
    return 1 - Fraction(comb(deck_size - copies, cards_seen), comb(deck_size, cards_seen))


def chance_to_see(copies: int, deck_size: int, cards_seen: int) -> float:
    """`exact_chance_to_see` as a float: exact up to a single rounding."""
    return float(exact_chance_to_see(copies, deck_size, cards_seen))


def cards_seen_by(round_number: int) -> int:
    """Cards a player has seen by the given round (0 = just the opening hand)."""
    if round_number < 0:
        raise ValueError("round numbers start at 0, the opening hand")
    return OPENING_HAND + DRAWS_PER_ROUND * round_number


def draw_table(copies: int, deck_size: int, rounds: int = ROUNDS) -> tuple[DrawChance, ...]:
    """The chance to have seen a copy in the opening hand (round 0), then by rounds 1..rounds."""
    return tuple(
        DrawChance(r, seen, chance_to_see(copies, deck_size, seen))
        for r in range(rounds + 1)
        for seen in [cards_seen_by(r)]
    )


def group_copies(copies: Iterable[int]) -> int:
    """The copies of a group of cards: any one of them is a card of the group."""
    counts = list(copies)
    if any(count < 0 for count in counts):
        raise ValueError("copies cannot be negative")
    return sum(counts)


def group_draw_table(
    copies: Iterable[int], deck_size: int, rounds: int = ROUNDS
) -> tuple[DrawChance, ...]:
    """The chance to have seen at least one card of a group (the copies of each of its cards),
    in the opening hand (round 0), then by rounds 1..rounds."""
    return draw_table(group_copies(copies), deck_size, rounds)
