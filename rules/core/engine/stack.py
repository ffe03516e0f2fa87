"""The stack: putting abilities and triggers on it, and resolving the top one.

Core Rulebook 5.2, Using The Stack, Resolving a Stack, Order of Events, When an Ability "Fails",
Damage Resolution, and the Glossary entries of the effects. On resolution the source must still
be in the arena with HP above 0 and every declared target must still be valid; otherwise the
ability fails and a card on the stack goes to its owner's memories.
"""

import random
from dataclasses import replace
from functools import lru_cache
from typing import cast

from rules.core.cards import CardType, Cost, Speed

from . import arena
from .costs import fatigue_due
from .damage import DamageKind, Modifier, damage_dealt
from .keywords import AbilitySpec, Op, with_added
from .queries import (
    can_leave_spot,
    can_move_itself,
    champion_of,
    conditions_hold,
    has,
    mods,
    move_destinations,
    occupied_mask,
    reach_spots,
    target_options,
    total,
    untargeted_conditions_hold,
)
from .state import GameState, ItemKind, Pending, PendingKind, Permanent, StackItem


@lru_cache(maxsize=64)
def counter_attack_spec(value: int) -> AbilitySpec:
    """Glossary: Counter Attack [X], a trigger that deals X damage to the damaging permanent
    without targeting it."""
    return AbilitySpec(
        card_name="",
        index=-1,
        name=f"Counter Attack [{value}]",
        speed=Speed.TRIGGER,
        cost=Cost(),
        origin="passive",
        reach="none",
        effects=(Op("damage", "fixed", values=(value,)),),
        attack=True,
        trigger="damaged",
    )


# --- small state changes ---------------------------------------------------------------------


def note(st: GameState, *event: object) -> None:
    st.events = (event, st.events)


def next_seq(st: GameState) -> int:
    st.seq += 1
    return st.seq


def check_end(st: GameState) -> bool:
    """Conditions for Winning the Game, checked at once: a champion at 0 HP or a player with no
    cards left in the timeline loses; both at the same instant is a drawn game (Product
    decision › Drawn games)."""
    if st.over:
        return True
    lost: list[tuple[int, str]] = []
    for player in (0, 1):
        champ = st.perms[st.players[player].champion]
        if champ.hp <= 0:
            lost.append((player, "hp"))
        elif not st.players[player].timeline:
            lost.append((player, "timeline"))
    if not lost:
        return False
    st.over = True
    st.phase = "over"
    st.pending = None
    if len(lost) == 2:
        st.winner = None
        st.reason = "both_lost"
    else:
        st.winner = 1 - lost[0][0]
        st.reason = lost[0][1]
    note(st, "game_over", st.winner, st.reason)
    return True


def draw(st: GameState, player: int, count: int = 1) -> None:
    p = st.players[player]
    p.hand = None
    p.serial += 1
    for _ in range(count):
        if not p.timeline:
            return
        p.thoughts.append(p.timeline.pop())
        if not p.timeline:
            return  # instant loss, checked by the caller


def mill(st: GameState, player: int, count: int) -> None:
    """Energy: cards from the top of the timeline straight to the memories."""
    p = st.players[player]
    for _ in range(min(count, len(p.timeline))):
        p.memories.append(p.timeline.pop())


def leave_arena(st: GameState, perm: Permanent, killed: bool = True) -> None:
    """Killed, destroyed or sacrificed: to its owner's memories; attached skills go to their
    owners' memories (Core Rulebook 5.2, Damage Resolution; The Skill Zone). A summon that
    leaves dies either way (Glossary: Died/Dies), but only a `killed` one lets Resurrect Beckon
    be played (Glossary: Kill(ed), "its HP reaches zero or ... an ability that utilizes the
    term "kill"")."""
    del st.perms[perm.id]
    st.memo = None
    if perm.spec.area_mods:
        st.area_sources -= 1
    st.players[perm.owner].memories.append(perm.id)
    for skill in perm.skills:
        st.players[st.setup.owners[skill]].memories.append(skill)
    note(st, "left_arena", perm.id)
    if perm.card.type is CardType.SUMMON:
        if killed:
            st.killed_this_round = (*st.killed_this_round, perm.spot)
        queue_event(st, "summon_dies")


