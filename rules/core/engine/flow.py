"""Rounds, turns, phases and priority: what may be done next, and doing it.

Core Rulebook 5.2, Rounds and Turns:
- Beginning of Round: beginning-of-round triggers; then all Exert tokens are removed and both
  players draw; then the leading player declares the active combatant.
- A turn: Beginning of Turn (triggers, Dash); the Move Phase (0-2 moves and/or rotations; taking
  two skips the Main Phase); the Main Phase (actions and swifts; paying Exert with the active
  combatant ends it); the End Phase (Swift Step, Exert Step, Clean Up Step). Then the other
  player declares a combatant; a player with none passes at once, and when every combatant is
  exerted the round completes (Product decision › No un-exerted combatant).
- Completion of Round: a Swift Step led by the leading player, then the Clean Up Step with the
  end-of-round triggers (Decay among them); then a new round.

Priority follows Using The Stack: adding to the stack passes priority; the top resolves when
both players pass in succession.

The engine takes forced steps itself: when the player to act has exactly one legal action
(usually a pass with nothing playable) it is taken at once and not logged, and automatic parts
of the flow run without asking. `legal_actions` therefore always offers a real choice.
"""

from collections.abc import Callable
from itertools import combinations
from typing import Final, cast

from . import arena
from .actions import (
    DASHES,
    MOVES_ONTO,
    PASS,
    ROTATIONS,
    Action,
    Choose,
    Dash,
    IllegalAction,
    Pass,
    Play,
    Select,
    Step,
    choose,
)
from .changes import hand_abilities
from .costs import energy_due
from .keywords import beckon, dash, decay, pinned, stun
from .queries import (
    can_move_itself,
    conditions_hold,
    feared,
    has,
    mods,
    move_destinations,
    target_options,
)
from .specs import AbilitySpec, Modifier
from .stack import (
    beckon_spots,
    check_end,
    choose_order,
    choose_trigger_target,
    draw,
    flush_queue,
    mill,
    next_seq,
    note,
    push_trigger,
    queue_event,
    queue_trigger,
    remove_dead,
    resolve,
    resolve_top,
    set_position,
)
from .state import (
    ALTERATION,
    CHAMPION,
    SUMMON,
    GameState,
    InvariantError,
    Memo,
    Pending,
    Permanent,
    Phase,
    StackItem,
)

ROUND_BEGIN: Final = "round_begin"
SELECT: Final = "select"
TURN_BEGIN: Final = "turn_begin"
DASH: Final = dash.NAME
MOVE: Final = "move"
MAIN: Final = "main"
END_SWIFT: Final = "end_swift"
TURN_END: Final = "turn_end"
ROUND_SWIFT: Final = "round_swift"
ROUND_END: Final = "round_end"
OVER: Final = "over"

PRIORITY_PHASES: frozenset[Phase] = frozenset({MAIN, END_SWIFT, ROUND_SWIFT})

# One ability `player` may play now: (card id in the thoughts, or None for an ability of a
# permanent; the user; the ability; its legal declarations of targets).
Playable = tuple[int | None, Permanent, AbilitySpec, list[tuple[int, ...]]]


# --- who acts, and what they may do ------------------------------------------------------------


def to_act(st: GameState) -> int | None:
    """The player whose decision the game waits for (None when it is over)."""
    if st.over:
        return None
    if st.pending is not None:
        return st.pending.player
    if st.stack or st.phase in PRIORITY_PHASES or st.phase == SELECT:
        return st.priority
    return st.turn_player


def legal_actions(st: GameState) -> tuple[Action, ...]:
    """Every action the player to act may take now (computed once per state)."""
    if st.legal is not None:
        return st.legal
    st.legal = _legal_actions(st)
    return st.legal


def _legal_actions(st: GameState) -> tuple[Action, ...]:
    acts: list[Action]
    if st.over:
        acts = []
    elif st.pending is not None:
        acts = [choose(i) for i in range(len(st.pending.options))]
    elif st.stack or st.phase in PRIORITY_PHASES:
        acts = plays(st, st.priority)
        acts.append(PASS)
    elif st.phase == SELECT:
        acts = [Select(pid) for pid in selectable(st, st.priority)]
    elif st.phase == DASH:
        acts = [DASHES[s] for s in dash_spots(st)]
        acts.append(PASS)
    elif st.phase == MOVE:
        acts = move_steps(st)
        acts.append(PASS)
    else:
        acts = []
    return tuple(acts)


