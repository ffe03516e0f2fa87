"""REST endpoints of events and matches (docs/api.md). Views parse, call a service or selector,
and render; permissions are checked in the services."""

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import generics, serializers, status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from decks import services as deck_services
from genesis.csv_cells import write_csv
from genesis.errors import Conflict, NotFound

from . import selectors, services
from .core import exchange as exchange_file
from .models import Match, Round, Tournament, WaitlistEntry
from .serializers import (
    EntrantCreate,
    OptionalRegistrationRef,
    PairingSerializer,
    PenaltyCreate,
    PenaltySerializer,
    PlacingSerializer,
    PublishBody,
    RegistrationCreate,
    RegistrationRef,
    RegistrationSerializer,
    RoundSerializer,
    StandingSerializer,
    SwapBody,
    TournamentCreate,
    TournamentSerializer,
    Username,
)
from .services import exchange, recovery


def event_or_404(tournament_id: int) -> Tournament:
    try:
        return selectors.tournament_get(tournament_id=tournament_id)
    except Tournament.DoesNotExist:
        raise NotFound("No event has that id.") from None


def round_or_404(tournament: Tournament, number: int) -> Round:
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
            game=v["game"],
            best_of=v["best_of"],
            sideboarding=v["sideboarding"],
            first_player=v["first_player"],
            copy_limit=v["copy_limit"],
            team_play=v["team_play"],
            rounds=v.get("rounds"),
            top_cut=v.get("top_cut"),
            phases=v["phases"],
            round_minutes=v["round_minutes"],
            late_registration_until=v["late_registration_until"],
            automated=v["automated"],
            bot=v["bot"],
            date=v["date"],
            venue=v["venue"],
            description=v["description"],
            capacity=v["capacity"],
        )
        return Response(TournamentSerializer(tournament).data, status=status.HTTP_201_CREATED)


class TournamentDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=TournamentSerializer)
    def get(self, request, pk):
        return Response(TournamentSerializer(event_or_404(pk)).data)


