"""Admin for the card index and saved decks (read-mostly: cards come from import_cards)."""

from django.contrib import admin

from .models import Ability, Affiliation, Card, CardRuling, CardSet, Deck, DeckVersion


class AbilityInline(admin.TabularInline):
    model = Ability
    extra = 0
    fields = [
        "position",
        "speed",
        "name",
        "cost_aura",
        "cost_energy",
        "cost_hp",
        "cost_exert",
        "cost_discard",
        "text",
    ]


@admin.register(CardRuling)
class CardRulingAdmin(admin.ModelAdmin):
    """Which card a ruling is on (the ruling's own text is edited in the rules admin)."""

    list_display = ["ruling", "card"]
    raw_id_fields = ["ruling", "card"]
    search_fields = ["card__name", "ruling__question"]


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["name", "type", "chi", "card_set", "source"]
    list_filter = ["type", "source", "card_set"]
    search_fields = ["name", "name_key"]
    inlines = [AbilityInline]
    filter_horizontal = ["affiliations"]


@admin.register(Affiliation)
class AffiliationAdmin(admin.ModelAdmin):
    list_display = ["name", "kind", "slug"]
    list_filter = ["kind"]


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ["code", "name", "imported_at"]


class DeckVersionInline(admin.TabularInline):
    model = DeckVersion
    extra = 0
    readonly_fields = ["number", "created_at", "decklist"]


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "champion", "format", "visibility", "legal", "version"]
    list_filter = ["visibility", "legal", "format"]
    search_fields = ["name", "champion", "owner__username", "key"]
    readonly_fields = ["key", "created_at", "updated_at"]
    inlines = [DeckVersionInline]
