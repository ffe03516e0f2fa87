"""Reads that only the tournament pages need: event lists with player counts, round progress,
the registration of the viewer, judges, open matches, reports, the override log, a round's
tables for slips and results entry, the clock's extended tables and the top-cut bracket.

Like tournaments.selectors, each function fixes its own queries, so every page's query count
stays the same whether an event has 8 players or 2,048.
"""

from typing import TYPE_CHECKING, TypedDict

from django.db.models import Count, Prefetch, Q, QuerySet

from decks import selectors as deck_selectors
from decks.models import Deck

from . import selectors
from .models import (
    EngineGame,
    Judge,
    Match,
    PodOverride,
    Registration,
    Report,
    ResultOverride,
    Round,
    Tournament,
)

if TYPE_CHECKING:  # django-stubs-ext is a development dependency
    from django_stubs_ext import WithAnnotations


class RoundProgress(TypedDict):
    """The counts `_with_progress` adds to a round."""

    tables: int
    confirmed: int


def event_list() -> QuerySet[Tournament]:
    """Events, newest first, each with its `players` count, counted in the same query so a
    page of events costs one query, not one each."""
    return (
        Tournament.objects.select_related("organizer")
        .annotate(players=Count("registrations"))
        .order_by("-created_at", "-id")
    )


def _with_progress(
    rounds: QuerySet[Round],
) -> "QuerySet[WithAnnotations[Round, RoundProgress]]":
    return rounds.annotate(
        tables=Count("matches"),
        confirmed=Count("matches", filter=Q(matches__status=Match.Status.CONFIRMED)),
    )


def round_list(*, tournament: Tournament) -> "list[WithAnnotations[Round, RoundProgress]]":
    """Every round, oldest first, each with `tables` and `confirmed` match counts."""
    return list(_with_progress(tournament.rounds.order_by("number")))


def round_with_progress(
    *, tournament: Tournament, number: int | None = None
) -> "WithAnnotations[Round, RoundProgress] | None":
    """One round (the latest when `number` is None) with its `tables` and `confirmed` counts."""
    rounds = _with_progress(tournament.rounds.all())
    if number is not None:
        return rounds.filter(number=number).first()
    return rounds.order_by("-number").first()


def registration_for(*, tournament: Tournament, user) -> Registration | None:
    if not user.is_authenticated:
        return None
    return tournament.registrations.filter(player=user).first()


def registration_page(*, tournament: Tournament) -> QuerySet[Registration]:
    """Registered players for a paginated list, in the order they registered (with their
    event, which read_models.registration_row asks)."""
    return tournament.registrations.select_related("player", "tournament").order_by("id")


def judge_list(*, tournament: Tournament) -> list[Judge]:
    return list(tournament.judges.select_related("user").order_by("user__username"))


def decks_of(*, user) -> QuerySet[Deck]:
    """The viewer's own saved decks, to register with."""
    return deck_selectors.deck_list(user=user, mine=True)


def pairings_matching(*, round: Round, query: str = "") -> QuerySet[Match]:
    """A round's pairings by table, optionally only those with a player whose name contains
    `query`."""
    matches = (
        round.matches.select_related("player_a__player", "player_b__player")
        .defer(*selectors.PAIRING_DEFERRED)
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


def match_in_event(*, tournament: Tournament, match_id: int) -> Match:
    """A match of this event (Match.DoesNotExist for another event's match)."""
    return Match.objects.select_related(
        "round__tournament__organizer", "player_a__player", "player_b__player"
    ).get(pk=match_id, round__tournament=tournament)


def match_reports(*, match: Match) -> list[Report]:
    return list(match.reports.select_related("reporter").order_by("game", "created_at"))


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


def match_at_table(*, tournament: Tournament, round_number: int, table: int) -> Match | None:
    """The match at `table` in round `round_number` of this event, ready for a service (its
    round, event and players read with it), or None when there is no such table."""
    return (
        Match.objects.select_related(
            "round__tournament__organizer", "player_a__player", "player_b__player"
        )
        .filter(round__tournament=tournament, round__number=round_number, table=table)
        .first()
    )


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
