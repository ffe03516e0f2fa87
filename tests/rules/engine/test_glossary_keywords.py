"""The keywords of Core Rulebook 5.2's glossary the engine once refused, each tested from its
glossary entry: a position, the ability, and the outcome the entry describes."""

import pytest

from rules.core.engine import PASS, Choose, Play, apply, arena, legal_actions
from rules.core.engine.compiler import check_playable
from rules.core.engine.queries import has
from rules.core.engine.scenario import Place, find, in_thoughts, scenario

from .builders import AROUND, FILLER, ability, card, champion, settle, summon

HERO = champion("Hero", ability("swift", "Basic Attack [1]", "You deal 1 damage.", exert=True))
FOE = champion("Foe", ability("swift", "Basic Attack [1]", "You deal 1 damage.", exert=True))
TIMELINES = {"a": [FILLER] * 9, "b": [FILLER] * 9}


def spell(name, ability_, awareness=AROUND, kind="spell"):
    return card(name, kind, ability_, awareness=awareness)


def position(thoughts=(), permanents=(), **kwargs):
    kwargs.setdefault("champion_spots", ((3, 3), (3, 6)))
    kwargs.setdefault("timelines", TIMELINES)
    return scenario((HERO, FOE), permanents=list(permanents), thoughts=thoughts, **kwargs)


def plays(state, card_id):
    return [a for a in legal_actions(state) if isinstance(a, Play) and a.card == card_id]


def choose(state, option):
    """Answer the pending choice with the option whose value is `option`."""
    return apply(state, Choose(state.pending.options.index(option)))


def test_brand_applies_the_ailment_it_names_to_a_target():
    """Brand: "An ability that applies a specific ailment to a target.\""""
    brand = spell("Searing Brand", ability("action", "Brand [Stun]", aura=1))
    guard = summon("Guard", 3)
    state = position({"a": [brand]}, [Place(guard, "b", 3, 4)])
    guard_id = find(state, guard).id
    state = settle(apply(state, Play(in_thoughts(state, brand, "a"), 0, (guard_id,))))
    assert has(state, state.perms[guard_id], "stun")
    assert state.perms[guard_id].effects[0].duration == "round"  # Glossary: Stun, this round


def test_a_brand_of_an_ailment_with_a_source_gives_that_ailment_of_that_source():
    """Brand gives "a specific ailment"; Weakness [Specific] is one, "damage from the specific
    source": Brand [Weakness [Fire]] gives Weakness [Fire]. Once refused by the name's reader."""
    brand = spell("Kindling Mark", ability("action", "Brand [Weakness [Fire]]", aura=1))
    guard = summon("Guard", 3)
    state = position({"a": [brand]}, [Place(guard, "b", 3, 4)])
    guard_id = find(state, guard).id
    state = settle(apply(state, Play(in_thoughts(state, brand, "a"), 0, (guard_id,))))
    (given,) = state.perms[guard_id].effects
    assert (given.keyword, given.specific, given.duration) == ("weakness", "fire", None)


@pytest.mark.parametrize("name", ["Brand [Weakness]", "Brand [Stun [Fire]]", "Brand [Rain]"])
def test_a_brand_that_names_no_ailment_it_can_give_is_reported(name):
    problems = check_playable([spell("Odd Mark", ability("action", name, aura=1))])
    assert any("Brand names an ailment" in p for p in problems)


def test_count_puts_counters_and_break_removes_them_for_its_effect():
    """Count: "a trigger ability that occurs whenever the specified condition is met. This
    allows a player to put a counter on the card." Break: "When those conditions are met, a
    player may remove all counters from this card and the listed effect will occur.\""""
    totem = card(
        "Grave Totem",
        "alteration",
        ability("action", "Create", aura=1),
        ability("trigger", "Count", facts={"trigger": "summon_dies"}),
        ability("trigger", "Break Area Attack [2]", facts={"break_at": 2}),
        hp=3,
        awareness=AROUND,
    )
    doomed = summon("Doomed", 1)
    bolt = spell("Bolt", ability("action", "Basic Attack [1]", aura=1))
    state = position(
        {"a": [bolt]},
        [Place(totem, "a", 1, 1), Place(doomed, "b", 3, 4), Place(FILLER_SUMMON, "b", 2, 1)],
    )
    totem_id = find(state, totem).id
    state.perms[totem_id].counters = 1
    state = settle(apply(state, Play(in_thoughts(state, bolt, "a"), 0, (find(state, doomed).id,))))
    # The summon died: Count asks whether to add a counter.
    assert state.pending.kind == "may"
    state = choose(state, 1)
    assert ("counter", totem_id, 2) in state.event_list()
    # Two counters: Break happens, may remove them, and deals its damage.
    state = settle(state)
    assert state.pending.kind == "may"
    bystander = find(state, FILLER_SUMMON)
    before = bystander.hp
    state = settle(choose(state, 1))
    assert state.perms[totem_id].counters == 0
    assert state.perms[bystander.id].hp == before - 2


