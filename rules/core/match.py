"""The best-of-N match protocol: who leads each game, lock and show between games, and how a
match ends (enough game wins, time, or concession).

A match is played under `MatchRules`, which come from the event (and its format): how many games
(best of N), whether the players sideboard between games (the lock and show step) and whether a
swap must keep the same total Chi (Genesis) or only the same number of cards. The defaults are
Genesis's: best of three, lock and show, equal Chi, the loser of the previous game chooses who
leads. Other games' matches use the same procedure with their own settings (docs/match-protocol.md).

A match is an immutable `MatchState`. Every player action is a pure function that returns the
next state, or raises `ProtocolError` with a stable code when the action is out of turn or breaks
a rule; broken invariants are assertions or `ValueError`, never a `ProtocolError`. The coin flip
for game 1 comes from the seed, so a match replays exactly from its decks, seed and event log.

Core Rulebook 5.2: How to Start a Game, The Forethoughts Explained, Lock and Show, The Process
for Lock and Show. Where the rulebook is silent the product decides; each such decision is cited
as `Product decision › <heading>` and explained under that heading in docs/match-protocol.md.
"""

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Literal, NotRequired, TypedDict

from .cards import Card
from .decklist import (
    DeckEntry,
    Decklist,
    DecklistError,
    DecklistJSON,
    decklist_from_json,
    decklist_to_json,
    name_key,
    tally,
)
from .formats import CORE, cite

Seat = Literal["a", "b"]
SEATS: tuple[Seat, Seat] = ("a", "b")
WINS_NEEDED = 2  # best of three: Genesis matches, and the default
FORMAT_VERSION = 1  # of `as_dict`; bump it when the stored shape changes

PRODUCT = "Product decision"
START_RULE = cite(CORE, "How to Start a Game")
LOCK_RULE = cite(CORE, "The Process for Lock and Show")
SKIP_RULE = cite(CORE, "Lock and Show")
FORETHOUGHTS_RULE = cite(CORE, "The Forethoughts Explained")
LEAD_RULE = cite(PRODUCT, "Who leads")
DRAWN_GAME_RULE = cite(PRODUCT, "Drawn games")
TIME_RULE = cite(PRODUCT, "Time")
TOP_CUT_RULE = cite(PRODUCT, "Top cut")
CONCESSION_RULE = cite(PRODUCT, "Concession")
ORDER_RULE = cite(PRODUCT, "Order between games")
PENALTY_RULE = cite(PRODUCT, "Penalties")
MAX_DRAWS = 3  # more drawn games than this in one best of three is not a real result
MAX_BEST_OF = 7
RULES_RULE = cite(PRODUCT, "Match settings")


class LeadRule(StrEnum):
    """Who chooses whether to lead each game."""

    # Core Rulebook 5.2, How to Start a Game: a coin flip for game 1, then the loser of the
    # previous game chooses (Product decision › Who leads).
    LOSER_CHOOSES = "loser_chooses"
    # A new coin flip before every game: the only rule a source gives for games without a
    # tournament document (Grand Archive: "any random method" for the first player).
    RANDOM_EACH_GAME = "random_each_game"


