"""Keywords: every keyword the bundled card sets use is supported and behaves as the glossary
says; an unsupported one is reported, and a deck that needs it is refused before any game."""

import pytest

from decks.core.bundled import card_set, sample_decklists
from rules.core.cards import Ability, KeywordTerm, Speed, name_key
from rules.core.engine import (
    Choose,
    Dash,
    DeckRefused,
    Play,
    Select,
    apply,
    arena,
    check_playable,
    legal_actions,
    new_game,
    supported_keywords,
)
from rules.core.engine.compiler import card_spec
from rules.core.engine.decks import Deck, deck_from_decklist
from rules.core.engine.queries import has, reach_spots
from rules.core.engine.scenario import Place, find, in_thoughts, scenario
from rules.core.keywords import GLOSSARY

from .builders import FILLER, ability, card, champion, settle, summon

DEMO = card_set("demo")
HERO = champion("Hero", ability("swift", "Basic Attack [1]", "You deal 1 damage.", exert=True))
FOE = champion("Foe", ability("swift", "Basic Attack [1]", "You deal 1 damage.", exert=True))


def demo(name: str):
    return DEMO[name_key(name)]


@pytest.mark.parametrize("code", ["demo", "rulebook"])
def test_every_keyword_the_bundled_sets_use_is_supported(code):
    used = {t.keyword for c in card_set(code).values() for a in c.abilities for t in a.terms}
    assert used <= supported_keywords()
    assert supported_keywords() <= {k.slug for k in GLOSSARY}


def test_every_demo_card_is_playable_and_compiles_without_problems():
    assert check_playable(DEMO.values()) == []
    for card_value in DEMO.values():
        spec = card_spec(card_value)
        for ability_spec, ability_value in zip(spec.abilities, card_value.abilities, strict=True):
            # Modify acts through the ability it alters (its `modifies`).
            altering = ability_value.modifies is not None
            assert ability_spec.effects or ability_spec.modifiers or altering, ability_spec


def test_every_keyword_of_the_glossary_is_supported():
    """Core Rulebook 5.2, Glossary of Terms and Keywords: every keyword, Breakthrough (read as
    Draw) included."""
    assert supported_keywords() == {k.slug for k in GLOSSARY}


def test_a_keyword_the_engine_does_not_run_is_reported_by_name_and_the_deck_refused():
    strange = Ability(Speed.SWIFT, "Frobnicate", (KeywordTerm("frobnicate"),))
    silencer = card("Silencer", "spell", strange, chi=2)
    problems = check_playable([silencer])
    assert problems == [
        "Silencer: Frobnicate: the keyword frobnicate is not supported by the game engine"
    ]
    with pytest.raises(DeckRefused) as refused:
        new_game((Deck(HERO, (silencer,) * 50), Deck(FOE, (FILLER,) * 50)), seed=1, fmt=None)
    assert refused.value.seat == "a"
    assert "frobnicate" in str(refused.value)


def test_unrevealed_stats_make_a_card_unplayable():
    rulebook = card_set("rulebook")
    problems = check_playable([rulebook[name_key("Phyr Cub")]])
    assert any("not revealed" in p for p in problems)


def test_an_illegal_timeline_is_refused_with_the_validators_message():
    sample = sample_decklists()["hedra-voss-iron-bastion"]
    deck = deck_from_decklist(sample, DEMO)
    short = Deck(deck.champion, deck.timeline[:49])
    with pytest.raises(DeckRefused) as refused:
        new_game((short, deck), seed=1)
    assert "49 cards" in str(refused.value)
    # The sample decks themselves are legal and start.
    assert not new_game((deck, deck), seed=1).over


def test_unknown_card_names_are_refused():
    from rules.core.decklist import DeckEntry, Decklist

    with pytest.raises(DeckRefused, match="Nonesuch"):
        deck_from_decklist(Decklist("Sera Vantyne", (DeckEntry(50, "Nonesuch"),)), DEMO)


def position(thoughts=(), permanents=(), **kw):
    kw.setdefault("champion_spots", ((3, 3), (3, 6)))
    return scenario(
        (HERO, FOE),
        permanents=list(permanents),
        thoughts={"a": list(thoughts)},
        timelines={"a": [FILLER] * 8, "b": [FILLER] * 8},
        **kw,
    )


