"""API routes of the metagame (docs/metagame.md)."""

from django.urls import path

from . import api

urlpatterns = [
    path("tournaments/<int:pk>/metagame/", api.EventMetagame.as_view(), name="event-metagame"),
    path(
        "tournaments/<int:pk>/metagame/simulate/",
        api.EventSimulate.as_view(),
        name="event-metagame-simulate",
    ),
    path("formats/<str:slug>/metagame/", api.FormatMetagame.as_view(), name="format-metagame"),
    path("formats/<str:slug>/archetypes/", api.ArchetypeList.as_view(), name="archetype-list"),
    path(
        "formats/<str:slug>/archetypes/<int:pk>/",
        api.ArchetypeDetail.as_view(),
        name="archetype-detail",
    ),
    path(
        "formats/<str:slug>/archetypes/<int:pk>/merge/",
        api.ArchetypeMerge.as_view(),
        name="archetype-merge",
    ),
    path(
        "formats/<str:slug>/archetypes/<int:pk>/split/",
        api.ArchetypeSplit.as_view(),
        name="archetype-split",
    ),
]
