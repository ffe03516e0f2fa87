"""Matches: who leads, game and whole-match reports, lock and show, concessions, time, judges'
entries and corrections, and extensions.

A match's result comes from its protocol state (rules.core.match) and nowhere else: every path
changes the state through the protocol, and `save_state` alone writes the state together with the
result columns kept for queries, so phase, score and result always agree.
"""

from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from genesis.errors import Conflict, Forbidden, Refusal
from rules.core import match as protocol
from rules.selectors import rule_url

from .. import permissions, stream
from ..locking import lock_match
from ..models import Match, Report, ResultOverride, Round
from ..selectors.corrections import later_round_paired
from .match_settings import match_rules
from .rounds import finish_round_if_complete
from .snapshots import snapshots_expire

MAX_EXTENSION_MINUTES = 60  # one extension
MAX_TOTAL_EXTENSION_MINUTES = 120  # every extension of one match together


# --- the protocol state: read, change, save --------------------------------------------------------


def match_state(match: Match) -> protocol.MatchState:
    """The match's protocol state, with messages naming the players as the event does now."""
    if match.state is None or match.player_b is None:
        raise Conflict("A bye has no games to report.", code="bye")
    state = protocol.from_dict(match.state)
    return protocol.with_names(state, match.player_a.name, match.player_b.name)


def change_state(
    match: Match, change: Callable[[protocol.MatchState], protocol.MatchState]
) -> protocol.MatchState:
    """Apply a protocol action; its refusals become the service's (409, or 400 for a score
    that cannot be). Nothing is saved here."""
    try:
        return change(match_state(match))
    except protocol.ProtocolError as exc:
        kind = Refusal if exc.code is protocol.Code.INVALID_RESULT else Conflict
        raise kind(
            exc.message, code=str(exc.code), rule=exc.rule, rule_url=rule_url(exc.rule)
        ) from None


def save_state(match: Match, state: protocol.MatchState) -> None:
    """The one writer of a match's state and of the result columns derived from it. Over means
    confirmed; a match that is not over is disputed while its players' reports disagree."""
    result = protocol.result(state)
    disputed = not result.over and _reports_disagree(match, state)
    was_confirmed = match.status == Match.Status.CONFIRMED
    shown = (match.status, match.a_wins, match.b_wins, match.draws)
    match.state = dict(protocol.as_dict(state))
    if result.over:
        match.status = Match.Status.CONFIRMED
        match.a_wins, match.b_wins, match.draws = result.a_wins, result.b_wins, result.draws
        match.confirmed_at = match.confirmed_at if was_confirmed else timezone.now()
    else:
        match.status = Match.Status.DISPUTED if disputed else Match.Status.PLAYING
        match.a_wins = match.b_wins = match.draws = None
        match.confirmed_at = None
    match.save()
    tournament_id = match.round.tournament_id
    stream.publish(tournament_id, "match", stream.match_facts(match))
    if (match.status, match.a_wins, match.b_wins, match.draws) != shown:
        # What the pairings and standings show changed (a lead or a lock changes neither).
        snapshots_expire(tournament_id=tournament_id)
    if result.over or was_confirmed:
        # A confirmed result, or one a judge reopened or corrected, may finish (or reopen) the
        # round, which publishes the standings then: not with each result, which would send
        # every phone of a 2,048-player event a thousand events a round.
        finish_round_if_complete(match.round)


def _reports_disagree(match: Match, state: protocol.MatchState) -> bool:
    """Whether the two players' reports of what is still open differ: the whole match, or the
    game in progress. Derived from the reports, so a dispute lasts until it is decided (a
    judge's entry, a report changed to agree, a concession, a penalty, time), whatever else
    happens in the match meanwhile."""
    open_reports = Report.objects.filter(match=match, game__in=[Report.MATCH, state.game_number])
    seen: dict[int, set[tuple[object, ...]]] = {}
    for report in open_reports:
        said = (report.winner, report.a_wins, report.b_wins, report.draws)
        seen.setdefault(report.game, set()).add(said)
    return any(len(said) > 1 for said in seen.values())


def _refuse_if_confirmed(match: Match) -> None:
    if match.status == Match.Status.CONFIRMED:
        raise Conflict("This match's result is already confirmed.", code="match_over")


def _refuse_if_automated(match: Match) -> None:
    if match.round.tournament.automated:
        # Only the engine plays an automated match's games; a judge may still enter or
        # correct the match result (match_result_report).
        raise Conflict(
            "The game engine plays this match's games; a judge can enter the match result.",
            code="automated_match",
        )


def _refuse_if_bracket_moved_on(match: Match) -> None:
    """A top-cut result decides who plays on: once the next bracket match is paired it can no
    longer change, unless that pairing is taken back first."""
    round = match.round
    if (
        round.kind == Round.Kind.TOP_CUT
        and round.tournament.rounds.filter(number__gt=round.number).exists()
    ):
        raise Conflict(
            "The next bracket round is already paired: take its pairings back first.",
            code="bracket_moved_on",
        )


