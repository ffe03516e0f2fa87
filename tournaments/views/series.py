"""Series pages: the list of series, a new series and its settings (the organizer), and a
series' page with its leaderboard, its events and the next one, where the organizer adds
events and removes them (asked first)."""

from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from genesis.errors import Refusal

from .. import forms, selectors
from ..core.series import PointsBand, SeriesError, parse_points_text, points_text
from ..models import Series, Tournament
from ..services import series as series_services
from .common import act, confirm_page, confirmed, refused

# The organizer picks the event to add from their latest events.
ADDABLE_EVENTS = 200


def _series(pk: int) -> Series:
    try:
        return selectors.series_get(series_id=pk)
    except Series.DoesNotExist:
        raise Http404("No series has that id.") from None


def series_url(series: Series) -> str:
    return reverse("series:series-detail", args=[series.pk])


def series_list(request):
    return render(request, "tournaments/series_list.html", {"series": selectors.series_list()})


def _bands(form: forms.SeriesForm) -> list[dict[str, int]]:
    """The form's points table in the services' shape, or a refusal naming the bad line."""
    try:
        bands = parse_points_text(form.cleaned_data["points"])
    except SeriesError as exc:
        raise Refusal(str(exc), code="invalid_points_table") from None
    return [{"first": b.first, "last": b.last, "points": b.points} for b in bands]


def _fields(form: forms.SeriesForm) -> dict[str, Any]:
    """What the form says of a series, as series_create and series_update take it."""
    return {
        "name": form.cleaned_data["name"],
        "description": form.cleaned_data["description"],
        "points_table": _bands(form),
        "attendance_points": form.cleaned_data["attendance_points"],
    }


def series_new(request):
    """The form of a new series; its creator organizes it."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.path)
    form = forms.SeriesForm(request.POST or None)
    error = None
    if request.method == "POST" and form.is_valid():
        try:
            series = series_services.series_create(actor=request.user, **_fields(form))
        except Refusal as exc:
            error = exc.detail
        else:
            return redirect(series_url(series))
    return render(
        request, "tournaments/series_form.html", {"form": form, "error": error, "series": None}
    )


def series_edit(request, pk: int):
    """The organizer changes the name, description or points of a series."""
    series = _series(pk)
    if not request.user.is_authenticated:
        return redirect_to_login(request.path)
    try:
        series_services.require_series_organizer(series, request.user)
    except Refusal as exc:
        return refused(request, None, exc)
    initial = {
        "name": series.name,
        "description": series.description,
        "points": points_text([PointsBand(**band) for band in series.points_table]),
        "attendance_points": series.attendance_points,
    }
    form = forms.SeriesForm(request.POST or None, initial=initial)
    error = None
    if request.method == "POST" and form.is_valid():
        try:
            series_services.series_update(series=series, actor=request.user, **_fields(form))
        except Refusal as exc:
            error = exc.detail
        else:
            return redirect(series_url(series))
    return render(
        request, "tournaments/series_form.html", {"form": form, "error": error, "series": series}
    )


def series_detail(request, pk: int):
    """The leaderboard, each player's events, the series' events and the next one; for the
    organizer, the events they can add."""
    series = _series(pk)
    user = request.user
    organizer = user.is_authenticated and (series.organizer_id == user.pk or user.is_staff)
    view = selectors.series_view(series, user)
    addable = []
    if organizer:
        events = Tournament.objects.exclude(series_entries__series=series).order_by("-created_at")
        if not user.is_staff:
            events = events.filter(organizer=user)
        addable = list(events[:ADDABLE_EVENTS])
    return render(
        request,
        "tournaments/series_detail.html",
        {**view, "organizer": organizer, "addable": addable},
    )


@require_POST
def series_event_add(request, pk: int):
    series = _series(pk)
    try:
        tournament = Tournament.objects.get(pk=int(request.POST.get("tournament", "")))
    except (ValueError, Tournament.DoesNotExist):
        tournament = None
    if tournament is None:
        return refused(request, None, Refusal("Choose one of your events to add.", code="invalid"))
    return act(
        request,
        None,
        lambda: series_services.series_event_add(
            series=series, actor=request.user, tournament=tournament
        ),
        f"{tournament.name} is in the series. It scores once it is finished.",
        to=series_url(series),
    )


def series_event_remove(request, pk: int, event_id: int):
    """Take an event out of the series, asked first."""
    series = _series(pk)
    if not request.user.is_authenticated:
        return redirect_to_login(request.path)
    try:
        series_services.require_series_organizer(series, request.user)
    except Refusal as exc:
        return refused(request, None, exc)
    tournament = series.events.filter(pk=event_id).first()
    if tournament is None:
        raise Http404("That event is not in this series.")
    if not confirmed(request):
        return confirm_page(
            request,
            None,
            title=f"Take {tournament.name} out of {series.name}?",
            does=f"The points of {tournament.name} leave the series' leaderboard. The event "
            "and its results are not changed.",
            undo="add the event to the series again; its points come back.",
            undoable=True,
            button="Take it out of the series",
            cancel="No, go back to the series",
            back=series_url(series),
        )
    return act(
        request,
        None,
        lambda: series_services.series_event_remove(
            series=series, actor=request.user, tournament_id=tournament.pk
        ),
        f"{tournament.name} is no longer in the series.",
        to=series_url(series),
    )