def queue_event(
    st: GameState, each: str, own: str | None = None, active: int | None = None
) -> None:
    """Queue every trigger of the permanents and their skills that happens at `each` (every
    turn, every round, a summon dying), and those that happen at `own` on the active
    combatant's own turn: its own abilities and the skills attached to it."""
    specs = st.setup.specs
    owners = st.setup.owners
    for perm in list(st.perms.values()):
        mine = perm.id == active
        for ability in perm.spec.triggers:
            if ability.trigger == each or (mine and ability.trigger == own):
                queue_trigger(st, perm.controller, ability, perm.id)
        for skill in perm.skills:
            for ability in specs[skill].triggers:
                if ability.trigger == each or (mine and ability.trigger == own):
                    queue_trigger(st, owners[skill], ability, perm.id, skill=skill)


def remove_dead(st: GameState) -> None:
    for perm in [p for p in st.perms.values() if p.hp <= 0]:
        if perm.is_champion:
            perm.hp = 0  # defeated: the game ends at the next check
        else:
            leave_arena(st, perm)


def set_position(st: GameState, perm: Permanent, s: int, placed: bool = False) -> None:
    """Leave the spot for `s`, by a move or (`placed`) a place effect or switch."""
    perm.shares = placed or (
        perm.card.type is not CardType.ALTERATION
        and (has(st, perm, "flight") or has(st, perm, "tiny"))
    )
    perm.spot = s
    st.memo = None


def switch(st: GameState, first: Permanent, second: Permanent) -> bool:
    """Navigating the Arena, Switch: two permanents swap spots, with no rotation; not a move or
    a place. It fails (False, nothing changes) if either cannot leave its spot."""
    if not can_leave_spot(st, first) or not can_leave_spot(st, second):
        return False
    first_spot, second_spot = first.spot, second.spot
    set_position(st, first, second_spot, placed=True)
    set_position(st, second, first_spot, placed=True)
    note(st, "switch", first.id, second.id)
    return True


def enter_arena(st: GameState, card_id: int, controller: int, s: int, facing: int) -> Permanent:
    """Glossary: Enter (the Arena). Face-up at printed HP; its "enters the arena" triggers
    happen."""
    spec = st.setup.specs[card_id]
    card = st.setup.cards[card_id]  # this very card (specs are shared by equal cards)
    perm = Permanent(
        card_id, card, spec, st.setup.owners[card_id], controller, s, facing, card.hp or 0, st.round
    )
    st.perms[card_id] = perm
    st.memo = None
    if spec.area_mods:
        st.area_sources += 1
    note(st, "enter", card_id, s)
    for ability in spec.triggers:
        if ability.trigger == "enters_arena":
            queue_trigger(st, perm.controller, ability, perm.id)
    return perm


# --- triggers --------------------------------------------------------------------------------


def queue_trigger(
    st: GameState,
    controller: int,
    spec: AbilitySpec | None,
    source: int,
    *,
    skill: int | None = None,
    kind: ItemKind = "trigger",
    value: int = 0,
    targets: tuple[int, ...] = (),
) -> None:
    st.queue.append(StackItem(0, controller, spec, source, None, targets, skill, kind, value))


def first_to_add(st: GameState) -> int:
    """Order of Events: the leading player adds first at a round's beginning or end; during a
    turn, the player taking it does."""
    if st.phase in ("round_begin", "round_swift", "round_end", "select"):
        return st.leader
    return st.turn_player


def flush_queue(st: GameState) -> None:
    """Put waiting triggers on the stack, one at a time, in the order of events. A player with
    several chooses their order; a trigger that needs a target gets one chosen."""
    first = first_to_add(st)
    for player in (first, 1 - first):
        mine = [i for i, item in enumerate(st.queue) if item.controller == player]
        if not mine:
            continue
        if len(mine) > 1 and len({_trigger_key(st.queue[i]) for i in mine}) > 1:
            st.pending = Pending(player, "order", tuple(mine))
            return
        push_trigger(st, st.queue.pop(mine[0]))
        return


def _trigger_key(item: StackItem) -> tuple[object, ...]:
    return (item.kind, item.spec, item.source, item.skill, item.value, item.targets)


def choose_order(st: GameState, index: int) -> None:
    push_trigger(st, st.queue.pop(index))