def targets_of(state, card_value):
    cid = in_thoughts(state, card_value, "a")
    return {
        t for a in legal_actions(state) if isinstance(a, Play) and a.card == cid for t in a.targets
    }


def test_push_moves_the_target_one_spot_away_unless_the_edge_or_pinned_stops_it():
    kick = demo("Scatter Kick")  # Basic Attack [1] Push, the spot ahead
    dummy = summon("Dummy", 5, awareness=None)
    state = position([kick], [Place(dummy, "b", 3, 4)])
    target = find(state, dummy)
    after = settle(apply(state, Play(in_thoughts(state, kick, "a"), 0, (target.id,))))
    assert after.perms[target.id].spot == target.spot + 5  # one row further away
    at_edge = position([kick], [Place(dummy, "b", 3, 6)], champion_spots=((3, 5), (1, 1)))
    edge_target = find(at_edge, dummy)
    after = settle(apply(at_edge, Play(in_thoughts(at_edge, kick, "a"), 0, (edge_target.id,))))
    assert after.perms[edge_target.id].spot == edge_target.spot


@pytest.mark.parametrize(
    ("defender", "attack", "can_target"),
    [
        ("Whisperkite", "Scatter Kick", False),  # Spectral: attacks cannot target it
        ("Stormglass Owl", "Scatter Kick", False),  # Aerial: only Range attacks
        ("Stormglass Owl", "Needle Volley", True),  # a Range attack may
        ("Ratchet Mite", "Mossmend", False),  # Tiny: nothing targets it
    ],
)
def test_targeting_restrictions(defender, attack, can_target):
    target_card = demo(defender)
    attack_card = demo(attack)
    state = position([attack_card], [Place(target_card, "b", 3, 4)])
    assert (find(state, target_card).id in targets_of(state, attack_card)) is can_target


def test_spectral_can_still_be_targeted_by_cast_abilities():
    """Glossary, Spectral: "Cast abilities can still target combatants with Spectral": a spell
    that is not an attack. A spell's attack is an attack ability all the same
    (Engine decision › Attacks from spells)."""
    pulse = demo("Stillmind Pulse")  # a spell: Stun
    bolt = demo("Hexfire")  # a spell: Fire Attack [2]
    kite = demo("Whisperkite")
    state = position([pulse, bolt], [Place(kite, "b", 3, 4)])
    assert find(state, kite).id in targets_of(state, pulse)
    assert find(state, kite).id not in targets_of(state, bolt)


def test_pacify_takes_away_a_combatants_own_awareness():
    pit = demo("Pit of Whispers")  # Trap: a combatant on its spot has no awareness
    state = position([], [Place(pit, "b", 3, 3)], champion_spots=((3, 3), (3, 4)))
    hero = state.perms[0]
    assert has(state, hero, "pacify")
    assert reach_spots(state, hero.spec.own[0], hero) == ()
    assert not any(isinstance(a, Play) and a.card == 0 for a in legal_actions(state))


def test_grounded_takes_flight_away():
    hex_card = demo("Lodestone Hex")  # Curse: Grounded, Weakness [Electric]
    bird = demo("Copperwing Scout")
    state = position([hex_card], [Place(bird, "b", 3, 5)], aura={"a": 10})
    target = find(state, bird)
    assert has(state, target, "flight")
    state = settle(apply(state, Play(in_thoughts(state, hex_card, "a"), 0, (target.id,))))
    assert not has(state, state.perms[target.id], "flight")
    assert has(state, state.perms[target.id], "weakness")


def test_stun_from_a_spell_lasts_until_the_end_of_the_round():
    pulse = demo("Stillmind Pulse")
    state = position([pulse], champion_spots=((3, 3), (3, 4)), aura={"a": 10})
    state = settle(apply(state, Play(in_thoughts(state, pulse, "a"), 0, (1,))))
    assert has(state, state.perms[1], "stun")
    effect = state.perms[1].effects[0]
    assert effect.duration == "round"


def test_build_create_and_trap_place_alterations():
    beacon, spire, glyph = demo("Signal Beacon"), demo("Tesla Spire"), demo("Tripwire Glyph")
    state = position([beacon], aura={"a": 20})
    state = settle(apply(state, Play(in_thoughts(state, beacon, "a"), 0, ())))
    assert find(state, beacon).spot == state.perms[0].spot  # Build: its champion's spot
    state = position([spire], aura={"a": 20})
    spots = targets_of(state, spire)
    assert state.perms[0].spot not in spots
    assert len(spots) == 28
    state = position([glyph], champion_spots=((3, 3), (3, 5)))
    assert targets_of(state, glyph) == {state.perms[1].spot}  # Trap: an occupied spot