def _refuse_if_rounds_paired_since(match: Match) -> None:
    """A Swiss result that later pairings were made from is corrected with a reason, which is
    logged and shown (services.corrections.match_result_correct), not changed silently here."""
    if match.round.kind == Round.Kind.SWISS and later_round_paired(match) is not None:
        raise Conflict(
            "Later rounds were paired from this result: correct it with a reason (POST "
            "…/correction/, or the match's judge page).",
            code="use_correction",
        )


def log_override(match: Match, actor: Any, *, before: Any, after: Any, note: str) -> None:
    ResultOverride.objects.create(match=match, actor=actor, before=before, after=after, note=note)


def _result_dict(match: Match) -> dict[str, int | None]:
    return {"a_wins": match.a_wins, "b_wins": match.b_wins, "draws": match.draws}


def winner_seat(match: Match, winner: str | None) -> protocol.Seat | None:
    """The seat of a game's winner, given by the name the event shows (a username or a guest's
    name, in any case); None for a drawn game."""
    if winner is None:
        return None
    if match.player_a.name.lower() == winner.lower():
        return "a"
    if match.player_b is not None and match.player_b.name.lower() == winner.lower():
        return "b"
    raise Refusal(f"{winner!r} is not playing in this match.", code="invalid_winner")


def _is_team_match(match: Match) -> bool:
    return match.player_a.is_team


def _team_reported(match: Match, seat: protocol.Seat | None, game: int) -> bool:
    """Whether a teammate has already reported this game for the team (one report per side)."""
    if not _is_team_match(match):
        return False
    reports = Report.objects.filter(match=match, game=game).select_related("reporter")
    return any(permissions.seat_of(match, r.reporter) == seat for r in reports)


def _other_side_report(
    match: Match, seat: protocol.Seat | None, game: int, actor: Any
) -> Report | None:
    """The other side's report of this game, if any. A team's players all report for one side,
    so a teammate's report is never the other side's."""
    reports = Report.objects.filter(match=match, game=game).exclude(reporter=actor)
    if not _is_team_match(match):
        return reports.first()
    for report in reports.select_related("reporter"):
        if permissions.seat_of(match, report.reporter) != seat:
            return report
    return None


# --- players and judges act ------------------------------------------------------------------------


@transaction.atomic
def match_choose_lead(*, match: Match, actor: Any, lead: bool) -> Match:
    """The choosing player decides to lead or not. A judge who is not playing in the match may
    record the choice for them; a player only ever chooses for themself."""
    match = lock_match(match)
    seat, officiating = permissions.participant(match, actor)
    _refuse_if_confirmed(match)
    _refuse_if_automated(match)
    state = match_state(match)
    acting = protocol.who_chooses(state) if officiating else seat
    if acting is None:
        raise Conflict("No choice of who leads is pending.", code="no_choice_pending")
    save_state(match, change_state(match, lambda s: protocol.choose_lead(s, acting, lead)))
    return match


@transaction.atomic
def match_game_report(*, match: Match, actor: Any, winner: str | None) -> Match:
    """A player says who won the game in progress (a player's name, or None for a drawn game).

    When both players have said the same, the game is recorded; when they differ, the match
    goes to the judge queue. A judge's or the organizer's report is recorded at once and logged.
    """
    match = lock_match(match)
    _seat, officiating = permissions.participant(match, actor)
    _refuse_if_confirmed(match)
    _refuse_if_automated(match)
    winner_at = winner_seat(match, winner)
    state = match_state(match)
    if state.phase is not protocol.Phase.PLAYING:
        change_state(match, lambda s: protocol.record_game(s, winner_at))  # explains the wait
    game = state.game_number
    code = winner_at or "draw"
    if officiating:  # a judge or the organizer enters the game
        save_state(match, change_state(match, lambda s: protocol.record_game(s, winner_at)))
        log_override(
            match,
            actor,
            before=None,
            after={"game": game, "winner": winner},
            note=f"game {game} entered by a judge",
        )
        Report.objects.filter(match=match, game=game).delete()
        return match
    if _team_reported(match, _seat, game):
        raise Conflict(f"Your team has already reported game {game}.", code="already_reported")
    try:
        with transaction.atomic():
            Report.objects.create(match=match, reporter=actor, game=game, winner=code)
    except IntegrityError:
        raise Conflict(f"You have already reported game {game}.", code="already_reported") from None
    other = _other_side_report(match, _seat, game, actor)
    if other is None:
        return match
    if other.winner == code:
        save_state(match, change_state(match, lambda s: protocol.record_game(s, winner_at)))
    else:
        save_state(match, state)  # the reports disagree: the match goes to the judges
    return match


@transaction.atomic
def match_lock(
    *,
    match: Match,
    actor: Any,
    out: list[str],
    in_: list[str],
    for_guest: protocol.Seat | None = None,
) -> Match:
    """Lock a lock-and-show selection. A player locks only their own swap; a guest (a walk-in
    without an account) tells a judge, who locks it for them (`for_guest`: the guest's seat)."""
    match = lock_match(match)
    seat = permissions.seat_of(match, actor)
    if for_guest is not None:
        permissions.require_officiating(match, actor)  # who asks, before what they ask
        guest = {"a": match.player_a, "b": match.player_b}.get(for_guest)
        if guest is None or not guest.is_guest:
            raise Refusal("Only a guest's selection can be locked for them.", code="not_a_guest")
        seat = for_guest
    if seat is None:
        raise Forbidden(
            "Only a player in this match can lock their own selection.", code="not_in_match"
        )
    _refuse_if_confirmed(match)
    _refuse_if_automated(match)
    save_state(match, change_state(match, lambda s: protocol.lock(s, seat, out, in_)))
    return match