def push_trigger(st: GameState, item: StackItem) -> None:
    spec = item.spec
    if spec is not None and spec.conditions:
        user = st.perms.get(item.source)
        if user is None or not untargeted_conditions_hold(st, spec, user, item.controller):
            # An "if" of a trigger: it happens only while its condition holds.
            note(st, "condition_unmet", spec.card_name, spec.name)
            return
    if spec is not None and spec.target is not None and not item.targets:
        user = st.perms.get(item.source)
        options = [] if user is None else target_options(st, spec, user, item.controller)
        if spec.conditions and user is not None:
            options = [t for t in options if conditions_hold(st, spec, user, item.controller, t)]
        if not options:
            note(st, "trigger_without_target", spec.card_name, spec.name)
            return
        if len(options) > 1:
            st.pending = Pending(item.controller, "trigger_target", tuple(options), item)
            return
        item = _with_targets(item, options[0])
    _push(st, item)


def _with_targets(item: StackItem, targets: tuple[int, ...]) -> StackItem:
    return StackItem(
        item.seq,
        item.controller,
        item.spec,
        item.source,
        item.card,
        targets,
        item.skill,
        item.kind,
        item.value,
    )


def _push(st: GameState, item: StackItem) -> None:
    item = StackItem(
        next_seq(st),
        item.controller,
        item.spec,
        item.source,
        item.card,
        item.targets,
        item.skill,
        item.kind,
        item.value,
    )
    if item.spec is not None and item.spec.speed is Speed.IMMEDIATE:
        # Speeds of Abilities, Immediate: it resolves the moment it goes on the stack, and no
        # other ability can be played until it has.
        resolve(st, item)
        return
    st.stack.append(item)
    st.priority = 1 - item.controller
    st.passes = 0


def choose_trigger_target(st: GameState, pending: Pending, index: int) -> None:
    item = pending.item
    assert item is not None  # the trigger waiting for its targets
    # A "trigger_target" choice offers declarations of targets.
    _push(st, _with_targets(item, cast("tuple[int, ...]", pending.options[index])))


# --- resolving -------------------------------------------------------------------------------


def resolve_top(st: GameState) -> None:
    """Both players passed in succession: the top of the stack resolves."""
    position = len(st.stack)  # counted from the bottom, 1 the first ability added
    item = st.stack.pop()
    st.passes = 0
    bonus = item.spec.stack_bonus if item.spec is not None else None
    if bonus is not None and bonus[0] == position:
        # Glossary: Modify Stack [X], altered "while it is in the [X] position on the stack".
        item = replace(item, spec=with_added(item.spec, bonus[1]))  # type: ignore[arg-type]
    resolve(st, item)


def resolve(st: GameState, item: StackItem, choice: int | None = None) -> None:
    """Resolve `item`; when it needs a choice on resolution (a Beckon's spot, a "may") without
    one, wait for it in `st.pending` and come back here with the choice."""
    spec = item.spec
    if item.kind == "decay":
        perm = st.perms.get(item.source)
        if perm is not None:
            # Glossary: Decay, HP loss that cannot be prevented; instances add up.
            perm.hp = max(perm.hp - item.value, 0)
            note(st, "decay", perm.id, item.value)
            remove_dead(st)
        return finish(st, item, used=False)
    assert spec is not None  # only decay has no ability
    user = st.perms.get(item.source)
    # Resolving a Stack, rule 1: the one playing it is still in the arena with HP above 0.
    if user is None or user.hp <= 0:
        return fail(st, item, "source gone")
    if item.skill is not None and item.skill not in user.skills:
        return fail(st, item, "skill gone")
    # Rule 2: every declared target is still valid (a chain fails as a whole).
    if (
        choice is None
        and spec.target is not None
        and not _targets_valid(st, item, spec, spec.target, user)
    ):
        return fail(st, item, "invalid target")
    if spec.break_at is not None and user.counters < spec.break_at:
        return fail(st, item, "not enough counters")
    if spec.conditions and not conditions_hold(st, spec, user, item.controller, item.targets):
        return fail(st, item, "condition not met")
    if spec.optional and item.kind == "trigger":
        if choice is None:
            st.pending = Pending(item.controller, "may", (1, 0), item)
            return None
        if choice == 0:
            return finish(st, item, used=False)
        choice = None
    if spec.break_at is not None:
        user.counters = 0  # Glossary: Break, "remove all counters from this card"
    if "replicate" in spec.kinds:
        if _replicate(st, item, spec, user, choice):
            return None  # waiting for the next copy's spot
        choice = None
    elif choice is None:
        kind, options = _resolution_choice(st, item, spec, user)
        if kind is not None:
            if not options:
                return fail(st, item, f"no {kind.replace('_', ' ')} to choose")
            if len(options) > 1 or (kind == "facing" and "rotate" not in spec.kinds):
                st.pending = Pending(item.controller, kind, tuple(options), item)
                return None
            choice = options[0]
    note(st, "resolve", item.controller, spec.card_name, spec.name, item.targets)
    used = run_effects(st, item, spec, user, choice)
    finish(st, item, used)
    return None


