"""REST endpoints of events and matches (docs/api.md). Views parse, call a service or selector,
and render; permissions are checked in the services."""

import csv
from datetime import timedelta

from django.http import HttpResponse
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import generics, serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from decks import services as deck_services
from genesis.errors import NotFound
from rules.core import match as protocol
from tournaments.core.standings import format_tiebreaker

from . import selectors, services
from .models import Match, Round, Tournament
from .serializers import (
    EntrantCreate,
    PairingSerializer,
    RegistrationCreate,
    RegistrationSerializer,
    RoundSerializer,
    StandingSerializer,
    TournamentCreate,
    TournamentSerializer,
    Username,
)


def _tournament(tournament_id: int) -> Tournament:
    try:
        return selectors.tournament_get(tournament_id=tournament_id)
    except Tournament.DoesNotExist:
        raise NotFound("No event has that id.") from None


def _round(tournament: Tournament, number: int) -> Round:
    try:
        return selectors.round_get(tournament=tournament, number=number)
    except Round.DoesNotExist:
        raise NotFound(f"Round {number} has not been started.") from None


def _match(match_id: int) -> Match:
    try:
        return selectors.match_get(match_id=match_id)
    except Match.DoesNotExist:
        raise NotFound("No match has that id.") from None


class TournamentListCreate(generics.ListAPIView):
    serializer_class = TournamentSerializer
    permission_classes = [AllowAny]

    def get_queryset(self):
        return selectors.tournament_list()

    @extend_schema(
        request=TournamentCreate,
        responses={201: TournamentSerializer},
        summary="Create an event (you become its organizer)",
    )
    def post(self, request):
        data = TournamentCreate(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        tournament = services.tournament_create(
            organizer=request.user,
            name=v["name"],
            format_slug=v["format"],
            rounds=v.get("rounds"),
            top_cut=v["top_cut"],
            round_minutes=v["round_minutes"],
            late_registration_until=v["late_registration_until"],
            automated=v["automated"],
            bot=v["bot"],
        )
        return Response(TournamentSerializer(tournament).data, status=status.HTTP_201_CREATED)


class TournamentDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=TournamentSerializer)
    def get(self, request, pk):
        return Response(TournamentSerializer(_tournament(pk)).data)


