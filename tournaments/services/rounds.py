"""Rounds: opening the next round, pairing it (the Celery task's work), re-pairing it or swapping
two players before any result is in, and finishing it (and the event) when its last result is
confirmed. Players are identified by registration throughout."""

import time
from datetime import timedelta
from typing import Any

import structlog
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from decks import selectors as deck_selectors
from genesis.broker import send_after_commit
from genesis.errors import Conflict, Forbidden, Refusal
from genesis.logs import bind
from rules.core import match as protocol
from rules.core.decklist import decklist_from_json
from tournaments.core.pairing import (
    PlayerRecord,
    TopCutMatch,
    next_top_cut_round,
    pair_pods,
    pair_round,
    top_cut_pairings,
)

from .. import metrics, permissions, selectors, stream
from ..core.seating import Seats, seat_tables
from ..locking import lock_round, lock_tournament
from ..models import EngineGame, Match, Pod, PodReport, Registration, Report, Round, Tournament
from ..selectors.phases import cut_at_phase, phase_state
from .check_in import no_shows_drop
from .match_settings import match_rules, protocol_decklist
from .registrations import registration_get
from .round_emails import round_emails_enqueue, round_emails_redo
from .snapshots import snapshots_expire

Pairing = tuple[Registration, Registration | None, str, bool]  # a, b (None: bye), why, rematch

logger = structlog.get_logger(__name__)


# --- may the next round be paired? ----------------------------------------------------------------


def next_round_refusal(tournament: Tournament) -> Conflict | None:
    """Why the next round cannot be paired now, or None when it can: the one check that the
    service, the event page and the API all ask."""
    if tournament.status != Tournament.Status.RUNNING:
        return Conflict(
            "The event is not running: start it first."
            if tournament.status == Tournament.Status.REGISTRATION
            else "The event is over.",
            code="not_running",
        )
    last = tournament.rounds.order_by("-number").first()
    if last is not None and last.status != Round.Status.FINISHED:
        return Conflict(
            f"Round {last.number} is still open: every result must be confirmed "
            "before the next round is paired.",
            code="round_open",
        )
    state = phase_state(tournament)
    if state is not None and state.awaiting_confirmation:
        return Conflict(
            f"Phase {state.phase} is over: confirm who advances to phase {state.phase + 1} "
            "before the next round is paired.",
            code="phase_advance_pending",
        )
    swiss_played = tournament.rounds.filter(kind=Round.Kind.SWISS).count()
    if swiss_played < (tournament.swiss_rounds or 0):
        active = tournament.registrations.filter(dropped_after_round__isnull=True)
        if not active.filter(joined_round__lte=swiss_played + 1).exists():
            return Conflict("No active players are left to pair.", code="no_players")
        return None
    if not tournament.top_cut:
        return Conflict("Every round has been played.", code="no_more_rounds")
    return None


def can_pair_next_round(tournament: Tournament) -> bool:
    return next_round_refusal(tournament) is None


@transaction.atomic
def round_start(*, tournament: Tournament, actor: Any) -> Round:
    """Open the next round; a Celery task pairs it (tournaments.tasks.round_pair_task).

    The round row is created here, under a unique (event, number) constraint, so a second click
    or a second organizer gets a clear 409 instead of a second round.
    """
    permissions.require_organizer(tournament, actor)
    tournament = lock_tournament(tournament)
    refusal = next_round_refusal(tournament)
    if refusal is not None:
        raise refusal
    last = tournament.rounds.order_by("-number").first()
    number = (last.number if last else 0) + 1
    swiss_played = tournament.rounds.filter(kind=Round.Kind.SWISS).count()
    if swiss_played < (tournament.swiss_rounds or 0):
        kind, minutes = Round.Kind.SWISS, tournament.round_minutes
    else:
        kind, minutes = Round.Kind.TOP_CUT, None
    try:
        with transaction.atomic():
            round = Round.objects.create(
                tournament=tournament, number=number, kind=kind, minutes=minutes
            )
    except IntegrityError:
        raise Conflict(f"Round {number} is already being paired.", code="round_exists") from None
    # If the broker is down the request answers 503 and the round waits, pending, for the
    # resend (tournaments.services.recovery).
    send_after_commit("tournaments.round_pair", round.pk)
    stream.publish(tournament.pk, "round", stream.round_facts(round))
    return round


# --- pairing ---------------------------------------------------------------------------------------


