"""Who may change a format's archetypes (docs/metagame.md, Who may change archetypes) and who
may run an event's simulated field: the one home of these checks, asked by services, pages and
the API alike."""

from typing import Any

from genesis.errors import Forbidden, NotAuthenticated
from tournaments import permissions as event_permissions
from tournaments.models import Judge, Tournament


def can_edit_archetypes(format_slug: str, user: Any) -> bool:
    """Staff, and the organizers and judges of any event in the format: archetypes are shared by
    every event of a format, so those who run its events keep them."""
    if not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    if Tournament.objects.filter(format=format_slug, organizer=user).exists():
        return True
    return Judge.objects.filter(tournament__format=format_slug, user=user).exists()


def require_archetype_editor(format_slug: str, actor: Any) -> None:
    if not actor.is_authenticated:
        raise NotAuthenticated("Log in to change archetypes.")
    if not can_edit_archetypes(format_slug, actor):
        raise Forbidden(
            "Only staff and the organizers and judges of this format's events can change its "
            "archetypes.",
            code="not_format_official",
        )


def can_simulate(tournament: Tournament, user: Any) -> bool:
    """The organizer, once any decklist is published; anyone signed in, once every decklist is
    (the decks the engine plays are then public anyway)."""
    if not user.is_authenticated:
        return False
    if event_permissions.is_organizer(tournament, user):
        return True
    return tournament.decklists == Tournament.Decklists.ALL


def require_simulate(tournament: Tournament, actor: Any) -> None:
    if not actor.is_authenticated:
        raise NotAuthenticated("Log in to run the simulated field.")
    if not can_simulate(tournament, actor):
        raise Forbidden(
            "Only the event's organizer can run the simulated field until every decklist is "
            "published.",
            code="not_organizer",
        )
