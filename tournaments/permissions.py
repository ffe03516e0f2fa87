"""Who may do what in an event: the one home of the role checks that services, pages and the API
all ask, so a page's "can I?" and the service's refusal never disagree.

Roles combine: an organizer or judge who also plays is a player in their own matches (no lead
choices, locks, extensions or confirmations for the other side, and no more hidden information
than a player has), and keeps full powers for the matches they do not play, except for seeing
decklists before publication.
"""

from typing import Any

from genesis.errors import Forbidden
from rules.core.match import Seat

from .models import Judge, Match, Pod, Registration, TeamSeat, Tournament, WaitlistEntry


def is_organizer(tournament: Tournament, user: Any) -> bool:
    return bool(user.is_authenticated) and tournament.organizer_id == user.pk


def is_judge(tournament: Tournament, user: Any) -> bool:
    """Judges assigned to the event, plus its organizer (who may do everything a judge does)."""
    if not user.is_authenticated:
        return False
    if is_organizer(tournament, user):
        return True
    return Judge.objects.filter(tournament=tournament, user=user).exists()


def is_player(tournament: Tournament, user: Any) -> bool:
    """Whether `user` plays in the event: registered themself, or on a team."""
    if not user.is_authenticated:
        return False
    if tournament.team_play:
        return TeamSeat.objects.filter(team__tournament=tournament, player=user).exists()
    return tournament.registrations.filter(player=user).exists()


def plays_or_waits(tournament: Tournament, user: Any) -> bool:
    """Whether `user` plays in the event or waits on its waitlist for a place (and may play)."""
    if is_player(tournament, user):
        return True
    return (
        bool(user.is_authenticated)
        and tournament.waitlist.filter(player=user, status=WaitlistEntry.Status.WAITING).exists()
    )


def require_organizer(tournament: Tournament, actor: Any) -> None:
    if not is_organizer(tournament, actor):
        raise Forbidden("Only the event's organizer can do that.", code="not_organizer")


def require_judge(tournament: Tournament, actor: Any) -> None:
    if not is_judge(tournament, actor):
        raise Forbidden("Only the event's judges and organizer can do that.", code="not_judge")


def seat_of(match: Match, user: Any) -> Seat | None:
    """The seat `user` plays in this match, if any."""
    if not user.is_authenticated:
        return None
    if match.player_a.player_id == user.pk:
        return "a"
    if match.player_b is not None and match.player_b.player_id == user.pk:
        return "b"
    # A team's players play (and report) for their team (Titans of Eden team play).
    for seat, entrant in (("a", match.player_a), ("b", match.player_b)):
        if entrant is not None and entrant.is_team and in_team(entrant, user):
            return seat  # type: ignore[return-value]
    return None


def team_in_pod(pod: Pod, user: Any) -> Registration | None:
    """The team `user` plays for in this Three-Arena pod, if any."""
    if not user.is_authenticated:
        return None
    team_id = (
        TeamSeat.objects.filter(team_id__in=pod.team_ids, player=user)
        .values_list("team_id", flat=True)
        .first()
    )
    return next((team for team in pod.teams if team.pk == team_id), None)


def in_team(team: Registration, user: Any) -> bool:
    return bool(user.is_authenticated) and team.seats.filter(player=user).exists()


def officiates(match: Match, user: Any) -> bool:
    """Whether `user` acts as a judge for this match: a judge or the organizer who is not
    playing in it."""
    return seat_of(match, user) is None and is_judge(match.round.tournament, user)


def require_officiating(match: Match, actor: Any) -> None:
    if seat_of(match, actor) is not None:
        raise Forbidden(
            "You are playing in this match: a judge who is not playing in it must do that.",
            code="own_match",
        )
    require_judge(match.round.tournament, actor)


def participant(match: Match, actor: Any) -> tuple[Seat | None, bool]:
    """The actor's seat and whether they officiate this match; refuses everyone else."""
    seat = seat_of(match, actor)
    officiating = seat is None and is_judge(match.round.tournament, actor)
    if seat is None and not officiating:
        raise Forbidden(
            "Only the match's players, its judges and the organizer can do that.",
            code="not_in_match",
        )
    return seat, officiating


def can_see_decklists(tournament: Tournament, user: Any) -> bool:
    """Whether `user` sees every decklist of the event: after they are all published, or as a
    judge or organizer who is not playing in it."""
    if tournament.decklists == Tournament.Decklists.ALL:
        return True
    return is_judge(tournament, user) and not is_player(tournament, user)