FILLER_SUMMON = summon("Bystander", 5)


@pytest.mark.parametrize(("hp", "dies"), [(2, True), (3, False)])
def test_death_touch_kills_a_summon_around_it_with_x_hp_or_less_ally_or_not(hp, dies):
    """Death Touch [X]: "When a card with this ability enters the arena, it kills target summon
    around it with remaining HP [X] or less. ... This ability triggers as long as there is a
    viable summon to target even if it is an ally summon." Not damage."""
    reaper = summon("Reaper", 2, ability("trigger", "Death Touch [2]"))
    ally = summon("Ally", hp)
    state = position({"a": [reaper]}, [Place(ally, "a", 2, 4)], champion_spots=((3, 3), (3, 6)))
    ally_id = find(state, ally).id
    state = settle(apply(state, Play(in_thoughts(state, reaper, "a"), 0, ())))
    state = choose(state, arena.spot(2, 3))  # right of the hero, next to the ally (c2r4 is around)
    state = settle(state)
    assert (ally_id not in state.perms) is dies
    assert not any(e[0] == "damage" for e in state.event_list())


def test_decoy_switches_two_combatants_and_what_targeted_one_targets_the_other():
    """Decoy: "causes two combatants to switch spots. This ability also allows for the switching
    of targeting when played.\""""
    strike = spell("Strike", ability("action", "Basic Attack [2]", aura=1), awareness=["x", "^"])
    decoy = spell("Mirror Step", ability("swift", "Decoy", aura=1), awareness="arena")
    guard = summon("Guard", 5)
    state = position({"a": [strike, decoy]}, [Place(guard, "b", 3, 4)])
    guard_id = find(state, guard).id
    state = apply(state, Play(in_thoughts(state, strike, "a"), 0, (guard_id,)))
    assert state.priority == 0  # b had nothing to play and passed: a may respond
    decoy_play = Play(in_thoughts(state, decoy, "a"), 0, (1, guard_id))
    assert decoy_play in legal_actions(state)
    state = settle(apply(state, decoy_play))
    assert state.perms[1].spot == arena.spot(2, 3)
    assert state.perms[guard_id].spot == arena.spot(2, 5)
    # The strike now hit the champion that took the guard's place.
    assert state.perms[1].hp == FOE.hp - 2
    assert state.perms[guard_id].hp == 5


def test_decoy_summon_switches_two_summons_only_and_fails_if_one_cannot_leave():
    """Decoy Summon: "two summons switch spots". Switch: "If an ability causes one or more
    combatants involved with the switch to be unable to leave a spot, the ability causing the
    switch fails.\""""
    decoy = spell("Swap Totems", ability("swift", "Decoy Summon", aura=1), awareness="arena")
    left, right = summon("Left", 3), summon("Right", 3)
    state = position({"a": [decoy]}, [Place(left, "a", 1, 1), Place(right, "b", 5, 5)])
    left_id, right_id = find(state, left).id, find(state, right).id
    targets = {a.targets for a in plays(state, in_thoughts(state, decoy, "a"))}
    assert targets == {(left_id, right_id)}  # champions are not summons
    state = settle(apply(state, Play(in_thoughts(state, decoy, "a"), 0, (left_id, right_id))))
    assert (state.perms[left_id].spot, state.perms[right_id].spot) == (
        arena.spot(4, 4),
        arena.spot(0, 0),
    )
    pinned = card(
        "Anchor", "enchantment", ability("action", "Curse", aura=1), ability("continuous", "Pinned")
    )
    state = position(
        {"a": [decoy]},
        [Place(left, "a", 1, 1, skills=(pinned,)), Place(right, "b", 5, 5)],
    )
    left_id, right_id = find(state, left).id, find(state, right).id
    state = settle(apply(state, Play(in_thoughts(state, decoy, "a"), 0, (left_id, right_id))))
    assert state.perms[left_id].spot == arena.spot(0, 0)