@transaction.atomic
def match_result_report(*, match: Match, actor: Any, a_wins: int, b_wins: int, draws: int) -> Match:
    """Report the whole match. Two agreeing player reports settle it; disagreeing ones go to the
    judge queue. A judge or the organizer settles (or corrects) it at once, and it is logged;
    a correction that changes nothing is refused (409 no_change)."""
    match = lock_match(match)
    _seat, officiating = permissions.participant(match, actor)
    if match.player_b is None:
        raise Conflict("A bye is already a confirmed 2-0 win.", code="bye")
    try:  # an impossible score is refused (400) before anything else is said about the match
        protocol.check_score(
            a_wins,
            b_wins,
            draws,
            match.round.kind == Round.Kind.TOP_CUT,
            match_rules(match.round.tournament),
        )
    except protocol.ProtocolError as exc:
        raise Refusal(
            exc.message, code=str(exc.code), rule=exc.rule, rule_url=rule_url(exc.rule)
        ) from None
    if officiating:
        before = _result_dict(match) if match.status == Match.Status.CONFIRMED else None
        if before is not None:
            _refuse_if_bracket_moved_on(match)
            _refuse_if_rounds_paired_since(match)
        save_state(match, change_state(match, lambda s: protocol.settle(s, a_wins, b_wins, draws)))
        log_override(
            match,
            actor,
            before=before,
            after={"a_wins": a_wins, "b_wins": b_wins, "draws": draws},
            note="result entered by a judge" if before is None else "result changed",
        )
        return match
    _refuse_if_confirmed(match)
    state = change_state(match, lambda s: protocol.settle(s, a_wins, b_wins, draws))
    if _is_team_match(match):
        # One report per team: a teammate's newer report replaces the team's earlier one.
        for earlier in Report.objects.filter(match=match, game=Report.MATCH):
            if permissions.seat_of(match, earlier.reporter) == _seat:
                earlier.delete()
    Report.objects.update_or_create(
        match=match,
        reporter=actor,
        game=Report.MATCH,
        defaults={"a_wins": a_wins, "b_wins": b_wins, "draws": draws},
    )
    reports = list(Report.objects.filter(match=match, game=Report.MATCH))
    if len(reports) == 2:
        if len({(r.a_wins, r.b_wins, r.draws) for r in reports}) == 1:
            save_state(match, state)
        else:
            save_state(match, match_state(match))  # they disagree: the judges decide
    return match


@transaction.atomic
def match_concede(*, match: Match, actor: Any, whole_match: bool) -> Match:
    """A player concedes the current game, or the whole match (Product decision › Concession)."""
    match = lock_match(match)
    seat = permissions.seat_of(match, actor)
    if seat is None:
        raise Forbidden("Only a player in this match can concede.", code="not_in_match")
    _refuse_if_confirmed(match)
    _refuse_if_automated(match)
    save_state(match, change_state(match, lambda s: protocol.concede(s, seat, whole_match)))
    return match


@transaction.atomic
def match_call_time(*, match: Match, actor: Any) -> Match:
    """A judge or the organizer calls time on a match: a game in progress is a drawn game and
    the match ends on its score (Product decision › Time). Logged."""
    match = lock_match(match)
    permissions.require_officiating(match, actor)
    _refuse_if_confirmed(match)
    save_state(match, change_state(match, protocol.call_time))
    log_override(
        match, actor, before=None, after=_result_dict(match), note="time called by a judge"
    )
    return match


@transaction.atomic
def match_extend(*, match: Match, actor: Any, minutes: int) -> Match:
    """A judge gives one match extra time (the round clock is the server's). A judge playing
    in the match cannot extend their own."""
    match = lock_match(match)
    permissions.require_officiating(match, actor)
    if not 1 <= minutes <= MAX_EXTENSION_MINUTES:
        raise Refusal(
            f"An extension is 1 to {MAX_EXTENSION_MINUTES} minutes.", code="invalid_extension"
        )
    if match.extra_minutes + minutes > MAX_TOTAL_EXTENSION_MINUTES:
        raise Conflict(
            f"A match gets at most {MAX_TOTAL_EXTENSION_MINUTES} extra minutes in all; this "
            f"one has {match.extra_minutes}.",
            code="extension_limit",
        )
    _refuse_if_confirmed(match)
    _refuse_if_automated(match)
    match.extra_minutes += minutes
    match.save(update_fields=["extra_minutes", "updated_at"])
    stream.publish(
        match.round.tournament_id,
        "clock",
        {
            **stream.clock_facts(match.round),
            "match": match.pk,
            "table": match.table,
            "extra_minutes": match.extra_minutes,
        },
    )
    return match
