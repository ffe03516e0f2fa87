"""The organizer's hand on a full event's waitlist: moving a player up or down the line, taking
a player off it (the player may take themselves off too), and changing the event's capacity,
which fills any new places from the line. Joining the line and being registered from it are part
of registering (tournaments.services.registrations)."""

from typing import Any

from django.db import transaction

from genesis.errors import Conflict, Forbidden, NotFound, Refusal

from .. import permissions, selectors
from ..locking import lock_tournament
from ..models import Tournament, WaitlistEntry
from .automated import automated_capacity_check
from .events import MAX_CAPACITY
from .registrations import waitlist_promote


def _entry_in(line: list[WaitlistEntry], entry_id: object) -> WaitlistEntry:
    for entry in line:
        if entry.pk == entry_id:
            return entry
    raise NotFound("Nobody on this event's waitlist has that entry id.", code="unknown_entry")


@transaction.atomic
def waitlist_entry_move(
    *, tournament: Tournament, actor: Any, entry_id: object, position: object
) -> list[WaitlistEntry]:
    """The organizer moves a waiting player to `position` (1 is first in line); the others keep
    their order. Returns the line as it now stands."""
    permissions.require_organizer(tournament, actor)
    tournament = lock_tournament(tournament)
    line = selectors.waitlist_line(tournament)
    entry = _entry_in(line, entry_id)
    if (
        not isinstance(position, int)
        or isinstance(position, bool)
        or not 1 <= position <= len(line)
    ):
        raise Refusal(f"A place in this waitlist is 1 to {len(line)}.", code="invalid_position")
    line.remove(entry)
    line.insert(position - 1, entry)
    for number, waiting in enumerate(line, start=1):
        waiting.position = number
    WaitlistEntry.objects.bulk_update(line, ["position"])
    return line


@transaction.atomic
def waitlist_entry_remove(*, tournament: Tournament, actor: Any, entry_id: object) -> None:
    """Take a player off the waitlist: the organizer anyone, a player themselves. The entry is
    deleted; the others keep their order."""
    tournament = lock_tournament(tournament)
    entry = _entry_in(selectors.waitlist_line(tournament), entry_id)
    if not (
        permissions.is_organizer(tournament, actor)
        or (actor.is_authenticated and entry.player_id == actor.pk)
    ):
        raise Forbidden(
            "Only the event's organizer, or the player waiting, can take a player off the "
            "waitlist.",
            code="not_organizer",
        )
    entry.delete()


@transaction.atomic
def event_capacity_set(
    *, tournament: Tournament, actor: Any, capacity: int | None
) -> tuple[Tournament, list[WaitlistEntry]]:
    """The organizer changes the capacity before the start (None: no limit). It cannot go below
    the players registered; the places it adds are filled from the waitlist at once. Returns
    the event and the waitlist entries decided (promoted or skipped)."""
    permissions.require_organizer(tournament, actor)
    tournament = lock_tournament(tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict(
            "The event has started: its capacity can no longer change.", code="already_started"
        )
    if capacity is not None and not 2 <= capacity <= MAX_CAPACITY:
        raise Refusal(
            f"The capacity is 2 to {MAX_CAPACITY} players, or none.", code="invalid_capacity"
        )
    if tournament.automated:
        automated_capacity_check(capacity)
    players = tournament.registrations.count()
    if capacity is not None and capacity < players:
        raise Conflict(
            f"{players} players are registered: the capacity cannot be less.",
            code="capacity_below_players",
        )
    tournament.capacity = capacity
    tournament.save(update_fields=["capacity"])
    return tournament, waitlist_promote(tournament)
