"""Navigating the Arena: spots, facings, awareness turned with the facing, adjacent versus
around, line of sight, Away, and occupancy in moves and places."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from decks.core.bundled import card_set, sample_decklists
from rules.core.awareness import Awareness
from rules.core.engine import Play, Step, apply, arena, legal_actions
from rules.core.engine.bots import RandomBot
from rules.core.engine.changes import set_position
from rules.core.engine.decks import deck_from_decklist
from rules.core.engine.invariants import check_invariants
from rules.core.engine.keywords import defense
from rules.core.engine.play import play_game
from rules.core.engine.queries import (
    has,
    occupied_mask,
    occupies,
    spot_targets,
    target_options,
)
from rules.core.engine.scenario import Place, find, scenario

from .builders import AROUND, FILLER, ability, card, champion, settle, summon

HERO = champion("Hero", ability("swift", "Basic Attack [1]", "You deal 1 damage.", exert=True))
FOE = champion("Foe", ability("swift", "Basic Attack [1]", "You deal 1 damage.", exert=True))
WALL = card(
    "Wall",
    "alteration",
    ability("action", "Create", "Place this alteration on any unoccupied spot.", aura=1),
    hp=3,
    occupies_spot=True,
)
RUG = card(
    "Rug",
    "alteration",
    ability("action", "Create", "Place this alteration on any unoccupied spot.", aura=1),
    hp=3,
)
MITE = summon("Mite", 1, ability("continuous", "Tiny", "Does not occupy its spot."))
BIRD = summon("Bird", 2, ability("continuous", "Flight", "Can move onto occupied spots."))
BRUTE = summon("Brute", 3)


def test_the_arena_is_5_columns_by_6_rows():
    assert (arena.COLUMNS, arena.ROWS, arena.SPOTS) == (5, 6, 30)
    assert arena.label(arena.spot(2, 0)) == "c3r1"
    assert arena.column_row(arena.spot(4, 5)) == (4, 5)


def test_adjacent_is_the_four_orthogonal_spots_and_around_is_all_eight():
    middle = arena.spot(2, 2)
    assert sorted(arena.adjacent(middle)) == sorted(
        [arena.spot(2, 3), arena.spot(3, 2), arena.spot(2, 1), arena.spot(1, 2)]
    )
    assert len(arena.around(middle)) == 8
    assert set(arena.adjacent(middle)) < set(arena.around(middle))
    corner = arena.spot(0, 0)
    assert len(arena.adjacent(corner)) == 2
    assert len(arena.around(corner)) == 3


@pytest.mark.parametrize(
    ("facing", "expected"),
    [
        (arena.NORTH, (2, 3)),  # forward is up the rows
        (arena.EAST, (3, 2)),
        (arena.SOUTH, (2, 1)),
        (arena.WEST, (1, 2)),
    ],
)
def test_awareness_turns_with_the_facing(facing, expected):
    ahead = Awareness.parse(["x", "^"])
    assert arena.seen_spots(ahead, arena.spot(2, 2), facing) == (arena.spot(*expected),)


def test_awareness_keeps_its_right_hand_side_when_turned():
    # A pattern that sees forward-right only.
    right = Awareness.parse([". x", "^ ."])
    origin = arena.spot(2, 2)
    assert arena.seen_spots(right, origin, arena.NORTH) == (arena.spot(3, 3),)
    assert arena.seen_spots(right, origin, arena.EAST) == (arena.spot(3, 1),)
    assert arena.seen_spots(right, origin, arena.SOUTH) == (arena.spot(1, 1),)
    assert arena.seen_spots(right, origin, arena.WEST) == (arena.spot(1, 3),)


def test_the_origin_is_never_part_of_the_awareness_and_edges_cut_it():
    around = Awareness.parse(AROUND)
    corner = arena.spot(0, 0)
    seen = arena.seen_spots(around, corner, arena.NORTH)
    assert corner not in seen
    assert len(seen) == 3
    unbounded = Awareness(unbounded=True)
    assert len(arena.seen_spots(unbounded, corner, arena.NORTH)) == 29


@given(st.integers(0, 29), st.integers(0, 3))
def test_rotating_four_times_gives_the_same_awareness(origin, facing):
    pattern = Awareness.parse(["x x .", ". ^ x", "x . ."])
    turned = facing
    for _ in range(4):
        turned = arena.rotate(turned, "right")
    assert turned == facing
    assert arena.seen_spots(pattern, origin, facing) == arena.seen_spots(pattern, origin, turned)
    assert arena.rotate(arena.rotate(facing, "left"), "right") == facing


def test_line_of_sight_runs_to_the_edge_or_stops_on_a_blocker():
    ahead = arena.pattern_key(Awareness.parse(["x", "^"]))
    origin = arena.spot(2, 0)
    assert arena.line_of_sight(ahead, origin, arena.NORTH, lambda s: False) == tuple(
        arena.spot(2, row) for row in range(1, 6)
    )
    blocker = arena.spot(2, 3)
    assert arena.line_of_sight(ahead, origin, arena.NORTH, lambda s: s == blocker) == (
        arena.spot(2, 1),
        arena.spot(2, 2),
        blocker,
    )


def test_line_of_sight_follows_each_arrow_of_the_awareness_not_the_facing():
    """Glossary, Line of Sight: it "originates from the awareness of the ability and continues
    to the edge of the arena ... following the direction of the arrow in the awareness". A
    diagonal awareness gives diagonal lines, not a ray straight ahead."""
    diagonals = arena.pattern_key(Awareness.parse(["x . x", ". ^ ."]))
    origin = arena.spot(2, 0)
    found = arena.line_of_sight(diagonals, origin, arena.NORTH, lambda s: False)
    assert found == tuple(
        sorted([arena.spot(1, 1), arena.spot(0, 2), arena.spot(3, 1), arena.spot(4, 2)])
    )
    assert arena.spot(2, 1) not in found
    # Turned to face east, the same card's lines turn with it.
    east = arena.line_of_sight(diagonals, arena.spot(0, 2), arena.EAST, lambda s: False)
    assert east == tuple(
        sorted(
            [
                arena.spot(1, 3),
                arena.spot(2, 4),
                arena.spot(3, 5),
                arena.spot(1, 1),
                arena.spot(2, 0),
            ]
        )
    )


@pytest.mark.parametrize(
    ("user", "target", "step"),
    [
        ((2, 2), (2, 3), (0, 1)),
        ((2, 2), (1, 2), (-1, 0)),
        ((2, 2), (3, 3), (1, 1)),  # a diagonal stays diagonal
        ((2, 2), (3, 4), (0, 1)),  # off-line: along the longer axis
    ],
)
def test_away_is_a_straight_line_from_the_user(user, target, step):
    assert arena.away_step(arena.spot(*user), arena.spot(*target)) == step


def test_alterations_and_tiny_do_not_occupy_but_an_occupying_alteration_does():
    state = scenario(
        (HERO, FOE),
        permanents=[
            Place(RUG, "a", 1, 3),
            Place(WALL, "a", 2, 3),
            Place(MITE, "a", 4, 3),
        ],
        timelines={"a": [FILLER] * 3, "b": [FILLER] * 3},
    )
    rug, wall, mite = find(state, RUG), find(state, WALL), find(state, MITE)
    assert not occupies(state, rug)
    assert occupies(state, wall)
    assert not occupies(state, mite)
    occupied = set(arena.spots_of(occupied_mask(state)))
    assert occupied == {state.perms[0].spot, state.perms[1].spot, wall.spot}


def move_phase(permanents, active=None, facing="north", spot=(3, 3), effects=()):
    """Seat a's turn, in the move phase of `active` (its champion by default)."""
    return scenario(
        (HERO, FOE),
        champion_spots=(spot, (3, 6)),
        champion_facings=(facing, "south"),
        permanents=permanents,
        active=active,
        phase="move",
        timelines={"a": [FILLER] * 3, "b": [FILLER] * 3},
    )


