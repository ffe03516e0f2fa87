"""Whole games over the sample timelines: they finish, the invariants hold at every step, the
log replays to the identical state, the same seed gives the same bytes, and the bots play
matches (leads and lock-and-show swaps included)."""

import json
import pickle
import random
from itertools import islice

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from decks.core.bundled import card_set, sample_decklists
from rules.core import match as protocol
from rules.core.engine import (
    GameLog,
    IllegalAction,
    InvariantError,
    apply,
    check_invariants,
    game_log,
    legal_actions,
    new_game,
    replay,
    snapshot,
)
from rules.core.engine.actions import (
    PASS,
    Choose,
    Dash,
    Play,
    Select,
    Step,
    action_text,
    action_to_json,
)
from rules.core.engine.bots import HeuristicBot, RandomBot, below
from rules.core.engine.decks import deck_from_decklist
from rules.core.engine.play import play_game, play_match

CARDS = card_set()
SAMPLES = sample_decklists()
NAMES = sorted(SAMPLES)
FINISHED = {"hp", "timeline", "both_lost", "round_cap"}


def pairing(seed: int) -> tuple[str, str]:
    return NAMES[seed % 4], NAMES[(seed // 4) % 4]


def random_game(seed: int, check: bool = True, narrate: bool = False):
    a, b = pairing(seed)
    bots = (RandomBot(seed), RandomBot(seed + 1_000_003))
    return play_game(SAMPLES[a], SAMPLES[b], CARDS, seed, bots, check=check, narrate=narrate)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**31))
def test_random_games_finish_with_the_invariants_holding_at_every_step(seed):
    result = random_game(seed)  # check=True asserts the invariants after every step
    assert result.over
    assert result.reason in FINISHED


def test_two_hundred_random_games_over_the_sample_timelines_all_finish():
    reasons = [random_game(seed, check=False).reason for seed in range(200)]
    assert set(reasons) <= FINISHED
    assert reasons.count("round_cap") < 10


def test_the_same_decks_and_seed_give_the_same_log_byte_for_byte():
    first = random_game(11, check=False).log.dumps()
    second = random_game(11, check=False).log.dumps()
    assert first == second
    assert random_game(12, check=False).log.dumps() != first


@pytest.mark.parametrize("n", [1, 2, 3, 7, 8, 9, 64, 100])
def test_the_random_bot_draws_as_randrange_does(n):
    # given: two generators with the same seed
    ours, theirs = random.Random(n), random.Random(n)
    # then: the same numbers, drawn the same way (the next draw agrees too)
    assert [below(ours, n) for _ in range(200)] == [theirs.randrange(n) for _ in range(200)]
    assert ours.random() == theirs.random()


