"""What an event's matches, standings, placings and penalties look like to a given user. The
pages and the API both read these, so what one shows the other shows too (views never import
the API module), and hidden information is hidden in one place: another player's lock until the
show, decklists and champions until they are published.

Players are shown by name (an account's username, or a guest's name) next to their
registration id, which is what identifies them: renaming an account changes nothing here.
"""

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from rules.core import match as protocol
from rules.core.formats import FORMATS
from rules.core.games import GAMES
from tournaments.core.pairing import POD_ARENAS
from tournaments.core.standings import format_tiebreaker

from . import permissions, selectors
from .models import Match, Penalty, Pod, Registration, Tournament
from .services import match_settings


def game_name(slug: str) -> str:
    """An event's game as people call it ("Grand Archive"), never its slug."""
    game = GAMES.get(slug)
    return game.name if game is not None else slug


def settings_source(tournament: Tournament) -> str:
    """Where the event's match settings come from, or that their source is missing."""
    return match_settings.settings_source(tournament)


def is_limited(tournament: Tournament) -> bool:
    fmt = FORMATS.get(tournament.format)
    return fmt is not None and fmt.limited


def rules_lookup_url(tournament: Tournament) -> str:
    """The judges' rules lookup, narrowed to the event's game."""
    return f"{reverse('rules:search')}?{urlencode({'game': tournament.game})}"


def format_name(slug: str) -> str:
    """An event's format as people call it ("Genesis Standard Constructed"), never its slug."""
    fmt = FORMATS.get(slug)
    return fmt.name if fmt is not None else slug


def player_names(tournament: Tournament) -> dict[str, str]:
    """Registration id (as the standings and placings give it) -> the name the event shows."""
    rows = tournament.registrations.values_list("pk", "guest_name", "player__username")
    return {str(pk): username or guest for pk, guest, username in rows}


def standings_rows(tournament: Tournament) -> list[dict[str, Any]]:
    lines, names = selectors.named_standings(tournament=tournament)
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
    placings = selectors.placings(tournament=tournament)
    if placings is None:
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
        for p in placings
    ]


def winner_name(tournament: Tournament) -> str | None:
    found = selectors.winner(tournament=tournament)
    return found.name if found is not None else None


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
            for game in selectors.engine_games(match=match)
        ]
    return data


def penalty_rows(tournament: Tournament, user: Any) -> list[dict[str, Any]]:
    """Every penalty of the event for its judges and organizer (who are not playing in it); a
    player, a judge who plays among them, sees their own."""
    penalties = selectors.penalty_list(tournament=tournament)
    if not permissions.is_judge(tournament, user) or permissions.is_player(tournament, user):
        penalties = (
            penalties.filter(registration__player=user)
            if user.is_authenticated
            else (penalties.none())
        )
    return [penalty_row(p) for p in penalties]


def penalty_row(penalty: Penalty) -> dict[str, Any]:
    return {
        "id": penalty.pk,
        "match": penalty.match_id,
        "round": penalty.match.round.number,
        "player": penalty.registration.name,
        "registration": penalty.registration_id,
        "penalty": penalty.kind,
        "infraction": penalty.infraction,
        "note": penalty.note,
        "given_by": penalty.actor.username,
        "created_at": penalty.created_at,
    }


def registration_rows(
    tournament: Tournament, user: Any, registrations: Iterable[Registration]
) -> list[dict[str, Any]]:
    """Registrations as `user` may see them (registration_row, below)."""
    show_all = permissions.can_see_decklists(tournament, user)
    top_cut = selectors.top_cut_ids(tournament=tournament) if not show_all else set()
    return [registration_row(r, user, show_all=show_all, top_cut=top_cut) for r in registrations]


def registration_row(
    registration: Registration, user: Any, *, show_all: bool, top_cut: set[int]
) -> dict[str, Any]:
    """A registration as `user` may see it. The decklist is there once published (all, or the
    top cut's) and for judges who are not playing; the champion too, and the player always sees
    their own champion."""
    tournament = registration.tournament
    in_top_cut = registration.pk in top_cut
    listed = show_all or (tournament.decklists == Tournament.Decklists.TOP_CUT and in_top_cut)
    own = user.is_authenticated and registration.player_id == user.pk
    row: dict[str, Any] = {
        "registration": registration.pk,
        "player": registration.name,
        "guest": registration.is_guest,
        "champion": registration.champion if listed or own else None,
        "joined_round": registration.joined_round,
        "dropped": registration.dropped,
        "created_at": registration.created_at,
    }
    if listed:
        row["decklist"] = registration.decklist
    if registration.pool is not None:
        # A limited event's pool is hidden like a decklist: its player (and judges) see it
        # before the lists are published.
        row["has_pool"] = True
        if listed or own:
            row["pool"] = registration.pool
    if registration.is_team:
        row["team"] = [
            {
                "arena": seat.arena,
                "player": seat.name,
                "spellbook": seat.spellbook if listed or _sits(seat, user) else None,
            }
            for seat in registration.seats.all()
        ]
    return row


def _sits(seat: Any, user: Any) -> bool:
    return bool(user.is_authenticated) and seat.player_id == user.pk
