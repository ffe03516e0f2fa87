"""JSON shapes of cards for the API. Presentation only: no logic lives here."""

from rest_framework import serializers

from rules.awareness import Awareness

from .models import Ability, Card


class AbilitySerializer(serializers.ModelSerializer):
    cost = serializers.SerializerMethodField()

    class Meta:
        model = Ability
        fields = ["speed", "name", "keywords", "cost", "text"]

    def get_cost(self, ability: Ability) -> dict:
        return {kind: getattr(ability, f"cost_{kind}") for kind in ability.cost_kinds}


class CardSerializer(serializers.ModelSerializer):
    affiliations = serializers.SerializerMethodField()
    world = serializers.SlugRelatedField(slug_field="name", read_only=True)
    set = serializers.CharField(source="card_set.code", read_only=True)

    class Meta:
        model = Card
        fields = [
            "id",
            "name",
            "type",
            "chi",
            "affiliations",
            "world",
            "hp",
            "aura",
            "energy_reduction",
            "set",
            "source",
        ]

    def get_affiliations(self, card: Card) -> list[str]:
        return sorted(a.name for a in card.affiliations.all())


class CardDetailSerializer(CardSerializer):
    abilities = AbilitySerializer(many=True, read_only=True)
    awareness = serializers.SerializerMethodField()

    class Meta(CardSerializer.Meta):
        fields = [
            *CardSerializer.Meta.fields,
            "subtype",
            "awareness",
            "occupies_spot",
            "abilities",
            "text",
            "flavor",
            "source_note",
            "unrevealed",
        ]

    def get_awareness(self, card: Card) -> dict | None:
        awareness = Awareness.from_json(card.awareness)
        if awareness is None:
            return None
        return {
            "unbounded": awareness.unbounded,
            "offsets": awareness.as_json(),
            "drawing": awareness.drawing(),
        }
