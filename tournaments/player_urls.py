"""Page routes of player pages, at /players/ (mounted by genesis.urls): a player's page, and
their own choice to hide it (the form on their account page)."""

from django.urls import path

from .views import players

app_name = "players"
urlpatterns = [
    path("<str:username>/", players.player_page, name="player"),
    path("<str:username>/visibility/", players.player_page_visibility, name="visibility"),
]
