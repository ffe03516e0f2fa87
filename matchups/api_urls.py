"""API routes of the matchup lab (docs/matchups.md), at the paths they had under decks."""

from django.urls import path

from . import api

urlpatterns = [
    path("decks/<str:key>/matchups/", api.MatchupStart.as_view(), name="matchup-start"),
    path("matchups/<int:pk>/", api.MatchupDetail.as_view(), name="matchup-detail"),
]