@dataclass(frozen=True)
class MatchRules:
    """An event's match settings. `sideboarding` False: no lock and show between games.
    `equal_chi` False: a swap keeps only the number of cards (games without Chi).
    `deck`/`reserve` are the players' words for the two piles a swap moves cards between."""

    best_of: int = 3
    sideboarding: bool = True
    equal_chi: bool = True
    lead: LeadRule = LeadRule.LOSER_CHOOSES
    deck: str = "timeline"
    reserve: str = "forethoughts"

    def __post_init__(self) -> None:
        if (
            not isinstance(self.best_of, int)
            or isinstance(self.best_of, bool)
            or not 1 <= self.best_of <= MAX_BEST_OF
            or self.best_of % 2 == 0
        ):
            raise ValueError(f"best_of must be an odd number from 1 to {MAX_BEST_OF}.")
        object.__setattr__(self, "lead", LeadRule(self.lead))

    @property
    def wins_needed(self) -> int:
        return self.best_of // 2 + 1

    @property
    def max_draws(self) -> int:
        # Three drawn games in a best of three, as before; N in a best of N.
        return max(self.best_of, MAX_DRAWS)

    @property
    def is_default(self) -> bool:
        return self == GENESIS_RULES

    def as_dict(self) -> dict[str, Any]:
        return {
            "best_of": self.best_of,
            "sideboarding": self.sideboarding,
            "equal_chi": self.equal_chi,
            "lead": str(self.lead),
            "deck": self.deck,
            "reserve": self.reserve,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "MatchRules":
        return cls(
            best_of=data["best_of"],
            sideboarding=bool(data["sideboarding"]),
            equal_chi=bool(data["equal_chi"]),
            lead=LeadRule(data["lead"]),
            deck=str(data["deck"]),
            reserve=str(data["reserve"]),
        )


GENESIS_RULES = MatchRules()


def wins_words(wins: int) -> str:
    return {1: "one game win", 2: "two game wins", 3: "three game wins"}.get(
        wins, f"{wins} game wins"
    )


class Phase(StrEnum):
    CHOOSING_LEAD = "choosing_lead"  # a player chooses whether to lead the next game
    LOCKING = "locking"  # lock and show before game 2 and later
    PLAYING = "playing"  # a game is under way; its result is awaited
    OVER = "over"


class Code(StrEnum):
    """Refusal codes. They are an API: add new ones, never rename or reuse one."""

    NOT_YOUR_TURN_TO_LOCK = "not_your_turn_to_lock"
    ALREADY_LOCKED = "already_locked"
    SWAP_COUNT_MISMATCH = "swap_count_mismatch"
    SWAP_CHI_MISMATCH = "swap_chi_mismatch"
    CARD_NOT_IN_FORETHOUGHTS = "card_not_in_forethoughts"
    CARD_NOT_IN_TIMELINE = "card_not_in_timeline"
    INVALID_SWAP = "invalid_swap"
    NO_FORETHOUGHTS = "no_forethoughts"
    NOT_BETWEEN_GAMES = "not_between_games"
    LEAD_NOT_CHOSEN = "lead_not_chosen"
    NO_CHOICE_PENDING = "no_choice_pending"
    CHOICE_NOT_YOURS = "choice_not_yours"
    INVALID_CHOICE = "invalid_choice"
    NOT_PLAYING = "not_playing"
    INVALID_REPORT = "invalid_report"
    NO_TIME_LIMIT = "no_time_limit"
    MATCH_OVER = "match_over"
    NO_SIDEBOARDING = "no_sideboarding"
    INVALID_SEAT = "invalid_seat"
    INVALID_RESULT = "invalid_result"
    NO_CHANGE = "no_change"


class GameEnding(StrEnum):
    PLAYED = "played"  # reported by the players: a win or a drawn game
    CONCEDED = "conceded"
    TIME = "time"  # unfinished when time was called: a drawn game
    PENALTY = "penalty"  # a game loss given by a judge
    REPORTED = "reported"  # part of a whole-match result, entered without its games


class MatchEnding(StrEnum):
    TWO_WINS = "two_wins"  # the wins a best of N needs (kept as "two_wins": a stored value)
    TIME = "time"
    CONCESSION = "concession"
    REPORTED = "reported"  # a whole-match result: agreed by both players or entered by a judge
    PENALTY = "penalty"  # a match loss (or disqualification) given by a judge


class ProtocolErrorDict(TypedDict):
    code: str
    message: str
    rule: str


class ProtocolError(Exception):
    """An expected refusal: an action out of turn or against the rules. Nothing changed.

    `code` is stable (see `Code`), `message` is plain English for the player, and `rule` names
    the rulebook section or product decision being enforced.
    """

    def __init__(self, code: Code, message: str, rule: str = "") -> None:
        self.code = Code(code)
        self.message = message
        self.rule = rule
        super().__init__(f"{self.code}: {message}")

    def as_dict(self) -> ProtocolErrorDict:
        return {"code": str(self.code), "message": self.message, "rule": self.rule}


# --- values ------------------------------------------------------------------------------------


# "in" is a keyword, hence the functional form.
SwapDict = TypedDict("SwapDict", {"out": list[str], "in": list[str], "skipped": bool})


@dataclass(frozen=True)
class Swap:
    """One player's lock: the cards leaving the timeline and those coming in from the
    forethoughts, in the names the player registered. `skipped` marks the automatic empty lock
    of a player who has no forethoughts."""

    out: tuple[str, ...] = ()
    in_: tuple[str, ...] = ()
    skipped: bool = False

    def as_dict(self) -> SwapDict:
        return {"out": list(self.out), "in": list(self.in_), "skipped": self.skipped}


class GameDict(TypedDict):
    number: int
    chooser: Seat | None
    leader: Seat | None
    winner: Seat | None
    ending: str


@dataclass(frozen=True)
class Game:
    """A finished game. `winner` None is a drawn game. `chooser` is who chose (or was to choose)
    the lead; `leader` is None when the game was conceded before anyone chose."""

    number: int
    chooser: Seat | None
    leader: Seat | None
    winner: Seat | None
    ending: GameEnding

    def as_dict(self) -> GameDict:
        return {
            "number": self.number,
            "chooser": self.chooser,
            "leader": self.leader,
            "winner": self.winner,
            "ending": str(self.ending),
        }


@dataclass(frozen=True)
class Side:
    """One player's cards. `registered` is the list they entered the event with (repeated names
    merged); `current` is what they play the next game with, after lock and show."""

    registered: Decklist
    current: Decklist

    @property
    def has_forethoughts(self) -> bool:
        return bool(self.current.forethoughts)


# Events. The five actions are what players (or bots) do; `CoinFlip` and `Show` are what the
# protocol itself records, so the log reads as the whole story of the match.


@dataclass(frozen=True)
class ChooseLead:
    seat: Seat
    lead: bool


@dataclass(frozen=True)
class ReportGame:
    winner: Seat | None


@dataclass(frozen=True)
class Lock:
    seat: Seat
    out: tuple[str, ...] = ()
    in_: tuple[str, ...] = ()


@dataclass(frozen=True)
class CallTime:
    pass


@dataclass(frozen=True)
class Concede:
    seat: Seat
    match: bool


@dataclass(frozen=True)
class Settle:
    """A whole-match result, without its games: both players' agreed report, or a judge's entry
    or correction (which may replace an earlier result)."""

    a_wins: int
    b_wins: int
    draws: int


@dataclass(frozen=True)
class GameLoss:
    """A judge's penalty: `seat` loses the current game (or, between games, the next one)."""

    seat: Seat


@dataclass(frozen=True)
class MatchLoss:
    """A judge's penalty: `seat` loses the match 0-2, whatever the score was."""

    seat: Seat


@dataclass(frozen=True)
class CoinFlip:
    winner: Seat


@dataclass(frozen=True)
class Show:
    game: int
    a: Swap
    b: Swap


Action = ChooseLead | ReportGame | Lock | CallTime | Concede | Settle | GameLoss | MatchLoss
Event = Action | CoinFlip | Show


@dataclass(frozen=True)
class MatchState:
    """Everything about one match. Change it only through the functions of this module."""

    sides: tuple[Side, Side]
    chi: tuple[tuple[str, int], ...]  # (name_key, Chi) for every card either player may swap
    seed: int
    top_cut: bool
    coin_winner: Seat
    phase: Phase
    games: tuple[Game, ...] = ()
    chooser: Seat | None = None  # who chooses (or chose) the lead of the next/current game
    leader: Seat | None = None  # the leading player of the current game, once chosen
    first_locker: Seat | None = None  # who locks first in this lock and show
    locks: tuple[Swap | None, Swap | None] = (None, None)
    ending: MatchEnding | None = None
    log: tuple[Event, ...] = ()
    rules: MatchRules = GENESIS_RULES
    # How messages name the players. Not stored: the caller gives the names it knows now
    # (`with_names`), so a renamed account is never named by its old name.
    names: tuple[str, str] = ("Player A", "Player B")

    def side(self, seat: Seat) -> Side:
        return self.sides[_index(seat)]

    @property
    def game_number(self) -> int:
        """The game being set up or played (after the match ends: the number of games)."""
        return len(self.games) + (self.phase is not Phase.OVER)


class ResultDict(TypedDict):
    a_wins: int
    b_wins: int
    draws: int
    winner: Seat | None
    over: bool
    ending: str | None


@dataclass(frozen=True)
class Result:
    """The score so far. `winner` is None until the match is over, and after a drawn match."""

    a_wins: int
    b_wins: int
    draws: int
    winner: Seat | None
    over: bool
    ending: MatchEnding | None

    @property
    def is_draw(self) -> bool:
        return self.over and self.winner is None

    def as_dict(self) -> ResultDict:
        return {
            "a_wins": self.a_wins,
            "b_wins": self.b_wins,
            "draws": self.draws,
            "winner": self.winner,
            "over": self.over,
            "ending": None if self.ending is None else str(self.ending),
        }


# --- small helpers -----------------------------------------------------------------------------


def other(seat: Seat) -> Seat:
    return "b" if seat == "a" else "a"


def _index(seat: object) -> int:
    if seat == "a":
        return 0
    if seat == "b":
        return 1
    raise ProtocolError(Code.INVALID_SEAT, f"There is no seat {_shown(seat)}; seats are a and b.")


def _name(state: MatchState, seat: Seat) -> str:
    return state.names[_index(seat)]


def with_names(state: MatchState, a: str, b: str) -> MatchState:
    """The same match, with messages naming the players `a` and `b` (display names)."""
    return replace(state, names=(a, b))


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _copies(count: int) -> str:
    return "1 copy" if count == 1 else f"{count} copies"


def _wins(games: Iterable[Game], seat: Seat) -> int:
    return sum(game.winner == seat for game in games)


def _pool(entries: Iterable[DeckEntry]) -> Counter[str]:
    """name_key -> copies."""
    return Counter({key: count for key, (_, count) in tally(entries).items()})


def _catalogue(registered: Decklist) -> dict[str, str]:
    """name_key -> registered name, timeline cards first, in the order they were written."""
    names: dict[str, str] = {}
    for entry in (*registered.timeline, *registered.forethoughts):
        names.setdefault(name_key(entry.name), entry.name)
    return names


def _merged(entries: Iterable[DeckEntry], what: str) -> tuple[DeckEntry, ...]:
    entries = tuple(entries)
    for entry in entries:
        if not isinstance(entry.count, int) or isinstance(entry.count, bool) or entry.count < 1:
            raise ValueError(f"{what}: {entry.name!r} has count {entry.count!r}; need >= 1.")
    return tuple(DeckEntry(count, name) for name, count in tally(entries).values())


def _canonical(deck: Decklist, what: str) -> Decklist:
    if not isinstance(deck, Decklist):
        raise ValueError(f"{what} must be a Decklist, not {type(deck).__name__}.")
    return Decklist(
        champion=deck.champion,
        timeline=_merged(deck.timeline, f"{what} timeline"),
        forethoughts=_merged(deck.forethoughts, f"{what} forethoughts"),
        subconscious=_merged(deck.subconscious, f"{what} subconscious"),
    )


def _with_pools(side: Side, timeline: Counter[str], forethoughts: Counter[str]) -> Side:
    names = _catalogue(side.registered)

    def entries(pool: Counter[str]) -> tuple[DeckEntry, ...]:
        assert set(+pool) <= set(names), "a card appeared that neither list registered"
        return tuple(DeckEntry(pool[key], name) for key, name in names.items() if pool[key] > 0)

    current = replace(side.current, timeline=entries(timeline), forethoughts=entries(forethoughts))
    return replace(side, current=current)


def chi_table(cards: Iterable[Card]) -> dict[str, int]:
    """name_key -> Chi for every non-champion card, the `chi` argument of `new_match`."""
    return {name_key(card.name): card.chi for card in cards if card.chi is not None}


# --- starting a match --------------------------------------------------------------------------


def new_match(
    deck_a: Decklist,
    deck_b: Decklist,
    chi: Mapping[str, int],
    seed: int,
    top_cut: bool = False,
    rules: MatchRules = GENESIS_RULES,
) -> MatchState:
    """A match between two registered decklists, validated beforehand (rules.core.timeline).

    `chi` maps card names (any spelling; matched with name_key) to Chi and must cover every
    timeline and forethoughts card. The seeded coin flip decides who chooses the lead of game 1.
    Bad arguments are the caller's mistake and raise ValueError.
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an int, not {seed!r}.")
    if not isinstance(top_cut, bool):
        raise ValueError(f"top_cut must be a bool, not {top_cut!r}.")
    if not isinstance(rules, MatchRules):
        raise ValueError(f"rules must be MatchRules, not {rules!r}.")
    decks = (_canonical(deck_a, "deck_a"), _canonical(deck_b, "deck_b"))

    table: dict[str, int] = {}
    for name, value in chi.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"Chi of {name!r} must be a whole number >= 0, not {value!r}.")
        key = name_key(name)
        if table.setdefault(key, value) != value:
            raise ValueError(f"Chi of {name!r} is given twice, as {table[key]} and {value}.")
    needed = {key for deck in decks for key in _catalogue(deck)}
    missing = sorted(needed - set(table)) if rules.sideboarding and rules.equal_chi else []
    if missing:
        raise ValueError(f"No Chi for {', '.join(missing[:5])}; validate the decklists first.")

    # Core Rulebook 5.2, How to Start a Game: a coin flip decides who chooses to lead game 1.
    coin = random.Random(seed).choice(SEATS)
    return MatchState(
        sides=(
            Side(registered=decks[0], current=decks[0]),
            Side(registered=decks[1], current=decks[1]),
        ),
        chi=tuple(sorted((key, table[key]) for key in needed if key in table)),
        seed=seed,
        top_cut=top_cut,
        rules=rules,
        coin_winner=coin,
        phase=Phase.CHOOSING_LEAD,
        chooser=coin,
        log=(CoinFlip(coin),),
    )


# --- queries -----------------------------------------------------------------------------------


def phase(state: MatchState) -> Phase:
    return state.phase


def result(state: MatchState) -> Result:
    a_wins, b_wins = _wins(state.games, "a"), _wins(state.games, "b")
    winner: Seat | None = None
    if state.phase is Phase.OVER and a_wins != b_wins:
        winner = "a" if a_wins > b_wins else "b"
    return Result(
        a_wins=a_wins,
        b_wins=b_wins,
        draws=_draws(state.games),
        winner=winner,
        over=state.phase is Phase.OVER,
        ending=state.ending,
    )


def who_chooses(state: MatchState) -> Seat | None:
    """The player who must choose whether to lead the next game, if a choice is pending."""
    return state.chooser if state.phase is Phase.CHOOSING_LEAD else None


def who_locks_next(state: MatchState) -> Seat | None:
    """The player whose lock is awaited, or None outside lock and show."""
    if state.phase is not Phase.LOCKING:
        return None
    first = state.first_locker
    assert first is not None, "a lock and show always has a first locker"
    return first if state.locks[_index(first)] is None else other(first)


def can_lock(state: MatchState, seat: Seat) -> bool:
    """Whether `lock(state, seat, ...)` would be accepted now (with a legal swap)."""
    return who_locks_next(state) == seat


def check_swap(state: MatchState, seat: Seat, out: Sequence[str], in_: Sequence[str]) -> Swap:
    """Check a swap against the player's current timeline and forethoughts without locking it
    (for previews while a player chooses). Returns it in registered names, or raises
    ProtocolError."""
    return _checked_swap(state.side(seat), dict(state.chi), out, in_, state.rules)


def visible_lock(
    state: MatchState, viewer: Seat | None, privileged: bool = False
) -> dict[Seat, dict[str, object]]:
    """What `viewer` may see of each player's lock: {"a": view, "b": view}.

    A view has `status` ("none": no lock and show now; "waiting": not locked yet; "locked";
    "shown"), `skipped` (no forethoughts, locked automatically), `hidden`, and `out`/`in`
    (None while hidden). Until both have locked, a selection is visible only to its owner and
    to privileged viewers (judges, organizers): Core Rulebook 5.2, The Process for Lock and
    Show. `viewer` None is a spectator.
    """
    if viewer is not None:
        _index(viewer)
    window = (
        state.rules.sideboarding
        and bool(state.games)
        and state.phase in (Phase.LOCKING, Phase.PLAYING)
    )
    shown = state.phase is Phase.PLAYING
    views: dict[Seat, dict[str, object]] = {}
    for seat, swap in zip(SEATS, state.locks, strict=True):
        view: dict[str, object] = {
            "status": "none",
            "skipped": False,
            "hidden": False,
            "out": None,
            "in": None,
        }
        if window and swap is None:
            view["status"] = "waiting"
        elif window and swap is not None:
            visible = shown or privileged or viewer == seat
            view.update(status="shown" if shown else "locked", skipped=swap.skipped)
            view.update(hidden=not visible)
            if visible:
                view.update(out=list(swap.out), **{"in": list(swap.in_)})
        views[seat] = view
    return views


def visible_log(
    state: MatchState, viewer: Seat | None, privileged: bool = False
) -> list[dict[str, Any]]:
    """The event log as `viewer` may see it: another player's lock keeps its cards hidden (a
    `show` event reveals them once both have locked; a lock cut short by the end of the match
    is never revealed)."""
    if viewer is not None:
        _index(viewer)
    entries = []
    for event in state.log:
        data = event_as_dict(event)
        if isinstance(event, Lock) and not privileged and event.seat != viewer:
            data = {"event": "lock", "seat": event.seat, "hidden": True}
        entries.append(data)
    return entries


# --- actions -----------------------------------------------------------------------------------


def choose_lead(state: MatchState, seat: Seat, lead: bool) -> MatchState:
    """The choosing player decides to lead (True) or to go second (False) in the next game."""
    _index(seat)
    _refuse_if_over(state)
    if state.phase is not Phase.CHOOSING_LEAD:
        raise ProtocolError(
            Code.NO_CHOICE_PENDING,
            f"Who leads game {state.game_number} has already been chosen.",
            LEAD_RULE,
        )
    if seat != state.chooser:
        assert state.chooser is not None
        coin = not state.games or state.rules.lead is LeadRule.RANDOM_EACH_GAME
        why = "won the coin flip" if coin else _why_chooser(state)
        raise ProtocolError(
            Code.CHOICE_NOT_YOURS,
            f"{_name(state, state.chooser)} {why}, so they choose who leads game {state.game_number}.",
            START_RULE if coin else LEAD_RULE,
        )
    if not isinstance(lead, bool):
        raise ProtocolError(
            Code.INVALID_CHOICE, f"Choose to lead (true) or go second (false), not {_shown(lead)}."
        )
    state = replace(
        state,
        leader=seat if lead else other(seat),
        log=(*state.log, ChooseLead(seat, lead)),
    )
    if not state.games or not state.rules.sideboarding:
        # Lock and show happens only between games, so game 1 starts at once; without
        # sideboarding (Product decision › Match settings) every game does.
        return replace(state, phase=Phase.PLAYING)
    return _open_lock_and_show(state)


def lock(state: MatchState, seat: Seat, out: Sequence[str], in_: Sequence[str]) -> MatchState:
    """Lock a swap: `out` leaves the timeline, `in_` comes in from the forethoughts (names with
    multiplicity). An empty swap is always allowed. Once both players have locked, both swaps
    are shown and applied for the next game."""
    index = _index(seat)
    _refuse_if_over(state)
    if state.phase is Phase.CHOOSING_LEAD and state.games:
        # Product decision › Order between games: the lead is chosen first, as the rulebook's
        # process lists it, so nobody locks before knowing who leads.
        assert state.chooser is not None
        raise ProtocolError(
            Code.LEAD_NOT_CHOSEN,
            f"Lock and show starts once {_name(state, state.chooser)} has chosen who leads game "
            f"{state.game_number}.",
            ORDER_RULE,
        )
    if not state.rules.sideboarding:
        raise ProtocolError(
            Code.NO_SIDEBOARDING,
            "This event's matches have no sideboarding, so there is no lock and show: decks "
            "stay as registered for every game.",
            RULES_RULE,
        )
    if state.phase is not Phase.LOCKING:
        raise ProtocolError(
            Code.NOT_BETWEEN_GAMES,
            "Lock and show happens only between games of a match, before game 2 and later; "
            "forethoughts cannot be used during a game.",
            FORETHOUGHTS_RULE,
        )
    side = state.sides[index]
    if not side.has_forethoughts:
        # Core Rulebook 5.2, Lock and Show: without forethoughts the step is skipped; the lock
        # was made automatically, so an empty lock changes nothing.
        if _as_names(out, "out") or _as_names(in_, "in"):
            raise ProtocolError(
                Code.NO_FORETHOUGHTS,
                "You have no forethoughts, so you skip lock and show and cannot swap cards.",
                SKIP_RULE,
            )
        return state
    if state.locks[index] is not None:
        raise ProtocolError(
            Code.ALREADY_LOCKED,
            f"You have already locked for game {state.game_number}; a lock cannot be changed.",
            LOCK_RULE,
        )
    first = state.first_locker
    assert first is not None
    if seat != first and state.locks[_index(first)] is None:
        raise ProtocolError(
            Code.NOT_YOUR_TURN_TO_LOCK,
            f"{_name(state, first)} {_why_first_locker(state)}, so they lock first; wait for their "
            "lock.",
            LOCK_RULE if state.games[-1].winner is not None else DRAWN_GAME_RULE,
        )
    swap = _checked_swap(side, dict(state.chi), out, in_, state.rules)
    locks = (swap, state.locks[1]) if index == 0 else (state.locks[0], swap)
    state = replace(state, locks=locks, log=(*state.log, Lock(seat, swap.out, swap.in_)))
    if None not in state.locks:
        state = _show(state)
    return state


def record_game(state: MatchState, winner: Seat | None) -> MatchState:
    """Report the game in progress: "a" or "b" won, or None for a drawn game."""
    if winner is not None and winner not in SEATS:
        raise ProtocolError(
            Code.INVALID_REPORT,
            f"A game's winner is a, b, or none for a drawn game, not {_shown(winner)}.",
        )
    _refuse_if_over(state)
    if state.phase is not Phase.PLAYING:
        waiting = (
            "who leads it to be chosen"
            if state.phase is Phase.CHOOSING_LEAD
            else "both players to lock"
        )
        raise ProtocolError(
            Code.NOT_PLAYING,
            f"Game {state.game_number} has not started: it is waiting for {waiting}.",
            LOCK_RULE if state.phase is Phase.LOCKING else START_RULE,
        )
    state = replace(state, log=(*state.log, ReportGame(winner)))
    return _after_game(_add_game(state, winner, GameEnding.PLAYED))


def call_time(state: MatchState) -> MatchState:
    """The round's time is up: a game in progress is a drawn game and the match ends on the score
    so far (1-0 is a win; 1-1 and 0-0 are draws)."""
    _refuse_if_over(state)
    if state.top_cut:
        raise ProtocolError(
            Code.NO_TIME_LIMIT,
            "Top-cut matches have no time limit; play on until a player has "
            f"{wins_words(state.rules.wins_needed)}.",
            TOP_CUT_RULE,
        )
    state = replace(state, log=(*state.log, CallTime()))
    if state.phase is Phase.PLAYING:
        # Product decision › Time: a game unfinished at time counts as a drawn game.
        state = _add_game(state, None, GameEnding.TIME)
    return _end(state, MatchEnding.TIME)


def concede(state: MatchState, seat: Seat, match: bool) -> MatchState:
    """Concede the current game (`match` False) or the whole match, at any time before the end.

    Between games, conceding a game concedes the next one; selections not yet shown are
    dropped. Conceding the match loses every game the opponent still needs (Product decision,
    Concession), so the winner always has the game wins the match needs.
    """
    _index(seat)
    _refuse_if_over(state)
    if not isinstance(match, bool):
        raise ProtocolError(
            Code.INVALID_CHOICE,
            f"Concede the game (false) or the match (true), not {_shown(match)}.",
            CONCESSION_RULE,
        )
    state = replace(state, log=(*state.log, Concede(seat, match)))
    winner = other(seat)
    state = _add_game(state, winner, GameEnding.CONCEDED)
    if not match:
        return _after_game(state)
    while _wins(state.games, winner) < state.rules.wins_needed:
        state = _add_game(state, winner, GameEnding.CONCEDED, unplayed=True)
    return _end(state, MatchEnding.CONCESSION)


def check_score(
    a_wins: int, b_wins: int, draws: int, top_cut: bool, rules: MatchRules = GENESIS_RULES
) -> None:
    """Refuse a whole-match score a best of N cannot end on (INVALID_RESULT)."""
    for value in (a_wins, b_wins, draws):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ProtocolError(Code.INVALID_RESULT, "Game counts are whole numbers of 0 or more.")
    needed = rules.wins_needed
    if max(a_wins, b_wins) > needed or a_wins == b_wins == needed:
        best = "best-of-three" if rules.best_of == 3 else f"best-of-{rules.best_of}"
        raise ProtocolError(
            Code.INVALID_RESULT,
            f"{a_wins}-{b_wins} is impossible in a {best}: a match ends when a player has "
            f"{wins_words(needed)}.",
        )
    if draws > rules.max_draws:
        many = "three" if rules.max_draws == MAX_DRAWS else str(rules.max_draws)
        raise ProtocolError(
            Code.INVALID_RESULT, f"More than {many} drawn games is not a real match result."
        )
    if top_cut and a_wins == b_wins:
        games = "two games" if needed == 2 else wins_words(needed).replace(" win", "")
        raise ProtocolError(
            Code.INVALID_RESULT,
            f"A top-cut match cannot end in a draw: play until someone wins {games}.",
            TOP_CUT_RULE,
        )


def settle(state: MatchState, a_wins: int, b_wins: int, draws: int) -> MatchState:
    """End the match on a whole-match score, entered without its games: both players' agreed
    report, or a judge's entry. After the end it corrects the result (a judge's override); a
    correction that changes nothing is refused (NO_CHANGE).

    Games already recorded are kept when the score includes them; the rest are added as
    `reported` games, so the games always add up to the score."""
    check_score(a_wins, b_wins, draws, state.top_cut, state.rules)
    before = result(state)
    if before.over and (before.a_wins, before.b_wins, before.draws) == (a_wins, b_wins, draws):
        raise ProtocolError(
            Code.NO_CHANGE, f"The match's result is already {_score(before)}; nothing changed."
        )
    kept = state.games
    if _wins(kept, "a") > a_wins or _wins(kept, "b") > b_wins or _draws(kept) > draws:
        kept = ()
    seat_a: list[Seat | None] = ["a"]
    seat_b: list[Seat | None] = ["b"]
    drawn: list[Seat | None] = [None]
    missing = (
        seat_a * (a_wins - _wins(kept, "a"))
        + seat_b * (b_wins - _wins(kept, "b"))
        + drawn * (draws - _draws(kept))
    )
    games = (
        *kept,
        *(
            Game(len(kept) + n, None, None, winner, GameEnding.REPORTED)
            for n, winner in enumerate(missing, 1)
        ),
    )
    state = replace(state, games=games, log=(*state.log, Settle(a_wins, b_wins, draws)))
    return _end(state, MatchEnding.REPORTED)


def game_loss(state: MatchState, seat: Seat) -> MatchState:
    """A judge's penalty: `seat` loses the game in progress, or between games the next one
    (selections not yet shown are dropped, as when a game is conceded)."""
    _index(seat)
    _refuse_if_over(state)
    state = replace(state, log=(*state.log, GameLoss(seat)))
    return _after_game(_add_game(state, other(seat), GameEnding.PENALTY))


def match_loss(state: MatchState, seat: Seat) -> MatchState:
    """A judge's penalty (a match loss, or a disqualification): the match ends 0-2 (0-N in a
    best of 2N-1) for `seat`, whatever the score was."""
    _index(seat)
    _refuse_if_over(state)
    winner = other(seat)
    games = tuple(
        Game(n, None, None, winner, GameEnding.PENALTY)
        for n in range(1, state.rules.wins_needed + 1)
    )
    state = replace(state, games=games, log=(*state.log, MatchLoss(seat)))
    return _end(state, MatchEnding.PENALTY)


def apply(state: MatchState, action: Action) -> MatchState:
    """Apply one action object: the same as calling its function (for bots and replays)."""
    if isinstance(action, ChooseLead):
        return choose_lead(state, action.seat, action.lead)
    if isinstance(action, ReportGame):
        return record_game(state, action.winner)
    if isinstance(action, Lock):
        return lock(state, action.seat, action.out, action.in_)
    if isinstance(action, CallTime):
        return call_time(state)
    if isinstance(action, Concede):
        return concede(state, action.seat, action.match)
    if isinstance(action, Settle):
        return settle(state, action.a_wins, action.b_wins, action.draws)
    if isinstance(action, GameLoss):
        return game_loss(state, action.seat)
    if isinstance(action, MatchLoss):
        return match_loss(state, action.seat)
    raise TypeError(f"not an action: {action!r}")


def replay(
    deck_a: Decklist,
    deck_b: Decklist,
    chi: Mapping[str, int],
    seed: int,
    events: Iterable[Event],
    top_cut: bool = False,
    rules: MatchRules = GENESIS_RULES,
) -> MatchState:
    """Rebuild a match from its start and its log. Recorded events (coin flip, show) are
    produced again by the actions and are skipped."""
    state = new_match(deck_a, deck_b, chi, seed, top_cut, rules)
    for event in events:
        if not isinstance(event, CoinFlip | Show):
            state = apply(state, event)
    return state


# --- transitions -------------------------------------------------------------------------------


def _refuse_if_over(state: MatchState) -> None:
    if state.phase is Phase.OVER:
        raise ProtocolError(
            Code.MATCH_OVER,
            f"The match is over ({_score(result(state))}); nothing more can be reported.",
        )


def _score(score: Result) -> str:
    return f"{score.a_wins}-{score.b_wins}{f'-{score.draws}' if score.draws else ''}"


def _draws(games: Iterable[Game]) -> int:
    return sum(game.winner is None for game in games)


def _why_chooser(state: MatchState) -> str:
    last = state.games[-1]
    if last.winner is not None:
        return f"lost game {last.number}"
    return f"chose for drawn game {last.number} and chooses again"


def _why_first_locker(state: MatchState) -> str:
    if state.rules.lead is LeadRule.RANDOM_EACH_GAME:
        return "lost the coin flip"
    last = state.games[-1]
    if last.winner is not None:
        return f"won game {last.number}"
    return f"did not choose the lead after drawn game {last.number}"


def _as_names(names: object, what: str) -> tuple[str, ...]:
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise ProtocolError(
            Code.INVALID_SWAP,
            f"`{what}` must be a list of card names, not {_shown(names)}.",
            LOCK_RULE,
        )
    for name in names:
        if not isinstance(name, str):
            raise ProtocolError(
                Code.INVALID_SWAP, f"`{what}` must hold card names, not {_shown(name)}.", LOCK_RULE
            )
    return tuple(names)


def _checked_swap(
    side: Side,
    chi: Mapping[str, int],
    out: Sequence[str],
    in_: Sequence[str],
    rules: MatchRules = GENESIS_RULES,
) -> Swap:
    out, in_ = _as_names(out, "out"), _as_names(in_, "in")
    deck, reserve = rules.deck, rules.reserve
    if not side.has_forethoughts and (out or in_):
        raise ProtocolError(
            Code.NO_FORETHOUGHTS,
            f"You have no {reserve}, so you skip lock and show and cannot swap cards.",
            SKIP_RULE,
        )
    if len(out) != len(in_):
        raise ProtocolError(
            Code.SWAP_COUNT_MISMATCH,
            f"You are swapping {_plural(len(out), 'card')} out of your {deck} and "
            f"{_plural(len(in_), 'card')} in from your {reserve}; the numbers must match.",
            LOCK_RULE,
        )
    names = _catalogue(side.registered)
    for given, pool, place, code in (
        (out, _pool(side.current.timeline), deck, Code.CARD_NOT_IN_TIMELINE),
        (in_, _pool(side.current.forethoughts), reserve, Code.CARD_NOT_IN_FORETHOUGHTS),
    ):
        total = sum(pool.values())
        if len(given) > total:
            raise ProtocolError(
                code,
                f"You named {_plural(len(given), 'card')} but your {place} holds only {total}.",
                LOCK_RULE,
            )
        for key, wanted in Counter(map(name_key, given)).items():
            if wanted > pool[key]:
                name = names.get(key) or " ".join(
                    next(n for n in given if name_key(n) == key).split()
                )
                held = f"only {_copies(pool[key])}" if pool[key] else "no copies"
                direction = "out of" if place == deck else "in from"
                raise ProtocolError(
                    code,
                    f"Your {place} holds {held} of {_shown(name)}, so you cannot swap "
                    f"{_copies(wanted)} {direction} it.",
                    LOCK_RULE,
                )
    if not rules.equal_chi:
        # Product decision › Match settings: a game without Chi swaps card for card.
        return Swap(
            out=tuple(names[name_key(name)] for name in out),
            in_=tuple(names[name_key(name)] for name in in_),
        )
    chi_out = sum(chi[name_key(name)] for name in out)
    chi_in = sum(chi[name_key(name)] for name in in_)
    if chi_out != chi_in:
        raise ProtocolError(
            Code.SWAP_CHI_MISMATCH,
            f"The cards going out total {chi_out} Chi and the cards coming in total {chi_in} Chi; "
            "a swap must keep the same total Chi.",
            LOCK_RULE,
        )
    return Swap(
        out=tuple(names[name_key(name)] for name in out),
        in_=tuple(names[name_key(name)] for name in in_),
    )


def _open_lock_and_show(state: MatchState) -> MatchState:
    # Core Rulebook 5.2, Lock and Show: a player without forethoughts skips the step, so their
    # lock is made for them at once (and the step is over at once if neither has any).
    a, b = (None if side.has_forethoughts else Swap(skipped=True) for side in state.sides)
    locks = (a, b)
    state = replace(state, phase=Phase.LOCKING, locks=locks)
    return _show(state) if None not in locks else state


def _show(state: MatchState) -> MatchState:
    """Both have locked: reveal both selections and exchange the cards for the next game."""
    sides = []
    for side, swap in zip(state.sides, state.locks, strict=True):
        assert swap is not None
        timeline, forethoughts = _pool(side.current.timeline), _pool(side.current.forethoughts)
        out, in_ = Counter(map(name_key, swap.out)), Counter(map(name_key, swap.in_))
        assert not out - timeline, "a checked swap no longer fits"
        assert not in_ - forethoughts, "a checked swap no longer fits"
        # Product decision › Cumulative swaps: the cards swapped out join the
        # forethoughts, and the next lock and show starts from this timeline.
        sides.append(_with_pools(side, timeline - out + in_, forethoughts - in_ + out))
    a, b = state.locks
    assert a is not None
    assert b is not None
    return replace(
        state,
        sides=(sides[0], sides[1]),
        phase=Phase.PLAYING,
        log=(*state.log, Show(state.game_number, a, b)),
    )


def _add_game(
    state: MatchState, winner: Seat | None, ending: GameEnding, unplayed: bool = False
) -> MatchState:
    game = Game(
        number=len(state.games) + 1,
        chooser=None if unplayed else state.chooser,
        leader=None if unplayed else state.leader,
        winner=winner,
        ending=ending,
    )
    return replace(state, games=(*state.games, game))


def _after_game(state: MatchState) -> MatchState:
    """End the match on enough game wins, or set up the choice of lead for the next game."""
    last = state.games[-1]
    if last.winner is not None and _wins(state.games, last.winner) >= state.rules.wins_needed:
        return _end(state, MatchEnding.TWO_WINS)
    if state.rules.lead is LeadRule.RANDOM_EACH_GAME:
        # A new seeded coin flip for every game; without sideboarding nobody locks.
        coin = random.Random(f"{state.seed}:{len(state.games) + 1}").choice(SEATS)
        return replace(
            state,
            phase=Phase.CHOOSING_LEAD,
            chooser=coin,
            leader=None,
            first_locker=other(coin),
            locks=(None, None),
            log=(*state.log, CoinFlip(coin)),
        )
    if last.winner is not None:
        # Core Rulebook 5.2, How to Start a Game / The Process for Lock and Show: the loser
        # chooses the lead; the winner locks first.
        chooser = other(last.winner)
        first_locker: Seat = last.winner
    else:
        # Product decision › Drawn games: nobody lost, so whoever chose for the drawn game
        # chooses again, and the other player locks first. In top cut the drawn game is simply
        # followed by another one (Product decision › Top cut).
        assert last.chooser is not None, "only a played or timed-out game can be drawn"
        chooser, first_locker = last.chooser, other(last.chooser)
    return replace(
        state,
        phase=Phase.CHOOSING_LEAD,
        chooser=chooser,
        leader=None,
        first_locker=first_locker,
        locks=(None, None),
    )


def _end(state: MatchState, ending: MatchEnding) -> MatchState:
    # Core Rulebook 5.2, The Process for Lock and Show: when the match is over both timelines go
    # back to the registered lists. A lock not yet shown is dropped and never revealed.
    return replace(
        state,
        phase=Phase.OVER,
        ending=ending,
        sides=(
            Side(state.sides[0].registered, state.sides[0].registered),
            Side(state.sides[1].registered, state.sides[1].registered),
        ),
        chooser=None,
        leader=None,
        first_locker=None,
        locks=(None, None),
    )


# --- JSON --------------------------------------------------------------------------------------


# An event's JSON object: its fields depend on its "event" kind, and callers read them by name.
def event_as_dict(event: Event) -> dict[str, Any]:
    if isinstance(event, ChooseLead):
        return {"event": "choose_lead", "seat": event.seat, "lead": event.lead}
    if isinstance(event, ReportGame):
        return {"event": "report_game", "winner": event.winner}
    if isinstance(event, Lock):
        return {"event": "lock", "seat": event.seat, "out": list(event.out), "in": list(event.in_)}
    if isinstance(event, CallTime):
        return {"event": "call_time"}
    if isinstance(event, Concede):
        return {"event": "concede", "seat": event.seat, "match": event.match}
    if isinstance(event, Settle):
        return {
            "event": "settle",
            "a_wins": event.a_wins,
            "b_wins": event.b_wins,
            "draws": event.draws,
        }
    if isinstance(event, GameLoss):
        return {"event": "game_loss", "seat": event.seat}
    if isinstance(event, MatchLoss):
        return {"event": "match_loss", "seat": event.seat}
    if isinstance(event, CoinFlip):
        return {"event": "coin_flip", "winner": event.winner}
    if isinstance(event, Show):
        return {"event": "show", "game": event.game, "a": event.a.as_dict(), "b": event.b.as_dict()}
    raise TypeError(f"not an event: {event!r}")


def _swap_from_dict(data: Mapping[str, Any]) -> Swap:
    return Swap(tuple(data["out"]), tuple(data["in"]), bool(data["skipped"]))


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """Read one `event_as_dict` entry; ValueError for anything else."""
    try:
        kind = data["event"]
        if kind == "choose_lead":
            return ChooseLead(data["seat"], data["lead"])
        if kind == "report_game":
            return ReportGame(data["winner"])
        if kind == "lock":
            return Lock(data["seat"], tuple(data["out"]), tuple(data["in"]))
        if kind == "call_time":
            return CallTime()
        if kind == "concede":
            return Concede(data["seat"], data["match"])
        if kind == "settle":
            return Settle(data["a_wins"], data["b_wins"], data["draws"])
        if kind == "game_loss":
            return GameLoss(data["seat"])
        if kind == "match_loss":
            return MatchLoss(data["seat"])
        if kind == "coin_flip":
            return CoinFlip(data["winner"])
        if kind == "show":
            return Show(data["game"], _swap_from_dict(data["a"]), _swap_from_dict(data["b"]))
    except (KeyError, TypeError) as error:
        raise ValueError(f"malformed match event {data!r}: {error}") from None
    raise ValueError(f"unknown match event {data!r}")


class SidesRecord(TypedDict):
    registered: DecklistJSON
    current: DecklistJSON


class MatchRecord(TypedDict):
    """The stored shape of a match: `as_dict`'s output, read back by `from_dict`."""

    version: int
    seed: int
    top_cut: bool
    coin_winner: Seat
    chi: dict[str, int]
    decks: dict[Seat, SidesRecord]
    phase: str
    game_number: int
    games: list[GameDict]
    chooser: Seat | None
    leader: Seat | None
    first_locker: Seat | None
    locks: dict[Seat, SwapDict | None]
    ending: str | None
    result: ResultDict
    log: list[dict[str, Any]]
    rules: NotRequired[dict[str, Any]]


