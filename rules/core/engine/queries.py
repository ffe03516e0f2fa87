"""Reading the rules off a state: a permanent's keywords, occupancy, awareness and targets.

Core Rulebook 5.2: Navigating the Arena (occupancy, moves, places), Declaring Targets, Glossary:
Aerial, Spectral, Tiny, Flight, Grounded, Pinned, Stun, Pacify, Allies, Enemy. Nothing here
changes a state.

Answers that depend on where permanents stand and what is on them (modifiers, occupancy,
targets) are remembered in `state.memo`. Every change to positions, facings, effects, skills or
the permanents in the arena sets `memo` to None (rules.core.engine.stack and .flow do so where they
make those changes), and `rules.core.engine.invariants.check_invariants` compares the remembered
answers with fresh ones.
"""

from collections.abc import Iterable
from itertools import combinations

from rules.core.cards import ATTACK_ABILITY, CAST_ABILITY, Condition, Death

from . import arena
from .keywords import aerial, fear, flight, grounded, pacify, pinned, spectral, stun, tiny
from .specs import AbilitySpec, Modifier
from .state import ALTERATION, SUMMON, GameState, Permanent, StackItem

_NOT_WHILE_GROUNDED = (flight.NAME, aerial.NAME)


# complexity: the engine's hottest lookup; the common case returns at once, the rest is
# remembered per permanent (st.memo), and its four sources are read inline because a call per
# source costs more on this path than the branches do.
def mods(st: GameState, perm: Permanent) -> list[Modifier] | tuple[Modifier, ...]:
    """Every modifier on `perm` now: printed ones, its skills', those alterations give to its
    position, and the effects (ailments, granted keywords) put on it. Grounded takes Flight and
    Aerial away (Glossary: Grounded)."""
    spec = perm.spec
    if not perm.skills and not perm.effects and not st.area_reach >> perm.spot & 1:
        return spec.self_mods  # the common case: only what is printed on the card
    memo = st.memo
    if memo is None:
        memo = st.memo = {}
    else:
        remembered: list[Modifier] | None = memo.get(perm.id)
        if remembered is not None:
            return remembered
    found = list(spec.self_mods)
    if perm.skills:
        specs = st.setup.specs
        for skill in perm.skills:
            found += specs[skill].bearer_mods
    spot = perm.spot
    if perm.card.type is not ALTERATION and st.area_reach >> spot & 1:
        for other in st.perms.values():
            if other.spec.area_mods and other is not perm:
                for scope, m in other.spec.area_mods:
                    if (
                        (scope == "spot" and other.spot == spot)
                        or (scope == "adjacent" and arena.is_adjacent(other.spot, spot))
                        or (scope == "around" and arena.is_around(other.spot, spot))
                    ):
                        found.append(m)
    if perm.effects:
        found += perm.effects
    keywords = st.setup.keywords
    if (
        found
        and (keywords is None or grounded.NAME in keywords)
        and any(m.keyword == grounded.NAME for m in found)
    ):
        found = [m for m in found if m.keyword not in _NOT_WHILE_GROUNDED]
    memo[perm.id] = found
    return found


def fresh_mods(st: GameState, perm: Permanent) -> list[Modifier]:
    """`mods` worked out afresh, ignoring the memo (for the invariant check)."""
    saved = st.memo
    st.memo = None
    try:
        return list(mods(st, perm))
    finally:
        st.memo = saved


def area_reach_now(st: GameState) -> int:
    """The spots the alterations' area modifiers reach now, as a bitmask (GameState.area_reach):
    a permanent elsewhere has no modifier from an area."""
    reach = 0
    for other in st.perms.values():
        for scope, _ in other.spec.area_mods:
            if scope == "spot":
                reach |= 1 << other.spot
            elif scope == "adjacent":
                reach |= arena.adjacent_mask(other.spot)
            elif scope == "around":
                reach |= arena.mask_of(arena.around(other.spot))
    return reach


