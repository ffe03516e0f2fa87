"""REST endpoints of events for every game (docs/api.md, docs/events.md): match settings, limited
events' pools and decks, Titans of Eden teams and Three-Arena pods. Views parse, call a service, and render;
permissions are checked in the services."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from genesis.errors import NotFound

from . import selectors, services
from .api import event_or_404, round_or_404
from .models import Pod
from .serializers import RegistrationSerializer, TournamentSerializer
from .services.pools import read_cards


class SettingsBody(serializers.Serializer):
    best_of = serializers.IntegerField(required=False)
    sideboarding = serializers.BooleanField(required=False)
    first_player = serializers.CharField(required=False, max_length=20)
    copy_limit = serializers.IntegerField(required=False, allow_null=True)
    team_play = serializers.CharField(required=False, allow_blank=True, max_length=12)


class PoolBody(serializers.Serializer):
    """A pool in the decklist text format, for a registration or a player to register."""

    pool = serializers.CharField(max_length=400_000, trim_whitespace=False)
    registration = serializers.IntegerField(required=False)
    username = serializers.CharField(required=False, max_length=150)
    guest = serializers.CharField(required=False, max_length=60)


class GenerateBody(serializers.Serializer):
    set = serializers.CharField(max_length=20)
    size = serializers.IntegerField(required=False, default=60)


class DeckBody(serializers.Serializer):
    decklist = serializers.CharField(max_length=400_000, trim_whitespace=False)
    registration = serializers.IntegerField(required=False)


class SeatBody(serializers.Serializer):
    arena = serializers.IntegerField()
    username = serializers.CharField(required=False, default="", allow_blank=True, max_length=150)
    guest = serializers.CharField(required=False, default="", allow_blank=True, max_length=60)
    spellbook = serializers.CharField(
        required=False, default=None, allow_null=True, max_length=400_000, trim_whitespace=False
    )


class TeamBody(serializers.Serializer):
    name = serializers.CharField(max_length=60)
    seats = SeatBody(many=True)


def _rows(tournament, user, registrations):
    return selectors.registration_rows(tournament, user, registrations)


class EventSettings(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=SettingsBody,
        responses=TournamentSerializer,
        summary="Change the match settings, copy limit or team play before the start (organizer)",
    )
    def patch(self, request, pk):
        data = SettingsBody(data=request.data)
        data.is_valid(raise_exception=True)
        tournament = services.event_settings_update(
            tournament=event_or_404(pk), actor=request.user, **data.validated_data
        )
        return Response(TournamentSerializer(tournament).data)


class Pools(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=PoolBody,
        responses={201: RegistrationSerializer},
        summary="Record a player's pool in a limited event (organizer)",
    )
    def post(self, request, pk):
        data = PoolBody(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        tournament = event_or_404(pk)
        registration = services.pool_set(
            tournament=tournament,
            actor=request.user,
            pool=read_cards(v["pool"], tournament, "pool"),
            registration_id=v.get("registration"),
            username=v.get("username", ""),
            guest=v.get("guest", ""),
        )
        return Response(
            _rows(tournament, request.user, [registration])[0], status=status.HTTP_201_CREATED
        )


class PoolsGenerate(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=GenerateBody,
        responses=RegistrationSerializer(many=True),
        summary="Demo: deal every player without a pool one from a set's print sheet (organizer)",
    )
    def post(self, request, pk):
        data = GenerateBody(data=request.data)
        data.is_valid(raise_exception=True)
        tournament = event_or_404(pk)
        dealt = services.pools_generate(
            tournament=tournament,
            actor=request.user,
            set_code=data.validated_data["set"],
            size=data.validated_data["size"],
        )
        return Response(_rows(tournament, request.user, dealt))


class Deck(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=DeckBody,
        responses=RegistrationSerializer,
        summary="Submit the deck built from your pool (a judge: a guest's, by registration)",
    )
    def put(self, request, pk):
        data = DeckBody(data=request.data)
        data.is_valid(raise_exception=True)
        tournament = event_or_404(pk)
        registration = services.deck_submit(
            tournament=tournament,
            actor=request.user,
            decklist=read_cards(data.validated_data["decklist"], tournament, "decklist"),
            registration_id=data.validated_data.get("registration"),
        )
        return Response(_rows(tournament, request.user, [registration])[0])


class Teams(APIView):
    @extend_schema(
        responses=RegistrationSerializer(many=True),
        summary="The event's teams with their seats (spellbooks only once published)",
    )
    def get(self, request, pk):
        tournament = event_or_404(pk)
        teams = selectors.registration_list(tournament=tournament).filter(is_team=True)
        return Response(_rows(tournament, request.user, teams))

    @extend_schema(
        request=TeamBody,
        responses={201: RegistrationSerializer},
        summary="Register a team with a player and spellbook per arena (organizer)",
    )
    def post(self, request, pk):
        data = TeamBody(data=request.data)
        data.is_valid(raise_exception=True)
        tournament = event_or_404(pk)
        seats = [
            services.SeatEntry(
                arena=seat["arena"],
                username=seat["username"],
                guest=seat["guest"],
                spellbook=None
                if seat["spellbook"] is None
                else read_cards(seat["spellbook"], tournament, "spellbook"),
            )
            for seat in data.validated_data["seats"]
        ]
        team = services.team_register(
            tournament=tournament,
            actor=request.user,
            name=data.validated_data["name"],
            seats=seats,
        )
        return Response(_rows(tournament, request.user, [team])[0], status=status.HTTP_201_CREATED)


class MoveBody(serializers.Serializer):
    position = serializers.IntegerField()


class CapacityBody(serializers.Serializer):
    capacity = serializers.IntegerField(allow_null=True)


class Waitlist(APIView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT},
        summary="A full event's waitlist: the whole line for the organizer and judges, your own "
        "place (or what became of it) for a player, its length for anyone",
    )
    def get(self, request, pk):
        return Response(selectors.waitlist_view(event_or_404(pk), request.user))


class WaitlistPlace(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={204: None},
        summary="Take a player off the waitlist (organizer), or leave it (the player)",
    )
    def delete(self, request, pk, entry):
        services.waitlist_entry_remove(
            tournament=event_or_404(pk), actor=request.user, entry_id=entry
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class WaitlistMove(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=MoveBody,
        responses={200: OpenApiTypes.OBJECT},
        summary="Move a waiting player to a place in the line, 1 first (organizer)",
    )
    def post(self, request, pk, entry):
        data = MoveBody(data=request.data)
        data.is_valid(raise_exception=True)
        tournament = event_or_404(pk)
        services.waitlist_entry_move(
            tournament=tournament,
            actor=request.user,
            entry_id=entry,
            position=data.validated_data["position"],
        )
        return Response(selectors.waitlist_view(tournament, request.user))


class Capacity(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=CapacityBody,
        responses={200: OpenApiTypes.OBJECT},
        summary="Change the capacity before the start (organizer); new places are filled from "
        "the waitlist",
    )
    def put(self, request, pk):
        data = CapacityBody(data=request.data)
        data.is_valid(raise_exception=True)
        tournament, decided = services.event_capacity_set(
            tournament=event_or_404(pk),
            actor=request.user,
            capacity=data.validated_data["capacity"],
        )
        return Response(
            {
                "event": TournamentSerializer(tournament).data,
                "decided": [selectors.waitlist_entry_row(e, None) for e in decided],
            }
        )


class PodResultBody(serializers.Serializer):
    winner = serializers.CharField(allow_null=True, max_length=60)
    note = serializers.CharField(required=False, allow_blank=True, max_length=300, default="")


def _pod(pk: int) -> Pod:
    try:
        return selectors.pod_get(pod_id=pk)
    except Pod.DoesNotExist:
        raise NotFound("No pod has that id.") from None


class RoundPods(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT},
        summary="A Three-Arena round's pods: three teams, who sits in which arena, the result",
    )
    def get(self, request, pk, number):
        round = round_or_404(event_or_404(pk), number)
        return Response([selectors.pod_row(p) for p in selectors.round_pods(round=round)])


class PodDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT}, summary="One Three-Arena pod")
    def get(self, request, pk):
        return Response(selectors.pod_row(_pod(pk)))


class PodResult(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=PodResultBody,
        responses={200: OpenApiTypes.OBJECT},
        summary="Report which team won a pod (a team member, once per team) or record it "
        "(a judge; null: no team won)",
    )
    def post(self, request, pk):
        data = PodResultBody(data=request.data)
        data.is_valid(raise_exception=True)
        pod = services.pod_result_report(
            pod=_pod(pk),
            actor=request.user,
            winner=data.validated_data["winner"],
            note=data.validated_data["note"],
        )
        return Response(selectors.pod_row(_pod(pod.pk)))
