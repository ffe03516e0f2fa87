"""Standings and the MTR Appendix C tiebreakers (tournaments.core.standings).

The Appendix C cases are built from the Appendix C definitions, with the figures of its worked
cases. They are labelled "Appendix C definitions" rather than presented as quotations.
"""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.core.standings import (
    PERCENTAGE_FLOOR,
    MatchResult,
    ResultError,
    average,
    compute_standings,
    format_tiebreaker,
    game_win_percentage,
    match_win_percentage,
)

# --- builders -------------------------------------------------------------------------------


def won(a, b, rnd, games=(2, 0, 0)):
    return MatchResult(a, b, *games, round=rnd)


def against_fillers(player, record, first_round=1):
    """`player` plays a fresh one-match opponent each round. `record` is a string of W, L, D."""
    scores = {"W": (2, 0, 0), "L": (0, 2, 0), "D": (1, 1, 0)}
    return [
        MatchResult(player, f"{player}-filler-{rnd}", *scores[outcome], round=rnd)
        for rnd, outcome in enumerate(record, start=first_round)
    ]


def line(standings, player):
    return next(s for s in standings if s.player == player)


# --- Appendix C definitions -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "dropped", "points", "mw", "shown"),
    [
        ("WWWWWWLL", [], 18, Fraction(3, 4), "0.7500"),  # 6-2-0 after eight rounds: 18/24
        ("WWWWWLLD", [], 16, Fraction(2, 3), "0.6667"),  # 5-2-1: 16/24
        ("WLLL", ["hero"], 3, PERCENTAGE_FLOOR, "0.3300"),  # 1-3-0, dropped: 0.25, so 0.33
    ],
)
def test_match_win_percentage_appendix_c_definitions(record, dropped, points, mw, shown):
    # given a player with this record against one-match opponents
    standings = compute_standings(against_fillers("hero", record), dropped=dropped)
    hero = line(standings, "hero")
    assert hero.points == points
    assert match_win_percentage(points, len(record)) == mw
    # then each opponent's OMW% is exactly the hero's MW%, floor included
    assert {s.omw for s in standings if s.player != "hero"} == {mw}
    assert format_tiebreaker(mw) == shown
    assert hero.dropped == bool(dropped)


def test_the_floor_is_0_33_not_one_third():
    # 3 points from 4 rounds is 0.25; 4 points from 4 rounds is 0.3333, above the floor
    assert match_win_percentage(3, 4) == Fraction(33, 100)
    assert match_win_percentage(4, 4) == Fraction(1, 3)
    # 3 game points from 6 games is 0.1667
    assert game_win_percentage(3, 6) == Fraction(33, 100)


def test_game_win_percentage_appendix_c_definitions_10_6_1():
    # given game record 10-6-1 over six matches: 31 game points from 17 games
    games = [(2, 0, 0), (2, 0, 0), (2, 1, 0), (2, 1, 0), (1, 2, 0), (1, 2, 1)]
    results = [
        MatchResult("hero", f"opponent-{rnd}", *score, round=rnd)
        for rnd, score in enumerate(games, start=1)
    ]
    # when
    hero = line(compute_standings(results), "hero")
    # then
    assert hero.gw == Fraction(31, 51) == game_win_percentage(31, 17)
    assert format_tiebreaker(hero.gw) == "0.6078"


def test_game_win_percentage_appendix_c_definitions_1_5_uses_the_floor():
    games = [(0, 2, 0), (0, 2, 0), (1, 1, 0)]
    results = [
        MatchResult("hero", f"opponent-{rnd}", *score, round=rnd)
        for rnd, score in enumerate(games, start=1)
    ]
    hero = line(compute_standings(results), "hero")
    assert Fraction(3, 18) < PERCENTAGE_FLOOR
    assert hero.gw == PERCENTAGE_FLOOR


def test_opponents_match_win_appendix_c_definitions():
    # given four opponents finishing on MW% 0.6, 0.25 (so 0.33), 0.5 and 1.0
    results = [
        won("hero", "o1", 1),
        won("hero", "o2", 2),
        won("hero", "o3", 3),
        won("o4", "hero", 4),
        *against_fillers("o1", "WWLW", first_round=2),  # 9/15 = 0.6
        *against_fillers("o2", "W", first_round=1),
        *against_fillers("o2", "LL", first_round=3),  # 3/12 = 0.25
        *against_fillers("o3", "WW", first_round=1),
        *against_fillers("o3", "L", first_round=4),  # 6/12 = 0.5
        *against_fillers("o4", "WWW", first_round=1),  # 12/12 = 1.0
    ]
    # when
    hero = line(compute_standings(results), "hero")
    # then OMW% averages the floored values: (0.6 + 0.33 + 0.5 + 1.0) / 4
    expected = average([Fraction(3, 5), Fraction(33, 100), Fraction(1, 2), Fraction(1)])
    assert hero.omw == expected == Fraction(243, 400)
    assert format_tiebreaker(hero.omw) == "0.6075"