class Registrations(APIView):
    @extend_schema(responses=RegistrationSerializer(many=True), summary="Registered players")
    def get(self, request, pk):
        tournament = _tournament(pk)
        registrations = selectors.registration_list(tournament=tournament)
        data = RegistrationSerializer(registrations, many=True).data
        if selectors.can_see_decklists(tournament, request.user):
            for row, registration in zip(data, registrations, strict=True):
                row["decklist"] = registration.decklist
        return Response(data)

    @extend_schema(
        request=RegistrationCreate,
        responses={201: RegistrationSerializer},
        summary="Register with a decklist (text) or a saved deck (key)",
    )
    def post(self, request, pk):
        data = RegistrationCreate(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        decklist = deck_services.read_decklist(text=v["decklist"]) if "decklist" in v else None
        registration = services.registration_create(
            tournament=_tournament(pk),
            player=request.user,
            decklist=decklist,
            deck_key=v.get("deck", ""),
        )
        return Response(RegistrationSerializer(registration).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={204: None}, summary="Withdraw before the event starts")
    def delete(self, request, pk):
        services.registration_withdraw(tournament=_tournament(pk), player=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class Entrants(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=EntrantCreate,
        responses={201: RegistrationSerializer},
        summary="Enter a deck in an automated event (organizer; a bot plays it)",
    )
    def post(self, request, pk):
        data = EntrantCreate(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        registration = services.entrant_add(
            tournament=_tournament(pk),
            actor=request.user,
            name=v["name"].strip(),
            decklist=deck_services.read_decklist(text=v["decklist"]) if "decklist" in v else None,
            deck_key=v.get("deck", ""),
        )
        return Response(RegistrationSerializer(registration).data, status=status.HTTP_201_CREATED)


class Drop(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses=RegistrationSerializer, summary="Drop from the event")
    def post(self, request, pk):
        registration = services.tournament_drop(tournament=_tournament(pk), player=request.user)
        return Response(RegistrationSerializer(registration).data)


class Judges(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=Username, responses={201: Username}, summary="Add a judge")
    def post(self, request, pk):
        data = Username(data=request.data)
        data.is_valid(raise_exception=True)
        judge = services.judge_add(
            tournament=_tournament(pk), actor=request.user, username=data.validated_data["username"]
        )
        return Response({"username": judge.user.username}, status=status.HTTP_201_CREATED)


class Start(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses=TournamentSerializer,
        summary="Close registration and freeze decklists (pairs nothing)",
    )
    def post(self, request, pk):
        tournament = services.tournament_start(tournament=_tournament(pk), actor=request.user)
        return Response(TournamentSerializer(tournament).data)


class PublishDecklists(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses=TournamentSerializer, summary="Publish decklists")
    def post(self, request, pk):
        tournament = services.decklists_publish(tournament=_tournament(pk), actor=request.user)
        return Response(TournamentSerializer(tournament).data)


class Rounds(APIView):
    @extend_schema(responses=RoundSerializer(many=True))
    def get(self, request, pk):
        return Response(RoundSerializer(_tournament(pk).rounds.order_by("number"), many=True).data)

    @extend_schema(
        request=None,
        responses={202: RoundSerializer},
        summary="Pair the next round (202; poll the round until status is paired)",
    )
    def post(self, request, pk):
        round = services.round_start(tournament=_tournament(pk), actor=request.user)
        return Response(RoundSerializer(round).data, status=status.HTTP_202_ACCEPTED)


class RoundDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=RoundSerializer)
    def get(self, request, pk, number):
        return Response(RoundSerializer(_round(_tournament(pk), number)).data)


def _csv_response(filename: str, header: list[str], rows) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.writer(response)
    writer.writerow(header)
    writer.writerows(rows)
    return response


class Pairings(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses=PairingSerializer(many=True),
        summary="[{table, match, player_a, player_b}]; player_b is null for a bye",
    )
    def get(self, request, pk, number):
        tournament = _tournament(pk)
        matches = selectors.round_pairings(round=_round(tournament, number))
        if request.query_params.get("as") == "csv":
            return _csv_response(
                f"event-{pk}-round-{number}-pairings.csv",
                ["table", "player_a", "player_b", "explanation"],
                (
                    (
                        m.table,
                        m.player_a.player.username,
                        m.player_b.player.username if m.player_b else "BYE",
                        m.explanation,
                    )
                    for m in matches
                ),
            )
        return Response(PairingSerializer(matches, many=True).data)


def standings_rows(tournament: Tournament) -> list[dict]:
    return [
        {
            "rank": s.rank,
            "player": s.player,
            "points": s.points,
            "wins": s.wins,
            "losses": s.losses,
            "draws": s.draws,
            "omw": format_tiebreaker(s.omw),
            "gw": format_tiebreaker(s.gw),
            "ogw": format_tiebreaker(s.ogw),
            "dropped": s.dropped,
        }
        for s in selectors.standings(tournament=tournament)
    ]


class Standings(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=StandingSerializer(many=True), summary="Standings (confirmed results)")
    def get(self, request, pk):
        tournament = _tournament(pk)
        rows = standings_rows(tournament)
        if request.query_params.get("as") == "csv":
            header = list(StandingSerializer().fields)
            return _csv_response(
                f"event-{pk}-standings.csv", header, ([row[k] for k in header] for row in rows)
            )
        return Response(rows)


# --- matches -------------------------------------------------------------------------------------


def match_view(match: Match, user) -> dict:
    """A match as `user` may see it: the other player's lock stays hidden until both locked."""
    seat = services.seat_of(match, user)
    judge = selectors.is_judge(match.round.tournament, user)
    data = {
        "id": match.pk,
        "round": match.round.number,
        "table": match.table,
        "player_a": match.player_a.player.username,
        "player_b": match.player_b.player.username if match.player_b else None,
        "status": match.status,
        "result": None,
        "your_seat": seat,
        "ends_at": _ends_at(match),
        "extra_minutes": match.extra_minutes,
    }
    if match.status == Match.Status.CONFIRMED:
        data["result"] = {
            "player_a_wins": match.a_wins,
            "player_b_wins": match.b_wins,
            "draws": match.draws,
        }
    if match.state is None:
        data.update(phase="bye", games=[], lock=None)
        return data
    state = protocol.from_dict(match.state)
    data.update(
        phase=str(protocol.phase(state)),
        game=state.game_number,
        games=[game.as_dict() for game in state.games],
        chooser=protocol.who_chooses(state),
        locks_next=protocol.who_locks_next(state),
        # A judge who is also playing this match sees it as a player: the other player's
        # selection stays hidden until both have locked.
        lock=protocol.visible_lock(state, seat, privileged=judge and seat is None),
        score=protocol.result(state).as_dict(),
    )
    if match.round.tournament.automated:
        data["engine_games"] = [
            {
                "number": game.number,
                "winner": game.winner or None,
                "reason": game.reason,
                "rounds": game.rounds,
                "replay": reverse(
                    "tournaments:game-replay",
                    args=[match.round.tournament_id, match.pk, game.number],
                )
                if game.reason != "time_limit"  # a timed-out game has no log
                else None,
            }
            for game in selectors.engine_games(match=match)
        ]
    return data


def _ends_at(match: Match):
    if match.round.ends_at is None:
        return None
    return match.round.ends_at + timedelta(minutes=match.extra_minutes)


class MatchDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT}, summary="Phase, games and lock status")
    def get(self, request, pk):
        return Response(match_view(_match(pk), request.user))


