"""Rounds, turns, priority and the stack: the flow of Core Rulebook 5.2, Rounds and Turns and
Using The Stack, with the product decisions where the rulebook is silent."""

import json

from rules.core.engine import Choose, Play, Select, apply, legal_actions, new_game
from rules.core.engine.bots import HeuristicBot, RandomBot
from rules.core.engine.changes import leave_arena
from rules.core.engine.decks import Deck, deck_from_decklist
from rules.core.engine.flow import END_SWIFT, advance, to_act
from rules.core.engine.play import play_game
from rules.core.engine.scenario import Place, find, in_thoughts, scenario

from .builders import FILLER, ability, card, champion, settle, summon

HERO = champion("Hero", ability("swift", "Basic Attack [1]", "You deal 1 damage.", exert=True))
FOE = champion("Foe", ability("swift", "Basic Attack [1]", "You deal 1 damage.", exert=True))
TONIC = card("Tonic", "spell", ability("action", "Heal [1]", "You gain 1 HP.", aura=1))
PUP = summon(
    "Pup", 2, ability("swift", "Basic Attack [1]", "It deals 1 damage to a target.", exert=True)
)


def turns(state) -> list[tuple[int, int]]:
    return [(e[1], e[2]) for e in state.event_list() if e[0] == "turn"]


def test_both_players_have_six_cards_before_the_first_turn():
    deck = Deck(HERO, (TONIC,) * 20)
    state = new_game((deck, Deck(FOE, (TONIC,) * 20)), seed=7, leader="b", fmt=None)
    # Five for the opening hand and one for the first round's draw (Product decision › First round).
    assert [len(p.thoughts) for p in state.players] == [6, 6]
    assert [len(p.timeline) for p in state.players] == [14, 14]
    assert state.round == 1
    assert to_act(state) == 1


def test_a_player_with_no_unexerted_combatant_passes_at_once_and_the_round_completes():
    state = scenario(
        (HERO, FOE),
        permanents=[Place(PUP, "b", 1, 5, facing="south")],
        timelines={"a": [FILLER] * 5, "b": [FILLER] * 5},
    )
    # A's champion has nothing to play, so its turn ends by itself; then B takes two turns in
    # a row, since A has no un-exerted combatant left.
    assert turns(state) == []
    assert state.perms[0].exerted
    while state.round == 1 and not state.over:
        state = apply(state, legal_actions(state)[-1])  # pass / end each step
    pup = find(state, PUP).id
    assert turns(state)[:2] == [(1, 1), (1, pup)] or turns(state)[:2] == [(1, pup), (1, 1)]
    assert state.round == 2
    # A new round: Exert tokens are removed, so the leading player's champion moves again.
    assert not state.perms[0].exerted
    assert not state.perms[pup].exerted
    assert turns(state)[2] == (0, 0)


def test_selecting_the_active_combatant_is_a_choice_when_there_are_several():
    state = scenario(
        (HERO, FOE),
        permanents=[Place(PUP, "b", 1, 5, facing="south")],
        timelines={"a": [FILLER] * 5, "b": [FILLER] * 5},
    )
    while not any(isinstance(a, Select) for a in legal_actions(state)):
        state = apply(state, legal_actions(state)[-1])
    assert {a.combatant for a in legal_actions(state)} == {1, find(state, PUP).id}


STRIKE = card(
    "Strike",
    "spell",
    ability("action", "Basic Attack [2]", "You deal 2 damage to a target.", aura=1),
    awareness=["x", "^"],
)
SIDESTEP = card(
    "Sidestep",
    "technique",
    ability("swift", "Move", "You move to an adjacent unoccupied spot.", energy=0),
)


