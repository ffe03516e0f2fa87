"""REST endpoints of judge calls (docs/api.md, "Judge calls"): a player in a match calls a judge,
the judges read the live queue, claim a call and resolve it with a ruling citing the rules
lookup's sections. Views parse, call a service or selector, and render; permissions are checked
in the services and selectors."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from genesis.errors import NotFound

from . import permissions, selectors
from .api import event_or_404
from .models import Match
from .selectors.judge_calls import judge_call_queue, judge_call_rows, match_judge_calls
from .services.judge_calls import (
    MAX_NOTE,
    MAX_RULING,
    MAX_SECTIONS,
    judge_call_claim,
    judge_call_open,
    judge_call_resolve,
)
from .services.matches import MAX_EXTENSION_MINUTES


class CallBody(serializers.Serializer):
    note = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=MAX_NOTE, trim_whitespace=True
    )


class ResolveBody(serializers.Serializer):
    ruling = serializers.CharField(max_length=MAX_RULING)
    sections = serializers.ListField(
        child=serializers.CharField(max_length=200),
        required=False,
        default=list,
        max_length=MAX_SECTIONS,
        help_text='cited sections, each "document-slug/anchor" (or its page path, as a search '
        "result's url gives it)",
    )
    extension_minutes = serializers.IntegerField(
        required=False, default=0, min_value=0, max_value=MAX_EXTENSION_MINUTES
    )


def _match(match_id: int) -> Match:
    try:
        return selectors.match_get(match_id=match_id)
    except Match.DoesNotExist:
        raise NotFound("No match has that id.") from None


def _row(call) -> dict:
    return judge_call_rows([call])[0]


class MatchJudgeCalls(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        responses=OpenApiTypes.OBJECT,
        summary="A match's judge calls with their rulings (its players and the judges)",
    )
    def get(self, request, pk):
        calls = match_judge_calls(match=_match(pk), user=request.user)
        return Response({"calls": judge_call_rows(calls)})

    @extend_schema(
        request=CallBody,
        responses={201: OpenApiTypes.OBJECT},
        summary="Call a judge to this match's table (its players; a judge may open one too)",
    )
    def post(self, request, pk):
        match = _match(pk)
        body = CallBody(data=request.data)
        body.is_valid(raise_exception=True)
        call = judge_call_open(match=match, actor=request.user, note=body.validated_data["note"])
        return Response(_row(call), status=status.HTTP_201_CREATED)


class JudgeCallQueue(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        responses=OpenApiTypes.OBJECT,
        summary="The live queue of open and claimed judge calls, by table (judges)",
    )
    def get(self, request, pk):
        calls = judge_call_queue(tournament=event_or_404(pk), user=request.user)
        return Response({"calls": judge_call_rows(calls)})


class JudgeCallClaim(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(request=None, responses=OpenApiTypes.OBJECT, summary="Take a call (judges)")
    def post(self, request, pk, call):
        claimed = judge_call_claim(tournament=event_or_404(pk), call_id=call, actor=request.user)
        return Response(_row(claimed))


class JudgeCallResolve(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        request=ResolveBody,
        responses=OpenApiTypes.OBJECT,
        summary="Resolve a call with a ruling, its cited sections and any extra minutes (judges)",
    )
    def post(self, request, pk, call):
        tournament = event_or_404(pk)
        permissions.require_judge(tournament, request.user)  # before reading the body: 403
        body = ResolveBody(data=request.data)
        body.is_valid(raise_exception=True)
        v = body.validated_data
        resolved = judge_call_resolve(
            tournament=tournament,
            call_id=call,
            actor=request.user,
            ruling=v["ruling"],
            sections=v["sections"],
            extension_minutes=v["extension_minutes"],
        )
        return Response(_row(resolved))
