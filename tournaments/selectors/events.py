"""Events and who is in them: the event list (with player counts), one event, its
registrations as a given user may see them (decklists and champions hidden until published), the
viewer's own registration and decks, the judges, and an event's game, format and match settings
as people call them.

Players are shown by name (an account's username, or a guest's name) next to their
registration id, which is what identifies them: renaming an account changes nothing here.
"""

from collections.abc import Iterable
from typing import Any
from urllib.parse import urlencode

from django.db.models import Count, QuerySet
from django.urls import reverse

from decks import selectors as deck_selectors
from rules.core.formats import FORMATS, get_format
from rules.core.games import GAMES

from .. import permissions
from ..models import (
    Judge,
    Registration,
    Tournament,
    WaitlistEntry,
)
from .results import top_cut_ids
from .waitlist import waitlist_entry_row


def tournament_list() -> QuerySet[Tournament]:
    return Tournament.objects.select_related("organizer").order_by("-created_at")


def tournament_get(*, tournament_id: int) -> Tournament:
    return Tournament.objects.select_related("organizer").get(pk=tournament_id)


def event_list() -> QuerySet[Tournament]:
    """Events, newest first, each with its `players` count, counted in the same query so a
    page of events costs one query, not one each."""
    return (
        Tournament.objects.select_related("organizer")
        .annotate(players=Count("registrations"))
        .order_by("-created_at", "-id")
    )


def registration_list(*, tournament: Tournament) -> QuerySet[Registration]:
    registrations = tournament.registrations.select_related("player").order_by("id")
    if tournament.team_play:  # a team's seats are part of its row
        registrations = registrations.prefetch_related("seats__player")
    return registrations


def registration_for(*, tournament: Tournament, user) -> Registration | None:
    if not user.is_authenticated:
        return None
    # Not the decklist, the largest column: the hot reads (my-match at round turnover) never
    # show it, and reading it where a page does costs one more query there.
    return tournament.registrations.filter(player=user).defer("decklist").first()


def registration_page(*, tournament: Tournament) -> QuerySet[Registration]:
    """Registered players for a paginated list, in the order they registered (with their
    event, which registration_row asks)."""
    return tournament.registrations.select_related("player", "tournament").order_by("id")


def judge_list(*, tournament: Tournament) -> list[Judge]:
    return list(tournament.judges.select_related("user").order_by("user__username"))


def decks_of(*, user, tournament: Tournament) -> list[dict[str, Any]]:
    """The viewer's own saved decks of the event's game, to register (or enter) with: those
    saved for the event's format and legal first, then the others, each saying why it cannot be
    chosen ({"deck", "ready", "why"}). Decks of another game are not offered at all."""
    fmt = get_format(tournament.format)
    rows = []
    for deck in deck_selectors.deck_list(user=user, mine=True, game=fmt.game):
        if deck.format != fmt.slug:
            why = f"saved for {get_format(deck.format).name}"
        elif not deck.legal:
            why = f"not legal in {fmt.name}"
        else:
            why = ""
        rows.append({"deck": deck, "ready": not why, "why": why})
    return sorted(rows, key=lambda row: not row["ready"])  # stable: newest first within each


def game_name(slug: str) -> str:
    """An event's game as people call it ("Grand Archive"), never its slug."""
    game = GAMES.get(slug)
    return game.name if game is not None else slug


def settings_source(tournament: Tournament) -> str:
    """Where the event's match settings come from (the format's citation, or a statement that
    the source is missing), and whether the organizer changed them."""
    fmt = get_format(tournament.format)
    changed = (
        tournament.best_of != fmt.best_of
        or tournament.sideboarding != fmt.sideboarding
        or tournament.first_player != str(fmt.first_player)
    )
    return fmt.settings_source + (" Changed by the organizer for this event." if changed else "")


def is_limited(tournament: Tournament) -> bool:
    fmt = FORMATS.get(tournament.format)
    return fmt is not None and fmt.limited


def rules_lookup_url(tournament: Tournament) -> str:
    """The judges' rules lookup, narrowed to the event's game."""
    return f"{reverse('rules:search')}?{urlencode({'game': tournament.game})}"


def format_name(slug: str) -> str:
    """An event's format as people call it ("Genesis Standard Constructed"), never its slug."""
    fmt = FORMATS.get(slug)
    return fmt.name if fmt is not None else slug


def registration_rows(
    tournament: Tournament, user: Any, registrations: Iterable[Registration]
) -> list[dict[str, Any]]:
    """Registrations as `user` may see them (registration_row, below)."""
    show_all = permissions.can_see_decklists(tournament, user)
    top_cut = top_cut_ids(tournament=tournament) if not show_all else set()
    return [registration_row(r, user, show_all=show_all, top_cut=top_cut) for r in registrations]


def registration_row(
    registration: Registration, user: Any, *, show_all: bool, top_cut: set[int]
) -> dict[str, Any]:
    """A registration as `user` may see it. The decklist is there once published (all, or the
    top cut's) and for judges who are not playing; the champion too, and the player always sees
    their own champion."""
    tournament = registration.tournament
    in_top_cut = registration.pk in top_cut
    listed = show_all or (tournament.decklists == Tournament.Decklists.TOP_CUT and in_top_cut)
    own = user.is_authenticated and registration.player_id == user.pk
    row: dict[str, Any] = {
        "registration": registration.pk,
        "player": registration.name,
        "guest": registration.is_guest,
        "champion": registration.champion if listed or own else None,
        "joined_round": registration.joined_round,
        "dropped": registration.dropped,
        "created_at": registration.created_at,
    }
    if own:
        # Registered from the waitlist: the player is told so here too (one query, own row only).
        entry = (
            WaitlistEntry.objects.filter(registration=registration).select_related("player").first()
        )
        if entry is not None:
            row["waitlist"] = waitlist_entry_row(entry, None)
    if listed:
        row["decklist"] = registration.decklist
    if registration.pool is not None:
        # A limited event's pool is hidden like a decklist: its player (and judges) see it
        # before the lists are published.
        row["has_pool"] = True
        if listed or own:
            row["pool"] = registration.pool
    if registration.is_team:
        row["team"] = [
            {
                "arena": seat.arena,
                "player": seat.name,
                "spellbook": seat.spellbook if listed or _sits(seat, user) else None,
            }
            for seat in registration.seats.all()
        ]
    return row


def _sits(seat: Any, user: Any) -> bool:
    return bool(user.is_authenticated) and seat.player_id == user.pk
