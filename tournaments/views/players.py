"""Player pages: a player's events with placing, record and the decks published to the viewer
(a hidden page is a 404 for others, except the organizers of the player's events), and the
player's own choice to hide it, from their account page."""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from genesis.errors import Forbidden, NotFound
from rules.core.decklist import decklist_from_json, format_decklist

from .. import selectors
from ..selectors.players import NO_PAGE
from ..services import series as series_services
from .common import refused


def player_page(request, username: str):
    try:
        page = selectors.player_history(username=username, viewer=request.user)
    except NotFound:
        raise Http404(NO_PAGE) from None
    events = [
        {
            **row,
            "format_name": selectors.format_name(row["format"]),
            "decklist_text": format_decklist(decklist_from_json(row["decklist"]))
            if row["decklist"]
            else "",
        }
        for row in page["events"]
    ]
    return render(
        request,
        "tournaments/player.html",
        {
            **page,
            "events": events,
            # The archetype column appears once the metagame names some (selectors.players).
            "archetypes_shown": any(row["archetype"] for row in events),
        },
    )


@require_POST
def player_page_visibility(request, username: str):
    """Hide or show the player's own page (the account page's form)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.path)
    if request.user.username != username:
        return refused(
            request, None, Forbidden("Only the player can hide their page.", code="not_yours")
        )
    page = series_services.player_page_set(
        actor=request.user, hidden=request.POST.get("hidden") == "yes"
    )
    messages.success(
        request,
        "Your player page is hidden from others."
        if page.hidden
        else "Your player page is shown to everyone.",
    )
    return redirect("account")
