"""REST endpoints of the card index: /api/cards/ and /api/cards/{id}/."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics
from rest_framework.permissions import AllowAny

from genesis.errors import NotFound, Refusal

from . import selectors
from .models import Card
from .query import QueryError
from .serializers import CardDetailSerializer, CardSerializer


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
            )
        ],
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        try:
            return selectors.card_search(query=self.request.query_params.get("q", ""))
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
