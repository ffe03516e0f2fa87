"""What card format 2's later fields say, played as written (docs/card-format.md): conditions,
counters put on or removed from a card, a switch that includes the user, the reach of a
sacrifice, copying an ability, and rotation by an ability (the engine once had no copying, no
rotation by an ability and no conditions)."""

from dataclasses import replace

from decks.core.bundled import card_set, sample_decklists
from rules.core.cards import name_key
from rules.core.engine import PASS, Play, apply, arena, legal_actions, replay
from rules.core.engine.bots import RandomBot
from rules.core.engine.decks import deck_from_decklist
from rules.core.engine.play import play_game
from rules.core.engine.scenario import Place, find, in_thoughts, scenario

from .builders import AHEAD_1, AROUND, FILLER, ability, card, champion, settle, summon

HERO = champion("Hero", ability("swift", "Basic Attack [1]", "You deal 1 damage.", exert=True))
FOE = champion("Foe", ability("swift", "Basic Attack [1]", "You deal 1 damage.", exert=True))
TIMELINES = {"a": [FILLER] * 9, "b": [FILLER] * 9}


def position(thoughts=(), permanents=(), **kwargs):
    kwargs.setdefault("champion_spots", ((3, 3), (3, 6)))
    kwargs.setdefault("timelines", TIMELINES)
    return scenario((HERO, FOE), permanents=list(permanents), thoughts=thoughts, **kwargs)


def plays(state, source, index=None):
    return [
        a
        for a in legal_actions(state)
        if isinstance(a, Play) and a.card == source and index in (None, a.ability)
    ]


def spell(name, *abilities, awareness=AROUND, kind="spell"):
    return card(name, kind, *abilities, awareness=awareness)


def test_a_counter_condition_holds_only_once_the_card_has_the_counters():
    """ "if this summon has 2 or more counters": the ability is played only then."""
    hound = summon(
        "Tallyhound",
        4,
        ability(
            "swift",
            "Basic Attack [1]",
            facts={"target": "enemy", "then": [{"effect": "add_counter"}]},
            hp=1,
        ),
        ability(
            "swift",
            "Basic Attack [3]",
            facts={"target": "enemy", "conditions": [{"test": "counters", "at_least": 2}]},
        ),
        awareness=AROUND,
    )
    guard = summon("Guard", 9)
    state = position({}, [Place(hound, "a", 3, 4), Place(guard, "b", 4, 4)])
    hound_id, guard_id = find(state, hound).id, find(state, guard).id
    assert plays(state, hound_id, 2) == []
    for _ in range(2):
        state = settle(apply(state, Play(hound_id, 1, (guard_id,))))
    assert state.perms[hound_id].counters == 2
    assert plays(state, hound_id, 2) == [Play(hound_id, 2, (guard_id,))]


def test_a_counter_put_by_an_attack_lets_the_cards_break_happen():
    """Glossary: Break, it happens once the card holds its counters; here they come from
    "then put a counter on this summon", not from Count."""
    hound = summon(
        "Tallyhound",
        4,
        ability(
            "swift",
            "Basic Attack [1]",
            facts={"target": "enemy", "then": [{"effect": "add_counter"}]},
            hp=1,
        ),
        ability("trigger", "Break Draw", facts={"break_at": 1, "trigger": "round_ends"}),
        awareness=AROUND,
    )
    guard = summon("Guard", 9)
    state = position({}, [Place(hound, "a", 3, 4), Place(guard, "b", 4, 4)])
    hound_id, guard_id = find(state, hound).id, find(state, guard).id
    state = apply(state, Play(hound_id, 1, (guard_id,)))
    state = apply(apply(state, PASS), PASS)  # the attack resolves: a counter, then Break
    assert any(item.spec and item.spec.name == "Break Draw" for item in state.stack) or (
        state.pending is not None and state.pending.kind == "may"
    )


def test_a_trigger_with_an_unmet_condition_does_not_happen():
    """ "At the beginning of each round, if this alteration has 2 or more counters ..." """
    gauge = card(
        "Tide Gauge",
        "alteration",
        ability("action", "Create"),
        ability(
            "trigger",
            "Water Attack [1]",
            facts={
                "trigger": "round_ends",
                "target": "enemy",
                "conditions": [{"test": "counters", "at_least": 2}],
            },
        ),
        awareness=AROUND,
        hp=3,
    )
    guard = summon("Guard", 5)
    state = position({}, [Place(gauge, "a", 3, 4), Place(guard, "b", 4, 4)], phase="round_swift")
    guard_id = find(state, guard).id
    state = settle(apply(apply(state, PASS), PASS))
    assert state.perms[guard_id].hp == 5
    assert ("condition_unmet", "Tide Gauge", "Water Attack [1]") in _events(state)


def _events(state):
    found, events = [], state.events
    while events:
        found.append(events[0])
        events = events[1]
    return found