class Registrations(APIView):
    @extend_schema(
        responses=RegistrationSerializer(many=True),
        summary="Registered players (champions and decklists only once published)",
    )
    def get(self, request, pk):
        tournament = event_or_404(pk)
        registrations = selectors.registration_list(tournament=tournament)
        return Response(selectors.registration_rows(tournament, request.user, registrations))

    @extend_schema(
        request=RegistrationCreate,
        responses={201: RegistrationSerializer},
        summary="Register with a decklist (text) or a saved deck (key), or join the waitlist "
        "of a full event (status: waitlisted); the organizer or a judge registers another "
        "player by username, or a walk-in as a guest",
    )
    def post(self, request, pk):
        data = RegistrationCreate(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        tournament = event_or_404(pk)
        decklist = deck_services.read_decklist(text=v["decklist"]) if "decklist" in v else None
        if "username" in v or "guest" in v:
            assert decklist is not None  # the body's validation requires it
            registration = services.registration_add(
                tournament=tournament,
                actor=request.user,
                decklist=decklist,
                username=v.get("username", ""),
                guest=v.get("guest", ""),
            )
        else:
            registration = services.registration_create(
                tournament=tournament,
                player=request.user,
                decklist=decklist,
                deck_key=v.get("deck", ""),
            )
            if isinstance(registration, WaitlistEntry):  # the event is full: in line instead
                waiting = selectors.waitlist_mine(tournament, request.user)
                return Response({**waiting, "status": "waitlisted"}, status=201)
        row = selectors.registration_rows(tournament, request.user, [registration])[0]
        return Response({**row, "status": "registered"}, status=status.HTTP_201_CREATED)

    @extend_schema(responses={204: None}, summary="Withdraw before the event starts")
    def delete(self, request, pk):
        services.registration_withdraw(tournament=event_or_404(pk), player=request.user)
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
        tournament = event_or_404(pk)
        registration = services.entrant_add(
            tournament=tournament,
            actor=request.user,
            name=v["name"].strip(),
            decklist=deck_services.read_decklist(text=v["decklist"]) if "decklist" in v else None,
            deck_key=v.get("deck", ""),
        )
        row = selectors.registration_rows(tournament, request.user, [registration])[0]
        return Response(row, status=status.HTTP_201_CREATED)


class Link(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=Username,
        responses=RegistrationSerializer,
        summary="Link a guest's registration to an account (organizer)",
    )
    def post(self, request, pk, registration):
        data = Username(data=request.data)
        data.is_valid(raise_exception=True)
        tournament = event_or_404(pk)
        linked = services.registration_link(
            tournament=tournament,
            actor=request.user,
            registration_id=registration,
            username=data.validated_data["username"],
        )
        return Response(selectors.registration_rows(tournament, request.user, [linked])[0])


class Drop(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=OptionalRegistrationRef,
        responses=RegistrationSerializer,
        summary="Drop from the event (empty body), or drop a player (organizer or judge)",
    )
    def post(self, request, pk):
        data = OptionalRegistrationRef(data=request.data)
        data.is_valid(raise_exception=True)
        tournament = event_or_404(pk)
        registration = services.player_drop(
            tournament=tournament,
            actor=request.user,
            registration_id=data.validated_data["registration"],
        )
        return Response(selectors.registration_rows(tournament, request.user, [registration])[0])


class Reinstate(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=RegistrationRef,
        responses=RegistrationSerializer,
        summary="Undo a drop before the next round is paired (organizer or judge)",
    )
    def post(self, request, pk):
        data = RegistrationRef(data=request.data)
        data.is_valid(raise_exception=True)
        tournament = event_or_404(pk)
        registration = services.player_reinstate(
            tournament=tournament,
            actor=request.user,
            registration_id=data.validated_data["registration"],
        )
        return Response(selectors.registration_rows(tournament, request.user, [registration])[0])


class Judges(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=Username, responses={201: Username}, summary="Add a judge")
    def post(self, request, pk):
        data = Username(data=request.data)
        data.is_valid(raise_exception=True)
        judge = services.judge_add(
            tournament=event_or_404(pk),
            actor=request.user,
            username=data.validated_data["username"],
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
        tournament = services.tournament_start(tournament=event_or_404(pk), actor=request.user)
        return Response(TournamentSerializer(tournament).data)


class PublishDecklists(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=PublishBody,
        responses=TournamentSerializer,
        summary="Publish decklists: every one ({scope: all}) or the top cut's ({scope: top_cut})",
    )
    def post(self, request, pk):
        data = PublishBody(data=request.data)
        data.is_valid(raise_exception=True)
        tournament = services.decklists_publish(
            tournament=event_or_404(pk), actor=request.user, scope=data.validated_data["scope"]
        )
        return Response(TournamentSerializer(tournament).data)


class Rounds(APIView):
    @extend_schema(responses=RoundSerializer(many=True))
    def get(self, request, pk):
        return Response(RoundSerializer(event_or_404(pk).rounds.order_by("number"), many=True).data)

    @extend_schema(
        request=None,
        responses={202: RoundSerializer},
        summary="Pair the next round (202; poll the round until status is paired)",
    )
    def post(self, request, pk):
        round = services.round_start(tournament=event_or_404(pk), actor=request.user)
        return Response(RoundSerializer(round).data, status=status.HTTP_202_ACCEPTED)


class RoundDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=RoundSerializer)
    def get(self, request, pk, number):
        return Response(RoundSerializer(round_or_404(event_or_404(pk), number)).data)

    @extend_schema(
        responses={204: None},
        summary="Take back the latest round's pairings, while nothing of it is reported, to "
        "pair it again (organizer or judge)",
    )
    def delete(self, request, pk, number):
        if not request.user.is_authenticated:
            raise NotAuthenticated()
        services.round_repair(tournament=event_or_404(pk), actor=request.user, number=number)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RoundSwap(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=SwapBody,
        responses={200: OpenApiTypes.OBJECT},
        summary="Swap two players between tables of the latest round (organizer or judge); "
        "warns when the swap makes a rematch",
    )
    def post(self, request, pk, number):
        data = SwapBody(data=request.data)
        data.is_valid(raise_exception=True)
        tournament = event_or_404(pk)
        warnings = services.round_swap(
            tournament=tournament,
            actor=request.user,
            number=number,
            registration_a=data.validated_data["registration_a"],
            registration_b=data.validated_data["registration_b"],
        )
        matches = selectors.round_pairings(round=round_or_404(tournament, number))
        return Response(
            {"warnings": warnings, "pairings": [selectors.pairing_row(m) for m in matches]}
        )


def _csv_response(filename: str, header: list[str], rows) -> HttpResponse:
    """A CSV download; its cells are made safe for spreadsheets (genesis.csv_cells: text that
    starts like a formula gets a leading quote, numbers stay numbers)."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    write_csv(response, header, rows)
    return response


def _not_modified(request, tag: str) -> bool:
    """Whether the client's If-None-Match already names this version (RFC 9110 13.1.2: weak
    comparison, a list of tags, or *)."""
    asked = request.headers.get("If-None-Match", "")
    tags = {t.strip().removeprefix("W/") for t in asked.split(",")}
    return tag in tags or "*" in tags


def _snapshot_response(request, tag: str, render):
    """A snapshot's answer with its ETag: 304 and no body when the client has this version."""
    if _not_modified(request, tag):
        response = Response(status=status.HTTP_304_NOT_MODIFIED)
    else:
        response = render()
    response["ETag"] = tag
    # Shared caches and browsers may keep it, but ask again each time: a round's turnover
    # must never be hidden behind a stale copy.
    response["Cache-Control"] = "no-cache"
    return response