def has(st: GameState, perm: Permanent, keyword: str) -> bool:
    """Whether `perm` has `keyword` now (see `mods`): the engine's most frequent question.

    Its first case (nothing but the printed keywords) is written out again, for speed, in
    `occupied_mask`, `move_blocked`, `reach_mask` and flow.move_steps: a change here changes them."""
    if not perm.skills and not perm.effects and not st.area_reach >> perm.spot & 1:
        return keyword in perm.spec.self_keywords
    memo = st.memo
    key = ("keywords", perm.id)
    if memo is None:
        memo = st.memo = {}
    else:
        found: frozenset[str] | None = memo.get(key)
        if found is not None:
            return keyword in found
    found = frozenset([m.keyword for m in mods(st, perm)])
    memo[key] = found
    return keyword in found


def total(st: GameState, perm: Permanent, keyword: str) -> int:
    """The sum of a keyword's [X] values (Counter Attack, Defense), or its instance count."""
    return sum((m.value or 1) for m in mods(st, perm) if m.keyword == keyword)


def occupies(st: GameState, perm: Permanent) -> bool:
    """Core Rulebook 5.2, Alterations and Glossary: Tiny. Alterations do not occupy their spot
    unless their card says so; Tiny combatants never do; everything else does, Flight or not."""
    if not perm.skills and not perm.effects and not st.area_reach >> perm.spot & 1:
        return perm.spec.occupies  # only what is printed on the card
    if perm.card.type is ALTERATION:
        return perm.card.occupies_spot
    return not has(st, perm, tiny.NAME)


def occupied_mask(st: GameState, ignore: int | None = None) -> int:
    """The spots holding an occupying permanent (other than `ignore`), as a bitmask (bit s for
    spot s): the arena's occupancy is asked about at every decision, and masks are cheap.
    A spot can hold several occupants (Glossary: Place), so leaving `ignore` out clears its
    spot only when nothing else occupies it."""
    memo = st.memo
    if memo is None:
        memo = st.memo = {}
    found: int | None = memo.get("occupied")
    if found is None:
        found = 0
        shared = 0  # the spots with two occupants or more
        area = st.area_reach
        for p in st.perms.values():
            # `occupies`'s common case, inline: only what is printed on the card
            printed_only = not p.skills and not p.effects and not area >> p.spot & 1
            if p.spec.occupies if printed_only else occupies(st, p):
                bit = 1 << p.spot
                if found & bit:
                    shared |= bit
                found |= bit
        memo["occupied"] = found
        memo["shared"] = shared
    if ignore is not None:
        perm = st.perms.get(ignore)
        if perm is not None and not memo["shared"] >> perm.spot & 1 and occupies(st, perm):
            found &= ~(1 << perm.spot)
    return found


def champion_of(st: GameState, player: int) -> Permanent:
    return st.perms[st.players[player].champion]


def can_leave_spot(st: GameState, perm: Permanent) -> bool:
    """Glossary: Pinned. A pinned permanent cannot leave its spot."""
    return not has(st, perm, pinned.NAME)


def can_move_itself(st: GameState, perm: Permanent) -> bool:
    """Glossary: Stun and Pinned: a stunned combatant cannot move or rotate itself."""
    return not has(st, perm, stun.NAME) and not has(st, perm, pinned.NAME)


def move_blocked(st: GameState, perm: Permanent) -> int:
    """The spots the permanent may not move onto, as a bitmask: its own, and the occupied ones
    unless it has Flight or Tiny (Navigating the Arena, Move; Glossary: Flight, Tiny)."""
    own = 1 << perm.spot
    if not perm.skills and not perm.effects and not st.area_reach >> perm.spot & 1:
        printed = perm.spec.self_keywords  # `has`'s common case, inline
        if tiny.NAME in printed or flight.NAME in printed:
            return own
    elif has(st, perm, tiny.NAME) or has(st, perm, flight.NAME):
        return own
    return own | occupied_mask(st, ignore=perm.id)


def move_destinations(st: GameState, perm: Permanent, spots: Iterable[int]) -> list[int]:
    """Spots among `spots` the permanent may move onto (see move_blocked)."""
    blocked = move_blocked(st, perm)
    found = []
    for s in spots:
        if not blocked >> s & 1:
            found.append(s)
    return found


