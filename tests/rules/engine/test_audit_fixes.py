"""The two wrong rules and four approximations of issue 27's audit, each tested against the
sentence of Core Rulebook 5.2 it enforces (section, line of the 5.2 text, a few words), on a
position built by hand: Line of Sight, Push onto an occupied spot, Resurrect Beckon after a
Sacrifice, a Heavy Attack printed Swift, a spell's attack against Aerial and Spectral, and
"until the end of the turn" granted after the round's last turn."""

import pytest

from rules.core.engine import PASS, Play, apply, legal_actions
from rules.core.engine.queries import has
from rules.core.engine.scenario import Place, find, in_thoughts, scenario

from .builders import AHEAD_1, AROUND, FILLER, ability, card, champion, settle, summon

HERO = champion("Hero", ability("swift", "Basic Attack [1]", "You deal 1 damage.", exert=True))
FOE = champion("Foe", ability("swift", "Basic Attack [1]", "You deal 1 damage.", exert=True))
TIMELINES = {"a": [FILLER] * 9, "b": [FILLER] * 9}
CREATE = ability("action", "Create", "Place this alteration on any unoccupied spot.", aura=1)


def position(thoughts=(), permanents=(), champions=(HERO, FOE), **kwargs):
    kwargs.setdefault("timelines", TIMELINES)
    return scenario(champions, permanents=list(permanents), thoughts=thoughts, **kwargs)


def targets_of(state, card_id):
    return {
        t
        for a in legal_actions(state)
        if isinstance(a, Play) and a.card == card_id
        for t in a.targets
    }


def plays(state, card_id):
    return [a for a in legal_actions(state) if isinstance(a, Play) and a.card == card_id]


# --- Line of Sight ---------------------------------------------------------------------------


def test_line_of_sight_stops_on_a_blocker_even_where_the_awareness_goes_on_behind_it():
    """Glossary, Line of Sight (line 1320): it "continues to the edge of the arena (or stops on
    where a permanent "blocks line of sight") in a straight line". Two spots of the awareness on
    one line make one line, not two: what is behind the blocker is out of sight."""
    lance = card(
        "Lance",
        "spell",
        ability("action", "Line of Sight Range Attack [1]", facts={"target": "permanent"}),
        awareness=["x", "x", "^"],  # the two spots straight ahead
    )
    pillar = card("Pillar", "alteration", CREATE, hp=3, blocks_line_of_sight=True)
    lurker = summon("Lurker", 3)
    # given: the hero at c3r1 facing row 6, a pillar at c3r2, a summon behind it at c3r3
    state = position(
        {"a": [lance]},
        [Place(pillar, "b", 3, 2), Place(lurker, "b", 3, 3, facing="south")],
        champion_spots=((3, 1), (3, 6)),
    )
    # when / then: only the pillar is in sight; the summon and the champion behind it are not
    assert targets_of(state, in_thoughts(state, lance, "a")) == {find(state, pillar).id}


# --- Push ------------------------------------------------------------------------------------


def test_push_does_not_move_an_alteration_onto_an_occupied_spot():
    """Glossary, Away (line 917): "Movement rules still apply." Navigating the Arena, Moving as
    a Part of an Ability (line 380): "Moving by an ability still requires the spot the
    permanent is entering to be unoccupied", an alteration that does not occupy its own spot
    included."""
    shove = card(
        "Shove",
        "technique",
        ability("action", "Push", facts={"target": "combatant_or_alteration"}),
        awareness=AHEAD_1,
    )
    snare = card("Snare", "alteration", CREATE, hp=2)  # does not occupy its spot
    wall = summon("Wall", 5)
    # given: the hero at c3r1, the snare at c3r2, an occupying summon on c3r3 behind it
    state = position(
        {"a": [shove]},
        [Place(snare, "b", 3, 2), Place(wall, "b", 3, 3, facing="south")],
        champion_spots=((3, 1), (3, 6)),
    )
    snare_id = find(state, snare).id
    before = state.perms[snare_id].spot
    # when
    state = settle(apply(state, Play(in_thoughts(state, shove, "a"), 0, (snare_id,))))
    # then: the push stops; with the spot free it would have moved (next test)
    assert state.perms[snare_id].spot == before


def test_push_moves_an_alteration_onto_an_unoccupied_spot():
    """Glossary, Push: "Move target combatant or alteration one spot away from you." """
    shove = card(
        "Shove",
        "technique",
        ability("action", "Push", facts={"target": "combatant_or_alteration"}),
        awareness=AHEAD_1,
    )
    snare = card("Snare", "alteration", CREATE, hp=2)
    state = position({"a": [shove]}, [Place(snare, "b", 3, 2)], champion_spots=((3, 1), (3, 6)))
    snare_id = find(state, snare).id
    before = state.perms[snare_id].spot
    state = settle(apply(state, Play(in_thoughts(state, shove, "a"), 0, (snare_id,))))
    assert state.perms[snare_id].spot == before + 5  # one row further away


