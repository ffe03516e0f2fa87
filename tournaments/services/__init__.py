"""Every write of the tournaments app, by subject: events (events), registration, drops and
guests (registrations), the waitlist of a full event (joined and promoted from in
registrations; moved, removed from and refilled by the capacity in waitlist), rounds and
re-pairing (rounds), the e-mail at each round that players ask for (round_emails), matches and
results (matches), penalties (penalties), check-in at the venue (check_in), fixed seats
(seating), and automated events played by the engine (automated).

Each service checks the actor's role (tournaments.permissions) and the event's state, raises a
Refusal with a stable code when the answer is no, and runs in a transaction. Rows are locked
(tournaments.locking) wherever a decision reads and then writes, and unique constraints make
"exactly once" hold even when two requests race (a round is created once, a player reports a
game once, an engine game is recorded once).
"""

from .automated import (
    BOT_PREFIX,
    MAX_AUTOMATED_GAMES,
    engine_problems,
    entrant_add,
    game_adjudicate,
)
from .check_in import check_in, check_in_window_set
from .corrections import match_result_correct
from .events import (
    MAX_ROUNDS,
    decklists_publish,
    judge_add,
    tournament_create,
    tournament_start,
)
from .match_settings import event_settings_update, match_rules
from .matches import (
    MAX_EXTENSION_MINUTES,
    MAX_TOTAL_EXTENSION_MINUTES,
    match_call_time,
    match_choose_lead,
    match_concede,
    match_extend,
    match_game_report,
    match_lock,
    match_result_report,
    match_state,
)
from .penalties import penalty_give
from .pods import pod_result_report
from .pools import deck_submit, pool_set, pools_generate
from .registrations import (
    next_swiss_round,
    places_left,
    player_drop,
    player_reinstate,
    registration_add,
    registration_create,
    registration_get,
    registration_link,
    registration_open,
    registration_withdraw,
    waitlist_promote,
)
from .round_emails import registration_round_emails_set
from .rounds import (
    can_pair_next_round,
    has_results,
    next_round_refusal,
    round_pair,
    round_repair,
    round_start,
    round_swap,
)
from .seating import registration_fixed_table_set
from .teams import SeatEntry, team_register
from .waitlist import event_capacity_set, waitlist_entry_move, waitlist_entry_remove

__all__ = [
    "BOT_PREFIX",
    "MAX_AUTOMATED_GAMES",
    "MAX_EXTENSION_MINUTES",
    "MAX_ROUNDS",
    "MAX_TOTAL_EXTENSION_MINUTES",
    "SeatEntry",
    "can_pair_next_round",
    "check_in",
    "check_in_window_set",
    "deck_submit",
    "decklists_publish",
    "engine_problems",
    "entrant_add",
    "event_capacity_set",
    "event_settings_update",
    "game_adjudicate",
    "has_results",
    "judge_add",
    "match_call_time",
    "match_choose_lead",
    "match_concede",
    "match_extend",
    "match_game_report",
    "match_lock",
    "match_result_correct",
    "match_result_report",
    "match_rules",
    "match_state",
    "next_round_refusal",
    "next_swiss_round",
    "penalty_give",
    "places_left",
    "player_drop",
    "player_reinstate",
    "pod_result_report",
    "pool_set",
    "pools_generate",
    "registration_add",
    "registration_create",
    "registration_fixed_table_set",
    "registration_get",
    "registration_link",
    "registration_open",
    "registration_round_emails_set",
    "registration_withdraw",
    "round_pair",
    "round_repair",
    "round_start",
    "round_swap",
    "team_register",
    "tournament_create",
    "tournament_start",
    "waitlist_entry_move",
    "waitlist_entry_remove",
    "waitlist_promote",
]