def blocks_sight(st: GameState, s: int) -> bool:
    """Glossary: Line of Sight. A permanent blocks it when its card says so (the card file's
    `blocks_line_of_sight`)."""
    return any(p.spot == s and p.card.blocks_line_of_sight for p in st.perms.values())


_ALL_SPOTS = tuple(range(arena.SPOTS))


def reach_spots(st: GameState, spec: AbilitySpec, user: Permanent) -> tuple[int, ...]:
    """The spots an ability can affect, measured from `user` (the champion for a card played
    from the thoughts; the permanent itself for its own abilities).

    Declaring Targets: a combatant's targets are in its awareness; spells and techniques have
    their own. Glossary: Pacify, a pacified combatant has lost its own awareness.
    """
    reach = spec.reach
    if reach == "own":
        if user.card.type is not ALTERATION and has(st, user, pacify.NAME):
            return ()
        if spec.line_of_sight:
            return arena.line_of_sight(
                user.spec.pattern, user.spot, user.facing, lambda s: blocks_sight(st, s)
            )
        return arena.seen(user.spec.pattern, user.spot, user.facing)
    if reach == "card":
        if spec.line_of_sight:
            return arena.line_of_sight(
                spec.pattern, user.spot, user.facing, lambda s: blocks_sight(st, s)
            )
        return arena.seen(spec.pattern, user.spot, user.facing)
    if reach == "arena":
        return _ALL_SPOTS[: user.spot] + _ALL_SPOTS[user.spot + 1 :]
    if reach == "adjacent":
        return arena.adjacent(user.spot)
    if reach == "around":
        return arena.around(user.spot)
    return ()


def reach_mask(st: GameState, spec: AbilitySpec, user: Permanent) -> int:
    """`reach_spots` as a bitmask (bit s for spot s), for the target lists."""
    reach = spec.reach
    if reach == "own":
        if user.card.type is not ALTERATION and (
            pacify.NAME in user.spec.self_keywords  # `has`'s common case, inline
            if not user.skills and not user.effects and not st.area_reach >> user.spot & 1
            else has(st, user, pacify.NAME)
        ):
            return 0
        if spec.line_of_sight:
            return arena.mask_of(reach_spots(st, spec, user))
        return arena.seen_mask(user.spec.pattern, user.spot, user.facing)
    if reach == "card":
        if spec.line_of_sight:
            return arena.mask_of(reach_spots(st, spec, user))
        return arena.seen_mask(spec.pattern, user.spot, user.facing)
    if reach == "arena":
        return arena.ALL_MASK & ~(1 << user.spot)
    if reach == "adjacent":
        return arena.adjacent_mask(user.spot)
    if reach == "around":
        return arena.mask_of(arena.around(user.spot))
    return 0


def feared(st: GameState, summon: Permanent) -> bool:
    """Glossary: Fear. A summon in the awareness of a combatant with Fear cannot play attack
    abilities while it stays there."""
    area = st.area_reach
    for other in st.perms.values():
        if other is summon or other.card.type is ALTERATION:
            continue
        if not other.skills and not other.effects and not area >> other.spot & 1:
            # The common case of `has`, inline: asked of every combatant for every attack.
            printed = other.spec.self_keywords
            if fear.NAME not in printed or pacify.NAME in printed:
                continue  # no Fear; or Glossary: Pacify, it has lost its awareness
        elif not has(st, other, fear.NAME) or has(st, other, pacify.NAME):
            continue
        if arena.seen_mask(other.spec.pattern, other.spot, other.facing) >> summon.spot & 1:
            return True
    return False


