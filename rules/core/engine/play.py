"""Playing whole games and matches between bots.

`play_game` plays one game and returns its result with the log. `play_match` plays a best of
three through the match protocol (rules.core.match): the bots choose who leads and make the
lock-and-show swaps between games, and each game is played on the timelines the swaps left.
`play_next_game` is one game of that loop, for callers that play a match a game at a time
(the automated events' Celery tasks).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from rules.core import match as protocol
from rules.core.cards import Card
from rules.core.decklist import Decklist
from rules.core.formats import DEFAULT_FORMAT, Format

from .actions import Action, IllegalAction, Pass
from .decks import Deck, deck_from_decklist
from .flow import PRIORITY_PHASES, advance, do, legal_actions, to_act
from .game import ROUND_CAP, GameResult, coin_flip, new_game, result
from .invariants import check_invariants
from .state import SEATS, GameState, Seat


class GameBot(Protocol):
    """What plays a game (rules.core.engine.bots)."""

    def choose_action(self, state: GameState) -> Action: ...


class MatchBot(GameBot, Protocol):
    """What plays a best of three: its games, and the decisions between them."""

    def choose_lead(self, match: protocol.MatchState | None, seat: Seat) -> bool:
        """Whether `seat` leads, when it is its choice (None: a single game's coin flip)."""
        ...

    def choose_swap(
        self, match: protocol.MatchState, seat: Seat
    ) -> tuple[Sequence[str], Sequence[str]]: ...


def is_legal(state: GameState, action: Action) -> bool:
    """Whether `action` is legal now. A pass with priority always is (no need to list plays)."""
    if type(action) is Pass and (
        # awaits_priority(state), inline: asked of every action a bot takes
        not state.over and state.pending is None and (state.stack or state.phase in PRIORITY_PHASES)
    ):
        return True
    legal = legal_actions(state)
    # A bot returns one of the legal actions themselves: found by identity before equality (a
    # loop: a generator per decision costs more than the search).
    for a in legal:
        if a is action:
            return True
    return action in legal


def play_game(
    deck_a: Decklist | Deck,
    deck_b: Decklist | Deck,
    cards: Mapping[str, Card],
    seed: int,
    bots: Sequence[GameBot],
    *,
    leader: str | None = None,
    fmt: Format | None = DEFAULT_FORMAT,
    round_cap: int = ROUND_CAP,
    check: bool = False,
    narrate: bool = False,
) -> GameResult:
    """Play a game to its end between `bots` (seat a's, seat b's) and return the result, with
    the log and the final state. `cards` maps name_key(name) to Card for decklists.

    The loop owns its state, so it advances it in place with the same steps `apply` takes
    (flow.do, then flow.advance; apply copies first). Every bot action is checked for legality; with `check` the
    engine invariants are asserted after every step. With `leader` None, the seed's coin flip
    picks a seat and that seat's bot chooses whether to lead (How to Start a Game). With
    `narrate` the final state's events tell what happened (rules.core.engine.usage reads them).
    """
    decks = [
        deck if isinstance(deck, Deck) else deck_from_decklist(deck, cards, seat)
        for seat, deck in zip(SEATS, (deck_a, deck_b), strict=True)
    ]
    if leader is None:
        leader = _lead_after_coin_flip(seed, bots)
    state = new_game(decks, seed, leader=leader, fmt=fmt, round_cap=round_cap, narrate=narrate)
    if check:
        check_invariants(state)
    # to_act is None once the game is over; flow.advance returns it.
    player = to_act(state)
    while player is not None:
        action = bots[player].choose_action(state)
        # A pass with priority is always legal (is_legal's first case, inline: most decisions).
        if not (
            type(action) is Pass
            and state.pending is None
            and (state.stack or state.phase in PRIORITY_PHASES)
        ) and not is_legal(state, action):
            raise IllegalAction(f"bot {SEATS[player]} chose an illegal action: {action!r}")
        do(state, action)  # flow.step's two steps, without the call between
        player = advance(state)
        if check:
            check_invariants(state)
    outcome = result(state)
    return GameResult(
        outcome.winner, outcome.reason, outcome.rounds, outcome.over, outcome.log, state
    )


def _lead_after_coin_flip(seed: int, bots: Sequence[GameBot]) -> Seat:
    """How to Start a Game: the coin flip's winner may choose to lead, or have the other player
    lead. A bot that makes no such choice leads."""
    winner = coin_flip(seed)
    choose = getattr(bots[SEATS.index(winner)], "choose_lead", None)
    if choose is None or choose(None, winner):
        return winner
    return "b" if winner == "a" else "a"


@dataclass(frozen=True)
class MatchOutcome:
    """A finished best of three: the match protocol's final state and each game's result."""

    match: protocol.MatchState
    games: tuple[GameResult, ...]

    @property
    def winner(self) -> str | None:
        return protocol.result(self.match).winner


def play_match(
    deck_a: Decklist,
    deck_b: Decklist,
    cards: Mapping[str, Card],
    seed: int,
    bots: Sequence[MatchBot],
    *,
    fmt: Format | None = DEFAULT_FORMAT,
    round_cap: int = ROUND_CAP,
) -> MatchOutcome:
    """A best of three between registered decklists (validated beforehand, rules.core.timeline).

    Core Rulebook 5.2, How to Start a Game and Lock and Show: the seeded coin flip's winner and
    then each game's loser choose who leads; between games the winner locks first, then the
    other player; each game is played on the timelines the swaps produced.
    """
    chi = protocol.chi_table(cards.values())
    state = protocol.new_match(deck_a, deck_b, chi, seed)
    games: list[GameResult] = []
    while protocol.phase(state) is not protocol.Phase.OVER:
        state, game = play_next_game(state, cards, bots, fmt=fmt, round_cap=round_cap)
        games.append(game)
    return MatchOutcome(state, tuple(games))


def game_seed(match: protocol.MatchState) -> int:
    """The seed of the match's next game: fixed by the match seed and the games played, so an
    automated game that is played again (a worker lost mid-game) is the identical game."""
    return match.seed * 4 + len(match.games)


def take_decisions(match: protocol.MatchState, bots: Sequence[MatchBot]) -> protocol.MatchState:
    """Let the bots take the decisions before the next game: who leads, then lock and show
    (Core Rulebook 5.2, How to Start a Game and Lock and Show). Returns the match with its next
    game ready to play (or unchanged when it is over or already playing)."""
    while protocol.phase(match) in (protocol.Phase.CHOOSING_LEAD, protocol.Phase.LOCKING):
        if protocol.phase(match) is protocol.Phase.CHOOSING_LEAD:
            seat = protocol.who_chooses(match)
            assert seat is not None  # someone chooses while the lead is being chosen
            lead = bots[SEATS.index(seat)].choose_lead(match, seat)
            match = protocol.choose_lead(match, seat, lead)
        else:
            seat = protocol.who_locks_next(match)
            assert seat is not None  # someone locks while the players are locking
            out, in_ = bots[SEATS.index(seat)].choose_swap(match, seat)
            before = match
            match = protocol.lock(match, seat, out, in_)
            if match is before:
                raise RuntimeError(f"the lock of seat {seat} changed nothing")
    return match


def play_next_game(
    match: protocol.MatchState,
    cards: Mapping[str, Card],
    bots: Sequence[MatchBot],
    *,
    fmt: Format | None = DEFAULT_FORMAT,
    round_cap: int = ROUND_CAP,
) -> tuple[protocol.MatchState, GameResult]:
    """One step of a best of three: the bots choose the lead and lock, the next game is played
    on the timelines the swaps left (seeded by `game_seed`), and its result is recorded.
    Returns the match after the game and the game's result with its log."""
    if protocol.phase(match) is protocol.Phase.OVER:
        raise ValueError("the match is over: there is no next game")
    match = take_decisions(match, bots)
    decks = [deck_from_decklist(match.side(seat).current, cards, seat) for seat in SEATS]
    game = play_game(
        decks[0],
        decks[1],
        cards,
        game_seed(match),
        bots,
        leader=match.leader,
        fmt=fmt,
        round_cap=round_cap,
    )
    return protocol.record_game(match, game.winner), game
