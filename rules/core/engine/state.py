"""The game state: the arena's permanents, each player's zones, the stack and where play is.

Core Rulebook 5.2, Play Space and Zones: thoughts, timeline, memories, subconscious and the
skill zone (here, a permanent's attached skills); the stack is not a zone but is held here too.

States are values to the outside world: `rules.core.engine.apply` copies a state before changing it,
so a state handed out is never changed. Inside, the classes are small mutable records with
`__slots__`, because the engine plays hundreds of games a second and copies must be cheap:
zones are lists of card ids, a permanent's effects and skills are tuples, and the stack holds
immutable items. Every physical card has an id for the whole game (champions are 0 and 1).
"""

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, TypedDict, TypeVar

from mypy_extensions import mypyc_attr

from rules.core.cards import Card, CardType

from . import arena
from .specs import AbilitySpec, CardSpec, Modifier

if TYPE_CHECKING:
    from .actions import Action

Seat = Literal["a", "b"]
SEATS: tuple[Seat, Seat] = ("a", "b")

# The card types, as names of this module: `CardType.SUMMON` is looked up through the Enum's
# metaclass at each use, some seven times the cost of a module's name, and the walks of the
# plays test a permanent's type at every priority (docs/benchmarks.md, session 18).
CHAMPION: Final = CardType.CHAMPION
SUMMON: Final = CardType.SUMMON
ALTERATION: Final = CardType.ALTERATION


class DeckJson(TypedDict, total=False):
    """A deck as the game log writes it (rules.core.engine.decks.Deck.as_json). Hand-built
    positions (rules.core.engine.scenario) log no decks: their entries are empty. Here, below
    the decks module, because the state keeps the log's decks and the decks module sits above
    the keyword rules that change the state."""

    champion: str
    timeline: list[str]
    subconscious: list[str]


# Where play is (rules.core.engine.flow names them); "setup" only before the first round.
Phase = Literal[
    "setup",
    "round_begin",
    "select",
    "turn_begin",
    "dash",
    "move",
    "main",
    "end_swift",
    "turn_end",
    "round_swift",
    "round_end",
    "over",
]
ItemKind = Literal["ability", "trigger", "decay"]
PendingKind = Literal[
    "beckon_spot",
    "facing",
    "element",
    "toss_spot",
    "warp_spot",
    "replicate_spot",
    "order",
    "trigger_target",
    "may",
]
# What a pending choice offers: a spot ("beckon_spot"), an index into the queue ("order"), 1 or
# 0 ("may"), or a declaration of targets ("trigger_target").
PendingOption = int | tuple[int, ...]

_T = TypeVar("_T")
# A linked list, newest first: (newest, rest), None when empty (see `_oldest_first`). The rest
# is another Chain[_T]; it is not written so because mypyc crashes on recursive type aliases
# (setup.py compiles the engine with it).
Chain = tuple[_T, Any] | None
# What happened, as the engine notes it: ("resolve", name, ...), ("damage", ...), ...
Event = tuple[object, ...]
# An ability of a card in the thoughts: (card id, the ability).
HandEntry = tuple[int, AbilitySpec]
# Player.hand: the swift abilities of the thoughts' distinct cards, and all of them.
Hand = tuple[tuple[HandEntry, ...], tuple[HandEntry, ...]]
# The board memo (rules.core.engine.queries): answers of many kinds under keys of many shapes,
# so its values are read into annotated variables where they are used.
Memo = dict[Hashable, Any]


# mypyc (setup.py) cannot compile a subclass of AssertionError to a native class.
@mypyc_attr(native_class=False)
class InvariantError(AssertionError):
    """A broken engine invariant: a bug, never a player's mistake."""