def death_counts(
    st: GameState,
    dies: Death,
    perm: Permanent,
    controller: int,
    dying: Permanent | None,
    killed: bool,
) -> bool:
    """Whether a summon's death is one a trigger that counts some deaths only happens for
    (card format, `dies`): whose summon it was, for the trigger's `controller` (Glossary:
    Allies, Enemy); whether it stood in the awareness of `perm` (the permanent with the
    trigger; Glossary: Pacify, none), adjacent to it or around it; whether it was killed
    (Glossary: Kill(ed); a sacrificed summon dies and is not killed)."""
    if dying is None:
        return False
    if dies.killed and not killed:
        return False
    if dies.whose is not None and (dying.controller == controller) != (dies.whose == "ally"):
        return False
    if dies.where == "awareness":
        if perm.card.type is not ALTERATION and has(st, perm, pacify.NAME):
            return False
        return bool(arena.seen_mask(perm.spec.pattern, perm.spot, perm.facing) >> dying.spot & 1)
    if dies.where == "adjacent":
        return bool(arena.adjacent_mask(perm.spot) >> dying.spot & 1)
    if dies.where == "around":
        return dying.spot in arena.around(perm.spot)
    return True


def targetable(st: GameState, spec: AbilitySpec, t: Permanent) -> bool:
    """Glossary: Tiny (never targeted), Spectral (not by attacks; cast abilities still may),
    Aerial (attacks only if Range; cast abilities still may). A spell's attack is an attack
    ability all the same: the cast abilities that may are the ones that are not attacks
    (Engine decision › Attacks from spells)."""
    strict = spec.attack
    if not t.skills and not t.effects and not st.area_reach >> t.spot & 1:
        # The common case: only what is printed on the card (see `mods`).
        printed = t.spec.self_keywords
        return not (
            tiny.NAME in printed
            or (
                strict and (spectral.NAME in printed or (aerial.NAME in printed and not spec.range))
            )
        )
    for m in mods(st, t):
        k = m.keyword
        if k == tiny.NAME:
            return False
        if strict:
            if k == spectral.NAME:
                return False
            if k == aerial.NAME and not spec.range:
                return False
    return True


def kind_matches(st: GameState, kind: str | None, controller: int, t: Permanent) -> bool:
    """Glossary: Allies (a champion is not its own ally), Enemy, Target (anything)."""
    if kind == "permanent" or kind == "combatant_or_alteration":
        return True  # every permanent is a combatant or an alteration
    combatant = t.card.type is not ALTERATION
    if kind in ("combatant", "you_or_combatant"):
        return combatant
    if kind == "ally":
        return combatant and t.controller == controller and not t.is_champion
    if kind == "enemy":
        return combatant and t.controller != controller
    if kind == "enemy_champion":
        return t.is_champion and t.controller != controller
    if kind == "champion":
        return t.is_champion
    if kind == "summon":
        return t.card.type is SUMMON
    if kind == "ally_summon" or kind == "sacrifice":
        # Glossary: Sacrifice, "allies" (a champion is not its own ally) or attached skills.
        return t.card.type is SUMMON and t.controller == controller
    if kind == "enemy_summon":
        return t.card.type is SUMMON and t.controller != controller
    return False


def each_in_reach(
    st: GameState, spec: AbilitySpec, user: Permanent, controller: int
) -> list[Permanent]:
    """card format, `each`: every permanent of the ability's kind in its reach, in id order.
    They are not targeted, so Tiny, Spectral and Aerial do not keep them out (Glossary: Area
    Attack, "these Attack Abilities do not target")."""
    reach = reach_spots(st, spec, user)
    return [
        p
        for p in st.perms.values()
        if p.spot in reach and kind_matches(st, spec.each, controller, p)
    ]


def permanent_targets(
    st: GameState, spec: AbilitySpec, user: Permanent, controller: int
) -> list[int]:
    """Permanents `spec` may target now, in id order."""
    kind = spec.target
    reach = reach_mask(st, spec, user)
    found: list[int] = []
    anything = kind == "permanent"  # every permanent matches (kind_matches)
    yourself = kind == "you_or_combatant"
    for t in st.perms.values():
        if not (reach >> t.spot & 1 or (yourself and t.id == user.id)):
            continue
        if (anything or kind_matches(st, kind, controller, t)) and targetable(st, spec, t):
            found.append(t.id)
    if kind == "sacrifice":
        # Glossary: Sacrifice, also "skills attached to you or your allies" (by card id).
        found += _attached_skills(st, controller)
    found.sort()
    return found


