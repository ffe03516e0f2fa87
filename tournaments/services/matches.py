"""Matches: who leads, game and match reports, lock and show, judges' entries and extensions."""

from django.db import IntegrityError, transaction
from django.utils import timezone

from genesis.errors import Conflict, Forbidden, Refusal
from rules.core import match as protocol

from .. import selectors
from ..models import (
    Match,
    Report,
    ResultOverride,
    Round,
)
from .events import _require_judge
from .rounds import _finish_round_if_complete

MAX_EXTENSION_MINUTES = 60

# --- matches -----------------------------------------------------------------------------------


def seat_of(match: Match, user) -> protocol.Seat | None:
    if not user.is_authenticated:
        return None
    if match.player_a.player_id == user.pk:
        return "a"
    if match.player_b is not None and match.player_b.player_id == user.pk:
        return "b"
    return None


def _lock_match(match: Match) -> Match:
    return (
        Match.objects.select_for_update(of=("self",))
        .select_related("round__tournament", "player_a__player", "player_b__player")
        .get(pk=match.pk)
    )


def _participant(match: Match, actor) -> tuple[protocol.Seat | None, bool]:
    """The actor's seat and whether they act as a judge; refuses everyone else."""
    seat = seat_of(match, actor)
    judge = selectors.is_judge(match.round.tournament, actor)
    if seat is None and not judge:
        raise Forbidden(
            "Only the match's players, its judges and the organizer can do that.",
            code="not_in_match",
        )
    return seat, judge


def _state(match: Match) -> protocol.MatchState:
    if match.state is None:
        raise Conflict("A bye has no games to report.", code="bye")
    return protocol.from_dict(match.state)


def _apply(match: Match, change) -> protocol.MatchState:
    try:
        state = change(_state(match))
    except protocol.ProtocolError as exc:
        raise Conflict(exc.message, code=str(exc.code), rule=exc.rule) from None
    match.state = protocol.as_dict(state)
    return state


def _refuse_if_confirmed(match: Match) -> None:
    if match.status == Match.Status.CONFIRMED:
        raise Conflict("This match's result is already confirmed.", code="match_over")
    if match.round.tournament.automated:
        # Only the engine plays an automated match's games; a judge may still enter or
        # override the match result (match_result_report).
        raise Conflict(
            "The game engine plays this match's games; a judge can enter the match result.",
            code="automated_match",
        )


@transaction.atomic
def match_choose_lead(*, match: Match, actor, lead: bool) -> Match:
    match = _lock_match(match)
    seat, judge = _participant(match, actor)
    _refuse_if_confirmed(match)
    chooser = protocol.who_chooses(_state(match))
    # A judge may record the choice for the player whose choice it is.
    acting = chooser if judge and seat != chooser else seat
    if acting is None:
        raise Conflict("No choice of who leads is pending.", code="no_choice_pending")
    _apply(match, lambda s: protocol.choose_lead(s, acting, lead))
    match.save(update_fields=["state", "updated_at"])
    return match


@transaction.atomic
def match_game_report(*, match: Match, actor, winner: str | None) -> Match:
    """A player says who won the game in progress (a username, or None for a drawn game).

    When both players have said the same, the game is recorded; when they differ, the match
    goes to the judge queue. A judge's or the organizer's report is recorded at once and logged.
    """
    match = _lock_match(match)
    seat, _judge = _participant(match, actor)
    _refuse_if_confirmed(match)
    winner_seat = _winner_seat(match, winner)
    state = _state(match)
    if state.phase is not protocol.Phase.PLAYING:
        _apply(match, lambda s: protocol.record_game(s, winner_seat))  # explains the wait
    game = state.game_number
    code = winner_seat or "draw"
    if seat is None:  # a judge or the organizer enters the game
        _apply(match, lambda s: protocol.record_game(s, winner_seat))
        _log_override(
            match,
            actor,
            before=None,
            after={"game": game, "winner": winner},
            note=f"game {game} entered by a judge",
        )
        Report.objects.filter(match=match, game=game).delete()
        match.status = Match.Status.PLAYING
        match.save()
        return match
    try:
        with transaction.atomic():
            Report.objects.create(match=match, reporter=actor, game=game, winner=code)
    except IntegrityError:
        raise Conflict(f"You have already reported game {game}.", code="already_reported") from None
    other = Report.objects.filter(match=match, game=game).exclude(reporter=actor).first()
    if other is not None:
        if other.winner == code:
            state = _apply(match, lambda s: protocol.record_game(s, winner_seat))
            match.status = Match.Status.PLAYING
            if protocol.phase(state) is protocol.Phase.OVER:
                # Both players agreed on every game, so they agree on the match.
                final = protocol.result(state)
                _confirm(match, final.a_wins, final.b_wins, final.draws)
                return match
        else:
            match.status = Match.Status.DISPUTED
    match.save()
    return match


