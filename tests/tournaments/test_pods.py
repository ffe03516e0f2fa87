"""Three-Arena pods (tournaments.core.pairing.pair_pods) and their standings
(tournaments.core.standings.PodResult).

The pods are checked against an exhaustive search written independently of the module: it
enumerates every grouping of the teams into threes directly, where the module uses a dynamic
programme that always heads a pod with the best-placed team left.
"""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.core.pairing import (
    POD_ARENAS,
    PairingError,
    PlayerRecord,
    _pods,
    pair_pods,
)
from tournaments.core.standings import MatchResult, PodResult, ResultError, compute_standings

# --- builders ---------------------------------------------------------------------------------


def teams(*specs, met=(), byes=()):
    """Teams from (id, points), ranked in the order given; `met` lists pods (tuples of ids)."""
    opponents: dict[str, list[str]] = {tid: [] for tid, _ in specs}
    for pod in met:
        for team in pod:
            opponents[team] += [other for other in pod if other != team]
    return [
        PlayerRecord(tid, points, rank, tuple(opponents[tid]), had_bye=tid in byes)
        for rank, (tid, points) in enumerate(specs, start=1)
    ]


def groupings(ids):
    """Every way to split `ids` (a multiple of three) into unordered threes."""
    if not ids:
        yield []
        return
    head, rest = ids[0], ids[1:]
    for i in range(len(rest)):
        for j in range(i + 1, len(rest)):
            left = [x for n, x in enumerate(rest) if n not in (i, j)]
            for more in groupings(left):
                yield [(head, rest[i], rest[j]), *more]


def quality(field, pods):
    """(repeat pairs, sum of squared point differences) of a grouping."""
    points = {t.id: t.points for t in field}
    met = {frozenset((t.id, o)) for t in field for o in t.opponents}
    repeats = squares = 0
    for pod in pods:
        for i, x in enumerate(pod):
            for y in pod[i + 1 :]:
                repeats += frozenset((x, y)) in met
                squares += (points[x] - points[y]) ** 2
    return repeats, squares


def expected_byes(field):
    """The rule, restated: the bottom teams without a bye, then the bottom teams."""
    active = [t for t in field if not t.dropped]
    count = len(active) % 3
    bottom = [t for t in reversed(active) if not t.had_bye] + [
        t for t in reversed(active) if t.had_bye
    ]
    return {t.id for t in bottom[:count]}


@st.composite
def small_fields(draw, most=11):
    size = draw(st.integers(min_value=0, max_value=most))
    points = sorted(
        draw(st.lists(st.sampled_from([0, 3, 6, 9]), min_size=size, max_size=size)),
        reverse=True,
    )
    ids = [f"t{n}" for n in range(size)]
    met = []
    if size >= 3:
        for _ in range(draw(st.integers(min_value=0, max_value=4))):
            met.append(tuple(draw(st.permutations(ids))[:3]))
    byes = draw(st.sets(st.sampled_from(ids))) if ids else set()
    return teams(*zip(ids, points, strict=True), met=met, byes=byes)


# --- pods -------------------------------------------------------------------------------------


def test_six_teams_on_equal_points_make_two_pods_and_no_bye():
    # given
    field = teams(*[(f"t{n}", 0) for n in range(6)])
    # when
    result = pair_pods(field, seed=1)
    # then
    assert [len(p.teams) for p in result.pods] == [3, 3]
    assert result.byes == ()
    assert sorted(t for p in result.pods for t in p.teams) == sorted(t.id for t in field)


def test_no_earlier_pod_is_repeated_and_repeat_opponents_are_as_few_as_possible():
    # given six teams on equal points, two pods already played
    field = teams(*[(x, 3) for x in "abcdef"], met=[("a", "b", "c"), ("d", "e", "f")])
    # when
    result = pair_pods(field, seed=7)
    # then no earlier pod is played again
    met_before = [{"a", "b", "c"}, {"d", "e", "f"}]
    for pod in result.pods:
        assert all(len(set(pod.teams) & old) <= 2 for old in met_before)
    # six teams in two earlier pods: any new grouping repeats at least one pair per pod
    assert result.repeats == quality(field, [p.teams for p in result.pods])[0] == 2


def test_pods_follow_the_standings():
    # given three teams on 6 points and three on 0
    field = teams(("a", 6), ("b", 6), ("c", 6), ("d", 0), ("e", 0), ("f", 0))
    # when
    result = pair_pods(field, seed=3)
    # then the leaders play each other
    assert [set(p.teams) for p in result.pods] == [{"a", "b", "c"}, {"d", "e", "f"}]
    assert result.pods[0].explanation == "3 teams on 6 points"


@pytest.mark.parametrize(("count", "byes"), [(3, 0), (4, 1), (5, 2), (7, 1), (8, 2)])
def test_teams_that_do_not_fill_pods_of_three_get_byes_from_the_bottom(count, byes):
    field = teams(*[(f"t{n}", count - n) for n in range(count)])
    result = pair_pods(field, seed=0)
    assert len(result.byes) == byes
    assert set(result.byes) == {f"t{n}" for n in range(count - byes, count)}
    assert all(p.table is None for p in result.pods if p.is_bye)


