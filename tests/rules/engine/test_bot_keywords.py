"""The heuristic bot plays the keyword cards (issue 27, finding 6: with the held-out style
keyword set it once played 3 of its 17 cards). It values each effect from the ability's fields,
so these cards, which it never saw, are chosen where they do something; the 200-game figures are
benchmarks/bot_keywords.py's."""

import pytest

from rules.core.cards import name_key
from rules.core.engine import PASS, Play, apply, legal_actions
from rules.core.engine.bots import HeuristicBot, RandomBot
from rules.core.engine.flow import to_act
from rules.core.engine.play import play_game
from rules.core.engine.scenario import Place, scenario
from rules.core.engine.usage import add_usage, new_usage
from tests.support import held_out_keywords

from .builders import ability, summon

CARDS = held_out_keywords.all_cards()
ILSA = CARDS[name_key("Ilsa Marrowind")]


def held(name: str):
    return CARDS[name_key(name)]


def face_to_face(seat: str = "a", **fields):
    """Two Ilsa Marrowinds side by side, each in the other's awareness, in `seat`'s main phase."""
    return scenario(
        (ILSA, ILSA),
        champion_spots=((3, 3), (3, 4)),
        champion_facings=("north", "south"),
        turn=seat,
        **fields,
    )


def card_of(state, action) -> str:
    assert isinstance(action, Play), action
    return state.setup.cards[action.card].name


@pytest.mark.parametrize("name", ["Whispers", "Searing Mark"])
def test_it_plays_a_spell_that_does_not_exert_before_the_attack_that_does(name):
    # given the enemy champion in reach of Ilsa's attacks, a spell in the thoughts, and a card
    # in the enemy's thoughts to discard
    state = face_to_face(thoughts={"a": [held(name)], "b": [held("Heave")]})
    assert any(card_of(state, a) == "Ilsa Marrowind" for a in legal_actions(state)[:-1])
    # when the bot chooses
    chosen = HeuristicBot(0, CARDS).choose_action(state)
    # then the spell comes first: the attack is still there after it
    assert card_of(state, chosen) == name


def enemy_attack_on_the_stack(thoughts):
    """Seat b's Ilsa has played Earth Attack [2] at seat a's, and seat a has priority."""
    state = face_to_face("b", thoughts={"a": thoughts})
    attack = next(
        a
        for a in legal_actions(state)
        if isinstance(a, Play)
        and state.perms[a.card].card is ILSA
        and "Earth Attack" in state.perms[a.card].spec.abilities[a.ability].name
        and a.targets == (0,)
    )
    state = apply(state, attack)
    assert to_act(state) == 0
    assert len(state.stack) == 1
    return state


def test_it_negates_an_enemy_attack_on_its_champion():
    # given an enemy attack on the stack and Negate in the thoughts
    state = enemy_attack_on_the_stack([held("Silence")])
    # when the bot chooses
    chosen = HeuristicBot(0, CARDS).choose_action(state)
    # then it negates the attack
    assert card_of(state, chosen) == "Silence"
    assert chosen.targets == (state.stack[0].seq,)


def plays_of(state, name: str) -> list[Play]:
    return [a for a in legal_actions(state) if isinstance(a, Play) and card_of(state, a) == name]


def test_it_copies_its_own_attack_and_never_the_enemys():
    # given the enemy's attack on its champion on the stack, and a copying spell it could play
    state = enemy_attack_on_the_stack([held("Echo")])
    assert plays_of(state, "Echo")
    # then it does not copy it
    chosen = HeuristicBot(0, CARDS).choose_action(state)
    assert not (isinstance(chosen, Play) and card_of(state, chosen) == "Echo")
    # given its own attack on the enemy champion on the stack instead
    state = face_to_face(thoughts={"a": [held("Echo")]})
    attack = next(a for a in plays_of(state, "Ilsa Marrowind") if a.targets == (1,))
    state = apply(state, attack)
    state = apply(state, PASS)  # the enemy lets it be
    assert plays_of(state, "Echo")
    # then it copies it
    chosen = HeuristicBot(0, CARDS).choose_action(state)
    assert card_of(state, chosen) == "Echo"


def test_over_a_few_games_it_plays_most_keyword_cards():
    names = set(held_out_keywords.keyword_card_names())
    deck = held_out_keywords.decklist()
    usage = new_usage()
    for seed in range(6):
        result = play_game(
            deck, deck, CARDS, seed, (HeuristicBot(seed, CARDS), RandomBot(seed)), narrate=True
        )
        assert result.state is not None
        add_usage(usage, result.state)
    played = {name for name, times in usage[0][0].items() if times} & names
    assert len(played) >= 6, sorted(played)  # 9 now; 1 before