FACINGS = (0, 1, 2, 3)  # arena.FACING_NAMES: north, east, south, west


def _resolution_choice(
    st: GameState, item: StackItem, spec: AbilitySpec, user: Permanent
) -> tuple[PendingKind | None, list[int]]:
    """The choice `spec` asks for as it resolves (one at most, keywords.compile_ability), with
    its options: a Beckon's spot, a facing, an element, a Toss or Warp spot."""
    kinds = spec.kinds
    if "beckon" in kinds:
        assert item.card is not None  # a beckon is played from the thoughts
        return "beckon_spot", beckon_spots(st, item.controller, item.card)
    if "resurrect" in kinds:
        # Glossary: Resurrect Beckon, "a spot where a summon has been killed this round".
        return "beckon_spot", sorted(set(st.killed_this_round))
    if spec.choose_element:
        # Glossary: Elemental Selection, one of the elements the ability lists.
        return "element", list(range(len(spec.choose_element)))
    if "toss" in kinds:
        # Glossary: Toss, "a spot around you", or the same spot the target was on.
        tossed = [st.perms[t] for t in item.targets if t in st.perms]
        if not tossed:
            return "toss_spot", []
        return "toss_spot", sorted({*arena.around(user.spot), tossed[0].spot})
    if "warp" in kinds:
        # Glossary: Warp, "move to a spot adjacent to a target": a move, so an unoccupied spot
        # the mover may enter.
        target = st.perms.get(item.targets[0]) if item.targets else None
        if target is None or not can_move_itself(st, user):
            return "warp_spot", []
        return "warp_spot", move_destinations(st, user, arena.adjacent(target.spot))
    rotation = next((op for op in spec.effects if op.kind == "rotate"), None)
    if rotation is not None and rotation.value == 0:
        # Navigating the Arena, Rotation as a Part of an Ability: no direction dictated, so
        # the rotating player chooses left or right.
        turned = user if rotation.who == "self" else st.perms.get(item.targets[0])
        if turned is None:
            return "facing", []
        return "facing", [(turned.facing + 3) % 4, (turned.facing + 1) % 4]
    if _facing_chosen(st, spec, item):
        # Placing from the Thoughts: with no orientation stated, the player chooses it.
        return "facing", list(FACINGS)
    return None, []


def _replicate(
    st: GameState, item: StackItem, spec: AbilitySpec, user: Permanent, choice: int | None
) -> bool:
    """Glossary: Replicate [X]. Copies of the card from its player's subconscious, each placed on
    a chosen spot adjacent to it, facing the same way, then exerted. True while a copy's spot
    is awaited (`item.value` counts the copies placed)."""
    placed = item.value
    wanted = next(op.value for op in spec.effects if op.kind == "replicate")
    p = st.players[item.controller]
    names = st.setup.cards
    copies = [c for c in p.subconscious if names[c].name == user.card.name]
    if choice is not None and copies and user.id in st.perms:
        copy = copies.pop(0)
        p.subconscious.remove(copy)
        clone = enter_arena(st, copy, item.controller, choice, user.facing)
        clone.exerted = True
        placed += 1
    if placed < wanted and copies and user.id in st.perms:
        spots = arena.adjacent(user.spot)
        st.pending = Pending(
            item.controller, "replicate_spot", tuple(spots), replace(item, value=placed)
        )
        return True
    return False


