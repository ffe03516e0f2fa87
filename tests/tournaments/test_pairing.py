"""Swiss pairing, the top cut and the recommended number of rounds (tournaments.core.pairing).

The pairing is checked against an exhaustive search of every perfect matching on small fields.
The search here is written independently of the module: it enumerates matchings directly and
compares plain tuples, where the module uses a dynamic programme over weighted integer costs.
"""

import math
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.core.pairing import (
    WINDOW,
    PairingError,
    PairingResult,
    PlayerRecord,
    TopCutMatch,
    _pair,
    next_top_cut_round,
    pair_round,
    recommended_rounds,
    top_cut_pairings,
)

# --- builders -------------------------------------------------------------------------------


def field(*specs, played=(), byes=()):
    """Players from (id, points) pairs, ranked in the order given; `played` lists id pairs."""
    opponents = {pid: [] for pid, _ in specs}
    for a, b in played:
        opponents[a].append(b)
        opponents[b].append(a)
    return [
        PlayerRecord(pid, points, rank, tuple(opponents[pid]), had_bye=pid in byes)
        for rank, (pid, points) in enumerate(specs, start=1)
    ]


def tables(result: PairingResult) -> set[frozenset]:
    return {frozenset(filter(None, (p.player_a, p.player_b))) for p in result.pairings}


def fast_path(players, seed=0):
    """The greedy and repair stages, even on fields small enough to be solved exactly."""
    return _pair(players, seed=seed, exact_limit=0, window=WINDOW)


# --- recommended rounds ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "rounds"),
    [
        (2, 1),
        (3, 2),
        (4, 2),
        (5, 3),
        (8, 3),
        (9, 4),
        (16, 4),
        (17, 5),
        (32, 5),
        (33, 6),
        (64, 6),
        (65, 7),
        (128, 7),
        (129, 8),
        (226, 8),
        (227, 9),
        (409, 9),
        (410, 10),
        (2048, 10),
    ],
)
def test_recommended_rounds_follows_the_appendix_e_table(players, rounds):
    assert recommended_rounds(players) == rounds


@pytest.mark.parametrize("players", [227, 256, 410, 512])
def test_recommended_rounds_is_not_log2_where_the_table_differs(players):
    assert recommended_rounds(players) == math.ceil(math.log2(players)) + 1


@pytest.mark.parametrize("players", [-1, 0, 1])
def test_recommended_rounds_needs_two_players(players):
    with pytest.raises(PairingError, match="at least 2 players"):
        recommended_rounds(players)


# --- pairing: worked cases ------------------------------------------------------------------


def test_equal_points_are_paired_together():
    # given two players on 6 and two on 3
    players = field(("a", 6), ("b", 6), ("c", 3), ("d", 3))
    # when
    result = pair_round(players, seed=7)
    # then
    assert tables(result) == {frozenset("ab"), frozenset("cd")}
    assert [p.explanation for p in result.pairings] == ["same points (6)", "same points (3)"]
    assert (result.pair_downs, result.rematches, result.proven_optimal) == (0, 0, True)


def test_the_odd_player_is_paired_down_to_the_next_score_group():
    players = field(("a", 9), ("b", 6), ("c", 6), ("d", 6), ("e", 3), ("f", 3))
    result = pair_round(players, seed=1)
    top = result.pairings[0]
    assert (top.player_a, top.pair_down_from, top.pair_down_to) == ("a", 9, 6)
    assert top.explanation == "paired down from 9 to 6 points: no other opponent left"
    # One float, from 9 to 6: the rest of the 6s and the 3s pair among themselves.
    assert (result.pair_downs, result.pair_down_lower_bound, result.score_difference) == (1, 1, 3)


def test_a_pair_down_past_a_whole_group_counts_twice_and_is_avoided():
    # 9 v 3 would leave the two 6s unmixed, but it skips the 6-point group entirely
    result = pair_round(field(("a", 9), ("b", 6), ("c", 6), ("d", 3)), seed=3)
    assert {p.pair_down_from for p in result.pairings} == {9, 6}
    assert result.pair_downs == 2


def test_a_rematch_is_avoided_by_pairing_down():
    # given the two 3-point players have met, and so have the two 0-point players
    players = field(("a", 3), ("b", 3), ("c", 0), ("d", 0), played=[("a", "b"), ("c", "d")])
    result = pair_round(players, seed=0)
    assert result.rematches == 0
    assert result.pair_downs == 2
    assert all(
        p.explanation == "paired down from 3 to 0 points: no other opponent left without a rematch"
        for p in result.pairings
    )


