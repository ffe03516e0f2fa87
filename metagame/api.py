"""REST endpoints of the metagame (docs/metagame.md, docs/api.md): an event's figures and its
simulated field, a format's figures over dates, and a format's archetypes (list, create,
rename, merge, split). Figures come as JSON, or as CSV with `?as=csv`."""

from datetime import date
from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from genesis.csv_cells import write_csv
from genesis.errors import NotFound, Refusal
from matchups.models import Matchup
from rules.core.formats import FORMATS
from tournaments import selectors as event_selectors
from tournaments.models import Tournament

from . import selectors, services
from .core import figures as maths


def event_or_404(pk: int) -> Tournament:
    try:
        return event_selectors.tournament_get(tournament_id=pk)
    except Tournament.DoesNotExist:
        raise NotFound("No event has that id.") from None


def format_or_404(slug: str) -> str:
    if slug not in FORMATS:
        raise NotFound(f"There is no format called {slug!r}.", code="unknown_format")
    return slug


def csv_response(filename: str, figures: maths.Figures) -> HttpResponse:
    """The figures as CSV, one row per archetype, every cell through genesis.csv_cells."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    write_csv(response, selectors.CSV_HEADER, selectors.figures_csv_rows(figures))
    return response


def event_body(tournament: Tournament) -> dict[str, Any]:
    figures = selectors.event_figures(tournament)
    simulation = selectors.latest_simulation(tournament) if figures is not None else None
    return {
        "event": tournament.pk,
        "format": tournament.format,
        "decklists": tournament.decklists,
        "published": figures is not None,
        "figures": selectors.figures_json(figures) if figures is not None else None,
        "simulation": (
            selectors.comparison(figures, simulation)
            if figures is not None and simulation is not None
            else None
        ),
    }


class EventMetagame(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("as", str, description="csv: the archetypes' lines as CSV")],
        responses={200: OpenApiTypes.OBJECT},
        summary="An event's archetypes, meta share, win rates and matrix (published decklists)",
    )
    def get(self, request, pk):
        tournament = event_or_404(pk)
        if request.query_params.get("as") == "csv":
            figures = selectors.event_figures(tournament)
            if figures is None:
                raise services.NotPublished(
                    "The event's decklists are not published: it has no figures yet."
                )
            return csv_response(f"event-{pk}-metagame.csv", figures)
        return Response(event_body(tournament))


class SimulateRequest(serializers.Serializer):
    games = serializers.IntegerField(
        required=False,
        default=services.DEFAULT_SIMULATED_GAMES,
        min_value=1,
        max_value=services.MAX_SIMULATED_GAMES,
        help_text="engine games per pairing of archetypes",
    )
    bot = serializers.ChoiceField(
        choices=Matchup.Bot.choices, required=False, default=Matchup.Bot.HEURISTIC
    )


class EventSimulate(APIView):
    @extend_schema(
        request=SimulateRequest,
        responses={202: OpenApiTypes.OBJECT},
        summary="Run the event's simulated field on the matchup lab",
    )
    def post(self, request, pk):
        tournament = event_or_404(pk)
        data = SimulateRequest(data=request.data)
        data.is_valid(raise_exception=True)
        _, started = services.field_simulate(
            tournament=tournament, actor=request.user, **data.validated_data
        )
        body = event_body(tournament)
        return Response({**body, "started": started}, status=status.HTTP_202_ACCEPTED)


def _day(request, name: str) -> date | None:
    text = request.query_params.get(name, "")
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise Refusal(f"{name} is a date written YYYY-MM-DD.", code="invalid_date") from None


class FormatMetagame(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("from", str, description="first day (YYYY-MM-DD), included"),
            OpenApiParameter("to", str, description="last day (YYYY-MM-DD), included"),
            OpenApiParameter("as", str, description="csv: the archetypes' lines as CSV"),
        ],
        responses={200: OpenApiTypes.OBJECT},
        summary="A format's figures over the events held between two dates",
    )
    def get(self, request, slug):
        slug = format_or_404(slug)
        start, end = _day(request, "from"), _day(request, "to")
        if start and end and start > end:
            raise Refusal("from comes before to.", code="invalid_dates")
        events, figures = selectors.format_figures(slug, start, end)
        if request.query_params.get("as") == "csv":
            return csv_response("format-metagame.csv", figures)
        return Response(
            {
                "format": slug,
                "from": start,
                "to": end,
                "events": [
                    {"id": e.pk, "name": e.name, "date": e.held, "decklists": e.decklists}
                    for e in events
                ],
                "figures": selectors.figures_json(figures),
            }
        )


class SignatureCard(serializers.Serializer):
    card = serializers.CharField(max_length=120)
    min = serializers.IntegerField(min_value=1, max_value=services.MAX_COPIES, default=1)


class ArchetypeRequest(serializers.Serializer):
    name = serializers.CharField(max_length=services.MAX_NAME)
    champion = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")
    cards = SignatureCard(many=True, required=False, default=list)


class RenameRequest(serializers.Serializer):
    name = serializers.CharField(max_length=services.MAX_NAME)


class MergeRequest(serializers.Serializer):
    into = serializers.IntegerField(
        min_value=1, max_value=2**63 - 1, help_text="the archetype that takes this one's decklists"
    )


class SplitRequest(serializers.Serializer):
    name = serializers.CharField(max_length=services.MAX_NAME)
    cards = SignatureCard(many=True)


def _valid(serializer_class, request) -> dict[str, Any]:
    data = serializer_class(data=request.data)
    data.is_valid(raise_exception=True)
    return dict(data.validated_data)


def _plain_cards(cards) -> list[dict[str, Any]]:
    return [dict(card) for card in cards]


class ArchetypeList(APIView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT}, summary="A format's archetypes")
    def get(self, request, slug):
        return Response(selectors.archetype_list(format_or_404(slug)))

    @extend_schema(
        request=ArchetypeRequest,
        responses={201: OpenApiTypes.OBJECT},
        summary="Create an archetype (staff, organizers and judges of the format's events)",
    )
    def post(self, request, slug):
        slug = format_or_404(slug)
        values = _valid(ArchetypeRequest, request)
        archetype = services.archetype_create(
            format_slug=slug,
            actor=request.user,
            name=values["name"],
            champion=values["champion"],
            cards=_plain_cards(values["cards"]),
        )
        return Response(_one(slug, archetype.pk), status=status.HTTP_201_CREATED)


def _one(slug: str, pk: int) -> dict[str, Any]:
    return next(a for a in selectors.archetype_list(slug) if a["id"] == pk)


class ArchetypeDetail(APIView):
    @extend_schema(
        request=RenameRequest, responses={200: OpenApiTypes.OBJECT}, summary="Rename an archetype"
    )
    def patch(self, request, slug, pk):
        archetype = services.archetype_get(format_slug=format_or_404(slug), pk=pk)
        values = _valid(RenameRequest, request)
        archetype = services.archetype_rename(
            archetype=archetype, actor=request.user, name=values["name"]
        )
        return Response(_one(slug, archetype.pk))


class ArchetypeMerge(APIView):
    @extend_schema(
        request=MergeRequest,
        responses={200: OpenApiTypes.OBJECT},
        summary="Merge an archetype into another",
    )
    def post(self, request, slug, pk):
        slug = format_or_404(slug)
        archetype = services.archetype_get(format_slug=slug, pk=pk)
        values = _valid(MergeRequest, request)
        into = services.archetype_get(format_slug=slug, pk=values["into"])
        merged = services.archetype_merge(archetype=archetype, into=into, actor=request.user)
        return Response(_one(slug, merged.pk))


class ArchetypeSplit(APIView):
    @extend_schema(
        request=SplitRequest,
        responses={201: OpenApiTypes.OBJECT},
        summary="Split off the decklists of an archetype that hold signature cards",
    )
    def post(self, request, slug, pk):
        slug = format_or_404(slug)
        archetype = services.archetype_get(format_slug=slug, pk=pk)
        values = _valid(SplitRequest, request)
        new = services.archetype_split(
            archetype=archetype,
            actor=request.user,
            name=values["name"],
            cards=_plain_cards(values["cards"]),
        )
        return Response(_one(slug, new.pk), status=status.HTTP_201_CREATED)
