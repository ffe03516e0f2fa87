"""The version of an event's published pairings and standings (tournaments.selectors.snapshots
caches them under it). Every write that changes what they show calls `snapshots_expire` inside
its own transaction: the new version commits with the change or not at all, so no reader can
see the change and still be handed the snapshot from before it."""

import secrets

from django.db.models import F

from ..models import Tournament


def snapshots_expire(*, tournament_id: int) -> None:
    """Move the event's snapshot version on (in the caller's transaction). It grows by a random
    step, not by one: a transaction that is rolled back after a snapshot was cached under its
    version must not hand that version, and so that snapshot, to the next change."""
    Tournament.objects.filter(pk=tournament_id).update(
        snapshot_version=F("snapshot_version") + 1 + secrets.randbelow(2**31)
    )