def selectable(st: GameState, player: int) -> list[int]:
    """Un-exerted combatants the player controls (Beginning of Round; Clean Up Step)."""
    found = []
    for p in st.perms.values():
        if p.controller == player and not p.exerted and p.card.type is not ALTERATION:
            found.append(p.id)
    return found


def _can_select(st: GameState, player: int) -> bool:
    """Whether `selectable(st, player)` is not empty (no list is built)."""
    for p in st.perms.values():
        if p.controller == player and not p.exerted and p.card.type is not ALTERATION:
            return True
    return False


def dash_spots(st: GameState) -> list[int]:
    """Glossary: Dash. At the beginning of its turn the combatant may move (no rotation)."""
    perm = None if st.active is None else st.perms.get(st.active)
    if perm is None or not has(st, perm, dash.NAME) or not can_move_itself(st, perm):
        return []
    return move_destinations(st, perm, arena.adjacent(perm.spot))


def move_steps(st: GameState) -> list[Action]:
    """Navigating the Arena, Moving/Rotation as a Part of the Move Phase: a move to an
    adjacent spot (unoccupied, unless Flight or Tiny), a 90° rotation, or a move with a
    rotation. A stunned combatant can do neither; a pinned one can only rotate."""
    assert st.active is not None  # the move phase is the active combatant's
    perm = st.perms[st.active]
    if not perm.skills and not perm.effects and not st.area_reach >> perm.spot & 1:
        printed = perm.spec.self_keywords  # `has`'s common case, inline
        stunned, pinned_down = stun.NAME in printed, pinned.NAME in printed
    else:
        stunned, pinned_down = has(st, perm, stun.NAME), has(st, perm, pinned.NAME)
    if stunned:
        return []
    steps: list[Action] = []
    if not pinned_down:
        for s in move_destinations(st, perm, arena.adjacent(perm.spot)):
            steps += MOVES_ONTO[s]
    steps += ROTATIONS
    return steps


def _discard_options(
    st: GameState, player: int, count: int, playing: int | None
) -> list[tuple[int, ...]]:
    if not count:
        return [()]
    cards = st.setup.cards
    others = [c for c in st.players[player].thoughts if c != playing]
    found: dict[tuple[str, ...], tuple[int, ...]] = {}
    for combo in combinations(others, count):
        key = tuple(sorted(cards[c].name for c in combo))
        found.setdefault(key, combo)
    return list(found.values())


def awaits_priority(st: GameState) -> bool:
    """Whether the decision awaited is a priority one: play an ability or pass.

    Written out again, for speed, in play.is_legal and bots.RandomBot.choose_action (asked at
    every decision): a change here changes them too."""
    return not st.over and st.pending is None and (bool(st.stack) or st.phase in PRIORITY_PHASES)


def has_play(st: GameState, player: int) -> bool:
    """Whether `player` could play any ability now: the walk of `plays`, stopped at the first
    ability that can be paid for and has a legal declaration of targets (no list is built).

    Asked at every priority, and worked out afresh each time: the target lists it reads are
    remembered in the board memo (queries.target_options), and a memo of the answer itself,
    keyed by the thoughts, Aura, timeline, HP and Exert it also reads, cost more to key than it
    saved (the board, and so the memo, changes at almost every step; docs/benchmarks.md).

    Abilities of permanents first: they are more often playable than cards in the thoughts
    (whose targets are often out of reach), and the order of a yes/no is free. Whether an
    action may be played (`_main_empty`) is read inline: this is asked at every priority."""
    main_empty = st.phase == MAIN and not st.stack and st.turn_player == player
    return _own_playable(st, player, main_empty, None) or _hand_playable(
        st, player, main_empty, None
    )


def _main_empty(st: GameState, player: int) -> bool:
    """Whether `player` may play an action now, with its active combatant (Speeds of
    Abilities: in its own Main Phase, on an empty stack)."""
    return st.phase == MAIN and not st.stack and st.turn_player == player