def _attached_skills(st: GameState, controller: int) -> list[int]:
    """The skills attached to `controller`'s permanents, by card id (a function of its own: a
    comprehension in `permanent_targets` would make a cell of `controller` at every call)."""
    return [k for t in st.perms.values() if t.controller == controller for k in t.skills]


def spot_targets(st: GameState, spec: AbilitySpec, user: Permanent) -> tuple[int, ...]:
    """Spots `spec` may target now, in spot order."""
    kind = spec.target
    if kind == "spot_create":
        # Glossary: Create, any unoccupied spot of the arena; a card that says "adjacent to you"
        # or "around you" (card format, `reach`) narrows it.
        free = arena.ALL_MASK & ~occupied_mask(st)
        if spec.reach in ("adjacent", "around"):
            free &= reach_mask(st, spec, user)
        return arena.spots_of(free)
    reach = reach_mask(st, spec, user) & ~(1 << user.spot)
    if kind == "spot_move":
        if not can_move_itself(st, user):
            return ()
        return arena.spots_of(reach & ~move_blocked(st, user))
    if kind == "spot_place":
        # Glossary: Place, "regardless of the spot's occupancy".
        if not can_leave_spot(st, user):
            return ()
        return arena.spots_of(reach)
    if kind == "spot_trap":
        # Glossary: Trap, an occupied spot (in the card's awareness).
        return arena.spots_of(reach & occupied_mask(st))
    return ()


# The one declaration of an ability without targets.
_NO_TARGETS: list[tuple[int, ...]] = [()]


def target_options(
    st: GameState,
    spec: AbilitySpec,
    user: Permanent,
    controller: int,
) -> list[tuple[int, ...]]:
    """Every legal declaration of targets for `spec`, as tuples (one entry per target). The
    list may be shared (it is remembered): callers read it and never change it."""
    if spec.target is None:
        return _NO_TARGETS
    if spec.target == "ability":
        # Glossary: Target (ability), "a valid ability on the stack", by its place there.
        return [(item.seq,) for item in st.stack if item.spec is not None]
    memo = st.memo
    if memo is None:
        memo = st.memo = {}
    key = (spec.target_key, user.id, controller)
    found: list[tuple[int, ...]] | None = memo.get(key)
    if found is None:
        found = memo[key] = _target_options(st, spec, user, controller)
    return found


def _target_options(
    st: GameState, spec: AbilitySpec, user: Permanent, controller: int
) -> list[tuple[int, ...]]:
    kind = spec.target
    if spec.spot_target:
        if (
            kind == "spot_place"
            and not spec.line_of_sight
            and not user.skills
            and not user.effects
            and not st.area_reach >> user.spot & 1
        ):
            return _places(st, spec, user)
        return [(s,) for s in spot_targets(st, spec, user)]
    candidates = permanent_targets(st, spec, user, controller)
    if spec.targets <= 1:
        return [(c,) for c in candidates]
    if spec.pair:
        return list(combinations(candidates, 2))
    return _chains(st, spec, candidates)


# The spots of a Place ability by (target_key, the user's awareness pattern, spot, facing),
# across boards and games (see `_places`); emptied when it grows past PLACES_REMEMBERED, so
# that a long-lived worker stays flat.
PLACES_REMEMBERED = 4096
_PLACES: dict[tuple[int, int, int, int], list[tuple[int, ...]]] = {}


def _places(st: GameState, spec: AbilitySpec, user: Permanent) -> list[tuple[int, ...]]:
    """`spot_targets` of a Place ability (Glossary: Place, "regardless of the spot's
    occupancy") without Line of Sight, used by a permanent with only its printed keywords: its
    spots depend on nothing but where the user stands and faces, so they are remembered across
    boards (a Hop is asked again after every move) and games."""
    printed = user.spec.self_keywords
    if pinned.NAME in printed:
        return []  # can_leave_spot, its common case inline
    if spec.reach == "own" and pacify.NAME in printed and user.card.type is not ALTERATION:
        return []  # reach_mask: a pacified combatant has no awareness of its own
    key = (spec.target_key, user.spec.pattern, user.spot, user.facing)
    found = _PLACES.get(key)
    if found is None:
        if len(_PLACES) >= PLACES_REMEMBERED:
            _PLACES.clear()
        found = _PLACES[key] = [(s,) for s in spot_targets(st, spec, user)]
    return found


