"""Playing whole games and matches between bots.

`play_game` plays one game and returns its result with the log. `play_match` plays a best of
three through the match protocol (rules.match): the bots choose who leads and make the
lock-and-show swaps between games, and each game is played on the timelines the swaps left.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules import match as protocol
from rules.cards import Card
from rules.decklist import Decklist
from rules.formats import DEFAULT_FORMAT, Format

from .actions import IllegalAction, Pass
from .decks import Deck, deck_from_decklist
from .flow import awaits_priority, legal_actions, step, to_act
from .game import ROUND_CAP, GameResult, new_game, result
from .state import SEATS, GameState, check_invariants


def is_legal(state: GameState, action) -> bool:
    """Whether `action` is legal now. A pass with priority always is (no need to list plays)."""
    if type(action) is Pass and awaits_priority(state):
        return True
    return action in legal_actions(state)


def play_game(
    deck_a: Decklist | Deck,
    deck_b: Decklist | Deck,
    cards: Mapping[str, Card],
    seed: int,
    bots: Sequence,
    *,
    leader: str | None = None,
    fmt: Format | None = DEFAULT_FORMAT,
    round_cap: int = ROUND_CAP,
    check: bool = False,
) -> GameResult:
    """Play a game to its end between `bots` (seat a's, seat b's) and return the result, with
    the log and the final state. `cards` maps name_key(name) to Card for decklists.

    The loop owns its state, so it advances it in place with the same step function `apply`
    uses (apply copies first). Every bot action is checked for legality; with `check` the
    engine invariants are asserted after every step.
    """
    decks = [
        deck if isinstance(deck, Deck) else deck_from_decklist(deck, cards, seat)
        for seat, deck in zip(SEATS, (deck_a, deck_b), strict=True)
    ]
    state = new_game(decks, seed, leader=leader, fmt=fmt, round_cap=round_cap)
    if check:
        check_invariants(state)
    while not state.over:
        player = to_act(state)
        action = bots[player].choose_action(state)
        if not is_legal(state, action):
            raise IllegalAction(f"bot {SEATS[player]} chose an illegal action: {action!r}")
        step(state, action)
        if check:
            check_invariants(state)
    outcome = result(state)
    return GameResult(
        outcome.winner, outcome.reason, outcome.rounds, outcome.over, outcome.log, state
    )


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
    bots: Sequence,
    *,
    fmt: Format | None = DEFAULT_FORMAT,
    round_cap: int = ROUND_CAP,
) -> MatchOutcome:
    """A best of three between registered decklists (validated beforehand, rules.timeline).

    Core Rulebook 5.2, How to Start a Game and Lock and Show: the seeded coin flip's winner and
    then each game's loser choose who leads; between games the winner locks first, then the
    other player; each game is played on the timelines the swaps produced.
    """
    chi = protocol.chi_table(cards.values())
    state = protocol.new_match(deck_a, deck_b, chi, seed)
    games: list[GameResult] = []
    while protocol.phase(state) is not protocol.Phase.OVER:
        phase = protocol.phase(state)
        if phase is protocol.Phase.CHOOSING_LEAD:
            seat = protocol.who_chooses(state)
            lead = bots[SEATS.index(seat)].choose_lead(state, seat)
            state = protocol.choose_lead(state, seat, lead)
        elif phase is protocol.Phase.LOCKING:
            seat = protocol.who_locks_next(state)
            out, in_ = bots[SEATS.index(seat)].choose_swap(state, seat)
            before = state
            state = protocol.lock(state, seat, out, in_)
            if state is before:
                raise RuntimeError(f"the lock of seat {seat} changed nothing")
        else:
            decks = [deck_from_decklist(state.side(seat).current, cards, seat) for seat in SEATS]
            game = play_game(
                decks[0],
                decks[1],
                cards,
                seed * 4 + len(games),
                bots,
                leader=state.leader,
                fmt=fmt,
                round_cap=round_cap,
            )
            games.append(game)
            state = protocol.record_game(state, game.winner)
    return MatchOutcome(state, tuple(games))
