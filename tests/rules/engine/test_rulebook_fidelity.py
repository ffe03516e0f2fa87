"""Rules an audit found the engine contradicting, each tested against the sentence of Core
Rulebook 5.2 it enforces: turn-timed triggers, Immediate speed and durations."""

from rules.core.engine import PASS, Choose, Play, apply, arena, legal_actions
from rules.core.engine.invariants import check_invariants
from rules.core.engine.scenario import Place, find, in_thoughts, scenario

from .builders import FILLER, ability, card, champion, settle, summon

HERO = champion("Hero", ability("swift", "Basic Attack [1]", "You deal 1 damage.", exert=True))
FOE = champion("Foe", ability("swift", "Basic Attack [1]", "You deal 1 damage.", exert=True))
CREATE = ability("action", "Create", "Place this alteration on any unoccupied spot.", aura=1)


def resolved(state, card_name):
    return [e for e in state.event_list() if e[0] == "resolve" and e[2] == card_name]


def turns(state):
    return [e for e in state.event_list() if e[0] == "turn"]


def play_round(state):
    """Every player ends every step without playing anything, to the end of the round."""
    start = state.round
    while state.round == start and not state.over:
        acts = legal_actions(state)
        state = apply(state, PASS if PASS in acts else acts[0])
    return state


# --- Turn-timed triggers ---------------------------------------------------------------------


def test_an_alterations_beginning_of_each_turn_trigger_fires_every_turn():
    """Beginning of Turn: "Put all abilities that occur at the beginning of the turn on the
    stack." Not only the active combatant's: an alteration's too."""
    beacon = card(
        "Beacon",
        "alteration",
        CREATE,
        ability(
            "trigger", "Heal [1]", "At the beginning of each turn, this alteration gains 1 HP."
        ),
        hp=1,
    )
    state = scenario(
        (HERO, FOE),
        permanents=[Place(beacon, "a", 1, 3)],
        timelines={"a": [FILLER] * 9, "b": [FILLER] * 9},
    )
    state = play_round(state)
    # Every turn that began fired it: B's turn in round 1 and A's first turn of round 2.
    assert len(turns(state)) == 2
    assert len(resolved(state, "Beacon")) == 2


def test_a_summons_end_of_its_turn_trigger_fires_once_per_its_own_turn():
    """ "At the end of its turn" is the summon's own turn: the Clean Up Step of other turns
    does not fire it."""
    sentry = summon(
        "Sentry",
        3,
        ability("trigger", "Heal [1]", "At the end of its turn, this summon gains 1 HP."),
    )
    state = scenario(
        (HERO, FOE),
        permanents=[Place(sentry, "a", 1, 3)],
        timelines={"a": [FILLER] * 9, "b": [FILLER] * 9},
    )
    sentry_id = find(state, sentry).id
    state = play_round(state)
    own_turns = [e for e in turns(state) if e[2] == sentry_id]
    assert len(own_turns) == 1
    assert len(resolved(state, "Sentry")) == 1
    assert state.perms[sentry_id].hp == 4


def test_a_curses_end_of_turn_fatigue_fires_at_the_end_of_the_cursed_champions_turn():
    """A skill's trigger is part of the combatant it is attached to: "the cursed champion
    suffers Fatigue [1]" at the end of its turn."""
    weariness = card(
        "Weariness",
        "enchantment",
        ability("action", "Champion Curse", "Attach this card to a target enemy champion."),
        ability(
            "trigger",
            "Fatigue [1]",
            "At the end of its turn, the cursed champion suffers Fatigue [1].",
        ),
    )
    state = scenario(
        (HERO, FOE),
        champion_skills=((), (weariness,)),
        turn="b",
        timelines={"a": [FILLER] * 9, "b": [FILLER] * 9},
    )
    timeline = len(state.players[1].timeline)
    state = play_round(state)
    assert [e for e in state.event_list() if e[0] == "fatigue"] == [("fatigue", 1, 1)]
    assert len(state.players[1].timeline) == timeline - 1


# --- Immediate speed -------------------------------------------------------------------------