@transaction.atomic
def round_pair(*, round_id: int) -> Round | None:
    """Pair a round that is waiting for its pairings. Safe to run twice: a round that is no
    longer waiting is returned untouched, and one that was taken back (re-paired) is None."""
    found = (
        Round.objects.select_for_update().select_related("tournament").filter(pk=round_id).first()
    )
    if found is None:
        return None
    bind(event_id=found.tournament_id, round=found.number)
    if found.status != Round.Status.PAIRING:
        return found
    started = time.perf_counter()
    tournament = found.tournament
    no_shows_drop(tournament=tournament, round=found)
    registrations = {r.pk: r for r in tournament.registrations.select_related("player")}
    if tournament.team_play == Tournament.TeamPlay.THREE_ARENA:
        # Three teams a game: the round is pods (and byes), never two-sided matches. A
        # Three-Arena event has no top cut (tournament_start), so every round is Swiss.
        pairings = _swiss_pods(tournament, found, registrations)
    elif found.kind == Round.Kind.SWISS:
        pairings = _swiss_pairings(tournament, found, registrations)
    else:
        pairings = _top_cut_pairings(tournament, found, registrations)
    chi = _chi_table()
    # A Three-Arena round's pods hold tables 1 to n; its byes are numbered after them, and its
    # teams keep no fixed table (a pod is three teams at one table).
    three_arena = tournament.team_play == Tournament.TeamPlay.THREE_ARENA
    first_table = found.pods.count() + 1 if three_arena else 1
    seats = seat_tables(
        [
            Seats(
                fixed_a=None if three_arena else a.fixed_table,
                fixed_b=None if three_arena or b is None else b.fixed_table,
                bye=b is None,
            )
            for a, b, _, _ in pairings
        ],
        first=first_table,
    )
    matches = [
        _new_match(found, seat.table, a, b, explanation, is_rematch, chi, seat.fixed_for or "")
        for seat, (a, b, explanation, is_rematch) in zip(seats, pairings, strict=True)
    ]
    Match.objects.bulk_create(matches)
    snapshots_expire(tournament_id=tournament.pk)
    if tournament.automated:
        for match in matches:
            if match.state is not None:
                enqueue_game(match.pk, 1)
    now = timezone.now()
    found.status = Round.Status.PAIRED
    found.started_at = now
    found.ends_at = now + timedelta(minutes=found.minutes) if found.minutes else None
    found.save()
    tables = selectors.round_tables(found)
    stream.publish(tournament.pk, "round", stream.round_facts(found, tables))
    stream.publish(tournament.pk, "clock", stream.clock_facts(found))
    # A worker mails their table to each player who asked, once this round is committed.
    round_emails_enqueue(round=found)
    finish_round_if_complete(found)
    took = time.perf_counter() - started
    metrics.PAIRING_SECONDS.labels(kind=found.kind).observe(took)
    metrics.PAIRING_DELAY_SECONDS.labels(kind=found.kind).observe(
        (now - found.created_at).total_seconds()
    )
    logger.info("round_paired", matches=len(matches), seconds=round(took, 4))
    return found


def _chi_table() -> dict[str, int]:
    return {key: card.chi or 0 for key, card in deck_selectors.card_index().items()}


def _new_match(
    round: Round,
    table: int,
    a: Registration,
    b: Registration | None,
    explanation: str,
    is_rematch: bool,
    chi: dict[str, int],
    fixed_seat: str = "",
) -> Match:
    match = Match(
        round=round,
        table=table,
        player_a=a,
        player_b=b,
        explanation=explanation,
        is_rematch=is_rematch,
        fixed_seat=fixed_seat,
    )
    if b is None:  # a bye is a 2-0 match win (Product decision › Late entry and drops)
        match.status = Match.Status.CONFIRMED
        match.a_wins, match.b_wins, match.draws = 2, 0, 0
        match.confirmed_at = timezone.now()
    else:
        tournament = round.tournament
        state = protocol.new_match(
            protocol_decklist(decklist_from_json(a.decklist), tournament.game),
            protocol_decklist(decklist_from_json(b.decklist), tournament.game),
            chi if tournament.game == "genesis" else {},
            seed=round.seed + table,
            top_cut=round.kind == Round.Kind.TOP_CUT,
            rules=match_rules(tournament),
        )
        match.state = dict(protocol.as_dict(state))
    return match