GameReportBody = inline_serializer(
    "GameReport", {"winner": serializers.CharField(allow_null=True, max_length=150)}
)
LockBody = inline_serializer(
    "LockBody",
    {
        "out": serializers.ListField(child=serializers.CharField(max_length=120), max_length=100),
        "in": serializers.ListField(child=serializers.CharField(max_length=120), max_length=100),
    },
)
ResultBody = inline_serializer(
    "ResultBody",
    {
        "player_a_wins": serializers.IntegerField(min_value=0, max_value=9),
        "player_b_wins": serializers.IntegerField(min_value=0, max_value=9),
        "draws": serializers.IntegerField(min_value=0, max_value=9),
    },
)
LeadBody = inline_serializer("LeadBody", {"lead": serializers.BooleanField()})
ExtendBody = inline_serializer("ExtendBody", {"minutes": serializers.IntegerField()})


class _MatchAction(APIView):
    permission_classes = [IsAuthenticated]
    body: serializers.Serializer  # the request body's schema: every action sets its own

    def data(self, request) -> dict:
        serializer = self.body.__class__(data=request.data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data


class MatchGames(_MatchAction):
    body = GameReportBody

    @extend_schema(
        request=GameReportBody,
        responses={200: OpenApiTypes.OBJECT},
        summary="Report the game in progress (winner username, or null for a draw)",
    )
    def post(self, request, pk):
        data = self.data(request)
        match = services.match_game_report(
            match=_match(pk), actor=request.user, winner=data["winner"]
        )
        return Response(match_view(match, request.user))


class MatchLead(_MatchAction):
    body = LeadBody

    @extend_schema(
        request=LeadBody,
        responses={200: OpenApiTypes.OBJECT},
        summary="Choose to lead (true) or go second (false) in the next game",
    )
    def post(self, request, pk):
        data = self.data(request)
        match = services.match_choose_lead(match=_match(pk), actor=request.user, lead=data["lead"])
        return Response(match_view(match, request.user))


class MatchLock(_MatchAction):
    body = LockBody

    @extend_schema(
        request=LockBody,
        responses={200: OpenApiTypes.OBJECT},
        summary="Lock a lock-and-show swap: {out: [names], in: [names]}",
    )
    def post(self, request, pk):
        data = self.data(request)
        match = services.match_lock(
            match=_match(pk), actor=request.user, out=data["out"], in_=data["in"]
        )
        return Response(match_view(match, request.user))


class MatchResult(_MatchAction):
    body = ResultBody

    @extend_schema(
        request=ResultBody, responses={200: OpenApiTypes.OBJECT}, summary="Report the match result"
    )
    def post(self, request, pk):
        data = self.data(request)
        match = services.match_result_report(
            match=_match(pk),
            actor=request.user,
            a_wins=data["player_a_wins"],
            b_wins=data["player_b_wins"],
            draws=data["draws"],
        )
        return Response(match_view(match, request.user))


class MatchExtend(_MatchAction):
    body = ExtendBody

    @extend_schema(
        request=ExtendBody,
        responses={200: OpenApiTypes.OBJECT},
        summary="Give one match extra minutes (judges)",
    )
    def post(self, request, pk):
        data = self.data(request)
        match = services.match_extend(match=_match(pk), actor=request.user, minutes=data["minutes"])
        return Response(match_view(match, request.user))
