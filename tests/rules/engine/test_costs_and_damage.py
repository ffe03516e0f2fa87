"""The Costs of Abilities and Damage Resolution: each cost kind, the order of the damage steps,
lump sums, HP loss that is not damage, and where killed permanents go."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.cards import Cost
from rules.core.engine import Play, apply, legal_actions
from rules.core.engine.costs import can_pay, energy_due
from rules.core.engine.damage import (
    DamageKind,
    Modifier,
    damage_dealt,
    resolve_damage,
    steps_apply,
)
from rules.core.engine.scenario import Place, find, in_thoughts, scenario

from .builders import FILLER, ability, card, champion, settle, summon

HERO = champion("Hero", ability("swift", "Basic Attack [1]", "You deal 1 damage.", exert=True))
FOE = champion("Foe", ability("swift", "Basic Attack [1]", "You deal 1 damage.", exert=True))
DUMMY = summon("Dummy", 5, awareness=None)


def plays_of(state, card_id):
    return [a for a in legal_actions(state) if isinstance(a, Play) and a.card == card_id]


def position(
    thoughts=(), permanents=(), aura=None, timeline=5, hero=HERO, champion_hp=(None, None)
):
    return scenario(
        (hero, FOE),
        champion_spots=((3, 3), (3, 6)),
        permanents=list(permanents) or [Place(DUMMY, "b", 3, 4)],
        thoughts={"a": list(thoughts)},
        timelines={"a": [FILLER] * timeline, "b": [FILLER] * 5},
        aura=aura,
        champion_hp=champion_hp,
    )


# --- costs ----------------------------------------------------------------------------------

STRIKE = card(
    "Strike",
    "spell",
    ability("action", "Basic Attack [2]", "You deal 2 damage to a target.", aura=4),
    awareness=["x", "^"],
)


def test_aura_is_spent_from_the_champions_pool_and_limits_what_can_be_played():
    poor = position([STRIKE], aura={"a": 3})
    assert plays_of(poor, in_thoughts(poor, STRIKE, "a")) == []
    rich = position([STRIKE], aura={"a": 4})
    dummy = find(rich, DUMMY)
    after = settle(apply(rich, Play(in_thoughts(rich, STRIKE, "a"), 0, (dummy.id,))))
    assert after.players[0].aura == 0
    assert after.perms[dummy.id].hp == 3


def test_hp_costs_need_that_much_hp_and_a_champion_paying_down_to_0_loses():
    bleed = card("Bleed", "spell", ability("swift", "Draw", "Draw a card.", hp=3))
    weak = position([bleed], champion_hp=(2, None))
    assert plays_of(weak, in_thoughts(weak, bleed, "a")) == []
    exact = position([bleed], champion_hp=(3, None))
    after = apply(exact, Play(in_thoughts(exact, bleed, "a"), 0, ()))
    assert after.over
    assert after.winner == 1
    assert after.reason == "hp"


def test_exert_cannot_be_paid_twice_and_exerted_combatants_play_no_actions():
    state = position()
    dummy = find(state, DUMMY)
    after = settle(apply(state, Play(0, 0, (dummy.id,))))
    assert after.perms[0].exerted
    assert (
        can_pay(
            Cost(exert=True),
            aura=0,
            reduction=0,
            timeline_cards=5,
            hp=5,
            exerted=True,
            spare_thoughts=0,
            is_champion=True,
        )
        is False
    )


def test_discard_costs_send_the_chosen_card_to_the_memories():
    insight = card("Insight", "spell", ability("swift", "Draw", "Draw a card.", discard=1))
    state = position([insight, STRIKE])
    options = plays_of(state, in_thoughts(state, insight, "a"))
    assert [a.discard for a in options] == [(in_thoughts(state, STRIKE, "a"),)]
    after = settle(apply(state, options[0]))
    memories = [after.setup.cards[c].name for c in after.players[0].memories]
    assert sorted(memories) == ["Insight", "Strike"]
    assert len(after.players[0].thoughts) == 1  # the drawn card


@pytest.mark.parametrize(("cost", "reduction", "due"), [(4, 1, 3), (3, 1, 2), (2, 0, 2), (1, 2, 0)])
def test_energy_due_is_the_cost_less_the_reduction_never_below_zero(cost, reduction, due):
    assert energy_due(cost, reduction) == due


def test_summons_cannot_pay_aura_or_energy():
    common = {
        "aura": 9,
        "reduction": 0,
        "timeline_cards": 9,
        "hp": 9,
        "exerted": False,
        "spare_thoughts": 0,
    }
    assert not can_pay(Cost(aura=1), is_champion=False, **common)
    assert not can_pay(Cost(energy=1), is_champion=False, **common)
    assert can_pay(Cost(exert=True), is_champion=False, **common)


# --- damage ---------------------------------------------------------------------------------

FIRE = DamageKind(elements=frozenset({"fire"}), attack=True)


def test_damage_steps_run_increase_immunity_reduction_prevention_then_floor():
    mods = [
        Modifier("weakness", None, "fire"),  # +1
        Modifier("resistance", None, "attack"),  # -1
        Modifier("resistance", None, "elemental"),  # -1
        Modifier("defense", 2),  # prevent 2
    ]
    steps = resolve_damage(3, FIRE, mods)
    assert (steps.base, steps.increased, steps.reduced, steps.dealt) == (3, 4, 2, 0)
    assert resolve_damage(1, FIRE, [Modifier("defense", 5)]).dealt == 0  # never below 0


def test_indirect_immunity_stops_untargeted_enemy_damage_only():
    immune = [Modifier("indirect_immunity")]
    area = DamageKind(targeted=False, enemy_source=True)
    assert resolve_damage(3, area, immune).immune
    assert damage_dealt(3, DamageKind(targeted=True), immune) == 3
    assert damage_dealt(3, DamageKind(targeted=False, enemy_source=False), immune) == 3


def test_weakness_applies_to_its_own_source_only():
    assert damage_dealt(2, FIRE, [Modifier("weakness", None, "water")]) == 2
    assert damage_dealt(2, FIRE, [Modifier("weakness", None, "attack")]) == 3
    assert damage_dealt(2, DamageKind(cast=True), [Modifier("weakness", None, "attack")]) == 2
    assert damage_dealt(2, FIRE, [Modifier("elemental_weakness")]) == 3


@given(
    st.integers(0, 20),
    st.lists(
        st.sampled_from(
            [
                Modifier("weakness", None, "fire"),
                Modifier("resistance", None, "fire"),
                Modifier("resistance", None, "damage"),
                Modifier("defense", 1),
                Modifier("defense", 3),
            ]
        ),
        max_size=6,
    ),
)
def test_damage_dealt_is_never_negative_nor_above_amount_plus_weaknesses(amount, mods):
    dealt = damage_dealt(amount, FIRE, mods)
    weak = sum(1 for m in mods if m.keyword == "weakness")
    assert 0 <= dealt <= amount + weak
    # More damage in never deals less.
    assert damage_dealt(amount + 1, FIRE, mods) >= dealt


@given(
    st.integers(0, 20),
    st.builds(
        DamageKind,
        elements=st.frozensets(st.sampled_from(["fire", "water", "dark"])),
        attack=st.booleans(),
        cast=st.booleans(),
        range=st.booleans(),
        heavy=st.booleans(),
        targeted=st.booleans(),
        enemy_source=st.booleans(),
    ),
    st.lists(
        st.sampled_from(
            [
                Modifier("weakness", None, "fire"),
                Modifier("elemental_weakness"),
                Modifier("indirect_immunity"),
                Modifier("resistance", None, "damage"),
                Modifier("defense", 2),
                Modifier("flight"),
                Modifier("tiny"),
                Modifier("pinned"),
            ]
        ),
        max_size=5,
    ),
)
def test_the_steps_are_skipped_only_where_they_would_change_nothing(amount, kind, mods):
    # damage.steps_apply: an attack skips the damage steps for a receiver with no modifier
    # they read, which must then lose exactly the lump sum.
    if not steps_apply(mods):
        assert damage_dealt(amount, kind, mods) == amount


def test_several_instances_from_one_ability_are_one_lump_sum():
    chain = card(
        "Arc",
        "spell",
        ability("action", "Chain Attack [2/2]", "Deals 2, then 2 damage to a chain of targets."),
        awareness="arena",
    )
    guarded = summon(
        "Guard",
        5,
        ability("continuous", "Defense [1]", "Prevents 1 of the damage dealt to it."),
        awareness=None,
    )
    other = summon("Other", 5, awareness=None)
    state = position([chain], [Place(guarded, "b", 3, 4), Place(other, "b", 4, 4)])
    g, o = find(state, guarded), find(state, other)
    after = settle(apply(state, Play(in_thoughts(state, chain, "a"), 0, (g.id, o.id))))
    assert after.perms[g.id].hp == 4  # 2 - 1 prevented
    # The same target twice: 2 + 2 = 4, and Defense [1] applies once: 3.
    state = position([chain], [Place(guarded, "b", 3, 4), Place(other, "b", 4, 4)])
    assert Play(in_thoughts(state, chain, "a"), 0, (g.id, g.id)) not in legal_actions(state)


def test_drain_is_hp_loss_not_damage():
    drain = card(
        "Leech",
        "spell",
        ability("action", "Drain Fire Attack [2]", "A target loses 2 HP and you gain 2 HP."),
        awareness=["x", "^"],
    )
    shielded = summon(
        "Shielded",
        5,
        ability("continuous", "Defense [3]", "Prevents 3 of the damage dealt to it."),
        ability("continuous", "Weakness [Fire]", "Takes 1 more fire damage."),
        awareness=None,
    )
    state = position([drain], [Place(shielded, "b", 3, 4)], champion_hp=(10, None))
    target = find(state, shielded)
    after = settle(apply(state, Play(in_thoughts(state, drain, "a"), 0, (target.id,))))
    # Neither Defense nor the fire Weakness touches HP loss.
    assert after.perms[target.id].hp == 3
    assert after.perms[0].hp == 12


def test_drain_takes_what_it_can_and_the_target_dies_at_zero():
    drain = card(
        "Leech",
        "spell",
        ability("action", "Drain Attack [3]", "A target loses 3 HP and you gain 3 HP."),
        awareness=["x", "^"],
    )
    frail = summon("Frail", 1, awareness=None)
    state = position([drain], [Place(frail, "b", 3, 4)])
    target = find(state, frail)
    after = settle(apply(state, Play(in_thoughts(state, drain, "a"), 0, (target.id,))))
    assert target.id not in after.perms
    assert target.id in after.players[1].memories


def test_a_killed_summon_goes_to_its_owners_memories_with_its_skills_to_theirs():
    curse = card(
        "Hex",
        "enchantment",
        ability("action", "Curse", "Attach this card as a skill to a target enemy.", aura=1),
        ability("continuous", "Weakness [Attack]", "The cursed combatant takes 1 more damage."),
        awareness="arena",
    )
    blade = card(
        "Blade",
        "spell",
        ability("action", "Basic Attack [1]", "You deal 1 damage to a target.", aura=0),
        awareness=["x", "^"],
    )
    victim = summon("Victim", 2, awareness=None)
    state = position([curse, blade], [Place(victim, "b", 3, 4)])
    target = find(state, victim)
    state = settle(apply(state, Play(in_thoughts(state, curse, "a"), 0, (target.id,))))
    assert state.perms[target.id].skills  # the curse sits in the Victim's skill zone
    # The champion is still active (the curse cost no Exert): 1 damage + 1 (weakness) kills.
    state = settle(apply(state, Play(in_thoughts(state, blade, "a"), 0, (target.id,))))
    assert target.id in state.players[1].memories
    hex_id = next(c for c in range(len(state.setup.cards)) if state.setup.cards[c] is curse)
    assert hex_id in state.players[0].memories  # the curse goes back to its owner


def test_area_attacks_hit_everything_in_the_awareness_including_allies_and_alterations():
    quake = card(
        "Quake",
        "spell",
        ability("action", "Area Earth Attack [1]", "You deal 1 earth damage to everything."),
        awareness=["x x x", "x ^ x", "x x x"],
    )
    ally = summon("Ally", 3, awareness=None)
    post = card(
        "Post",
        "alteration",
        ability("action", "Create", "Place this alteration on any unoccupied spot.", aura=1),
        hp=2,
    )
    state = position(
        [quake],
        [Place(DUMMY, "b", 3, 4), Place(ally, "a", 2, 3), Place(post, "b", 4, 2)],
    )
    after = settle(apply(state, Play(in_thoughts(state, quake, "a"), 0, ())))
    assert after.perms[find(state, DUMMY).id].hp == 4
    assert after.perms[find(state, ally).id].hp == 2
    assert after.perms[find(state, post).id].hp == 1
    assert after.perms[0].hp == 20  # not its own spot


def test_counter_attack_hits_back_only_when_the_attacker_is_in_its_awareness():
    spiky = summon(
        "Spiky",
        5,
        ability("continuous", "Counter Attack [2]", "Deals 2 damage back."),
        awareness=["x", "^"],
    )
    facing_hero = position([], [Place(spiky, "b", 3, 4, facing="south")])
    s = find(facing_hero, spiky)
    after = settle(apply(facing_hero, Play(0, 0, (s.id,))))
    assert after.perms[0].hp == 18
    assert after.perms[s.id].hp == 4
    turned_away = position([], [Place(spiky, "b", 3, 4, facing="north")])
    after = settle(apply(turned_away, Play(0, 0, (s.id,))))
    assert after.perms[0].hp == 20


# --- winning --------------------------------------------------------------------------------


def test_the_enemy_champion_at_zero_hp_wins_at_once():
    state = scenario(
        (HERO, FOE),
        champion_spots=((3, 3), (3, 4)),
        champion_hp=(None, 1),
        timelines={"a": [FILLER] * 5, "b": [FILLER] * 5},
    )
    after = settle(apply(state, Play(0, 0, (1,))))
    assert after.over
    assert after.winner == 0
    assert after.reason == "hp"
    assert after.perms[1].hp == 0