def destinations(state) -> set[int]:
    return {a.to for a in legal_actions(state) if isinstance(a, Step) and a.to is not None}


def test_moves_go_to_adjacent_unoccupied_spots_only():
    state = move_phase([Place(BRUTE, "b", 3, 4), Place(RUG, "b", 2, 3), Place(MITE, "b", 4, 3)])
    # North is taken by the Brute; the rug and the Tiny mite do not occupy their spots.
    assert destinations(state) == {arena.spot(1, 2), arena.spot(3, 2), arena.spot(2, 1)}
    rotations = [a for a in legal_actions(state) if isinstance(a, Step) and a.to is None]
    assert {a.turn for a in rotations} == {"left", "right"}


def test_flight_and_tiny_may_move_onto_occupied_spots():
    """Glossary, Flight: "This combatant can move on a spot even if it is occupied." Nothing
    more: there is no "aloft" state. The flyer occupies the spot like anyone else, so once the
    permanent below leaves, a walker still cannot move onto it."""
    bird = move_phase([Place(BIRD, "a", 3, 3), Place(BRUTE, "b", 3, 4)], active=BIRD, spot=(1, 1))
    flyer = find(bird, BIRD)
    assert arena.spot(2, 3) in destinations(bird)
    after = apply(bird, Step(arena.spot(2, 3), None))
    moved = after.perms[flyer.id]
    assert moved.spot == arena.spot(2, 3)
    assert occupies(after, moved)
    brute = find(after, BRUTE)
    assert occupies(after, brute)
    check_invariants(after)
    # The Brute leaves (by whatever means); the flyer still occupies the spot.
    after.perms[brute.id].spot = arena.spot(4, 5)
    after.memo = None
    assert occupied_mask(after) >> arena.spot(2, 3) & 1


