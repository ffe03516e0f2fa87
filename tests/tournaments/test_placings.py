"""Final placings from the Swiss standings and the top cut (tournaments.core.placings).

The property test plays random brackets with the pairing module's own `top_cut_pairings` and
`next_top_cut_round`, so placings and pairings are checked against the same seeding.
"""

import random
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.core.pairing import next_top_cut_round, top_cut_pairings
from tournaments.core.placings import (
    BracketNotFinished,
    BracketResult,
    Placing,
    PlacingError,
    bracket_round_name,
    bracket_rounds,
    bracket_winner,
    compute_placings,
    is_finished,
)
from tournaments.core.standings import Standing

# --- builders -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """The smallest standings line placing accepts: anything with player, rank and points."""

    player: str
    rank: int
    points: int


def swiss(count, points=None):
    """p1 … p<count>, ranked in that order. Points fall by 3 every two places unless given."""
    points = points or [3 * (count - i // 2) for i in range(count)]
    return [Line(f"p{rank}", rank, points[rank - 1]) for rank in range(1, count + 1)]


def qf(winner, loser):
    return BracketResult("quarterfinal", winner, loser)


def sf(winner, loser):
    return BracketResult("semifinal", winner, loser)


def final(winner, loser):
    return BracketResult("final", winner, loser)


def rows(placings):
    """Placings as (place, player, eliminated_in) tuples, easy to compare with a literal."""
    return [(p.place, p.player, p.eliminated_in) for p in placings]


# p8 upsets p1, then p4 and p7 reach the final, which p7 wins.
TOP_8 = [
    qf("p8", "p1"),
    qf("p4", "p5"),
    qf("p7", "p2"),
    qf("p3", "p6"),
    sf("p4", "p8"),
    sf("p7", "p3"),
    final("p7", "p4"),
]


# --- full events ----------------------------------------------------------------------------


def test_top_8():
    placings = compute_placings(swiss(10), TOP_8, top_cut=8)

    assert rows(placings) == [
        (1, "p7", None),
        (2, "p4", "final"),
        # Both lost a semifinal: p3 is ranked 3rd in the Swiss, p8 8th.
        (3, "p3", "semifinal"),
        (4, "p8", "semifinal"),
        # The quarterfinal losers, in Swiss order.
        (5, "p1", "quarterfinal"),
        (6, "p2", "quarterfinal"),
        (7, "p5", "quarterfinal"),
        (8, "p6", "quarterfinal"),
        (9, "p9", "swiss"),
        (10, "p10", "swiss"),
    ]
    assert placings[0] == Placing(1, "p7", swiss_rank=7, points=21, eliminated_in=None)
    assert placings[-1] == Placing(10, "p10", swiss_rank=10, points=18, eliminated_in="swiss")


def test_top_4():
    bracket = [sf("p4", "p1"), sf("p2", "p3"), final("p2", "p4")]

    placings = compute_placings(swiss(6), bracket, top_cut=4)

    assert rows(placings) == [
        (1, "p2", None),
        (2, "p4", "final"),
        (3, "p1", "semifinal"),
        (4, "p3", "semifinal"),
        (5, "p5", "swiss"),
        (6, "p6", "swiss"),
    ]


def test_top_cut_of_the_whole_field():
    bracket = [sf("p1", "p4"), sf("p3", "p2"), final("p3", "p1")]

    assert rows(compute_placings(swiss(4), bracket, top_cut=4)) == [
        (1, "p3", None),
        (2, "p1", "final"),
        (3, "p2", "semifinal"),
        (4, "p4", "semifinal"),
    ]


def test_no_top_cut_is_the_swiss_standings():
    # Passed out of order: the ranks decide, not the order of the lines.
    lines = [Line("carol", 3, 6), Line("ann", 1, 9), Line("bob", 2, 6)]

    assert compute_placings(lines, [], top_cut=0) == [
        Placing(1, "ann", 1, 9, None),
        Placing(2, "bob", 2, 6, "swiss"),
        Placing(3, "carol", 3, 6, "swiss"),
    ]


def test_results_in_any_order_give_the_same_placings():
    shuffled = list(reversed(TOP_8))
    assert compute_placings(swiss(10), shuffled, 8) == compute_placings(swiss(10), TOP_8, 8)


def test_swiss_lines_in_any_order_give_the_same_placings():
    lines = swiss(10)
    random.Random(7).shuffle(lines)
    assert compute_placings(lines, TOP_8, 8) == compute_placings(swiss(10), TOP_8, 8)


# --- ordering within a group ----------------------------------------------------------------


def test_the_semifinal_loser_with_the_better_swiss_rank_is_3rd():
    # The second semifinal's loser (p2) outranks the first's (p4), and its result comes first.
    bracket = [sf("p3", "p2"), sf("p1", "p4"), final("p1", "p3")]

    placings = compute_placings(swiss(4), bracket, top_cut=4)

    assert [(p.place, p.player) for p in placings[2:]] == [(3, "p2"), (4, "p4")]


def test_quarterfinal_losers_are_ordered_by_swiss_rank_not_by_bracket_position():
    # Seeds 8, 5, 7 and 6 win: the losers are 1, 4, 2, 3 in bracket order.
    bracket = [
        qf("p8", "p1"),
        qf("p5", "p4"),
        qf("p7", "p2"),
        qf("p6", "p3"),
        sf("p5", "p8"),
        sf("p6", "p7"),
        final("p6", "p5"),
    ]

    placings = compute_placings(swiss(8), bracket, top_cut=8)

    assert [p.player for p in placings] == ["p6", "p5", "p7", "p8", "p1", "p2", "p3", "p4"]


# --- dropped players ------------------------------------------------------------------------


def standing(rank, player, points, dropped=False):
    return Standing(
        rank=rank,
        player=player,
        points=points,
        wins=points // 3,
        losses=0,
        draws=0,
        omw=Fraction(1, 2),
        gw=Fraction(1, 2),
        ogw=Fraction(1, 2),
        dropped=dropped,
    )


def test_a_dropped_player_outside_the_cut_keeps_their_swiss_place():
    # Real standings lines. "dan" dropped after four rounds and finished 6th of 7.
    lines = [
        standing(1, "ann", 12),
        standing(2, "bob", 9),
        standing(3, "cat", 9),
        standing(4, "eve", 9),
        standing(5, "fay", 6),
        standing(6, "dan", 6, dropped=True),
        standing(7, "gus", 3),
    ]
    bracket = [sf("ann", "eve"), sf("cat", "bob"), final("ann", "cat")]

    placings = compute_placings(lines, bracket, top_cut=4)

    assert rows(placings)[4:] == [(5, "fay", "swiss"), (6, "dan", "swiss"), (7, "gus", "swiss")]
    assert placings[5] == Placing(6, "dan", swiss_rank=6, points=6, eliminated_in="swiss")


def test_a_dropped_player_without_a_top_cut_keeps_their_swiss_place():
    lines = [standing(1, "ann", 9), standing(2, "dan", 6, dropped=True), standing(3, "bob", 3)]

    assert [p.player for p in compute_placings(lines, [], top_cut=0)] == ["ann", "dan", "bob"]


# --- unfinished and inconsistent brackets ---------------------------------------------------


@pytest.mark.parametrize(
    ("bracket", "missing"),
    [
        ([], "4 of the 4 quarterfinal matches"),
        (TOP_8[:3], "1 of the 4 quarterfinal matches"),
        (TOP_8[:4], "2 of the 2 semifinal matches"),
        (TOP_8[:5], "1 of the 2 semifinal matches"),
        (TOP_8[:6], "1 of the 1 final matches"),
    ],
)
def test_an_unfinished_bracket_is_not_placed(bracket, missing):
    assert not is_finished(bracket, 8)
    assert bracket_winner(bracket) is None
    with pytest.raises(BracketNotFinished, match=missing):
        compute_placings(swiss(10), bracket, top_cut=8)


def test_a_finished_bracket():
    assert is_finished(TOP_8, 8)
    assert bracket_winner(TOP_8) == "p7"
    assert is_finished([], 0)


@pytest.mark.parametrize(
    ("bracket", "top_cut", "message"),
    [
        # p9 was not in the top 8.
        ([*TOP_8[:3], qf("p3", "p9")], 8, "'p9' is not in the top 8"),
        # 1v5 is not a quarterfinal: the seeding is 1v8, 4v5, 2v7, 3v6.
        ([qf("p1", "p5"), *TOP_8[1:]], 8, "'p1' v 'p5' is not a quarterfinal"),
        # The winners of 1v8 and 2v7 are in different halves, so they can only meet in the final.
        ([*TOP_8[:4], sf("p8", "p7")], 8, "'p8' v 'p7' is not a semifinal"),
        # A semifinal between a quarterfinal loser and a winner.
        ([*TOP_8[:4], sf("p4", "p1")], 8, "'p4' v 'p1' is not a semifinal"),
        ([*TOP_8[:4], TOP_8[4], TOP_8[4]], 8, "is given twice"),
        ([*TOP_8, qf("p1", "p8")], 8, "4 quarterfinal matches, not 5"),
        ([*TOP_8, final("p4", "p7")], 8, "1 final matches, not 2"),
        # The semifinals cannot start until every quarterfinal is over.
        ([*TOP_8[:3], TOP_8[4]], 8, "a semifinal has a result before every quarterfinal"),
        # A final reported while a semifinal is missing is wrong, not merely unfinished.
        ([*TOP_8[:5], TOP_8[6]], 8, "a final has a result before every semifinal"),
        ([qf("p1", "p4"), sf("p1", "p4")], 4, "a top 4 has no quarterfinal"),
        ([final("p1", "p2")], 0, "without a top cut has no top-cut matches"),
        ([], 6, "not 6"),
    ],
)
def test_an_inconsistent_bracket_is_refused(bracket, top_cut, message):
    with pytest.raises(PlacingError, match=message) as raised:
        compute_placings(swiss(10), bracket, top_cut)
    assert not isinstance(raised.value, BracketNotFinished)


def test_a_final_played_over_an_unfinished_semifinal_counts_as_finished_but_inconsistent():
    bracket = [*TOP_8[:5], TOP_8[6]]
    assert is_finished(bracket, 8)
    with pytest.raises(PlacingError):
        compute_placings(swiss(10), bracket, 8)


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (swiss(3), "a top 4 needs 4 players, not 3"),
        ([*swiss(4), Line("p2", 5, 0)], "'p2' is in the standings twice"),
        ([*swiss(4), Line("p5", 4, 0)], "two players share Swiss rank 4"),
    ],
)
def test_bad_standings_are_refused(lines, message):
    bracket = [sf("p1", "p4"), sf("p2", "p3"), final("p1", "p2")]
    with pytest.raises(PlacingError, match=message):
        compute_placings(lines, bracket, top_cut=4)


