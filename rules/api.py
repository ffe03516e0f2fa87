"""REST endpoints of the rules lookup: /api/rules/search/ and /api/rules/rulings/."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from genesis.errors import NotFound

from . import selectors, services
from .models import Section
from .serializers import (
    RulingFilter,
    RulingSerializer,
    RulingWrite,
    SearchParams,
    SearchResponse,
)


class RulesSearch(APIView):
    """Ranked rule sections for a question asked in plain English."""

    permission_classes = [AllowAny]

    @extend_schema(
        summary="Search the rulebooks, the keyword glossary and the rulings",
        parameters=[
            OpenApiParameter("q", OpenApiTypes.STR, required=True, description="the question"),
            OpenApiParameter("document", OpenApiTypes.STR, description="a document's slug"),
            OpenApiParameter(
                "game",
                OpenApiTypes.STR,
                description="genesis, grand-archive or titans-of-eden: that game's documents "
                "and the service's own",
            ),
            OpenApiParameter(
                "prefer",
                OpenApiTypes.STR,
                description="a game whose documents rank first, the others still searched: "
                "the game of the event or deck the question is asked from",
            ),
            OpenApiParameter("limit", OpenApiTypes.INT, description="1 to 50, default 10"),
        ],
        responses={200: SearchResponse},
    )
    def get(self, request):
        params = SearchParams(data={"q": "", **request.query_params.dict()})
        params.is_valid(raise_exception=True)
        results = selectors.rules_search(
            query=params.validated_data["q"],
            document=params.validated_data.get("document", ""),
            game=params.validated_data.get("game", ""),
            prefer=params.validated_data.get("prefer", ""),
            limit=params.validated_data["limit"],
        )
        return Response({"results": [result.as_json() for result in results]})


class RulingListCreate(APIView):
    """Judges' rulings: anyone reads them, staff users add them."""

    permission_classes = [AllowAny]  # services.ruling_create checks for staff

    @extend_schema(
        parameters=[
            OpenApiParameter("card", OpenApiTypes.INT, description="only this card's rulings"),
        ],
        responses=RulingSerializer(many=True),
        summary="List rulings",
    )
    def get(self, request):
        params = RulingFilter(data=request.query_params)
        params.is_valid(raise_exception=True)
        rulings = selectors.ruling_list(card_id=params.validated_data.get("card"))
        return Response(RulingSerializer(rulings, many=True).data)

    @extend_schema(request=RulingWrite, responses={201: RulingSerializer}, summary="Add a ruling")
    def post(self, request):
        services.require_judge(request.user)  # before reading the body: 403, not 400
        data = RulingWrite(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        ruling = services.ruling_create(
            user=request.user,
            question=values["question"],
            answer=values["answer"],
            source=values["source"],
            date=values["date"],
            card_id=values.get("card"),
            section=_section(values.get("section", "")),
            keyword=values.get("keyword", ""),
        )
        return Response(RulingSerializer(ruling).data, status=status.HTTP_201_CREATED)


def _section(address: str) -> Section | None:
    address = address.strip().strip("/")
    if not address:
        return None
    document, _, anchor = address.rpartition("/")
    section = (
        Section.objects.select_related("document")
        .filter(document__slug=document.rsplit("/", 1)[-1], anchor=anchor)
        .first()
    )
    if section is None:
        raise NotFound(f"No rule section is at '{address}'.", code="unknown_section")
    return section