def _facing_chosen(st: GameState, spec: AbilitySpec, item: StackItem) -> bool:
    """Whether resolving `spec` places an alteration whose player chooses its facing: the card
    states none (its `facing` is "choice"), and the facing matters (it has an awareness)."""
    if spec.facing != "choice" or item.card is None or not spec.kinds & _PLACES_ALTERATION:
        return False
    awareness = st.setup.cards[item.card].awareness
    return awareness is not None and not awareness.unbounded


_PLACES_ALTERATION = frozenset({"build", "create", "trap"})


def _targets_valid(
    st: GameState, item: StackItem, spec: AbilitySpec, target: str, user: Permanent
) -> bool:
    """Whether `item`'s declared targets are still legal; `spec` is its ability, whose `target`
    kind is given."""
    if target.startswith("spot_") or spec.targets > 1:
        return item.targets in target_options(st, spec, user, item.controller)
    options = target_options(st, spec, user, item.controller)
    return all((t,) in options for t in item.targets)


def fail(st: GameState, item: StackItem, why: str) -> None:
    """When an Ability "Fails": a card that does not resolve goes to its owner's memories; an
    ability of a permanent is just removed."""
    note(st, "fail", item.controller, item.spec.name if item.spec else item.kind, why)
    finish(st, item, used=False)


def finish(st: GameState, item: StackItem, used: bool) -> None:
    """After resolving (or failing): the card goes where it belongs, dead permanents leave,
    the game may end, and priority passes (when the stack is empty, the flow decides where
    play goes: rules.core.engine.flow.resolved)."""
    if item.card is not None and not used:
        # Spells and techniques go to their owner's memories after resolving; so does any card
        # whose ability failed (To Play a Card from Hand; When an Ability "Fails").
        st.players[st.setup.owners[item.card]].memories.append(item.card)
    remove_dead(st)
    if check_end(st):
        return
    if st.queue:
        return  # the triggers go on first; priority follows them
    if st.stack:
        # Using The Stack: priority passes to the player who did not play the ability removed.
        st.priority = 1 - item.controller
        st.passes = 0


def beckon_spots(st: GameState, controller: int, card: int) -> list[int]:
    """Glossary: Beckon. A spot adjacent to the champion of `controller`, chosen on resolution;
    "Summons may be beckoned onto occupied spots"."""
    return list(arena.adjacent(champion_of(st, controller).spot))


