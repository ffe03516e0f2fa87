"""Player pages: who may open whose page, and a player's events as a given viewer may see them
(placing, record, champion and decklist only where the event publishes them to that viewer,
by the same rules as the event's own pages: selectors.registration_row).

A player can hide their page (tournaments.models.PlayerPage). A hidden page is shown to the
player themself, and to the organizer of an event the player registered for, who sees those
events only; to everyone else it does not exist (the same 404 as a name no account has).

The archetype of each deck and the record against each archetype come from the metagame, which
sits above this app (docs/architecture.md): settings.PLAYER_PAGE_ARCHETYPES names its function
(`metagame.selectors.archetypes_in(tournaments, viewer)`: registration id to archetype name over
the player's events, only for decklists the viewer may see), found at run time the way Django finds its backends, so this
app imports nothing of it. Without the setting, rows have no archetype and the list is empty.
"""

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Count, F, Q
from django.urls import reverse
from django.utils.module_loading import import_string

from genesis.errors import NotFound

from .. import permissions
from ..models import Match, PlayerPage, Registration, Tournament
from .events import registration_row
from .results import bracket, top_cut_ids
from .snapshots import placings_snapshot, standings_snapshot

NO_PAGE = "No player page has that name."


def player_page_url(username: str) -> str:
    return reverse("players:player", args=[username])


def is_hidden(user: Any) -> bool:
    return PlayerPage.objects.filter(user=user, hidden=True).exists()


def visible_player_ids(user_ids: Iterable[int], viewer: Any) -> set[int]:
    """Of these accounts, those whose page `viewer` may open: not hidden, their own, or a
    player in an event the viewer organizes. Two queries, however many players."""
    ids = set(user_ids)
    hidden = set(
        PlayerPage.objects.filter(user_id__in=ids, hidden=True).values_list("user_id", flat=True)
    )
    if hidden and viewer.is_authenticated:
        hidden.discard(viewer.pk)
        hidden -= set(
            Registration.objects.filter(
                player_id__in=hidden, tournament__organizer=viewer
            ).values_list("player_id", flat=True)
        )
    return ids - hidden


def player_links(tournament: Tournament, viewer: Any) -> dict[int, str]:
    """Registration id -> the player page's address, for the event's players who have an
    account and whose page `viewer` may open (guests have none). One query (the standings page
    renders thousands of rows); one more only when some page is hidden and the viewer, logged in
    and not this event's organizer, may organize another event of theirs."""
    rows = list(
        tournament.registrations.filter(player__isnull=False).values_list(
            "pk", "player_id", "player__username", "player__player_page__hidden"
        )
    )
    hidden = {user for _, user, _, is_hidden in rows if is_hidden}
    if hidden and viewer.is_authenticated:
        if tournament.organizer_id == viewer.pk:
            hidden = set()
        else:
            hidden -= visible_player_ids(hidden, viewer)
    return {pk: player_page_url(name) for pk, user, name, _ in rows if user not in hidden}


def _events_shown(owner: Any, viewer: Any) -> set[int] | None:
    """The events of `owner`'s page that `viewer` sees: None for all of them; raises NotFound
    when the page is hidden from the viewer."""
    if (viewer.is_authenticated and viewer.pk == owner.pk) or not is_hidden(owner):
        return None
    organized = set()
    if viewer.is_authenticated:
        organized = set(
            Registration.objects.filter(player=owner, tournament__organizer=viewer).values_list(
                "tournament_id", flat=True
            )
        )
    if not organized:
        raise NotFound(NO_PAGE, code="not_found")
    return organized