def test_a_may_trigger_asks_its_controller():
    beacon = demo("Signal Beacon")  # at the beginning of each round, its owner may draw
    state = position(
        [],
        [Place(beacon, "a", 3, 3)],
        exerted=("a", "b"),
        phase="round_swift",
    )
    assert state.pending is not None
    assert state.pending.kind == "may"
    before = len(state.players[0].thoughts)
    after = apply(state, Choose(state.pending.options.index(1)))
    assert len(after.players[0].thoughts) >= before + 1


def test_rigged_detonation_burns_at_the_end_of_its_first_round_then_is_destroyed():
    bomb = demo("Rigged Detonation")
    dummy = summon("Dummy", 5, awareness=None)
    state = position(
        [],
        [Place(bomb, "a", 3, 4), Place(dummy, "b", 3, 5)],
        exerted=("a", "b"),
        phase="round_swift",
    )
    assert state.perms[find(state, dummy).id].hp == 3
    assert all(p.card is not bomb for p in state.perms.values())


def test_dash_gives_a_move_at_the_beginning_of_the_turn():
    greatstag = demo("Jaelaran Greatstag")  # Dash
    # A's champion has nothing to do, so B chooses its next combatant.
    state = position([], [Place(greatstag, "b", 1, 5, facing="south")])
    stag = find(state, greatstag)
    state = apply(state, Select(stag.id))
    dashes = [a for a in legal_actions(state) if isinstance(a, Dash)]
    assert {a.to for a in dashes} == {stag.spot + 1, stag.spot - 5, stag.spot + 5}
    state = apply(state, dashes[0])
    assert state.phase == "move"  # the Dash is extra: the move phase still follows


def test_enchantments_give_their_keywords_to_the_enchanted_combatant():
    boots = demo("Stormstride Boots")  # Enchant: Dash
    state = position([boots], aura={"a": 10})
    state = settle(apply(state, Play(in_thoughts(state, boots, "a"), 0, (0,))))
    assert has(state, state.perms[0], "dash")


def test_paralyze_exerts_and_stuns_its_target():
    freeze = card(
        "Freeze",
        "spell",
        ability("swift", "Paralyze", "Exert target combatant in the awareness; it is stunned."),
        awareness=["x", "^"],
    )
    state = position([freeze], champion_spots=((3, 3), (3, 4)))
    state = settle(apply(state, Play(in_thoughts(state, freeze, "a"), 0, (1,))))
    assert state.perms[1].exerted
    assert has(state, state.perms[1], "stun")


def test_line_of_sight_reaches_down_the_line_until_a_blocker():
    lance = card(
        "Lance",
        "spell",
        ability("action", "Line of Sight Range Attack [1]", "Deals 1 range damage down the line."),
        awareness=["x", "^"],
    )
    pillar = card(
        "Pillar",
        "alteration",
        ability("action", "Create", "Place this alteration on any unoccupied spot.", aura=1),
        hp=3,
        text="Blocks line of sight.",
    )
    open_line = position([lance], champion_spots=((3, 1), (3, 6)))
    assert 1 in targets_of(open_line, lance)  # the far champion, five spots away
    blocked = position([lance], [Place(pillar, "b", 3, 3)], champion_spots=((3, 1), (3, 6)))
    reachable = targets_of(blocked, lance)
    assert 1 not in reachable
    assert find(blocked, pillar).id in reachable


def test_a_create_that_says_adjacent_to_you_is_placed_only_there():
    # Glossary: Create, any unoccupied spot of the arena; a card whose Create says "adjacent to
    # you" (card format, reach) narrows it. The engine once offered every spot all the same.
    anywhere = card("Post", "alteration", ability("action", "Create", aura=1), hp=3)
    near = card(
        "Near Post",
        "alteration",
        ability("action", "Create", facts={"reach": "adjacent"}, aura=1),
        hp=3,
    )
    state = position([anywhere, near])
    champion_spot = state.perms[state.players[0].champion].spot
    assert len(targets_of(state, anywhere)) > 20
    assert targets_of(state, near) == set(arena.adjacent(champion_spot))
