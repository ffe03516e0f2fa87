"""REST endpoints of deck checks (docs/api.md, "Deck checks"): a judge or the organizer starts
checks of chosen or random tables of the current round, ends one with its outcome (which adds
its minutes to the match's time), and lists the event's checks. Views parse, call a service or
selector, and render; permissions are checked in the services and selectors."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from .api import event_or_404
from .models import DeckCheck
from .selectors.deck_checks import deck_check_row, deck_check_rows
from .services.deck_checks import MAX_NOTE, deck_check_end, deck_checks_start

MAX_TABLES = 1000


class StartBody(serializers.Serializer):
    """The tables to check, or how many to draw at random (one of the two)."""

    tables = serializers.ListField(
        child=serializers.IntegerField(min_value=1), required=False, max_length=MAX_TABLES
    )
    random = serializers.IntegerField(required=False, min_value=1, max_value=MAX_TABLES)


class EndBody(serializers.Serializer):
    outcome = serializers.ChoiceField(choices=DeckCheck.Outcome.values)
    note = serializers.CharField(required=False, allow_blank=True, max_length=MAX_NOTE, default="")
    # The registration whose deck did not match: required for a discrepancy.
    player = serializers.IntegerField(required=False, allow_null=True, default=None)


class RoundDeckChecks(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        request=StartBody,
        responses={201: OpenApiTypes.OBJECT},
        summary="Start deck checks of chosen tables, or of k random tables, of the current round "
        "(judges and the organizer)",
    )
    def post(self, request, pk, number):
        data = StartBody(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        tournament = event_or_404(pk)
        checks = deck_checks_start(
            tournament=tournament,
            actor=request.user,
            round_number=number,
            tables=v.get("tables"),
            random_count=v.get("random"),
        )
        return Response(
            [deck_check_row(c, decklists=False) for c in checks], status=status.HTTP_201_CREATED
        )


class DeckChecks(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        responses=OpenApiTypes.OBJECT,
        summary="The event's deck checks, running and ended, with both decklists (judges and "
        "the organizer)",
    )
    def get(self, request, pk):
        return Response(deck_check_rows(tournament=event_or_404(pk), user=request.user))


class DeckCheckEnd(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        request=EndBody,
        responses={200: OpenApiTypes.OBJECT},
        summary="End a deck check: ok or discrepancy (naming the player); its minutes are added "
        "to the match's time (judges and the organizer)",
    )
    def post(self, request, pk, check):
        data = EndBody(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        ended = deck_check_end(
            tournament=event_or_404(pk),
            actor=request.user,
            check_id=check,
            outcome=v["outcome"],
            note=v["note"],
            player_id=v["player"],
        )
        return Response(deck_check_row(ended, decklists=False))