def test_an_immediate_ability_resolves_as_it_goes_on_the_stack():
    """Speeds of Abilities, Immediate: "Resolve the moment they go on the stack. No other
    ability can be played until this resolves." The opponent's swift Defense cannot answer."""
    bomb = summon(
        "Bomb Pup",
        2,
        ability(
            "immediate",
            "Area Attack [1]",
            "When this summon enters the arena, it deals 1 damage to everything in its awareness.",
        ),
        awareness=["x x x", "x ^ x", "x x x"],
    )
    shield = card(
        "Shield",
        "spell",
        ability("swift", "Defense [1]", "Prevent 1 of the damage dealt to a target ally."),
        awareness="arena",
    )
    guard = summon("Guard", 3)
    state = scenario(
        (HERO, FOE),
        champion_spots=((3, 3), (3, 6)),
        permanents=[Place(guard, "b", 3, 5)],
        thoughts={"a": [bomb], "b": [shield]},
        timelines={"a": [FILLER] * 9, "b": [FILLER] * 9},
    )
    state = apply(state, Play(in_thoughts(state, bomb, "a"), 0, ()))
    # B could answer a trigger with the Shield: it can answer the Beckon itself.
    shield_id = in_thoughts(state, shield, "b")
    assert any(isinstance(a, Play) and a.card == shield_id for a in legal_actions(state))
    state = settle(state)
    while state.pending is not None:  # the Beckon's spot: right in front of the guard
        spots = state.pending.options
        state = apply(state, Choose(spots.index(17) if 17 in spots else 0))
    # Straight after the summon is placed: already resolved, and B never had priority.
    guard_id = find(state, guard).id
    assert state.perms[guard_id].hp == 2
    assert not state.stack
    assert shield_id in state.players[1].thoughts
    kinds = [e[0] for e in state.event_list()]
    assert kinds.index("enter") < kinds.index("damage")
    # Nothing else happened between the summon's arrival and the damage.
    between = kinds[kinds.index("enter") + 1 : kinds.index("damage")]
    assert "play" not in between


# --- Durations -------------------------------------------------------------------------------


def test_a_granted_ailment_with_no_stated_duration_lasts_until_removed():
    """Adding and Removing Ailments and Keyword Abilities: "If an ability that puts an ailment on
    a combatant has no stated timeframe ... the ailment is permanent until removed." Glossary,
    Gain(s): "If not stated otherwise, gaining is a transition to a permanent state"."""
    hex_card = card(
        "Hex",
        "spell",
        ability("action", "Weakness [Fire]", "A target combatant gains Weakness [Fire].", aura=1),
        awareness=["x x x", "x ^ x", "x x x"],
    )
    dash_card = card(
        "Wings",
        "technique",
        ability("swift", "Dash", "You gain Dash.", aura=1),
    )
    guard = summon("Guard", 3)
    state = scenario(
        (HERO, FOE),
        champion_spots=((3, 3), (3, 6)),
        permanents=[Place(guard, "b", 3, 4)],
        thoughts={"a": [hex_card, dash_card]},
        timelines={"a": [FILLER] * 9, "b": [FILLER] * 9},
    )
    guard_id = find(state, guard).id
    state = settle(apply(state, Play(in_thoughts(state, dash_card, "a"), 0, ())))
    state = settle(apply(state, Play(in_thoughts(state, hex_card, "a"), 0, (guard_id,))))
    for _ in range(2):
        state = play_round(state)
    assert [m.keyword for m in state.perms[guard_id].effects] == ["weakness"]
    assert [m.keyword for m in state.perms[0].effects] == ["dash"]


def test_a_desperation_ability_is_played_only_at_that_much_hp_or_less():
    """Glossary, Desperation: "a condition that applies to any champion that currently has a
    certain amount of HP remaining, or less. The amount of HP will be dictated by the ability."
    """
    last_stand = card(
        "Last Stand",
        "technique",
        ability("swift", "Heal [3]", "You gain 3 HP.", facts={"desperation": 5}, aura=1),
    )

    def playable(hp):
        state = scenario(
            (HERO, FOE),
            thoughts={"a": [last_stand]},
            champion_hp=(hp, None),
            timelines={"a": [FILLER] * 9, "b": [FILLER] * 9},
        )
        card_id = in_thoughts(state, last_stand, "a")
        return any(isinstance(a, Play) and a.card == card_id for a in legal_actions(state))

    assert not playable(6)
    assert playable(5)
    assert playable(1)