def plays(st: GameState, player: int) -> list[Action]:
    """The abilities `player` may play now, with every legal declaration of targets.

    Speeds of Abilities: an action only by the active combatant in its own Main Phase on an
    empty stack; a swift whenever the player has priority. Cards in the thoughts are played by
    the champion (To Play a Card from Hand); identical copies give one set of choices.

    Listed afresh each time (see `has_play`); the plays of one ability are remembered in the
    board memo while they depend on the board alone (`_plays`).
    """
    memo = st.memo
    if memo is None:
        memo = st.memo = {}
    return _plays(st, player, _main_empty(st, player), memo)


def _playable(st: GameState, player: int, main_empty: bool) -> list[Playable]:
    """(card id or None, user, ability, target declarations) for every ability `player` may
    play now that has at least one legal declaration of targets: the cards in the thoughts,
    then the abilities of the player's permanents.

    The two walks (`_hand_playable`, `_own_playable`) add what they find to a list, or, given
    None, stop at the first (`has_play`): plain loops, where generators cost more than the
    walk itself on this path."""
    found: list[Playable] = []
    _hand_playable(st, player, main_empty, found)
    _own_playable(st, player, main_empty, found)
    return found


# complexity: the hot "what can be played from the thoughts" loop, with each rule that
# stops a card (speed, cost, desperation, Beckon's spots, targets) inline, in the order played.
def _hand_playable(
    st: GameState, player: int, main_empty: bool, found: list[Playable] | None
) -> bool:
    p = st.players[player]
    hand = p.hand
    if hand is None:
        hand = p.hand = hand_abilities(st, p)
    champ = st.perms[p.champion]
    entries = hand[1] if main_empty and st.active == champ.id and not champ.exerted else hand[0]
    if not entries:
        return bool(found)  # often: no swift card in the thoughts
    aura, timeline, spare = p.aura, len(p.timeline), len(p.thoughts) - 1
    reduction, hp, exerted = champ.card.energy_reduction or 0, champ.hp, champ.exerted
    for cid, ability in entries:
        # The Costs of Abilities (rules.core.engine.costs.can_pay), inlined for speed.
        c = ability.cost
        if (
            c.aura > aura
            or c.energy - reduction > timeline
            or c.hp > hp
            or (c.exert and exerted)
            or c.discard > spare
        ):
            continue
        if ability.desperation is not None and hp > ability.desperation:
            continue  # Glossary: Desperation, only at that much HP or less
        kinds = ability.kinds
        if beckon.NAME in kinds and not beckon_spots(st, player, cid):
            continue
        if "resurrect" in kinds and not st.killed_this_round:
            continue  # Glossary: Resurrect Beckon, only once a summon was killed this round
        targets = target_options(st, ability, champ, player)
        if ability.conditions:
            targets = _holding(st, ability, champ, player, targets)
        if targets:
            if found is None:
                return True
            found.append((cid, champ, ability, targets))
    return bool(found)


# complexity: as _hand_playable, for the abilities printed on the player's permanents.
def _own_playable(
    st: GameState, player: int, main_empty: bool, found: list[Playable] | None
) -> bool:
    # Speeds of Abilities: an action only by the active combatant, un-exerted, in its own Main
    # Phase on an empty stack.
    acting = st.active if main_empty else None
    fear = st.setup.fear
    rosters = st.rosters
    if rosters is None:
        rosters = st.rosters = rosters_now(st)
    for perm in rosters[player]:
        spec = perm.spec
        if perm.exerted:
            own = spec.swift_own_exerted
        elif perm.id == acting:
            own = spec.playable_own
        else:
            own = spec.swift_own
        for ability in own:
            if not ability.plain:
                # A plain ability costs nothing an own list has not accounted for
                # (AbilitySpec.plain): most are attacks paid with Exert, and skip these tests.
                # The Costs of Abilities (rules.core.engine.costs.can_pay), inlined for speed.
                # (Exert is paid: an exerted permanent's list holds no ability that costs it.)
                c = ability.cost
                p = st.players[player]
                champion = perm.card.type is CHAMPION
                if (
                    (c.aura and (not champion or c.aura > p.aura))
                    or (
                        c.energy
                        and (
                            not champion
                            # energy_due(...) > timeline, inline (a timeline is never below 0)
                            or c.energy - (perm.card.energy_reduction or 0) > len(p.timeline)
                        )
                    )
                    or (c.hp and c.hp > perm.hp)
                    or (c.discard and c.discard > len(p.thoughts))
                ):
                    continue
                desperation = ability.desperation
                if desperation is not None and st.perms[p.champion].hp > desperation:
                    continue  # Glossary: Desperation, its champion at that much HP or less
            if fear and ability.attack and perm.card.type is SUMMON and feared(st, perm):
                continue  # Glossary: Fear
            targets = target_options(st, ability, perm, player)
            if ability.conditions:
                targets = _holding(st, ability, perm, player, targets)
            if targets:
                if found is None:
                    return True
                found.append((None, perm, ability, targets))
    return bool(found)