def test_an_unavoidable_rematch_is_recorded_and_explained():
    result = pair_round(field(("a", 3), ("b", 0), played=[("a", "b")]), seed=0)
    (only,) = result.pairings
    assert only.is_rematch
    assert only.explanation == (
        "paired down from 3 to 0 points: no other opponent left; "
        "rematch: no rematch-free pairing exists"
    )
    assert result.rematches == 1
    assert result.proven_optimal


def test_a_rematch_is_only_said_to_be_unavoidable_when_that_is_proven():
    # given six players who have all met each other: three rematches are forced
    ids = [f"p{n}" for n in range(6)]
    players = field(*[(pid, 0) for pid in ids], played=[(a, b) for a in ids for b in ids if a < b])
    # when one pairing searches everything and the other sees only 4 players at a time
    exact = pair_round(players, seed=0)
    local = _pair(players, seed=0, exact_limit=0, window=4)
    # then
    assert exact.rematches == local.rematches == 3
    assert all(p.explanation.endswith("no rematch-free pairing exists") for p in exact.pairings)
    assert all(p.explanation.endswith("no rematch-free pairing found") for p in local.pairings)
    assert (exact.proven_optimal, local.proven_optimal) == (True, False)


def test_the_lower_bound_counts_a_score_group_that_cannot_pair_itself():
    # given 24 players (too many to search exhaustively) in even-sized score groups, where the
    # two 6-point players have already met
    players = field(
        *[(f"a{n:02d}", 9) for n in range(10)],
        ("b1", 6),
        ("b2", 6),
        *[(f"c{n:02d}", 3) for n in range(12)],
        played=[("b1", "b2")],
    )
    # when
    result = pair_round(players, seed=4)
    # then parity alone would allow 0 pair-downs, but the 6s must both leave their group
    assert result.rematches == 0
    assert result.pair_downs == result.pair_down_lower_bound == 2
    assert result.proven_optimal


def test_the_bye_goes_to_the_lowest_ranked_player_without_one():
    players = field(("a", 6), ("b", 3), ("c", 0), ("d", 0), ("e", 0), byes=["e"])
    result = pair_round(players, seed=5)
    assert result.bye == "d"
    assert result.pairings[-1].table is None
    assert result.pairings[-1].explanation == "bye: lowest-ranked player without a bye"


def test_when_everyone_has_had_a_bye_the_lowest_ranked_gets_another():
    players = field(("a", 3), ("b", 3), ("c", 3), byes="abc")
    result = pair_round(players, seed=5)
    assert result.bye == "c"
    assert "every player has had a bye" in result.pairings[-1].explanation


def test_the_bye_moves_up_only_to_avoid_a_rematch():
    # given c is lowest, but a bye for c would force a and b, who have met, to play again
    players = field(("a", 6), ("b", 3), ("c", 0), played=[("a", "b")])
    result = pair_round(players, seed=0)
    assert result.bye == "b"
    assert result.rematches == 0
    assert result.pairings[-1].explanation == (
        "bye: lowest-ranked player without a bye whose bye avoids a rematch"
    )


def test_dropped_players_are_never_paired():
    players = [*field(("a", 3), ("b", 3), ("c", 0)), PlayerRecord("gone", 3, 4, dropped=True)]
    result = pair_round(players, seed=2)
    assert "gone" not in {pid for t in tables(result) for pid in t}
    assert result.bye == "c"


def test_tables_run_from_the_top_score_group_down():
    players = field(*[(f"p{n}", points) for n, points in enumerate([0, 0, 3, 3, 6, 6, 9, 9])])
    result = pair_round(players, seed=11)
    assert [p.table for p in result.pairings] == [1, 2, 3, 4]
    assert [p.pair_down_from for p in result.pairings] == [None] * 4
    assert [p.explanation for p in result.pairings] == [
        "same points (9)",
        "same points (6)",
        "same points (3)",
        "same points (0)",
    ]


def test_round_one_is_a_seeded_random_draw():
    players = field(*[(f"p{n:02d}", 0) for n in range(32)])
    draws = {frozenset(tables(pair_round(players, seed=seed))) for seed in range(5)}
    assert len(draws) == 5
    assert pair_round(players, seed=3) == pair_round(players, seed=3)


def test_an_empty_field_pairs_nothing():
    assert pair_round([], seed=0).pairings == ()


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ([PlayerRecord("a", 0, 1), PlayerRecord("a", 0, 2)], "listed twice"),
        ([PlayerRecord("a", 0, 1, opponents=("a",))], "their own opponent"),
    ],
)
def test_bad_fields_are_refused(players, message):
    with pytest.raises(PairingError, match=message):
        pair_round(players, seed=0)