def test_you_and_target_ally_switch_spots():
    """Switch: "the two permanents trade spots"; here the user is one of them."""
    swap = spell(
        "Swap Step",
        ability("swift", "Decoy", facts={"target": "ally", "includes_user": True}, aura=1),
    )
    squire = summon("Squire", 3)
    state = position({"a": [swap]}, [Place(squire, "a", 2, 3)])
    squire_id, hero_id = find(state, squire).id, find(state, HERO).id
    spots = state.perms[hero_id].spot, state.perms[squire_id].spot
    state = settle(apply(state, Play(in_thoughts(state, swap, "a"), 0, (squire_id,))))
    assert (state.perms[hero_id].spot, state.perms[squire_id].spot) == spots[::-1]


def test_a_sacrifice_in_the_awareness_reaches_only_its_awareness():
    offering = spell(
        "Offering",
        ability(
            "action", "Sacrifice", facts={"target": "ally_summon", "reach": "awareness"}, aura=1
        ),
        awareness=AHEAD_1,
    )
    near, far = summon("Near", 2), summon("Far", 2)
    state = position({"a": [offering]}, [Place(near, "a", 3, 4), Place(far, "a", 1, 1)])
    targets = {a.targets for a in plays(state, in_thoughts(state, offering, "a"))}
    assert targets == {(find(state, near).id,)}


def test_copying_an_ability_puts_a_duplicate_with_its_targets_on_the_stack():
    """Using the Stack, Copying an Ability from a Champion: a duplicate with "any targeting
    information/decisions"; it does not go to the memories."""
    strike = spell(
        "Strike", ability("action", "Basic Attack [2]", aura=1), awareness=["x", "x", "x", "^"]
    )
    echo = spell("Echo", ability("swift", "Cast", facts={"then": [{"effect": "copy"}]}, aura=1))
    guard = summon("Guard", 9)
    state = position({"a": [strike], "b": [echo]}, [Place(guard, "b", 3, 5)])
    guard_id = find(state, guard).id
    state = apply(state, Play(in_thoughts(state, strike, "a"), 0, (guard_id,)))
    seq = state.stack[-1].seq
    echo_id = in_thoughts(state, echo, "b")
    state = settle(apply(state, Play(echo_id, 0, (seq,))))
    assert state.perms[guard_id].hp == 5
    assert echo_id in state.players[1].memories


def test_an_ability_rotates_its_target_the_way_it_says():
    """Navigating the Arena, Rotation as a Part of an Ability."""
    turn = spell(
        "Turnabout",
        ability(
            "swift",
            "Cast",
            facts={
                "target": "enemy",
                "then": [{"effect": "rotate", "who": "target", "turn": "right"}],
            },
            aura=1,
        ),
    )
    guard = summon("Guard", 3)
    state = position({"a": [turn]}, [Place(guard, "b", 3, 4, facing="south")])
    guard_id = find(state, guard).id
    state = settle(apply(state, Play(in_thoughts(state, turn, "a"), 0, (guard_id,))))
    assert state.perms[guard_id].facing == arena.WEST


def test_a_rotation_with_no_direction_is_its_players_choice_of_left_or_right():
    """ "If the ability causing rotation does not dictate which direction ... whichever player is
    doing the rotating ... chooses which direction." """
    turn = spell("Pivot", ability("swift", "Cast", facts={"then": [{"effect": "rotate"}]}, aura=1))
    state = position({"a": [turn]})
    state = settle(apply(state, Play(in_thoughts(state, turn, "a"), 0, ())))
    assert state.pending.kind == "facing"
    assert sorted(state.pending.options) == [arena.EAST, arena.WEST]


def test_an_hp_threshold_and_a_target_kind_are_conditions_of_play():
    last = spell(
        "Last Stand",
        ability(
            "swift",
            "Heal [3]",
            facts={"conditions": [{"test": "hp", "who": "champion", "at_most": 5}]},
            aura=1,
        ),
        kind="technique",
    )
    state = position({"a": [last]})
    assert plays(state, in_thoughts(state, last, "a")) == []
    state = position({"a": [last]}, champion_hp=(5, None))
    assert plays(state, in_thoughts(state, last, "a")) != []
    veto = spell(
        "Veto",
        ability(
            "swift",
            "Negate",
            facts={"conditions": [{"test": "target_kind", "kind": "spell"}]},
            aura=1,
        ),
    )
    strike = spell(
        "Strike", ability("action", "Basic Attack [2]", aura=1), awareness=["x", "x", "x", "^"]
    )
    guard = summon(
        "Guard",
        9,
        ability("swift", "Basic Attack [1]", facts={"target": "enemy"}),
        awareness=AROUND,
    )
    state = position({"a": [strike], "b": [veto]}, [Place(guard, "b", 3, 5)])
    state = apply(state, Play(in_thoughts(state, strike, "a"), 0, (find(state, guard).id,)))
    assert plays(state, in_thoughts(state, veto, "b")) == [
        Play(in_thoughts(state, veto, "b"), 0, (state.stack[-1].seq,))
    ]


