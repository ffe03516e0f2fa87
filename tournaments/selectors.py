"""Reads for tournament pages and the API: roles, rounds, pairings, standings, the judge queue.

Each selector fixes its own queries (select_related / prefetch_related), so a page's query count
does not grow with the number of players.
"""

from django.db.models import Q, QuerySet

from tournaments.core.standings import MatchResult, Standing, compute_standings

from .models import EngineGame, Judge, Match, Registration, Round, Tournament

# --- roles ---------------------------------------------------------------------------------------


def is_organizer(tournament: Tournament, user) -> bool:
    return user.is_authenticated and tournament.organizer_id == user.pk


def is_judge(tournament: Tournament, user) -> bool:
    """Judges assigned to the event, plus its organizer (who may do everything a judge does)."""
    if not user.is_authenticated:
        return False
    if is_organizer(tournament, user):
        return True
    return Judge.objects.filter(tournament=tournament, user=user).exists()


def can_see_decklists(tournament: Tournament, user) -> bool:
    return tournament.decklists_published or is_judge(tournament, user)


# --- tournaments, rounds, matches ----------------------------------------------------------------


def tournament_list() -> QuerySet[Tournament]:
    return Tournament.objects.select_related("organizer").order_by("-created_at")


def tournament_get(*, tournament_id: int) -> Tournament:
    return Tournament.objects.select_related("organizer").get(pk=tournament_id)


def registration_list(*, tournament: Tournament) -> QuerySet[Registration]:
    return tournament.registrations.select_related("player").order_by("player__username")


def round_get(*, tournament: Tournament, number: int) -> Round:
    return tournament.rounds.get(number=number)


def round_pairings(*, round: Round) -> QuerySet[Match]:
    return round.matches.select_related("player_a__player", "player_b__player").order_by("table")


def match_get(*, match_id: int) -> Match:
    return Match.objects.select_related(
        "round__tournament__organizer", "player_a__player", "player_b__player"
    ).get(pk=match_id)


def engine_games(*, match: Match) -> QuerySet[EngineGame]:
    """An automated match's recorded games, without their logs (which can be large)."""
    return match.engine_games.defer("log").order_by("number")


def engine_game_get(*, match: Match, number: int) -> EngineGame:
    return match.engine_games.get(number=number)


def match_current_for(*, tournament: Tournament, user) -> Match | None:
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
    """Every confirmed Swiss result, plus the 0-2 losses of late entrants for missed rounds."""
    results = []
    matches = Match.objects.filter(
        round__tournament=tournament, round__kind=Round.Kind.SWISS, status=Match.Status.CONFIRMED
    ).values_list(
        "round__number",
        "player_a__player__username",
        "player_b__player__username",
        "a_wins",
        "b_wins",
        "draws",
    )
    for number, a, b, a_wins, b_wins, draws in matches:
        if b is None:
            results.append(MatchResult.bye(a, number))
        else:
            # A confirmed match has its game counts.
            assert a_wins is not None
            assert b_wins is not None
            assert draws is not None
            results.append(MatchResult(a, b, a_wins, b_wins, draws, number))
    for username, joined in tournament.registrations.filter(joined_round__gt=1).values_list(
        "player__username", "joined_round"
    ):
        results += [MatchResult.late_entry_loss(username, n) for n in range(1, joined)]
    return results


def standings(*, tournament: Tournament) -> list[Standing]:
    """Standings from confirmed results only, in a constant number of queries."""
    players = list(tournament.registrations.values_list("player__username", "dropped_after_round"))
    return compute_standings(
        confirmed_results(tournament=tournament),
        players=[username for username, _ in players],
        dropped=[username for username, dropped in players if dropped is not None],
    )