def _swiss_pairings(
    tournament: Tournament, round: Round, registrations: dict[int, Registration]
) -> list[Pairing]:
    active = _entrant_records(tournament, round, registrations)
    result = pair_round(active, seed=round.seed)
    round.rematches, round.pair_downs = result.rematches, result.pair_downs
    return [
        (
            registrations[int(p.player_a)],
            registrations[int(p.player_b)] if p.player_b else None,
            p.explanation,
            p.is_rematch,
        )
        for p in result.pairings
    ]


def _entrant_records(
    tournament: Tournament, round: Round, registrations: dict[int, Registration]
) -> list[PlayerRecord]:
    """Every entrant who plays this round as the pairing sees them: standings place, points,
    everyone met (in matches, and both other teams of each Three-Arena pod) and byes."""
    standings = selectors.standings(tournament=tournament)
    rank = {s.player: s.rank for s in standings}
    points = {s.player: s.points for s in standings}
    opponents: dict[str, list[str]] = {str(pk): [] for pk in registrations}
    had_bye: set[str] = set()
    for a, b in Match.objects.filter(round__tournament=tournament).values_list(
        "player_a_id", "player_b_id"
    ):
        if b is None:
            had_bye.add(str(a))
        else:
            opponents[str(a)].append(str(b))
            opponents[str(b)].append(str(a))
    pods = Pod.objects.filter(round__tournament=tournament)
    if tournament.team_play != Tournament.TeamPlay.THREE_ARENA:
        pods = pods.none()  # only a Three-Arena event has pods: no query for the others
    for pod in pods.values_list("team_a_id", "team_b_id", "team_c_id"):
        for team in pod:
            opponents[str(team)] += [str(other) for other in pod if other != team]
    active = [
        PlayerRecord(
            id=str(pk),
            points=points.get(str(pk), 0),
            rank=rank.get(str(pk), len(rank) + 1),
            opponents=tuple(opponents[str(pk)]),
            had_bye=str(pk) in had_bye,
        )
        for pk, registration in registrations.items()
        if not registration.dropped and registration.joined_round <= round.number
    ]
    if not active:
        raise Conflict("No active players are left to pair.", code="no_players")
    return active


def _swiss_pods(
    tournament: Tournament, round: Round, registrations: dict[int, Registration]
) -> list[Pairing]:
    """Save the round's pods (tables 1 to n) and return its byes, which are ordinary bye
    matches after the pods' tables: a bye is the same 2-0 win whether the event pairs teams
    two or three at a time."""
    result = pair_pods(_entrant_records(tournament, round, registrations), seed=round.seed)
    round.rematches = result.repeats
    games = [p for p in result.pods if not p.is_bye]
    Pod.objects.bulk_create(
        Pod(
            round=round,
            table=table,  # pair_pods numbers the pods 1 to n in this order
            team_a=registrations[int(pod.teams[0])],
            team_b=registrations[int(pod.teams[1])],
            team_c=registrations[int(pod.teams[2])],
            explanation=pod.explanation,
            repeats=pod.repeats,
        )
        for table, pod in enumerate(games, start=1)
    )
    return [
        (registrations[int(p.teams[0])], None, p.explanation, False)
        for p in result.pods
        if p.is_bye
    ]


def _top_cut_pairings(
    tournament: Tournament, round: Round, registrations: dict[int, Registration]
) -> list[Pairing]:
    previous = tournament.rounds.filter(kind=Round.Kind.TOP_CUT, number__lt=round.number)
    last = previous.order_by("-number").first()
    # The seeds are the Swiss standings, which the top cut leaves as they are (they count Swiss
    # rounds only); each later bracket round keeps them, so the better seed stays player A.
    # Players cut between Swiss phases are not seeded, wherever their tiebreakers have since
    # put them (none are, in a one-phase event).
    cut = {str(pk) for pk in cut_at_phase(tournament)}
    seeds = [s.player for s in selectors.standings(tournament=tournament) if s.player not in cut]
    if last is None:
        bracket = top_cut_pairings(seeds, tournament.top_cut)
    else:
        seed_of = {player: number for number, player in enumerate(seeds, start=1)}
        matches = list(selectors.round_pairings(round=last))
        bracket_matches = [
            TopCutMatch(
                m.table,
                seed_of[str(m.player_a_id)],
                str(m.player_a_id),
                seed_of[str(m.player_b_id)],
                str(m.player_b_id),
            )
            for m in matches
        ]
        winners = [
            str(m.player_a_id if (m.a_wins or 0) > (m.b_wins or 0) else m.player_b_id)
            for m in matches
        ]
        bracket = next_top_cut_round(bracket_matches, winners)
    return [
        (
            registrations[int(m.player_a)],
            registrations[int(m.player_b)],
            f"top cut: seed {m.seed_a} v seed {m.seed_b}"
            if m.seed_a
            else "top cut: winners of the previous matches",
            False,
        )
        for m in bracket
    ]