def rosters_now(st: GameState) -> tuple[tuple[Permanent, ...], tuple[Permanent, ...]]:
    """Each player's permanents with abilities of their own to play (GameState.rosters), in
    the arena's order: the walk of the plays passes the others at once."""
    found: tuple[list[Permanent], list[Permanent]] = ([], [])
    for perm in st.perms.values():
        spec = perm.spec
        if spec.playable_own:  # which holds its swift ones, and so the exerted's
            found[perm.controller].append(perm)
    return tuple(found[0]), tuple(found[1])


def _holding(
    st: GameState,
    ability: AbilitySpec,
    user: Permanent,
    player: int,
    targets: list[tuple[int, ...]],
) -> list[tuple[int, ...]]:
    """The declarations among `targets` for which the ability's conditions hold (a function of
    its own: a comprehension in the walks would make cells of their variables at every call)."""
    return [t for t in targets if conditions_hold(st, ability, user, player, t)]


def _plays(st: GameState, player: int, main_empty: bool, memo: Memo) -> list[Action]:
    """The plays (see `plays`); `memo` is the board memo, which `plays` has made."""
    found: list[Action] = []
    for cid, user, ability, targets in _playable(st, player, main_empty):
        source = user.id if cid is None else cid
        index = ability.index
        if ability.cost.discard:
            discards = _discard_options(st, player, ability.cost.discard, cid)
            found += _new_plays(source, index, targets, discards)
            continue
        if ability.target == "ability" or ability.conditions:
            # Its targets are on the stack, which the board memo does not follow, or its
            # conditions read counters and HP, which the board memo does not follow either.
            found += _new_plays(source, index, targets)
            continue
        # The plays of one ability depend only on the board while the memo lasts.
        key = (source, index)
        ready: list[Play] | None = memo.get(key)
        if ready is None:
            ready = memo[key] = _play_list(source, index, targets)
        found += ready
    return found


# The plays of recent games by (card or permanent id, ability, declarations): the same lists come
# back board after board, and a Play (a frozen dataclass) costs more to make than to look up.
# Emptied when it grows past PLAYS_REMEMBERED, so that a long-lived worker stays flat.
PLAYS_REMEMBERED = 4096
_PLAY_LISTS: dict[tuple[int, int, tuple[tuple[int, ...], ...]], list[Play]] = {}


def _play_list(source: int, index: int, targets: list[tuple[int, ...]]) -> list[Play]:
    """[Play(source, index, t) for t in targets], remembered (callers never change it)."""
    key = (source, index, tuple(targets))
    found = _PLAY_LISTS.get(key)
    if found is None:
        if len(_PLAY_LISTS) >= PLAYS_REMEMBERED:
            _PLAY_LISTS.clear()
        found = _PLAY_LISTS[key] = _new_plays(source, index, targets)
    return found


def _new_plays(
    source: int,
    index: int,
    targets: list[tuple[int, ...]],
    discards: list[tuple[int, ...]] | None = None,
) -> list[Play]:
    """A play of the ability for each declaration of targets (and each choice of discards).
    Made here, not by comprehensions in the callers, which would make cells of their variables
    at every call."""
    if discards is None:
        return [Play(source, index, t) for t in targets]
    return [Play(source, index, t, d) for t in targets for d in discards]


# --- taking an action --------------------------------------------------------------------------


def step(st: GameState, action: Action, log: bool = True) -> None:
    """Take `action` in place and run the game on to the next real decision."""
    do(st, action, log)
    advance(st)


