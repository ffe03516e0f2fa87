"""REST endpoints of series and player pages (docs/api.md, "Series" and "Player pages"): a
series with its leaderboard, its organizer's changes and events, and a player's events. Views
parse, call a service or selector, and render; the checks are the services' and selectors'."""

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from genesis.errors import NotFound

from . import selectors
from .api import event_or_404
from .core.series import MAX_BANDS, MAX_PLACE, MAX_POINTS
from .models import Series, Tournament
from .services import series as series_services


def series_or_404(series_id: int) -> Series:
    try:
        return selectors.series_get(series_id=series_id)
    except Series.DoesNotExist:
        raise NotFound("No series has that id.") from None


class Band(serializers.Serializer):
    first = serializers.IntegerField(min_value=1, max_value=MAX_PLACE)
    last = serializers.IntegerField(min_value=1, max_value=MAX_PLACE)
    points = serializers.IntegerField(min_value=0, max_value=MAX_POINTS)


class SeriesBody(serializers.Serializer):
    name = serializers.CharField(max_length=series_services.MAX_SERIES_NAME)
    description = serializers.CharField(
        max_length=series_services.MAX_SERIES_DESCRIPTION, allow_blank=True, required=False
    )
    points_table = serializers.ListField(child=Band(), max_length=MAX_BANDS)
    attendance_points = serializers.IntegerField(min_value=0, max_value=MAX_POINTS, required=False)


class SeriesEventBody(serializers.Serializer):
    tournament = serializers.IntegerField(min_value=1)


def _event(event: Tournament) -> dict[str, Any]:
    return {
        "id": event.pk,
        "name": event.name,
        "date": event.date.isoformat() if event.date else None,
        "status": event.status,
    }


def series_summary(series: Series) -> dict[str, Any]:
    return {
        "id": series.pk,
        "name": series.name,
        "description": series.description,
        "organizer": series.organizer.username,
        "points_table": series.points_table,
        "attendance_points": series.attendance_points,
    }


def series_detail(view: dict[str, Any]) -> dict[str, Any]:
    """The series, its events, the next event and the leaderboard (selectors.series_view)."""
    return {
        **series_summary(view["series"]),
        "events": [{**_event(e["event"]), "counted": e["counted"]} for e in view["events"]],
        "next_event": _event(view["next_event"]) if view["next_event"] else None,
        "leaderboard": [
            {
                "rank": line["rank"],
                "player": line["player"],
                "guest": line["guest"],
                "points": line["points"],
                "best_place": line["best_place"],
                "events_played": line["events_played"],
                "finishes": [
                    {"event": f["event"].pk, "place": f["place"], "points": f["points"]}
                    for f in line["finishes"]
                ],
            }
            for line in view["leaderboard"]
        ],
    }


class SeriesListCreate(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(
        responses={200: serializers.ListSerializer(child=serializers.DictField())},
        summary="Every series, newest first",
    )
    def get(self, request):
        return Response(
            [{**series_summary(s), "event_count": s.event_count} for s in selectors.series_list()]
        )

    @extend_schema(
        request=SeriesBody,
        responses={201: OpenApiTypes.OBJECT},
        summary="Create a series (you become its organizer)",
    )
    def post(self, request):
        series_services.require_login(request.user)  # a 401 before any 400 of the body
        data = SeriesBody(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        series = series_services.series_create(
            actor=request.user,
            name=v["name"],
            description=v.get("description", ""),
            points_table=v["points_table"],
            attendance_points=v.get("attendance_points", 0),
        )
        return Response(series_summary(series), status=status.HTTP_201_CREATED)


class SeriesDetail(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT},
        summary="A series with its events, the next event and the leaderboard",
    )
    def get(self, request, pk):
        return Response(series_detail(selectors.series_view(series_or_404(pk), request.user)))

    @extend_schema(
        request=SeriesBody(partial=True),
        responses={200: OpenApiTypes.OBJECT},
        summary="Change a series' name, description or points (its organizer)",
    )
    def patch(self, request, pk):
        series = series_or_404(pk)
        series_services.require_series_organizer(series, request.user)
        data = SeriesBody(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        series = series_services.series_update(
            series=series,
            actor=request.user,
            name=v.get("name"),
            description=v.get("description"),
            points_table=v.get("points_table"),
            attendance_points=v.get("attendance_points"),
        )
        return Response(series_summary(series))


class SeriesEvents(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(
        request=SeriesEventBody,
        responses={201: OpenApiTypes.OBJECT},
        summary="Add one of your events to the series (its organizer)",
    )
    def post(self, request, pk):
        series = series_or_404(pk)
        series_services.require_series_organizer(series, request.user)
        data = SeriesEventBody(data=request.data)
        data.is_valid(raise_exception=True)
        entry = series_services.series_event_add(
            series=series,
            actor=request.user,
            tournament=event_or_404(data.validated_data["tournament"]),
        )
        return Response(_event(entry.tournament), status=status.HTTP_201_CREATED)


class SeriesEvent(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(responses={204: None}, summary="Take an event out of the series (its organizer)")
    def delete(self, request, pk, event):
        series_services.series_event_remove(
            series=series_or_404(pk), actor=request.user, tournament_id=event
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class PlayerDetail(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT},
        summary="A player's events: placing, record, and decks where published to you",
    )
    def get(self, request, username):
        page = selectors.player_history(username=username, viewer=request.user)
        return Response(
            {
                **page,
                "events": [
                    {**row, "date": row["date"].isoformat() if row["date"] else None}
                    for row in page["events"]
                ],
            }
        )
