"""API routes of events and matches."""

from django.urls import path

from . import (
    api,
    api_check_in,
    api_deck_checks,
    api_events,
    api_judge_calls,
    api_phases,
    api_round_emails,
    api_seating,
    api_series,
    api_stream,
)

urlpatterns = [
    path("tournaments/", api.TournamentListCreate.as_view(), name="tournament-list"),
    path("tournaments/<int:pk>/", api.TournamentDetail.as_view(), name="tournament-detail"),
    path(
        "tournaments/<int:pk>/registrations/",
        api.Registrations.as_view(),
        name="tournament-registrations",
    ),
    path(
        "tournaments/<int:pk>/registrations/<int:registration>/fixed-table/",
        api_seating.FixedTable.as_view(),
        name="tournament-registration-fixed-table",
    ),
    path("tournaments/<int:pk>/entrants/", api.Entrants.as_view(), name="tournament-entrants"),
    path(
        "tournaments/<int:pk>/registrations/<int:registration>/link/",
        api.Link.as_view(),
        name="tournament-registration-link",
    ),
    path(
        "tournaments/<int:pk>/check-in/", api_check_in.CheckIn.as_view(), name="tournament-check-in"
    ),
    path(
        "tournaments/<int:pk>/check-in/window/",
        api_check_in.CheckInWindow.as_view(),
        name="tournament-check-in-window",
    ),
    path(
        "tournaments/<int:pk>/check-ins/",
        api_check_in.CheckIns.as_view(),
        name="tournament-check-ins",
    ),
    path("tournaments/<int:pk>/drop/", api.Drop.as_view(), name="tournament-drop"),
    path("tournaments/<int:pk>/reinstate/", api.Reinstate.as_view(), name="tournament-reinstate"),
    path("tournaments/<int:pk>/judges/", api.Judges.as_view(), name="tournament-judges"),
    path("tournaments/<int:pk>/start/", api.Start.as_view(), name="tournament-start"),
    path(
        "tournaments/<int:pk>/publish/", api.PublishDecklists.as_view(), name="tournament-publish"
    ),
    path("tournaments/<int:pk>/rounds/", api.Rounds.as_view(), name="tournament-rounds"),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/",
        api.RoundDetail.as_view(),
        name="tournament-round",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/swap/",
        api.RoundSwap.as_view(),
        name="tournament-round-swap",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/pairings/",
        api.Pairings.as_view(),
        name="tournament-pairings",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/pods/",
        api_events.RoundPods.as_view(),
        name="tournament-pods",
    ),
    path("tournaments/<int:pk>/my-match/", api.MyMatch.as_view(), name="tournament-my-match"),
    path(
        "tournaments/<int:pk>/round-emails/",
        api_round_emails.RoundEmails.as_view(),
        name="tournament-round-emails",
    ),
    path("tournaments/<int:pk>/stream/", api_stream.event_stream, name="tournament-stream"),
    path("tournaments/<int:pk>/standings/", api.Standings.as_view(), name="tournament-standings"),
    path("tournaments/<int:pk>/placings/", api.Placings.as_view(), name="tournament-placings"),
    path("tournaments/<int:pk>/penalties/", api.Penalties.as_view(), name="tournament-penalties"),
    path("tournaments/<int:pk>/export/", api.Export.as_view(), name="tournament-export"),
    path("tournaments/<int:pk>/retry/", api.Retry.as_view(), name="tournament-retry"),
    path(
        "tournaments/<int:pk>/settings/",
        api_events.EventSettings.as_view(),
        name="tournament-settings",
    ),
    path("tournaments/<int:pk>/pools/", api_events.Pools.as_view(), name="tournament-pools"),
    path(
        "tournaments/<int:pk>/pools/generate/",
        api_events.PoolsGenerate.as_view(),
        name="tournament-pools-generate",
    ),
    path("tournaments/<int:pk>/deck/", api_events.Deck.as_view(), name="tournament-deck"),
    path("tournaments/<int:pk>/teams/", api_events.Teams.as_view(), name="tournament-teams"),
    path(
        "tournaments/<int:pk>/waitlist/", api_events.Waitlist.as_view(), name="tournament-waitlist"
    ),
    path(
        "tournaments/<int:pk>/waitlist/<int:entry>/",
        api_events.WaitlistPlace.as_view(),
        name="tournament-waitlist-entry",
    ),
    path(
        "tournaments/<int:pk>/waitlist/<int:entry>/move/",
        api_events.WaitlistMove.as_view(),
        name="tournament-waitlist-move",
    ),
    path(
        "tournaments/<int:pk>/capacity/", api_events.Capacity.as_view(), name="tournament-capacity"
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/deck-checks/",
        api_deck_checks.RoundDeckChecks.as_view(),
        name="tournament-round-deck-checks",
    ),
    path(
        "tournaments/<int:pk>/deck-checks/",
        api_deck_checks.DeckChecks.as_view(),
        name="tournament-deck-checks",
    ),
    path(
        "tournaments/<int:pk>/deck-checks/<int:check>/end/",
        api_deck_checks.DeckCheckEnd.as_view(),
        name="tournament-deck-check-end",
    ),
    path("pods/<int:pk>/", api_events.PodDetail.as_view(), name="pod-detail"),
    path("pods/<int:pk>/result/", api_events.PodResult.as_view(), name="pod-result"),
    path("matches/<int:pk>/", api.MatchDetail.as_view(), name="match-detail"),
    path("matches/<int:pk>/games/", api.MatchGames.as_view(), name="match-games"),
    path("matches/<int:pk>/lead/", api.MatchLead.as_view(), name="match-lead"),
    path("matches/<int:pk>/lock/", api.MatchLock.as_view(), name="match-lock"),
    path("matches/<int:pk>/result/", api.MatchResult.as_view(), name="match-result"),
    path("matches/<int:pk>/correction/", api.MatchCorrection.as_view(), name="match-correction"),
    path("matches/<int:pk>/extend/", api.MatchExtend.as_view(), name="match-extend"),
    path("matches/<int:pk>/concede/", api.MatchConcede.as_view(), name="match-concede"),
    path("matches/<int:pk>/time/", api.MatchTime.as_view(), name="match-time"),
    path("matches/<int:pk>/penalties/", api.MatchPenalties.as_view(), name="match-penalties"),
    # Judge calls (tournaments.api_judge_calls)
    path(
        "matches/<int:pk>/judge-calls/",
        api_judge_calls.MatchJudgeCalls.as_view(),
        name="match-judge-calls",
    ),
    path(
        "tournaments/<int:pk>/judge-calls/",
        api_judge_calls.JudgeCallQueue.as_view(),
        name="tournament-judge-calls",
    ),
    path(
        "tournaments/<int:pk>/judge-calls/<int:call>/claim/",
        api_judge_calls.JudgeCallClaim.as_view(),
        name="tournament-judge-call-claim",
    ),
    path(
        "tournaments/<int:pk>/judge-calls/<int:call>/resolve/",
        api_judge_calls.JudgeCallResolve.as_view(),
        name="tournament-judge-call-resolve",
    ),
    # Series and player pages (tournaments.api_series)
    path("series/", api_series.SeriesListCreate.as_view(), name="series-list"),
    path("series/<int:pk>/", api_series.SeriesDetail.as_view(), name="series-detail"),
    path("series/<int:pk>/events/", api_series.SeriesEvents.as_view(), name="series-events"),
    path(
        "series/<int:pk>/events/<int:event>/",
        api_series.SeriesEvent.as_view(),
        name="series-event",
    ),
    path("players/<str:username>/", api_series.PlayerDetail.as_view(), name="player-detail"),
    path(
        "tournaments/<int:pk>/phases/next/",
        api_phases.PhaseNext.as_view(),
        name="tournament-phase-next",
    ),
]