def test_a_swift_response_that_moves_the_target_away_makes_the_ability_fail():
    state = scenario(
        (HERO, FOE),
        champion_spots=((3, 3), (3, 4)),
        thoughts={"a": [STRIKE], "b": [SIDESTEP]},
        timelines={"a": [FILLER] * 5, "b": [FILLER] * 5},
    )
    strike = in_thoughts(state, STRIKE, "a")
    state = apply(state, Play(strike, 0, (1,)))
    assert to_act(state) == 1  # priority passed to the other player
    dodge = [a for a in legal_actions(state) if isinstance(a, Play) and a.card != 1]
    state = settle(apply(state, dodge[0]))
    # Resolving a Stack, rule 2: the target is no longer valid, so Strike fails.
    assert state.perms[1].hp == 20
    assert strike in state.players[0].memories
    assert ("fail", 0, "Basic Attack [2]", "invalid target") in state.event_list()


def test_action_abilities_need_the_active_combatants_main_phase_and_an_empty_stack():
    slam = summon(
        "Slammer", 4, ability("action", "Heavy Attack [3]", "It deals 3 heavy damage.", exert=True)
    )
    state = scenario(
        (HERO, FOE),
        champion_spots=((3, 3), (3, 5)),
        permanents=[Place(slam, "a", 3, 4), Place(PUP, "b", 2, 5, facing="east")],
        thoughts={"a": [STRIKE]},
        timelines={"a": [FILLER] * 5, "b": [FILLER] * 5},
    )
    slammer = find(state, slam).id
    # The champion is active: its action card is playable, the summon's action is not.
    sources = {a.card for a in legal_actions(state) if isinstance(a, Play)}
    assert in_thoughts(state, STRIKE, "a") in sources
    assert slammer not in sources
    active_summon = scenario(
        (HERO, FOE),
        champion_spots=((3, 3), (3, 5)),
        permanents=[Place(slam, "a", 3, 4), Place(PUP, "b", 2, 5, facing="east")],
        thoughts={"a": [STRIKE]},
        timelines={"a": [FILLER] * 5, "b": [FILLER] * 5},
        active=slam,
    )
    sources = {a.card for a in legal_actions(active_summon) if isinstance(a, Play)}
    # During a summon's turn the champion's action cards wait; the summon's action is playable.
    assert slammer in sources
    assert in_thoughts(active_summon, STRIKE, "a") not in sources


def test_the_leading_players_end_of_round_triggers_go_on_first_and_resolve_last():
    def tower(name):
        return card(
            name,
            "alteration",
            ability("action", "Create", "Place this alteration on any unoccupied spot.", aura=1),
            ability("trigger", "Heal [1]", "At the end of each round, this alteration gains 1 HP."),
            hp=2,
        )

    mine, theirs = tower("Leader's Tower"), tower("Second's Tower")
    state = scenario(
        (HERO, FOE),
        permanents=[Place(mine, "a", 1, 1), Place(theirs, "b", 5, 6)],
        exerted=("a", "b"),
        phase="round_swift",
        timelines={"a": [FILLER] * 5, "b": [FILLER] * 5},
    )
    order = [e[2] for e in state.event_list() if e[0] == "resolve"]
    assert order[:2] == ["Second's Tower", "Leader's Tower"]


def test_decay_loses_hp_at_the_end_of_each_round():
    rotting = summon(
        "Rotting", 3, ability("continuous", "Decay", "Loses 1 HP at the end of each round.")
    )
    state = scenario(
        (HERO, FOE),
        permanents=[Place(rotting, "b", 1, 5)],
        exerted=("a", "b"),
        phase="round_swift",
        timelines={"a": [FILLER] * 5, "b": [FILLER] * 5},
    )
    assert state.perms[find(state, rotting).id].hp == 2
    assert ("decay", find(state, rotting).id, 1) in state.event_list()


def test_a_beckoned_summon_is_placed_on_a_chosen_adjacent_spot_facing_like_its_champion():
    state = scenario(
        (HERO, FOE),
        champion_spots=((3, 3), (3, 6)),
        champion_facings=("east", "south"),
        thoughts={"a": [PUP]},
        timelines={"a": [FILLER] * 5, "b": [FILLER] * 5},
    )
    state = apply(state, Play(in_thoughts(state, PUP, "a"), 0, ()))
    state = settle(state)
    assert state.pending is not None
    assert state.pending.kind == "beckon_spot"
    assert len(state.pending.options) == 4  # the four adjacent spots, chosen on resolution
    spot = state.pending.options[1]
    state = apply(state, Choose(1))
    pup = find(state, PUP)
    assert pup.spot == spot
    assert pup.facing == state.perms[0].facing
    assert pup.exerted