@pytest.mark.parametrize(("element", "damage"), [("fire", 3), ("water", 2)])
def test_elemental_selection_chooses_the_attacks_element_from_the_listed_ones(element, damage):
    """Elemental Selection: "Choose an Attribute ... You can only choose between the elements
    that are listed in the ability's text." Weakness [Fire] adds 1 only to fire damage."""
    prism = spell(
        "Prism Bolt",
        ability(
            "action",
            "Elemental Selection Attack [2]",
            facts={"elements": ["fire", "water"]},
            aura=1,
        ),
    )
    frail = summon("Frail", 9, ability("continuous", "Weakness [Fire]"))
    state = position({"a": [prism]}, [Place(frail, "b", 3, 4)])
    frail_id = find(state, frail).id
    state = settle(apply(state, Play(in_thoughts(state, prism, "a"), 0, (frail_id,))))
    assert state.pending.kind == "element"
    state = settle(apply(state, Choose(["fire", "water"].index(element))))
    assert state.perms[frail_id].hp == 9 - damage


def test_fear_stops_summons_in_its_awareness_from_playing_attacks():
    """Fear: "Summons in the awareness of this combatant cannot play attack abilities while they
    remain in its awareness.\""""
    dread = champion(
        "Dread",
        ability("swift", "Basic Attack [1]", exert=True),
        ability("continuous", "Fear"),
        awareness=["x", "^"],
    )
    biter = summon("Biter", 3, ability("swift", "Basic Attack [1]"), awareness=AROUND)

    def biter_attacks(row):
        state = scenario(
            (HERO, dread),
            champion_spots=((3, 3), (3, 1)),
            champion_facings=("north", "north"),
            permanents=[Place(biter, "a", 3, row)],
            timelines=TIMELINES,
        )
        return plays(state, find(state, biter).id)

    assert biter_attacks(2) == []  # right in front of Dread
    assert biter_attacks(4) != []  # out of its awareness


def test_madness_discards_a_card_at_random_the_same_one_on_every_replay():
    """Madness: "must discard a card at random from their thoughts, if able.\""""
    madness = spell(
        "Whisper",
        ability("action", "Madness", facts={"target": "enemy_champion"}, aura=1),
        awareness="arena",
    )
    cards = [card(f"Card {n}", "spell", ability("swift", "Heal [1]", aura=99)) for n in range(4)]

    def outcome(seed):
        state = position({"a": [madness], "b": cards}, seed=seed)
        state = settle(apply(state, Play(in_thoughts(state, madness, "a"), 0, (1,))))
        discarded = [e for e in state.event_list() if e[0] == "discard"]
        return len(state.players[1].thoughts), discarded

    count, discarded = outcome(3)
    assert count == 3
    assert len(discarded) == 1
    assert outcome(3) == (count, discarded)


def test_modify_continuously_alters_another_ability_of_the_card():
    """Modify: "This ability continuously alters another ability on this card.\""""
    brute = champion(
        "Brute",
        ability("swift", "Basic Attack [1]", exert=True),
        ability("continuous", "Modify", facts={"modifies": 0, "adds": 2}),
    )
    guard = summon("Guard", 5)
    state = scenario(
        (brute, FOE),
        champion_spots=((3, 3), (3, 6)),
        permanents=[Place(guard, "b", 3, 4)],
        timelines=TIMELINES,
    )
    guard_id = find(state, guard).id
    state = settle(apply(state, Play(0, 0, (guard_id,))))
    assert state.perms[guard_id].hp == 2