@dataclass(frozen=True)
class Setup:
    """What never changes during a game: the cards by id, their owners and the decks."""

    seed: int
    leader: int
    cards: tuple[Card, ...]
    specs: tuple[CardSpec, ...]
    owners: tuple[int, ...]
    decks: tuple[DeckJson, DeckJson]  # the decks as written in the log
    round_cap: int
    action_cap: int
    # The keywords the game's cards can put on a permanent (CardSpec.gives): one none of them
    # gives is never asked about (Fear, Dash, Decay, Grounded). None: not known, any may be.
    keywords: frozenset[str] | None = None
    # Whether Fear is among them: when it is not, no summon is ever feared and the walks of the
    # plays do not ask (Glossary: Fear); kept apart, as the walks read it at every priority.
    fear: bool = True
    # The moments the triggers of the game's cards happen at (AbilitySpec.trigger): a moment
    # none of them has queues nothing (rules.core.engine.changes.queue_event). None: not
    # known, every moment is looked at.
    moments: frozenset[str] | None = None
    # Whether the engine narrates the game in GameState.events (what was played, resolved,
    # dealt...). Only those who read the story ask for it (`simulate --json`'s tally of plays,
    # the tests of the rules): the log of actions is the game's record either way, and a replay
    # of the log with narration tells the same story. Telling it costs a random game about 4%
    # of its time (docs/benchmarks.md, session 18).
    narrate: bool = True


# Immutable as the frozen dataclasses are, but to the type checker (Final) rather than at run
# time: a frozen dataclass's fields can only be set through object.__setattr__, which made a
# stack item cost as much to make as a priority question (docs/benchmarks.md, session 18). Its
# copies share it (GameState.copy), so nothing changes it: `replace` makes a changed one.
@dataclass(unsafe_hash=True)
class StackItem:
    """One ability waiting on the stack (Core Rulebook 5.2, Using The Stack).

    `card` is the card put on the stack when it was played from the thoughts (None for an
    ability of a permanent already in the arena, which is only a token). `source` is the
    permanent playing the ability or whose trigger it is; `skill` the attached enchantment a
    skill's trigger comes from. `seq` orders resolutions (prevention applies in that order).
    """

    # Their defaults are __init__'s: a Final field with a value in the class body would be a
    # constant of the class.
    seq: Final[int]
    controller: Final[int]
    spec: Final[AbilitySpec | None]  # None for decay
    source: Final[int]
    card: Final[int | None]
    targets: Final[tuple[int, ...]]
    skill: Final[int | None]
    kind: Final[ItemKind]
    value: Final[int]

    # Written out (the dataclass keeps a class's own __init__): compiled by mypyc (setup.py), it
    # sets the fields directly, where the one dataclasses generates stays Python and made a
    # stack item cost a tenth of a compiled game (docs/benchmarks.md, session 13).
    def __init__(
        self,
        seq: int,
        controller: int,
        spec: AbilitySpec | None,
        source: int,
        card: int | None = None,
        targets: tuple[int, ...] = (),
        skill: int | None = None,
        kind: ItemKind = "ability",
        value: int = 0,
    ) -> None:
        self.seq = seq
        self.controller = controller
        self.spec = spec
        self.source = source
        self.card = card
        self.targets = targets
        self.skill = skill
        self.kind = kind
        self.value = value


@dataclass(frozen=True)
class Pending:
    """A choice the engine waits for: `player` picks one of `options`."""

    player: int
    kind: PendingKind
    options: tuple[PendingOption, ...]
    item: StackItem | None = None


