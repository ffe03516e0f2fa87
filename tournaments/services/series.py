"""Series (a store's season, a league): the organizer creates one with its points table, changes
it, and adds or removes events; and a player's choice to hide their player page.

Who may: a series is changed by its organizer (or staff); an event is added by its own
organizer (staff add any). The points table is checked by tournaments.core.series. An event is
in a series once (a unique constraint, so two requests adding it at once add it once).
"""

from collections.abc import Iterable, Mapping
from typing import Any

from django.db import IntegrityError, transaction

from genesis.errors import Conflict, Forbidden, NotAuthenticated, NotFound, Refusal

from ..core.series import PointsBand, PointsTable, SeriesError
from ..models import PlayerPage, Series, SeriesEvent, Tournament

MAX_SERIES_NAME = 120
MAX_SERIES_DESCRIPTION = 2000
# The leaderboard reads every event's placings: a season of weekly events is about 50.
MAX_SERIES_EVENTS = 100


def _is_staff(actor: Any) -> bool:
    return bool(getattr(actor, "is_staff", False))


def require_login(actor: Any) -> None:
    if not actor.is_authenticated:
        raise NotAuthenticated("Log in first.", code="not_authenticated")


def require_series_organizer(series: Series, actor: Any) -> None:
    require_login(actor)
    if series.organizer_id != actor.pk and not _is_staff(actor):
        raise Forbidden("Only the series' organizer can do that.", code="not_organizer")


def points_table_from(bands: Iterable[Mapping[str, Any]], attendance: object) -> PointsTable:
    """The points table from its JSON shape (`[{first, last, points}]` and the attendance
    points), or a refusal saying what is wrong with it."""
    try:
        parsed = tuple(
            PointsBand(_whole(b.get("first")), _whole(b.get("last")), _whole(b.get("points")))
            for b in bands
        )
        return PointsTable(parsed, _whole(attendance))
    except (SeriesError, TypeError, AttributeError) as exc:
        raise Refusal(
            str(exc)
            if isinstance(exc, SeriesError)
            else "Each row of the points table is {first, last, points}, whole numbers.",
            code="invalid_points_table",
        ) from None


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(value)
    return value


def _points_json(table: PointsTable) -> list[dict[str, int]]:
    return [{"first": b.first, "last": b.last, "points": b.points} for b in table.bands]


def _name(name: str) -> str:
    name = " ".join(name.split())
    if not name or len(name) > MAX_SERIES_NAME:
        raise Refusal(f"A series' name has 1 to {MAX_SERIES_NAME} characters.", code="invalid_name")
    return name


def _description(description: str) -> str:
    description = description.strip()
    if len(description) > MAX_SERIES_DESCRIPTION:
        raise Refusal(
            f"A series' description has at most {MAX_SERIES_DESCRIPTION} characters.",
            code="invalid_description",
        )
    return description


@transaction.atomic
def series_create(
    *,
    actor: Any,
    name: str,
    points_table: Iterable[Mapping[str, Any]],
    attendance_points: object = 0,
    description: str = "",
) -> Series:
    """A new series, organized by `actor`, with no events yet."""
    require_login(actor)
    table = points_table_from(points_table, attendance_points)
    return Series.objects.create(
        name=_name(name),
        description=_description(description),
        organizer=actor,
        points_table=_points_json(table),
        attendance_points=table.attendance,
    )


@transaction.atomic
def series_update(
    *,
    series: Series,
    actor: Any,
    name: str | None = None,
    description: str | None = None,
    points_table: Iterable[Mapping[str, Any]] | None = None,
    attendance_points: object = None,
) -> Series:
    """Change what is given (None: unchanged). The leaderboard follows at once: points are
    worked out from the placings whenever it is read, never stored."""
    require_series_organizer(series, actor)
    series = Series.objects.select_for_update().get(pk=series.pk)
    if name is not None:
        series.name = _name(name)
    if description is not None:
        series.description = _description(description)
    if points_table is not None or attendance_points is not None:
        table = points_table_from(
            series.points_table if points_table is None else points_table,
            series.attendance_points if attendance_points is None else attendance_points,
        )
        series.points_table, series.attendance_points = _points_json(table), table.attendance
    series.save()
    return series


@transaction.atomic
def series_event_add(*, series: Series, actor: Any, tournament: Tournament) -> SeriesEvent:
    """Count an event in the series: the series' organizer adds an event they organize (staff
    any event). It scores once it is finished."""
    require_series_organizer(series, actor)
    if tournament.organizer_id != actor.pk and not _is_staff(actor):
        raise Forbidden("Add only events you organize to a series.", code="not_event_organizer")
    series = Series.objects.select_for_update().get(pk=series.pk)
    if series.entries.filter(tournament=tournament).exists():
        raise Conflict(f"{tournament.name} is already in this series.", code="already_in_series")
    if series.entries.count() >= MAX_SERIES_EVENTS:
        raise Conflict(f"A series has at most {MAX_SERIES_EVENTS} events.", code="series_full")
    try:
        with transaction.atomic():
            return SeriesEvent.objects.create(series=series, tournament=tournament)
    except IntegrityError:  # added by a request that ran at the same time
        raise Conflict(
            f"{tournament.name} is already in this series.", code="already_in_series"
        ) from None


@transaction.atomic
def series_event_remove(*, series: Series, actor: Any, tournament_id: int) -> None:
    """Take an event out of the series: its points leave the leaderboard (the event itself and
    its results are not touched, and adding it back restores them)."""
    require_series_organizer(series, actor)
    removed, _ = SeriesEvent.objects.filter(series=series, tournament_id=tournament_id).delete()
    if not removed:
        raise NotFound("That event is not in this series.", code="not_in_series")


@transaction.atomic
def player_page_set(*, actor: Any, hidden: bool) -> PlayerPage:
    """Show or hide the actor's own player page from others."""
    require_login(actor)
    page, _ = PlayerPage.objects.update_or_create(user=actor, defaults={"hidden": bool(hidden)})
    return page
