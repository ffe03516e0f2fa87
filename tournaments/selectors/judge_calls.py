"""Reads of judge calls: the judges' live queue of open and claimed calls, by table, with how
long each has waited, and a match's calls with their rulings and cited sections, for its
players and the judges (never for anyone else)."""

from datetime import datetime
from typing import Any

from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone

from genesis.errors import Forbidden
from rules.selectors import sections_at

from .. import permissions
from ..models import JudgeCall, Match, Tournament

WAITING = (JudgeCall.Status.OPEN, JudgeCall.Status.CLAIMED)


def _calls() -> QuerySet[JudgeCall]:
    return JudgeCall.objects.select_related(
        "caller",
        "claimed_by",
        "resolved_by",
        "match__round",
        "match__player_a__player",
        "match__player_b__player",
    )


def judge_call_queue(*, tournament: Tournament, user: Any) -> list[JudgeCall]:
    """The calls still waiting (open or claimed), by table, oldest first at a table: for the
    event's judges and its organizer only."""
    if not permissions.is_judge(tournament, user):
        raise Forbidden(
            "Only the event's judges and its organizer see the judge calls.", code="not_judge"
        )
    return list(
        _calls()
        .filter(match__round__tournament=tournament, status__in=WAITING)
        .order_by("match__table", "match__round__number", "created_at", "id")
    )


def judge_calls_resolved(*, tournament: Tournament, limit: int = 20) -> list[JudgeCall]:
    """The latest resolved calls, newest first (the queue page's "Resolved" list)."""
    return list(
        _calls()
        .filter(match__round__tournament=tournament, status=JudgeCall.Status.RESOLVED)
        .order_by("-resolved_at", "-id")[:limit]
    )


def judge_call_in_event(*, tournament: Tournament, call_id: int) -> JudgeCall:
    return _calls().get(pk=call_id, match__round__tournament=tournament)


def match_judge_calls(*, match: Match, user: Any) -> list[JudgeCall]:
    """A match's calls, oldest first, for its players and the event's judges; anyone else is
    refused (a call's note and ruling are the match's business)."""
    if permissions.seat_of(match, user) is None and not permissions.is_judge(
        match.round.tournament, user
    ):
        raise Forbidden(
            "Only the players of this match and the event's judges see its judge calls.",
            code="not_in_match",
        )
    return list(_calls().filter(match=match).order_by("created_at", "id"))


def waiting_seconds(call: JudgeCall, now: datetime | None = None) -> int:
    """How long the call has waited: until it was resolved, or until now."""
    end = call.resolved_at or now or timezone.now()
    return max(0, int((end - call.created_at).total_seconds()))


def cited_sections(calls: list[JudgeCall]) -> dict[str, dict[str, Any]]:
    """Each cited address of these calls with its document, heading and page (one query). A
    section gone since (a rulebook re-imported without it) keeps its address and no heading."""
    found = sections_at({a for call in calls for a in call.sections})
    cited: dict[str, dict[str, Any]] = {}
    for call in calls:
        for address in call.sections:
            section = found.get(address)
            slug, _, anchor = address.partition("/")
            cited[address] = {
                "section": address,
                "document": section.document.name if section else None,
                "heading": section.heading if section else None,
                "url": reverse("rules:section", args=[slug, anchor]),
            }
    return cited


def judge_call_rows(calls: list[JudgeCall], now: datetime | None = None) -> list[dict[str, Any]]:
    """The calls as the API gives them (docs/api.md, Judge calls)."""
    now = now or timezone.now()
    cited = cited_sections(calls)
    return [
        {
            "id": call.pk,
            "match": call.match_id,
            "round": call.match.round.number,
            "table": call.match.table,
            "players": [
                call.match.player_a.name,
                call.match.player_b.name if call.match.player_b else None,
            ],
            "caller": call.caller.username,
            "called_by_judge": call.seat == "",
            "note": call.note,
            "status": call.status,
            "created_at": call.created_at,
            "waiting_seconds": waiting_seconds(call, now),
            "claimed_by": call.claimed_by.username if call.claimed_by else None,
            "claimed_at": call.claimed_at,
            "resolved_by": call.resolved_by.username if call.resolved_by else None,
            "resolved_at": call.resolved_at,
            "ruling": call.ruling,
            "sections": [cited[a] for a in call.sections],
            "extension_minutes": call.extension_minutes,
        }
        for call in calls
    ]
