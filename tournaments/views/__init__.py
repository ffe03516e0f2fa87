"""Tournament pages, by area: the event list and an event's page with the organizer's actions
(events), registering and dropping players, the waitlist and a player's round e-mails
(registrations), rounds, pairings, standings, the round clock and the bracket (rounds), a
player's current match and the replays of engine games (matches), check-in at the venue and its
QR code (check_in), staff's import of an event file (exchange), fixed seats (seating), the judge
queue and results entry (judging), deck checks from the judge page (deck_checks), and printable
match slips (printing); what they share is in common.

Views parse, call a service or selector, and render. The routes (tournaments.urls,
tournaments.slip_urls) name the views listed here.
"""

from .check_in import check_in, check_in_list, check_in_qr, check_in_walk_in, check_in_window
from .deck_checks import judge_deck_check_end, judge_deck_checks_start
from .events import (
    decklists_publish,
    event_detail,
    event_list,
    event_retry,
    event_round,
    event_start,
    judge_add,
)
from .exchange import event_import
from .judging import (
    judge,
    judge_extend,
    judge_game,
    judge_match,
    judge_match_correction,
    judge_match_penalty,
    judge_penalty,
    judge_result,
    results_entry,
)
from .matches import game_replay, match_game, match_lead, match_lock, match_result, my_match
from .phases import event_phase, phase_advance
from .printing import match_slips
from .registrations import (
    capacity_set,
    drop,
    entrant_add,
    player_add,
    player_drop,
    player_reinstate,
    register,
    round_emails,
    waitlist_move,
    waitlist_remove,
    withdraw,
)
from .rounds import bracket, pairings, round_clock, round_repair, round_start, round_swap, standings
from .seating import player_fixed_table

__all__ = [
    "bracket",
    "capacity_set",
    "check_in",
    "check_in_list",
    "check_in_qr",
    "check_in_walk_in",
    "check_in_window",
    "decklists_publish",
    "drop",
    "entrant_add",
    "event_detail",
    "event_import",
    "event_list",
    "event_phase",
    "event_retry",
    "event_round",
    "event_start",
    "game_replay",
    "judge",
    "judge_add",
    "judge_deck_check_end",
    "judge_deck_checks_start",
    "judge_extend",
    "judge_game",
    "judge_match",
    "judge_match_correction",
    "judge_match_penalty",
    "judge_penalty",
    "judge_result",
    "match_game",
    "match_lead",
    "match_lock",
    "match_result",
    "match_slips",
    "my_match",
    "pairings",
    "phase_advance",
    "player_add",
    "player_drop",
    "player_fixed_table",
    "player_reinstate",
    "register",
    "results_entry",
    "round_clock",
    "round_emails",
    "round_repair",
    "round_start",
    "round_swap",
    "standings",
    "waitlist_move",
    "waitlist_remove",
    "withdraw",
]
