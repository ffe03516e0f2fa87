"""Check-in as the pages and the API show it: where the window stands, and who is in and who is
missing. The organizer and the judges see every registration and the code; a player sees the
window and their own state only (the code is shown at the venue, never sent to a phone, so
checking in means being there)."""

from datetime import datetime
from typing import Any

from django.db.models import Count
from django.utils import timezone

from .. import permissions
from ..models import CheckIn, NoShowDrop, Registration, Tournament


def round_one_opened(tournament: Tournament) -> bool:
    return tournament.rounds.exists()


def check_in_phase(tournament: Tournament, now: datetime | None = None) -> str:
    """Where check-in stands: "unset" (no window yet), "not_open" (opens later), "open", or
    "closed" (its end passed, round 1 was opened, or the event is over)."""
    if not tournament.check_in_code:
        return "unset"
    if tournament.status == Tournament.Status.FINISHED or round_one_opened(tournament):
        return "closed"
    now = now or timezone.now()
    if tournament.check_in_opens_at and now < tournament.check_in_opens_at:
        return "not_open"
    if tournament.check_in_closes_at and now >= tournament.check_in_closes_at:
        return "closed"
    return "open"


def check_in_row(registration: Registration) -> dict[str, Any]:
    made: CheckIn | None = getattr(registration, "check_in", None)
    no_show: NoShowDrop | None = getattr(registration, "no_show_drop", None)
    return {
        "registration": registration.pk,
        "name": registration.name,
        "guest": registration.is_guest,
        "checked_in": made is not None,
        "checked_in_at": made.created_at.isoformat() if made else None,
        "by_code": made.by_code if made else None,
        "dropped_no_show": no_show is not None,
    }


def _registrations(tournament: Tournament):
    return (
        tournament.registrations.select_related("player", "check_in", "no_show_drop")
        .filter(joined_round__lte=1)
        .order_by("id")
    )


def check_in_counts(tournament: Tournament) -> tuple[int, int]:
    """How many are checked in, of how many registered (the judges' list's counts), in one
    query: what the event stream may tell anyone."""
    counts = (
        _registrations(tournament)
        .order_by()
        .aggregate(checked_in=Count("check_in"), registered=Count("id"))
    )
    return counts["checked_in"], counts["registered"]


def check_in_view(*, tournament: Tournament, user: Any) -> dict[str, Any]:
    """The check-in state `user` may see: for the organizer and judges, the code, the counts
    and every registration in and missing; for anyone else the window, and their own row."""
    view: dict[str, Any] = {
        "phase": check_in_phase(tournament),
        "opens_at": tournament.check_in_opens_at.isoformat()
        if tournament.check_in_opens_at
        else None,
        "closes_at": tournament.check_in_closes_at.isoformat()
        if tournament.check_in_closes_at
        else None,
        "drop_unchecked": tournament.drop_unchecked,
    }
    if permissions.is_judge(tournament, user):
        # No window yet: nobody to list, and the event page spends no query on it.
        rows = (
            [check_in_row(r) for r in _registrations(tournament)]
            if tournament.check_in_code
            else []
        )
        return {
            **view,
            "code": tournament.check_in_code or None,
            "checked_in_count": sum(r["checked_in"] for r in rows),
            "missing_count": sum(not r["checked_in"] for r in rows),
            "checked_in": [r for r in rows if r["checked_in"]],
            "missing": [r for r in rows if not r["checked_in"]],
        }
    own = own_registration(tournament, user)
    return {**view, "me": check_in_row(own) if own is not None else None}


def own_registration(tournament: Tournament, user: Any) -> Registration | None:
    """The registration `user` plays in (their own, or their team's), with its check-in."""
    if not user.is_authenticated:
        return None
    own = _registrations(tournament).filter(player=user).first()
    if own is None and tournament.team_play:
        own = _registrations(tournament).filter(seats__player=user).first()
    return own
