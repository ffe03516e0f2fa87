"""What the event pages' live stream (static/js/live.js) needs to know about the viewer."""

from typing import Any

from django import template

from tournaments.models import Tournament
from tournaments.selectors.check_in import own_registration

register = template.Library()


@register.simple_tag
def playing_as(tournament: Tournament, user: Any) -> str:
    """The name the viewer plays under in this event, as a paired round's tables name entrants:
    their team's for a member of a team (any seat), else their own username. A phone finds its
    table in the round's event by this name."""
    if not user.is_authenticated:
        return ""
    if not tournament.team_play:
        return str(user.username)  # an account's entry is named by its username: no query
    own = own_registration(tournament, user)
    return own.name if own is not None else str(user.username)
