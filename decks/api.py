"""REST endpoints of the card index: /api/cards/ and /api/cards/{id}/."""

from django.http import HttpResponse
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from genesis.errors import NotFound, Refusal
from rules.core.decklist import Decklist, decklist_from_json, decklist_to_json, format_decklist
from rules.selectors import CitationLinks, with_rule_urls

from . import selectors, services
from .core.query import QueryError
from .models import Card, Deck
from .serializers import (
    CardDetailSerializer,
    CardSerializer,
    DeckSerializer,
    DeckVersionSerializer,
    DeckWrite,
    ValidateRequest,
    VersionRange,
)


def bad_query(exc: QueryError) -> Refusal:
    return Refusal(
        f"Bad search query: {exc.message}.",
        code="bad_query",
        token=exc.token,
        position=exc.position,
    )


class CardList(generics.ListAPIView):
    serializer_class = CardSerializer
    permission_classes = [AllowAny]

    @extend_schema(
        summary="Search the card index",
        parameters=[
            OpenApiParameter(
                "q",
                OpenApiTypes.STR,
                description="Search query; see docs/search.md, e.g. `t:summon chi<=3 aff:axon`.",
            ),
            OpenApiParameter(
                "legal_format",
                OpenApiTypes.STR,
                description="The format `legal:<champion>` judges by (a format's slug; "
                "default: genesis-standard). An unknown one is a 400 `unknown_format`. (Not "
                "`format`, which DRF keeps for choosing the response's renderer.)",
            ),
            OpenApiParameter(
                "game",
                OpenApiTypes.STR,
                description="The game whose cards are searched (genesis, grand-archive, "
                "titans-of-eden). Default: Genesis, unless the query has a `game:` filter. An "
                "unknown one is a 400 `unknown_game`.",
            ),
        ],
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        try:
            return selectors.card_search(
                query=self.request.query_params.get("q", ""),
                fmt=services.format_get(self.request.query_params.get("legal_format")),
                game=services.game_get(self.request.query_params.get("game")),
            )
        except QueryError as exc:
            raise bad_query(exc) from None


class CardDetail(generics.RetrieveAPIView):
    serializer_class = CardDetailSerializer
    permission_classes = [AllowAny]
    queryset = Card.objects.none()

    def get_object(self):
        try:
            return selectors.card_detail(card_id=self.kwargs["pk"])
        except Card.DoesNotExist:
            raise NotFound("No card has that id.") from None


# --- timelines -------------------------------------------------------------------------------


def _decklist(value, game: str | None = None) -> Decklist:
    if isinstance(value, str):
        return services.read_decklist(text=value, game=game)
    return services.read_decklist(data=value)


class DeckValidate(APIView):
    """Check a decklist. 200 whether it is legal or not; 400 only if it cannot be read."""

    permission_classes = [AllowAny]

    @extend_schema(
        request=ValidateRequest,
        responses={200: OpenApiTypes.OBJECT},
        summary="Validate a decklist against a format",
    )
    def post(self, request):
        data = ValidateRequest(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        fmt = services.format_get(values.get("format"))
        decklist = _decklist(values["decklist"], fmt.game)
        pool = values.get("pool")
        result = services.deck_validate(
            decklist=decklist,
            format_slug=fmt.slug,
            pool=None if pool is None else _decklist(pool, fmt.game),
            copy_limit=values.get("copy_limit"),
        ).as_dict()
        links = CitationLinks()
        return Response(
            {
                **result,
                "errors": with_rule_urls(result["errors"], links),
                "warnings": with_rule_urls(result["warnings"], links),
            }
        )


class DeckListCreate(generics.ListAPIView):
    serializer_class = DeckSerializer

    @extend_schema(
        parameters=[
            OpenApiParameter("mine", OpenApiTypes.BOOL, description="only your own decks"),
            OpenApiParameter("q", OpenApiTypes.STR, description="name or champion contains"),
        ]
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        params = self.request.query_params
        return selectors.deck_list(
            user=self.request.user,
            mine=params.get("mine") in ("1", "true"),
            query=params.get("q", "").strip()[:100],
        )

    @extend_schema(request=DeckWrite, responses={201: DeckSerializer}, summary="Save a deck")
    def post(self, request):
        data = DeckWrite(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        deck = services.deck_create(
            owner=request.user,
            name=values["name"],
            decklist=_decklist(values["decklist"]),
            format_slug=values.get("format", ""),
            description=values.get("description", ""),
            visibility=values.get("visibility", Deck.Visibility.PRIVATE),
        )
        return Response(DeckSerializer(deck).data, status=status.HTTP_201_CREATED)


class DeckObject(APIView):
    def deck(self) -> Deck:
        try:
            return selectors.deck_get(key=self.kwargs["key"], user=self.request.user)
        except Deck.DoesNotExist:
            raise NotFound("No deck with that key is visible to you.") from None


class DeckDetail(DeckObject):
    @extend_schema(responses=DeckSerializer)
    def get(self, request, key):
        return Response(DeckSerializer(self.deck()).data)

    @extend_schema(request=DeckWrite, responses=DeckSerializer, summary="Replace a deck")
    def put(self, request, key):
        return self._update(request, partial=False)

    @extend_schema(request=DeckWrite, responses=DeckSerializer, summary="Change a deck")
    def patch(self, request, key):
        return self._update(request, partial=True)

    def _update(self, request, partial: bool):
        data = DeckWrite(data=request.data, partial=partial)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        deck = services.deck_update(
            deck=self.deck(),
            actor=request.user,
            name=values.get("name"),
            description=values.get("description"),
            visibility=values.get("visibility"),
            format_slug=values.get("format"),
            decklist=_decklist(values["decklist"]) if "decklist" in values else None,
        )
        return Response(DeckSerializer(deck).data)

    @extend_schema(responses={204: None})
    def delete(self, request, key):
        services.deck_delete(deck=self.deck(), actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeckVersions(DeckObject):
    @extend_schema(responses=DeckVersionSerializer(many=True), summary="A deck's saved versions")
    def get(self, request, key):
        versions = selectors.deck_versions(deck=self.deck())
        return Response(DeckVersionSerializer(versions, many=True).data)


class DeckDiff(DeckObject):
    @extend_schema(
        parameters=[
            OpenApiParameter("from", OpenApiTypes.INT),
            OpenApiParameter("to", OpenApiTypes.INT),
        ],
        responses={200: OpenApiTypes.OBJECT},
        summary="Changes between two versions",
    )
    def get(self, request, key):
        deck = self.deck()
        params = VersionRange(data=request.query_params)
        params.is_valid(raise_exception=True)
        old = params.validated_data.get("from", deck.version - 1)
        new = params.validated_data.get("to", deck.version)
        changes = services.deck_diff(deck=deck, old=old, new=new)
        return Response({"from": old, "to": new, "changes": changes})


class DeckClone(DeckObject):
    @extend_schema(request=None, responses={201: DeckSerializer}, summary="Clone a public deck")
    def post(self, request, key):
        if not request.user.is_authenticated:
            raise NotAuthenticated()
        deck = services.deck_clone(deck=self.deck(), actor=request.user)
        return Response(DeckSerializer(deck).data, status=status.HTTP_201_CREATED)


class DeckExport(DeckObject):
    @extend_schema(
        parameters=[OpenApiParameter("as", OpenApiTypes.STR, enum=["text", "json"])],
        responses={200: OpenApiTypes.STR},
        summary="Export a decklist",
    )
    def get(self, request, key):
        deck = self.deck()
        decklist = decklist_from_json(deck.decklist)
        as_ = request.query_params.get("as", "text")
        if as_ == "json":
            return Response(decklist_to_json(decklist))
        if as_ != "text":
            raise Refusal("'as' must be text or json.", code="invalid")
        response = HttpResponse(format_decklist(decklist), content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = (
            f'attachment; filename="{slugify(deck.name) or "deck"}.txt"'
        )
        return response
