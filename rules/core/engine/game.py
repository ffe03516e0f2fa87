"""Starting a game, the game log, and replaying a log to the identical state.

Core Rulebook 5.2, How to Start a Game: champions on the middle column of their back rows,
facing each other (Product decision › Arena); Aura and HP at their printed values; timelines
shuffled (here, by the seed); five cards each; then the first round, whose draw brings both
players to six cards before the first turn (Product decision › First round).
"""

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, TypedDict

from rules.core.cards import Card
from rules.core.formats import CORE, DEFAULT_FORMAT, Format, cite
from rules.core.match import PRODUCT

from . import arena
from .actions import (
    PASS_TEXT,
    Action,
    ActionJson,
    IllegalAction,
    Pass,
    action_from_json,
    action_text,
    action_to_json,
)
from .changes import with_card_facts
from .compiler import card_spec
from .decks import Deck, DeckRefused, deck_from_json, deck_problems
from .flow import advance, legal_actions, start_round, step
from .invariants import check_invariants
from .specs import CardSpec
from .stack import check_end, draw
from .state import SEATS, DeckJson, GameState, Permanent, Player, Seat, Setup

LOG_FORMAT = 1
# The version of the rules this engine plays, written in every game log. A log replays only on
# the engine version that recorded it: a change of rules changes what the same actions do.
# 1: until 2026-11-24. 2: card format version 2, shared spots, all turn-timed triggers,
# Immediate speed, durations until removed, Line of Sight along the awareness, the coin flip's
# winner choosing the lead. 3: issue 27's audit, 2026-11-28: Line of Sight stops on a blocker,
# Push never moves onto an occupied spot, a Sacrifice is no kill, a Heavy Attack printed Swift
# is swift, a spell's attack is an attack for Aerial and Spectral, and "until the end of the
# turn" ends with the round.
ENGINE_VERSION = 3


class LogVersionError(ValueError):
    """A game log recorded by another engine version, which this engine cannot replay."""


# Set to True (e.g. from a test or a debugging session) to assert the engine invariants after
# every `apply`; off by default because it costs more than the step itself.
CHECK_INVARIANTS = False
ROUND_CAP = 60  # Product decision › Round cap
ACTION_CAP = 50_000  # a second safety valve: steps (forced ones included) per game
OPENING_HAND = 5  # Core Rulebook 5.2, How to Start a Game

# The rule behind each way a game ends (GameResult.reason), cited where the game is shown.
ENDING_RULES: Mapping[str, str] = MappingProxyType(
    {
        "hp": cite(CORE, "Conditions for Winning the Game"),
        "timeline": cite(CORE, "Conditions for Winning the Game"),
        "both_lost": cite(PRODUCT, "Drawn games"),
        "round_cap": cite(PRODUCT, "Round cap"),
        # The second safety valve is the round cap's kind of decision (docs/engine.md, Flow).
        "action_cap": cite(PRODUCT, "Round cap"),
    }
)


def _seat_index(seat: int | str) -> int:
    if seat in (0, "a"):
        return 0
    if seat in (1, "b"):
        return 1
    raise ValueError(f"a seat is 'a' or 'b', not {seat!r}")


def coin_flip(seed: int) -> Seat:
    """The seat that wins the coin flip of the game seeded `seed` (How to Start a Game): the
    first draw of the game's random numbers, as new_game makes it."""
    return SEATS[random.Random(seed).randrange(2)]