def do(st: GameState, action: Action, log: bool = True) -> None:
    st.legal = None
    st.decisions += 1
    if log:
        st.log = (action, st.log)
    # The action classes are final: their type is compared, most frequent first.
    kind = type(action)
    if st.pending is not None:
        if kind is not Choose:
            raise IllegalAction("a choice is pending: answer it with a choose action")
        _choose(st, st.pending, cast(Choose, action).option)
    elif kind is Pass:
        _pass(st)
    # type(action) is tested again below, rather than typing.cast (a call in pure Python).
    elif type(action) is Play:
        _play(st, action)
    elif type(action) is Step:
        _step(st, action)
    elif type(action) is Select:
        _select(st, action.combatant)
    elif isinstance(action, Dash):
        assert st.active is not None  # a dash is the active combatant's
        set_position(st, st.perms[st.active], action.to)
        note(st, dash.NAME, st.active, action.to)
        st.phase = MOVE
    else:
        raise IllegalAction(f"{action!r} cannot be taken now")


def _choose(st: GameState, pending: Pending, option: int) -> None:
    """Answer `pending` (the state's pending choice) with its option `option`."""
    st.pending = None
    if pending.kind == "order":
        # An "order" choice offers indexes into the queue.
        choose_order(st, cast(int, pending.options[option]))
    elif pending.kind == "trigger_target":
        choose_trigger_target(st, pending, option)
    else:  # a spot, facing or element to choose, or a "may": carry on resolving the ability
        assert pending.item is not None  # the ability being resolved
        # These choices offer a spot, or 1 or 0 (yes or no).
        resolve(st, pending.item, choice=cast(int, pending.options[option]))
        resolved(st)


def _pass(st: GameState) -> None:
    player = st.priority
    if st.stack:
        st.passes += 1
        if st.passes >= 2:
            resolve_top(st)
            resolved(st)
        else:
            st.priority = 1 - player
        return
    phase = st.phase
    if phase == MOVE:
        st.phase = MAIN
        st.priority = st.turn_player
        st.passes = 0
        if st.setup.narrate:  # note(), asked first: a call at every step costs
            note(st, "phase", MAIN)
    elif phase == DASH:
        st.phase = MOVE
    elif phase == MAIN:
        enter_end_phase(st)
    elif phase in (END_SWIFT, ROUND_SWIFT):
        # A consecutive pass of priority on an empty stack ends the Swift Step.
        st.passes += 1
        if st.passes < 2:
            st.priority = 1 - player
        elif phase == END_SWIFT:
            exert_step(st)
        else:
            round_clean_up(st)
    else:
        raise IllegalAction(f"nothing to pass in the {phase} step")


def _play(st: GameState, action: Play) -> None:
    """To Play any Active Ability: the card (or a token) goes on the stack, targets are
    declared and all costs paid, then priority passes."""
    player = st.priority
    p = st.players[player]
    perm = st.perms.get(action.card)
    if perm is not None:
        user = perm
        spec = perm.spec.abilities[action.ability]
        card: int | None = None
    else:
        p.thoughts.remove(action.card)
        p.hand = None
        p.serial += 1
        user = st.perms[p.champion]
        spec = st.setup.specs[action.card].abilities[action.ability]
        card = action.card
    cost = spec.cost
    if cost.aura:
        p.aura -= cost.aura
    if cost.energy:
        mill(st, player, energy_due(cost.energy, user.card.energy_reduction or 0))
    if cost.hp:
        user.hp -= cost.hp
    if cost.exert:
        user.exerted = True
        if user.id == st.active and st.phase == MAIN:
            st.exert_paid = True
    for discarded in action.discard:
        p.thoughts.remove(discarded)
        p.memories.append(discarded)
        p.hand = None
        p.serial += 1
    st.stack.append(StackItem(next_seq(st), player, spec, user.id, card, action.targets))
    st.priority = 1 - player
    st.passes = 0
    if st.setup.narrate:  # note(), asked first: a call at every step costs
        note(st, "play", player, spec.card_name, spec.name, action.targets)
    if cost.hp or cost.energy:
        # Paying a cost that empties your own timeline (or takes your champion to 0 HP) loses
        # at once; the ability does not resolve (see costs.can_pay). Other costs leave both as
        # they were at the priority decision, where nothing waits to leave or end the game
        # (rules.core.engine.invariants).
        remove_dead(st)
        check_end(st)


def _step(st: GameState, action: Step) -> None:
    assert st.active is not None  # the move phase is the active combatant's
    perm = st.perms[st.active]
    if action.to is not None:
        set_position(st, perm, action.to)
    if action.turn is not None:
        perm.facing = arena.rotate(perm.facing, action.turn)
        st.memo = None
    st.moves += 1
    if st.moves >= 2:
        # Turn Order: two moves and/or rotations go straight to the End Phase.
        enter_end_phase(st)


