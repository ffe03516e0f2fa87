"""Rounds and their tables: every round with its progress (tables and confirmed matches), a
round's pairings (all, or those of a player searched by name) and Three-Arena pods as the pages
and the API show them, the tables a judge gave extra time, and the top cut's matches.
"""

from typing import TYPE_CHECKING, Any, TypedDict

from django.db.models import Count, Prefetch, Q, QuerySet

from tournaments.core.pairing import POD_ARENAS

from ..models import (
    EngineGame,
    Match,
    Pod,
    Round,
    Tournament,
)

if TYPE_CHECKING:  # django-stubs-ext is a development dependency
    from django_stubs_ext import WithAnnotations


class RoundProgress(TypedDict):
    """The counts `_with_progress` adds to a round."""

    tables: int
    confirmed: int


def _with_progress(
    rounds: QuerySet[Round],
) -> "QuerySet[WithAnnotations[Round, RoundProgress]]":
    return rounds.annotate(
        tables=Count("matches"),
        confirmed=Count("matches", filter=Q(matches__status=Match.Status.CONFIRMED)),
    )


def round_get(*, tournament: Tournament, number: int) -> Round:
    return tournament.rounds.get(number=number)


def round_list(*, tournament: Tournament) -> "list[WithAnnotations[Round, RoundProgress]]":
    """Every round, oldest first, each with `tables` and `confirmed` match counts."""
    return list(_with_progress(tournament.rounds.order_by("number")))


def latest_round(*, tournament: Tournament) -> Round | None:
    """The event's latest round, without the counts round_with_progress adds (which read every
    match of the round): what a player's own table needs."""
    return tournament.rounds.order_by("-number").first()


def round_with_progress(
    *, tournament: Tournament, number: int | None = None
) -> "WithAnnotations[Round, RoundProgress] | None":
    """One round (the latest when `number` is None) with its `tables` and `confirmed` counts."""
    rounds = _with_progress(tournament.rounds.all())
    if number is not None:
        return rounds.filter(number=number).first()
    return rounds.order_by("-number").first()


# A pairing shows names, table and result: never the protocol state or the decklists, the
# largest columns. Decoding them took half the time of a 512-player round's pairings
# (benchmarks/load.py). Reading one of them on a single match costs one more query.
PAIRING_DEFERRED = ("state", "player_a__decklist", "player_b__decklist")


def round_pairings(*, round: Round) -> QuerySet[Match]:
    return (
        round.matches.select_related("player_a__player", "player_b__player")
        .defer(*PAIRING_DEFERRED)
        .order_by("table")
    )


def pairings_matching(*, round: Round, query: str = "") -> QuerySet[Match]:
    """A round's pairings by table, optionally only those with a player whose name contains
    `query`."""
    matches = (
        round.matches.select_related("player_a__player", "player_b__player")
        .defer(*PAIRING_DEFERRED)
        .order_by("table")
    )
    if round.tournament.automated:  # the engine's games, linked to their replays
        matches = matches.prefetch_related(
            Prefetch("engine_games", EngineGame.objects.defer("log").order_by("number"))
        )
    if query:
        matches = matches.filter(
            Q(player_a__player__username__icontains=query)
            | Q(player_a__guest_name__icontains=query)
            | Q(player_b__player__username__icontains=query)
            | Q(player_b__guest_name__icontains=query)
        )
    return matches


def round_pods(*, round: Round) -> QuerySet[Pod]:
    """A Three-Arena round's pods, with each team's seats (who sits in which arena)."""
    return (
        round.pods.select_related("team_a", "team_b", "team_c", "winner")
        .prefetch_related("team_a__seats__player", "team_b__seats__player", "team_c__seats__player")
        .order_by("table")
    )


def pod_get(*, pod_id: int) -> Pod:
    return (
        Pod.objects.select_related(
            "round__tournament", "team_a__player", "team_b__player", "team_c__player", "winner"
        )
        .prefetch_related("team_a__seats__player", "team_b__seats__player", "team_c__seats__player")
        .get(pk=pod_id)
    )


def round_tables(round: Round) -> list[list[Any]] | None:
    """A paired round's tables as its `round` event carries them: `[table, player, opponent]`,
    by public name, the opponent None for a bye. None for a Three-Arena round (its pods seat
    teams: the pages fetch those)."""
    if round.pods.exists():
        return None
    matches = (
        Match.objects.filter(round=round)
        .select_related("player_a__player", "player_b__player")
        .only(
            *("table", "player_a__player__username", "player_a__guest_name"),
            *("player_b__player__username", "player_b__guest_name"),
        )
        .order_by("table")
    )
    return [[m.table, m.player_a.name, m.player_b.name if m.player_b else None] for m in matches]


def pairing_row(match: Match) -> dict[str, Any]:
    return {
        "table": match.table,
        "match": match.pk,
        "player_a": match.player_a.name,
        "player_a_registration": match.player_a_id,
        "player_b": match.player_b.name if match.player_b else None,
        "player_b_registration": match.player_b_id,
        "explanation": match.explanation,
        "is_rematch": match.is_rematch,
        # Whose fixed seat the table is, "a" or "b" (tournaments.core.seating); None for none.
        "fixed_seat": match.fixed_seat or None,
        "status": match.status,
        "a_wins": match.a_wins,
        "b_wins": match.b_wins,
        "draws": match.draws,
    }


def pod_row(pod: Pod) -> dict[str, Any]:
    """A Three-Arena pod: its three teams in standings order, each arena with the two players
    who face each other there (tournaments.core.pairing.POD_ARENAS), and the result."""
    teams = pod.teams

    def sitter(side: tuple[int, int]) -> dict[str, Any]:
        team, seat = teams[side[0]], side[1]
        player = next((s for s in team.seats.all() if s.arena == seat), None)
        return {"team": team.name, "player": player.name if player else None}

    return {
        "table": pod.table,
        "pod": pod.pk,
        "teams": [team.name for team in teams],
        "team_registrations": list(pod.team_ids),
        "arenas": [{"arena": arena, "sides": [sitter(x), sitter(y)]} for arena, x, y in POD_ARENAS],
        "explanation": pod.explanation,
        "repeats": pod.repeats,
        "status": pod.status,
        "winner": pod.winner.name if pod.winner else None,
    }


def extended_matches(*, round: Round) -> list[Match]:
    """The round's unfinished matches that a judge gave extra time, by table."""
    return list(
        round.matches.filter(extra_minutes__gt=0)
        .exclude(status=Match.Status.CONFIRMED)
        .select_related("round", "player_a__player", "player_b__player")
        .order_by("table")
    )


def top_cut_matches(*, tournament: Tournament) -> list[Match]:
    """Every match of the top cut, round by round and in bracket order (tables are numbered
    in bracket order when a top-cut round is paired)."""
    return list(
        Match.objects.filter(round__tournament=tournament, round__kind=Round.Kind.TOP_CUT)
        .select_related("round", "player_a__player", "player_b__player")
        .order_by("round__number", "table")
    )