def _chains(st: GameState, spec: AbilitySpec, candidates: list[int]) -> list[tuple[int, ...]]:
    """Glossary: Chain. Each link after the first is around the one before it; the same target
    may come back later in the chain (Core Rulebook 5.2, Example of Multiple Instances)."""
    spot_of = {c: st.perms[c].spot for c in candidates}
    chains: list[tuple[int, ...]] = [(c,) for c in candidates]
    for _ in range(spec.targets - 1):
        chains = [
            (*chain, c)
            for chain in chains
            for c in candidates
            if c != chain[-1] and arena.is_around(spot_of[chain[-1]], spot_of[c])
        ]
    return chains


def conditions_hold(
    st: GameState, spec: AbilitySpec, user: Permanent, controller: int, targets: tuple[int, ...]
) -> bool:
    """Whether every condition of `spec` holds, used by `user` for `controller` with `targets`
    declared (docs/card-format.md, Conditions). Read as the ability is played (a trigger: as
    it happens) and again as it resolves."""
    return all(_holds(st, c, user, controller, targets) for c in spec.conditions)


def untargeted_conditions_hold(
    st: GameState, spec: AbilitySpec, user: Permanent, controller: int
) -> bool:
    """Whether the conditions of `spec` that read no target hold (a trigger's, as it happens)."""
    return all(_holds(st, c, user, controller, ()) for c in spec.conditions if not c.reads_target)


def _ability_kinds(st: GameState, item: StackItem) -> tuple[str, ...]:
    """What an ability on the stack is, for a `target_kind` condition: its card's type, its
    speed, and whether it is an attack or a cast (Key Words: Attack Abilities; Resistance)."""
    spec = item.spec
    source = st.perms.get(item.source)
    card_type = (
        st.setup.cards[item.card].type.value
        if item.card is not None
        else (source.card.type.value if source is not None else "")
    )
    if spec is None:
        return (card_type,)
    kinds: tuple[str, ...] = (card_type, spec.speed.value)
    if spec.attack:
        kinds += (ATTACK_ABILITY,)
    if spec.cast:
        kinds += (CAST_ABILITY,)
    return kinds


def _within(value: int, condition: Condition) -> bool:
    low, high = condition.at_least, condition.at_most
    return (low is None or value >= low) and (high is None or value <= high)


# complexity: one branch per test of the card format's conditions
# (rules.core.cards.Condition), each a line; a table of functions would only scatter them.
def _holds(
    st: GameState, condition: Condition, user: Permanent, controller: int, targets: tuple[int, ...]
) -> bool:
    test = condition.test
    if test == "counters":
        return _within(user.counters, condition)
    if test == "summon_killed_this_round":
        return bool(st.killed_this_round)
    if test == "hp":
        if condition.who == "self":
            return _within(user.hp, condition)
        if condition.who == "champion":
            return _within(champion_of(st, controller).hp, condition)
        found = [st.perms[t] for t in targets if t in st.perms]
        return bool(found) and all(_within(t.hp, condition) for t in found)
    # The target's kind, its position on the stack or who controls it: an ability (by its place
    # on the stack) or a permanent.
    for target in targets:
        position = next((i for i, item in enumerate(st.stack) if item.seq == target), -1)
        if test == "controller":
            # Only an ability on the stack (the compiler refuses it for a permanent's target).
            yours = position >= 0 and st.stack[position].controller == controller
            if position < 0 or yours != (condition.kind == "you"):
                return False
        elif test == "stack_position":
            if position < 0 or not _within(position + 1, condition):
                return False
        elif position >= 0:
            if condition.kind not in _ability_kinds(st, st.stack[position]):
                return False
        else:
            perm = st.perms.get(target)
            if perm is None or perm.card.type.value != condition.kind:
                return False
    return bool(targets)
