"""Admin for events, registrations, rounds and matches, the waitlist, check-ins and no-show
drops, for staff to look things up.

Read-only where a change must go through a service, because the service keeps what the admin
would not: a result comes from the match's protocol state (tournaments.services.matches writes
both together and logs every override), and pairings, rounds and drops are the event's history
that standings and placings are worked out from. The waitlist's order and outcomes are the
waitlist service's (a promotion registers the player; moving or removing someone renumbers the
line), and check-ins and no-show drops are logs that round 1's pairing reads. Those are changed
on the event's own pages, linked from here. What the admin may edit is what no rule depends on: an event's name, date,
venue and description.
"""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from .models import (
    CheckIn,
    DeckCheck,
    EngineGame,
    Judge,
    JudgeCall,
    Match,
    NoShowDrop,
    Penalty,
    Registration,
    ResultOverride,
    Round,
    Tournament,
    WaitlistEntry,
)

EVENT_FIELDS = (
    "event_page",
    "name",
    "date",
    "venue",
    "description",
    "capacity",
    "format",
    "organizer",
    "status",
    "rounds_requested",
    "swiss_rounds",
    "top_cut",
    "round_minutes",
    "late_registration_until",
    "decklists",
    "automated",
    "bot",
    "seed",
    "created_at",
    "started_at",
)


def _event_link(tournament: Tournament) -> str:
    url = reverse("tournaments:event-detail", args=[tournament.pk])
    return format_html('<a href="{}">{}</a>', url, tournament.name)


def _pairings_link(round: Round) -> str:
    url = reverse("tournaments:pairings", args=[round.tournament_id, round.number])
    return format_html('<a href="{}">Round {} pairings</a>', url, round.number)


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class JudgeInline(ReadOnlyInline):
    model = Judge
    fields = ["user"]


class RoundInline(ReadOnlyInline):
    model = Round
    fields = ["number", "kind", "status", "started_at", "ends_at"]