def run_effects(
    st: GameState, item: StackItem, spec: AbilitySpec, user: Permanent, choice: int | None
) -> bool:
    """Apply the effects of `spec` (the item's ability) in order. True when the card on the
    stack stayed in play (a placed summon or alteration, an attached skill)."""
    controller = item.controller
    used = False
    for op in spec.effects:
        if st.over:
            break
        kind = op.kind
        if kind == "damage":
            elements = spec.elements
            if spec.choose_element and choice is not None:
                elements = frozenset({spec.choose_element[choice]})
            _damage(st, item, spec, op, user, elements)
        elif kind == "drain":
            _drain(st, item, op, user)
        elif kind == "push":
            _push_targets(st, item, user)
        elif kind == "ailment" or kind == "grant":
            who = _recipients(st, item, spec, op, user)
            duration = op.duration
            # Prevention applies "in the order of the abilities' resolution".
            seq = next_seq(st)
            for perm in who:
                perm.effects = (
                    *perm.effects,
                    Modifier(op.keyword, op.value or None, op.specific, seq, duration),
                )
            st.memo = None
        elif kind == "cure" or kind == "heal":
            for perm in _recipients(st, item, spec, op, user):
                perm.hp += op.value
        elif kind == "draw":
            draw(st, controller, op.value or 1)
            if check_end(st):
                break
        elif kind == "move":
            s = item.targets[0]
            if can_move_itself(st, user) and s in move_destinations(st, user, (s,)):
                set_position(st, user, s)
        elif kind == "hop":
            s = item.targets[0]
            if can_leave_spot(st, user):
                set_position(st, user, s, placed=True)
        elif kind == "beckon":
            # Placing effects are played from the thoughts (the card is on the stack); a
            # beckon resolves with its spot chosen (resolve).
            assert item.card is not None
            assert choice is not None
            champ = champion_of(st, controller)
            perm = enter_arena(st, item.card, controller, choice, champ.facing)
            perm.exerted = True  # Glossary: Beckon, "then Exert it"
            used = True
        elif kind == "build" or kind == "create" or kind == "trap":
            # Glossary: Build, on "the same spot you are on"; Create and Trap, on the spot
            # targeted. It faces the way its champion does, or as its player chose (resolve).
            assert item.card is not None
            champ = champion_of(st, controller)
            s = champ.spot if kind == "build" else item.targets[0]
            facing = champ.facing if choice is None else choice
            enter_arena(st, item.card, controller, s, facing)
            used = True
        elif kind == "attach":
            assert item.card is not None  # the skill, played from the thoughts
            target = st.perms.get(item.targets[0])
            if target is not None:
                target.skills = (*target.skills, item.card)
                st.memo = None
                note(st, "attach", item.card, target.id)
                used = True
        elif kind == "fatigue":
            for perm in _recipients(st, item, spec, op, user):
                if perm.is_champion:
                    player = perm.controller
                    due = fatigue_due(
                        op.value,
                        perm.card.energy_reduction or 0,
                        len(st.players[player].timeline),
                    )
                    mill(st, player, due)
                    note(st, "fatigue", player, due)
            if check_end(st):
                break
        elif kind == "blitz":
            user.exerted = False
        elif kind == "exert":
            for perm in _recipients(st, item, spec, op, user):
                perm.exerted = True
        elif kind == "counter":
            _add_counter(st, user)
        elif kind == "death_touch":
            # Glossary: Death Touch [X], kills a summon with X HP or less; not damage.
            for perm in _recipients(st, item, spec, op, user):
                if perm.card.type is CardType.SUMMON and perm.hp <= op.value:
                    note(st, "killed", perm.id)
                    leave_arena(st, perm)
        elif kind == "switch":
            _decoy(st, item, user if op.who == "user_and_target" else None)
        elif kind == "madness":
            for perm in _recipients(st, item, spec, op, user):
                _madness(st, perm.controller)
        elif kind == "negate":
            _negate(st, item.targets[0])
        elif kind == "sacrifice":
            _sacrifice(st, item.targets[0], controller)
        elif kind == "toss":
            for perm in _recipients(st, item, spec, op, user):
                if choice is not None and can_leave_spot(st, perm):
                    set_position(st, perm, choice, placed=True)  # Glossary: Toss, a place
                    note(st, "toss", perm.id, choice)
        elif kind == "warp":
            if choice is not None and can_move_itself(st, user):
                set_position(st, user, choice)
                note(st, "warp", user.id, choice)
        elif kind == "resurrect":
            assert item.card is not None
            assert choice is not None
            champ = champion_of(st, controller)
            perm = enter_arena(st, item.card, controller, choice, champ.facing)
            perm.exerted = True  # Glossary: Resurrect Beckon, "then Exert it"
            used = True
        elif kind == "destroy" and user.id in st.perms and not user.is_champion:
            leave_arena(st, user)
        elif kind == "lose_hp" and user.id in st.perms:
            user.hp = max(user.hp - op.value, 0)
            remove_dead(st)
        elif kind == "add_counter":
            for _ in range(op.value or 1):
                _add_counter(st, user)
        elif kind == "remove_counter" and user.id in st.perms:
            user.counters = max(user.counters - (op.value or 1), 0)
            note(st, "counter", user.id, user.counters)
        elif kind == "rotate":
            _rotate(st, item, op, user, choice)
        elif kind == "copy":
            _copy(st, item.targets[0], controller)
    return used


def _rotate(st: GameState, item: StackItem, op: Op, user: Permanent, choice: int | None) -> None:
    """Navigating the Arena, Rotation as a Part of an Ability: the permanent turns on its spot
    (a quarter turn right or left, a half turn, or the way its player chose)."""
    turned = user if op.who == "self" else st.perms.get(item.targets[0])
    if turned is None or turned.id not in st.perms:
        return
    if op.who == "self" and has(st, turned, "stun"):
        # Glossary: Stun, it "cannot move or rotate itself".
        note(st, "fail", item.controller, "rotate", "stunned")
        return
    turned.facing = (
        choice if op.value == 0 and choice is not None else (turned.facing + op.value) % 4
    )
    st.memo = None
    note(st, "rotate", turned.id, turned.facing)


