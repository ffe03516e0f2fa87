"""The Core Rulebook 5.2 worked examples, and named examples of costs and flow, as tests.

Cards are built with the stats the examples state (the bundled rulebook cards leave most of them
unrevealed, so they cannot be played as they are).
"""

from dataclasses import replace

from rules.core.awareness import Awareness
from rules.core.cards import CardType
from rules.core.engine import PASS, Play, Step, apply, legal_actions, new_game
from rules.core.engine.costs import energy_due, fatigue_due
from rules.core.engine.damage import DamageKind, Modifier, lump_sum, resolve_damage
from rules.core.engine.decks import Deck
from rules.core.engine.scenario import Place, find, in_thoughts, scenario

from .builders import AHEAD_2, FILLER, ability, card, champion, summon

BASIC_1 = ability(
    "swift", "Basic Attack [1]", "You deal 1 damage to a target in your awareness.", exert=True
)
NUBIA = champion("Nubia", BASIC_1)
OPPONENT = champion("Opponent", BASIC_1)
PHYR_CUB = summon(
    "Phyr Cub",
    1,
    ability("swift", "Basic Attack [1]", "It deals 1 damage to a target.", exert=True),
)


def resolved(state) -> list[str]:
    """The abilities that resolved, in order, as "card: ability"."""
    return [f"{e[2]}: {e[3]}" for e in state.event_list() if e[0] == "resolve"]


# --- Example of Damage Resolution -------------------------------------------------------------


def test_nubia_basic_attack_kills_a_1_hp_phyr_cub_from_the_flank():
    # given: the cub faces north, so Nubia (to its west) is on its flank, out of its awareness
    state = scenario(
        (NUBIA, OPPONENT),
        champion_spots=((3, 3), (3, 6)),
        permanents=[Place(PHYR_CUB, "b", 4, 3, facing="north")],
        timelines={"a": [FILLER] * 5, "b": [FILLER] * 5},
    )
    cub = find(state, PHYR_CUB)
    # when: Nubia's Basic Attack [1]; the cub's player has no response (passes automatically)
    after = apply(state, Play(NUBIA_ID, 0, (cub.id,)))
    # then: +0 weakness, -0 reductions, 1 damage: the cub dies and goes to its owner's memories
    steps = resolve_damage(1, DamageKind(), [])
    assert (steps.increased, steps.reduced, steps.dealt) == (1, 1, 1)
    assert cub.id not in after.perms
    assert cub.id in after.players[1].memories
    assert ("damage", cub.id, 1) in after.event_list()
    assert after.perms[NUBIA_ID].exerted  # Nubia is also Exerted
    assert cub.id in state.perms  # apply did not change the state it was given


NUBIA_ID = 0  # champions are cards 0 (seat a) and 1 (seat b)


# --- Example of Multiple Instances of Damage from a Single Source -----------------------------

CHAIN_LIGHTNING = card(
    "Chain Lightning",
    "spell",
    ability(
        "action",
        "Chain Electric Attack [3/2/1]",
        "Deals 3, then 2, then 1 electric damage to a chain of targets.",
    ),
    awareness="arena",
)
AIR_SHIELD = card(
    "Air Shield",
    "spell",
    ability("swift", "Defense [1]", "Prevents 1 of the damage dealt to a target ally."),
    awareness="arena",
)
ARCHON = summon("Archon of Vigor", 4)
CUB_2HP = summon("Phyr Cub (2 HP)", 2)  # Product decision › Phyr Cub: this example's cub has 2 HP


def chain_lightning_position(archon_skills=()):
    state = scenario(
        (NUBIA, OPPONENT),
        permanents=[
            Place(ARCHON, "b", 3, 4, exerted=True, skills=archon_skills),
            Place(CUB_2HP, "b", 4, 4, exerted=True),  # around the Archon
        ],
        thoughts={"a": [CHAIN_LIGHTNING], "b": [AIR_SHIELD]},
        timelines={"a": [FILLER] * 5, "b": [FILLER] * 5},
    )
    archon, cub = find(state, ARCHON), find(state, CUB_2HP)
    # Nubia casts Chain Lightning: 3 at the Archon, 2 at the Cub, then 1 at the Archon again.
    chain = Play(in_thoughts(state, CHAIN_LIGHTNING, "a"), 0, (archon.id, cub.id, archon.id))
    assert chain in legal_actions(state)
    state = apply(state, chain)
    # Player B responds with Air Shield on the Archon; then both players pass.
    shield = Play(in_thoughts(state, AIR_SHIELD, "b"), 0, (archon.id,))
    assert shield in legal_actions(state)
    return apply(state, shield), archon.id, cub.id