class Pairings(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "order",
                str,
                enum=["table", "name"],
                description="name: a row per player, alphabetically (player, table, opponent)",
            ),
        ],
        responses=PairingSerializer(many=True),
        summary="[{table, match, player_a, player_b}]; player_b is null for a bye. ETag and "
        "If-None-Match (304); ?order=name lists each player, alphabetically",
    )
    def get(self, request, pk, number):
        tournament = event_or_404(pk)
        by_name = request.query_params.get("order") == "name"
        csv_wanted = request.query_params.get("as") == "csv"
        rows = selectors.pairings_snapshot(round=round_or_404(tournament, number))
        tag = selectors.version_tag(
            tournament,
            f"round{number}.pairings{'.by-name' if by_name else ''}{'.csv' if csv_wanted else ''}",
            rows,
        )

        def render():
            if by_name:
                by_player = selectors.pairings_by_player(rows)
                if csv_wanted:
                    return _csv_response(
                        f"event-{pk}-round-{number}-pairings-by-name.csv",
                        ["player", "table", "opponent", "fixed_seat"],
                        (
                            (
                                r["player"],
                                r["table"],
                                r["opponent"] or "BYE",
                                "fixed seat" if r["fixed_seat"] else "",
                            )
                            for r in by_player
                        ),
                    )
                return Response(by_player)
            if csv_wanted:
                return _csv_response(
                    f"event-{pk}-round-{number}-pairings.csv",
                    ["table", "player_a", "player_b", "explanation", "fixed_seat"],
                    (
                        (
                            r["table"],
                            r["player_a"],
                            r["player_b"] or "BYE",
                            r["explanation"],
                            # the name of the player whose fixed seat the table is
                            r[f"player_{r['fixed_seat']}"] if r.get("fixed_seat") else "",
                        )
                        for r in rows
                    ),
                )
            return Response(rows)

        return _snapshot_response(request, tag, render)


class Standings(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses=StandingSerializer(many=True),
        summary="Standings (confirmed results); ETag and If-None-Match (304)",
    )
    def get(self, request, pk):
        tournament = event_or_404(pk)
        csv_wanted = request.query_params.get("as") == "csv"
        rows = selectors.standings_snapshot(tournament=tournament)
        tag = selectors.version_tag(
            tournament, "standings.csv" if csv_wanted else "standings", rows
        )

        def render():
            if csv_wanted:
                header = list(StandingSerializer().fields)
                return _csv_response(
                    f"event-{pk}-standings.csv", header, ([row[k] for k in header] for row in rows)
                )
            return Response(rows)

        return _snapshot_response(request, tag, render)


class MyMatch(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT},
        summary="The caller's table in the current round: state (match, bye, pairing, "
        "no_round, not_paired, not_registered, dropped, finished), round, table, opponent, "
        "time left and the match's page",
    )
    def get(self, request, pk):
        tournament = event_or_404(pk)
        return Response(
            selectors.my_match(
                tournament=tournament,
                registration=selectors.registration_for(tournament=tournament, user=request.user),
                round=selectors.latest_round(tournament=tournament),
            )
        )


class Placings(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: PlacingSerializer(many=True), 409: OpenApiTypes.OBJECT},
        summary="Final placings: the top cut's results, then the Swiss standings "
        "(409 not_finished until the event is over; ?as=csv)",
    )
    def get(self, request, pk):
        tournament = event_or_404(pk)
        rows = selectors.placings_snapshot(tournament=tournament)
        if rows is None:
            raise Conflict(
                "The event is not over yet: placings come with the final result.",
                code="not_finished",
            )
        if request.query_params.get("as") == "csv":
            header = list(PlacingSerializer().fields)
            return _csv_response(
                f"event-{pk}-placings.csv", header, ([row[k] for k in header] for row in rows)
            )
        return Response(rows)


class Penalties(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses=PenaltySerializer(many=True),
        summary="Penalties: every one for judges and the organizer, your own for a player",
    )
    def get(self, request, pk):
        return Response(selectors.penalty_rows(event_or_404(pk), request.user))


class Export(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 403: OpenApiTypes.OBJECT, 409: OpenApiTypes.OBJECT},
        summary="The event as an export file, decklists and locks included (organizer or staff; "
        "409 plays_in_event for one who plays, until the event is over; docs/event-export.md)",
    )
    def get(self, request, pk):
        document = exchange.event_export(tournament=event_or_404(pk), actor=request.user)
        response = HttpResponse(exchange_file.dumps(document), content_type="application/json")
        response["Content-Disposition"] = f'attachment; filename="event-{pk}.json"'
        return response