def as_sorted_json(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize(
    "action",
    [
        PASS,
        Select(7),
        Step(12, None),
        Step(None, "left"),
        Step(3, "right"),
        Dash(4),
        Play(30, 0, ()),
        Play(30, 1, (2,)),
        Play(0, 2, (5, 9), (40, 41)),
        Choose(0),
        Choose(70),
    ],
)
def test_an_action_is_written_to_the_log_as_its_json(action):
    assert action_text(action) == as_sorted_json(action_to_json(action))


@pytest.mark.parametrize("seed", [3, 8])
def test_the_log_text_is_the_log_as_json_with_its_keys_sorted(seed):
    log = random_game(seed, check=False).log
    assert log.dumps() == as_sorted_json(log.as_json())
    assert GameLog.loads(log.dumps()) == log


@pytest.mark.parametrize("seed", [0, 5, 17])
def test_the_log_replays_to_the_identical_state(seed):
    result = random_game(seed, check=False, narrate=True)
    text = result.log.dumps()
    rebuilt = replay(GameLog.loads(text), CARDS, narrate=True)
    assert snapshot(rebuilt) == snapshot(result.state)
    assert rebuilt.event_list() == result.state.event_list()
    assert game_log(rebuilt).dumps() == text


@pytest.mark.parametrize("seed", [0, 5, 17])
def test_a_game_told_and_one_untold_are_the_same_game(seed):
    # Setup.narrate: the story is told or not, and nothing else changes; an untold game's
    # story is asked for by replaying its log with narration.
    told, untold = random_game(seed, check=False, narrate=True), random_game(seed, check=False)
    assert untold.log == told.log
    assert snapshot(untold.state) == snapshot(told.state)
    assert untold.state.events is None
    with pytest.raises(ValueError, match="without narration"):
        untold.state.event_list()
    retold = replay(untold.log, CARDS, narrate=True)
    assert retold.event_list() == told.state.event_list()


def test_a_log_from_other_card_data_is_refused_on_replay():
    result = random_game(3, check=False)
    log = result.log
    tampered = GameLog(log.seed + 1, log.leader, log.decks, log.actions, log.result)
    with pytest.raises(IllegalAction):
        replay(tampered, CARDS)


def test_apply_never_changes_the_state_it_is_given():
    deck = deck_from_decklist(SAMPLES[NAMES[0]], CARDS)
    state = new_game((deck, deck), seed=9)
    bot = RandomBot(4)
    for _ in range(60):
        if state.over:
            break
        before = snapshot(state)
        action = bot.choose_action(state)
        after = apply(state, action)
        assert snapshot(state) == before
        check_invariants(after)
        state = after


def test_an_illegal_action_is_refused_and_changes_nothing():
    deck = deck_from_decklist(SAMPLES[NAMES[1]], CARDS)
    state = new_game((deck, deck), seed=2)
    from rules.core.engine import Play

    with pytest.raises(IllegalAction):
        apply(state, Play(999, 0, ()))
    assert legal_actions(state)


def test_a_game_state_stays_small():
    result = random_game(21, check=False)
    assert len(pickle.dumps(result.state)) < 5 * 2**20


def test_the_heuristic_bot_beats_the_random_bot_with_mirrored_decks():
    wins = 0
    games = 24
    for seed in range(games):
        deck = SAMPLES[NAMES[seed % 4]]
        heuristic_first = seed % 2 == 0
        bots = (
            (HeuristicBot(seed), RandomBot(seed))
            if heuristic_first
            else (
                RandomBot(seed),
                HeuristicBot(seed),
            )
        )
        result = play_game(deck, deck, CARDS, seed, bots)
        wins += result.winner == ("a" if heuristic_first else "b")
    assert wins >= 0.8 * games


@pytest.mark.parametrize(
    "bot", [RandomBot, lambda seed: HeuristicBot(seed, CARDS)], ids=["random", "heuristic"]
)
def test_bots_play_a_best_of_three_with_leads_and_swaps(bot):
    a, b = SAMPLES[NAMES[0]], SAMPLES[NAMES[3]]
    outcome = play_match(a, b, CARDS, seed=5, bots=(bot(1), bot(2)))
    result = protocol.result(outcome.match)
    assert result.over
    assert len(outcome.games) in (2, 3)
    shows = [e for e in outcome.match.log if isinstance(e, protocol.Show)]
    assert len(shows) == len(outcome.games) - 1  # a lock and show between games
    for game in outcome.games:
        assert game.over


def test_the_random_bot_swaps_cards_of_equal_chi():
    a, b = SAMPLES[NAMES[0]], SAMPLES[NAMES[2]]
    swaps = []
    for seed in range(6):
        outcome = play_match(a, b, CARDS, seed=seed, bots=(RandomBot(seed), RandomBot(seed + 1)))
        swaps += [
            swap
            for e in outcome.match.log
            if isinstance(e, protocol.Show)
            for swap in (e.a, e.b)
            if swap.out
        ]
    assert swaps  # some bot swapped something
    chi = protocol.chi_table(CARDS.values())
    from rules.core.cards import name_key

    for swap in islice(swaps, 10):
        assert sum(chi[name_key(n)] for n in swap.out) == sum(chi[name_key(n)] for n in swap.in_)


def test_the_invariant_check_catches_stale_remembered_answers():
    # given: a position with permanents, one of them stunned by an effect
    from rules.core.engine.damage import Modifier
    from rules.core.engine.queries import has, occupied_mask

    state = random_game(3, check=False).state
    perm = state.perms[0]
    perm.effects = (Modifier("stun", None, None, 1, "turn"),)
    state.memo = None
    check_invariants(state)
    # when: the remembered occupancy is wrong
    free = next(s for s in range(30) if not occupied_mask(state) >> s & 1)
    state.memo["occupied"] |= 1 << free
    # then
    with pytest.raises(InvariantError, match="stale occupancy"):
        check_invariants(state)
    # when: a remembered keyword set is wrong
    state.memo = None
    assert has(state, perm, "stun")
    state.memo["keywords", perm.id] = frozenset({"tiny"})
    # then
    with pytest.raises(InvariantError, match="stale keyword"):
        check_invariants(state)
