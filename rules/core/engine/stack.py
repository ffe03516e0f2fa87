"""The stack: putting abilities and triggers on it, and resolving the top one.

Core Rulebook 5.2, Using The Stack, Resolving a Stack, Order of Events, When an Ability "Fails".
On resolution the source must still be in the arena with HP above 0 and every declared target
must still be valid; otherwise the ability fails and a card on the stack goes to its owner's
memories. Each step of an ability is run by the function its keyword's module registered
(rules/core/engine/keywords/, through rules.core.engine.registry); grants and the follow-ups
(rotations, copies, counters) are run here.
"""

from dataclasses import replace
from typing import cast

from rules.core.cards import Speed

from . import registry
from .changes import check_end as check_end
from .changes import draw as draw
from .changes import leave_arena as leave_arena
from .changes import mill as mill
from .changes import next_seq as next_seq
from .changes import note as note
from .changes import queue_event as queue_event
from .changes import queue_trigger as queue_trigger
from .changes import recipients
from .changes import remove_dead as remove_dead
from .changes import set_position as set_position
from .changes import switch as switch
from .compiler import with_added
from .keywords import count, decay, replicate, stun
from .keywords.base import AILMENT, GRANT, Effect
from .keywords.beckon import beckon_spots as beckon_spots
from .queries import (
    conditions_hold,
    has,
    target_options,
    untargeted_conditions_hold,
)
from .specs import AbilitySpec, Modifier, Op
from .state import GameState, Pending, PendingKind, Permanent, StackItem


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
    if item.kind == decay.NAME:
        # Glossary: Decay, HP loss that cannot be prevented; instances add up.
        decay.lose_hp(st, item)
        return finish(st, item, used=False)
    assert spec is not None  # only decay has no ability
    user = st.perms.get(item.source)
    why = _why_it_fails(st, item, spec, user, choice)
    if why is not None:
        return fail(st, item, why)
    assert user is not None  # else it failed
    if spec.optional and item.kind == "trigger":
        if choice is None:
            st.pending = Pending(item.controller, "may", (1, 0), item)
            return None
        if choice == 0:
            return finish(st, item, used=False)
        choice = None
    if spec.break_at is not None:
        user.counters = 0  # Glossary: Break, "remove all counters from this card"
    if replicate.NAME in spec.kinds:
        if replicate.place_copies(st, item, spec, user, choice):
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
    if st.setup.narrate:  # note(), asked first: a call at every resolution costs
        note(st, "resolve", item.controller, spec.card_name, spec.name, item.targets)
    used = run_effects(st, item, spec, user, choice)
    finish(st, item, used)
    return None


def _why_it_fails(
    st: GameState, item: StackItem, spec: AbilitySpec, user: Permanent | None, choice: int | None
) -> str | None:
    """Why `item` fails as it resolves (When an Ability "Fails"), or None."""
    # Resolving a Stack, rule 1: the one playing it is still in the arena with HP above 0.
    if user is None or user.hp <= 0:
        return "source gone"
    if item.skill is not None and item.skill not in user.skills:
        return "skill gone"
    # Rule 2: every declared target is still valid (a chain fails as a whole).
    if (
        choice is None
        and spec.target is not None
        and not _targets_valid(st, item, spec, spec.target, user)
    ):
        return "invalid target"
    if spec.break_at is not None and user.counters < spec.break_at:
        return "not enough counters"
    if spec.conditions and not conditions_hold(st, spec, user, item.controller, item.targets):
        return "condition not met"
    return None


FACINGS = (0, 1, 2, 3)  # arena.FACING_NAMES: north, east, south, west


def _resolution_choice(
    st: GameState, item: StackItem, spec: AbilitySpec, user: Permanent
) -> tuple[PendingKind | None, list[int]]:
    """The choice `spec` asks for as it resolves (one at most, compiler.compile_ability), with
    its options: a keyword's own (a Beckon's spot, a Toss or Warp spot), an element, a facing."""
    kinds = spec.kinds
    if not kinds.isdisjoint(registry.CHOICE_KINDS):
        for kind, chooser in registry.CHOOSERS:
            if kind in kinds:
                return chooser(st, item, user)
    if spec.choose_element:
        # Glossary: Elemental Selection, one of the elements the ability lists.
        return "element", list(range(len(spec.choose_element)))
    rotation = (
        next((op for op in spec.effects if op.kind == "rotate"), None)
        if "rotate" in kinds
        else None
    )
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


def _facing_chosen(st: GameState, spec: AbilitySpec, item: StackItem) -> bool:
    """Whether resolving `spec` places an alteration whose player chooses its facing: the card
    states none (its `facing` is "choice"), and the facing matters (it has an awareness)."""
    if spec.facing != "choice" or item.card is None or not spec.kinds & registry.PLACES_ALTERATION:
        return False
    awareness = st.setup.cards[item.card].awareness
    return awareness is not None and not awareness.unbounded