# --- matches -------------------------------------------------------------------------------------


class MatchDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT}, summary="Phase, games and lock status")
    def get(self, request, pk):
        return Response(selectors.match_view(_match(pk), request.user))


GameReportBody = inline_serializer(
    "GameReport", {"winner": serializers.CharField(allow_null=True, max_length=150)}
)
LockBody = inline_serializer(
    "LockBody",
    {
        "out": serializers.ListField(child=serializers.CharField(max_length=120), max_length=100),
        "in": serializers.ListField(child=serializers.CharField(max_length=120), max_length=100),
        "for_guest": serializers.ChoiceField(
            choices=["a", "b"], required=False, allow_null=True, default=None
        ),
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
ConcedeBody = inline_serializer(
    "ConcedeBody", {"match": serializers.BooleanField(required=False, default=False)}
)
ExtendBody = inline_serializer("ExtendBody", {"minutes": serializers.IntegerField()})
CorrectionBody = inline_serializer(
    "CorrectionBody",
    {
        "a_wins": serializers.IntegerField(min_value=0, max_value=9),
        "b_wins": serializers.IntegerField(min_value=0, max_value=9),
        "draws": serializers.IntegerField(min_value=0, max_value=9, required=False, default=0),
        # Required by the service (400 no_reason, as the penalty panel says it), not here, so
        # that a missing reason gets that code rather than the serializer's.
        "reason": serializers.CharField(required=False, default="", allow_blank=True),
    },
)


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
        return Response(selectors.match_view(match, request.user))


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
        return Response(selectors.match_view(match, request.user))


class MatchLock(_MatchAction):
    body = LockBody

    @extend_schema(
        request=LockBody,
        responses={200: OpenApiTypes.OBJECT},
        summary="Lock a lock-and-show swap: {out: [names], in: [names]}; a judge locks a "
        "guest's swap for them with {for_guest: seat}",
    )
    def post(self, request, pk):
        data = self.data(request)
        match = services.match_lock(
            match=_match(pk),
            actor=request.user,
            out=data["out"],
            in_=data["in"],
            for_guest=data["for_guest"],
        )
        return Response(selectors.match_view(match, request.user))


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
        return Response(selectors.match_view(match, request.user))


class MatchCorrection(_MatchAction):
    body = CorrectionBody

    @extend_schema(
        request=CorrectionBody,
        responses={200: OpenApiTypes.OBJECT},
        summary="Correct a confirmed Swiss result, in any round, with a reason (judges)",
    )
    def post(self, request, pk):
        data = self.data(request)
        match = services.match_result_correct(
            match=_match(pk),
            actor=request.user,
            a_wins=data["a_wins"],
            b_wins=data["b_wins"],
            draws=data["draws"],
            reason=data["reason"],
        )
        return Response(selectors.match_view(match, request.user))


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
        return Response(selectors.match_view(match, request.user))


class MatchConcede(_MatchAction):
    body = ConcedeBody

    @extend_schema(
        request=ConcedeBody,
        responses={200: OpenApiTypes.OBJECT},
        summary="Concede the current game, or the whole match with {match: true} (players)",
    )
    def post(self, request, pk):
        data = self.data(request)
        match = services.match_concede(
            match=_match(pk), actor=request.user, whole_match=data["match"]
        )
        return Response(selectors.match_view(match, request.user))


class MatchTime(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: OpenApiTypes.OBJECT},
        summary="Call time on a match: a game in progress is drawn, the match ends on its score "
        "(judges)",
    )
    def post(self, request, pk):
        match = services.match_call_time(match=_match(pk), actor=request.user)
        return Response(selectors.match_view(match, request.user))


class MatchPenalties(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=PenaltyCreate,
        responses={201: PenaltySerializer},
        summary="Give a penalty: warning, game_loss, match_loss or disqualification (judges)",
    )
    def post(self, request, pk):
        data = PenaltyCreate(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        penalty = services.penalty_give(
            match=_match(pk),
            actor=request.user,
            registration_id=v["registration"],
            kind=v["penalty"],
            infraction=v["infraction"],
            note=v["note"],
            code=v["code"],
            reason=v["reason"],
        )
        return Response(selectors.penalty_row(penalty), status=status.HTTP_201_CREATED)


class Retry(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: OpenApiTypes.OBJECT, 503: OpenApiTypes.OBJECT},
        summary="Resend this event's work that is taking too long (organizer; safe to repeat)",
    )
    def post(self, request, pk):
        return Response(recovery.event_retry(tournament=event_or_404(pk), actor=request.user))
