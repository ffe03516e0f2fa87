"""The match protocol under other match settings: best of N, no sideboarding, swaps without Chi,
a coin flip for every game. Genesis's own protocol is tested in test_match.py."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.decklist import DeckEntry, Decklist
from rules.core.match import (
    GENESIS_RULES,
    Code,
    LeadRule,
    MatchRules,
    Phase,
    ProtocolError,
    as_dict,
    check_score,
    choose_lead,
    concede,
    from_dict,
    lock,
    match_loss,
    new_match,
    record_game,
    result,
    visible_lock,
    who_chooses,
    who_locks_next,
)

MAIN = Decklist(None, (DeckEntry(4, "Slime King"), DeckEntry(2, "Purge in Flames")))
WITH_SIDEBOARD = Decklist(
    None, (DeckEntry(4, "Slime King"),), (DeckEntry(2, "Rending Flames"), DeckEntry(1, "Beseech"))
)
NO_SIDEBOARDING = MatchRules(best_of=3, sideboarding=False, equal_chi=False)
GA = MatchRules(best_of=3, equal_chi=False, deck="deck", reserve="sideboard")


def play_game(state, winner):
    chooser = who_chooses(state)
    assert chooser is not None
    state = choose_lead(state, chooser, True)
    while (locker := who_locks_next(state)) is not None:
        state = lock(state, locker, [], [])
    return record_game(state, winner)


@pytest.mark.parametrize("best_of", [1, 3, 5, 7])
def test_a_best_of_n_ends_when_a_player_has_the_wins_it_needs(best_of):
    # given
    rules = MatchRules(best_of=best_of, sideboarding=False, equal_chi=False)
    state = new_match(MAIN, MAIN, {}, 7, rules=rules)
    # when
    for _ in range(best_of // 2 + 1):
        assert state.phase is not Phase.OVER
        state = play_game(state, "a")
    # then
    assert result(state).over
    assert result(state).a_wins == best_of // 2 + 1
    assert result(state).winner == "a"


def test_without_sideboarding_there_is_no_lock_and_show_between_games():
    # given
    state = play_game(new_match(MAIN, MAIN, {}, 3, rules=NO_SIDEBOARDING), "a")
    # when
    state = choose_lead(state, "b", True)
    # then: game 2 starts at once, and nobody can lock
    assert state.phase is Phase.PLAYING
    assert visible_lock(state, "a")["a"]["status"] == "none"
    with pytest.raises(ProtocolError) as refused:
        lock(state, "a", [], [])
    assert refused.value.code is Code.NO_SIDEBOARDING


def test_a_game_without_chi_swaps_card_for_card_with_its_own_words():
    # given: no Chi table at all
    state = play_game(new_match(WITH_SIDEBOARD, WITH_SIDEBOARD, {}, 3, rules=GA), "a")
    state = choose_lead(state, "b", True)
    # when: the winner of game 1 locks first
    state = lock(state, "a", ["Slime King", "Slime King"], ["Rending Flames", "Beseech"])
    state = lock(state, "b", [], [])
    # then
    assert state.phase is Phase.PLAYING
    assert {e.name: e.count for e in state.side("a").current.timeline} == {
        "Slime King": 2,
        "Rending Flames": 1,
        "Beseech": 1,
    }
    fresh = play_game(new_match(WITH_SIDEBOARD, WITH_SIDEBOARD, {}, 3, rules=GA), "a")
    with pytest.raises(ProtocolError) as refused:
        lock(choose_lead(fresh, "b", True), "a", ["Slime King"], [])
    assert refused.value.code is Code.SWAP_COUNT_MISMATCH
    assert "your deck" in refused.value.message
    assert "sideboard" in refused.value.message


def test_a_coin_flip_decides_who_chooses_every_game_when_the_rules_say_so():
    # given
    rules = MatchRules(best_of=5, sideboarding=False, equal_chi=False, lead="random_each_game")
    choosers = set()
    for seed in range(30):
        state = play_game(new_match(MAIN, MAIN, {}, seed, rules=rules), "a")
        # then: the loser of game 1 does not always choose
        choosers.add(who_chooses(state))
    assert choosers == {"a", "b"}
    assert rules.lead is LeadRule.RANDOM_EACH_GAME


def test_a_conceded_or_penalised_match_gives_the_winner_the_wins_needed():
    rules = MatchRules(best_of=5, sideboarding=False, equal_chi=False)
    state = new_match(MAIN, MAIN, {}, 1, rules=rules)
    assert result(concede(state, "a", True)).b_wins == 3
    assert result(match_loss(state, "b")).a_wins == 3


@pytest.mark.parametrize(
    ("score", "best_of", "legal"),
    [((3, 1, 0), 5, True), ((3, 1, 0), 3, False), ((1, 0, 0), 1, True), ((2, 0, 0), 1, False)],
)
def test_a_whole_match_score_is_checked_against_best_of_n(score, best_of, legal):
    rules = MatchRules(best_of=best_of, sideboarding=False, equal_chi=False)
    if legal:
        check_score(*score, False, rules)
    else:
        with pytest.raises(ProtocolError) as refused:
            check_score(*score, False, rules)
        assert refused.value.code is Code.INVALID_RESULT


@pytest.mark.parametrize("best_of", [0, 2, 9, True])
def test_match_settings_refuse_an_even_or_impossible_best_of(best_of):
    with pytest.raises(ValueError):  # noqa: PT011 - a caller's mistake, not a refusal
        MatchRules(best_of=best_of)


@given(st.integers(0, 2**31), st.lists(st.sampled_from(["a", "b", None]), max_size=8))
def test_a_match_with_other_settings_round_trips_through_json(seed, winners):
    state = new_match(WITH_SIDEBOARD, MAIN, {}, seed, rules=GA)
    for winner in winners:
        if state.phase is Phase.OVER:
            break
        state = play_game(state, winner)
    stored = json.loads(json.dumps(as_dict(state)))
    assert stored["rules"]["reserve"] == "sideboard"
    assert from_dict(stored) == state


def test_genesis_records_carry_no_settings_so_older_records_read_the_same():
    state = new_match(MAIN, MAIN, {"Slime King": 1, "Purge in Flames": 2}, 1)
    assert "rules" not in as_dict(state)
    assert from_dict(as_dict(state)).rules == GENESIS_RULES
