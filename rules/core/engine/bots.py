"""Bots: a random-legal bot and a heuristic bot. Both also take the between-games decisions of a
best-of-three (who leads, and the lock-and-show swap; rules.core.match).

A bot is an object with `choose_action(state)`, `choose_lead(match, seat)` and
`choose_swap(match, seat)`. Its randomness comes from its own seed, so a game between seeded
bots is reproducible.
"""

import random
from collections import Counter
from collections.abc import Mapping
from typing import cast

from mypy_extensions import mypyc_attr

from rules.core import match as protocol
from rules.core.cards import Card, Speed, name_key

from . import arena
from .actions import PASS, Action, Choose, Dash, Pass, Play, Select, Step
from .costs import energy_due
from .flow import END_SWIFT, MAIN, MOVE, PRIORITY_PHASES, ROUND_SWIFT, legal_actions, to_act
from .keywords import (
    beckon,
    build,
    create,
    cure,
    death_touch,
    draw,
    enchant,
    fatigue,
    heal,
    hop,
    madness,
    move,
    negate,
    push,
    replicate,
    sacrifice,
    stun,
    toss,
    trap,
    warp,
)
from .queries import each_in_reach, has, occupied_mask, reach_spots
from .specs import EACH, AbilitySpec, CardSpec, Op
from .state import ALTERATION, GameState, Permanent, Phase, Seat, StackItem

# A lock-and-show swap: the names going out of the timeline, and those coming in.
Swap = tuple[tuple[str, ...], tuple[str, ...]]


