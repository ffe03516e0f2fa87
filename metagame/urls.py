"""Page routes of the metagame (docs/metagame.md)."""

from django.urls import path

from . import views

app_name = "metagame"
urlpatterns = [
    path("events/<int:pk>/metagame/", views.event_metagame, name="event"),
    path("events/<int:pk>/metagame/simulate/", views.event_simulate, name="simulate"),
    path("formats/<str:slug>/metagame/", views.format_metagame, name="format"),
    path("formats/<str:slug>/archetypes/", views.archetypes, name="archetypes"),
    path(
        "formats/<str:slug>/archetypes/<int:pk>/rename/",
        views.archetype_rename,
        name="archetype-rename",
    ),
    path(
        "formats/<str:slug>/archetypes/<int:pk>/merge/",
        views.archetype_merge,
        name="archetype-merge",
    ),
    path(
        "formats/<str:slug>/archetypes/<int:pk>/split/",
        views.archetype_split,
        name="archetype-split",
    ),
]