# --- Placing onto occupied spots -------------------------------------------------------------


def test_a_champion_boxed_in_can_still_beckon_onto_an_occupied_spot():
    """Glossary, Beckon: "Summons may be beckoned onto occupied spots. As this is a place
    effect." Placing from the Thoughts: "even on top of another permanent"."""
    wall = summon("Wall", 5)
    pup = summon("Pup", 2)
    state = scenario(
        (HERO, FOE),
        champion_spots=((3, 3), (3, 6)),
        permanents=[
            Place(wall, "b", 3, 4),
            Place(wall, "b", 3, 2),
            Place(wall, "b", 2, 3),
            Place(wall, "b", 4, 3),
        ],
        thoughts={"a": [pup]},
        timelines={"a": [FILLER] * 9, "b": [FILLER] * 9},
    )
    pup_id = in_thoughts(state, pup, "a")
    assert Play(pup_id, 0, ()) in legal_actions(state)
    state = settle(apply(state, Play(pup_id, 0, ())))
    assert state.pending is not None
    assert len(state.pending.options) == 4  # every adjacent spot, each occupied
    state = apply(state, Choose(0))
    placed = state.perms[pup_id]
    sharing = [p for p in state.perms.values() if p.spot == placed.spot and p.id != pup_id]
    assert [p.card.name for p in sharing] == ["Wall"]
    check_invariants(state)


def test_permanents_sharing_a_spot_are_targeted_one_by_one_and_all_hit_by_an_area():
    """Playmat: "an individual spot can contain more than one permanent". Each is a permanent
    of its own: a target is one of them; an area attack deals damage to everything on its
    spots (Glossary: Area Attack)."""
    wall, pup = summon("Wall", 5), summon("Pup", 2)
    quake = card(
        "Quake",
        "spell",
        ability("action", "Area Attack [1]", "You deal 1 damage to everything in the awareness."),
        awareness=["x", "^"],
    )
    poke = card(
        "Poke",
        "spell",
        ability("action", "Basic Attack [1]", "You deal 1 damage to a target in the awareness."),
        awareness=["x", "^"],
    )
    state = scenario(
        (HERO, FOE),
        champion_spots=((3, 3), (3, 6)),
        permanents=[Place(wall, "b", 3, 4), Place(pup, "b", 3, 4)],
        thoughts={"a": [quake, poke]},
        timelines={"a": [FILLER] * 9, "b": [FILLER] * 9},
    )
    wall_id, pup_id = find(state, wall).id, find(state, pup).id
    poke_id = in_thoughts(state, poke, "a")
    targets = {a.targets for a in legal_actions(state) if isinstance(a, Play) and a.card == poke_id}
    assert targets == {(wall_id,), (pup_id,)}
    state = settle(apply(state, Play(in_thoughts(state, quake, "a"), 0, ())))
    assert (state.perms[wall_id].hp, state.perms[pup_id].hp) == (4, 1)


def test_a_trap_places_an_alteration_that_occupies_onto_an_occupied_spot():
    """Glossary, Trap: "Place this alteration on an occupied spot." Its own occupancy does not
    matter: placing is "regardless of the spot's occupancy"."""
    cage = card(
        "Cage",
        "alteration",
        ability("swift", "Trap", "Place this alteration on an occupied spot.", aura=1),
        hp=2,
        awareness="arena",
        occupies_spot=True,
    )
    wall = summon("Wall", 5)
    state = scenario(
        (HERO, FOE),
        permanents=[Place(wall, "b", 3, 4)],
        thoughts={"a": [cage]},
        timelines={"a": [FILLER] * 9, "b": [FILLER] * 9},
    )
    cage_id = in_thoughts(state, cage, "a")
    wall_spot = find(state, wall).spot
    play = Play(cage_id, 0, (wall_spot,))
    assert play in legal_actions(state)
    state = settle(apply(state, play))
    assert state.perms[cage_id].spot == wall_spot
    check_invariants(state)


