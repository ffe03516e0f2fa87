"""Every write of the tournaments app, by subject: events and registration (events), rounds
(rounds), matches and results (matches), and automated events played by the engine (automated).

Each service checks the actor's role and the event's state, raises a Refusal with a stable code
when the answer is no, and runs in a transaction. Rows are locked (select_for_update) wherever a
decision reads and then writes, and unique constraints make "exactly once" hold even when two
requests race (a round is created once, a player reports a game once, an engine game is
recorded once).
"""

from .automated import (
    BOT_PREFIX,
    MAX_AUTOMATED_GAMES,
    engine_problems,
    entrant_add,
    game_adjudicate,
)
from .events import (
    MAX_ROUNDS,
    decklists_publish,
    judge_add,
    registration_create,
    registration_withdraw,
    tournament_create,
    tournament_drop,
    tournament_start,
)
from .matches import (
    MAX_EXTENSION_MINUTES,
    match_choose_lead,
    match_extend,
    match_game_report,
    match_lock,
    match_result_report,
    seat_of,
)
from .rounds import round_pair, round_start

__all__ = [
    "BOT_PREFIX",
    "MAX_AUTOMATED_GAMES",
    "MAX_EXTENSION_MINUTES",
    "MAX_ROUNDS",
    "decklists_publish",
    "engine_problems",
    "entrant_add",
    "game_adjudicate",
    "judge_add",
    "match_choose_lead",
    "match_extend",
    "match_game_report",
    "match_lock",
    "match_result_report",
    "registration_create",
    "registration_withdraw",
    "round_pair",
    "round_start",
    "seat_of",
    "tournament_create",
    "tournament_drop",
    "tournament_start",
]