def test_modify_stack_alters_the_ability_only_in_its_position_on_the_stack():
    """Modify Stack [X]: "alters another ability on this card while it is in the [X] position on
    the stack." The engine counts positions from the bottom: 1 is the first ability added."""
    jab = card(
        "Second Jab",
        "technique",
        ability("swift", "Basic Attack [1]", aura=1),
        ability("continuous", "Modify Stack [2]", facts={"modifies": 0, "adds": 2}),
        awareness=["x", "^"],
    )
    tonic = spell("Tonic", ability("swift", "Heal [1]", aura=1))
    guard = summon("Guard", 9)

    def damage(first_tonic):
        state = position({"a": [jab, tonic]}, [Place(guard, "b", 3, 4)])
        guard_id = find(state, guard).id
        if first_tonic:
            state = apply(state, Play(in_thoughts(state, tonic, "a"), 0, ()))
            assert state.priority == 0  # b passed at once: the tonic waits at position 1
        state = settle(apply(state, Play(in_thoughts(state, jab, "a"), 0, (guard_id,))))
        return 9 - state.perms[guard_id].hp

    assert damage(first_tonic=False) == 1
    assert damage(first_tonic=True) == 3


def test_negate_removes_the_target_ability_from_the_stack_to_the_memories():
    """Negate: "Remove target ability from the stack and send it to the memories.\""""
    strike = spell("Strike", ability("action", "Basic Attack [2]", aura=1), awareness=["x", "^"])
    negate = spell("Silence", ability("swift", "Negate", aura=1))
    guard = summon("Guard", 5)
    state = position({"a": [strike], "b": [negate]}, [Place(guard, "b", 3, 4)])
    guard_id = find(state, guard).id
    strike_id = in_thoughts(state, strike, "a")
    state = apply(state, Play(strike_id, 0, (guard_id,)))
    seq = state.stack[-1].seq
    state = settle(apply(state, Play(in_thoughts(state, negate, "b"), 0, (seq,))))
    assert not state.stack
    assert state.perms[guard_id].hp == 5
    assert strike_id in state.players[0].memories


def test_replicate_places_copies_from_the_subconscious_adjacent_facing_the_same_way_exerted():
    """Replicate [X]: "You take [X] copies of it from your subconscious, place it on a spot
    adjacent to this card, facing the same direction as this card and then Exert it.\""""
    slime = summon("Slime", 2, ability("action", "Replicate [1]"))
    state = position(
        {},
        [Place(slime, "a", 1, 1, facing="east")],
        subconscious={"a": [slime, slime]},
        active=slime,
    )
    slime_id = find(state, slime).id
    state = settle(apply(state, Play(slime_id, 1, ())))  # 0 is its Beckon
    assert state.pending.kind == "replicate_spot"
    state = settle(choose(state, arena.spot(0, 1)))
    copies = [p for p in state.perms.values() if p.card is slime and p.id != slime_id]
    assert len(copies) == 1
    assert (copies[0].spot, copies[0].facing, copies[0].exerted) == (
        arena.spot(0, 1),
        arena.EAST,
        True,
    )
    assert len(state.players[0].subconscious) == 1


def test_resurrect_beckon_only_after_a_summon_was_killed_this_round_onto_its_spot():
    """Resurrect Beckon: "Place this summon on a spot where a summon has been killed this round,
    facing the same direction as you, then Exert it. This ability can only be played if a summon
    has been killed this round.\""""
    phoenix = summon("Phoenix", 2)
    phoenix = card(
        "Phoenix",
        "summon",
        ability("action", "Resurrect Beckon", aura=1),
        hp=2,
        awareness=["x", "^"],
    )
    bolt = spell("Bolt", ability("action", "Basic Attack [1]", aura=1))
    doomed = summon("Doomed", 1)
    state = position({"a": [phoenix, bolt]}, [Place(doomed, "b", 3, 4)])
    assert plays(state, in_thoughts(state, phoenix, "a")) == []
    doomed_spot = find(state, doomed).spot
    state = settle(apply(state, Play(in_thoughts(state, bolt, "a"), 0, (find(state, doomed).id,))))
    phoenix_id = in_thoughts(state, phoenix, "a")
    state = settle(apply(state, Play(phoenix_id, 0, ())))
    placed = state.perms[phoenix_id]
    assert (placed.spot, placed.facing, placed.exerted) == (
        doomed_spot,
        state.perms[0].facing,
        True,
    )


