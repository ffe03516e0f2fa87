"""A full event's waitlist as each user may see it: the organizer and judges see the whole line
in order (and who was skipped, and why); a player sees their own place, or what became of it
(registered from the waitlist, or skipped with the reason); anyone sees how long the line is."""

from typing import Any

from django.db.models import Q

from .. import permissions
from ..models import Tournament, WaitlistEntry


def waitlist_entry_row(entry: WaitlistEntry, position: int | None) -> dict[str, Any]:
    """One entry: `position` is the player's place in the line (1: next), None once decided."""
    row: dict[str, Any] = {
        "entry": entry.pk,
        "player": entry.player.username,
        "status": entry.status,
        "position": position,
        "champion": entry.champion,
        "created_at": entry.created_at,
        "decided_at": entry.decided_at,
    }
    if entry.status == WaitlistEntry.Status.PROMOTED:
        row["registration"] = entry.registration_id
        row["message"] = "A place freed: you were registered from the waitlist."
    if entry.status == WaitlistEntry.Status.SKIPPED:
        row["message"] = (
            f"A place freed, but your list could not be registered: {entry.reason} "
            "Register again with a legal list to rejoin the waitlist."
        )
        row["reason"] = entry.reason
        row["errors"] = entry.errors
    return row


def waitlist_line(tournament: Tournament) -> list[WaitlistEntry]:
    """The waiting entries, first in line first."""
    return list(
        tournament.waitlist.filter(status=WaitlistEntry.Status.WAITING)
        .select_related("player")
        .order_by("position", "id")
    )


def waitlist_view(tournament: Tournament, user: Any) -> dict[str, Any]:
    """The waitlist as `user` may see it (GET /api/tournaments/{id}/waitlist/, docs/api.md)."""
    line = waitlist_line(tournament)
    judge = permissions.is_judge(tournament, user)
    rows = [
        waitlist_entry_row(entry, number)
        for number, entry in enumerate(line, start=1)
        if judge or entry.player_id == user.pk
    ]
    view: dict[str, Any] = {
        "waiting": len(line),
        "entries": rows,
        "mine": waitlist_mine(tournament, user),
    }
    if judge:
        skipped = (
            tournament.waitlist.filter(status=WaitlistEntry.Status.SKIPPED)
            .select_related("player")
            .order_by("-decided_at")
        )
        view["skipped"] = [waitlist_entry_row(entry, None) for entry in skipped]
    return view


def waitlist_mine(tournament: Tournament, user: Any) -> dict[str, Any] | None:
    """The signed-in player's latest waitlist entry of this event (waiting with its place,
    promoted, or skipped with the reason), or None: what the event page tells them."""
    if not user.is_authenticated:
        return None
    entry = tournament.waitlist.filter(player=user).select_related("player").order_by("-id").first()
    if entry is None:
        return None
    position = None
    if entry.status == WaitlistEntry.Status.WAITING:
        # The line's order is (position, id), as waitlist_line sorts it.
        ahead = Q(position__lt=entry.position) | Q(position=entry.position, id__lt=entry.pk)
        waiting = tournament.waitlist.filter(status=WaitlistEntry.Status.WAITING)
        position = waiting.filter(ahead).count() + 1
    return waitlist_entry_row(entry, position)