def test_opponents_game_win_averages_each_opponents_floored_gw():
    # o1 won 2-1 and lost 0-2 to a filler: 6/15 = 0.4. o2 lost 0-2 and 0-2: 0, so 0.33.
    results = [
        won("o1", "hero", 1, games=(2, 1, 0)),
        won("hero", "o2", 2),
        *against_fillers("o1", "L", first_round=2),
        *against_fillers("o2", "L", first_round=1),
    ]
    hero = line(compute_standings(results), "hero")
    assert hero.ogw == (Fraction(2, 5) + PERCENTAGE_FLOOR) / 2


# --- byes, late entries, drops, draws -------------------------------------------------------


def test_a_bye_is_a_2_0_win_for_the_player_but_not_an_opponent():
    results = [MatchResult.bye("p", 1), won("q", "p", 2)]
    standings = compute_standings(results)
    p, q = line(standings, "p"), line(standings, "q")
    assert (p.points, p.wins, p.losses) == (3, 1, 1)
    assert p.gw == Fraction(6, 12)  # the bye's 2 game wins out of 2, then 0 out of 2
    assert p.omw == 1  # only q, who is 1-0
    assert q.omw == Fraction(1, 2)  # p is 1-1 counting the bye


def test_only_byes_leave_nothing_to_average():
    (p,) = compute_standings([MatchResult.bye("p", 1)])
    assert (p.points, p.omw, p.ogw, p.gw) == (3, 0, 0, 1)


def test_a_late_entrant_takes_a_0_2_loss_per_missed_round_with_no_opponent():
    results = [
        MatchResult.late_entry_loss("late", 1),
        MatchResult.late_entry_loss("late", 2),
        won("late", "q", 3),
    ]
    standings = compute_standings(results)
    late, q = line(standings, "late"), line(standings, "q")
    assert (late.points, late.wins, late.losses) == (3, 1, 2)
    assert late.gw == Fraction(6, 18)  # 0/2, 0/2 and 2/2 games won
    assert late.omw == PERCENTAGE_FLOOR  # the missed rounds are not opponents: only q, 0-1
    assert q.omw == Fraction(3, 9)  # the late entrant's missed rounds count in their own MW%


def test_dropped_players_stay_in_the_standings_and_in_their_opponents_tiebreakers():
    results = [won("d", "x", 1), won("x", "y", 2)]
    standings = compute_standings(results, players=["x", "y", "z"], dropped=["d"])
    assert {s.player: s.dropped for s in standings} == {
        "d": True,
        "x": False,
        "y": False,
        "z": False,
    }
    assert line(standings, "x").omw == (1 + PERCENTAGE_FLOOR) / 2
    assert line(standings, "z").points == 0


def test_drawn_games_score_one_point_of_three():
    (a, b) = compute_standings([MatchResult("a", "b", 1, 1, 1, round=1)])
    assert (a.points, a.draws, b.points, b.draws) == (1, 1, 1, 1)
    assert a.gw == b.gw == Fraction(4, 9)


# --- order ------------------------------------------------------------------------------


def test_points_then_omw_then_gw_then_ogw_then_player_id():
    results = [
        # a and b both 1-1, but a's opponents did better
        won("a", "x1", 1),
        won("y1", "a", 2),
        won("b", "x2", 1),
        won("y2", "b", 2, games=(2, 1, 0)),
        *against_fillers("y1", "W", first_round=1),
        *against_fillers("y2", "L", first_round=1),
        *against_fillers("x1", "W", first_round=2),
        *against_fillers("x2", "W", first_round=2),
        # c and d are identical in every respect: the id decides
        won("d", "z2", 1),
        won("c", "z1", 1),
    ]
    standings = compute_standings(results)
    order = [s.player for s in standings]
    assert order.index("a") < order.index("b")
    assert line(standings, "a").points == line(standings, "b").points
    assert line(standings, "a").omw > line(standings, "b").omw
    assert order.index("c") + 1 == order.index("d")
    assert [s.rank for s in standings] == list(range(1, len(standings) + 1))


