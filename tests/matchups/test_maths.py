"""The matchup lab's pure arithmetic (matchups.core.lab): the Wilson interval against
published values and against the score test it inverts, its bounds as properties, and the
seeds, chunks and tallies."""

import os
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from matchups.core import lab as core
from rules.core.cards import Card, CardType


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        # as statsmodels' proportion_confint(wins, games, method="wilson") gives them
        (5, 10, 0.2365931, 0.7634069),
        (0, 10, 0.0, 0.2775328),
        (10, 10, 0.7224672, 1.0),
    ],
)
def test_the_wilson_interval_has_the_known_values(wins, games, low, high):
    got = core.wilson_interval(wins, games)
    assert got == pytest.approx((low, high), abs=1e-6)


def score_test_bounds(wins: int, games: int) -> tuple[float, float]:
    """The Wilson interval found the slow way: the rates p the score test does not reject,
    |wins/games - p| <= z * sqrt(p (1 - p) / games), by bisection on each side of wins/games."""
    rate = wins / games

    def rejected(p: float) -> bool:
        return abs(rate - p) > core.Z95 * (p * (1 - p) / games) ** 0.5

    def edge(inside: float, outside: float) -> float:
        if not rejected(outside):
            return outside
        for _ in range(200):
            middle = (inside + outside) / 2
            inside, outside = (inside, middle) if rejected(middle) else (middle, outside)
        return inside

    return edge(rate, 0.0), edge(rate, 1.0)


@given(st.integers(1, 3000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_the_interval_is_the_score_tests_acceptance_region(case):
    wins, games = case
    assert core.wilson_interval(wins, games) == pytest.approx(
        score_test_bounds(wins, games), abs=1e-9
    )


def test_no_games_say_nothing_and_impossible_counts_are_refused():
    assert core.wilson_interval(0, 0) == (0.0, 1.0)
    for wins, games in ((3, 2), (-1, 2), (0, -1)):
        with pytest.raises(ValueError, match="wins must be between"):
            core.wilson_interval(wins, games)


@given(st.integers(1, 5000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_the_interval_holds_the_win_rate_inside_zero_and_one(case):
    wins, games = case
    low, high = core.wilson_interval(wins, games)
    assert 0.0 <= low <= wins / games <= high <= 1.0
    assert low < high
    # the mirror image: losses' interval is the wins' turned round
    mirror = core.wilson_interval(games - wins, games)
    assert mirror == pytest.approx((1 - high, 1 - low), abs=1e-9)


@given(st.integers(0, 50), st.integers(1, 50))
def test_more_games_at_the_same_rate_narrow_the_interval(wins, extra):
    games = wins + extra
    low, high = core.wilson_interval(wins, games)
    low4, high4 = core.wilson_interval(4 * wins, 4 * games)
    assert high4 - low4 < high - low


@given(st.integers(1, 2000))
def test_chunks_cover_every_game_once_in_order(games):
    parts = core.chunks(games)
    assert [n for part in parts for n in part] == list(range(games))
    assert all(5 <= len(part) <= 50 for part in parts[:-1])
    assert len(parts) <= 40


@given(st.integers(1, 2000), st.integers(1, 120))
def test_the_field_gets_the_games_in_turn(games, opponents):
    counts = [0] * opponents
    for number in range(games):
        counts[core.opponent_of(number, opponents)] += 1
    assert max(counts) - min(counts) <= 1


def test_seeds_follow_the_request():
    parts = {"deck": {"champion": "Sera"}, "games": 20, "bot": "random"}
    assert core.base_seed(parts) == core.base_seed(dict(reversed(list(parts.items()))))
    assert core.base_seed(parts) != core.base_seed({**parts, "games": 21})
    assert 0 <= core.base_seed(parts) < 2**40
    assert len({core.game_seed(core.base_seed(parts), n) for n in range(2000)}) == 2000


games_ = st.lists(
    st.builds(
        core.PlayedGame,
        number=st.integers(0, 1999),
        winner=st.sampled_from(["a", "b", None]),
        reason=st.sampled_from(list(core.ENDINGS)),
        rounds=st.integers(1, 40),
    ),
    max_size=60,
)


@given(games_, st.integers(0, 60))
def test_chunk_tallies_add_up_to_the_tally_of_all_games(played, cut):
    whole = core.tally(played)
    parts = core.combine([core.tally(played[:cut]), core.tally(played[cut:])])
    assert parts == whole
    assert core.Tally.from_json(whole.as_json()) == whole
    assert whole.wins + whole.losses + whole.draws == whole.games == len(played)
    summary = core.summarize(whole)
    assert sum(e["games"] for e in summary.endings) == len(played)
    if played:
        assert summary.ci95 is not None
        assert summary.ci95[0] <= summary.win_rate <= summary.ci95[1]
    else:
        assert summary.win_rate is None


def test_endings_are_listed_in_the_engines_order_with_words():
    played = [
        core.PlayedGame(0, "a", "timeline", 9),
        core.PlayedGame(1, "b", "hp", 7),
        core.PlayedGame(2, None, "both_lost", 5),
        core.PlayedGame(3, "a", "hp", 6),
    ]
    summary = core.summarize(core.tally(played))
    assert [
        (e["reason"], e["games"], e["wins"], e["losses"], e["draws"]) for e in summary.endings
    ] == [
        ("hp", 2, 1, 1, 0),
        ("timeline", 1, 1, 0, 0),
        ("both_lost", 1, 0, 0, 1),
    ]
    assert summary.average_rounds == pytest.approx(27 / 4)
    assert summary.win_rate == 0.5


def test_the_cards_digest_is_the_same_in_every_process():
    # given: a card whose affiliations are a set, which Python orders by string hashes that
    # differ from one process to the next
    script = (
        "from rules.core.cards import Card, CardType\n"
        "from matchups.core.lab import cards_digest\n"
        "card = Card(name='Prism', type=CardType.SPELL, chi=3,"
        " affiliations=frozenset({'Axon', 'Chaos', 'Tessaryn', 'Verdance'}))\n"
        "print(cards_digest([card]))\n"
    )
    # when
    digests = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in (1, 2, 3)
    }
    # then
    assert len(digests) == 1


def test_the_cards_digest_changes_with_a_cards_rules():
    card = Card(name="Prism", type=CardType.SPELL, chi=3, affiliations=frozenset({"Axon"}))
    cheaper = Card(name="Prism", type=CardType.SPELL, chi=2, affiliations=frozenset({"Axon"}))
    assert core.cards_digest([card]) == core.cards_digest([card])
    assert core.cards_digest([card]) != core.cards_digest([cheaper])