def _copy(st: GameState, seq: int, controller: int) -> None:
    """Using the Stack, Copying an Ability from a Champion / from a Summon: a duplicate of the
    ability, with its targets, goes on the stack under the copier's control. The imaginary
    duplicate is no card: it goes to no memories once resolved. An ability that places or
    attaches its card is copied by playing the same card from the subconscious (Copying a
    Beckon Ability ...), which the engine does not do: such a copy fails, with a note."""
    original = next((other for other in st.stack if other.seq == seq), None)
    if original is None or original.spec is None:
        return
    if original.card is not None and original.spec.kinds & _FROM_SUBCONSCIOUS:
        note(st, "fail", controller, "copy", "a copy that places a card needs the subconscious")
        return
    note(st, "copied", original.spec.name)
    _push(st, replace(original, controller=controller, card=None))


_FROM_SUBCONSCIOUS = frozenset({"beckon", "resurrect", "build", "create", "trap", "attach"})


def _recipients(
    st: GameState, item: StackItem, spec: AbilitySpec, op: Op, user: Permanent
) -> list[Permanent]:
    who = op.who
    if who == "target":
        return [st.perms[t] for t in dict.fromkeys(item.targets) if t in st.perms]
    if who == "self" or who == "bearer":
        return [user] if user.id in st.perms else []
    if who == "area_combatants":
        reach = reach_spots(st, spec, user)
        return [p for p in st.perms.values() if p.spot in reach and p.is_combatant]
    if who == "area":
        reach = reach_spots(st, spec, user)
        return [p for p in st.perms.values() if p.spot in reach]
    return []


def _damage(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    elements: frozenset[str],
) -> None:
    """Damage Resolution for one ability: lump sums per receiver, then the modifier steps,
    then HP loss, deaths, and "damage dealt" triggers (Counter Attack) for survivors."""
    amounts: dict[int, int] = {}
    targeted = op.who == "target"
    if op.who == "area":
        reach = reach_spots(st, spec, user)
        for p in st.perms.values():
            if p.spot in reach:
                amounts[p.id] = op.values[0]
    else:
        values = op.values if spec.chain else op.values[:1] * len(item.targets)
        for target, value in zip(item.targets, values, strict=True):
            amounts[target] = amounts.get(target, 0) + value  # lump sum per target
    controller = item.controller
    dealt: dict[int, int] = {}
    for pid, amount in amounts.items():
        receiver = st.perms.get(pid)
        if receiver is None:
            continue
        kind = DamageKind(
            elements=elements,
            attack=spec.attack,
            cast=spec.cast,
            range=spec.range,
            heavy=spec.heavy,
            targeted=targeted,
            enemy_source=receiver.controller != controller,
        )
        receiver_mods = sorted(mods(st, receiver), key=lambda m: m.seq)
        dealt[pid] = damage_dealt(amount, kind, receiver_mods)
    for pid, amount in dealt.items():
        receiver = st.perms[pid]
        receiver.hp = max(receiver.hp - amount, 0)
        note(st, "damage", pid, amount)
    remove_dead(st)
    # Glossary: Counter Attack [X]. Only a survivor hits back, and only at a permanent in its
    # awareness that dealt it damage.
    if user.id not in st.perms:
        return
    for pid, amount in dealt.items():
        receiver = st.perms.get(pid)
        if amount <= 0 or receiver is None or receiver.id == user.id:
            continue
        if receiver.card.type is CardType.ALTERATION:
            continue
        value = total(st, receiver, "counter_attack")
        if value and user.spot in reach_spots(st, _OWN_REACH, receiver):
            queue_trigger(
                st,
                receiver.controller,
                counter_attack_spec(value),
                receiver.id,
                targets=(user.id,),
            )


_OWN_REACH = AbilitySpec(
    card_name="",
    index=-1,
    name="",
    speed=Speed.TRIGGER,
    cost=Cost(),
    origin="passive",
    reach="own",
)


