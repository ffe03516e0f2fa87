"""Series and their leaderboards: the list of series, one series with its events in date order,
the points table, and the leaderboard worked out from the final placings of its finished
events (tournaments.core.series does the maths; an event that is not over yet scores nothing).

Players are counted by their account; a guest (a walk-in without one) by their name, until the
organizer links the guest's registration to an account, from when those results count for the
account with the rest of its results.
"""

from typing import Any

from django.db.models import Count, F, QuerySet

from ..core.series import (
    EventPlacing,
    LeaderboardLine,
    PointsBand,
    PointsTable,
    band_words,
    compute_leaderboard,
    ordinal,
)
from ..models import Registration, Series, Tournament
from .players import player_page_url, visible_player_ids
from .results import placings


def series_list() -> QuerySet[Series]:
    """Every series, newest first, each with its `event_count` (one query for the page)."""
    return (
        Series.objects.select_related("organizer")
        .annotate(event_count=Count("entries"))
        .order_by("-created_at", "-id")
    )


def series_get(*, series_id: int) -> Series:
    return Series.objects.select_related("organizer").get(pk=series_id)


def series_events(series: Series) -> list[Tournament]:
    """The series' events by date (undated ones last, in the order they were created)."""
    return list(
        Tournament.objects.filter(series_entries__series=series)
        .select_related("organizer")
        .order_by(F("date").asc(nulls_last=True), "created_at", "id")
    )


def points_table(series: Series) -> PointsTable:
    return PointsTable(
        tuple(PointsBand(b["first"], b["last"], b["points"]) for b in series.points_table),
        series.attendance_points,
    )


def points_table_rows(series: Series) -> list[dict[str, Any]]:
    """The table as people read it: [{"places": "3rd-4th", "points": 5}]."""
    return [
        {"places": band_words(band), "points": band.points} for band in points_table(series).bands
    ]


def identity(player_id: int | None, guest_name: str) -> str:
    """Who a registration counts for: its account, or a guest's name (ignoring case)."""
    return f"account:{player_id}" if player_id is not None else f"guest:{guest_name.casefold()}"


def series_view(series: Series, viewer: Any) -> dict[str, Any]:
    """The series as its page and the API show it: its events (each finished or still to
    come), the next event, and the leaderboard with each player's finishes. A player's name
    links to their page where they have an account and `viewer` may open it."""
    events = series_events(series)
    registrations = {
        pk: (player_id, username, guest)
        for pk, player_id, username, guest in Registration.objects.filter(
            tournament__in=events
        ).values_list("pk", "player_id", "player__username", "guest_name")
    }
    scored: list[EventPlacing] = []
    counted: set[int] = set()
    names: dict[str, tuple[str, int | None]] = {}  # identity -> (name shown, account id)
    for event in events:
        final = placings(tournament=event)
        if final is None:
            continue
        counted.add(event.pk)
        for p in final:
            player_id, username, guest = registrations[int(p.player)]
            key = identity(player_id, guest)
            # A guest's name as typed at their latest event (the events are in date order).
            names[key] = (username or guest, player_id)
            scored.append(EventPlacing(str(event.pk), key, p.place))
    lines = compute_leaderboard(scored, points_table(series), [str(e.pk) for e in events])
    visible = visible_player_ids(
        {account for _, account in names.values() if account is not None}, viewer
    )
    by_id = {str(e.pk): e for e in events}
    upcoming = [e for e in events if e.pk not in counted]
    return {
        "series": series,
        "events": [
            {"event": e, "counted": e.pk in counted, "status": e.get_status_display()}
            for e in events
        ],
        "next_event": next((e for e in upcoming if e.status != Tournament.Status.FINISHED), None),
        "waiting": upcoming,
        "points_table": points_table_rows(series),
        "leaderboard": [_line_row(line, names, visible, by_id) for line in lines],
    }


def _line_row(
    line: LeaderboardLine,
    names: dict[str, tuple[str, int | None]],
    visible: set[int],
    events: dict[str, Tournament],
) -> dict[str, Any]:
    name, account = names[line.player]
    return {
        "rank": line.rank,
        "player": name,
        "guest": account is None,
        "page": player_page_url(name) if account is not None and account in visible else None,
        "points": line.points,
        "best_place": line.best_place,
        "best_place_words": ordinal(line.best_place),
        "events_played": line.events,
        "finishes": [
            {
                "event": events[f.event],
                "place": f.place,
                "place_words": ordinal(f.place),
                "points": f.points,
            }
            for f in line.finishes
        ],
    }