def new_game(
    decks: Sequence[Deck],
    seed: int,
    *,
    leader: str | None = None,
    fmt: Format | None = DEFAULT_FORMAT,
    round_cap: int = ROUND_CAP,
    action_cap: int = ACTION_CAP,
    narrate: bool = False,
) -> GameState:
    """A new game between `decks` (seat a, seat b), shuffled by `seed`.

    `leader` is the leading player ("a" or "b"); None lets the seed's coin flip decide (How to
    Start a Game: its winner chooses, and the engine has it lead). A deck the engine cannot
    play, or whose timeline breaks `fmt`, is refused with DeckRefused before anything starts;
    `fmt` None skips the timeline check (hand-built decks). With `narrate` the engine tells
    what happens in GameState.events (Setup.narrate); a game played to be won needs only its
    log.
    """
    if len(decks) != 2:
        raise ValueError("a game needs exactly two decks")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an int, not {seed!r}")
    for name, deck in zip(SEATS, decks, strict=True):
        problems = _deck_problems(deck, fmt)
        if problems:
            raise DeckRefused(name, problems)
    rng = random.Random(seed)
    # The coin is always flipped, so that the shuffles below do not depend on whether the
    # leader was given (a replay gives it).
    coin = rng.randrange(2)
    lead = coin if leader is None else _seat_index(leader)

    cards: list[Card] = [decks[0].champion, decks[1].champion]
    owners = [0, 1]
    zones: list[tuple[list[int], list[int]]] = []
    for seat, deck in enumerate(decks):
        timeline = list(range(len(cards), len(cards) + len(deck.timeline)))
        cards += deck.timeline
        owners += [seat] * len(deck.timeline)
        subconscious = list(range(len(cards), len(cards) + len(deck.subconscious)))
        cards += deck.subconscious
        owners += [seat] * len(deck.subconscious)
        zones.append((timeline, subconscious))
    specs = _specs(cards)
    setup = with_card_facts(
        Setup(
            seed=seed,
            leader=lead,
            cards=tuple(cards),
            specs=specs,
            owners=tuple(owners),
            decks=(decks[0].as_json(), decks[1].as_json()),
            round_cap=round_cap,
            action_cap=action_cap,
            narrate=narrate,
        )
    )
    starts = ((arena.spot(2, 0), arena.NORTH), (arena.spot(2, arena.ROWS - 1), arena.SOUTH))
    st = blank_state(setup)
    for seat in (0, 1):
        champion = cards[seat]
        player = Player(seat, champion.aura or 0)
        timeline, subconscious = zones[seat]
        # How to Start a Game, step 4: both players shuffle their timelines.
        rng.shuffle(timeline)
        player.timeline = timeline
        player.subconscious = subconscious
        st.players.append(player)
        spot, facing = starts[seat]
        st.perms[seat] = Permanent(
            seat, champion, setup.specs[seat], seat, seat, spot, facing, champion.hp or 0
        )
    for seat in (0, 1):
        draw(st, seat, OPENING_HAND)
    if not check_end(st):
        start_round(st)
        advance(st)
    return st


# Answers for the card and deck objects of recent games, by identity: games are played again and
# again with the same decks (a match, a simulation, a benchmark), and looking a card up by value
# hashes the whole card. Each entry keeps its object, so that its id is not reused while it is
# remembered; the memory is emptied when it grows past REMEMBERED.
REMEMBERED = 4096
_SPECS: dict[int, tuple[Card, CardSpec]] = {}
_DECK_PROBLEMS: dict[tuple[int, int], tuple[Deck, Format | None, tuple[str, ...]]] = {}


def _specs(cards: Sequence[Card]) -> tuple[CardSpec, ...]:
    """Each card's compiled spec (rules.core.engine.compiler.card_spec), looked up by identity
    first."""
    specs = []
    for card in cards:
        known = _SPECS.get(id(card))
        if known is not None and known[0] is card:
            specs.append(known[1])
            continue
        if len(_SPECS) >= REMEMBERED:
            _SPECS.clear()
        spec = card_spec(card)
        _SPECS[id(card)] = (card, spec)
        specs.append(spec)
    return tuple(specs)


def _deck_problems(deck: Deck, fmt: Format | None) -> list[str]:
    """`deck_problems`, remembered for the same deck and format objects (both immutable)."""
    key = (id(deck), id(fmt))
    known = _DECK_PROBLEMS.get(key)
    if known is not None and known[0] is deck and known[1] is fmt:
        return list(known[2])
    if len(_DECK_PROBLEMS) >= REMEMBERED:
        _DECK_PROBLEMS.clear()
    problems = deck_problems(deck, fmt)
    _DECK_PROBLEMS[key] = (deck, fmt, tuple(problems))
    return problems


