"""Reads for tournament pages and the API: rounds, pairings, standings, placings, penalties and
the judge queue. Players are identified by registration id (as a string in the pure standings,
pairing and placings code); tournaments.read_models turns them into what a user sees.

Each selector fixes its own queries (select_related / prefetch_related), so a page's query count
does not grow with the number of players.
"""

from typing import Any

from django.db.models import Q, QuerySet

from tournaments.core.placings import (
    BracketResult,
    Placing,
    bracket_round_name,
    bracket_winner,
    compute_placings,
    is_finished,
)
from tournaments.core.standings import MatchResult, PodResult, Standing, compute_standings

from .models import EngineGame, Match, Penalty, Pod, Registration, Round, Tournament

# --- tournaments, rounds, matches ----------------------------------------------------------------


def tournament_list() -> QuerySet[Tournament]:
    return Tournament.objects.select_related("organizer").order_by("-created_at")


def tournament_get(*, tournament_id: int) -> Tournament:
    return Tournament.objects.select_related("organizer").get(pk=tournament_id)


def registration_list(*, tournament: Tournament) -> QuerySet[Registration]:
    registrations = tournament.registrations.select_related("player").order_by("id")
    if tournament.team_play:  # a team's seats are part of its row
        registrations = registrations.prefetch_related("seats__player")
    return registrations


def round_get(*, tournament: Tournament, number: int) -> Round:
    return tournament.rounds.get(number=number)


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


def match_get(*, match_id: int) -> Match:
    return Match.objects.select_related(
        "round__tournament__organizer", "player_a__player", "player_b__player"
    ).get(pk=match_id)


def engine_games(*, match: Match) -> QuerySet[EngineGame]:
    """An automated match's recorded games, without their logs (which can be large)."""
    return match.engine_games.defer("log").order_by("number")


def engine_game_get(*, match: Match, number: int) -> EngineGame:
    return match.engine_games.get(number=number)


def match_current_for(*, tournament: Tournament, user: Any) -> Match | None:
    if not user.is_authenticated:
        return None
    return (
        Match.objects.filter(round__tournament=tournament)
        .filter(Q(player_a__player=user) | Q(player_b__player=user))
        .select_related("round", "player_a__player", "player_b__player")
        .order_by("-round__number")
        .first()
    )


def judge_queue(*, tournament: Tournament) -> QuerySet[Match]:
    return (
        Match.objects.filter(round__tournament=tournament, status=Match.Status.DISPUTED)
        .select_related("round", "player_a__player", "player_b__player")
        .prefetch_related("reports__reporter")
        .order_by("round__number", "table")
    )


# --- standings -----------------------------------------------------------------------------------


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


def penalty_list(*, tournament: Tournament) -> QuerySet[Penalty]:
    return (
        Penalty.objects.filter(match__round__tournament=tournament)
        .select_related("match__round", "registration__player", "actor")
        .order_by("created_at", "id")
    )
