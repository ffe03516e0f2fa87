"""Page routes of series, at /series/ (mounted by genesis.urls): the list, a new series, a
series' page and its organizer's settings and events."""

from django.urls import path

from .views import series

app_name = "series"
urlpatterns = [
    path("", series.series_list, name="series-list"),
    path("new/", series.series_new, name="series-new"),
    path("<int:pk>/", series.series_detail, name="series-detail"),
    path("<int:pk>/edit/", series.series_edit, name="series-edit"),
    path("<int:pk>/events/", series.series_event_add, name="series-event-add"),
    path(
        "<int:pk>/events/<int:event_id>/remove/",
        series.series_event_remove,
        name="series-event-remove",
    ),
]