def blank_state(setup: Setup) -> GameState:
    """A state of `setup` before anything happened: no player, no permanent, nothing logged.
    Its maker puts the players and the champions in (new_game; rules.core.engine.scenario)."""
    st = GameState.__new__(GameState)
    st.setup = setup
    st.players = []
    st.perms = {}
    st.stack = []
    st.round = 0
    st.phase = "setup"
    st.turn_player = setup.leader
    st.active = None
    st.priority = setup.leader
    st.passes = 0
    st.moves = 0
    st.exert_paid = False
    st.pending = None
    st.queue = []
    st.seq = 0
    st.over = False
    st.winner = None
    st.reason = None
    st.log = None
    st.events = None
    st.decisions = 0
    st.killed_this_round = ()
    st.legal = None
    st.memo = None
    st.area_reach = 0  # the spots alterations' area modifiers reach (none yet)
    st.rosters = None
    st.frail = False
    return st


def apply(state: GameState, action: Action) -> GameState:
    """The state after `action`; `state` itself is not changed. IllegalAction when the action
    is not among `legal_actions(state)`."""
    if state.over:
        raise IllegalAction("the game is over")
    if action not in legal_actions(state):
        raise IllegalAction(f"{action!r} is not a legal action now ({state.phase})")
    new = state.copy()
    step(new, action)
    if CHECK_INVARIANTS:
        check_invariants(new)
    return new


def is_over(state: GameState) -> bool:
    return state.over


class GameResultJson(TypedDict):
    """GameResult.as_dict."""

    winner: Seat | None
    reason: str | None
    rounds: int
    over: bool


class GameLogJson(TypedDict):
    """GameLog.as_json: the game log as stored."""

    format: int
    engine: int
    seed: int
    leader: Seat
    decks: list[DeckJson]
    round_cap: int
    action_cap: int
    actions: list[ActionJson]
    result: dict[str, object]
    note: str | None


@dataclass(frozen=True)
class GameResult:
    """How a game ended. `winner` is "a", "b" or None (a drawn game); `reason` is "hp" (the
    loser's champion reached 0 HP), "timeline" (the loser's timeline ran out), "both_lost",
    "round_cap" or "action_cap" (the safety valves for automated games)."""

    winner: Seat | None
    reason: str | None
    rounds: int
    over: bool
    log: "GameLog | None" = field(default=None, compare=False, repr=False)
    state: GameState | None = field(default=None, compare=False, repr=False)

    def as_dict(self) -> GameResultJson:
        return {
            "winner": self.winner,
            "reason": self.reason,
            "rounds": self.rounds,
            "over": self.over,
        }


def result(state: GameState) -> GameResult:
    winner = None if state.winner is None else SEATS[state.winner]
    return GameResult(winner, state.reason, state.round, state.over, game_log(state), state)


