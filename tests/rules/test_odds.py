"""Draw odds: hand-computed hypergeometric values, the round table, and properties."""

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.odds import (
    OPENING_HAND,
    ROUNDS,
    cards_seen_by,
    chance_to_see,
    draw_table,
    exact_chance_to_see,
    group_copies,
    group_draw_table,
)


@pytest.mark.parametrize(
    ("copies", "deck_size", "cards_seen", "expected"),
    [
        # 1 - C(46,5)/C(50,5) = 1 - 1370754/2118760
        (4, 50, 5, Fraction(748006, 2118760)),
        # One copy: each seen card is it with chance 1/50, so n seen cards give n/50.
        (1, 50, 5, Fraction(5, 50)),
        (1, 50, 13, Fraction(13, 50)),
        # 1 - (44*43*42)/(50*49*48)
        (3, 50, 6, Fraction(117600 - 79464, 117600)),
        # 1 - C(8,2)/C(10,2) = 1 - 28/45
        (2, 10, 2, Fraction(17, 45)),
        (4, 50, 0, Fraction(0)),
        (4, 50, 47, Fraction(1)),  # only 46 other cards: the 47th seen is a copy
        (4, 50, 46, 1 - Fraction(1, 230300)),  # 1 - 1/C(50,4): all four are the last four
        (50, 50, 1, Fraction(1)),
    ],
)
def test_chance_to_see_matches_hand_computed_values(copies, deck_size, cards_seen, expected):
    assert chance_to_see(copies, deck_size, cards_seen) == pytest.approx(float(expected), abs=1e-12)


@pytest.mark.parametrize(
    ("copies", "deck_size", "cards_seen", "expected"),
    [
        (4, 50, 5, 1 - Fraction(1370754, 2118760)),
        (1, 50, 13, Fraction(13, 50)),
        (2, 10, 2, Fraction(17, 45)),
        (4, 50, 46, 1 - Fraction(1, 230300)),
        (4, 50, 47, Fraction(1)),
        (0, 50, 13, Fraction(0)),
    ],
)
def test_the_exact_chance_is_the_hand_computed_fraction(copies, deck_size, cards_seen, expected):
    assert exact_chance_to_see(copies, deck_size, cards_seen) == expected


def test_four_copies_in_fifty_are_in_the_opening_hand_about_a_third_of_the_time():
    assert round(chance_to_see(4, 50, OPENING_HAND) * 100, 1) == 35.3


def test_the_table_is_the_opening_hand_then_one_more_card_each_round():
    # given a 4-of in a 50-card timeline
    # when
    table = draw_table(4, 50)
    # then round 0 is the 5-card opening hand and round r has seen 5 + r cards
    assert [row.round for row in table] == list(range(ROUNDS + 1))
    assert [row.cards_seen for row in table] == [5, 6, 7, 8, 9, 10, 11, 12, 13]
    assert table[0].percent == 35.3
    assert table[1].chance == pytest.approx(
        1 - (46 * 45 * 44 * 43 * 42 * 41) / (50 * 49 * 48 * 47 * 46 * 45)
    )
    assert table[-1].chance == chance_to_see(4, 50, 13)


def test_the_table_can_be_shorter():
    assert [row.cards_seen for row in draw_table(2, 40, rounds=2)] == [5, 6, 7]


def test_a_small_timeline_is_seen_whole():
    # A 5-card timeline is all in the opening hand.
    assert [row.chance for row in draw_table(1, 5, rounds=1)] == [1.0, 1.0]


@pytest.mark.parametrize(
    ("copies", "deck_size", "cards_seen"),
    [(-1, 50, 5), (1, -1, 5), (1, 50, -1), (51, 50, 5)],
)
def test_impossible_inputs_are_refused(copies, deck_size, cards_seen):
    with pytest.raises(ValueError, match=r"cannot be negative|cannot hold"):
        chance_to_see(copies, deck_size, cards_seen)


def test_rounds_before_the_opening_hand_are_refused():
    with pytest.raises(ValueError, match="start at 0"):
        cards_seen_by(-1)


# --- properties ---------------------------------------------------------------------------------

decks = st.integers(min_value=0, max_value=200).flatmap(
    lambda size: st.tuples(
        st.integers(min_value=0, max_value=size), st.just(size), st.integers(0, size + 5)
    )
)


@given(decks)
def test_the_chance_grows_with_every_card_seen(deck):
    copies, deck_size, cards_seen = deck
    assert chance_to_see(copies, deck_size, cards_seen) <= chance_to_see(
        copies, deck_size, cards_seen + 1
    )


@given(decks)
def test_the_chance_is_a_probability(deck):
    assert 0.0 <= chance_to_see(*deck) <= 1.0


@given(st.integers(0, 200), st.integers(0, 300))
def test_no_copies_are_never_seen(deck_size, cards_seen):
    assert chance_to_see(0, deck_size, cards_seen) == 0.0