def test_chain_lightning_answered_by_air_shield_leaves_the_archon_at_1_hp():
    state, archon, cub = chain_lightning_position()
    # The Archon takes a lump sum of 3 + 1 = 4, less 1 prevented: 3, from 4 HP to 1.
    assert state.perms[archon].hp == 1
    # The Cub takes 2, equal to its HP, and dies into Player B's memories.
    assert cub not in state.perms
    assert cub in state.players[1].memories
    assert resolved(state) == [
        "Air Shield: Defense [1]",
        "Chain Lightning: Chain Electric Attack [3/2/1]",
    ]
    # One damage event per target: the instances were added up before the steps.
    assert [e for e in state.event_list() if e[0] == "damage"] == [
        ("damage", archon, 3),
        ("damage", cub, 2),
    ]


def test_chain_lightning_kills_the_archon_with_an_electric_weakness():
    weakness = card(
        "Static Brand",
        "enchantment",
        ability("action", "Curse", "Attach this card as a skill to a target enemy.", aura=1),
        ability(
            "continuous",
            "Weakness [Electric]",
            "The cursed combatant takes 1 more electric damage.",
        ),
        awareness="arena",
    )
    state, archon, _ = chain_lightning_position(archon_skills=(weakness,))
    # 4 + 1 (weakness) - 1 (Air Shield) = 4: the Archon dies.
    assert archon not in state.perms


def test_damage_steps_of_the_chain_lightning_example():
    electric = DamageKind(elements=frozenset({"electric"}), cast=True)
    shield = [Modifier("defense", 1)]
    assert lump_sum([3, 1]) == 4
    assert resolve_damage(lump_sum([3, 1]), electric, shield).dealt == 3
    weak = [Modifier("weakness", None, "electric"), *shield]
    steps = resolve_damage(4, electric, weak)
    assert (steps.increased, steps.reduced, steps.dealt) == (5, 5, 4)


# --- Example of Resolving a Stack --------------------------------------------------------------

RA_HA = champion(
    "Ra'Ha",
    ability(
        "swift", "Range Attack [2]", "Deals 2 damage to a target in Ra'Ha's awareness.", exert=True
    ),
    energy_reduction=1,
    awareness=AHEAD_2,
)
QUICK_SHOT = card(
    "Quick Shot",
    "technique",
    ability("action", "Range Attack [1]", "Deals 1 damage to a target in the awareness.", energy=4),
)
HOUND = summon(
    "Jaelarian Hound",
    3,
    ability(
        "swift",
        "Basic Attack [3]",
        "Deals 3 damage to a target in the Hound's awareness.",
        exert=True,
    ),
)


def quick_shot_position(timeline_cards: int):
    shot = replace(QUICK_SHOT, awareness=Awareness.parse(AHEAD_2))
    state = scenario(
        (RA_HA, OPPONENT),
        champion_spots=((1, 2), (5, 6)),
        champion_facings=("east", "south"),
        permanents=[
            Place(HOUND, "b", 3, 2, facing="east"),  # two spots from Ra'Ha, facing the cub
            Place(PHYR_CUB, "a", 4, 2, facing="west"),
        ],
        thoughts={"a": [shot]},
        timelines={"a": [FILLER] * timeline_cards, "b": [FILLER] * 5},
    )
    return state, shot


def test_quick_shot_stack_resolves_range_attack_then_hound_then_quick_shot():
    state, shot = quick_shot_position(timeline_cards=10)
    hound, cub = find(state, HOUND), find(state, PHYR_CUB)
    # Player A plays Quick Shot at the Hound, paying 3 Energy (Ra'Ha's Energy Reduction of 1).
    state = apply(state, Play(in_thoughts(state, shot, "a"), 0, (hound.id,)))
    assert len(state.players[0].timeline) == 7
    # Player B has the Hound attack the Phyr Cub it is facing.
    state = apply(state, Play(hound.id, 1, (cub.id,)))  # ability 0 is its Beckon
    # Player A answers with Ra'Ha's Range Attack [2] at the Hound, exerting Ra'Ha.
    range_attack = Play(0, 0, (hound.id,))
    assert range_attack in legal_actions(state)
    state = apply(state, range_attack)
    assert [item.spec.name for item in state.stack] == [
        "Range Attack [1]",
        "Basic Attack [3]",
        "Range Attack [2]",
    ]
    # With no other responses the stack resolves (A's cub could still attack; A passes).
    while state.stack:
        state = apply(state, PASS)
    assert resolved(state) == [
        "Ra'Ha: Range Attack [2]",
        "Jaelarian Hound: Basic Attack [3]",
        "Quick Shot: Range Attack [1]",
    ]
    damage = [e for e in state.event_list() if e[0] in ("damage", "left_arena")]
    assert damage == [
        ("damage", hound.id, 2),  # the Hound drops to 1 HP
        ("damage", cub.id, 3),
        ("left_arena", cub.id),  # the Phyr Cub dies
        ("damage", hound.id, 1),
        ("left_arena", hound.id),  # Quick Shot's 1 damage kills the Hound
    ]
    assert in_memories(state, shot, "a")


def in_memories(state, card_value, seat) -> bool:
    player = state.players["ab".index(seat)]
    return any(state.setup.cards[c] is card_value for c in player.memories)


# --- Costs --------------------------------------------------------------------------------------


