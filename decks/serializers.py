"""JSON shapes of cards for the API. Presentation only: no logic lives here."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from rules.core.awareness import Awareness

from .models import Ability, Affiliation, Card, Deck, DeckVersion
from .selectors import index_values


class AbilitySerializer(serializers.ModelSerializer):
    cost = serializers.SerializerMethodField()
    facts = serializers.DictField(
        read_only=True,
        help_text="What the rules engine executes: the card format's version-2 fields "
        "(trigger, target, reach, each, duration, scope, optional, then, facing, desperation); "
        "only the fields the ability sets.",
    )

    class Meta:
        model = Ability
        fields = ["speed", "name", "keywords", "cost", "facts", "text"]

    def get_cost(self, ability: Ability) -> dict:
        return {kind: getattr(ability, f"cost_{kind}") for kind in ability.cost_kinds}


class CardSerializer(serializers.ModelSerializer):
    affiliations = serializers.SerializerMethodField()
    world: serializers.SlugRelatedField[Affiliation] = serializers.SlugRelatedField(
        slug_field="name",
        read_only=True,
        allow_null=True,  # only champions have a world
    )
    set = serializers.CharField(source="card_set.code", read_only=True)
    # A string, not Genesis's choices: other games have their own types (docs/games.md).
    type = serializers.CharField(
        read_only=True,
        help_text="Genesis: champion, spell, technique, summon, alteration or enchantment; Grand "
        "Archive: champion, ally, action, attack, weapon, domain, item or phantasia; Titans of "
        "Eden: elemental, basic or subversion.",
    )
    game = serializers.CharField(
        read_only=True, help_text="genesis, grand-archive or titans-of-eden (docs/games.md)."
    )
    # Other games' fields (null or empty for Genesis cards, whose own fields stay as they were).
    classes = serializers.SerializerMethodField()
    supertypes = serializers.SerializerMethodField()
    keywords = serializers.SerializerMethodField()

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
            "game",
            "element",
            "cost",
            "power",
            "life",
            "level",
            "species",
            "classes",
            "supertypes",
            "keywords",
        ]

    def get_affiliations(self, card: Card) -> list[str]:
        return sorted(a.name for a in card.affiliations.all())

    def get_classes(self, card: Card) -> list[str]:
        """Grand Archive classes, in the card's order."""
        return index_values(card.class_index)

    def get_supertypes(self, card: Card) -> list[str]:
        """Grand Archive supertypes (regalia, unique)."""
        return index_values(card.supertype_index)

    def get_keywords(self, card: Card) -> list[str]:
        """The card's keywords (slugs, as `kw:` searches them): Genesis's come from its
        abilities, another game's (Grand Archive's divine-relic) from the card."""
        return index_values(card.keyword_index)


class CardDetailSerializer(CardSerializer):
    abilities = AbilitySerializer(many=True, read_only=True)
    awareness = serializers.SerializerMethodField()

    class Meta(CardSerializer.Meta):
        fields = [
            *CardSerializer.Meta.fields,
            "subtype",
            "awareness",
            "occupies_spot",
            "blocks_line_of_sight",
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


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "description": "The text form (docs/decklist-format.md)"},
            {"type": "object", "description": "The JSON form: champion, timeline, ..."},
        ]
    }
)
class DecklistField(serializers.Field):
    """A decklist given as text (docs/decklist-format.md) or in its JSON form; kept as given and
    read by the service, which explains what it cannot read."""

    def to_internal_value(self, data):
        if not isinstance(data, (str, dict)):
            raise serializers.ValidationError("Give the decklist as text or as its JSON form.")
        return data

    def to_representation(self, value):
        return value


class ValidateRequest(serializers.Serializer):
    decklist = DecklistField()
    format = serializers.CharField(required=False, allow_blank=True, max_length=40)
    # Limited formats (sealed, draft): the player's pool, in any section (docs/api.md).
    pool = DecklistField(required=False)
    # An event setting overriding the format's copy limit (Titans of Eden: off by default).
    copy_limit = serializers.IntegerField(required=False, min_value=1, max_value=999)


class DeckWrite(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    decklist = DecklistField()
    format = serializers.CharField(required=False, allow_blank=True, max_length=40)
    visibility = serializers.ChoiceField(choices=Deck.Visibility.choices, required=False)
    description = serializers.CharField(required=False, allow_blank=True, max_length=5000)


class DeckSerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.username", read_only=True)
    url = serializers.SerializerMethodField()

    class Meta:
        model = Deck
        fields = [
            "key",
            "name",
            "owner",
            "champion",
            "format",
            "visibility",
            "legal",
            "version",
            "description",
            "decklist",
            "created_at",
            "updated_at",
            "url",
        ]

    def get_url(self, deck: Deck) -> str:
        return f"/api/decks/{deck.key}/"


class DeckVersionSerializer(serializers.ModelSerializer):
    class Meta:
        model = DeckVersion
        fields = ["number", "created_at", "decklist"]


class VersionRange(serializers.Serializer):
    """The diff's query: two version numbers (whole numbers a database can hold)."""

    def get_fields(self) -> dict[str, serializers.Field]:
        # "from" is a Python keyword: the fields are declared here instead of as attributes.
        return {
            name: serializers.IntegerField(required=False, min_value=0, max_value=2**31 - 1)
            for name in ("from", "to")
        }