def test_sacrifice_takes_an_ally_or_an_attached_skill_never_an_enemy():
    """Sacrifice: "You can only sacrifice allies and skills attached to you or your allies. A
    sacrificed target is sent to the memories of the owner.\""""
    offering = spell("Offering", ability("action", "Sacrifice", aura=1))
    ward = card(
        "Ward",
        "enchantment",
        ability("action", "Enchant", aura=1),
        ability("continuous", "Defense [1]"),
    )
    mine, theirs = summon("Mine", 2), summon("Theirs", 2)
    state = position(
        {"a": [offering]}, [Place(mine, "a", 2, 3, skills=(ward,)), Place(theirs, "b", 4, 3)]
    )
    mine_id, theirs_id = find(state, mine).id, find(state, theirs).id
    ward_id = state.perms[mine_id].skills[0]
    targets = {a.targets[0] for a in plays(state, in_thoughts(state, offering, "a"))}
    assert targets == {mine_id, ward_id}
    after = settle(apply(state, Play(in_thoughts(state, offering, "a"), 0, (ward_id,))))
    assert after.perms[mine_id].skills == ()
    assert ward_id in after.players[0].memories
    after = settle(apply(state, Play(in_thoughts(state, offering, "a"), 0, (mine_id,))))
    assert mine_id not in after.perms
    assert theirs_id in after.perms


def test_toss_places_the_target_around_you_even_on_an_occupied_spot_keeping_its_facing():
    """Toss: "place target combatants in this ability's awareness on a spot around you ... This
    does not change the direction ... you can place them on an occupied spot.\""""
    toss = spell(
        "Hurl", ability("action", "Toss", aura=1), awareness=["x", "x", "^"], kind="technique"
    )
    foe_summon, wall = summon("Thrown", 3), summon("Wall", 5)
    state = position(
        {"a": [toss]}, [Place(foe_summon, "b", 3, 5, facing="west"), Place(wall, "a", 2, 3)]
    )
    thrown_id = find(state, foe_summon).id
    state = settle(apply(state, Play(in_thoughts(state, toss, "a"), 0, (thrown_id,))))
    assert state.pending.kind == "toss_spot"
    assert arena.spot(2, 4) in state.pending.options  # the spot it was on
    state = settle(choose(state, arena.spot(1, 2)))  # onto the wall's spot
    thrown = state.perms[thrown_id]
    assert (thrown.spot, thrown.facing) == (arena.spot(1, 2), arena.WEST)


def test_warp_moves_you_next_to_a_target_onto_an_unoccupied_spot():
    """Warp: "Move to a spot adjacent to a target in this ability's awareness." A move: the spot
    must be unoccupied."""
    warp = spell("Blink", ability("action", "Warp", aura=1), awareness="arena", kind="technique")
    wall = summon("Wall", 5)
    state = position({"a": [warp]}, [Place(wall, "b", 3, 5)])
    state = settle(apply(state, Play(in_thoughts(state, warp, "a"), 0, (1,))))  # next to Foe
    assert state.pending.kind == "warp_spot"
    assert arena.spot(2, 4) not in state.pending.options  # the wall's spot
    assert set(state.pending.options) == {arena.spot(1, 5), arena.spot(3, 5)}
    state = settle(choose(state, arena.spot(1, 5)))
    assert state.perms[0].spot == arena.spot(1, 5)


def test_games_that_play_every_keyword_replay_identically():
    """Game logs stay deterministic: a replay of a game that negates, resurrects, replicates and
    decoys takes the same decisions (a regression: Negate's targets, on the stack, were once
    remembered with the board and went stale)."""
    from decks.core.bundled import card_set, sample_decklists
    from rules.core.engine import GameLog, replay, snapshot
    from rules.core.engine.bots import HeuristicBot, RandomBot
    from rules.core.engine.play import play_game

    cards = {**card_set("demo"), **card_set("rulebook")}
    samples = sample_decklists()
    ilsa = samples["ilsa-marrowind-rulebenders"]
    others = sorted(samples)
    for seed in (41, 51, 61, *range(8)):
        other = samples[others[seed % len(others)]]
        bots = (
            (RandomBot(seed), RandomBot(seed + 1))
            if seed % 4
            else (HeuristicBot(seed, cards), RandomBot(seed + 1))
        )
        game = play_game(ilsa, other, cards, seed, bots)
        again = replay(GameLog.loads(game.log.dumps()), cards)
        assert snapshot(again) == snapshot(game.state), seed