def _targets_valid(
    st: GameState, item: StackItem, spec: AbilitySpec, target: str, user: Permanent
) -> bool:
    """Whether `item`'s declared targets are still legal; `spec` is its ability, whose `target`
    kind is given."""
    if spec.spot_target or spec.targets > 1:
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
    if st.frail:
        # A permanent entered at 0 HP, a champion fell or a timeline emptied (GameState.frail):
        # every loss of HP has looked for the dead already, so only then is there more to do.
        st.frail = False
        remove_dead(st)
        if check_end(st):
            return
    elif st.over:
        return  # ended by a step of the ability (a Draw, a Fatigue), which checked it
    if st.queue:
        return  # the triggers go on first; priority follows them
    if st.stack:
        # Using The Stack: priority passes to the player who did not play the ability removed.
        st.priority = 1 - item.controller
        st.passes = 0


def run_effects(
    st: GameState, item: StackItem, spec: AbilitySpec, user: Permanent, choice: int | None
) -> bool:
    """Apply the effects of `spec` (the item's ability) in order, each by its keyword's own
    function (rules.core.engine.registry) or, for the follow-ups and grants, this module's. True
    when the card on the stack stayed in play (a placed summon or alteration, an attached
    skill). A step that ends the game (a Draw, a Fatigue) stops the rest."""
    used = False
    for op in spec.effects:
        if st.over:
            break
        if EFFECTS[op.kind](st, item, spec, op, user, choice):
            used = True
    return used


def _grant(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    """Glossary: Gain(s), and Adding and Removing Ailments and Keyword Abilities: a keyword or an
    ailment given to those the step acts on, for its duration."""
    who = recipients(st, item, spec, op, user)
    # Prevention applies "in the order of the abilities' resolution".
    seq = next_seq(st)
    for perm in who:
        perm.effects = (
            *perm.effects,
            Modifier(op.keyword, op.value or None, op.specific, seq, op.duration),
        )
    st.memo = None
    return False


def _destroy(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    """ "..., then is destroyed": a champion is never destroyed so."""
    if user.id in st.perms and not user.is_champion:
        leave_arena(st, user)
    return False


def _lose_hp(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    if user.id in st.perms:
        user.hp = max(user.hp - op.value, 0)
        remove_dead(st)
    return False


def _add_counters(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    for _ in range(op.value or 1):
        count.add_counter(st, user)
    return False


def _remove_counters(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    if user.id in st.perms:
        user.counters = max(user.counters - (op.value or 1), 0)
        note(st, count.COUNTER, user.id, user.counters)
    return False


def _rotate(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    """Navigating the Arena, Rotation as a Part of an Ability: the permanent turns on its spot
    (a quarter turn right or left, a half turn, or the way its player chose)."""
    turned = user if op.who == "self" else st.perms.get(item.targets[0])
    if turned is None or turned.id not in st.perms:
        return False
    if op.who == "self" and has(st, turned, stun.NAME):
        # Glossary: Stun, it "cannot move or rotate itself".
        note(st, "fail", item.controller, "rotate", "stunned")
        return False
    turned.facing = (
        choice if op.value == 0 and choice is not None else (turned.facing + op.value) % 4
    )
    st.memo = None
    note(st, "rotate", turned.id, turned.facing)
    return False


def _copy(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    """Using the Stack, Copying an Ability from a Champion / from a Summon: a duplicate of the
    ability, with its targets, goes on the stack under the copier's control. The imaginary
    duplicate is no card: it goes to no memories once resolved. An ability that places or
    attaches its card is copied by playing the same card from the subconscious (Copying a
    Beckon Ability ...), which the engine does not do: such a copy fails, with a note."""
    seq, controller = item.targets[0], item.controller
    original = next((other for other in st.stack if other.seq == seq), None)
    if original is None or original.spec is None:
        return False
    if original.card is not None and original.spec.kinds & registry.PUTS_CARD:
        note(st, "fail", controller, "copy", "a copy that places a card needs the subconscious")
        return False
    note(st, "copied", original.spec.name)
    _push(st, replace(original, controller=controller, card=None))
    return False


# Every kind of step: the keywords' own (registry.EFFECTS), a keyword or ailment granted, and
# the follow-ups (rules.core.cards.FOLLOW_UPS).
EFFECTS: dict[str, Effect] = {
    **registry.EFFECTS,
    GRANT: _grant,
    AILMENT: _grant,
    "destroy": _destroy,
    "lose_hp": _lose_hp,
    "add_counter": _add_counters,
    "remove_counter": _remove_counters,
    "rotate": _rotate,
    "copy": _copy,
}
