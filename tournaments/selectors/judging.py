"""What the judges work from: the disputed matches, the latest round's unfinished matches,
the logs of results and pod results they entered, and the penalties (all of them for the
judges, a player's own for a player).
"""

from typing import Any

from django.db.models import QuerySet

from .. import permissions
from ..models import (
    Match,
    Penalty,
    PodOverride,
    ResultOverride,
    Tournament,
)


def judge_queue(*, tournament: Tournament) -> QuerySet[Match]:
    return (
        Match.objects.filter(round__tournament=tournament, status=Match.Status.DISPUTED)
        .select_related("round", "player_a__player", "player_b__player")
        .prefetch_related("reports__reporter")
        .order_by("round__number", "table")
    )


def open_matches(*, tournament: Tournament) -> list[Match]:
    """Unfinished matches of the latest round: the ones a judge may give extra time."""
    latest = tournament.rounds.order_by("-number").values("pk")[:1]
    return list(
        Match.objects.filter(round__in=latest)
        .exclude(status=Match.Status.CONFIRMED)
        .select_related("round", "player_a__player", "player_b__player")
        .order_by("table")
    )


def override_log(*, tournament: Tournament) -> QuerySet[ResultOverride]:
    return (
        ResultOverride.objects.filter(match__round__tournament=tournament)
        .select_related(
            "actor", "match__round", "match__player_a__player", "match__player_b__player"
        )
        .order_by("-created_at", "-id")
    )


def pod_override_log(*, tournament: Tournament) -> QuerySet[PodOverride]:
    """The Three-Arena pod results judges entered, newest first (the judge page's second log)."""
    return (
        PodOverride.objects.filter(pod__round__tournament=tournament)
        .select_related("actor", "pod__round", "pod__team_a", "pod__team_b", "pod__team_c")
        .order_by("-created_at", "-id")
    )


def penalty_list(*, tournament: Tournament) -> QuerySet[Penalty]:
    return (
        Penalty.objects.filter(match__round__tournament=tournament)
        .select_related("match__round", "registration__player", "actor")
        .order_by("created_at", "id")
    )


def penalty_rows(tournament: Tournament, user: Any) -> list[dict[str, Any]]:
    """Every penalty of the event for its judges and organizer (who are not playing in it); a
    player, a judge who plays among them, sees their own."""
    penalties = penalty_list(tournament=tournament)
    if not permissions.is_judge(tournament, user) or permissions.is_player(tournament, user):
        penalties = (
            penalties.filter(registration__player=user)
            if user.is_authenticated
            else (penalties.none())
        )
    return [penalty_row(p) for p in penalties]


def penalty_row(penalty: Penalty) -> dict[str, Any]:
    return {
        "id": penalty.pk,
        "match": penalty.match_id,
        "round": penalty.match.round.number,
        "player": penalty.registration.name,
        "registration": penalty.registration_id,
        "penalty": penalty.kind,
        "infraction": penalty.infraction,
        "note": penalty.note,
        "given_by": penalty.actor.username,
        "created_at": penalty.created_at,
    }
