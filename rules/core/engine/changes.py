"""The small changes of a game's state that resolving abilities is made of: notes in the log,
draws, leaving and entering the arena, moves and switches, queued triggers, and who an ability's
step acts on. Below the stack (rules.core.engine.stack) and the keyword modules
(rules/core/engine/keywords/), which both use them.
"""

from dataclasses import replace

from .keywords import fear, flight, tiny
from .queries import (
    area_reach_now,
    can_leave_spot,
    champion_of,
    death_counts,
    each_in_reach,
    has,
    reach_spots,
)
from .specs import EACH, AbilitySpec, Op
from .state import (
    ALTERATION,
    SUMMON,
    GameState,
    Hand,
    HandEntry,
    ItemKind,
    Permanent,
    Player,
    Setup,
    StackItem,
)


def note(st: GameState, *event: object) -> None:
    """Add `event` to the game's story, when it is told (Setup.narrate). The callers at every
    step (a play, a resolution, a turn, a phase) ask Setup.narrate first, sparing the call."""
    if st.setup.narrate:
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
    players, perms = st.players, st.perms
    if (
        perms[players[0].champion].hp > 0
        and players[0].timeline
        and perms[players[1].champion].hp > 0
        and players[1].timeline
    ):
        return False  # the common case, asked after every play and resolution
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
    hand = p.hand
    p.hand = None
    p.serial += 1
    for _ in range(count):
        if not p.timeline:
            return
        p.thoughts.append(p.timeline.pop())
        if not p.timeline:
            st.frail = True  # a resolution's end checks the game's end (GameState.frail)
            return  # instant loss, checked by the caller
    if hand is not None and count == 1:
        # The thoughts' abilities kept up to date rather than listed again (the round's draw is
        # most of the changes to the thoughts): the card drawn comes last in the thoughts.
        p.hand = _with_drawn(st, hand, p.thoughts[-1])


def hand_abilities(st: GameState, p: Player) -> Hand:
    """The abilities of the different cards in the thoughts (first copy first) as (card id,
    ability): the swift ones, and all of them (Player.hand; rules.core.engine.flow)."""
    specs = st.setup.specs
    seen: set[str] = set()
    swift: list[HandEntry] = []
    every: list[HandEntry] = []
    for cid in p.thoughts:
        spec = specs[cid]
        abilities = spec.from_thoughts
        if abilities:
            name = spec.card.name
            if name not in seen:
                seen.add(name)
                for ability in spec.swift_from_thoughts:
                    swift.append((cid, ability))
                for ability in abilities:
                    every.append((cid, ability))
    return tuple(swift), tuple(every)


def _with_drawn(st: GameState, hand: Hand, cid: int) -> Hand:
    """`hand_abilities` once card `cid` is added at the end of the thoughts that gave `hand`:
    its abilities come last, unless a copy of it was there already (identical copies give one
    set of choices)."""
    specs = st.setup.specs
    spec = specs[cid]
    abilities = spec.from_thoughts
    if not abilities:
        return hand
    name = spec.card.name
    for other, _ in hand[1]:
        if specs[other].card.name == name:
            return hand
    swift = tuple([(cid, ability) for ability in spec.swift_from_thoughts])
    return hand[0] + swift, hand[1] + tuple([(cid, ability) for ability in abilities])


def mill(st: GameState, player: int, count: int) -> None:
    """Energy: cards from the top of the timeline straight to the memories."""
    p = st.players[player]
    for _ in range(count if count < len(p.timeline) else len(p.timeline)):  # min(), inline
        p.memories.append(p.timeline.pop())
    if not p.timeline:
        st.frail = True  # a resolution's end checks the game's end (GameState.frail)


def leave_arena(st: GameState, perm: Permanent, killed: bool = True) -> None:
    """Killed, destroyed or sacrificed: to its owner's memories; attached skills go to their
    owners' memories (Core Rulebook 5.2, Damage Resolution; The Skill Zone). A summon that
    leaves dies either way (Glossary: Died/Dies), but only a `killed` one lets Resurrect Beckon
    be played (Glossary: Kill(ed), "its HP reaches zero or ... an ability that utilizes the
    term "kill"")."""
    del st.perms[perm.id]
    st.memo = None
    st.rosters = None
    if perm.spec.area_mods:
        st.area_reach = area_reach_now(st)
    st.players[perm.owner].memories.append(perm.id)
    for skill in perm.skills:
        st.players[st.setup.owners[skill]].memories.append(skill)
    note(st, "left_arena", perm.id)
    if perm.card.type is SUMMON:
        if killed:
            st.killed_this_round = (*st.killed_this_round, perm.spot)
        queue_event(st, "summon_dies", dying=perm, killed=killed)


