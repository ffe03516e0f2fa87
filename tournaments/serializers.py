"""JSON shapes of events, rounds, pairings, matches and standings. Presentation only."""

from typing import Any

from rest_framework import serializers

from . import selectors
from .models import Match, Penalty, Round, Tournament
from .services.registrations import places_left


class TournamentCreate(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    format = serializers.CharField(max_length=40, required=False, default=None, allow_null=True)
    game = serializers.CharField(max_length=40, required=False, default=None, allow_null=True)
    best_of = serializers.IntegerField(required=False, default=None, allow_null=True)
    sideboarding = serializers.BooleanField(required=False, default=None, allow_null=True)
    first_player = serializers.CharField(
        max_length=20, required=False, default=None, allow_null=True
    )
    copy_limit = serializers.IntegerField(required=False, default=None, allow_null=True)
    team_play = serializers.CharField(max_length=12, required=False, default="", allow_blank=True)
    rounds = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=20)
    # No default: a plan (`phases`) comes without the shorthand, and the service tells the two
    # apart by what was given.
    top_cut = serializers.ChoiceField(choices=[0, 4, 8], required=False)
    phases = serializers.JSONField(
        required=False,
        default=None,
        allow_null=True,
        help_text="A multi-day plan: Swiss phases then an optional top cut (docs/tournaments.md).",
    )
    round_minutes = serializers.IntegerField(
        required=False, default=50, min_value=10, max_value=240
    )
    late_registration_until = serializers.IntegerField(
        required=False, default=0, min_value=0, max_value=20
    )
    automated = serializers.BooleanField(required=False, default=False)
    bot = serializers.ChoiceField(
        choices=Tournament.Bot.choices, required=False, default=Tournament.Bot.HEURISTIC
    )
    date = serializers.DateTimeField(required=False, allow_null=True, default=None)
    venue = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    description = serializers.CharField(
        max_length=4000, required=False, allow_blank=True, default=""
    )
    capacity = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=2, max_value=4096
    )


class TournamentSerializer(serializers.ModelSerializer):
    organizer = serializers.CharField(source="organizer.username", read_only=True)
    rounds = serializers.IntegerField(source="swiss_rounds", read_only=True, allow_null=True)
    format_name = serializers.SerializerMethodField()
    decklists_published = serializers.SerializerMethodField()
    places_left = serializers.SerializerMethodField()
    winner = serializers.SerializerMethodField()
    game_name = serializers.SerializerMethodField()
    settings_source = serializers.SerializerMethodField()
    limited = serializers.SerializerMethodField()
    rules_lookup = serializers.SerializerMethodField()

    def get_game_name(self, tournament: Tournament) -> str:
        return selectors.game_name(tournament.game)

    def get_settings_source(self, tournament: Tournament) -> str:
        """Where the match settings come from; says so when the source is missing."""
        return selectors.settings_source(tournament)

    def get_limited(self, tournament: Tournament) -> bool:
        return selectors.is_limited(tournament)

    def get_rules_lookup(self, tournament: Tournament) -> str:
        """The rules lookup, narrowed to the event's game."""
        return selectors.rules_lookup_url(tournament)

    def get_format_name(self, tournament: Tournament) -> str:
        return selectors.format_name(tournament.format)

    def get_decklists_published(self, tournament: Tournament) -> bool:
        return tournament.decklists == Tournament.Decklists.ALL

    def get_places_left(self, tournament: Tournament) -> int | None:
        return places_left(tournament, getattr(tournament, "players", None))

    def get_winner(self, tournament: Tournament) -> str | None:
        """The winner's name once the event is over (the final's winner), else null."""
        if tournament.status != Tournament.Status.FINISHED:
            return None
        return selectors.winner_name(tournament)

    class Meta:
        model = Tournament
        fields = [
            "id",
            "name",
            "game",
            "game_name",
            "format",
            "format_name",
            "limited",
            "best_of",
            "sideboarding",
            "first_player",
            "settings_source",
            "copy_limit",
            "team_play",
            "rules_lookup",
            "date",
            "venue",
            "description",
            "capacity",
            "places_left",
            "organizer",
            "status",
            "rounds",
            "rounds_requested",
            "top_cut",
            "phases",
            "round_minutes",
            "late_registration_until",
            "decklists_published",
            "decklists",
            "winner",
            "automated",
            "bot",
            "created_at",
            "started_at",
        ]


class RegistrationCreate(serializers.Serializer):
    """A player registers themself with a decklist or a saved deck; the organizer or a judge
    registers someone else by `username`, or a walk-in without an account as a `guest`."""

    decklist = serializers.CharField(required=False, max_length=400_000, trim_whitespace=False)
    deck = serializers.CharField(required=False, max_length=16)
    username = serializers.CharField(required=False, max_length=150)
    guest = serializers.CharField(required=False, max_length=60)

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        if ("decklist" in data) == ("deck" in data):
            raise serializers.ValidationError("Give either 'decklist' (text) or 'deck' (a key).")
        if "username" in data and "guest" in data:
            raise serializers.ValidationError("Give a 'username' or a 'guest' name, not both.")
        if ("username" in data or "guest" in data) and "deck" in data:
            raise serializers.ValidationError("Register another player with a 'decklist'.")
        return data


