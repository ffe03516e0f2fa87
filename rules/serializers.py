"""JSON shapes of the rules lookup's API. Presentation only: no logic lives here."""

from rest_framework import serializers

from .core.parsing import MAX_QUESTION
from .models import Ruling


class SearchSource(serializers.Serializer):
    document = serializers.CharField()
    section = serializers.CharField()
    url = serializers.CharField()


class SearchResult(serializers.Serializer):
    """One ranked section (the shape of rules.selectors.Result.as_json, for the schema)."""

    document = serializers.CharField(help_text="the document's name")
    section = serializers.CharField(help_text="the section's heading")
    path = serializers.ListField(child=serializers.CharField(), help_text="headings, top first")
    snippet = serializers.CharField(help_text="HTML: escaped text, matched words in <mark>")
    url = serializers.CharField(help_text="the section's own page")
    score = serializers.FloatField(help_text="higher is better; compare within one response")
    game = serializers.CharField(help_text="the document's game; blank for the service's own")
    service_policy = serializers.BooleanField(
        help_text="true for the service's own rules (Service policies), not a game's"
    )
    sources = SearchSource(many=True, help_text="every document citing this answer, lead first")


class SearchResponse(serializers.Serializer):
    results = SearchResult(many=True)


class SearchParams(serializers.Serializer):
    q = serializers.CharField(
        allow_blank=True, help_text=f"the question, 1 to {MAX_QUESTION} characters"
    )
    document = serializers.CharField(required=False, allow_blank=True)
    game = serializers.CharField(required=False, allow_blank=True)
    prefer = serializers.CharField(required=False, allow_blank=True)
    limit = serializers.IntegerField(required=False, min_value=1, max_value=50, default=10)


class RulingWrite(serializers.Serializer):
    card = serializers.IntegerField(required=False, allow_null=True, help_text="a card's id")
    section = serializers.CharField(
        required=False,
        allow_blank=True,
        help_text='a rule section as "document-slug/anchor", the tail of its page address',
    )
    keyword = serializers.CharField(required=False, allow_blank=True, max_length=40)
    question = serializers.CharField(max_length=2000)
    answer = serializers.CharField(max_length=5000)
    # The stubs see Field.source here; the serializer's metaclass takes declared fields out of
    # the class, so this is a field named "source".
    source = serializers.CharField(max_length=300)  # type: ignore[assignment]
    date = serializers.DateField()


class RulingSerializer(serializers.ModelSerializer):
    card = serializers.SerializerMethodField()
    section = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()

    class Meta:
        model = Ruling
        fields = ["id", "question", "answer", "source", "date", "keyword", "card", "section", "url"]

    def get_card(self, ruling: Ruling) -> dict | None:
        # The card is looked up by the selector (rules.selectors.with_cards; rules.card_index).
        return {"id": ruling.card.id, "name": ruling.card.name} if ruling.card else None

    def get_section(self, ruling: Ruling) -> dict | None:
        from .selectors import section_url

        if ruling.section is None:
            return None
        return {
            "document": ruling.section.document.name,
            "heading": ruling.section.heading,
            "url": section_url(ruling.section),
        }

    def get_url(self, ruling: Ruling) -> str | None:
        from .selectors import section_url

        index = getattr(ruling, "index_section", None)
        return section_url(index) if index else None


class RulingFilter(serializers.Serializer):
    """The rulings list's query: an optional card id (a whole number; anything else is a 400)."""

    card = serializers.IntegerField(required=False, min_value=1, max_value=2**31 - 1)