def _winner_seat(match: Match, winner: str | None) -> protocol.Seat | None:
    if winner is None:
        return None
    if match.player_a.player.username.lower() == winner.lower():
        return "a"
    if match.player_b is not None and match.player_b.player.username.lower() == winner.lower():
        return "b"
    raise Refusal(f"{winner!r} is not playing in this match.", code="invalid_winner")


@transaction.atomic
def match_lock(*, match: Match, actor, out: list[str], in_: list[str]) -> Match:
    """Lock a lock-and-show selection. Only the player themself locks their own swap."""
    match = _lock_match(match)
    seat = seat_of(match, actor)
    if seat is None:
        raise Forbidden(
            "Only a player in this match can lock their own selection.", code="not_in_match"
        )
    _refuse_if_confirmed(match)
    _apply(match, lambda s: protocol.lock(s, seat, out, in_))
    match.save(update_fields=["state", "updated_at"])
    return match


def _check_result(match: Match, a_wins: int, b_wins: int, draws: int) -> None:
    for value in (a_wins, b_wins, draws):
        if not isinstance(value, int) or value < 0:
            raise Refusal("Game counts are whole numbers of 0 or more.", code="invalid_result")
    if max(a_wins, b_wins) > 2 or (a_wins == 2 and b_wins == 2):
        raise Refusal(
            f"{a_wins}-{b_wins} is impossible in a best-of-three: a match ends when a "
            "player has two game wins.",
            code="invalid_result",
        )
    if draws > 3:
        raise Refusal(
            "More than three drawn games is not a real match result.", code="invalid_result"
        )
    if match.round.kind == Round.Kind.TOP_CUT and a_wins == b_wins:
        raise Refusal(
            "A top-cut match cannot end in a draw: play until someone wins two games.",
            code="invalid_result",
        )


@transaction.atomic
def match_result_report(*, match: Match, actor, a_wins: int, b_wins: int, draws: int) -> Match:
    """Report the match result. Two agreeing player reports confirm it; disagreeing ones go to
    the judge queue. A judge or the organizer confirms (or overrides) at once, and it is logged.
    """
    match = _lock_match(match)
    seat, _judge = _participant(match, actor)
    if match.player_b is None:
        raise Conflict("A bye is already a confirmed 2-0 win.", code="bye")
    _check_result(match, a_wins, b_wins, draws)
    if seat is None:  # a judge or the organizer enters or overrides the result
        before = _result_dict(match) if match.status == Match.Status.CONFIRMED else None
        _confirm(match, a_wins, b_wins, draws)
        _log_override(
            match,
            actor,
            before=before,
            after={"a_wins": a_wins, "b_wins": b_wins, "draws": draws},
            note="result entered by a judge" if before is None else "result changed",
        )
        return match
    _refuse_if_confirmed(match)
    Report.objects.update_or_create(
        match=match,
        reporter=actor,
        game=Report.MATCH,
        defaults={"a_wins": a_wins, "b_wins": b_wins, "draws": draws},
    )
    reports = list(Report.objects.filter(match=match, game=Report.MATCH))
    if len(reports) == 2:
        if len({(r.a_wins, r.b_wins, r.draws) for r in reports}) == 1:
            _confirm(match, a_wins, b_wins, draws)
        else:
            match.status = Match.Status.DISPUTED
            match.save(update_fields=["status", "updated_at"])
    return match


def _result_dict(match: Match) -> dict:
    return {"a_wins": match.a_wins, "b_wins": match.b_wins, "draws": match.draws}


def _confirm(match: Match, a_wins: int, b_wins: int, draws: int) -> None:
    match.a_wins, match.b_wins, match.draws = a_wins, b_wins, draws
    match.status = Match.Status.CONFIRMED
    match.confirmed_at = timezone.now()
    match.save()
    _finish_round_if_complete(match.round)


def _log_override(match: Match, actor, *, before, after, note: str) -> None:
    ResultOverride.objects.create(match=match, actor=actor, before=before, after=after, note=note)


@transaction.atomic
def match_extend(*, match: Match, actor, minutes: int) -> Match:
    """A judge gives one match extra time (the round clock is the server's)."""
    match = _lock_match(match)
    _require_judge(match.round.tournament, actor)
    if not 1 <= minutes <= MAX_EXTENSION_MINUTES:
        raise Refusal(
            f"An extension is 1 to {MAX_EXTENSION_MINUTES} minutes.", code="invalid_extension"
        )
    _refuse_if_confirmed(match)
    match.extra_minutes += minutes
    match.save(update_fields=["extra_minutes", "updated_at"])
    return match
