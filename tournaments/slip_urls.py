"""The printable match slips of a round, at /tournaments/{id}/rounds/{n}/slips/: the one event
page outside /events/ (tournaments.urls), mounted by genesis.urls."""

from django.urls import path

from . import views

app_name = "slips"
urlpatterns = [
    path("<int:pk>/rounds/<int:number>/slips/", views.match_slips, name="match-slips"),
]