def _select(st: GameState, combatant: int) -> None:
    perm = st.perms[combatant]
    st.active = combatant
    st.turn_player = perm.controller
    st.moves = 0
    st.exert_paid = False
    st.phase = TURN_BEGIN
    st.passes = 0
    if st.setup.narrate:  # note(), asked first: a call at every step costs
        note(st, "turn", perm.controller, combatant)
    # Beginning of Turn: "all abilities that occur at the beginning of the turn" go on the stack.
    queue_event(st, "turn_begins", "own_turn_begins", combatant)


# --- the flow between decisions ----------------------------------------------------------------


def enter_end_phase(st: GameState) -> None:
    st.phase = END_SWIFT
    st.priority = st.turn_player
    st.passes = 0
    if st.setup.narrate:  # note(), asked first: a call at every step costs
        note(st, "phase", END_SWIFT)


def exert_step(st: GameState) -> None:
    """End Phase, Exert Step: the combatant taking its turn exerts if it is not exerted; then
    the Clean Up Step's end-of-turn triggers."""
    perm = None if st.active is None else st.perms.get(st.active)
    if perm is not None:
        perm.exerted = True
    st.phase = TURN_END
    queue_event(st, "turn_ends", "own_turn_ends", st.active)


def round_clean_up(st: GameState) -> None:
    """Completion of Round, Clean Up Step: end-of-round triggers, Decay among them."""
    st.phase = ROUND_END
    queue_event(st, "round_ends")
    keywords = st.setup.keywords
    decays = keywords is None or decay.NAME in keywords  # else no card of the game gives it
    for perm in list(st.perms.values()):
        if perm.entered_round == st.round:
            for ability in perm.spec.triggers:
                if ability.trigger == "round_ends_after_entering":
                    queue_trigger(st, perm.controller, ability, perm.id)
        lost = sum(1 for m in mods(st, perm) if m.keyword == decay.NAME) if decays else 0
        if lost:
            queue_trigger(st, perm.controller, None, perm.id, kind=decay.NAME, value=lost)


def start_round(st: GameState) -> None:
    """Beginning of Round: its passive abilities first (Order of Events: the leading player's
    go on the stack first)."""
    st.round += 1
    st.phase = ROUND_BEGIN
    st.active = None
    st.priority = st.leader
    st.passes = 0
    note(st, "round", st.round)
    queue_event(st, "round_begins")


def _round_draw(st: GameState) -> None:
    """Beginning of Round: remove all Exert tokens and both players draw a card for the round
    (at the same instant: both emptying their timelines is a drawn game)."""
    for perm in st.perms.values():
        perm.exerted = False
    draw(st, 0)
    draw(st, 1)
    if not check_end(st):
        next_selection(st, st.leader)


def next_selection(st: GameState, player: int) -> None:
    st.phase = SELECT
    st.active = None
    st.priority = player


def _turn_begin_done(st: GameState) -> None:
    keywords = st.setup.keywords
    if keywords is not None and dash.NAME not in keywords:
        st.phase = MOVE  # no card of the game gives Dash
    else:
        st.phase = DASH if dash_spots(st) else MOVE


def _turn_end_done(st: GameState) -> None:
    _expire(st, "turn")
    next_selection(st, 1 - st.turn_player)


def _round_end_done(st: GameState) -> None:
    # A turn lies within its round: "until the end of the turn" granted after the round's last
    # turn (in the Completion of Round) ends with the round at the latest, never in the next
    # round's first turn (Engine decision › Turn effects after the last turn).
    _expire(st, "turn")
    _expire(st, "round")
    st.killed_this_round = ()
    if st.round >= st.setup.round_cap:
        # Product decision › Round cap: a safety valve for automated games, not a rule.
        st.over = True
        st.phase = OVER
        st.winner = None
        st.reason = "round_cap"
        note(st, "game_over", None, "round_cap")
        return
    start_round(st)


def _expire(st: GameState, duration: str) -> None:
    """All abilities that last until the end of the turn (or round) end."""
    for perm in st.perms.values():
        if perm.effects:
            kept = _lasting(perm.effects, duration)
            if len(kept) < len(perm.effects):
                perm.effects = kept
                st.memo = None