def test_a_result_must_name_a_top_cut_round_and_two_players():
    with pytest.raises(PlacingError, match="'round of 16' is not a top-cut round"):
        BracketResult("round of 16", "p1", "p16")  # type: ignore[arg-type]
    with pytest.raises(PlacingError, match="cannot beat themself"):
        BracketResult("final", "p1", "p1")


# --- round names ----------------------------------------------------------------------------


def test_round_names():
    assert [bracket_round_name(n) for n in (4, 2, 1)] == ["quarterfinal", "semifinal", "final"]
    with pytest.raises(PlacingError):
        bracket_round_name(8)
    assert bracket_rounds(8) == ("quarterfinal", "semifinal", "final")
    assert bracket_rounds(4) == ("semifinal", "final")
    assert bracket_rounds(2) == ("final",)
    assert bracket_rounds(0) == ()


# --- random events --------------------------------------------------------------------------


def play_bracket(seeds, size, rng):
    """A bracket played out with random winners, using the pairing module's own bracket."""
    results = []
    matches = top_cut_pairings(seeds, size)
    while matches:
        name = bracket_round_name(len(matches))
        winners = [rng.choice((m.player_a, m.player_b)) for m in matches]
        for match, winner in zip(matches, winners, strict=True):
            loser = match.player_b if winner == match.player_a else match.player_a
            results.append(BracketResult(name, winner, loser))
        matches = next_top_cut_round(matches, winners)
    return results