def player_history(*, username: str, viewer: Any) -> dict[str, Any]:
    """A player's page as `viewer` may see it: their events, newest first, each with the
    placing (once the event is over), the record, and the deck where published to the viewer.
    Raises NotFound for no such account, or a page hidden from the viewer."""
    owner = get_user_model().objects.filter(username=username).first()
    if owner is None:
        raise NotFound(NO_PAGE, code="not_found")
    shown = _events_shown(owner, viewer)
    registrations = (
        Registration.objects.filter(player=owner)
        .select_related("tournament", "tournament__organizer", "player")
        .annotate(players=Count("tournament__registrations"))
        .order_by(F("tournament__date").desc(nulls_last=True), "-tournament__created_at", "-pk")
    )
    if shown is not None:
        registrations = registrations.filter(tournament_id__in=shown)
    own = viewer.is_authenticated and viewer.pk == owner.pk
    events = [player_event_row(r, viewer) for r in registrations]
    against = _archetypes(registrations, events, viewer)
    return {
        "username": owner.username,
        # Only the player learns whether their page is hidden; an organizer seeing it anyway is
        # told it shows their own events only.
        "hidden": is_hidden(owner) if own else None,
        "only_your_events": shown is not None,
        "events": events,
        # The page shows it only when it has rows (the module docstring).
        "against_archetypes": against,
    }


def _archetypes(
    registrations: Iterable[Registration], events: list[dict[str, Any]], viewer: Any
) -> list[dict[str, Any]]:
    """Fill each event row's archetype, and return the player's record (matches, top cut
    included) against each archetype of an opponent whose decklist the viewer may see."""
    path = getattr(settings, "PLAYER_PAGE_ARCHETYPES", "")
    if not path:
        return []
    archetypes_in = import_string(path)
    named: dict[int, str] = archetypes_in([r.tournament for r in registrations], viewer)
    for row in events:
        row["archetype"] = named.get(row["registration"])
    mine = {row["registration"] for row in events}
    records: dict[str, list[int]] = {}
    matches = Match.objects.filter(
        Q(player_a_id__in=mine) | Q(player_b_id__in=mine),
        status=Match.Status.CONFIRMED,
        player_b__isnull=False,
    ).values_list("player_a_id", "player_b_id", "a_wins", "b_wins")
    for a, b, a_wins, b_wins in matches:
        me_a = a in mine
        opponent = b if me_a else a
        name = named.get(opponent)
        if name is None:
            continue
        won, lost = (a_wins or 0, b_wins or 0) if me_a else (b_wins or 0, a_wins or 0)
        record = records.setdefault(name, [0, 0, 0])
        record[0 if won > lost else 1 if lost > won else 2] += 1
    return [
        {"archetype": name, "wins": w, "losses": lo, "draws": d}
        for name, (w, lo, d) in sorted(records.items(), key=lambda item: (-sum(item[1]), item[0]))
    ]


def player_event_row(registration: Registration, viewer: Any) -> dict[str, Any]:
    """One event of a player's page: its placing (None until it is over), the record (Swiss and
    top cut), and champion and decklist only where published to `viewer`."""
    tournament = registration.tournament
    me = str(registration.pk)
    final = placings_snapshot(tournament=tournament)
    place = next((p["place"] for p in final or () if p["registration"] == registration.pk), None)
    line = next(
        (
            r
            for r in standings_snapshot(tournament=tournament)
            if r["registration"] == registration.pk
        ),
        None,
    )
    wins, losses, draws = (line["wins"], line["losses"], line["draws"]) if line else (0, 0, 0)
    for result in bracket(tournament=tournament) if tournament.top_cut else ():
        wins += result.winner == me
        losses += result.loser == me
    show_all = permissions.can_see_decklists(tournament, viewer)
    # Only a top cut's publication asks who is in the top cut.
    top_cut_published = tournament.decklists == Tournament.Decklists.TOP_CUT
    deck = registration_row(
        registration,
        viewer,
        show_all=show_all,
        top_cut=top_cut_ids(tournament=tournament) if top_cut_published and not show_all else set(),
    )
    return {
        "event": tournament.pk,
        "name": tournament.name,
        "date": tournament.date,
        "format": tournament.format,
        "status": tournament.status,
        "registration": registration.pk,
        "place": place,
        "players": getattr(registration, "players", None) or tournament.registrations.count(),
        "record": {"wins": wins, "losses": losses, "draws": draws},
        "dropped": registration.dropped,
        "champion": deck["champion"],
        "decklist": deck.get("decklist"),
        "archetype": None,  # filled by player_history from the metagame (the module docstring)
    }