def test_the_player_chooses_the_facing_of_an_alteration_created_with_none_stated():
    """Placing from the Thoughts: "When the orientation of a place ability is not stated when
    placing from their thoughts, the player may choose the orientation of the permanent.\""""
    turret = card(
        "Turret",
        "alteration",
        ability("action", "Create", "Place this alteration on any unoccupied spot.", aura=1),
        hp=2,
        awareness=["x", "^"],
    )
    state = scenario(
        (HERO, FOE),
        thoughts={"a": [turret]},
        timelines={"a": [FILLER] * 9, "b": [FILLER] * 9},
    )
    turret_id = in_thoughts(state, turret, "a")
    state = settle(apply(state, Play(turret_id, 0, (arena.spot(0, 2),))))
    assert state.pending is not None
    assert state.pending.kind == "facing"
    assert state.pending.options == (0, 1, 2, 3)
    state = apply(state, Choose(state.pending.options.index(arena.EAST)))
    assert state.perms[turret_id].facing == arena.EAST


# --- The coin flip ---------------------------------------------------------------------------


def test_the_coin_flip_winner_chooses_whether_to_lead_a_single_game():
    """How to Start a Game: the coin flip's winner chooses; with both bots declining, the
    winner's opponent leads."""
    from rules.core.engine.bots import RandomBot
    from rules.core.engine.decks import Deck
    from rules.core.engine.game import coin_flip
    from rules.core.engine.play import play_game

    class Declines(RandomBot):
        def choose_lead(self, match, seat):
            return False

    deck = Deck(HERO, (FILLER,) * 20)
    other = Deck(FOE, (FILLER,) * 20)
    for seed in (1, 2, 3, 4):
        winner = coin_flip(seed)
        loser = "b" if winner == "a" else "a"
        led = play_game(deck, other, {}, seed, (RandomBot(1), RandomBot(2)), fmt=None)
        declined = play_game(deck, other, {}, seed, (Declines(1), Declines(2)), fmt=None)
        assert declined.log.leader == loser
        assert led.log.leader in ("a", "b")


# --- The log's engine version ----------------------------------------------------------------


def test_a_log_records_its_engine_version_and_another_versions_log_is_refused_clearly():
    import json

    import pytest

    from rules.core.engine import ENGINE_VERSION, GameLog, LogVersionError
    from rules.core.engine.bots import RandomBot
    from rules.core.engine.decks import Deck
    from rules.core.engine.play import play_game

    game = play_game(
        Deck(HERO, (FILLER,) * 20),
        Deck(FOE, (FILLER,) * 20),
        {},
        5,
        (RandomBot(1), RandomBot(2)),
        fmt=None,
    )
    data = json.loads(game.log.dumps())
    assert data["engine"] == ENGINE_VERSION
    assert GameLog.loads(game.log.dumps()) == game.log
    del data["engine"]  # written before the version was recorded: version 1
    with pytest.raises(LogVersionError, match="recorded by engine version 1; this is engine"):
        GameLog.loads(json.dumps(data))


def test_push_moves_a_target_combatant_or_alteration():
    """Glossary, Push: "Move target combatant or alteration one spot away from you." An
    alteration in the awareness is a legal target, and it is pushed."""
    gust = card(
        "Gust",
        "spell",
        ability(
            "action",
            "Area Electric Attack [2] Push",
            "You deal 2 electric damage to everything in the awareness. Push a target combatant "
            "or alteration in the awareness one spot away.",
            aura=1,
        ),
        awareness=["x", "^"],
    )
    post = card("Post", "alteration", CREATE, hp=5)
    state = scenario(
        (HERO, FOE),
        champion_spots=((3, 3), (3, 6)),
        permanents=[Place(post, "b", 3, 4)],
        thoughts={"a": [gust]},
        timelines={"a": [FILLER] * 9, "b": [FILLER] * 9},
    )
    post_id = find(state, post).id
    gust_id = in_thoughts(state, gust, "a")
    assert Play(gust_id, 0, (post_id,)) in legal_actions(state)
    state = settle(apply(state, Play(gust_id, 0, (post_id,))))
    assert state.perms[post_id].spot == arena.spot(2, 4)
    assert state.perms[post_id].hp == 3