def test_a_pinned_combatant_can_rotate_but_not_move_and_a_stunned_one_neither():
    trap = card(
        "Snare",
        "alteration",
        ability("swift", "Trap", "Place this alteration on an occupied spot.", aura=1),
        ability("continuous", "Pinned", "A combatant on this alteration's spot cannot leave it."),
        hp=1,
        awareness="arena",
    )
    pinned = move_phase([Place(trap, "b", 3, 3)])
    assert destinations(pinned) == set()
    assert {a.turn for a in legal_actions(pinned) if isinstance(a, Step)} == {"left", "right"}
    stun = card(
        "Daze",
        "alteration",
        ability("action", "Create", "Place this alteration on any unoccupied spot.", aura=1),
        ability("continuous", "Stun", "A combatant on this alteration's spot is stunned."),
        hp=1,
    )
    stunned = move_phase([Place(stun, "b", 3, 3)])
    # A stunned combatant cannot move or rotate itself: its move phase passed by itself.
    assert next(e for e in stunned.event_list() if e[0] == "phase") == ("phase", "main")
    assert stunned.perms[0].spot == arena.spot(2, 2)
    assert stunned.perms[0].facing == arena.NORTH


def test_hop_places_even_onto_an_occupied_spot():
    """Glossary, Place: a permanent placed on a spot "is put there regardless of the spot's
    occupancy"; Navigating the Arena, Place: it "does not require the spot ... to be
    unoccupied". The Hop may land on the Brute's spot, and both then stand there."""
    hop = card(
        "Vault",
        "technique",
        ability("swift", "Hop", "You place yourself on a spot in the awareness.", energy=0),
        awareness=["x", "x", "^"],
    )
    state = scenario(
        (HERO, FOE),
        champion_spots=((3, 3), (3, 6)),
        permanents=[Place(BRUTE, "b", 3, 4)],
        thoughts={"a": [hop]},
        timelines={"a": [FILLER] * 3, "b": [FILLER] * 3},
    )
    spots = {a.targets[0] for a in legal_actions(state) if isinstance(a, Play) and a.card != 0}
    assert spots == {arena.spot(2, 3), arena.spot(2, 4)}  # the Brute's spot included
    after = settle(apply(state, Play(state.players[0].thoughts[0], 0, (arena.spot(2, 3),))))
    assert after.perms[0].spot == find(after, BRUTE).spot == arena.spot(2, 3)
    check_invariants(after)


def test_champions_start_in_the_middle_column_of_their_back_rows_facing_each_other():
    from rules.core.engine import new_game
    from rules.core.engine.decks import Deck

    state = new_game((Deck(HERO, (FILLER,) * 20), Deck(FOE, (FILLER,) * 20)), seed=3, fmt=None)
    a, b = state.perms[0], state.perms[1]
    assert (a.spot, a.facing) == (arena.spot(2, 0), arena.NORTH)
    assert (b.spot, b.facing) == (arena.spot(2, 5), arena.SOUTH)


