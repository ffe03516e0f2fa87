"""Admin for the rules lookup: the synonym table to edit, rulings and documents to look over."""

from django.contrib import admin

from . import services
from .models import Document, Ruling, Section, Synonym


@admin.register(Synonym)
class SynonymAdmin(admin.ModelAdmin):
    list_display = ["term", "replacements"]
    list_editable = ["replacements"]
    search_fields = ["term", "replacements"]


@admin.register(Ruling)
class RulingAdmin(admin.ModelAdmin):
    # A ruling's card is linked on the cards' side (decks.admin.CardRulingAdmin).
    list_display = ["question", "section", "keyword", "source", "date"]
    list_filter = ["date"]
    search_fields = ["question", "answer", "source"]
    raw_id_fields = ["section", "author"]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        # The ruling's entry in the search index follows its text.
        services.ruling_reindex(ruling=obj)


@admin.register(Document)
class DocumentAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "kind", "version", "revision", "imported_at"]
    readonly_fields = ["kind", "revision", "source_path", "imported_at"]

    def has_add_permission(self, request):
        return False  # documents come from `manage.py import_rules`


@admin.register(Section)
class SectionAdmin(admin.ModelAdmin):
    list_display = ["heading", "document", "position", "anchor"]
    list_filter = ["document"]
    search_fields = ["heading"]
    readonly_fields = ["document", "position", "level", "path", "context", "anchor", "parent"]
    exclude = ["ruling", "search_vector"]

    # Sections come only from imports, which keep the search index in step.
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