def _lasting(effects: tuple[Modifier, ...], duration: str) -> tuple[Modifier, ...]:
    """The effects that do not end with `duration`."""
    return tuple(e for e in effects if e.duration != duration)


_AUTOMATIC: dict[str, Callable[[GameState], None]] = {
    ROUND_BEGIN: _round_draw,
    TURN_BEGIN: _turn_begin_done,
    TURN_END: _turn_end_done,
    ROUND_END: _round_end_done,
}


def resolved(st: GameState) -> None:
    """After an item of the stack resolved (rules.core.engine.stack.finish): once the stack is
    empty again, and nothing waits (a choice, triggers, the end of the game), play goes on."""
    if st.pending is None and not st.stack and not st.queue and not st.over:
        stack_emptied(st)


def stack_emptied(st: GameState) -> None:
    """Where play goes once the stack is empty again."""
    phase = st.phase
    if phase == MAIN:
        active = None if st.active is None else st.perms.get(st.active)
        # Main Phase: paying Exert with the active combatant moves on to the End Phase.
        if st.exert_paid or active is None:
            enter_end_phase(st)
        else:
            st.priority = st.turn_player
            st.passes = 0
    elif phase == END_SWIFT:
        st.priority = st.turn_player
        st.passes = 0
    elif phase == ROUND_SWIFT:
        st.priority = st.leader
        st.passes = 0


# complexity: the loop between decisions, one branch per kind of step the engine takes itself;
# "any play?" is asked inline, at every priority (a call per question costs more on this path).
def advance(st: GameState) -> int | None:
    """Run automatic steps and forced single choices until a player has a real decision, and
    return that player (`to_act`: None once the game is over), which the loop asks next."""
    cap = st.setup.action_cap
    while True:
        st.legal = None
        if st.over:
            return None
        if st.decisions >= cap:
            st.over = True
            st.phase = OVER
            st.winner = None
            st.reason = "action_cap"
            note(st, "game_over", None, "action_cap")
            return None
        if st.pending is None:
            if st.queue:
                flush_queue(st)
                # An immediate ability resolved as it went on, or a trigger found no target:
                # with the stack still empty, play goes on as after any resolution.
                resolved(st)
                continue
            phase = st.phase
            if st.stack or phase in PRIORITY_PHASES:
                # A priority decision (most of the steps, so tested first: no priority phase
                # is automatic or a selection): with nothing to play, the only choice is to
                # pass, and the engine passes for the player. `has_play`, inline.
                player = st.priority
                main_empty = phase == MAIN and not st.stack and st.turn_player == player
                if _own_playable(st, player, main_empty, None) or _hand_playable(
                    st, player, main_empty, None
                ):
                    return player
                # do(st, PASS, log=False), inline: the engine's passes are never logged.
                st.decisions += 1
                _pass(st)
                if main_empty and st.decisions < cap:
                    # The empty Main Phase passed, the End Phase's swift step opens with the
                    # same player's priority on the same position; whoever had nothing to play
                    # with actions allowed has no swift play either, and passes again at once.
                    st.decisions += 1
                    _pass(st)
                continue
            automatic = _AUTOMATIC.get(phase)
            if automatic is not None:
                automatic(st)
                continue
            if phase == SELECT and not _can_select(st, st.priority):
                if _can_select(st, 1 - st.priority):
                    st.priority = 1 - st.priority  # no un-exerted combatant: pass at once
                else:
                    st.phase = ROUND_SWIFT
                    st.active = None
                    st.priority = st.leader
                    st.passes = 0
                continue
        if st.phase in (DASH, MOVE) and (st.active is None or st.active not in st.perms):
            # The combatant taking its turn left the arena before it moved (killed in answer to
            # a beginning-of-turn trigger): as in the Main Phase, the turn goes on to the End
            # Phase (docs/engine.md, Engine decision › The active combatant gone).
            enter_end_phase(st)
            continue
        acts = legal_actions(st)
        if len(acts) == 1:
            do(st, acts[0], log=False)
            continue
        if not acts:
            raise InvariantError(f"no legal action in {st!r}")
        return to_act(st)


__all__ = [
    "advance",
    "legal_actions",
    "push_trigger",
    "step",
    "to_act",
]