# --- pairing: properties against brute force ------------------------------------------------


@st.composite
def small_fields(draw, most=10):
    """Up to `most` active players, with random past opponents, byes and some dropped players."""
    count = draw(st.integers(0, most))
    ids = [f"p{n}" for n in range(count + draw(st.integers(0, 2)))]
    points = {pid: draw(st.sampled_from([0, 1, 3, 4, 6, 9])) for pid in ids}
    opponents = {pid: [] for pid in ids}
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            if draw(st.booleans()) and draw(st.booleans()):  # about a quarter of the pairs
                opponents[a].append(b)
                opponents[b].append(a)
    # Standings order: points first, then an arbitrary tiebreak.
    tiebreak = draw(st.permutations(ids))
    order = sorted(ids, key=lambda pid: (-points[pid], tiebreak.index(pid)))
    return [
        PlayerRecord(
            pid,
            points[pid],
            order.index(pid) + 1,
            tuple(opponents[pid]),
            had_bye=draw(st.booleans()),
            dropped=n >= count,
        )
        for n, pid in enumerate(ids)
    ]


def _perfect_matchings(people):
    if not people:
        yield []
        return
    first, rest = people[0], people[1:]
    for k, other in enumerate(rest):
        for matching in _perfect_matchings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *matching]


def _quality(players, matches, bye):
    """(repeat bye, rematches, players ranked below the bye, pair-downs) as a plain tuple."""
    active = sorted((p for p in players if not p.dropped), key=lambda p: (p.rank, p.id))
    by_id = {p.id: p for p in active}
    levels = sorted({p.points for p in active}, reverse=True)

    def met(a, b):
        return b in by_id[a].opponents or a in by_id[b].opponents

    repeat_bye = bye is not None and by_id[bye].had_bye and not all(p.had_bye for p in active)
    below_bye = 0 if bye is None else len(active) - 1 - [p.id for p in active].index(bye)
    rematches = sum(met(a, b) for a, b in matches)
    steps = sum(
        abs(levels.index(by_id[a].points) - levels.index(by_id[b].points)) for a, b in matches
    )
    return (repeat_bye, rematches, below_bye, steps)


def brute_force_best(players):
    active = [p.id for p in players if not p.dropped]
    byes = active if len(active) % 2 else [None]
    return min(
        _quality(players, matching, bye)
        for bye in byes
        for matching in _perfect_matchings([pid for pid in active if pid != bye])
    )


def quality_of(players, result):
    matches = [(p.player_a, p.player_b) for p in result.pairings if not p.is_bye]
    return _quality(players, matches, result.bye)


