"""Page routes of the matchup lab (docs/matchups.md), at the paths they had under decks."""

from django.urls import path

from . import views

app_name = "matchups"
urlpatterns = [
    path("decks/<str:key>/matchups/", views.matchup_start, name="matchup-start"),
    path("matchups/<int:pk>/", views.matchup_detail, name="matchup-detail"),
    path("matchups/<int:pk>/cancel/", views.matchup_cancel, name="matchup-cancel"),
    path(
        "matchups/<int:pk>/games/<int:number>/replay/",
        views.matchup_replay,
        name="matchup-replay",
    ),
]