@pytest.mark.parametrize(("first", "second"), [("9", "10"), ("99", "100"), ("7", "12")])
def test_a_full_tie_between_registration_ids_goes_by_number_not_text(first, second):
    """Registration ids are numbers: an event imported into another database gets new ids in
    the same order, but maybe of another length (9 and 10 there, 99 and 100 here)."""
    standings = compute_standings([won(second, "z2", 1), won(first, "z1", 1)])
    order = [s.player for s in standings]
    assert order.index(first) + 1 == order.index(second)


def test_gw_breaks_a_tie_on_points_and_omw():
    results = [won("a", "x", 1, games=(2, 0, 0)), won("b", "y", 1, games=(2, 1, 0))]
    standings = compute_standings(results)
    assert [s.player for s in standings][:2] == ["a", "b"]
    assert line(standings, "a").omw == line(standings, "b").omw


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(2, 3), "0.6667"),
        (Fraction(31, 51), "0.6078"),
        (PERCENTAGE_FLOOR, "0.3300"),
        (Fraction(1), "1.0000"),
        (Fraction(0), "0.0000"),
        (Fraction(1, 20000), "0.0001"),  # 0.00005 rounds half up
        (Fraction(1, 3), "0.3333"),
        (0.75, "0.7500"),
    ],
)
def test_tiebreakers_are_shown_with_four_decimals(value, shown):
    assert format_tiebreaker(value) == shown


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: MatchResult("a", None, 0, 0, 0, round=1), "a bye for 'a' is recorded 2-0"),
        (lambda: MatchResult("a", None, 2, 0, 0, 1, late_entry=True), "late-entry loss"),
        (lambda: MatchResult("a", "b", 0, 2, 0, 1, late_entry=True), "has no opponent"),
        (lambda: MatchResult("a", "a", 2, 0, 0, round=1), "cannot play themself"),
        (lambda: MatchResult("a", "b", -1, 2, 0, round=1), "negative"),
        (lambda: MatchResult("a", "b", 2, 0, 0, round=0), "start at 1"),
    ],
)
def test_impossible_results_are_refused(build, message):
    with pytest.raises(ResultError, match=message):
        build()


def test_a_player_with_two_results_in_a_round_is_refused():
    with pytest.raises(ResultError, match="'b' has two results in round 1"):
        compute_standings([won("a", "b", 1), won("b", "c", 1)])


# --- properties -----------------------------------------------------------------------------


@st.composite
def events(draw):
    """A few rounds among up to 10 players: random tables, byes, late entries, drops."""
    players = [f"p{n}" for n in range(draw(st.integers(1, 10)))]
    results = []
    for rnd in range(1, draw(st.integers(1, 5)) + 1):
        seated = draw(st.permutations(players))
        if len(seated) % 2:
            last = seated.pop()
            late = rnd == 1 and draw(st.booleans())
            results.append(
                MatchResult.late_entry_loss(last, rnd) if late else MatchResult.bye(last, rnd)
            )
        for a, b in zip(seated[::2], seated[1::2], strict=True):
            a_wins, b_wins = draw(st.sampled_from([(2, 0), (2, 1), (1, 2), (0, 2), (1, 1), (0, 0)]))
            results.append(MatchResult(a, b, a_wins, b_wins, draw(st.integers(0, 1)), rnd))
    dropped = draw(st.sets(st.sampled_from(players)))
    return players, results, dropped


@given(events(), st.randoms(use_true_random=False))
@settings(max_examples=200, deadline=None)
def test_standings_do_not_depend_on_registration_or_result_order(event, rnd):
    players, results, dropped = event
    standings = compute_standings(results, players=players, dropped=dropped)
    for sequence in (players, results):
        rnd.shuffle(sequence)
    assert compute_standings(results, players=players, dropped=list(dropped)) == standings


@given(events())
@settings(max_examples=200, deadline=None)
def test_standings_are_consistent_and_sorted(event):
    players, results, dropped = event
    standings = compute_standings(results, players=players, dropped=dropped)
    assert sorted(s.player for s in standings) == sorted(players)
    assert [s.rank for s in standings] == list(range(1, len(players) + 1))
    for s in standings:
        assert s.points == 3 * s.wins + s.draws
        assert PERCENTAGE_FLOOR <= s.gw <= 1
        assert s.omw == 0 or PERCENTAGE_FLOOR <= s.omw <= 1
        assert s.dropped == (s.player in dropped)
    keys = [(-s.points, -s.omw, -s.gw, -s.ogw, s.player) for s in standings]
    assert keys == sorted(keys)