@st.composite
def events(draw):
    top_cut = draw(st.sampled_from([0, 2, 4, 8]))
    count = draw(st.integers(min_value=max(top_cut, 1), max_value=24))
    order = draw(st.permutations([f"player-{i}" for i in range(count)]))
    points = sorted(draw(st.lists(st.integers(0, 30), min_size=count, max_size=count)))[::-1]
    lines = [Line(player, rank, points[rank - 1]) for rank, player in enumerate(order, 1)]
    rng = random.Random(draw(st.integers(0, 2**32)))
    bracket = play_bracket(order, top_cut, rng) if top_cut else []
    rng.shuffle(bracket)
    rng.shuffle(lines)
    return lines, bracket, top_cut


@settings(max_examples=300, deadline=None)
@given(events())
def test_placings_of_random_events(event):
    lines, bracket, top_cut = event
    by_rank = sorted(lines, key=lambda line: line.rank)
    cut = {line.player for line in by_rank[:top_cut]}

    placings = compute_placings(lines, bracket, top_cut)

    assert sorted(p.player for p in placings) == sorted(line.player for line in lines)
    assert [p.place for p in placings] == list(range(1, len(lines) + 1))
    for p in placings:
        line = next(line for line in lines if line.player == p.player)
        assert (p.swiss_rank, p.points) == (line.rank, line.points)
    assert is_finished(bracket, top_cut)
    if top_cut:
        assert placings[0].player == bracket_winner(bracket)
        assert placings[1].player == next(r.loser for r in bracket if r.round == "final")
    else:
        assert placings[0].player == by_rank[0].player
    # Everyone outside the cut keeps their Swiss order, after the whole cut.
    outside = [p for p in placings if p.player not in cut]
    assert [p.player for p in outside] == [line.player for line in by_rank[top_cut:]]
    assert all(p.place > top_cut for p in outside)
    # Each elimination group sits in its block of places, in Swiss order.
    eliminated = [p.eliminated_in for p in placings]
    assert eliminated == sorted(
        eliminated, key=[None, "final", "semifinal", "quarterfinal", "swiss"].index
    )
    for name in ("semifinal", "quarterfinal", "swiss"):
        ranks = [p.swiss_rank for p in placings if p.eliminated_in == name]
        assert ranks == sorted(ranks)
    assert eliminated.count(None) == 1
    for name, losers in (("final", 1), ("semifinal", 2), ("quarterfinal", 4)):
        expected = losers if top_cut >= 2 * losers else 0
        assert eliminated.count(name) == expected