def as_dict(state: MatchState) -> MatchRecord:
    """The whole state as JSON-able data, for a JSONField. It includes locks that are not yet
    shown: it is for storage and privileged use. Show players `visible_lock`/`visible_log`."""
    record: MatchRecord = {
        "version": FORMAT_VERSION,
        "seed": state.seed,
        "top_cut": state.top_cut,
        "coin_winner": state.coin_winner,
        "chi": dict(state.chi),
        "decks": {
            seat: {
                "registered": decklist_to_json(side.registered),
                "current": decklist_to_json(side.current),
            }
            for seat, side in zip(SEATS, state.sides, strict=True)
        },
        "phase": str(state.phase),
        "game_number": state.game_number,
        "games": [game.as_dict() for game in state.games],
        "chooser": state.chooser,
        "leader": state.leader,
        "first_locker": state.first_locker,
        "locks": {
            seat: None if swap is None else swap.as_dict()
            for seat, swap in zip(SEATS, state.locks, strict=True)
        },
        "ending": None if state.ending is None else str(state.ending),
        "result": result(state).as_dict(),
        "log": [event_as_dict(event) for event in state.log],
    }
    # Only when they are not Genesis's defaults, so every record stored before match settings
    # existed reads back unchanged (it is a best of three with lock and show).
    if not state.rules.is_default:
        record["rules"] = state.rules.as_dict()
    return record


def from_dict(data: Mapping[str, Any]) -> MatchState:
    """Read `as_dict` output back. The match is rebuilt by replaying its log, and must come out
    exactly as stored: anything else is a corrupt record and raises ValueError."""
    if not isinstance(data, Mapping) or data.get("version") != FORMAT_VERSION:
        raise ValueError(f"not a version-{FORMAT_VERSION} match record")
    try:
        decks = [decklist_from_json(data["decks"][seat]["registered"]) for seat in SEATS]
        events = [event_from_dict(event) for event in data["log"]]
        rules = MatchRules.from_dict(data["rules"]) if "rules" in data else GENESIS_RULES
        state = replay(
            decks[0], decks[1], data["chi"], data["seed"], events, data["top_cut"], rules
        )
    except (KeyError, TypeError, AttributeError, DecklistError, ProtocolError) as error:
        raise ValueError(f"corrupt match record: {error}") from None
    if as_dict(state) != data:
        raise ValueError("corrupt match record: it does not match a replay of its own log")
    return state