def queue_event(
    st: GameState,
    each: str,
    own: str | None = None,
    active: int | None = None,
    *,
    dying: Permanent | None = None,
    killed: bool = False,
) -> None:
    """Queue every trigger of the permanents and their skills that happens at `each` (every
    turn, every round, a summon dying), and those that happen at `own` on the active
    combatant's own turn: its own abilities and the skills attached to it. For a summon
    dying, `dying` is the summon (already gone from the arena) and `killed` whether it was
    killed: a trigger that counts some deaths only (card format, `dies`) happens for those."""
    moments = st.setup.moments
    if moments is not None and each not in moments and (own is None or own not in moments):
        return  # no card of the game has a trigger for this moment: most turns' beginnings
    for perm in list(st.perms.values()):
        if not perm.spec.triggers and not perm.skills:
            continue  # most permanents: nothing that could happen
        mine = perm.id == active
        for ability in perm.spec.triggers:
            if (ability.trigger == each or (mine and ability.trigger == own)) and (
                ability.dies is None
                or death_counts(st, ability.dies, perm, perm.controller, dying, killed)
            ):
                queue_trigger(st, perm.controller, ability, perm.id)
        if perm.skills:
            _queue_skill_triggers(st, perm, each, own if mine else None, dying, killed)


def _queue_skill_triggers(
    st: GameState,
    perm: Permanent,
    each: str,
    own: str | None,
    dying: Permanent | None,
    killed: bool,
) -> None:
    """`queue_event` for the skills attached to `perm` (`own` None unless it is the active
    combatant)."""
    specs = st.setup.specs
    owners = st.setup.owners
    for skill in perm.skills:
        controller = owners[skill]
        for ability in specs[skill].triggers:
            if (ability.trigger == each or (own is not None and ability.trigger == own)) and (
                ability.dies is None
                or death_counts(st, ability.dies, perm, controller, dying, killed)
            ):
                queue_trigger(st, controller, ability, perm.id, skill=skill)


def with_card_facts(setup: Setup) -> Setup:
    """`setup` with what its cards can do, worked out once a game from their specs: the
    keywords they can put on a permanent (Setup.keywords, Setup.fear) and the moments their
    triggers happen at (Setup.moments)."""
    keywords: set[str] = set()
    for spec in setup.specs:
        keywords |= spec.gives
    moments = frozenset(
        ability.trigger
        for spec in setup.specs
        for ability in spec.triggers
        if ability.trigger is not None
    )
    return replace(setup, keywords=frozenset(keywords), fear=fear.NAME in keywords, moments=moments)


def remove_dead(st: GameState) -> None:
    for perm in st.perms.values():
        if perm.hp <= 0:
            break
    else:
        return  # the common case, asked after every play and resolution: no one at 0 HP
    for perm in [p for p in st.perms.values() if p.hp <= 0]:
        if perm.is_champion:
            perm.hp = 0  # defeated: the game ends at the next check
            st.frail = True  # a resolution's end makes it (GameState.frail)
        else:
            leave_arena(st, perm)


def set_position(st: GameState, perm: Permanent, s: int, placed: bool = False) -> None:
    """Leave the spot for `s`, by a move or (`placed`) a place effect or switch."""
    perm.shares = placed or (
        perm.card.type is not ALTERATION
        and (has(st, perm, flight.NAME) or has(st, perm, tiny.NAME))
    )
    perm.spot = s
    st.memo = None
    if perm.spec.area_mods:
        st.area_reach = area_reach_now(st)


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
    st.rosters = None
    if perm.hp <= 0:
        st.frail = True  # it leaves when the resolution ends (rules.core.engine.stack.finish)
    if spec.area_mods:
        st.area_reach = area_reach_now(st)
    note(st, "enter", card_id, s)
    for ability in spec.triggers:
        if ability.trigger == "enters_arena":
            queue_trigger(st, perm.controller, ability, perm.id)
    return perm


# --- triggers --------------------------------------------------------------------------------


def place_card(st: GameState, item: StackItem, s: int, choice: int | None) -> None:
    """Placing from the Thoughts: the card on the stack enters on spot `s`, facing the way its
    champion does, or as its player chose (stack.resolve asks when the card states none)."""
    assert item.card is not None
    champ = champion_of(st, item.controller)
    facing = champ.facing if choice is None else choice
    enter_arena(st, item.card, item.controller, s, facing)


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


def recipients(
    st: GameState, item: StackItem, spec: AbilitySpec, op: Op, user: Permanent
) -> list[Permanent]:
    """Whom a step of an ability acts on (Op.who): its targets, its user, or what is in its
    awareness."""
    who = op.who
    if who == "target":
        return [st.perms[t] for t in dict.fromkeys(item.targets) if t in st.perms]
    if who == "self" or who == "bearer":
        return [user] if user.id in st.perms else []
    if who == EACH:
        return each_in_reach(st, spec, user, item.controller)
    if who == "area":
        reach = reach_spots(st, spec, user)
        return [p for p in st.perms.values() if p.spot in reach]
    return []
