"""Phase plans of multi-day events and who advances between phases (tournaments.core.phases).

Pure: no database.
"""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.core.phases import (
    Advance,
    PhasePlan,
    PhasePlanError,
    SwissPhase,
    advancement,
    parse_plan,
    plan_from_shorthand,
)
from tournaments.core.standings import MatchResult, Standing, compute_standings

TWO_DAYS = [
    {"kind": "swiss", "rounds": 3},
    {"kind": "swiss", "rounds": 2, "advance": {"min_points": 6}},
    {"kind": "top_cut", "size": 4},
]


def standing(rank, player, points, *, dropped=False, omw=Fraction(1, 2)):
    return Standing(
        rank=rank,
        player=player,
        points=points,
        wins=points // 3,
        losses=0,
        draws=points % 3,
        omw=omw,
        gw=Fraction(1, 2),
        ogw=Fraction(1, 2),
        dropped=dropped,
    )


# --- the plan -------------------------------------------------------------------------------


def test_a_two_day_plan_round_trips_and_numbers_its_rounds_across_phases():
    plan = parse_plan(TWO_DAYS)
    assert plan == PhasePlan(swiss=(SwissPhase(3), SwissPhase(2, Advance(min_points=6))), top_cut=4)
    assert plan.to_json() == TWO_DAYS
    assert plan.swiss_rounds == 5
    assert [plan.phase_of_round(n) for n in range(1, 6)] == [1, 1, 1, 2, 2]
    assert (plan.first_round(2), plan.last_round(2)) == (4, 5)
    assert [plan.is_phase_end(n) for n in range(1, 6)] == [False, False, True, False, False]
    with pytest.raises(ValueError, match="no round 6"):
        plan.phase_of_round(6)


def test_the_shorthand_is_a_plan_of_one_swiss_phase():
    assert plan_from_shorthand(5, 8).to_json() == [
        {"kind": "swiss", "rounds": 5},
        {"kind": "top_cut", "size": 8},
    ]
    assert plan_from_shorthand(4).to_json() == [{"kind": "swiss", "rounds": 4}]
    assert not any(plan_from_shorthand(4).is_phase_end(n) for n in range(1, 5))


@pytest.mark.parametrize(
    ("phases", "code"),
    [
        ([], "phases_invalid"),
        ({"kind": "swiss", "rounds": 3}, "phases_invalid"),
        ([{"kind": "swiss", "rounds": 0}], "phases_invalid"),
        ([{"kind": "swiss", "rounds": True}], "phases_invalid"),
        ([{"kind": "swiss", "rounds": "3"}], "phases_invalid"),
        ([{"kind": "swiss", "rounds": 3, "colour": "red"}], "phases_invalid"),
        ([{"kind": "elimination", "rounds": 3}], "phases_invalid"),
        ([{"kind": "swiss", "rounds": 3, "advance": {"top": 8}}], "phases_first_advance"),
        ([{"kind": "top_cut", "size": 8}], "phases_first_not_swiss"),
        (
            [{"kind": "swiss", "rounds": 3}, {"kind": "swiss", "rounds": 2}],
            "phases_advance_required",
        ),
        (
            [
                {"kind": "swiss", "rounds": 3},
                {"kind": "swiss", "rounds": 2, "advance": {"top": 8, "min_points": 6}},
            ],
            "phases_advance_required",
        ),
        (
            [
                {"kind": "swiss", "rounds": 3},
                {"kind": "swiss", "rounds": 2, "advance": {"best": 8}},
            ],
            "phases_advance_required",
        ),
        (
            [{"kind": "swiss", "rounds": 3}, {"kind": "swiss", "rounds": 2, "advance": {"top": 0}}],
            "phases_invalid",
        ),
        (
            [
                {"kind": "swiss", "rounds": 3},
                {"kind": "swiss", "rounds": 2, "advance": {"min_points": -1}},
            ],
            "phases_invalid",
        ),
        ([{"kind": "swiss", "rounds": 3}, {"kind": "top_cut", "size": 6}], "phases_invalid"),
        (
            [
                {"kind": "swiss", "rounds": 3},
                {"kind": "top_cut", "size": 8},
                {"kind": "swiss", "rounds": 2, "advance": {"top": 8}},
            ],
            "phases_top_cut_not_last",
        ),
        (
            [
                {"kind": "swiss", "rounds": 3},
                {"kind": "top_cut", "size": 8},
                {"kind": "top_cut", "size": 4},
            ],
            "phases_top_cut_not_last",
        ),
        (
            [
                {"kind": "swiss", "rounds": 15},
                {"kind": "swiss", "rounds": 6, "advance": {"top": 8}},
            ],
            "phases_invalid",
        ),
    ],
)
def test_a_plan_that_cannot_be_run_is_refused_with_a_stable_code(phases, code):
    with pytest.raises(PhasePlanError) as refused:
        parse_plan(phases)
    assert refused.value.code == code
    assert refused.value.message


advance_rules = st.one_of(
    st.builds(Advance, min_points=st.integers(0, 30)),
    st.builds(Advance, top=st.integers(1, 16)),
)
swiss_phases = st.lists(st.integers(1, 5), min_size=1, max_size=4).flatmap(
    lambda rounds: st.lists(advance_rules, min_size=len(rounds) - 1, max_size=len(rounds) - 1).map(
        lambda rules: tuple(
            SwissPhase(r, None if i == 0 else rules[i - 1]) for i, r in enumerate(rounds)
        )
    )
)
plans = st.builds(PhasePlan, swiss=swiss_phases, top_cut=st.sampled_from([0, 4, 8])).filter(
    lambda plan: all(p.advance is None or (p.advance.top or 99) >= plan.top_cut for p in plan.swiss)
)