def test_switch_swaps_two_permanents_and_fails_if_one_cannot_leave_its_spot():
    from rules.core.engine.stack import switch

    snare = card(
        "Snare",
        "alteration",
        ability("swift", "Trap", "Place this alteration on an occupied spot.", aura=1),
        ability("continuous", "Pinned", "A combatant on this alteration's spot cannot leave it."),
        hp=1,
        awareness="arena",
    )
    state = scenario(
        (HERO, FOE),
        permanents=[Place(BRUTE, "b", 1, 4, facing="east"), Place(BIRD, "b", 5, 4)],
        timelines={"a": [FILLER] * 3, "b": [FILLER] * 3},
    ).copy()
    brute, bird = find(state, BRUTE), find(state, BIRD)
    assert switch(state, brute, bird)
    assert (brute.spot, bird.spot) == (arena.spot(4, 3), arena.spot(0, 3))
    assert brute.facing == arena.EAST  # a switch does not rotate
    pinned = scenario(
        (HERO, FOE),
        permanents=[Place(BRUTE, "b", 1, 4), Place(BIRD, "b", 5, 4), Place(snare, "a", 1, 4)],
        timelines={"a": [FILLER] * 3, "b": [FILLER] * 3},
    ).copy()
    brute, bird = find(pinned, BRUTE), find(pinned, BIRD)
    assert not switch(pinned, brute, bird)
    assert brute.spot == arena.spot(0, 3)


def test_spot_masks_read_back_in_spot_order_and_their_memory_stays_bounded(monkeypatch):
    # given
    monkeypatch.setattr(arena, "MASKS_REMEMBERED", 4)
    monkeypatch.setattr(arena, "_MASK_SPOTS", {})
    # when
    read = [arena.spots_of(arena.mask_of(spots)) for spots in ([3, 0], [29], [], [5, 6], [7])]
    # then
    assert read == [(0, 3), (29,), (), (5, 6), (7,)]
    assert len(arena._MASK_SPOTS) <= 4
    assert arena.spots_of(arena.ALL_MASK) == tuple(range(30))
    assert arena.spots_of(arena.adjacent_mask(0)) == tuple(sorted(arena.adjacent(0)))


def test_the_remembered_spots_of_a_place_are_those_it_has_where_its_user_stands_now():
    # given: random games between the sample timelines, whose Hops (Place abilities) are
    # remembered by where their user stands and faces, across boards and games
    cards = card_set()
    decks = [deck_from_decklist(d, cards) for d in sample_decklists().values()]
    asked = 0

    class Asking(RandomBot):
        def choose_action(self, state):
            nonlocal asked
            for perm in state.perms.values():
                for spec in perm.spec.own:
                    if spec.target == "spot_place":
                        # when
                        remembered = target_options(state, spec, perm, perm.controller)
                        state.memo = None
                        fresh = [(s,) for s in spot_targets(state, spec, perm)]
                        # then
                        assert remembered == fresh
                        asked += 1
            return super().choose_action(state)

    for seed in range(8):
        play_game(decks[seed % 4], decks[1], cards, seed, (Asking(seed), Asking(seed + 1)))
    assert asked > 100


BANNER = card(
    "Banner",
    "alteration",
    ability("action", "Create", "Place this alteration on any unoccupied spot.", aura=1),
    ability("continuous", "Defense [1]", "Prevents 1 damage.", facts={"scope": "adjacent"}),
    hp=3,
)


def test_an_alterations_area_modifier_follows_it_when_it_moves():
    # Core Rulebook 5.2, Alterations: its continuous ability reaches the combatants adjacent
    # to wherever it stands. The engine keeps the spots such modifiers reach
    # (GameState.area_reach) and reads every other permanent's printed modifiers alone, so a
    # move of the alteration must move those spots too.
    state = scenario(
        (HERO, FOE),
        champion_spots=((3, 3), (3, 6)),
        permanents=[Place(BANNER, "a", 3, 4), Place(BRUTE, "b", 1, 1)],
        timelines={"a": [FILLER] * 3, "b": [FILLER] * 3},
    )
    hero, banner, brute = state.perms[0], find(state, BANNER), find(state, BRUTE)
    assert has(state, hero, defense.NAME)
    assert not has(state, brute, defense.NAME)
    set_position(state, banner, arena.spot(0, 1), placed=True)  # now adjacent to the Brute
    check_invariants(state)
    assert not has(state, hero, defense.NAME)
    assert has(state, brute, defense.NAME)