class Permanent:
    """A champion, summon or alteration in the arena (Permanents in the Arena)."""

    __slots__ = (
        "id",
        "card",
        "spec",
        "owner",
        "controller",
        "spot",
        "facing",
        "hp",
        "exerted",
        "effects",
        "skills",
        "entered_round",
        "shares",
        "counters",
    )

    id: int
    card: Card
    spec: CardSpec
    owner: int
    controller: int
    spot: int
    facing: int
    hp: int
    exerted: bool
    effects: tuple[Modifier, ...]
    skills: tuple[int, ...]
    entered_round: int
    shares: bool
    counters: int

    def __init__(
        self,
        id: int,
        card: Card,
        spec: CardSpec,
        owner: int,
        controller: int,
        spot: int,
        facing: int,
        hp: int,
        entered_round: int = 0,
    ) -> None:
        self.id = id
        self.card = card
        self.spec = spec
        self.owner = owner
        self.controller = controller
        self.spot = spot
        self.facing = facing
        self.hp = hp
        self.exerted = False
        # Effects put on it, as Modifiers (keyword, value, specific, seq, duration); duration
        # "turn", "round" or None (until removed). Ailments and granted keywords both live here.
        self.effects = ()
        self.skills = ()  # attached enchantments (its owner's skill zone)
        self.entered_round = entered_round
        # Whether it may share its spot with an occupant that was there first: it came there by
        # a place effect (entering the arena is one) or a switch, or moved there with Flight or
        # Tiny. Only the invariant check reads it.
        self.shares = True
        self.counters = 0  # Glossary: Count and Break

    # Unpickling passes these to __new__: compiled by mypyc (setup.py), __new__ runs __init__.
    def __getnewargs__(self) -> tuple[int, Card, CardSpec, int, int, int, int, int]:
        return (
            self.id,
            self.card,
            self.spec,
            self.owner,
            self.controller,
            self.spot,
            self.facing,
            self.hp,
        )

    def copy(self) -> "Permanent":
        # Made by the constructor, not Permanent.__new__: compiled by mypyc (setup.py), __new__
        # runs __init__ and wants its arguments.
        other = Permanent(*self.__getnewargs__(), self.entered_round)
        other.exerted = self.exerted
        other.effects = self.effects
        other.skills = self.skills
        other.shares = self.shares
        other.counters = self.counters
        return other

    @property
    def is_champion(self) -> bool:
        return self.card.type is CHAMPION

    @property
    def is_combatant(self) -> bool:
        return self.card.type is not ALTERATION

    def __repr__(self) -> str:
        return f"<{self.card.name} #{self.id} hp={self.hp} at {self.spot}>"


class Player:
    """One player's zones and Aura. The top of the timeline is the end of its list."""

    __slots__ = (
        "thoughts",
        "timeline",
        "memories",
        "subconscious",
        "aura",
        "champion",
        "hand",
        "serial",
    )

    thoughts: list[int]
    timeline: list[int]
    memories: list[int]
    subconscious: list[int]
    aura: int
    champion: int
    hand: Hand | None
    serial: int

    def __init__(self, champion: int, aura: int) -> None:
        self.champion = champion
        self.aura = aura
        # The abilities of the thoughts' distinct cards, remembered until the thoughts change:
        # whatever changes the thoughts sets `hand` to None and counts up `serial`.
        self.hand = None
        self.serial = 0
        self.thoughts = []
        self.timeline = []
        self.memories = []
        self.subconscious = []

    # Unpickling passes these to __new__ (see Permanent.__getnewargs__).
    def __getnewargs__(self) -> tuple[int, int]:
        return self.champion, self.aura

    def copy(self) -> "Player":
        other = Player(self.champion, self.aura)  # not Player.__new__ (see Permanent.copy)
        other.thoughts = list(self.thoughts)
        other.timeline = list(self.timeline)
        other.memories = list(self.memories)
        other.subconscious = list(self.subconscious)
        other.hand = self.hand
        other.serial = self.serial
        return other


# GameState's fields, which pickling reads back by name: a class compiled by mypyc (setup.py)
# has no __slots__ attribute to read them from.
_STATE_FIELDS = (
    "setup",
    "players",
    "perms",
    "stack",
    "round",
    "phase",
    "turn_player",
    "active",
    "priority",
    "passes",
    "moves",
    "exert_paid",
    "pending",
    "queue",
    "seq",
    "over",
    "winner",
    "reason",
    "log",
    "events",
    "decisions",
    "killed_this_round",
    "legal",
    "memo",
    "area_reach",
    "rosters",
    "frail",
)


