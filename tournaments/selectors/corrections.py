"""Corrected results, as the pages show them: the latest round paired after a match's round
(the pairings that stand when its result is corrected), and the corrections the public
standings mark. Results are public, so the mark is public too; the reason stays in the judge
log and the export.
"""

from typing import Any

from ..models import Match, ResultOverride, Round, Tournament


def later_round_paired(match: Match) -> int | None:
    """The number of the latest round paired after the match's round, if any: the pairings that
    stand although the result they were made from is corrected."""
    return (
        Round.objects.filter(tournament_id=match.round.tournament_id, number__gt=match.round.number)
        .exclude(status=Round.Status.PAIRING)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )


def corrected_results(*, tournament: Tournament) -> list[dict[str, Any]]:
    """Each corrected match once (its latest correction), by round and table: which players it
    concerns and what the standings page says of it, e.g. "Round 2 table 3 was corrected after
    round 4 was paired; pairings made before stand". One query."""
    latest: dict[int, dict[str, Any]] = {}
    entries = (
        ResultOverride.objects.filter(
            match__round__tournament=tournament, after__has_key="correction"
        )
        .select_related("match__round")
        .order_by("created_at", "id")
    )
    for entry in entries:
        match = entry.match
        later = (entry.after.get("correction") or {}).get("after_round")
        said = f"Round {match.round.number} table {match.table} was corrected" + (
            f" after round {later} was paired; pairings made before stand" if later else ""
        )
        latest[match.pk] = {
            "match": match.pk,
            "round": match.round.number,
            "table": match.table,
            "registrations": [r for r in (match.player_a_id, match.player_b_id) if r],
            "after_round": later,
            "words": said,
        }
    return sorted(latest.values(), key=lambda c: (c["round"], c["table"]))


def corrections_by_registration(corrections: list[dict[str, Any]]) -> dict[int, str]:
    """What the "corrected" badge beside each concerned player says, by registration."""
    said: dict[int, list[str]] = {}
    for correction in corrections:
        for registration in correction["registrations"]:
            said.setdefault(registration, []).append(correction["words"])
    return {registration: ". ".join(words) + "." for registration, words in said.items()}