# --- Resurrect Beckon ------------------------------------------------------------------------


def test_a_sacrificed_summon_was_not_killed_so_resurrect_beckon_waits():
    """Glossary, Resurrect Beckon (line 1380): "This ability can only be played if a summon has
    been killed this round." Kill(ed) (line 995): "A summon is killed if its HP reaches zero or
    it is sent from the arena to the memories by an ability that utilizes the term "kill"."
    A Sacrifice does neither."""
    phoenix = card(
        "Phoenix", "summon", ability("action", "Resurrect Beckon", aura=1), hp=2, awareness=AHEAD_1
    )
    offering = card(
        "Offering", "spell", ability("action", "Sacrifice", facts={"target": "sacrifice"}, aura=1)
    )
    mine = summon("Mine", 2)
    state = position({"a": [phoenix, offering]}, [Place(mine, "a", 2, 1)])
    mine_id = find(state, mine).id
    # when: the ally summon is sacrificed
    state = settle(apply(state, Play(in_thoughts(state, offering, "a"), 0, (mine_id,))))
    # then: it left the arena, but no summon was killed this round
    assert mine_id not in state.perms
    assert plays(state, in_thoughts(state, phoenix, "a")) == []


# --- Heavy Attack printed Swift --------------------------------------------------------------


def test_a_heavy_attack_printed_swift_is_swift():
    """Glossary, Heavy Attack [X] (line 1138): "All heavy attacks are action speed." Playing
    the Game, The Golden Rule (line 282): "If the text of a card ... contradicts the rules of the
    game, the card takes precedence." So a card printing a Heavy Attack as Swift wins: it can be
    played in the Completion of Round's Swift Step, where no action ability can."""
    brute = champion("Brute", ability("swift", "Heavy Attack [2]", facts={"target": "enemy"}))
    # given: the round's Swift Step, the brute (leading) facing the foe one spot ahead
    state = position(champions=(brute, FOE), champion_spots=((3, 3), (3, 4)), phase="round_swift")
    # when / then
    assert Play(0, 0, (1,)) in legal_actions(state)


# --- A spell's attack against Aerial and Spectral --------------------------------------------

GHOST = summon("Ghost", 3, ability("continuous", "Spectral"))
HAWK = summon("Hawk", 3, ability("continuous", "Aerial"))


@pytest.mark.parametrize(
    ("spell_ability", "defender", "can_target"),
    [
        # Spectral (line 1385): "cannot be targeted by attack abilities", a spell's included.
        (ability("action", "Basic Attack [1]", facts={"target": "permanent"}), GHOST, False),
        # Aerial (line 1120): "The only Attack abilities that can target ... are Range".
        (ability("action", "Basic Attack [1]", facts={"target": "permanent"}), HAWK, False),
        (ability("action", "Fire Attack [2]", facts={"target": "permanent"}), HAWK, False),
        (ability("action", "Range Attack [1]", facts={"target": "permanent"}), HAWK, True),
        # Spectral (line 1388): "Cast abilities can still target combatants with Spectral."
        (ability("action", "Stun", facts={"target": "combatant"}), GHOST, True),
    ],
)
def test_a_spells_attack_is_an_attack_ability_for_aerial_and_spectral(
    spell_ability, defender, can_target
):
    """Step by Step: Resolving a Stack (line 757) tells "an Attack ability" from "some Cast
    abilities"; a spell's attack is an attack ability (Engine decision › Attacks from spells)."""
    bolt = card("Bolt", "spell", spell_ability, awareness=AROUND)
    state = position(
        {"a": [bolt]}, [Place(defender, "b", 3, 2, facing="south")], champion_spots=((3, 1), (3, 6))
    )
    reachable = targets_of(state, in_thoughts(state, bolt, "a"))
    assert (find(state, defender).id in reachable) is can_target


# --- "Until the end of the turn" after the round's last turn ---------------------------------


def test_until_the_end_of_the_turn_granted_in_the_rounds_swift_step_ends_with_the_round():
    """Completion of Round, Clean Up Step (line 361): "Once the stack is empty, all abilities
    that last until the end of round, end." A turn lies within its round, so an effect "until
    the end of the turn" granted after the round's last turn ends then too, and never reaches
    the next round's first turn (Engine decision › Turn effects after the last turn)."""
    guard = card(
        "Guard Up", "spell", ability("swift", "Defense [2]", facts={"duration": "turn"}, aura=1)
    )
    # The champions face each other, so each player has a choice to make (an attack) and the
    # Swift Step waits for their passes.
    state = position({"a": [guard]}, champion_spots=((3, 3), (3, 4)), phase="round_swift")
    # given: the guard granted in the Completion of Round's Swift Step
    state = settle(apply(state, Play(in_thoughts(state, guard, "a"), 0, ())))
    assert has(state, state.perms[0], "defense")
    # when: both players pass to the next round
    while state.round == 1 and not state.over:
        state = apply(state, PASS)
    # then
    assert state.round == 2
    assert not has(state, state.perms[0], "defense")