def test_a_bye_skips_a_team_that_already_had_one():
    field = teams(("a", 6), ("b", 3), ("c", 3), ("d", 0), byes={"d"})
    assert pair_pods(field, seed=0).byes == ("c",)


def test_a_team_listed_twice_is_refused():
    with pytest.raises(PairingError):
        pair_pods(teams(("a", 0), ("a", 0), ("b", 0)), seed=0)


def test_the_same_teams_and_seed_give_the_same_pods_in_any_order():
    field = teams(*[(f"t{n}", (n % 3) * 3) for n in range(9)])
    first = pair_pods(field, seed=42)
    again = pair_pods(list(reversed(field)), seed=42)
    assert first == again


def test_each_arena_seats_two_teams_and_each_team_plays_in_two_arenas():
    # Titans of Eden Rulebook L349, L365, L398: Team 1 in arenas 1 and 2, its first player
    # against Team 3's first in arena 1
    seats = [side for _, *sides in POD_ARENAS for side in sides]
    assert sorted(seats) == [(t, s) for t in range(3) for s in (1, 2)]
    assert POD_ARENAS[0] == (1, (0, 1), (2, 1))
    for arena, (team_x, _), (team_y, _) in POD_ARENAS:
        assert team_x != team_y, arena


@settings(max_examples=150, deadline=None)
@given(field=small_fields(), seed=st.integers(min_value=0, max_value=2**31))
def test_every_team_is_in_exactly_one_pod_or_a_bye_and_pods_follow_the_standings(field, seed):
    result = pair_pods(field, seed=seed)
    placed = [t for p in result.pods for t in p.teams]
    assert sorted(placed) == sorted(t.id for t in field)
    assert all(len(p.teams) == 3 for p in result.pods if not p.is_bye)
    assert set(result.byes) == expected_byes(field)
    points = {t.id: t.points for t in field}
    tops = [max(points[t] for t in p.teams) for p in result.pods if not p.is_bye]
    assert tops == sorted(tops, reverse=True)
    assert [p.table for p in result.pods if not p.is_bye] == list(range(1, len(tops) + 1))


@settings(max_examples=150, deadline=None)
@given(field=small_fields(most=11), seed=st.integers(min_value=0, max_value=2**31))
def test_pods_match_brute_force_on_small_fields(field, seed):
    # given every grouping of the teams that play searched exhaustively
    byes = expected_byes(field)
    playing = [t.id for t in field if t.id not in byes]
    best = min(quality(field, g) for g in groupings(playing))
    # when
    result = pair_pods(field, seed=seed)
    # then repeats first, then point differences, are minimal: no repeat pod when avoidable
    assert quality(field, [p.teams for p in result.pods if not p.is_bye]) == best
    assert result.proven_optimal


@settings(max_examples=60, deadline=None)
@given(field=small_fields(most=11), seed=st.integers(min_value=0, max_value=2**31))
def test_windowed_pods_still_place_everyone_once(field, seed):
    # The windowed solve of large fields, driven on small ones with a window of three.
    result = _pods(field, seed=seed, exact_limit=3)
    assert sorted(t for p in result.pods for t in p.teams) == sorted(t.id for t in field)
    assert result.proven_optimal == (result.repeats == 0 or len(field) - len(result.byes) <= 3)


# --- standings of pods ------------------------------------------------------------------------


def test_a_pod_win_is_three_points_and_the_two_other_teams_are_its_opponents():
    # given two rounds: a wins a pod of a, b, c; then b wins a pod of b, c, d while a has a bye
    results = [MatchResult.bye("a", 2)]
    pods = [PodResult(("a", "b", "c"), "a", 1), PodResult(("b", "c", "d"), "b", 2)]
    # when
    lines = compute_standings(results, pods=pods, players=["d"])
    # then
    by_team = {line.player: line for line in lines}
    assert (by_team["a"].points, by_team["a"].wins) == (6, 2)
    assert (by_team["b"].points, by_team["b"].losses) == (3, 1)
    assert (by_team["c"].points, by_team["c"].losses) == (0, 2)
    # a's opponents are b and c (the bye is none): MW% 1/2 and the 0.33 floor
    assert by_team["a"].omw == (Fraction(1, 2) + Fraction(33, 100)) / 2
    assert [line.player for line in lines][:2] == ["a", "b"]


def test_a_pod_without_a_winner_is_a_draw_for_all_three():
    lines = compute_standings([], pods=[PodResult(("a", "b", "c"), None, 1)])
    assert {(line.points, line.draws) for line in lines} == {(1, 1)}


@pytest.mark.parametrize(
    "pod",
    [
        lambda: PodResult(("a", "a", "b"), None, 1),
        lambda: PodResult(("a", "b", "c"), "d", 1),
        lambda: PodResult(("a", "b", "c"), "a", 0),
    ],
)
def test_an_impossible_pod_result_is_refused(pod):
    with pytest.raises(ResultError):
        pod()


def test_a_team_with_a_pod_and_a_bye_in_one_round_is_refused():
    with pytest.raises(ResultError):
        compute_standings([MatchResult.bye("a", 1)], pods=[PodResult(("a", "b", "c"), "b", 1)])