class EntrantCreate(RegistrationCreate):
    """A deck entered in an automated event: a registration's deck, and the entrant's name."""

    name = serializers.CharField(max_length=40, required=False, allow_blank=True, default="")


class RegistrationSerializer(serializers.Serializer):
    """A registration (tournaments.selectors.registration_row): `decklist` only once published
    (or for judges who are not playing); `champion` null until then, except for the player."""

    registration = serializers.IntegerField()
    player = serializers.CharField()
    guest = serializers.BooleanField()
    champion = serializers.CharField(allow_null=True)
    joined_round = serializers.IntegerField()
    dropped = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    decklist = serializers.JSONField(required=False)


class Username(serializers.Serializer):
    username = serializers.CharField(max_length=150)


class RegistrationRef(serializers.Serializer):
    registration = serializers.IntegerField(min_value=1, max_value=2**31 - 1)


class OptionalRegistrationRef(serializers.Serializer):
    registration = serializers.IntegerField(
        min_value=1, max_value=2**31 - 1, required=False, allow_null=True, default=None
    )


class SwapBody(serializers.Serializer):
    registration_a = serializers.IntegerField(min_value=1, max_value=2**31 - 1)
    registration_b = serializers.IntegerField(min_value=1, max_value=2**31 - 1)


class PublishBody(serializers.Serializer):
    scope = serializers.ChoiceField(
        choices=[Tournament.Decklists.ALL, Tournament.Decklists.TOP_CUT],
        required=False,
        default=Tournament.Decklists.ALL,
    )


class PenaltyCreate(serializers.Serializer):
    registration = serializers.IntegerField(min_value=1, max_value=2**31 - 1)
    penalty = serializers.ChoiceField(choices=Penalty.Kind.choices)
    # Free text, or left out with `code` (an IPG infraction), whose name it then takes; a blank
    # one is refused here, as it always was.
    infraction = serializers.CharField(max_length=120, required=False, default="")
    code = serializers.CharField(max_length=40, required=False, allow_blank=True, default="")
    reason = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")
    note = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")


class PenaltySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    match = serializers.IntegerField()
    round = serializers.IntegerField()
    player = serializers.CharField()
    registration = serializers.IntegerField()
    table = serializers.IntegerField()
    penalty = serializers.CharField()
    infraction = serializers.CharField()
    code = serializers.CharField()
    default = serializers.CharField(allow_null=True)
    reason = serializers.CharField()
    note = serializers.CharField()
    words = serializers.CharField()
    given_by = serializers.CharField()
    created_at = serializers.DateTimeField()


class PlacingSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    player = serializers.CharField()
    registration = serializers.IntegerField()
    swiss_rank = serializers.IntegerField()
    points = serializers.IntegerField()
    eliminated_in = serializers.CharField(allow_null=True)


class RoundSerializer(serializers.ModelSerializer):
    class Meta:
        model = Round
        fields = [
            "number",
            "kind",
            "status",
            "started_at",
            "ends_at",
            "minutes",
            "rematches",
            "pair_downs",
        ]


class PairingSerializer(serializers.Serializer):
    """A pairing (tournaments.selectors.pairing_row); player_b is null for a bye."""

    table = serializers.IntegerField()
    match = serializers.IntegerField()
    player_a = serializers.CharField()
    player_a_registration = serializers.IntegerField()
    player_b = serializers.CharField(allow_null=True)
    player_b_registration = serializers.IntegerField(allow_null=True)
    explanation = serializers.CharField()
    is_rematch = serializers.BooleanField()
    fixed_seat = serializers.ChoiceField(
        choices=["a", "b"], allow_null=True, help_text="whose fixed seat the table is"
    )
    status = serializers.ChoiceField(choices=Match.Status.choices)
    a_wins = serializers.IntegerField(allow_null=True)
    b_wins = serializers.IntegerField(allow_null=True)
    draws = serializers.IntegerField(allow_null=True)


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    registration = serializers.IntegerField()
    points = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    # Percentages written as fractions of 1 (docs/tournaments.md, Standings).
    omw = serializers.CharField(
        help_text='Opponents\' match-win percentage (OMW%) as a fraction of 1, 4 decimals: "0.5556" '
        "is 55.56%."
    )
    gw = serializers.CharField(
        help_text='Game-win percentage (GW%) as a fraction of 1, 4 decimals: "0.6667" is 66.67%.'
    )
    ogw = serializers.CharField(
        help_text='Opponents\' game-win percentage (OGW%) as a fraction of 1, 4 decimals: "0.3333" '
        "is 33.33%."
    )
    dropped = serializers.BooleanField()
