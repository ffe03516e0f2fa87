"""REST endpoints of check-in (docs/api.md, "Check-in"): the organizer sets the window, a player
checks in with the event's code, the organizer or a judge checks in anyone, and the list of who
is in and who is missing. Views parse, call a service or selector, and render; permissions are
checked in the services and selectors."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from genesis.errors import Refusal

from . import selectors, services
from .api import event_or_404
from .selectors.check_in import check_in_row


class WindowBody(serializers.Serializer):
    opens_at = serializers.DateTimeField(required=False, allow_null=True, default=None)
    closes_at = serializers.DateTimeField(required=False, allow_null=True, default=None)
    drop_unchecked = serializers.BooleanField(required=False, allow_null=True, default=None)


class CheckInBody(serializers.Serializer):
    """The event's code (a player checking themself in), or a registration (the organizer or
    a judge checking a player in)."""

    code = serializers.CharField(required=False, max_length=20)
    registration = serializers.IntegerField(required=False)


class CheckInWindow(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        request=WindowBody,
        responses=OpenApiTypes.OBJECT,
        summary="Set the check-in window and whether no-shows are dropped at round 1 (organizer)",
    )
    def put(self, request, pk):
        data = WindowBody(data=request.data)
        data.is_valid(raise_exception=True)
        tournament = services.check_in_window_set(
            tournament=event_or_404(pk), actor=request.user, **data.validated_data
        )
        return Response(selectors.check_in_view(tournament=tournament, user=request.user))


class CheckIn(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        request=CheckInBody,
        responses={201: OpenApiTypes.OBJECT, 200: OpenApiTypes.OBJECT},
        summary="Check in with the event's code, or check a player in (organizer or judge)",
    )
    def post(self, request, pk):
        data = CheckInBody(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        if ("code" in v) == ("registration" in v):
            raise Refusal(
                "Send the check-in code, or (organizer or judge) the registration to check in.",
                code="invalid",
            )
        made, created = services.check_in(
            tournament=event_or_404(pk),
            actor=request.user,
            code=v.get("code"),
            registration_id=v.get("registration"),
        )
        return Response(
            check_in_row(made.registration),
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


class CheckIns(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        responses=OpenApiTypes.OBJECT,
        summary="Who is checked in and who is missing (organizer and judges); a player's own",
    )
    def get(self, request, pk):
        tournament = event_or_404(pk)
        return Response(selectors.check_in_view(tournament=tournament, user=request.user))