class GameState:
    """One moment of a game. Read it freely; change it only through rules.core.engine.apply."""

    __slots__ = _STATE_FIELDS

    setup: Setup
    players: list[Player]
    perms: dict[int, Permanent]
    stack: list[StackItem]
    round: int
    phase: Phase
    turn_player: int
    active: int | None
    priority: int
    passes: int
    moves: int
    exert_paid: bool
    pending: Pending | None
    queue: list[StackItem]
    seq: int
    over: bool
    winner: int | None
    reason: str | None
    log: "Chain[Action]"
    events: Chain[Event]
    decisions: int
    killed_this_round: tuple[int, ...]
    legal: "tuple[Action, ...] | None"
    memo: Memo | None
    # The spots the alterations' area modifiers reach (queries.area_reach_now), as a bitmask,
    # kept as such permanents enter, leave and move: a permanent on no such spot has only its
    # printed modifiers (with no skill and no effect), which the engine reads without the memo.
    area_reach: int
    # Each player's permanents that have abilities of their own to play, in the arena's order
    # (rules.core.engine.flow), remembered until a permanent enters or leaves the arena.
    rosters: tuple[tuple[Permanent, ...], tuple[Permanent, ...]] | None
    # Whether a permanent may stand at 0 HP that no damage removed (one entered so), or the
    # game may be over unchecked (a champion at 0 HP, an empty timeline): every loss of HP
    # looks for the dead at once, so a resolution's end looks again, and checks the game's
    # end (rules.core.engine.stack.finish), only when this is set.
    frail: bool

    def copy(self) -> "GameState":
        other = GameState.__new__(GameState)
        other.setup = self.setup
        other.players = [p.copy() for p in self.players]
        other.perms = {k: p.copy() for k, p in self.perms.items()}
        other.stack = list(self.stack)
        other.round = self.round
        other.phase = self.phase
        other.turn_player = self.turn_player
        other.active = self.active
        other.priority = self.priority
        other.passes = self.passes
        other.moves = self.moves
        other.exert_paid = self.exert_paid
        other.pending = self.pending
        other.queue = list(self.queue)
        other.seq = self.seq
        other.over = self.over
        other.winner = self.winner
        other.reason = self.reason
        other.log = self.log
        other.events = self.events
        other.decisions = self.decisions
        other.killed_this_round = self.killed_this_round
        other.legal = self.legal
        other.memo = None
        other.area_reach = self.area_reach
        other.rosters = None  # its permanents are copies
        other.frail = self.frail
        return other

    # The log and the events are linked tuples ((newest, rest)) so that copying a state costs
    # nothing for them; pickling flattens them (a long chain would exceed pickle's recursion).
    def __getstate__(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in _STATE_FIELDS}
        data["log"] = self.actions_taken()
        data["events"] = _oldest_first(self.events)
        data["memo"] = None
        data["rosters"] = None
        data["legal"] = None
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        # The chains are rebuilt first: compiled (setup.py), a field takes only its own type.
        data = {
            "rosters": None,  # not in states pickled before it was kept
            "frail": True,  # nor this: such a state looks for the dead as it used to
            # nor this: every spot may be reached, so modifiers are always worked out in full
            "area_reach": arena.ALL_MASK,
            **data,
            "log": _chain(data["log"]),
            "events": _chain(data["events"]),
        }
        for name in _STATE_FIELDS:
            setattr(self, name, data[name])

    # --- reading ----------------------------------------------------------------------------

    @property
    def leader(self) -> int:
        return self.setup.leader

    def card(self, card_id: int) -> Card:
        return self.setup.cards[card_id]

    def champion(self, player: int) -> Permanent:
        return self.perms[self.players[player].champion]

    def permanents_at(self, spot: int) -> list[Permanent]:
        return [p for p in self.perms.values() if p.spot == spot]

    def actions_taken(self) -> "list[Action]":
        """The logged actions, oldest first."""
        return _oldest_first(self.log)

    def event_list(self) -> list[Event]:
        """What happened, oldest first: ("resolve", name, ...), ("damage", ...), ...

        ValueError for a game that does not narrate (Setup.narrate), rather than an empty list
        that would read as "nothing happened"."""
        if not self.setup.narrate:
            raise ValueError(
                "this game was played without narration: play it, or replay its log, with "
                "narrate=True to read what happened"
            )
        return _oldest_first(self.events)

    def card_count(self) -> int:
        """Cards in every zone, the arena, skill zones and on the stack (champions excluded)."""
        total = 0
        for p in self.players:
            total += len(p.thoughts) + len(p.timeline) + len(p.memories) + len(p.subconscious)
        for perm in self.perms.values():
            total += len(perm.skills) + (not perm.is_champion)
        total += sum(1 for item in self.stack if item.card is not None)
        if self.pending is not None and self.pending.item is not None:
            total += self.pending.item.card is not None
        return total

    def __repr__(self) -> str:
        return (
            f"<GameState round={self.round} phase={self.phase} priority={SEATS[self.priority]} "
            f"over={self.over} winner={self.winner}>"
        )


