"""Page routes of events: /events/ (the list), an event's page and its organizer and judge tools,
its pairings, standings, bracket and round clock, a player's current match, the judge queue,
results entry and the replays of automated games. Match slips live under /tournaments/
(tournaments.slip_urls); the JSON API in tournaments.api_urls."""

from django.urls import path

from . import views
from .views import judge_calls

app_name = "tournaments"
urlpatterns = [
    path("", views.event_list, name="event-list"),
    path("import/", views.event_import, name="event-import"),
    path("<int:pk>/", views.event_detail, name="event-detail"),
    path("<int:pk>/round/", views.event_round, name="event-round"),
    path("<int:pk>/retry/", views.event_retry, name="event-retry"),
    path("<int:pk>/start/", views.event_start, name="event-start"),
    path("<int:pk>/rounds/next/", views.round_start, name="round-start"),
    path("<int:pk>/phases/next/", views.phase_advance, name="phase-advance"),
    path("<int:pk>/phase/", views.event_phase, name="event-phase"),
    path("<int:pk>/publish/", views.decklists_publish, name="decklists-publish"),
    path("<int:pk>/judges/", views.judge_add, name="judge-add"),
    path("<int:pk>/register/", views.register, name="register"),
    path("<int:pk>/entrants/", views.entrant_add, name="entrant-add"),
    path("<int:pk>/withdraw/", views.withdraw, name="withdraw"),
    path("<int:pk>/drop/", views.drop, name="drop"),
    path("<int:pk>/round-emails/", views.round_emails, name="round-emails"),
    path("<int:pk>/check-in/", views.check_in, name="check-in"),
    path("<int:pk>/check-in/qr/", views.check_in_qr, name="check-in-qr"),
    path("<int:pk>/check-in/list/", views.check_in_list, name="check-in-list"),
    path("<int:pk>/check-in/window/", views.check_in_window, name="check-in-window"),
    path("<int:pk>/check-in/walk-in/", views.check_in_walk_in, name="check-in-walk-in"),
    path("<int:pk>/players/", views.player_add, name="player-add"),
    path("<int:pk>/capacity/", views.capacity_set, name="capacity"),
    path(
        "<int:pk>/waitlist/<int:entry_id>/remove/",
        views.waitlist_remove,
        name="waitlist-remove",
    ),
    path("<int:pk>/waitlist/<int:entry_id>/move/", views.waitlist_move, name="waitlist-move"),
    path("<int:pk>/players/<int:registration_id>/drop/", views.player_drop, name="player-drop"),
    path(
        "<int:pk>/players/<int:registration_id>/fixed-table/",
        views.player_fixed_table,
        name="player-fixed-table",
    ),
    path(
        "<int:pk>/players/<int:registration_id>/reinstate/",
        views.player_reinstate,
        name="player-reinstate",
    ),
    path("<int:pk>/rounds/<int:number>/repair/", views.round_repair, name="round-repair"),
    path("<int:pk>/rounds/<int:number>/swap/", views.round_swap, name="round-swap"),
    path("<int:pk>/rounds/<int:number>/pairings/", views.pairings, name="pairings"),
    path("<int:pk>/standings/", views.standings, name="standings"),
    path("<int:pk>/bracket/", views.bracket, name="bracket"),
    path("<int:pk>/clock/", views.round_clock, name="round-clock"),
    path("<int:pk>/results/", views.results_entry, name="results-entry"),
    path("<int:pk>/match/", views.my_match, name="my-match"),
    path("<int:pk>/matches/<int:match_id>/lead/", views.match_lead, name="match-lead"),
    path("<int:pk>/matches/<int:match_id>/games/", views.match_game, name="match-game"),
    path(
        "<int:pk>/matches/<int:match_id>/games/<int:number>/replay/",
        views.game_replay,
        name="game-replay",
    ),
    path("<int:pk>/matches/<int:match_id>/lock/", views.match_lock, name="match-lock"),
    path("<int:pk>/matches/<int:match_id>/result/", views.match_result, name="match-result"),
    path("<int:pk>/judge/", views.judge, name="judge"),
    path("<int:pk>/judge/extend/", views.judge_extend, name="judge-extend"),
    path(
        "<int:pk>/judge/deck-checks/",
        views.judge_deck_checks_start,
        name="judge-deck-checks-start",
    ),
    path(
        "<int:pk>/judge/deck-checks/<int:check_id>/end/",
        views.judge_deck_check_end,
        name="judge-deck-check-end",
    ),
    path(
        "<int:pk>/judge/matches/<int:match_id>/result/",
        views.judge_result,
        name="judge-result",
    ),
    path("<int:pk>/judge/matches/<int:match_id>/game/", views.judge_game, name="judge-game"),
    path("<int:pk>/judge/penalties/", views.judge_penalty, name="judge-penalty"),
    path("<int:pk>/judge/matches/<int:match_id>/", views.judge_match, name="judge-match"),
    path(
        "<int:pk>/judge/matches/<int:match_id>/correction/",
        views.judge_match_correction,
        name="judge-match-correction",
    ),
    path(
        "<int:pk>/judge/matches/<int:match_id>/penalties/",
        views.judge_match_penalty,
        name="judge-match-penalty",
    ),
    # Judge calls (tournaments.views.judge_calls)
    path(
        "<int:pk>/matches/<int:match_id>/judge-call/",
        judge_calls.match_judge_call,
        name="match-judge-call",
    ),
    path("<int:pk>/judge/calls/", judge_calls.judge_calls, name="judge-calls"),
    path("<int:pk>/judge/calls/list/", judge_calls.judge_calls_list, name="judge-calls-list"),
    path(
        "<int:pk>/judge/calls/<int:call_id>/claim/",
        judge_calls.judge_call_claim_page,
        name="judge-call-claim",
    ),
    path(
        "<int:pk>/judge/calls/<int:call_id>/resolve/",
        judge_calls.judge_call_resolve_page,
        name="judge-call-resolve",
    ),
    path(
        "<int:pk>/judge/calls/<int:call_id>/search/",
        judge_calls.judge_call_search,
        name="judge-call-search",
    ),
]