@given(decks)
def test_seeing_more_cards_than_there_are_others_is_certain(deck):
    copies, deck_size, _ = deck
    if copies == 0:
        return
    for cards_seen in (deck_size - copies + 1, deck_size, deck_size + 3):
        assert chance_to_see(copies, deck_size, cards_seen) == 1.0


@given(
    st.integers(min_value=1, max_value=8).flatmap(
        lambda size: st.tuples(st.integers(0, size), st.just(size), st.integers(0, size))
    )
)
def test_the_formula_agrees_with_counting_every_hand(deck):
    # given a tiny timeline whose first `copies` cards are the copies
    copies, deck_size, cards_seen = deck
    hands = list(combinations(range(deck_size), cards_seen))
    # when every equally likely set of seen cards is counted
    with_a_copy = sum(1 for hand in hands if any(card < copies for card in hand))
    # then
    assert chance_to_see(copies, deck_size, cards_seen) == pytest.approx(
        with_a_copy / len(hands), abs=1e-12
    )


# --- a group of cards: the chance of at least one of them ------------------------------------


def test_a_group_of_a_four_of_and_a_three_of_is_seven_copies():
    # given a 4-of and a 3-of in a 50-card timeline
    # when
    table = group_draw_table([4, 3], 50)
    # then the opening hand misses both only if all 5 cards come from the other 43:
    # 1 - C(43,5)/C(50,5) = 1 - 962598/2118760
    assert table[0].chance == float(1 - Fraction(962598, 2118760))
    assert round(table[0].chance * 100, 1) == 54.6
    # and by round 3 (8 cards seen): 1 - C(43,8)/C(50,8)
    assert table[3].cards_seen == 8
    assert exact_chance_to_see(7, 50, 8) == 1 - Fraction(145008513, 536878650)
    assert table[3].chance == float(1 - Fraction(145008513, 536878650))


def test_a_group_of_one_card_is_that_cards_table():
    assert group_draw_table([3], 40) == draw_table(3, 40)


def test_an_empty_group_is_never_seen():
    assert {row.chance for row in group_draw_table([], 50)} == {0.0}


def test_a_group_with_negative_copies_is_refused():
    with pytest.raises(ValueError, match="cannot be negative"):
        group_copies([2, -1])


def test_a_group_larger_than_the_timeline_is_refused():
    with pytest.raises(ValueError, match="cannot hold"):
        group_draw_table([30, 30], 50)


groups = st.lists(st.integers(min_value=0, max_value=4), min_size=1, max_size=6).flatmap(
    lambda group: st.tuples(
        st.just(group),
        st.integers(min_value=sum(group), max_value=sum(group) + 60),
        st.integers(min_value=0, max_value=20),
    )
)


@given(groups)
def test_a_group_is_at_least_as_likely_as_any_of_its_cards(case):
    group, deck_size, rounds = case
    table = group_draw_table(group, deck_size, rounds)
    for copies in group:
        single = draw_table(copies, deck_size, rounds)
        assert all(g.chance >= s.chance for g, s in zip(table, single, strict=True))


@given(groups)
def test_a_group_is_no_more_likely_than_its_cards_added_up(case):
    # The union bound: P(any of them) <= the sum of each one's chance.
    group, deck_size, rounds = case
    seen = cards_seen_by(rounds)
    together = exact_chance_to_see(sum(group), deck_size, seen)
    assert together <= sum(exact_chance_to_see(c, deck_size, seen) for c in group)


@given(groups)
def test_missing_the_whole_group_is_missing_each_card_in_turn(case):
    # P(none of the group) counted card by card: each seen card is one of the others,
    # (N-K)/N * (N-K-1)/(N-1) * ... for n cards seen.
    group, deck_size, rounds = case
    seen = min(cards_seen_by(rounds), deck_size)
    others = deck_size - sum(group)
    miss = Fraction(1)
    for i in range(seen):
        miss *= Fraction(max(others - i, 0), deck_size - i)
    assert exact_chance_to_see(sum(group), deck_size, seen) == 1 - miss


@given(
    st.lists(st.integers(min_value=0, max_value=2), min_size=1, max_size=3).flatmap(
        lambda group: st.tuples(
            st.just(group),
            st.integers(min_value=max(sum(group), 1), max_value=8),
        ).flatmap(lambda gd: st.tuples(st.just(gd[0]), st.just(gd[1]), st.integers(0, gd[1])))
    )
)
def test_the_group_chance_agrees_with_counting_every_hand_of_distinct_cards(case):
    # given a tiny timeline whose first cards are the group's copies, card by card
    group, deck_size, cards_seen = case
    owner = [i for i, copies in enumerate(group) for _ in range(copies)]
    # when every equally likely set of seen cards is counted
    hands = list(combinations(range(deck_size), cards_seen))
    with_one = sum(1 for hand in hands if any(card < len(owner) for card in hand))
    # then
    assert exact_chance_to_see(group_copies(group), deck_size, cards_seen) == Fraction(
        with_one, len(hands)
    )
