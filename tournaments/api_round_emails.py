"""REST endpoint of round e-mails (docs/api.md, "Round e-mails"): a registered player turns the
e-mail at each new round on or off for themself. The view parses, calls the service, and renders;
the permission check is the service's."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from . import services
from .api import event_or_404
from .models import Registration


class RoundEmailsBody(serializers.Serializer):
    enabled = serializers.BooleanField()


def round_emails_state(registration: Registration) -> dict:
    return {
        "registration": registration.pk,
        "enabled": registration.email_each_round,
        "since": registration.round_emails_since,
    }


class RoundEmails(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        request=RoundEmailsBody,
        responses=OpenApiTypes.OBJECT,
        summary="Turn the e-mail at each new round on or off (the registered player themself)",
    )
    def put(self, request, pk):
        data = RoundEmailsBody(data=request.data)
        data.is_valid(raise_exception=True)
        registration = services.registration_round_emails_set(
            tournament=event_or_404(pk), actor=request.user, **data.validated_data
        )
        return Response(round_emails_state(registration))
