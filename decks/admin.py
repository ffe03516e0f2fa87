"""Admin for the card index and saved decks (read-mostly: cards come from import_cards)."""

from django import forms
from django.contrib import admin

from rules.core.cards import name_key
from rules.core.keywords import KeywordError, parse_ability_name

from .models import Ability, Affiliation, Card, CardRuling, CardSet, Deck, DeckVersion
from .services import SEARCH_COLUMNS, card_index_lock, card_recompute, deck_legality_refresh


class AbilityForm(forms.ModelForm):
    def clean_name(self):
        # The name is what the keyword terms are read from (services.card_recompute).
        name = self.cleaned_data["name"]
        try:
            parse_ability_name(name)
        except KeywordError as exc:
            raise forms.ValidationError(str(exc)) from None
        return name


class AbilityInline(admin.TabularInline):
    model = Ability
    form = AbilityForm
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


class CardAdminForm(forms.ModelForm):
    def clean(self):
        cleaned = super().clean()
        # Names are unique within a game (by name_key): say so on the form, not as a 500 when
        # card_recompute writes the key.
        name, game = cleaned.get("name"), cleaned.get("game")
        if name and game:
            others = Card.objects.filter(game=game, name_key=name_key(name))
            if others.exclude(pk=self.instance.pk).exists():
                self.add_error("name", "Another card of this game already has this name.")
        return cleaned


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    form = CardAdminForm
    list_display = ["name", "type", "chi", "card_set", "source"]
    list_filter = ["type", "source", "card_set"]
    search_fields = ["name", "name_key"]
    inlines = [AbilityInline]
    filter_horizontal = ["affiliations"]
    # Derived data has one writer (services.card_search_columns): the search columns are shown,
    # not edited, and written again from the card's fields on every save; the content hash is
    # the importer's record of the file's card.
    readonly_fields = [*SEARCH_COLUMNS, "content_hash"]

    def save_model(self, request, obj, form, change):
        # The card index's lock before the card's row (services.card_index_lock).
        card_index_lock(shared=False)
        super().save_model(request, obj, form, change)

    def delete_model(self, request, obj):
        card_index_lock(shared=False)
        game, name = obj.game, obj.name
        super().delete_model(request, obj)
        deck_legality_refresh(game=game, names=[name])

    def save_related(self, request, form, formsets, change):
        # After the abilities and affiliations are saved: the columns are computed from them.
        super().save_related(request, form, formsets, change)
        previous = [form.initial["name"]] if change and form.initial.get("name") else []
        card_recompute(card_id=form.instance.pk, previous_names=previous)


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
    # legal is the verdict of validation (decks.services), not a choice.
    readonly_fields = ["key", "legal", "created_at", "updated_at"]
    inlines = [DeckVersionInline]