def counting_totem(dies):
    """An alteration whose Count counts the deaths `dies` says (card format, `dies`)."""
    return card(
        "Grudge Totem",
        "alteration",
        ability("action", "Create", aura=1),
        ability("trigger", "Count", facts={"trigger": "summon_dies", "dies": dies}),
        hp=3,
        awareness=AROUND,
    )


@pytest.mark.parametrize(
    ("totem_at", "dies", "counts"),
    [
        ((2, 5), {"where": "awareness"}, True),  # (3, 4) is around the totem: in its awareness
        ((1, 1), {"where": "awareness"}, False),  # far from it
        ((1, 1), {"whose": "enemy"}, True),  # the summon is seat b's: an enemy of seat a
        ((1, 1), {"whose": "ally"}, False),
        ((1, 1), {"killed": True}, True),  # the bolt kills it
    ],
)
def test_a_count_of_some_deaths_counts_only_those(totem_at, dies, counts):
    """Count: "a trigger ability that occurs whenever the specified condition is met": "whenever
    an enemy summon is killed in this alteration's awareness" counts those deaths only (card
    format, `dies`). Before `dies`, such a card was refused, or counted every death."""
    totem = counting_totem(dies)
    doomed = summon("Doomed", 1)
    bolt = spell("Bolt", ability("action", "Basic Attack [1]", aura=1))
    state = position({"a": [bolt]}, [Place(totem, "a", *totem_at), Place(doomed, "b", 3, 4)])
    state = settle(apply(state, Play(in_thoughts(state, bolt, "a"), 0, (find(state, doomed).id,))))
    assert "Doomed" not in [p.card.name for p in state.perms.values()]  # killed
    # Count asks whether to add a counter only when the death is one it counts.
    assert (state.pending is not None and state.pending.kind == "may") is counts


def test_a_sacrifice_is_a_death_and_no_kill():
    """Glossary: Died/Dies (a summon leaving for the memories) and Kill(ed): a Count of kills
    does not count a sacrificed summon; a Count of deaths does."""
    from rules.core.engine.changes import leave_arena

    for dies, counts in (({"killed": True}, False), ({"whose": "ally"}, True)):
        totem = counting_totem(dies)
        mine = summon("Mine", 3)
        state = position({}, [Place(totem, "a", 1, 1), Place(mine, "a", 3, 4)])
        leave_arena(state, find(state, mine), killed=False)
        assert bool(state.queue) is counts


def test_a_negate_of_an_ability_an_opponent_controls_targets_only_those():
    """Glossary: Negate, "target ability"; a card that says "an opponent controls" (card
    format, a `controller` condition) targets the opponent's abilities and not its own player's.
    Before the condition the reader refused the card, naming the clause."""
    strike = spell("Strike", ability("action", "Basic Attack [2]", aura=1), awareness=["x", "^"])
    veto = spell(
        "Veto",
        ability(
            "swift",
            "Negate",
            facts={"conditions": [{"test": "controller", "kind": "opponent"}]},
            aura=1,
        ),
    )
    guard = summon("Guard", 5)
    # seat a's own Strike on the stack: its Veto cannot target it
    state = position({"a": [strike, veto]}, [Place(guard, "b", 3, 4)])
    state = apply(state, Play(in_thoughts(state, strike, "a"), 0, (find(state, guard).id,)))
    if state.priority == 1:
        state = apply(state, PASS)  # seat b lets it be; seat a has priority over its own Strike
    assert plays(state, in_thoughts(state, veto, "a")) == []
    # seat a's Strike, and seat b holds the Veto: it targets seat a's Strike
    state = position({"a": [strike], "b": [veto]}, [Place(guard, "b", 3, 4)])
    state = apply(state, Play(in_thoughts(state, strike, "a"), 0, (find(state, guard).id,)))
    assert [p.targets for p in plays(state, in_thoughts(state, veto, "b"))] == [
        (state.stack[-1].seq,)
    ]
