"""The engine's invariants: what must hold after every step of every game (docs/engine.md).

They are checked against the rules (`rules.core.engine.queries`: occupancy, modifiers, keywords)
and so sit above both the state and the queries, which read the state.
"""

from .changes import hand_abilities
from .flow import rosters_now
from .keywords import flight, pinned, stun, tiny
from .queries import area_reach_now, fresh_mods, has, mods, occupied_mask, occupies
from .state import SEATS, GameState, InvariantError


# complexity: a flat list of the invariants checked after every step, one branch each;
# splitting them would hide the list that is the point of the function.
def check_invariants(state: GameState) -> None:
    """Assert what must hold after every step; raise InvariantError otherwise.

    HP is never below 0; the number of cards is conserved across the zones, the arena, the
    skill zones and the stack; a spot holds two occupying permanents only where one was placed
    there, switched there or moved there with Flight or Tiny (alterations and Tiny combatants
    do not occupy); every card is in exactly one place.
    """
    expected = len(state.setup.cards) - 2
    if state.card_count() != expected:
        raise InvariantError(f"card count {state.card_count()} != {expected}")
    seen: set[int] = set()

    def place(card_id: int, where: str) -> None:
        if card_id in seen:
            raise InvariantError(f"card {card_id} is in two places (again in {where})")
        seen.add(card_id)

    for index, p in enumerate(state.players):
        if p.hand is not None and p.hand != hand_abilities(state, p):
            # Player.hand, kept up to date as cards are drawn (rules.core.engine.changes.draw).
            raise InvariantError(f"{SEATS[index]}'s thoughts' abilities are out of date")
        for zone in ("thoughts", "timeline", "memories", "subconscious"):
            for card_id in getattr(p, zone):
                place(card_id, f"{SEATS[index]} {zone}")
    occupied: dict[int, int] = {}
    for perm in state.perms.values():
        place(perm.id, "arena")
        for skill in perm.skills:
            place(skill, "skill zone")
        if perm.hp < 0:
            raise InvariantError(f"{perm.card.name} has {perm.hp} HP")
        if not 0 <= perm.spot < 30:
            raise InvariantError(f"{perm.card.name} is off the arena at {perm.spot}")
        if occupies(state, perm) and not perm.shares:
            # Placing may put a permanent on an occupied spot (Glossary: Place), and Flight and
            # Tiny move onto one; a plain move needs an unoccupied spot. So of the occupants of
            # a spot, at most one came there by a plain move.
            if perm.spot in occupied:
                raise InvariantError(
                    f"spot {perm.spot} holds two occupying permanents that both moved there: "
                    f"#{occupied[perm.spot]} and #{perm.id}"
                )
            occupied[perm.spot] = perm.id
    for item in state.stack:
        if item.card is not None:
            place(item.card, "stack")
    resolving = state.pending.item if state.pending is not None else None
    if resolving is not None and resolving.card is not None:
        place(resolving.card, "resolving")
    for seat in (0, 1):
        if state.players[seat].champion not in state.perms:
            raise InvariantError(f"champion {SEATS[seat]} left the arena")
    if (
        not state.over
        and state.pending is None
        and (state.stack or state.phase in ("main", "end_swift", "round_swift"))
    ):
        # At a priority decision nothing waits to leave the arena or to end the game: a play
        # that pays no HP and no Energy does not look again (rules.core.engine.flow._play).
        for perm in state.perms.values():
            if perm.hp <= 0:
                raise InvariantError(f"{perm.card.name} at {perm.hp} HP at a priority decision")
        for seat in (0, 1):
            if not state.players[seat].timeline:
                raise InvariantError(f"{SEATS[seat]}'s timeline is empty at a priority decision")
    # What the engine remembers about the arena must match the arena.
    if state.rosters is not None and state.rosters != rosters_now(state):
        raise InvariantError("stale rosters of permanents with abilities remembered")
    if state.area_reach != area_reach_now(state):
        raise InvariantError("stale spots of the alterations' area modifiers remembered")
    for perm in state.perms.values():
        fresh = fresh_mods(state, perm)
        if sorted(map(tuple, mods(state, perm))) != sorted(map(tuple, fresh)):
            raise InvariantError(f"stale modifiers remembered for {perm.card.name}")
        for keyword in {m.keyword for m in fresh} | {
            tiny.NAME,
            flight.NAME,
            stun.NAME,
            pinned.NAME,
        }:
            if has(state, perm, keyword) != any(m.keyword == keyword for m in fresh):
                raise InvariantError(f"stale keyword {keyword} remembered for {perm.card.name}")
    remembered = occupied_mask(state)
    saved, state.memo = state.memo, None
    try:
        fresh_mask = 0
        for perm in state.perms.values():
            if occupies(state, perm):
                fresh_mask |= 1 << perm.spot
    finally:
        state.memo = saved
    if remembered != fresh_mask:
        raise InvariantError("stale occupancy remembered for the arena")
