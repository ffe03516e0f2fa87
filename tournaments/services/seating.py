"""Fixed seats: the organizer keeps a table for a player in every round (an accessible seat);
pairing then seats them there whoever they play (tournaments.core.seating)."""

from typing import Any

from django.db import transaction

from genesis.errors import Conflict, Refusal

from .. import permissions
from ..locking import lock_registration, lock_tournament
from ..models import Registration, Tournament
from .registrations import registration_get
from .snapshots import snapshots_expire

# More tables than any venue has: a number past it is a typing mistake.
MAX_TABLE = 9999


@transaction.atomic
def registration_fixed_table_set(
    *, tournament: Tournament, actor: Any, registration_id: object, table: object
) -> Registration:
    """Give a registration a fixed table (1 to MAX_TABLE), or take it away (None). The
    organizer only; from the next round paired on. Two players never hold the same table (409
    table_taken, naming who has it); a finished event's seats stay as they were."""
    permissions.require_organizer(tournament, actor)
    tournament = lock_tournament(tournament)
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict("The event is over: its seats stay as they were.", code="event_finished")
    if table is not None and (
        not isinstance(table, int) or isinstance(table, bool) or not 1 <= table <= MAX_TABLE
    ):
        raise Refusal(
            f"A fixed table is a table number from 1 to {MAX_TABLE}, or null for none.",
            code="invalid_table",
        )
    registration = lock_registration(
        registration_get(tournament=tournament, registration_id=registration_id)
    )
    if table is not None:
        holder = (
            tournament.registrations.filter(fixed_table=table)
            .exclude(pk=registration.pk)
            .select_related("player")
            .first()
        )
        if holder is not None:
            raise Conflict(
                f"Table {table} is already kept for {holder.name}: free it first.",
                code="table_taken",
            )
    registration.fixed_table = table
    registration.save(update_fields=["fixed_table"])
    snapshots_expire(tournament_id=tournament.pk)
    return registration
