"""One match: found by id, by table or as the viewer's current one, its reports and recorded
engine games, its score line and clock, the match as a given user may see it (the other
player's lock stays hidden until both have locked), and the viewer's own table in the current
round (my_match: the event page's first block and /api/tournaments/{id}/my-match/).
"""

from datetime import datetime, timedelta
from typing import Any

from django.db.models import Q, QuerySet
from django.urls import reverse
from django.utils import timezone

from rules.core import match as protocol

from .. import permissions
from ..models import (
    EngineGame,
    Match,
    Registration,
    Report,
    Round,
    Tournament,
)


def match_get(*, match_id: int) -> Match:
    return Match.objects.select_related(
        "round__tournament__organizer", "player_a__player", "player_b__player"
    ).get(pk=match_id)


def match_in_event(*, tournament: Tournament, match_id: int) -> Match:
    """A match of this event (Match.DoesNotExist for another event's match)."""
    return Match.objects.select_related(
        "round__tournament__organizer", "player_a__player", "player_b__player"
    ).get(pk=match_id, round__tournament=tournament)


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


def engine_games(*, match: Match) -> QuerySet[EngineGame]:
    """An automated match's recorded games, without their logs (which can be large)."""
    return match.engine_games.defer("log").order_by("number")


def engine_game_get(*, match: Match, number: int) -> EngineGame:
    return match.engine_games.get(number=number)


def match_reports(*, match: Match) -> list[Report]:
    return list(match.reports.select_related("reporter").order_by("game", "created_at"))


def score_line(match: Match) -> str:
    """The score as players say it: "alice 1 – 0 carol" (the bye: "alice: bye")."""
    if match.player_b is None:
        return f"{match.player_a.name}: bye"
    if match.state is None:
        a_wins, b_wins, draws = match.a_wins or 0, match.b_wins or 0, match.draws or 0
    else:
        result = protocol.result(protocol.from_dict(match.state))
        a_wins, b_wins, draws = result.a_wins, result.b_wins, result.draws
    drawn = f" ({draws} drawn)" if draws else ""
    return f"{match.player_a.name} {a_wins} – {b_wins} {match.player_b.name}{drawn}"


def ends_at(match: Match) -> datetime | None:
    """When the match's time is up; None for an untimed match and once it is confirmed (its
    clock has stopped)."""
    if match.round.ends_at is None or match.status == Match.Status.CONFIRMED:
        return None
    return match.round.ends_at + timedelta(minutes=match.extra_minutes)


def match_view(match: Match, user: Any) -> dict[str, Any]:
    """A match as `user` may see it: the other player's lock stays hidden until both locked,
    also from a judge or organizer who is playing in it."""
    seat = permissions.seat_of(match, user)
    officiating = seat is None and permissions.is_judge(match.round.tournament, user)
    data: dict[str, Any] = {
        "id": match.pk,
        "round": match.round.number,
        "table": match.table,
        "player_a": match.player_a.name,
        "player_a_registration": match.player_a_id,
        "player_b": match.player_b.name if match.player_b else None,
        "player_b_registration": match.player_b_id,
        "status": match.status,
        "result": None,
        "score_line": score_line(match),
        "your_seat": seat,
        "ends_at": ends_at(match),
        "extra_minutes": match.extra_minutes,
    }
    if match.status == Match.Status.CONFIRMED:
        data["result"] = {
            "player_a_wins": match.a_wins,
            "player_b_wins": match.b_wins,
            "draws": match.draws,
        }
    if match.state is None:
        data.update(phase="bye", games=[], lock=None)
        return data
    state = protocol.from_dict(match.state)
    data.update(
        phase=str(protocol.phase(state)),
        game=state.game_number,
        games=[game.as_dict() for game in state.games],
        chooser=protocol.who_chooses(state),
        locks_next=protocol.who_locks_next(state),
        lock=protocol.visible_lock(state, seat, privileged=officiating),
        score=protocol.result(state).as_dict(),
        best_of=state.rules.best_of,
        sideboarding=state.rules.sideboarding,
    )
    if match.round.tournament.automated:
        data["engine_games"] = [
            {
                "number": game.number,
                "winner": game.winner or None,
                "reason": game.reason,
                "rounds": game.rounds,
                "replay": reverse(
                    "tournaments:game-replay",
                    args=[match.round.tournament_id, match.pk, game.number],
                )
                if game.reason != "time_limit"  # a timed-out game has no log
                else None,
            }
            for game in engine_games(match=match)
        ]
    return data


class MyMatchState:
    """What `my_match` says about the viewer and the current round (docs/api.md, My match)."""

    NOT_REGISTERED = "not_registered"
    NO_ROUND = "no_round"  # the event has no round yet
    PAIRING = "pairing"  # the current round is being paired
    MATCH = "match"  # a table and an opponent (`status`: playing, disputed or confirmed)
    BYE = "bye"
    NOT_PAIRED = "not_paired"  # in the event but not in this round (a top cut without them)
    DROPPED = "dropped"
    FINISHED = "finished"


def my_match(
    *, tournament: Tournament, registration: Registration | None, round: Round | None
) -> dict[str, Any]:
    """The viewer's table in the current round (`round`, the latest) as their `registration`
    (selectors.registration_for) sees it: round, table, opponent, when time is up and where the
    match is played; or why there is none. Per viewer, so never cached: one query, the match."""
    found: dict[str, Any] = {
        "state": MyMatchState.NOT_REGISTERED,
        "registration": registration.pk if registration else None,
        "round": (
            {
                "number": round.number,
                "kind": round.kind,
                "status": round.status,
                "ends_at": round.ends_at,
            }
            if round is not None
            else None
        ),
        "table": None,
        "match": None,
        "opponent": None,
        "opponent_registration": None,
        "status": None,
        "ends_at": None,
        "seconds_left": None,
        "match_url": None,
    }
    if registration is None:
        return found
    match = (
        Match.objects.filter(round=round)
        .filter(Q(player_a=registration) | Q(player_b=registration))
        .select_related("round", "player_a__player", "player_b__player")
        .defer("state", "player_a__decklist", "player_b__decklist")
        .first()
        if round is not None and round.status != Round.Status.PAIRING
        else None
    )
    open_match = match is not None and match.status != Match.Status.CONFIRMED
    if tournament.status == Tournament.Status.FINISHED:
        state = MyMatchState.FINISHED
    elif registration.dropped and not open_match:
        # A player who drops mid-round still has that match to settle; after it, nothing.
        state = MyMatchState.DROPPED
    elif round is None:
        state = MyMatchState.NO_ROUND
    elif round.status == Round.Status.PAIRING:
        state = MyMatchState.PAIRING
    elif match is None:
        state = MyMatchState.NOT_PAIRED
    elif match.player_b_id is None:
        state = MyMatchState.BYE
    else:
        state = MyMatchState.MATCH
    found["state"] = state
    if match is None or state not in (MyMatchState.MATCH, MyMatchState.BYE):
        return found
    opponent = match.player_b if match.player_a_id == registration.pk else match.player_a
    ends = ends_at(match)
    found.update(
        table=match.table,
        match=match.pk,
        opponent=opponent.name if opponent is not None else None,
        opponent_registration=opponent.pk if opponent is not None else None,
        status=match.status,
        ends_at=ends,
        seconds_left=max(0, int((ends - timezone.now()).total_seconds())) if ends else None,
        match_url=reverse("tournaments:my-match", args=[tournament.pk])
        if state == MyMatchState.MATCH
        else None,
    )
    return found