@dataclass(frozen=True)
class GameLog:
    """Everything needed to rebuild a game: the seed, who led, the decks as written (before the
    seeded shuffle), the caps, and the actions taken (forced single choices are not logged:
    replaying takes them again). `result` is informative; replay recomputes it."""

    seed: int
    leader: Seat
    decks: tuple[DeckJson, DeckJson]
    actions: tuple[Action, ...]
    # As GameResult.as_dict when written by game_log; whatever a loaded log holds otherwise.
    result: dict[str, object]
    round_cap: int = ROUND_CAP
    action_cap: int = ACTION_CAP

    def as_json(self, with_actions: bool = True) -> GameLogJson:
        """The log as stored (`with_actions` False leaves the actions list empty: `dumps`)."""
        note = None
        if self.result.get("reason") == "round_cap":
            note = f"Unfinished after {self.round_cap} rounds: a draw by the round cap."
        return {
            "format": LOG_FORMAT,
            "engine": ENGINE_VERSION,
            "seed": self.seed,
            "leader": self.leader,
            "decks": list(self.decks),
            "round_cap": self.round_cap,
            "action_cap": self.action_cap,
            "actions": [action_to_json(a) for a in self.actions] if with_actions else [],
            "result": self.result,
            "note": note,
        }

    def dumps(self) -> str:
        """The log as JSON text, keys sorted: byte-for-byte stable for equal games.

        The text of json.dumps(self.as_json(), sort_keys=True, separators=(",", ":")), with
        the actions written by `action_text` (their dicts and sorting cost more than the rest
        of the log): with its keys sorted, the log's "actions" come right after "action_cap"
        and before every other key."""
        data: dict[str, object] = dict(self.as_json(with_actions=False))
        cap = data.pop("action_cap")
        del data["actions"]
        rest = json.dumps(data, sort_keys=True, separators=(",", ":"))
        # A pass, most of a log's actions, is written without a call.
        actions = ",".join([PASS_TEXT if type(a) is Pass else action_text(a) for a in self.actions])
        return f'{{"action_cap":{json.dumps(cap)},"actions":[{actions}],{rest[1:]}'

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "GameLog":
        if data.get("format") != LOG_FORMAT:
            raise ValueError(f"unknown game log format {data.get('format')!r}")
        recorded = data.get("engine", 1)  # logs before the version was written are version 1
        if recorded != ENGINE_VERSION:
            raise LogVersionError(
                f"This game was recorded by engine version {recorded}; this is engine version "
                f"{ENGINE_VERSION}, whose rules differ, so it cannot replay the game."
            )
        return cls(
            seed=int(data["seed"]),
            leader=data["leader"],
            decks=tuple(data["decks"]),
            actions=tuple(action_from_json(a) for a in data["actions"]),
            result=dict(data.get("result", {})),
            round_cap=int(data.get("round_cap", ROUND_CAP)),
            action_cap=int(data.get("action_cap", ACTION_CAP)),
        )

    @classmethod
    def loads(cls, text: str) -> "GameLog":
        return cls.from_json(json.loads(text))


def game_log(state: GameState) -> GameLog:
    setup = state.setup
    winner = None if state.winner is None else SEATS[state.winner]
    return GameLog(
        seed=setup.seed,
        leader=SEATS[setup.leader],
        decks=setup.decks,
        actions=tuple(state.actions_taken()),
        result={
            "winner": winner,
            "reason": state.reason,
            "rounds": state.round,
            "over": state.over,
        },
        round_cap=setup.round_cap,
        action_cap=setup.action_cap,
    )


def replay(
    log: GameLog, cards: Mapping[str, Card], upto: int | None = None, *, narrate: bool = False
) -> GameState:
    """Rebuild the game `log` records. `cards` maps name_key(name) to Card for every card the
    decks name. Raises IllegalAction if an action does not fit (a log from other card data).

    With `upto`, only the first `upto` logged actions are applied: the position a replay viewer
    shows at that step (0 is the first decision of the game). ValueError when the log has fewer
    actions. With `narrate`, GameState.events tells what happened (see `new_game`): the same
    story as the game's own, had it been told."""
    if upto is not None and not 0 <= upto <= len(log.actions):
        raise ValueError(f"step {upto} is outside the log (0 to {len(log.actions)})")
    decks = [deck_from_json(data, cards, seat) for seat, data in zip(SEATS, log.decks, strict=True)]
    state = new_game(
        decks,
        log.seed,
        leader=log.leader,
        fmt=None,
        round_cap=log.round_cap,
        action_cap=log.action_cap,
        narrate=narrate,
    )
    for action in log.actions[:upto]:
        if action not in legal_actions(state):
            raise IllegalAction(f"the log's action {action!r} is not legal at this point")
        step(state, action)
    return state


__all__ = [
    "DeckRefused",
    "GameLog",
    "GameResult",
    "apply",
    "game_log",
    "is_over",
    "new_game",
    "replay",
    "result",
]
