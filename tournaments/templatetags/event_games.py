"""An event's game facts on its page: the game, the match settings and where they come from, and
the rules lookup narrowed to the game. A tag (not views.py) so the event page's view stays as it
is; what it shows comes from tournaments.selectors, as the API's."""

from typing import Any

from django import template

from .. import selectors
from ..models import Tournament

register = template.Library()


@register.inclusion_tag("tournaments/_game_facts.html")
def event_game_facts(tournament: Tournament) -> dict[str, Any]:
    return {
        "game_name": selectors.game_name(tournament.game),
        "best_of": tournament.best_of,
        "sideboarding": tournament.sideboarding,
        "settings_source": selectors.settings_source(tournament),
        "source_missing": selectors.settings_source(tournament).startswith("Missing"),
        "copy_limit": tournament.copy_limit,
        "team_play": tournament.get_team_play_display() if tournament.team_play else "",
        "limited": selectors.is_limited(tournament),
        "rules_lookup": selectors.rules_lookup_url(tournament),
    }