def test_energy_reduction_1_pays_3_for_a_4_energy_cost():
    assert energy_due(4, 1) == 3
    assert energy_due(1, 2) == 0  # never below 0
    state, shot = quick_shot_position(timeline_cards=10)
    hound = find(state, HOUND)
    after = apply(state, Play(in_thoughts(state, shot, "a"), 0, (hound.id,)))
    milled = len(after.players[0].memories)
    assert len(after.players[0].timeline) == 7
    assert milled == 3


def test_paying_energy_that_empties_the_timeline_loses_the_game():
    # given: exactly three cards left, and Quick Shot costs 3 after reduction
    state, shot = quick_shot_position(timeline_cards=3)
    hound = find(state, HOUND)
    # when
    after = apply(state, Play(in_thoughts(state, shot, "a"), 0, (hound.id,)))
    # then: Player A loses at once; the ability never resolves
    assert after.over
    assert after.winner == 1
    assert after.reason == "timeline"
    assert after.perms[hound.id].hp == 3
    assert resolved(after) == []


def test_energy_beyond_the_timeline_cannot_be_paid():
    state, shot = quick_shot_position(timeline_cards=2)
    assert not any(
        isinstance(a, Play) and a.card == in_thoughts(state, shot, "a")
        for a in legal_actions(state)
    )


MARK = card(
    "Weary Mark",
    "enchantment",
    ability("action", "Champion Curse", "Attach this card to a target enemy champion.", aura=1),
    ability(
        "trigger",
        "Fatigue [2]",
        "At the end of each round, the cursed champion suffers Fatigue [2].",
    ),
    awareness="arena",
)


def test_fatigue_with_too_few_cards_in_the_timeline_pays_nothing():
    assert fatigue_due(2, 0, timeline_cards=1) == 0
    assert fatigue_due(2, 0, timeline_cards=2) == 2
    assert fatigue_due(3, 1, timeline_cards=2) == 2  # Energy Reduction applies
    # given: B's champion is cursed with Fatigue [2] at the end of each round, one card left
    state = scenario(
        (NUBIA, OPPONENT),
        champion_skills=((), (MARK,)),
        timelines={"a": [FILLER] * 5, "b": [FILLER]},
        exerted=("a", "b"),
        phase="round_swift",
    )
    # then: the completion of round went by; Fatigue paid nothing, and only the next round's
    # draw emptied B's timeline, which loses the game.
    fatigue = [e for e in state.event_list() if e[0] == "fatigue"]
    assert fatigue == [("fatigue", 1, 0)]
    assert state.round == 2
    assert state.over
    assert state.winner == 0
    assert state.reason == "timeline"


def test_fatigue_is_paid_when_the_timeline_can_pay_it():
    state = scenario(
        (NUBIA, OPPONENT),
        champion_skills=((), (MARK,)),
        timelines={"a": [FILLER] * 5, "b": [FILLER] * 5},
        exerted=("a", "b"),
        phase="round_swift",
    )
    assert [e for e in state.event_list() if e[0] == "fatigue"] == [("fatigue", 1, 2)]
    # 5 - 2 (fatigue) - 1 (the next round's draw)
    assert len(state.players[1].timeline) == 2


# --- Turn Order ---------------------------------------------------------------------------------


def test_two_moves_skip_the_main_phase():
    filler = card(
        "Tonic",
        "spell",
        ability("action", "Heal [1]", "You gain 1 HP.", aura=1),
    )
    deck = Deck(NUBIA, (filler,) * 20)
    state = new_game(
        (deck, Deck(OPPONENT, (filler,) * 20)), seed=1, leader="a", fmt=None, narrate=True
    )
    assert state.phase == "move"
    assert state.active == 0
    state = apply(state, Step(None, "left"))
    assert state.phase == "move"  # one move or rotation: the move phase goes on
    state = apply(state, Step(None, "left"))  # a 180° turn in place is two rotations
    phases = [e[1] for e in state.event_list() if e[0] == "phase"]
    assert phases[0] == "end_swift"  # straight to the end phase: no main phase
    assert state.perms[0].facing == 2  # now facing south


def test_one_move_then_the_main_phase():
    filler = card("Tonic", "spell", ability("action", "Heal [1]", "You gain 1 HP.", aura=1))
    deck = Deck(NUBIA, (filler,) * 20)
    state = new_game((deck, Deck(OPPONENT, (filler,) * 20)), seed=1, leader="a", fmt=None)
    state = apply(state, Step(None, "right"))
    state = apply(state, PASS)
    assert state.phase == "main"
    assert any(isinstance(a, Play) for a in legal_actions(state))


def test_rulebook_cards_are_not_playable_as_bundled():
    from decks.core.bundled import card_set
    from rules.core.engine import check_playable

    problems = check_playable(card_set("rulebook").values())
    assert any("Ra'Ha" in p and "not revealed" in p for p in problems)
    assert all(c.type is not None for c in card_set("rulebook").values())
    assert CardType.CHAMPION  # the import is used
