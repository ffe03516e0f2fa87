"""REST endpoints of the matchup lab (docs/matchups.md): start a job on a deck, read it, cancel
it. `POST /api/decks/{key}/matchups/`, `GET` and `DELETE /api/matchups/{id}/`."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from decks import selectors as deck_selectors
from decks.models import Deck
from genesis.errors import NotFound

from . import selectors, services
from .models import Matchup


class OpponentRequest(serializers.Serializer):
    deck = serializers.CharField(required=False, max_length=40, help_text="a visible deck's key")
    sample = serializers.CharField(
        required=False, max_length=120, help_text="a sample timeline's slug (decks/samples)"
    )
    field = serializers.BooleanField(
        required=False, help_text="true: every public legal deck in the deck's format"
    )

    def validate(self, attrs):
        chosen = [name for name in ("deck", "sample") if attrs.get(name)]
        if attrs.get("field"):
            chosen.append("field")
        if len(chosen) != 1:
            raise serializers.ValidationError(
                "Give exactly one of deck (a key), sample (a slug) or field (true)."
            )
        return attrs


class MatchupRequest(serializers.Serializer):
    opponent = OpponentRequest()
    games = serializers.IntegerField(
        required=False,
        default=services.DEFAULT_GAMES,
        min_value=1,
        max_value=services.MAX_GAMES,
    )
    bot = serializers.ChoiceField(
        choices=Matchup.Bot.choices, required=False, default=Matchup.Bot.HEURISTIC
    )


class MatchupStart(APIView):
    @extend_schema(
        request=MatchupRequest,
        responses={
            202: OpenApiTypes.OBJECT,
            422: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="The engine cannot play the deck or the opponent (`deck_unplayable`,"
                " `opponent_unplayable` with `problems`), or the field is empty (`empty_field`).",
            ),
        },
        summary="Test a deck: play games against an opponent (docs/matchups.md)",
    )
    def post(self, request, key):
        if not request.user.is_authenticated:
            raise NotAuthenticated()
        try:
            deck = deck_selectors.deck_get(key=key, user=request.user)
        except Deck.DoesNotExist:
            raise NotFound("No deck with that key is visible to you.") from None
        data = MatchupRequest(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        job, started = services.matchup_start(
            deck=deck,
            actor=request.user,
            opponent=services.OpponentChoice(**values["opponent"]),
            games=values["games"],
            bot=values["bot"],
        )
        job = selectors.matchup_get(pk=job.pk, user=request.user)
        body = {**selectors.matchup_report(job), "started": started}
        return Response(body, status=status.HTTP_202_ACCEPTED)


class MatchupDetail(APIView):
    def job(self) -> Matchup:
        try:
            return selectors.matchup_get(pk=self.kwargs["pk"], user=self.request.user)
        except Matchup.DoesNotExist:
            raise NotFound("You have no matchup with that id.") from None

    @extend_schema(responses={200: OpenApiTypes.OBJECT}, summary="A matchup: progress and results")
    def get(self, request, pk):
        return Response(selectors.matchup_report(self.job()))

    @extend_schema(responses={200: OpenApiTypes.OBJECT}, summary="Cancel a matchup")
    def delete(self, request, pk):
        job = services.matchup_cancel(matchup=self.job(), actor=request.user)
        job = selectors.matchup_get(pk=job.pk, user=request.user)
        return Response(selectors.matchup_report(job))