def _chain(items: list[_T]) -> Chain[_T]:
    node: Chain[_T] = None
    for item in items:
        node = (item, node)
    return node


# The snapshot's shape. A card in a zone is [id, name].
ZoneEntry = list[int | str]


class PlayerSnapshot(TypedDict):
    seat: Seat
    aura: int
    thoughts: list[ZoneEntry]
    timeline: list[ZoneEntry]
    memories: list[ZoneEntry]
    subconscious: list[ZoneEntry]


class PermanentSnapshot(TypedDict):
    id: int
    card: str
    owner: Seat
    controller: Seat
    spot: int
    facing: int
    hp: int
    exerted: bool
    counters: int
    effects: list[list[object]]  # each a Modifier as a list
    skills: list[ZoneEntry]


class StackItemSnapshot(TypedDict):
    controller: Seat
    ability: str | None
    kind: ItemKind
    source: int
    card: int | None
    targets: list[int]


class PendingSnapshot(TypedDict):
    player: Seat
    kind: PendingKind
    options: list[int | list[int]]


class Snapshot(TypedDict):
    round: int
    phase: Phase
    leader: Seat
    turn_player: Seat
    active: int | None
    priority: Seat
    passes: int
    moves: int
    over: bool
    winner: Seat | None
    reason: str | None
    players: list[PlayerSnapshot]
    arena: list[PermanentSnapshot]
    stack: list[StackItemSnapshot]
    queue: int
    pending: PendingSnapshot | None


def snapshot(state: GameState) -> Snapshot:
    """The whole state as plain JSON-able values (hidden zones included): for comparing states,
    storing a position, or showing it. Two states with equal snapshots play on identically."""
    cards = state.setup.cards

    def zone(ids: list[int]) -> list[ZoneEntry]:
        return [[i, cards[i].name] for i in ids]

    return {
        "round": state.round,
        "phase": state.phase,
        "leader": SEATS[state.setup.leader],
        "turn_player": SEATS[state.turn_player],
        "active": state.active,
        "priority": SEATS[state.priority],
        "passes": state.passes,
        "moves": state.moves,
        "over": state.over,
        "winner": None if state.winner is None else SEATS[state.winner],
        "reason": state.reason,
        "players": [
            {
                "seat": SEATS[index],
                "aura": p.aura,
                "thoughts": zone(p.thoughts),
                "timeline": zone(p.timeline),
                "memories": zone(p.memories),
                "subconscious": zone(p.subconscious),
            }
            for index, p in enumerate(state.players)
        ],
        "arena": [
            {
                "id": perm.id,
                "card": perm.card.name,
                "owner": SEATS[perm.owner],
                "controller": SEATS[perm.controller],
                "spot": perm.spot,
                "facing": perm.facing,
                "hp": perm.hp,
                "exerted": perm.exerted,
                "counters": perm.counters,
                "effects": [list(e) for e in perm.effects],
                "skills": zone(list(perm.skills)),
            }
            for perm in state.perms.values()
        ],
        "stack": [
            {
                "controller": SEATS[item.controller],
                "ability": None
                if item.spec is None
                else f"{item.spec.card_name}: {item.spec.name}",
                "kind": item.kind,
                "source": item.source,
                "card": item.card,
                "targets": list(item.targets),
            }
            for item in state.stack
        ],
        "queue": len(state.queue),
        "pending": None
        if state.pending is None
        else {
            "player": SEATS[state.pending.player],
            "kind": state.pending.kind,
            "options": [list(o) if isinstance(o, tuple) else o for o in state.pending.options],
        },
    }


def _oldest_first(node: Chain[_T]) -> list[_T]:
    """The items of a (newest, rest) linked list, oldest first. The log and the events are kept
    as such lists so that copying a state shares them instead of copying them."""
    found: list[_T] = []
    while node is not None:
        item, node = node
        found.append(item)
    found.reverse()
    return found
