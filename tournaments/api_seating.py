"""REST endpoint of fixed seats (docs/api.md, "Fixed seats"): the organizer keeps a table for a
registration in every round, or frees it. The view parses, calls the service, and renders; the
checks are the service's."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from . import services
from .api import event_or_404
from .models import Registration


def fixed_table_state(registration: Registration) -> dict:
    return {"registration": registration.pk, "table": registration.fixed_table}


class FixedTable(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        request=inline_serializer(
            "FixedTableBody", {"table": serializers.IntegerField(allow_null=True, min_value=1)}
        ),
        responses=OpenApiTypes.OBJECT,
        summary="Keep a table for this registration in every round, or null to free it "
        "(the organizer)",
    )
    def put(self, request, pk, registration):
        body = request.data if isinstance(request.data, dict) else {}
        updated = services.registration_fixed_table_set(
            tournament=event_or_404(pk),
            actor=request.user,
            registration_id=registration,
            table=body.get("table", "missing"),
        )
        return Response(fixed_table_state(updated))