def test_random_games_with_every_new_field_keep_the_invariants_and_replay_exactly():
    """A few games where both timelines hold cards using conditions, counters, copying,
    rotation and a switch with the user: the invariants hold at every step, and the log
    replays to the same events (300 such games were run by hand)."""
    new = [
        summon(
            "Tallyhound",
            4,
            ability(
                "swift",
                "Basic Attack [1]",
                facts={"target": "enemy", "then": [{"effect": "add_counter"}]},
                hp=1,
            ),
            ability(
                "swift",
                "Basic Attack [3]",
                facts={"target": "enemy", "conditions": [{"test": "counters", "at_least": 2}]},
            ),
            awareness=AROUND,
        ),
        spell("Echo", ability("swift", "Cast", facts={"then": [{"effect": "copy"}]}, aura=1)),
        spell(
            "Pivot",
            ability(
                "swift",
                "Cast",
                facts={"target": "enemy", "then": [{"effect": "rotate", "who": "target"}]},
                aura=1,
            ),
        ),
        spell(
            "Swap Step",
            ability("swift", "Decoy", facts={"target": "ally", "includes_user": True}, aura=1),
        ),
    ]
    cards = card_set()
    known = dict(cards) | {name_key(c.name): c for c in new}
    samples = sample_decklists()
    names = sorted(samples)

    def deck(name):
        built = deck_from_decklist(samples[name], cards)
        return replace(built, timeline=(*new * 3, *built.timeline[12:]))

    for seed in range(3):
        bots = (RandomBot(seed), RandomBot(seed + 7))
        result = play_game(
            deck(names[seed]), deck(names[seed + 1]), cards, seed, bots, check=True, fmt=None
        )
        assert result.over
        assert _events(replay(result.log, known)) == _events(result.state)


def test_an_attack_on_each_enemy_damages_every_enemy_in_its_awareness_and_no_ally():
    """card format, `each`: "every permanent of the target kind in its reach instead of one it
    targets" ("deals 1 water damage to each enemy in its awareness"). It once compiled with no
    target and did nothing; a Cure on each enemy once healed every combatant."""
    wave = spell(
        "Tidal Surge",
        ability("action", "Water Attack [1]", facts={"target": "enemy", "each": True}),
    )
    ours, theirs, other = summon("Ours", 5), summon("Theirs", 5), summon("Other", 5)
    state = position(
        {"a": [wave]},
        [Place(ours, "a", 3, 4), Place(theirs, "b", 4, 4), Place(other, "b", 2, 2)],
    )
    (play,) = [a for a in legal_actions(state) if isinstance(a, Play) and a.card not in state.perms]
    assert play.targets == ()  # it targets nothing (Indirect Immunity would prevent it)
    state = settle(apply(state, play))
    hp = {
        name: find(state, c).hp
        for name, c in (("ours", ours), ("theirs", theirs), ("other", other))
    }
    assert hp == {"ours": 5, "theirs": 4, "other": 4}


def test_a_cure_on_each_ally_heals_only_the_allies_in_its_awareness():
    mend = spell(
        "Mending Rain", ability("action", "Cure [2]", facts={"target": "ally", "each": True})
    )
    ours, theirs = summon("Ours", 5), summon("Theirs", 5)
    state = position({"a": [mend]}, [Place(ours, "a", 3, 4), Place(theirs, "b", 4, 4)])
    (play,) = [a for a in legal_actions(state) if isinstance(a, Play) and a.card not in state.perms]
    state = settle(apply(state, play))
    assert (find(state, ours).hp, find(state, theirs).hp) == (7, 5)


def test_a_target_kind_may_be_an_attack_or_a_cast_ability():
    """The target's kind may be the kind of ability the glossary names (Key Words: Attack
    Abilities; Resistance, "cast abilities"): "Negate target attack ability" negates the guard's
    attack and not a spell's Draw."""
    veto = spell(
        "Parry",
        ability(
            "swift", "Negate", facts={"conditions": [{"test": "target_kind", "kind": "attack"}]}
        ),
    )
    insight = spell("Insight", ability("swift", "Draw", aura=1))
    guard = summon(
        "Guard",
        9,
        ability("swift", "Basic Attack [1]", facts={"target": "enemy"}),
        awareness=AROUND,
    )
    state = position({"a": [veto, insight]}, [Place(guard, "b", 3, 4)], turn="b", active=guard)
    state = apply(state, Play(find(state, guard).id, 1, (state.players[0].champion,)))
    assert plays(state, in_thoughts(state, veto, "a")) == [
        Play(in_thoughts(state, veto, "a"), 0, (state.stack[-1].seq,))
    ]
    state = position({"a": [veto], "b": [insight]}, turn="b")
    state = apply(state, Play(in_thoughts(state, insight, "b"), 0, ()))
    assert plays(state, in_thoughts(state, veto, "a")) == []
