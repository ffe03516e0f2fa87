"""Three-Arena results: what won each pod of three teams (Titans of Eden team play).

A team wins a Three-Arena game when both opponents in the arenas it plays in have no temples
left (Titans of Eden Rulebook › Three-Arena Games › Battles & Winning Temples, L365, and
5-Player Mode, L398); the rulebook defines a winning team and no placements, so a pod's result
is one team. Each team in the pod reports once, through any of its players (unique per pod and
team); the result is confirmed when all three teams name the same winner, as a match is when both
players agree, and disputed when they differ. A judge or the organizer who is not playing in
the pod records or corrects the result at any time, and only they may record that no team won
(a game stopped by time: the rulebook defines no draw, so it is a judge's call, counted as a
draw for all three teams in the standings).
"""

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from genesis.errors import Conflict, Forbidden, Refusal

from .. import permissions
from ..locking import lock_pod
from ..models import Pod, PodOverride, PodReport, Registration
from .rounds import finish_round_if_complete
from .snapshots import snapshots_expire


def pod_winner(pod: Pod, winner: str | None) -> Registration | None:
    """The pod's team named `winner` (its name, in any case); None for no winner."""
    if winner is None:
        return None
    for team in pod.teams:
        if team.name.lower() == winner.lower():
            return team
    raise Refusal(f"{winner!r} is not a team in this pod.", code="invalid_winner")


@transaction.atomic
def pod_result_report(*, pod: Pod, actor: Any, winner: str | None, note: str = "") -> Pod:
    """A team member reports which team won (once per team), or a judge records it: a judge's
    entry is logged (PodOverride) with what it replaced and the judge's note."""
    pod = lock_pod(pod)
    team = permissions.team_in_pod(pod, actor)
    if team is None and not permissions.is_judge(pod.round.tournament, actor):
        raise Forbidden(
            "Only the pod's teams, the event's judges and the organizer can do that.",
            code="not_in_pod",
        )
    won = pod_winner(pod, winner)
    if team is None:
        before = _result(pod)
        _confirm(pod, won)
        PodOverride.objects.create(
            pod=pod, actor=actor, before=before, after=_result(pod), note=note[:300]
        )
        return pod
    if pod.status == Pod.Status.CONFIRMED:
        raise Conflict("This pod's result is already confirmed.", code="pod_over")
    if won is None:
        raise Refusal(
            "Name the team that won: a game without a winner is a judge's entry.",
            code="winner_required",
        )
    try:
        with transaction.atomic():
            PodReport.objects.create(pod=pod, team=team, reporter=actor, winner=won)
    except IntegrityError:
        raise Conflict(
            f"{team.name} has already reported this pod's result.", code="already_reported"
        ) from None
    said = set(pod.reports.values_list("winner_id", flat=True))
    if len(said) > 1:
        pod.status = Pod.Status.DISPUTED
        pod.save(update_fields=["status", "updated_at"])
        snapshots_expire(tournament_id=pod.round.tournament_id)
    elif pod.reports.count() == len(pod.teams):
        _confirm(pod, won)
    return pod


def _result(pod: Pod) -> dict[str, Any]:
    return {"status": pod.status, "winner": pod.winner.name if pod.winner else None}


def _confirm(pod: Pod, winner: Registration | None) -> None:
    pod.status = Pod.Status.CONFIRMED
    pod.winner = winner
    pod.confirmed_at = pod.confirmed_at or timezone.now()
    pod.save(update_fields=["status", "winner", "confirmed_at", "updated_at"])
    snapshots_expire(tournament_id=pod.round.tournament_id)
    finish_round_if_complete(pod.round)
