"""Standings, the top-cut bracket, final placings and the winner, from confirmed results
only. Players are registration ids here (as strings in the pure standings and placings code,
tournaments.core); the *_rows functions give them their names.
"""

from typing import Any

from tournaments.core.placings import (
    BracketResult,
    Placing,
    bracket_round_name,
    bracket_winner,
    compute_placings,
    is_finished,
)
from tournaments.core.standings import (
    MatchResult,
    PodResult,
    Standing,
    compute_standings,
    format_tiebreaker,
)

from ..models import (
    Match,
    Pod,
    Registration,
    Round,
    Tournament,
)


def confirmed_results(*, tournament: Tournament) -> list[MatchResult]:
    """Every confirmed Swiss result, plus the 0-2 losses of late entrants for missed rounds,
    between registration ids."""
    results = []
    matches = Match.objects.filter(
        round__tournament=tournament, round__kind=Round.Kind.SWISS, status=Match.Status.CONFIRMED
    ).values_list("round__number", "player_a_id", "player_b_id", "a_wins", "b_wins", "draws")
    for number, a, b, a_wins, b_wins, draws in matches:
        if b is None:
            results.append(MatchResult.bye(str(a), number))
        else:
            # A confirmed match has its game counts.
            assert a_wins is not None
            assert b_wins is not None
            assert draws is not None
            results.append(MatchResult(str(a), str(b), a_wins, b_wins, draws, number))
    for pk, joined in tournament.registrations.filter(joined_round__gt=1).values_list(
        "pk", "joined_round"
    ):
        results += [MatchResult.late_entry_loss(str(pk), n) for n in range(1, joined)]
    return results


def confirmed_pods(*, tournament: Tournament) -> list[PodResult]:
    """Every confirmed Three-Arena game, between team registration ids (none for other events)."""
    if tournament.team_play != Tournament.TeamPlay.THREE_ARENA:
        return []
    pods = Pod.objects.filter(round__tournament=tournament, status=Pod.Status.CONFIRMED)
    return [
        PodResult((str(a), str(b), str(c)), str(winner) if winner else None, number)
        for number, a, b, c, winner in pods.values_list(
            "round__number", "team_a_id", "team_b_id", "team_c_id", "winner_id"
        )
    ]


def standings(*, tournament: Tournament) -> list[Standing]:
    """Standings from confirmed results only, in a constant number of queries; `player` is the
    registration id."""
    return named_standings(tournament=tournament)[0]


def named_standings(*, tournament: Tournament) -> tuple[list[Standing], dict[str, str]]:
    """The standings, and each registration's name by id, read together."""
    players = list(
        tournament.registrations.values_list(
            "pk", "dropped_after_round", "player__username", "guest_name"
        )
    )
    lines = compute_standings(
        confirmed_results(tournament=tournament),
        pods=confirmed_pods(tournament=tournament),
        players=[str(pk) for pk, *_ in players],
        dropped=[str(pk) for pk, dropped, *_ in players if dropped is not None],
    )
    return lines, {str(pk): username or guest for pk, _, username, guest in players}


def bracket(*, tournament: Tournament) -> list[BracketResult]:
    """The confirmed top-cut matches, as the placings take them."""
    rounds = tournament.rounds.filter(kind=Round.Kind.TOP_CUT).order_by("number")
    results = []
    for round in rounds.prefetch_related("matches"):
        matches = list(round.matches.all())
        name = bracket_round_name(len(matches))
        for match in matches:
            if match.status != Match.Status.CONFIRMED or match.player_b_id is None:
                continue
            a_won = (match.a_wins or 0) > (match.b_wins or 0)
            winner, loser = (
                (match.player_a_id, match.player_b_id)
                if a_won
                else (match.player_b_id, match.player_a_id)
            )
            results.append(BracketResult(name, str(winner), str(loser)))
    return results


def top_cut_ids(*, tournament: Tournament) -> set[int]:
    """The registrations playing in the top cut (empty until it is paired)."""
    found: set[int] = set()
    for a, b in Match.objects.filter(
        round__tournament=tournament, round__kind=Round.Kind.TOP_CUT
    ).values_list("player_a_id", "player_b_id"):
        found |= {a} | ({b} if b else set())
    return found


def placings(*, tournament: Tournament) -> list[Placing] | None:
    """The final placings, or None until the event is over."""
    if tournament.status != Tournament.Status.FINISHED:
        return None
    results = bracket(tournament=tournament)
    if tournament.top_cut and not is_finished(results, tournament.top_cut):
        return None
    return compute_placings(standings(tournament=tournament), results, tournament.top_cut)


def winner(*, tournament: Tournament) -> Registration | None:
    """The event's winner: the final's winner, or first in the standings of an event without a
    top cut; None until it is known."""
    if tournament.status != Tournament.Status.FINISHED:
        return None
    if tournament.top_cut:
        found = bracket_winner(bracket(tournament=tournament))
    else:
        lines = standings(tournament=tournament)
        found = lines[0].player if lines else None
    if found is None:
        return None
    return tournament.registrations.select_related("player").filter(pk=int(found)).first()


def player_names(tournament: Tournament) -> dict[str, str]:
    """Registration id (as the standings and placings give it) -> the name the event shows."""
    rows = tournament.registrations.values_list("pk", "guest_name", "player__username")
    return {str(pk): username or guest for pk, guest, username in rows}


def standings_rows(tournament: Tournament) -> list[dict[str, Any]]:
    lines, names = named_standings(tournament=tournament)
    return [
        {
            "rank": s.rank,
            "player": names.get(s.player, "?"),
            "registration": int(s.player),
            "points": s.points,
            "wins": s.wins,
            "losses": s.losses,
            "draws": s.draws,
            "omw": format_tiebreaker(s.omw),
            "gw": format_tiebreaker(s.gw),
            "ogw": format_tiebreaker(s.ogw),
            "dropped": s.dropped,
        }
        for s in lines
    ]


def placings_rows(tournament: Tournament) -> list[dict[str, Any]] | None:
    """The final placings, or None until the event is over."""
    final = placings(tournament=tournament)
    if final is None:
        return None
    names = player_names(tournament)
    return [
        {
            "place": p.place,
            "player": names.get(p.player, "?"),
            "registration": int(p.player),
            "swiss_rank": p.swiss_rank,
            "points": p.points,
            "eliminated_in": p.eliminated_in,
        }
        for p in final
    ]


def winner_name(tournament: Tournament) -> str | None:
    found = winner(tournament=tournament)
    return found.name if found is not None else None
