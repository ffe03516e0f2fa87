"""Rounds: opening the next round, pairing it (the Celery task's work) and finishing it."""

from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from decks import selectors as deck_selectors
from genesis.errors import Conflict
from rules.core import match as protocol
from rules.core.decklist import decklist_from_json
from tournaments.core.pairing import (
    PlayerRecord,
    TopCutMatch,
    next_top_cut_round,
    pair_round,
    top_cut_pairings,
)

from .. import selectors
from ..models import (
    Match,
    Registration,
    Round,
    Tournament,
)
from .events import _lock_tournament, _require_organizer

# --- rounds ------------------------------------------------------------------------------------


@transaction.atomic
def round_start(*, tournament: Tournament, actor) -> Round:
    """Open the next round; a Celery task pairs it (tournaments.tasks.round_pair_task).

    The round row is created here, under a unique (event, number) constraint, so a second click
    or a second organizer gets a clear 409 instead of a second round.
    """
    _require_organizer(tournament, actor)
    tournament = _lock_tournament(tournament)
    if tournament.status != Tournament.Status.RUNNING:
        raise Conflict(
            "The event is not running: start it first."
            if tournament.status == Tournament.Status.REGISTRATION
            else "The event is over.",
            code="not_running",
        )
    last = tournament.rounds.order_by("-number").first()
    if last is not None and last.status != Round.Status.FINISHED:
        raise Conflict(
            f"Round {last.number} is still open: every result must be confirmed "
            "before the next round is paired.",
            code="round_open",
        )
    number = (last.number if last else 0) + 1
    swiss_played = tournament.rounds.filter(kind=Round.Kind.SWISS).count()
    swiss_rounds = tournament.swiss_rounds
    assert swiss_rounds is not None, "a running event's Swiss rounds were fixed at its start"
    active = tournament.registrations.filter(dropped_after_round__isnull=True)
    # Checked here, not in the task, so a round is never left waiting for pairings that cannot
    # be made.
    if (
        swiss_played < swiss_rounds
        and not active.filter(joined_round__lte=swiss_played + 1).exists()
    ):
        raise Conflict("No active players are left to pair.", code="no_players")
    if swiss_played < swiss_rounds:
        kind, minutes = Round.Kind.SWISS, tournament.round_minutes
    elif tournament.top_cut:
        kind, minutes = Round.Kind.TOP_CUT, None
    else:
        raise Conflict("Every round has been played.", code="no_more_rounds")
    try:
        with transaction.atomic():
            round = Round.objects.create(
                tournament=tournament, number=number, kind=kind, minutes=minutes
            )
    except IntegrityError:
        raise Conflict(f"Round {number} is already being paired.", code="round_exists") from None
    from ..tasks import round_pair_task

    transaction.on_commit(lambda: round_pair_task.delay(round.pk))
    return round


@transaction.atomic
def round_pair(*, round_id: int) -> Round:
    """Pair a round that is waiting for its pairings. Safe to run twice: a round that is no
    longer waiting is returned untouched."""
    round = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
    if round.status != Round.Status.PAIRING:
        return round
    tournament = round.tournament
    registrations = {
        r.player.username: r for r in tournament.registrations.select_related("player")
    }
    if round.kind == Round.Kind.SWISS:
        pairings = _swiss_pairings(tournament, round, registrations)
    else:
        pairings = _top_cut_pairings(tournament, round, registrations)
    chi = {key: card.chi or 0 for key, card in deck_selectors.card_index().items()}
    matches = []
    for table, (a, b, explanation, is_rematch) in enumerate(pairings, start=1):
        match = Match(
            round=round,
            table=table,
            player_a=registrations[a],
            player_b=registrations[b] if b else None,
            explanation=explanation,
            is_rematch=is_rematch,
        )
        if b is None:  # a bye is a 2-0 match win (Product decision › Late entry and drops)
            match.status = Match.Status.CONFIRMED
            match.a_wins, match.b_wins, match.draws = 2, 0, 0
            match.confirmed_at = timezone.now()
        else:
            state = protocol.new_match(
                decklist_from_json(registrations[a].decklist),
                decklist_from_json(registrations[b].decklist),
                chi,
                seed=round.seed + table,
                top_cut=round.kind == Round.Kind.TOP_CUT,
            )
            match.state = protocol.as_dict(state)
        matches.append(match)
    Match.objects.bulk_create(matches)
    if tournament.automated:
        for match in matches:
            if match.state is not None:
                _enqueue_game(match.pk, 1)
    now = timezone.now()
    round.status = Round.Status.PAIRED
    round.started_at = now
    round.ends_at = now + timedelta(minutes=round.minutes) if round.minutes else None
    round.save()
    _finish_round_if_complete(round)
    return round