# --- re-pairing and swapping before any result ---------------------------------------------------


def has_results(round: Round) -> bool:
    """Whether any game or result of this round has been reported, recorded or entered."""
    matches = round.matches.exclude(player_b=None)
    return (
        Report.objects.filter(match__round=round).exists()
        or EngineGame.objects.filter(match__round=round).exists()
        or matches.filter(status=Match.Status.CONFIRMED).exists()
        or any((m.state or {}).get("games") for m in matches.only("state").iterator(chunk_size=500))
        or round.matches.filter(penalties__isnull=False).exists()
        or PodReport.objects.filter(pod__round=round).exists()
        or round.pods.filter(status=Pod.Status.CONFIRMED).exists()
    )


def _open_latest_round(tournament: Tournament, number: int, actor: Any) -> Round:
    round = tournament.rounds.filter(number=number).first()
    if round is None:
        raise Conflict(f"Round {number} has not been started.", code="no_such_round")
    if (
        actor.is_authenticated
        and round.matches.filter(Q(player_a__player=actor) | Q(player_b__player=actor)).exists()
    ):
        # Roles that combine: a judge who plays in this round does not rearrange it.
        raise Forbidden(
            f"You play in round {number}: a judge who does not must change its pairings.",
            code="own_match",
        )
    round = lock_round(round)
    if tournament.rounds.filter(number__gt=number).exists():
        raise Conflict(
            f"Round {number} is not the latest round: only the latest can be changed.",
            code="not_latest_round",
        )
    if has_results(round):
        raise Conflict(
            f"Round {number} already has games or results reported: it can no longer be "
            "re-paired or changed.",
            code="round_has_results",
        )
    return round


@transaction.atomic
def round_repair(*, tournament: Tournament, actor: Any, number: int) -> None:
    """Take back the latest round's pairings (the organizer or a judge), while nothing of it
    has been reported, so that it can be paired again after late changes (a late drop, a
    forgotten registration)."""
    permissions.require_judge(tournament, actor)
    tournament = lock_tournament(tournament)
    round = _open_latest_round(tournament, number, actor)
    taken_back = {**stream.round_facts(round), "status": "taken_back"}
    round.delete()
    snapshots_expire(tournament_id=tournament.pk)
    stream.publish(tournament.pk, "round", taken_back)
    # The round is now as if it had never been paired: a player who dropped or registered
    # while it stood did so before it. So a drop can still be undone until the round is paired
    # again (player_reinstate), and a late entrant plays it instead of taking a 0-2 for it.
    registrations = tournament.registrations
    registrations.filter(dropped_after_round__gte=number).update(dropped_after_round=number - 1)
    if round.kind == Round.Kind.SWISS:
        registrations.filter(joined_round__gt=number).update(joined_round=number)
    if tournament.status == Tournament.Status.FINISHED:
        Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)


