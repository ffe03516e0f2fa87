"""Sample hands (decks.core.hands): five cards, then one draw per round, from a seeded shuffle."""

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from decks.core.hands import OPENING_HAND, deal
from rules.core.decklist import parse_decklist
from tests.conftest import ROOT

SAMPLE = parse_decklist((ROOT / "decks/samples/sera-vantyne-storm-lattice.txt").read_text())
TIMELINE = Counter({entry.name: entry.count for entry in SAMPLE.timeline})


@given(seed=st.integers(1, 2**31 - 1), rounds=st.integers(0, 60))
def test_a_hand_is_five_cards_then_one_per_round_drawn_from_the_timeline(seed, rounds):
    hand = deal(SAMPLE, seed, rounds)
    assert len(hand.opening) == OPENING_HAND
    assert len(hand.draws) == min(rounds, 45)
    dealt = Counter(hand.opening + hand.draws)
    assert not dealt - TIMELINE  # never more copies than the timeline holds
    assert hand.left == 50 - OPENING_HAND - len(hand.draws)
    assert hand.can_draw is (hand.left > 0)


def test_the_same_seed_deals_the_same_cards_and_a_draw_continues_the_shuffle():
    first = deal(SAMPLE, 42, 0)
    again = deal(SAMPLE, 42, 3)
    assert again.opening == first.opening
    assert deal(SAMPLE, 42, 4).draws[:3] == again.draws
    assert any(deal(SAMPLE, seed).opening != first.opening for seed in range(1, 6))
