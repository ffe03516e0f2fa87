"""The deck checks of an event as its judges and organizer see them: each check's table, players,
state and outcome and, for a judge who may see the decklists (one not playing in the event, or
once they are published), both players' registered decklists. Players never see deck checks:
the decklists are hidden information (docs/tournaments.md, Deck checks)."""

from typing import Any

from django.db.models import QuerySet

from rules.core.decklist import DecklistError, decklist_from_json, format_decklist

from .. import permissions
from ..models import DeckCheck, Registration, Tournament


def deck_checks(*, tournament: Tournament) -> QuerySet[DeckCheck]:
    return (
        DeckCheck.objects.filter(match__round__tournament=tournament)
        .select_related(
            "match__round",
            "match__player_a__player",
            "match__player_b__player",
            "started_by",
            "ended_by",
            "player",
        )
        .prefetch_related("match__player_a__seats__player", "match__player_b__seats__player")
        .order_by("-started_at", "-id")
    )


def decklist_text(decklist: object) -> str:
    """A registered decklist as its canonical text, as the judge compares it with the cards."""
    try:
        return format_decklist(decklist_from_json(decklist))
    except DecklistError:
        return ""


def _deck(registration: Registration) -> dict[str, Any]:
    """What a judge checks of one player's deck: the registered decklist, or for a team each
    arena's spellbook."""
    if registration.is_team:
        return {
            "seats": [
                {
                    "arena": seat.arena,
                    "player": seat.name,
                    "decklist": seat.spellbook,
                    "text": decklist_text(seat.spellbook) if seat.spellbook else "",
                }
                for seat in registration.seats.all()
            ]
        }
    return {"decklist": registration.decklist, "text": decklist_text(registration.decklist)}


def deck_check_row(check: DeckCheck, *, decklists: bool) -> dict[str, Any]:
    match = check.match
    players = [match.player_a, match.player_b]
    row: dict[str, Any] = {
        "id": check.pk,
        "round": match.round.number,
        "table": match.table,
        "match": match.pk,
        "state": "running" if check.running else "ended",
        "players": [
            {"registration": r.pk, "player": r.name} | ({"deck": _deck(r)} if decklists else {})
            for r in players
            if r is not None
        ],
        "started_by": check.started_by.username,
        "started_at": check.started_at,
        "ended_by": check.ended_by.username if check.ended_by is not None else None,
        "ended_at": check.ended_at,
        "outcome": check.outcome or None,
        "player": check.player_id,
        "note": check.note,
        "minutes_added": check.minutes_added,
    }
    return row


def deck_check_rows(*, tournament: Tournament, user: Any) -> list[dict[str, Any]]:
    """Every deck check of the event, newest first (judges and the organizer only)."""
    permissions.require_judge(tournament, user)
    decklists = permissions.can_see_decklists(tournament, user)
    return [deck_check_row(c, decklists=decklists) for c in deck_checks(tournament=tournament)]