def below(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)` for n >= 1, the same number drawn the same way (CPython's
    Random._randbelow_with_getrandbits: the fewest bits that hold n - 1, drawn again until
    below n), written here so that the compiled engine draws it without two Python calls per
    decision (docs/benchmarks.md, session 13). test_games.py holds it equal to randrange."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


# Callers may subclass the bots (a test's bot that declines to lead): compiled by mypyc
# (setup.py), a class allows Python subclasses only when it says so.
@mypyc_attr(allow_interpreted_subclasses=True)
class RandomBot:
    """Plays a random legal action.

    When passing is legal it passes with probability `pass_probability` on an empty stack, and
    more often the deeper the stack is (it plays with probability (1 - p) / (1 + depth));
    otherwise it picks uniformly among the other actions. A uniform pick would almost never
    pass when many abilities are playable, and two free swift abilities (e.g. Hops whose Energy
    is all taken off by Energy Reduction) would then pile up on the stack for ever.
    """

    def __init__(self, seed: int = 0, pass_probability: float = 0.6) -> None:
        self.rng = random.Random(seed)
        self.pass_probability = pass_probability

    def choose_action(self, state: GameState) -> Action:
        if (  # awaits_priority(state), inline: asked at every decision of a random game
            not state.over
            and state.pending is None
            and (state.stack or state.phase in PRIORITY_PHASES)
        ):
            # Decide whether to pass before listing the plays: listing is the costly part.
            play = (1.0 - self.pass_probability) / (1 + len(state.stack))
            if self.rng.random() >= play:
                return PASS
            actions = legal_actions(state)
            if len(actions) == 1:
                return PASS  # nothing was playable after all
            return actions[below(self.rng, len(actions) - 1)]  # the last one is the pass
        actions = legal_actions(state)
        if type(actions[-1]) is Pass and len(actions) > 1:
            if self.rng.random() >= 1.0 - self.pass_probability:
                return actions[-1]
            return actions[below(self.rng, len(actions) - 1)]
        return actions[below(self.rng, len(actions))]

    def choose_lead(self, match: protocol.MatchState | None, seat: Seat) -> bool:
        return self.rng.random() < 0.5

    def choose_swap(self, match: protocol.MatchState, seat: Seat) -> Swap:
        """A random legal lock: one card out of the timeline and one forethought of the same
        Chi in, when such a pair exists (Lock and Show: equal count and equal Chi)."""
        side = match.side(seat)
        chi = dict(match.chi)
        timeline = [e.name for e in side.current.timeline]
        forethoughts = [e.name for e in side.current.forethoughts]
        pairs = [
            (out, in_)
            for out in timeline
            for in_ in forethoughts
            if chi.get(name_key(out)) == chi.get(name_key(in_)) and name_key(out) != name_key(in_)
        ]
        if not pairs or self.rng.random() < 0.3:
            return (), ()
        out, in_ = pairs[self.rng.randrange(len(pairs))]
        try:
            protocol.check_swap(match, seat, [out], [in_])
        except protocol.ProtocolError:
            return (), ()
        return (out,), (in_,)


@mypyc_attr(allow_interpreted_subclasses=True)  # see RandomBot
class HeuristicBot:
    """A rule-of-thumb player: close in on the enemy champion, face it, and hit it; beckon
    summons while Aura lasts; never pay Energy it cannot spare; defend and heal when hurt.

    Each legal action gets a score from what it would do; the best one is played (ties go to
    the earliest, so the bot is deterministic).
    """

    # At most this many plays in one step of one turn: a free ability (a Hop that Energy
    # Reduction makes free) could otherwise be played for ever.
    PLAYS_PER_STEP = 6
    # What a play that does not exert the combatant whose turn it is gains over one that does
    # (see _play_score): more than any play's own worth.
    BEFORE_EXERTING = 20.0

    def __init__(self, seed: int = 0, cards: Mapping[str, Card] | None = None) -> None:
        self.rng = random.Random(seed)
        # name_key(name) -> Card: what each card costs, for the lock-and-show swap. A bot that
        # is given no cards knows no costs and keeps its timeline as it is.
        self.cards: Mapping[str, Card] = cards or {}
        self._step_key: tuple[int, int | None, Phase, int | None] | None = None
        self._plays_in_step = 0

    # --- between games -----------------------------------------------------------------------

    def choose_lead(self, match: protocol.MatchState | None, seat: Seat) -> bool:
        return True  # leading gives the first turn of every round

    def choose_swap(self, match: protocol.MatchState, seat: Seat) -> Swap:
        """Swap the timeline's priciest Energy cards for forethoughts of equal Chi that cost no
        Energy, one pair at a time, as far as the lock's rules allow."""
        cards = self.cards
        side = match.side(seat)
        chi = dict(match.chi)

        def energy(name: str) -> int:
            card = cards.get(name_key(name))
            if card is None:
                return 0
            return max((a.cost.energy for a in card.abilities), default=0)

        timeline = sorted(
            {e.name for e in side.current.timeline}, key=lambda n: (-energy(n), name_key(n))
        )
        pool = Counter({e.name: e.count for e in side.current.forethoughts})
        out: list[str] = []
        in_: list[str] = []
        for name in timeline:
            if energy(name) < 2:
                break
            match_in = next(
                (
                    f
                    for f in sorted(pool, key=name_key)
                    if pool[f] > 0
                    and chi.get(name_key(f)) == chi.get(name_key(name))
                    and energy(f) == 0
                ),
                None,
            )
            if match_in is None:
                continue
            try:
                protocol.check_swap(match, seat, [*out, name], [*in_, match_in])
            except protocol.ProtocolError:
                continue
            out.append(name)
            in_.append(match_in)
            pool[match_in] -= 1
        return tuple(out), tuple(in_)

    # --- during a game -----------------------------------------------------------------------

    def choose_action(self, state: GameState) -> Action:
        actions = legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        me = to_act(state)
        assert me is not None  # a bot is only asked while the game goes on
        key = (state.round, state.active, state.phase, me)
        if key != self._step_key:
            self._step_key, self._plays_in_step = key, 0
        best, best_score = actions[0], float("-inf")
        for action in actions:
            if isinstance(action, Play) and self._plays_in_step >= self.PLAYS_PER_STEP:
                continue
            score = self._score(state, me, action)
            if score > best_score:
                best, best_score = action, score
        if isinstance(best, Play):
            self._plays_in_step += 1
        return best

    def _score(self, st: GameState, me: int, action: Action) -> float:
        if isinstance(action, Pass):
            return self._pass_score(st, me)
        if isinstance(action, Play):
            return self._play_score(st, me, action)
        if isinstance(action, Step):
            return self._step_score(st, me, action)
        if isinstance(action, Dash):
            assert st.active is not None  # a dash is the active combatant's
            return self._position_score(st, me, st.perms[st.active], action.to, None)
        if isinstance(action, Select):
            perm = st.perms[action.combatant]
            # Summons first, so the champion keeps its swift responses for longer.
            return 1.0 if not perm.is_champion else 0.0
        if isinstance(action, Choose):
            return self._choose_score(st, me, action)
        return 0.0

    def _pass_score(self, st: GameState, me: int) -> float:
        if st.phase == MOVE:
            assert st.active is not None  # the move phase is the active combatant's
            # Stay put if the enemy champion is already in reach of an attack.
            return 2.0 if self._enemy_in_awareness(st, me, st.perms[st.active]) else -1.0
        return 0.0

    def _enemy_in_awareness(
        self,
        st: GameState,
        me: int,
        perm: Permanent,
        spot: int | None = None,
        facing: int | None = None,
    ) -> bool:
        enemy = st.perms[st.players[1 - me].champion]
        seen = arena.seen_spots(
            perm.card.awareness,
            perm.spot if spot is None else spot,
            perm.facing if facing is None else facing,
        )
        return enemy.spot in seen

    def _position_score(
        self,
        st: GameState,
        me: int,
        perm: Permanent,
        to: int | None,
        turn: str | None,
        facing: int | None = None,
    ) -> float:
        enemy = st.perms[st.players[1 - me].champion]
        spot = perm.spot if to is None else to
        if facing is None:
            facing = perm.facing if turn is None else arena.rotate(perm.facing, turn)
        score = float(-arena.distance(spot, enemy.spot))
        if enemy.spot in arena.seen_spots(perm.card.awareness, spot, facing):
            score += 6.0
        elif facing == arena.facing_towards(spot, enemy.spot):
            score += 1.0
        return score

    def _step_score(self, st: GameState, me: int, action: Step) -> float:
        assert st.active is not None  # the move phase is the active combatant's
        perm = st.perms[st.active]
        score = self._position_score(st, me, perm, action.to, action.turn)
        # A step that brings the enemy into reach is worth more than a second step, which would
        # skip the main phase.
        now = self._position_score(st, me, perm, None, None)
        return score - now + (0.5 if st.moves == 0 else -1.5)

    # complexity: the heuristic bot's evaluation of a play: one term per kind of effect, read
    # top to bottom; splitting it would scatter one scoring table over several functions.
    def _play_score(self, st: GameState, me: int, action: Play) -> float:
        perm = st.perms.get(action.card)
        if perm is not None:
            spec = perm.spec.abilities[action.ability]
            user = perm
        else:
            spec = st.setup.specs[action.card].abilities[action.ability]
            user = st.perms[st.players[me].champion]
        player = st.players[me]
        champion = st.perms[player.champion]
        cost = spec.cost
        score = 0.0
        # Energy is the timeline, and an empty timeline loses: keep a reserve.
        energy = energy_due(cost.energy, champion.card.energy_reduction or 0) if cost.energy else 0
        reserve = len(player.timeline) - energy
        if energy and (reserve < 12 or reserve < len(st.players[1 - me].timeline)):
            # Nor fall behind the enemy's timeline: whoever runs out first loses.
            return -100.0
        score -= 0.6 * energy + 0.15 * cost.aura + 1.0 * cost.hp
        kinds = {op.kind for op in spec.effects}
        enemy_champion = st.players[1 - me].champion
        # An ability on the stack is named by its place in the order of resolution (Negate,
        # copying), a spot by its number: neither is a permanent.
        targets = (
            [st.perms[t] for t in action.targets if t in st.perms]
            if not spec.spot_target and spec.target != "ability"
            else []
        )
        if kinds & {"damage", "drain"}:
            amount = spec.damage
            if spec.area or spec.each:
                reach = reach_spots(st, spec, user)
                hit = (
                    each_in_reach(st, spec, user, me)
                    if spec.each
                    else [p for p in st.perms.values() if p.spot in reach]
                )
                value = sum(
                    (3.0 if p.id == enemy_champion else 1.0) * (1 if p.controller != me else -1.5)
                    for p in hit
                    if p.card.type is not ALTERATION or p.controller != me
                )
                score += amount * value
            else:
                for t in targets:
                    if t.controller == me:
                        return -50.0
                    weight = 3.0 if t.id == enemy_champion else 1.5
                    if not t.is_champion and t.hp <= amount:
                        weight += 2.0  # a kill
                        if self._waits_for_a_kill(st, me):
                            weight += 2.0
                    score += amount * weight
        if beckon.NAME in kinds:
            score += 4.0 + (st.setup.cards[action.card].hp or 0) * 0.5
        if kinds & {cure.NAME, heal.NAME}:
            hurt = champion.hp < (champion.card.hp or 0) - 3
            friendly = all(t.controller == me for t in targets)
            score += 3.0 if hurt and friendly else -2.0
        if any(item.source == user.id and item.spec is spec for item in st.stack):
            return -20.0  # the same ability is already waiting on the stack
        if "grant" in kinds or "ailment" in kinds:
            friendly = not targets or all(t.controller == me for t in targets)
            ailing = any(op.kind == "ailment" for op in spec.effects)
            if ailing:
                score += 2.0 if targets and not friendly else -5.0
            else:
                # Defense and the like are worth it when something is about to hit.
                threatened = any(item.controller != me for item in st.stack)
                score += 2.5 if threatened and friendly else -1.0
        if "attach" in kinds:
            keyword = next(op.keyword for op in spec.effects if op.kind == "attach")
            ours = targets and targets[0].controller == me
            score += 2.0 if (keyword == enchant.NAME) == bool(ours) else -5.0
        if draw.NAME in kinds:
            score += 1.0 if len(player.timeline) > 20 and len(player.thoughts) < 6 else -2.0
        if kinds & {move.NAME, hop.NAME} and not kinds & {"damage", "drain"}:
            if any(item.controller == me for item in st.stack):
                return -20.0  # its position will change first: judge later
            spot = action.targets[0]
            before = self._position_score(st, me, user, None, None)
            after = self._position_score(st, me, user, spot, None)
            score += (after - before) - 1.0
        if kinds & {push.NAME} and not kinds & {"damage"}:
            score -= 1.0
        if (
            cost.exert
            and st.phase == MAIN
            and st.active == user.id
            and any(item.controller == me for item in st.stack)
        ):
            # Turn Order, Main Phase: exerting the combatant whose turn it is ends the phase once
            # the stack is empty. With our own ability still resolving, the phase goes on after
            # it: exert then, after whatever else costs no exert (BEFORE_EXERTING).
            return -5.0
        if spec.speed is Speed.SWIFT and cost.exert and st.phase in (MAIN, END_SWIFT):
            score += 0.5  # an attack now rather than never
        if st.phase == ROUND_SWIFT and cost.exert:
            score += 0.5
        if has(st, user, stun.NAME) and kinds & {move.NAME}:
            return -10.0
        score += self._keyword_value(st, me, action, spec, user, targets)
        if score > 0 and not cost.exert and st.phase == MAIN and st.active == user.id:
            # Turn Order, Main Phase: the combatant whose turn it is may play abilities until one
            # exerts it. What costs no exert comes first, so the attack that exerts still follows.
            score += self.BEFORE_EXERTING
        return score

    # --- what the other keywords' effects are worth ----------------------------------------------
    #
    # Each effect is valued from the ability's fields (its effects' kinds and values, its target,
    # its conditions) and the position, never from a card's name, so a card set the bot never
    # saw is valued too.

    # complexity: one term per kind of effect the keyword modules define, as in _play_score.
    def _keyword_value(
        self,
        st: GameState,
        me: int,
        action: Play,
        spec: AbilitySpec,
        user: Permanent,
        targets: list[Permanent],
    ) -> float:
        kinds = spec.kinds
        value = 0.0
        if spec.target == "ability":
            item = next((i for i in st.stack if i.seq in action.targets), None)
            worth = self._item_value(st, me, item)
            if negate.NAME in kinds:
                # Glossary: Negate: what the ability would have done does not happen.
                value += 1.0 - worth if worth < 0 else -5.0
            if "copy" in kinds:
                # Using the Stack, Copying: a duplicate, with its targets, under our control.
                value += worth + 0.5 if worth > 0 else -5.0
        if "switch" in kinds:
            value += self._switch_value(st, me, spec, user, targets)
        if warp.NAME in kinds and targets:
            # Glossary: Warp, a move to a spot adjacent to the target.
            before = self._position_score(st, me, user, None, None)
            best = max(
                (
                    self._position_score(st, me, user, s, None)
                    for s in arena.adjacent(targets[0].spot)
                ),
                default=before,
            )
            value += best - before - 0.5
        if sacrifice.NAME in kinds:
            value += sum(self._sacrifice_value(st, me, t) for t in targets)
        if madness.NAME in kinds:
            # Glossary: Madness, a card of the thoughts discarded at random.
            value += sum(1.0 if st.players[t.controller].thoughts else -1.0 for t in targets)
        if toss.NAME in kinds:
            # Glossary: Toss, the target lands around us, in reach of our attacks.
            value += sum(1.0 + (1.0 if t.hp <= 2 else 0.0) for t in targets if t.controller != me)
        if kinds & {"resurrect", replicate.NAME}:
            # A Replicate copies the permanent playing it; a Resurrect Beckon places its card.
            card = user.card if action.card in st.perms else st.setup.cards[action.card]
            copies = max((op.value for op in spec.effects if op.kind == replicate.NAME), default=1)
            value += copies * (3.0 + (card.hp or 0) * 0.5)
        if kinds & {create.NAME, build.NAME, trap.NAME}:
            value += self._placed_value(st.setup.specs[action.card])
        if death_touch.NAME in kinds:
            value += self._effect_value(st, me, spec, user, targets, {death_touch.NAME})
        if "rotate" in kinds:
            value += self._rotation_value(st, me, spec, user, targets)
        if push.NAME in kinds and not kinds & {"damage"}:
            value += self._push_value(st, me, user, targets)
        return value

    def _rotation_value(
        self, st: GameState, me: int, spec: AbilitySpec, user: Permanent, targets: list[Permanent]
    ) -> float:
        """Rotation by an ability (Navigating the Arena, Rotation as a Part of an Ability): ours
        is worth what the same turn in the move phase is (facing the enemy champion); theirs is
        worth most when it turns our champion out of its awareness. The rotating player chooses
        the way where the card does not say."""
        mine = st.perms[st.players[me].champion]
        value = 0.0
        for op in spec.effects:
            turned = user if op.who == "self" else (targets[0] if targets else None)
            if op.kind != "rotate" or turned is None:
                continue
            if op.who == "self" and has(st, turned, stun.NAME):
                return -5.0  # Glossary: Stun, it cannot rotate itself: the ability fails
            ways = (1, 3) if op.value == 0 else (op.value,)
            facings = [(turned.facing + way) % 4 for way in ways]
            if turned.controller == me:
                now = self._position_score(st, me, turned, None, None)
                best = max(self._position_score(st, me, turned, None, None, f) for f in facings)
                value += best - now
            else:
                awareness = turned.card.awareness
                sees = mine.spot in arena.seen_spots(awareness, turned.spot, turned.facing)
                blinded = any(
                    mine.spot not in arena.seen_spots(awareness, turned.spot, f) for f in facings
                )
                value += 3.0 if sees and blinded else 0.5
        return value

    def _push_value(
        self, st: GameState, me: int, user: Permanent, targets: list[Permanent]
    ) -> float:
        """Glossary: Push, one spot straight away from the user (Away): an enemy is worth pushing
        out of reach of our combatants (its awareness no longer on them; our champion counts
        most), and farther from our champion is better; ours pushed is the other way round, and
        a push the arena's edge or an occupied spot stops is wasted."""
        mine = st.perms[st.players[me].champion]
        ours = [p for p in st.perms.values() if p.controller == me and p.is_combatant]
        taken = occupied_mask(st)
        value = 0.0
        for t in targets:
            direction = arena.away_step(user.spot, t.spot)
            to = arena.step(t.spot, *direction) if direction is not None else None
            if to is None or taken >> to & 1:
                value -= 1.0
                continue
            side = 1.0 if t.controller != me else -1.0
            before = arena.seen_spots(t.card.awareness, t.spot, t.facing)
            after = arena.seen_spots(t.card.awareness, to, t.facing)
            freed = sum(
                3.0 if p.id == mine.id else 1.0
                for p in ours
                if p.spot in before and p.spot not in after
            )
            farther = arena.distance(to, mine.spot) - arena.distance(t.spot, mine.spot)
            value += side * (0.5 * farther + freed)
        return value

    def _effect_value(
        self,
        st: GameState,
        me: int,
        spec: AbilitySpec,
        user: Permanent | None,
        targets: list[Permanent],
        only: set[str] | None = None,
    ) -> float:
        """What `spec` resolving with `targets` is worth to `me`, whoever plays it: damage to our
        side is a loss, to theirs a gain; healing the other way round. With `only`, just the
        effects of those kinds."""
        enemy_champion = st.players[1 - me].champion
        value = 0.0
        for op in spec.effects:
            if only is not None and op.kind not in only:
                continue
            hit = _acted_on(st, spec, op, user, targets)
            amount = sum(op.values) or op.value or 1
            for perm in hit:
                side = 1.0 if perm.controller != me else -1.0
                weight = 3.0 if perm.id == enemy_champion or perm.is_champion else 1.0
                if op.kind == death_touch.NAME:
                    # Glossary: Death Touch [X], only a summon with X HP or less.
                    if perm.hp <= op.value and not perm.is_champion:
                        value += side * (2.0 + 0.5 * perm.hp)
                elif op.kind in ("damage", "drain", sacrifice.NAME, "lose_hp", "destroy"):
                    value += side * weight * amount
                elif op.kind == "rotate":
                    value += side * 0.5
                elif op.kind in ("ailment", fatigue.NAME, madness.NAME, toss.NAME, push.NAME):
                    value += side * 2.0
                elif op.kind in (heal.NAME, cure.NAME, "grant"):
                    value -= side * weight * amount * 0.5
        return value

    def _item_value(self, st: GameState, me: int, item: StackItem | None) -> float:
        if item is None or item.spec is None:
            return 0.0
        targets = (
            [st.perms[t] for t in item.targets if t in st.perms]
            if item.spec.target != "ability"
            else []
        )
        worth = self._effect_value(st, me, item.spec, st.perms.get(item.source), targets)
        if item.spec.kinds & {
            beckon.NAME,
            "resurrect",
            create.NAME,
            build.NAME,
            trap.NAME,
            "attach",
        }:
            # A card entering the arena: as much as its card is worth, to whoever controls it.
            worth += 3.0 if item.controller == me else -3.0
        return worth

    def _switch_value(
        self, st: GameState, me: int, spec: AbilitySpec, user: Permanent, targets: list[Permanent]
    ) -> float:
        """Decoy and Decoy Summon: closer to the enemy champion for ours, farther from our
        champion for theirs."""
        movers = (
            [user, *targets] if "user_and_target" in {op.who for op in spec.effects} else targets
        )
        if len(movers) != 2:
            return -1.0
        first, second = movers
        value = -0.5
        for perm, to in ((first, second.spot), (second, first.spot)):
            if perm.controller == me:
                value += self._position_score(st, me, perm, to, None) - self._position_score(
                    st, me, perm, None, None
                )
            else:
                mine = st.perms[st.players[me].champion]
                value += 0.5 * (
                    arena.distance(to, mine.spot) - arena.distance(perm.spot, mine.spot)
                )
        return value

    def _sacrifice_value(self, st: GameState, me: int, perm: Permanent) -> float:
        """An ally summon gone to the memories, not killed (Glossary: Sacrifice): worth it when
        it has next to no HP left (the enemy is denied the kill), or when it is spent: nothing
        of it is left to play or to happen but its spot, which a summon in the thoughts may
        want (a Beckon places next to the champion)."""
        if perm.controller != me:
            return -5.0  # only allies can be sacrificed
        spec = perm.spec
        spent = (
            not spec.own
            and not spec.continuous
            and all(t.trigger == "enters_arena" for t in spec.triggers)
        )
        if perm.hp <= 1 or spent:
            return 1.0
        return -0.3 * perm.hp

    def _arrival_value(self, st: GameState, me: int, placed: CardSpec, spot: int) -> float:
        """What the triggers of a card entering the arena on `spot` can do from there: the best
        target around it of each trigger that reaches around (Death Touch), with a kill worth
        more while a card in our thoughts waits for one."""
        value = 0.0
        for trigger in placed.triggers:
            if trigger.trigger != "enters_arena" or trigger.reach != "around":
                continue
            kill = next((op.value for op in trigger.effects if op.kind == death_touch.NAME), None)
            best = 0.0
            for perm in st.perms.values():
                if not arena.is_around(perm.spot, spot):
                    continue
                worth = self._effect_value(st, me, trigger, None, [perm])
                if kill is not None and perm.hp <= kill and self._waits_for_a_kill(st, me):
                    worth += 4.0
                best = max(best, worth)
            value += best
        return value

    @staticmethod
    def _waits_for_a_kill(st: GameState, me: int) -> bool:
        """Whether an ability in our thoughts can be played only once a summon has been killed
        this round (Resurrect Beckon, a condition) and none has been yet."""
        if st.killed_this_round:
            return False
        return any(
            "resurrect" in ability.kinds
            or any(c.test == "summon_killed_this_round" for c in ability.conditions)
            for cid in st.players[me].thoughts
            for ability in st.setup.specs[cid].abilities
        )

    @staticmethod
    def _placed_value(placed: CardSpec) -> float:
        """A created, built or trapped card: worth its other abilities. One whose conditions need
        counters that nothing of the card puts on it is worth little."""
        counts = any(
            op.kind in ("counter", "add_counter") for a in placed.abilities for op in a.effects
        )
        value = 1.0
        for ability in placed.abilities:
            if ability.kinds & {create.NAME, build.NAME, trap.NAME}:
                continue
            needs_counters = any(c.test == "counters" for c in ability.conditions)
            value += 0.2 if needs_counters and not counts else 0.5
        return value

    # complexity: one case per kind of pending choice (a Beckon's spot, a trigger's order or
    # target, a "may"), each a few lines.
    def _choose_score(self, st: GameState, me: int, action: Choose) -> float:
        pending = st.pending
        assert pending is not None  # a choose action answers the pending choice
        option = pending.options[action.option]
        if pending.kind == "may":
            return 1.0 if option == 1 and len(st.players[me].timeline) > 15 else 0.0
        if pending.kind == "beckon_spot":
            enemy = st.perms[st.players[1 - me].champion]
            spot = cast(int, option)
            score = float(-arena.distance(spot, enemy.spot))
            item = pending.item
            if item is not None and item.card is not None:
                score += self._arrival_value(st, me, st.setup.specs[item.card], spot)
            return score
        if pending.kind == "facing":
            # Face the enemy champion, as a champion closing in does.
            enemy = st.perms[st.players[1 - me].champion]
            champ = st.perms[st.players[me].champion]
            return 1.0 if option == arena.facing_towards(champ.spot, enemy.spot) else 0.0
        if pending.kind == "trigger_target":
            declared = cast("tuple[int, ...]", option)  # a declaration of targets
            targets = [st.perms[t] for t in declared if t in st.perms]
            item = pending.item
            if item is None or item.spec is None:
                return sum(
                    (3.0 if t.is_champion else 1.0) * (1 if t.controller != me else -1)
                    for t in targets
                )
            value = self._effect_value(st, me, item.spec, st.perms.get(item.source), targets)
            if self._waits_for_a_kill(st, me) and any(
                t.hp <= op.value
                for t in targets
                for op in item.spec.effects
                if op.kind == death_touch.NAME
            ):
                value += 4.0  # a summon killed: what waits for it in our thoughts may be played
            return value
        return -action.option  # trigger order: as listed


def _acted_on(
    st: GameState, spec: AbilitySpec, op: Op, user: Permanent | None, targets: list[Permanent]
) -> list[Permanent]:
    """Whom one step of `spec` acts on: its targets, every permanent of its `each` kind in its
    reach (card format, `each`), or its user."""
    if op.who == "target":
        return list(targets)
    if user is None:
        return []
    if op.who == EACH:
        return each_in_reach(st, spec, user, user.controller)
    return [user]
