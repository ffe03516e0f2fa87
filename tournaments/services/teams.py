"""Titans of Eden team play (Two-Arena and Three-Arena): teams of players, seated per arena, each with the
spellbook they play there.

A team is one entrant: one registration (named by the team's name), which Swiss pairing,
matches and standings treat exactly like a player. Its players sit on TeamSeat rows, one per
arena; a one-person team's player sits in both arenas with a spellbook for each (Titans of
Eden Rulebook › Constructed Format, Official Rules: a player who plays into two arenas builds
two spellbooks). The team's players report its games; results are the team's.
"""

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from genesis.errors import Conflict, NotFound, Refusal
from rules.core.decklist import Decklist, decklist_to_json

from .. import permissions
from ..locking import lock_tournament
from ..models import Registration, TeamSeat, Tournament
from .registrations import MAX_GUEST_NAME, account_named, insert_registration, require_legal

# Two-Arena games: two teams, two arenas (Titans of Eden Rulebook › Two-Arena Games › Setup).
# Three-Arena games: each team plays in two of the three arenas (L388), so a team has two seats
# too, its first and second; which arenas they are depends on the team's place in its pod
# (tournaments.core.pairing.POD_ARENAS), so `arena` is the seat's number there.
ARENAS = {Tournament.TeamPlay.TWO_ARENA: (1, 2), Tournament.TeamPlay.THREE_ARENA: (1, 2)}


@dataclass(frozen=True)
class SeatEntry:
    """One arena of a team as the organizer enters it: an account (`username`) or a walk-in's
    name (`guest`), and the spellbook played there (None in a format without one)."""

    arena: int
    username: str = ""
    guest: str = ""
    spellbook: Decklist | None = None


@transaction.atomic
def team_register(
    *, tournament: Tournament, actor: Any, name: str, seats: list[SeatEntry]
) -> Registration:
    """The organizer registers a team with its seats, before the event starts. Every spellbook
    is validated against the event's format (and its copy limit, if set)."""
    permissions.require_organizer(tournament, actor)
    tournament = lock_tournament(tournament)
    if not tournament.team_play:
        raise Conflict("This event is not a team event.", code="not_team_event")
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("The event has started: teams are fixed.", code="already_started")
    name = " ".join(name.split())
    if not name or len(name) > MAX_GUEST_NAME:
        raise Refusal(
            f"A team's name has 1 to {MAX_GUEST_NAME} characters.", code="invalid_team_name"
        )
    arenas = ARENAS[Tournament.TeamPlay(tournament.team_play)]
    given = sorted(seat.arena for seat in seats)
    if given != list(arenas):
        raise Refusal(
            f"A team has one seat in each arena: arenas {', '.join(map(str, arenas))}.",
            code="invalid_seats",
        )
    rows = []
    taken = set(
        TeamSeat.objects.filter(team__tournament=tournament, player__isnull=False).values_list(
            "player_id", flat=True
        )
    )
    for seat in seats:
        username, guest = seat.username.strip(), " ".join(seat.guest.split())
        if bool(username) == bool(guest):
            raise Refusal(
                f"Name arena {seat.arena}'s player: an account's username or a guest's name.",
                code="invalid_player",
            )
        row = TeamSeat(arena=seat.arena, guest_name=guest[:MAX_GUEST_NAME])
        if username:
            user = account_named(username)
            if user is None:
                raise NotFound(f"No account is called {username!r}.", code="unknown_user")
            if user.pk in taken:
                raise Conflict(
                    f"{user.username} already plays on a team in this event.",
                    code="already_registered",
                )
            row.player = user
        if seat.spellbook is None:
            raise Refusal(
                f"Arena {seat.arena}'s player needs a spellbook for that arena.",
                code="spellbook_missing",
            )
        require_legal(tournament, seat.spellbook)
        row.spellbook = decklist_to_json(seat.spellbook)
        rows.append(row)
    # The same account on both seats is a one-person team: allowed, a spellbook for each arena.
    team = insert_registration(
        f"A team called {name} is already registered for this event.",
        tournament=tournament,
        guest_name=name,
        is_team=True,
        decklist=decklist_to_json(Decklist()),
    )
    for row in rows:
        row.team = team
    TeamSeat.objects.bulk_create(rows)
    return team