def test_blitz_removes_the_exert_token_when_the_summon_enters():
    racer = summon(
        "Racer",
        2,
        ability("trigger", "Blitz", "When this summon enters the arena, remove its Exert tokens."),
    )
    state = scenario(
        (HERO, FOE),
        champion_spots=((1, 1), (3, 6)),
        thoughts={"a": [racer]},
        timelines={"a": [FILLER] * 5, "b": [FILLER] * 5},
    )
    state = settle(apply(state, Play(in_thoughts(state, racer, "a"), 0, ())))
    if state.pending is not None:
        state = apply(state, Choose(0))
    state = settle(state)
    assert not find(state, racer).exerted


def test_the_round_cap_ends_the_game_as_a_draw_and_the_log_says_so():
    deck = Deck(HERO, (TONIC,) * 30)
    result = play_game(
        deck,
        Deck(FOE, (TONIC,) * 30),
        {},
        seed=3,
        bots=(RandomBot(1), RandomBot(2)),
        fmt=None,
        round_cap=2,
    )
    assert result.over
    assert result.winner is None
    assert result.reason == "round_cap"
    assert result.rounds == 2
    log = json.loads(result.log.dumps())
    assert log["result"]["reason"] == "round_cap"
    assert "round cap" in log["note"]


def test_a_deck_out_at_the_rounds_draw_loses_and_both_at_once_is_a_draw():
    short = Deck(HERO, (TONIC,) * 7)  # 5 + 1 drawn: one left after round 1's draw
    longer = Deck(FOE, (TONIC,) * 20)
    result = play_game(short, longer, {}, seed=4, bots=(RandomBot(1), RandomBot(2)), fmt=None)
    assert result.winner == "b"
    assert result.reason == "timeline"
    assert result.rounds == 2
    both = play_game(short, Deck(FOE, (TONIC,) * 7), {}, 4, (RandomBot(1), RandomBot(2)), fmt=None)
    assert both.winner is None
    assert both.reason == "both_lost"


# --- the combatant taking its turn gone before it moves --------------------------------------


def test_a_turn_whose_combatant_left_the_arena_before_it_moved_goes_to_the_end_phase():
    """Turn Order (line 320): abilities may be played while the Beginning of Turn's triggers are
    on the stack, so the combatant taking its turn can be killed before its Move Phase. The
    rulebook does not say what follows; the engine goes on to the End Phase, as when it leaves
    in its Main Phase (docs/engine.md, The active combatant gone)."""
    runner = summon("Runner", 2)
    # given: player a's summon about to move, then killed (as by an answer to a trigger)
    state = scenario(
        (HERO, FOE), permanents=[Place(runner, "a", 3, 3)], active=runner, phase="move"
    )
    perm = find(state, runner)
    leave_arena(state, perm)
    events = len(state.event_list())
    # when
    advance(state)
    # then: no move is asked of a combatant that is gone; the turn went through its End Phase
    # (nobody had a swift to play), and player b's champion, its only combatant, took the next
    assert ("phase", END_SWIFT) in state.event_list()[events:]
    assert turns(state)[-1] == (1, state.players[1].champion)
    assert state.phase == "move"


def test_a_held_out_game_whose_active_combatant_is_killed_at_the_beginning_of_its_turn_finishes():
    # given: the third held-out set's game 107, where a beginning-of-turn Heal was answered by
    # an attack that killed the combatant taking its turn (the engine stopped with a KeyError)
    from tests.support import held_out_keywords

    path = held_out_keywords.HELD_OUT_3
    cards = held_out_keywords.all_cards(path)
    deck = deck_from_decklist(held_out_keywords.decklist(path=path), cards)
    bots = [RandomBot(107), HeuristicBot(107, cards)]  # as benchmarks/bot_keywords.py seats them
    # when
    result = play_game(deck, deck, cards, 107, bots, check=True)
    # then
    assert result.over