def _swiss_pairings(
    tournament: Tournament, round: Round, registrations: dict[str, Registration]
) -> list[tuple[str, str | None, str, bool]]:
    standings = selectors.standings(tournament=tournament)
    rank = {s.player: s.rank for s in standings}
    points = {s.player: s.points for s in standings}
    opponents: dict[str, list[str]] = {name: [] for name in registrations}
    had_bye: set[str] = set()
    for a, b in Match.objects.filter(round__tournament=tournament).values_list(
        "player_a__player__username", "player_b__player__username"
    ):
        if b is None:
            had_bye.add(a)
        else:
            opponents[a].append(b)
            opponents[b].append(a)
    active = [
        PlayerRecord(
            id=name,
            points=points.get(name, 0),
            rank=rank.get(name, len(rank) + 1),
            opponents=tuple(opponents[name]),
            had_bye=name in had_bye,
        )
        for name, registration in registrations.items()
        if not registration.dropped and registration.joined_round <= round.number
    ]
    if not active:
        raise Conflict("No active players are left to pair.", code="no_players")
    result = pair_round(active, seed=round.seed)
    round.rematches, round.pair_downs = result.rematches, result.pair_downs
    return [(p.player_a, p.player_b, p.explanation, p.is_rematch) for p in result.pairings]


def _top_cut_pairings(tournament, round, registrations):
    previous = tournament.rounds.filter(kind=Round.Kind.TOP_CUT, number__lt=round.number)
    if not previous.exists():
        seeds = [s.player for s in selectors.standings(tournament=tournament)]
        bracket = top_cut_pairings(seeds, tournament.top_cut)
    else:
        last = previous.order_by("-number").first()
        matches = list(selectors.round_pairings(round=last))
        bracket_matches = [
            TopCutMatch(m.table, 0, m.player_a.player.username, 0, m.player_b.player.username)
            for m in matches
        ]
        winners = [
            m.player_a.player.username if m.a_wins > m.b_wins else m.player_b.player.username
            for m in matches
        ]
        bracket = next_top_cut_round(bracket_matches, winners)
    return [
        (
            m.player_a,
            m.player_b,
            f"top cut: seed {m.seed_a} v seed {m.seed_b}"
            if m.seed_a
            else "top cut: winners of the previous matches",
            False,
        )
        for m in bracket
    ]


def _finish_round_if_complete(round: Round) -> None:
    # Two matches confirmed at once (two workers finishing the last games) must not both see
    # the other still playing: the round's row lock orders them, and the second one's query
    # then sees the first one's confirmation.
    Round.objects.select_for_update().filter(pk=round.pk).first()
    if round.matches.exclude(status=Match.Status.CONFIRMED).exists():
        return
    round.status = Round.Status.FINISHED
    round.save(update_fields=["status"])
    tournament = round.tournament
    swiss_done = tournament.rounds.filter(
        kind=Round.Kind.SWISS, status=Round.Status.FINISHED
    ).count()
    final_played = round.kind == Round.Kind.TOP_CUT and round.matches.count() == 1
    no_cut_over = not tournament.top_cut and swiss_done >= (tournament.swiss_rounds or 0)
    if final_played or no_cut_over:
        Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)


def _enqueue_game(match_id: int, number: int) -> None:
    from ..tasks import adjudicate_game_task

    transaction.on_commit(lambda: adjudicate_game_task.delay(match_id, number))