def assert_valid(players, result):
    active = {p.id for p in players if not p.dropped}
    seated = Counter(pid for t in result.pairings for pid in (t.player_a, t.player_b) if pid)
    assert set(seated) == active
    assert set(seated.values()) <= {1}
    byes = [t for t in result.pairings if t.is_bye]
    assert len(byes) == len(active) % 2
    assert [t.table for t in result.pairings if not t.is_bye] == list(
        range(1, len(active) // 2 + 1)
    )


@given(small_fields(), st.integers(0, 2**32))
@settings(max_examples=150, deadline=None)
def test_every_active_player_is_paired_once_with_at_most_one_bye(players, seed):
    assert_valid(players, pair_round(players, seed=seed))
    assert_valid(players, fast_path(players, seed=seed))


@given(small_fields(), st.integers(0, 2**32))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_pairing_matches_brute_force_on_small_fields(players, seed):
    # given every perfect matching (and every bye) searched exhaustively
    best = brute_force_best(players)
    # when
    result = pair_round(players, seed=seed)
    # then repeat byes, rematches, the bye's place and pair-downs are all minimal, in that order
    assert quality_of(players, result) == best
    assert (result.rematches, result.pair_downs) == best[1::2]
    assert result.proven_optimal


@given(small_fields(), st.integers(0, 2**32))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_fast_path_matches_brute_force_on_small_fields(players, seed):
    # The greedy and repair stages must get there on their own too: the field fits one window.
    result = fast_path(players, seed=seed)
    assert quality_of(players, result) == brute_force_best(players)
    assert result.proven_optimal


@given(small_fields(most=9), st.integers(0, 2**32))
@settings(max_examples=100, deadline=None)
def test_a_certificate_is_never_claimed_for_a_suboptimal_round(players, seed):
    # A window of 4 players cannot see the whole field, so this exercises the lower bound.
    result = _pair(players, seed=seed, exact_limit=0, window=4)
    assert_valid(players, result)
    best = brute_force_best(players)
    assert quality_of(players, result) >= best
    if result.proven_optimal:
        assert quality_of(players, result) == best
    if result.rematches == 0 and quality_of(players, result)[:3] == best[:3]:
        # the same bye, so the bound must hold for the best pairing too
        assert result.pair_down_lower_bound <= best[3]


@given(small_fields(), st.integers(0, 2**32), st.randoms(use_true_random=False))
@settings(max_examples=100, deadline=None)
def test_pairings_are_deterministic_for_a_seed_whatever_the_input_order(players, seed, rnd):
    shuffled = list(players)
    rnd.shuffle(shuffled)
    assert pair_round(shuffled, seed=seed) == pair_round(players, seed=seed)
    assert fast_path(shuffled, seed=seed) == fast_path(players, seed=seed)


def _simulate(size, rounds, seed):
    """Plays a Swiss event with random results; yields each round's input and its pairing."""
    rng = random.Random(seed)
    points = dict.fromkeys((f"p{n:03d}" for n in range(size)), 0)
    opponents = {pid: [] for pid in points}
    byes = set()
    for round_number in range(1, rounds + 1):
        order = sorted(points, key=lambda pid: (-points[pid], pid))
        players = [
            PlayerRecord(pid, points[pid], n, tuple(opponents[pid]), pid in byes)
            for n, pid in enumerate(order, start=1)
        ]
        result = fast_path(players, seed=seed * 100 + round_number)
        yield players, result
        for table in result.pairings:
            if table.is_bye:
                byes.add(table.player_a)
                points[table.player_a] += 3
                continue
            opponents[table.player_a].append(table.player_b)
            opponents[table.player_b].append(table.player_a)
            outcome = rng.random()
            if outcome < 0.05:
                points[table.player_a] += 1
                points[table.player_b] += 1
            else:
                points[table.player_a if outcome < 0.525 else table.player_b] += 3


@pytest.mark.parametrize(("size", "seed"), [(64, 1), (101, 2), (128, 3)])
def test_a_simulated_event_stays_rematch_free_at_the_lower_bound(size, seed):
    for players, result in _simulate(size, recommended_rounds(size), seed):
        assert_valid(players, result)
        assert result.rematches == 0
        assert result.pair_downs == result.pair_down_lower_bound
        assert result.proven_optimal
        assert not any(p.had_bye for p in players if p.id == result.bye)


# --- top cut ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "bracket"),
    [
        (2, [(1, 2)]),
        (4, [(1, 4), (2, 3)]),
        (8, [(1, 8), (4, 5), (2, 7), (3, 6)]),
        (16, [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)]),
    ],
)
def test_top_cut_is_seeded_by_standings_in_bracket_order(size, bracket):
    seeds = [f"s{n}" for n in range(1, 21)]
    matches = top_cut_pairings(seeds, size)
    assert [(m.seed_a, m.seed_b) for m in matches] == bracket
    assert [(m.player_a, m.player_b) for m in matches] == [(f"s{a}", f"s{b}") for a, b in bracket]
    assert [m.position for m in matches] == list(range(1, len(bracket) + 1))


def test_the_bracket_advances_from_the_winners_until_the_final():
    # given a top 8 where seed 8 upsets seed 1 and the other favourites win
    quarters = top_cut_pairings(list("ABCDEFGH"), 8)
    # when
    semis = next_top_cut_round(quarters, ["H", "D", "B", "C"])
    final = next_top_cut_round(semis, ["D", "B"])
    # then the winners of matches 1 and 2 meet, higher seed first
    assert semis == (TopCutMatch(1, 4, "D", 8, "H"), TopCutMatch(2, 2, "B", 3, "C"))
    assert final == (TopCutMatch(1, 2, "B", 4, "D"),)
    assert next_top_cut_round(final, ["D"]) == ()


@pytest.mark.parametrize(
    ("seeds", "size", "message"),
    [
        (list("ABCDEF"), 6, "power of two"),
        (list("A"), 1, "power of two"),
        (list("ABC"), 4, "only 3 were given"),
        (list("ABCA"), 4, "seeded twice"),
    ],
)
def test_bad_top_cuts_are_refused(seeds, size, message):
    with pytest.raises(PairingError, match=message):
        top_cut_pairings(seeds, size)


@pytest.mark.parametrize(
    ("winners", "message"),
    [(["A", "D"], "did not play in top cut match 2"), (["A"], "need 2 winners")],
)
def test_every_top_cut_match_needs_one_of_its_players_as_winner(winners, message):
    with pytest.raises(PairingError, match=message):
        next_top_cut_round(top_cut_pairings(list("ABCD"), 4), winners)
