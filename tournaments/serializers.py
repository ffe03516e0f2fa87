"""JSON shapes of events, rounds, pairings, matches and standings. Presentation only."""

from rest_framework import serializers

from .models import Match, Registration, Round, Tournament


class TournamentCreate(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    format = serializers.CharField(max_length=40, required=False, default="genesis-standard")
    rounds = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=20)
    top_cut = serializers.ChoiceField(choices=[0, 4, 8], required=False, default=0)
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


class TournamentSerializer(serializers.ModelSerializer):
    organizer = serializers.CharField(source="organizer.username", read_only=True)
    rounds = serializers.IntegerField(source="swiss_rounds", read_only=True)

    class Meta:
        model = Tournament
        fields = [
            "id",
            "name",
            "format",
            "organizer",
            "status",
            "rounds",
            "rounds_requested",
            "top_cut",
            "round_minutes",
            "late_registration_until",
            "decklists_published",
            "automated",
            "bot",
            "created_at",
            "started_at",
        ]


class RegistrationCreate(serializers.Serializer):
    decklist = serializers.CharField(required=False, max_length=400_000, trim_whitespace=False)
    deck = serializers.CharField(required=False, max_length=16)

    def validate(self, data):
        if ("decklist" in data) == ("deck" in data):
            raise serializers.ValidationError("Give either 'decklist' (text) or 'deck' (a key).")
        return data


class EntrantCreate(RegistrationCreate):
    """A deck entered in an automated event: a registration's deck, and the entrant's name."""

    name = serializers.CharField(max_length=40, required=False, allow_blank=True, default="")


class RegistrationSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.username", read_only=True)
    dropped = serializers.BooleanField(read_only=True)

    class Meta:
        model = Registration
        fields = ["player", "champion", "joined_round", "dropped", "created_at"]


class Username(serializers.Serializer):
    username = serializers.CharField(max_length=150)


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


class PairingSerializer(serializers.ModelSerializer):
    match = serializers.IntegerField(source="pk", read_only=True)
    player_a = serializers.CharField(source="player_a.player.username", read_only=True)
    player_b = serializers.CharField(
        source="player_b.player.username", read_only=True, allow_null=True, default=None
    )

    class Meta:
        model = Match
        fields = [
            "table",
            "match",
            "player_a",
            "player_b",
            "explanation",
            "is_rematch",
            "status",
            "a_wins",
            "b_wins",
            "draws",
        ]


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    points = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    omw = serializers.CharField()
    gw = serializers.CharField()
    ogw = serializers.CharField()
    dropped = serializers.BooleanField()
