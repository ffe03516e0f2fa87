"""REST endpoints of a multi-day event's phases (docs/api.md, "Phases"): who advances to the
next Swiss phase, and the organizer's confirmation. Views parse, call a service, and render;
permissions are checked in the services."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from .api import event_or_404
from .services.phases import phase_advance_confirm, phase_next

MAX_PLAYERS = 4096


class ConfirmBody(serializers.Serializer):
    # The registration ids the organizer was shown as advancing; refused if they have changed.
    advancing = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        required=False,
        allow_null=True,
        default=None,
        max_length=MAX_PLAYERS,
    )


class PhaseNext(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT},
        summary="Who advances to the next Swiss phase, and who does not (judges and the organizer)",
    )
    def get(self, request, pk):
        return Response(phase_next(tournament=event_or_404(pk), actor=request.user))

    @extend_schema(
        request=ConfirmBody,
        responses={200: OpenApiTypes.OBJECT},
        summary="Confirm who advances to the next Swiss phase (the organizer)",
    )
    def post(self, request, pk):
        data = ConfirmBody(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(
            phase_advance_confirm(
                tournament=event_or_404(pk),
                actor=request.user,
                advancing=data.validated_data["advancing"],
            )
        )