@pytest.mark.parametrize(("ours", "theirs", "hops"), [(15, 30, False), (30, 15, True)])
def test_it_pays_no_energy_that_leaves_its_timeline_shorter_than_the_enemys(ours, theirs, hops):
    """Conditions for Winning the Game: a player with no cards left in the timeline loses, so
    Energy (cards of the timeline) is not spent to fall behind the enemy's timeline."""
    # given the enemy champion two spots ahead, and Hop (1 Energy for Ilsa) bringing it in reach
    filler = held("Heave")
    state = scenario(
        (ILSA, ILSA),
        champion_spots=((3, 2), (3, 4)),
        timelines={"a": [filler] * ours, "b": [filler] * theirs},
    )
    assert any(
        state.perms[0].spec.abilities[a.ability].name == "Hop"
        for a in plays_of(state, "Ilsa Marrowind")
    )
    # when the bot chooses
    chosen = HeuristicBot(0, CARDS).choose_action(state)
    # then it hops only while its timeline stays the longer one
    hopped = (
        isinstance(chosen, Play) and state.perms[0].spec.abilities[chosen.ability].name == "Hop"
    )
    assert hopped is hops


# --- the second held-out set (written blind): a push and a rotation by an ability ------------

CARDS_2 = held_out_keywords.all_cards(held_out_keywords.HELD_OUT_2)


def test_it_pushes_an_enemy_summon_that_has_its_champion_in_its_awareness_out_of_reach():
    """Glossary: Push, "one spot away from you": a summon one spot ahead of our champion, facing
    it, sees it no longer once pushed (the bot once valued a push on its own below nothing)."""
    # given an enemy summon right in front of Ilsa, facing her, and Push in the thoughts
    guard = summon(
        "Guard", 9, ability("action", "Basic Attack [1]", "It deals 1 damage.", exert=True)
    )
    push = CARDS_2[name_key("Shoulder Check")]
    state = scenario(
        (ILSA, ILSA),
        champion_spots=((3, 3), (1, 6)),
        permanents=[Place(guard, "b", 3, 4, facing="south")],
        thoughts={"a": [push]},
    )
    assert any(card_of(state, a) == "Shoulder Check" for a in legal_actions(state)[:-1])
    # when the bot chooses
    chosen = HeuristicBot(0, CARDS_2).choose_action(state)
    # then it pushes the summon away
    assert card_of(state, chosen) == "Shoulder Check"


def test_it_turns_its_champion_around_to_face_the_enemy_champion_behind_it():
    """Navigating the Arena, Rotation as a Part of an Ability: "You turn around" is worth what
    the same turn in the move phase is (the bot once valued turning itself below nothing)."""
    # given the enemy champion two spots behind Ilsa, and a card that turns her around
    about_face = CARDS_2[name_key("About Face")]
    state = scenario(
        (ILSA, ILSA),
        champion_spots=((3, 3), (3, 1)),
        champion_facings=("north", "north"),
        thoughts={"a": [about_face]},
    )
    assert any(card_of(state, a) == "About Face" for a in legal_actions(state)[:-1])
    # when the bot chooses
    chosen = HeuristicBot(0, CARDS_2).choose_action(state)
    # then it turns around
    assert card_of(state, chosen) == "About Face"


def test_it_does_not_exert_its_champion_while_its_own_action_is_still_on_the_stack():
    # given seat a's main phase, Ilsa face to face with the enemy champion, and a summon and
    # a spell that costs no exert in the thoughts
    state = face_to_face(thoughts={"a": [held("Grave Touch"), held("Whispers")], "b": []})
    beckon = next(
        a
        for a in legal_actions(state)
        if isinstance(a, Play) and card_of(state, a) == "Grave Touch"
    )
    # when the summon's Beckon is played, seat b passes, and seat a has priority above it
    state = apply(state, beckon)
    if to_act(state) == 1:
        state = apply(state, PASS)
    assert to_act(state) == 0
    assert state.stack
    exerting = [
        a
        for a in legal_actions(state)
        if isinstance(a, Play)
        and card_of(state, a) == "Ilsa Marrowind"
        and state.perms[a.card].spec.abilities[a.ability].cost.exert
    ]
    assert exerting, "Ilsa's swift attack, which exerts her, could be played now"
    chosen = HeuristicBot(0, CARDS).choose_action(state)
    # then it lets the Beckon resolve: exerting now would end the Main Phase before Whispers
    # (Turn Order, Main Phase)
    assert chosen == PASS
