"""The game engine for Genesis: Battle of Champions, in pure Python (no Django, DRF or Celery).

The interface follows game-playing libraries:

    state = new_game((deck_a, deck_b), seed)
    while not is_over(state):
        state = apply(state, bot.choose_action(state))   # one of legal_actions(state)
    result(state).winner, game_log(state).dumps()

`apply` never changes the state it is given. A game is fully determined by its decks, its seed
and its actions: `replay(game_log(state), cards)` rebuilds the identical state. docs/engine.md
describes the rules applied, the supported keywords, the decisions taken where the rulebook is
silent, and the log format.
"""

from collections.abc import Mapping

from rules.core import native
from rules.core.cards import Card

from . import state as state_module
from .actions import PASS, Action, Choose, Dash, IllegalAction, Pass, Play, Select, Step
from .bots import HeuristicBot, RandomBot
from .compiler import check_playable, supported_keywords
from .decks import Deck, DeckRefused, deck_from_decklist, deck_problems
from .flow import legal_actions, to_act
from .game import (
    ENDING_RULES,
    ENGINE_VERSION,
    GameLog,
    GameResult,
    LogVersionError,
    apply,
    game_log,
    is_over,
    new_game,
    replay,
    result,
)
from .invariants import check_invariants
from .state import GameState, InvariantError, snapshot


def compiled() -> bool:
    """Whether this engine runs compiled by mypyc (setup.py) rather than as pure Python."""
    return not (state_module.__file__ or "").endswith(".py")


if compiled():
    native.register_pickling()


def seeded_bots(
    kind: str, seed: int, cards: Mapping[str, Card]
) -> tuple[RandomBot, RandomBot] | tuple[HeuristicBot, HeuristicBot]:
    """Fresh bots for both seats of one game, seeded from the game's seed, so playing the game
    again (a rerun task, a replay check) plays the identical game. `kind` is "random" or
    "heuristic" (any other value is the heuristic bot, the default of events and matchups)."""
    if kind == "random":
        return RandomBot(seed * 2), RandomBot(seed * 2 + 1)
    return HeuristicBot(seed * 2, cards), HeuristicBot(seed * 2 + 1, cards)


def current_player(state: GameState) -> str | None:
    """The seat ("a" or "b") whose decision the game waits for; None once it is over."""
    player = to_act(state)
    return None if player is None else "ab"[player]


__all__ = [
    "ENDING_RULES",
    "ENGINE_VERSION",
    "PASS",
    "Action",
    "Choose",
    "Dash",
    "Deck",
    "DeckRefused",
    "GameLog",
    "GameResult",
    "GameState",
    "IllegalAction",
    "InvariantError",
    "LogVersionError",
    "Pass",
    "Play",
    "Select",
    "Step",
    "apply",
    "check_invariants",
    "check_playable",
    "compiled",
    "current_player",
    "deck_from_decklist",
    "deck_problems",
    "game_log",
    "is_over",
    "legal_actions",
    "new_game",
    "replay",
    "result",
    "seeded_bots",
    "snapshot",
    "supported_keywords",
]