def _drain(st: GameState, item: StackItem, op: Op, user: Permanent) -> None:
    """Glossary: Drain Attack [X]. HP loss, not damage: nothing prevents or increases it; the
    target loses as much as it can and the user gains X."""
    for pid in item.targets[:1]:
        target = st.perms.get(pid)
        if target is None:
            continue
        target.hp = max(target.hp - op.value, 0)
        note(st, "hp_loss", pid, op.value)
        if user.id in st.perms:
            user.hp += op.value
    remove_dead(st)


def _push_targets(st: GameState, item: StackItem, user: Permanent) -> None:
    """Glossary: Push and Away. One spot straight away from the user; the arena's edge, an
    occupied spot or Pinned stops it."""
    for pid in item.targets[:1]:
        target = st.perms.get(pid)
        if target is None or not can_leave_spot(st, target):
            continue
        direction = arena.away_step(user.spot, target.spot)
        if direction is None:
            continue
        dest = arena.step(target.spot, *direction)
        if dest is None:
            continue
        if target.card.type is CardType.ALTERATION:
            # Glossary: Away, "Movement rules still apply"; Moving as a Part of an Ability,
            # "the spot the permanent is entering" must be unoccupied, whether or not the
            # alteration occupies its own spot.
            ok = not occupied_mask(st) >> dest & 1
        else:
            ok = dest in move_destinations(st, target, (dest,))
        if ok:
            set_position(st, target, dest)
            note(st, "push", pid, dest)


def _add_counter(st: GameState, perm: Permanent) -> None:
    """Glossary: Count, a counter on the card; its Break happens once there are enough."""
    if perm.id not in st.perms:
        return
    perm.counters += 1
    note(st, "counter", perm.id, perm.counters)
    for ability in perm.spec.triggers:
        if ability.break_at is not None and perm.counters >= ability.break_at:
            queue_trigger(st, perm.controller, ability, perm.id)


def _decoy(st: GameState, item: StackItem, user: Permanent | None = None) -> None:
    """Glossary: Decoy and Decoy Summon. The two targets switch spots (Switch), and what on the
    stack targeted one now targets the other. A switch that fails (one cannot leave its spot)
    makes the ability fail: nothing is switched or retargeted. With `user`, the switch is
    between the user and its one target ("You and target ally switch spots")."""
    sides = (user.id, *item.targets) if user is not None else item.targets
    first, second = (st.perms.get(t) for t in sides)
    if first is None or second is None or not switch(st, first, second):
        note(st, "fail", item.controller, "switch", "cannot leave the spot")
        return
    swap = {first.id: second.id, second.id: first.id}
    st.stack = [
        replace(other, targets=tuple(swap.get(t, t) for t in other.targets))
        if other.spec is not None
        and other.spec.target not in (None, "ability")
        and not (other.spec.target or "").startswith("spot_")
        else other
        for other in st.stack
    ]


def _madness(st: GameState, player: int) -> None:
    """Glossary: Madness, a card at random from the thoughts is discarded, if able. The draw
    is seeded by the game's seed and the moment, so a replay discards the same card."""
    p = st.players[player]
    if not p.thoughts:
        return
    rng = random.Random(st.setup.seed * 1_000_003 + next_seq(st))
    card = p.thoughts.pop(rng.randrange(len(p.thoughts)))
    p.memories.append(card)
    p.hand = None
    p.serial += 1
    note(st, "discard", player, card)


def _negate(st: GameState, seq: int) -> None:
    """Glossary: Negate, "remove target ability from the stack and send it to the memories"."""
    for index, other in enumerate(st.stack):
        if other.seq == seq:
            del st.stack[index]
            if other.card is not None:
                st.players[st.setup.owners[other.card]].memories.append(other.card)
            note(st, "negated", other.spec.name if other.spec else other.kind)
            return


def _sacrifice(st: GameState, target: int, controller: int) -> None:
    """Glossary: Sacrifice, an ally or a skill attached to you or an ally goes to its owner's
    memories."""
    perm = st.perms.get(target)
    if perm is not None:
        if perm.controller == controller and not perm.is_champion:
            note(st, "sacrificed", perm.id)
            leave_arena(st, perm, killed=False)
        return
    for bearer in st.perms.values():
        if target in bearer.skills and bearer.controller == controller:
            bearer.skills = tuple(k for k in bearer.skills if k != target)
            st.players[st.setup.owners[target]].memories.append(target)
            st.memo = None
            note(st, "sacrificed", target)
            return