@transaction.atomic
def round_swap(
    *,
    tournament: Tournament,
    actor: Any,
    number: int,
    registration_a: object,
    registration_b: object,
) -> list[dict[str, str]]:
    """Swap two players between tables of the latest round (the organizer or a judge), while
    nothing of it has been reported. Returns warnings: a swap that creates a rematch is allowed,
    and said."""
    permissions.require_judge(tournament, actor)
    tournament = lock_tournament(tournament)
    round = _open_latest_round(tournament, number, actor)
    if round.kind != Round.Kind.SWISS:
        raise Conflict(
            "Top-cut matches follow the bracket: they cannot be swapped.", code="top_cut"
        )
    if tournament.team_play == Tournament.TeamPlay.THREE_ARENA:
        raise Conflict(
            "A Three-Arena round's teams sit in pods of three: take the round back and pair "
            "it again instead.",
            code="pod_round",
        )
    first = registration_get(tournament=tournament, registration_id=registration_a)
    second = registration_get(tournament=tournament, registration_id=registration_b)
    if first.pk == second.pk:
        raise Refusal("Name two different players to swap.", code="invalid_swap")
    matches = list(round.matches.select_for_update().order_by("table"))
    seats = {}
    for match in matches:
        for seat, registration_id in (("a", match.player_a_id), ("b", match.player_b_id)):
            if registration_id in (first.pk, second.pk):
                seats[registration_id] = (match, seat)
    for registration in (first, second):
        if registration.pk not in seats:
            raise Conflict(
                f"{registration.name} is not paired in round {number}.", code="not_paired"
            )
    (match_1, seat_1), (match_2, seat_2) = seats[first.pk], seats[second.pk]
    if match_1.pk == match_2.pk:
        raise Conflict(
            f"{first.name} and {second.name} already play each other.", code="same_table"
        )
    setattr(match_1, f"player_{seat_1}", second)
    setattr(match_2, f"player_{seat_2}", first)
    chi = _chi_table()
    warnings = []
    # Clear the two tables first, so the unique (round, player) constraints never see a player
    # at two tables at once.
    Match.objects.filter(pk__in=[match_1.pk, match_2.pk]).delete()
    snapshots_expire(tournament_id=tournament.pk)
    for match in (match_1, match_2):
        a, b = match.player_a, match.player_b  # b is None at the bye's table
        rematch = b is not None and _have_met(tournament, a, b)
        rebuilt = _new_match(
            round,
            match.table,
            a,
            b,
            f"swapped by {actor.username}",
            rematch,
            chi,
            # A judge moved them: a table is marked fixed only if it is still one's own.
            next(
                (
                    side
                    for side, r in (("a", a), ("b", b))
                    if r is not None and r.fixed_table == match.table
                ),
                "",
            ),
        )
        rebuilt.save()
        if rematch and b is not None:
            warnings.append(
                {
                    "code": "rematch",
                    "detail": f"{a.name} and {b.name} have played each other before.",
                }
            )
    tables = selectors.round_tables(round)
    stream.publish(tournament.pk, "round", {**stream.round_facts(round, tables), "swapped": True})
    # The four players of the two tables sit elsewhere or face someone else now: those who
    # asked for round e-mails are sent the new table.
    moved = {match_1.player_a_id, match_1.player_b_id, match_2.player_a_id, match_2.player_b_id}
    round_emails_redo(round=round, registration_ids=[pk for pk in moved if pk is not None])
    finish_round_if_complete(round)
    return warnings


def _have_met(tournament: Tournament, a: Registration, b: Registration) -> bool:
    return (
        Match.objects.filter(round__tournament=tournament)
        .filter(
            player_a__in=[a.pk, b.pk],
            player_b__in=[a.pk, b.pk],
        )
        .exists()
    )


# --- finishing ---------------------------------------------------------------------------------------


def finish_round_if_complete(round: Round) -> None:
    """Finish the round once every match is confirmed, and the event with its final (or its
    last Swiss round when it has no top cut)."""
    # Two matches confirmed at once (two workers finishing the last games) must not both see
    # the other still playing: the round's row lock orders them, and the second one's query
    # then sees the first one's confirmation.
    Round.objects.select_for_update().filter(pk=round.pk).first()
    tournament = round.tournament
    open_games = round.matches.exclude(status=Match.Status.CONFIRMED).exists() or (
        tournament.team_play == Tournament.TeamPlay.THREE_ARENA
        and round.pods.exclude(status=Pod.Status.CONFIRMED).exists()
    )
    if open_games:
        if round.status == Round.Status.FINISHED:  # a judge reopened a result
            round.status = Round.Status.PAIRED
            round.save(update_fields=["status"])
            stream.publish(tournament.pk, "round", stream.round_facts(round))
        return
    if round.status == Round.Status.PAIRING:
        return
    round.status = Round.Status.FINISHED
    round.save(update_fields=["status"])
    stream.publish(tournament.pk, "round", stream.round_facts(round))
    # The standings a round leaves (again, when a judge corrected a finished round's result).
    stream.publish(tournament.pk, "standings", {"round": round.pk, "number": round.number})
    swiss_done = tournament.rounds.filter(
        kind=Round.Kind.SWISS, status=Round.Status.FINISHED
    ).count()
    final_played = round.kind == Round.Kind.TOP_CUT and round.matches.count() == 1
    no_cut_over = not tournament.top_cut and swiss_done >= (tournament.swiss_rounds or 0)
    if final_played or no_cut_over:
        Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)


def enqueue_game(match_id: int, number: int) -> None:
    send_after_commit("tournaments.adjudicate_game", match_id, number)