class ReadOnlyAdmin(admin.ModelAdmin):
    """Shown to staff, changed only through the services (the event's pages)."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "organizer", "status", "format", "top_cut", "automated"]
    list_filter = ["status", "format", "automated"]
    search_fields = ["name", "organizer__username", "venue"]
    date_hierarchy = "date"
    fields = EVENT_FIELDS
    # Everything but the words players read: the rest decides pairings, standings and who may
    # register, and is set through tournament_create, tournament_start and decklists_publish.
    readonly_fields = [f for f in fields if f not in ("name", "date", "venue", "description")]
    inlines = [JudgeInline, RoundInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # tournament_create makes an event (the API or the events page)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # an event's history stays; export it first (docs/event-export.md)

    @admin.display(description="Event page")
    def event_page(self, obj: Tournament) -> str:
        return _event_link(obj)


@admin.register(Registration)
class RegistrationAdmin(ReadOnlyAdmin):
    list_display = ["name", "event", "champion", "guest", "joined_round", "dropped_after_round"]
    list_filter = ["frozen"]
    search_fields = ["player__username", "guest_name", "champion", "tournament__name"]
    list_select_related = ["player", "tournament"]

    @admin.display(description="Event")
    def event(self, obj: Registration) -> str:
        return _event_link(obj.tournament)

    @admin.display(description="Guest", boolean=True)
    def guest(self, obj: Registration) -> bool:
        return obj.is_guest


class OverrideInline(ReadOnlyInline):
    model = ResultOverride
    fields = ("created_at", "actor", "before", "after", "note")
    readonly_fields = fields


class PenaltyInline(ReadOnlyInline):
    model = Penalty
    fields = ("created_at", "registration", "kind", "infraction", "note", "actor")
    readonly_fields = fields


class DeckCheckInline(ReadOnlyInline):
    model = DeckCheck
    fk_name = "match"
    fields = (
        "started_at",
        "started_by",
        "ended_at",
        "ended_by",
        "outcome",
        "player",
        "note",
        "minutes_added",
    )
    readonly_fields = fields


class JudgeCallInline(ReadOnlyInline):
    model = JudgeCall
    fields = (
        "created_at",
        "caller",
        "note",
        "status",
        "claimed_by",
        "resolved_by",
        "ruling",
        "sections",
        "extension_minutes",
    )
    readonly_fields = fields


class EngineGameInline(ReadOnlyInline):
    model = EngineGame
    fields = ("number", "winner", "reason", "rounds", "actions")
    readonly_fields = fields


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "event", "pairings", "kind", "status", "started_at"]
    list_filter = ["kind", "status"]
    search_fields = ["tournament__name"]
    list_select_related = ["tournament"]

    @admin.display(description="Event")
    def event(self, obj: Round) -> str:
        return _event_link(obj.tournament)

    @admin.display(description="Pairings")
    def pairings(self, obj: Round) -> str:
        return _pairings_link(obj)


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "event", "pairings", "players", "status", "score", "updated_at"]
    list_filter = ["status", "round__kind"]
    search_fields = [
        "round__tournament__name",
        "player_a__player__username",
        "player_a__guest_name",
        "player_b__player__username",
        "player_b__guest_name",
    ]
    list_select_related = ["round__tournament", "player_a__player", "player_b__player"]
    inlines = [OverrideInline, PenaltyInline, DeckCheckInline, JudgeCallInline, EngineGameInline]

    @admin.display(description="Event")
    def event(self, obj: Match) -> str:
        return _event_link(obj.round.tournament)

    @admin.display(description="Pairings")
    def pairings(self, obj: Match) -> str:
        return _pairings_link(obj.round)

    @admin.display(description="Players")
    def players(self, obj: Match) -> str:
        return f"{obj.player_a.name} v {obj.player_b.name if obj.player_b else 'bye'}"

    @admin.display(description="Result")
    def score(self, obj: Match) -> str:
        if obj.a_wins is None:
            return "—"
        return f"{obj.a_wins}-{obj.b_wins}-{obj.draws}"


@admin.register(WaitlistEntry)
class WaitlistEntryAdmin(ReadOnlyAdmin):
    """The line of a full event: moved, removed and promoted only by the waitlist service (the
    organizer's panel on the event page), which keeps the order and the registrations right."""

    list_display = ["player", "event", "position", "status", "reason", "created_at", "decided_at"]
    list_filter = ["status"]
    search_fields = ["player__username", "tournament__name", "champion"]
    list_select_related = ["player", "tournament"]

    @admin.display(description="Event")
    def event(self, obj: WaitlistEntry) -> str:
        return _event_link(obj.tournament)


@admin.register(CheckIn)
class CheckInAdmin(ReadOnlyAdmin):
    """Who checked in, when, and how (by the code, or at the desk by `actor`): the log round 1's
    pairing reads to drop the no-shows."""

    list_display = ["registration", "event", "by_code", "actor", "created_at"]
    list_filter = ["by_code"]
    search_fields = [
        "registration__player__username",
        "registration__guest_name",
        "registration__tournament__name",
    ]
    list_select_related = ["registration__player", "registration__tournament", "actor"]

    @admin.display(description="Event")
    def event(self, obj: CheckIn) -> str:
        return _event_link(obj.registration.tournament)


@admin.register(NoShowDrop)
class NoShowDropAdmin(ReadOnlyAdmin):
    """The log of players dropped at round 1 for not checking in (reinstated on the event's
    page, like any drop)."""

    list_display = ["registration", "event", "created_at"]
    search_fields = [
        "registration__player__username",
        "registration__guest_name",
        "registration__tournament__name",
    ]
    list_select_related = ["registration__player", "registration__tournament"]

    @admin.display(description="Event")
    def event(self, obj: NoShowDrop) -> str:
        return _event_link(obj.registration.tournament)