def test_a_top_n_smaller_than_the_top_cut_is_refused():
    phases = [
        {"kind": "swiss", "rounds": 3},
        {"kind": "swiss", "rounds": 2, "advance": {"top": 4}},
        {"kind": "top_cut", "size": 8},
    ]
    with pytest.raises(PhasePlanError, match="fewer than the top cut of 8") as refused:
        parse_plan(phases)
    assert refused.value.code == "phases_invalid"
    phases[1]["advance"] = {"top": 8}
    assert parse_plan(phases).top_cut == 8


@given(plans)
def test_every_valid_plan_round_trips_and_its_rounds_add_up(plan):
    assert parse_plan(plan.to_json()) == plan
    assert plan.swiss_rounds == sum(phase.rounds for phase in plan.swiss)
    # Each Swiss round belongs to exactly one phase, in order, and each phase's rounds are its own.
    owners = [plan.phase_of_round(n) for n in range(1, plan.swiss_rounds + 1)]
    assert owners == sorted(owners)
    for number, phase in enumerate(plan.swiss, start=1):
        assert owners.count(number) == phase.rounds
        assert plan.last_round(number) - plan.first_round(number) + 1 == phase.rounds
    # A confirmation is due exactly once between each two Swiss phases.
    ends = [n for n in range(1, plan.swiss_rounds + 1) if plan.is_phase_end(n)]
    assert len(ends) == len(plan.swiss) - 1


# --- who advances ---------------------------------------------------------------------------


def test_min_points_advances_everyone_on_the_points_and_nobody_already_out():
    table = [
        standing(1, "ann", 9),
        standing(2, "bob", 6),
        standing(3, "cat", 6, dropped=True),
        standing(4, "dan", 6),
        standing(5, "eve", 3),
        standing(6, "fay", 0),
    ]
    result = advancement(table, Advance(min_points=6), out=["dan"])
    assert result.advancing == ("ann", "bob")
    assert result.not_advancing == ("eve", "fay")
    assert not result.exact_tie_at_cut


def test_top_n_counts_only_players_still_in_and_reports_an_exact_tie_at_the_cut():
    table = [
        standing(1, "ann", 9),
        standing(2, "bob", 6, dropped=True),
        standing(3, "cat", 6),
        standing(4, "dan", 6),
        standing(5, "eve", 3),
    ]
    result = advancement(table, Advance(top=2))
    assert result.advancing == ("ann", "cat")
    assert result.not_advancing == ("dan", "eve")
    # cat and dan are level on points and all three tiebreakers: registration order decided.
    assert result.exact_tie_at_cut


def test_top_n_ties_on_points_are_decided_by_the_tiebreakers():
    # given two players on 6 points, dan with the better OMW%, so the standings rank him first
    results = [
        MatchResult("dan", "ann", 2, 0, 0, round=1),
        MatchResult("cat", "eve", 2, 0, 0, round=1),
        MatchResult("dan", "eve", 2, 0, 0, round=2),
        MatchResult("cat", "fay", 2, 0, 0, round=2),
        MatchResult("ann", "fay", 2, 0, 0, round=3),
        MatchResult("eve", "bob", 2, 0, 0, round=3),
    ]
    table = compute_standings(results)
    # when the top 1 advances
    result = advancement(table, Advance(top=1))
    # then the tiebreakers, not registration order, decided it
    assert result.advancing == ("dan",)
    assert not result.exact_tie_at_cut


def test_top_n_larger_than_the_field_advances_everyone_still_in():
    table = [standing(1, "ann", 3), standing(2, "bob", 0)]
    assert advancement(table, Advance(top=8)).advancing == ("ann", "bob")


def round_robin_results(draw):
    players = [f"p{i}" for i in range(draw(st.integers(2, 10)))]
    rounds = draw(st.integers(1, 4))
    results = []
    for rnd in range(1, rounds + 1):
        order = draw(st.permutations(players))
        for a, b in zip(order[::2], order[1::2], strict=False):
            score = draw(st.sampled_from([(2, 0, 0), (0, 2, 0), (1, 1, 0), (2, 1, 0)]))
            results.append(MatchResult(a, b, *score, round=rnd))
        if len(order) % 2:
            results.append(MatchResult.bye(order[-1], rnd))
    dropped = draw(st.sets(st.sampled_from(players)))
    out = draw(st.sets(st.sampled_from(players)))
    return compute_standings(results, players=players, dropped=dropped), out


standings_cases = st.composite(round_robin_results)()


@given(standings_cases, advance_rules)
def test_advancing_players_are_exactly_those_meeting_the_rule(case, rule):
    table, out = case
    result = advancement(table, rule, out=out)
    still_in = [s for s in table if not s.dropped and s.player not in out]
    # Everyone still in is on exactly one side, and nobody already out is on either.
    assert sorted(result.advancing + result.not_advancing) == sorted(s.player for s in still_in)
    assert not set(result.advancing) & set(result.not_advancing)
    by_player = {s.player: s for s in table}
    if rule.min_points is not None:
        assert all(by_player[p].points >= rule.min_points for p in result.advancing)
        assert all(by_player[p].points < rule.min_points for p in result.not_advancing)
    else:
        assert len(result.advancing) == min(rule.top, len(still_in))
        # Nobody left out stands above anybody who goes on.
        if result.advancing and result.not_advancing:
            worst_in = max(by_player[p].rank for p in result.advancing)
            best_out = min(by_player[p].rank for p in result.not_advancing)
            assert worst_in < best_out
