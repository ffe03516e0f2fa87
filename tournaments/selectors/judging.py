"""What the judges work from: the disputed matches, the latest round's unfinished matches,
the logs of results and pod results they entered (each entry said in words), the penalties
(all of them for the judges, a player's own for a player), and the IPG infractions a judge picks
from.
"""

from typing import Any

from django.db.models import QuerySet

from .. import permissions
from ..core import infractions as ipg
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


def penalty_rows(
    tournament: Tournament,
    user: Any,
    *,
    match: Match | None = None,
    judge: bool | None = None,
    plays: bool | None = None,
) -> list[dict[str, Any]]:
    """Every penalty of the event (or of one `match`) for its judges and organizer (who are not
    playing in it); a player, a judge who plays among them, sees their own; anyone else none.
    A page that already knows whether the user judges or plays passes `judge` and `plays`."""
    penalties = penalty_list(tournament=tournament)
    if match is not None:
        penalties = penalties.filter(match=match)
    if judge is None:
        judge = permissions.is_judge(tournament, user)
    if plays is None:
        plays = permissions.is_player(tournament, user)
    if not judge or plays:
        penalties = (
            penalties.filter(registration__player=user)
            if user.is_authenticated
            else (penalties.none())
        )
    return [penalty_row(p) for p in penalties]


def penalty_row(penalty: Penalty) -> dict[str, Any]:
    listed = ipg.BY_CODE.get(penalty.code)
    return {
        "id": penalty.pk,
        "match": penalty.match_id,
        "round": penalty.match.round.number,
        "table": penalty.match.table,
        "player": penalty.registration.name,
        "registration": penalty.registration_id,
        "penalty": penalty.kind,
        "infraction": penalty.infraction,
        "code": penalty.code,
        "default": listed.default if listed else None,
        "reason": penalty.reason,
        "note": penalty.note,
        "words": ipg.penalty_words(
            kind=penalty.kind,
            player=penalty.registration.name,
            infraction=penalty.infraction,
            note=penalty.note,
            default=listed.default if listed else "",
            reason=penalty.reason,
        ),
        "given_by": penalty.actor.username,
        "created_at": penalty.created_at,
    }


def infraction_choices() -> list[dict[str, str]]:
    """The IPG infractions, in the guide's order, each with its default penalty in words, for
    the penalty panel."""
    return [
        {
            "code": i.code,
            "name": i.name,
            "section": i.section,
            "category": i.category,
            "default": i.default,
            "default_words": ipg.KIND_WORDS[i.default],
        }
        for i in ipg.INFRACTIONS
    ]


def override_entry(override: ResultOverride, *, penalties_shown: bool = True) -> dict[str, Any]:
    """One entry of the judge log, its Before and After said in words. A result or a correction
    is a score ("2-1-0"); a game a judge entered is "game 2: alice"; a correction of an old
    result is "corrected 2-0-0 → 1-2-0 after round 4: reason"; a judge call is its state
    ("judge call resolved"); a penalty is what was given,
    to whom and why, with the score it left when it changed one; an entry with no score (a
    warning, a game loss before any game counted) never shows "None". Without
    `penalties_shown` (a judge who plays in the event, who sees only their own penalties, as
    in penalty_rows) a penalty entry says only that there was one."""
    before, after = override.before, override.after or {}
    if "penalty" in after and not penalties_shown:
        return {
            "override": override,
            "before": "—",
            "after": "a penalty (judges who play in the event do not see whose)",
            "note": "",
        }
    if "penalty" in after:
        words = (
            ipg.penalty_words(
                kind=after["penalty"],
                player=after.get("player", "?"),
                infraction=after["infraction"],
                note=after.get("note", ""),
                default=after.get("default", ""),
                reason=after.get("reason", ""),
            )
            # An entry logged before the log kept the infraction on its own has it in the note.
            if "infraction" in after
            else override.note
        )
        changed = after["penalty"] != ipg.WARNING and _score(after) != _score(before)
        after_words = words + (f"; now {_score(after)}" if changed and _score(after) else "")
        return {
            "override": override,
            "before": _score(before) or "—",
            "after": after_words,
            # the note of a penalty entry is its words again (the export keeps it)
            "note": "" if "infraction" in after else override.note,
        }
    if "correction" in after:
        # A correction of a confirmed result (services.corrections): "corrected 2-0-0 → 1-2-0
        # after round 4: reason", the round being the latest paired when it was made.
        correction = after["correction"]
        later = correction.get("after_round")
        return {
            "override": override,
            "before": _score(before) or "—",
            "after": f"corrected {_score(before) or '—'} → {_score(after)}"
            + (f" after round {later}" if later else "")
            + f": {correction.get('reason', '')}",
            "note": "",
        }
    if "judge_call" in after:
        return {
            "override": override,
            "before": "—",
            "after": f"judge call {after.get('status', '')}".strip(),
            "note": override.note,
        }
    if "game" in after:
        return {
            "override": override,
            "before": "—",
            "after": f"game {after['game']}: {after.get('winner') or 'drawn'}",
            "note": override.note,
        }
    return {
        "override": override,
        "before": _score(before) or "—",
        "after": _score(after) or "—",
        "note": override.note,
    }


def _score(result: dict[str, Any] | None) -> str:
    """A confirmed score as "a_wins-b_wins-draws"; empty while the match has none."""
    if not result or result.get("a_wins") is None:
        return ""
    return f"{result['a_wins']}-{result['b_wins']}-{result.get('draws') or 0}"
