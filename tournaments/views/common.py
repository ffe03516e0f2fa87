"""What every tournament page shares: the event (or its match) a URL names, or a 404; where
to go back to; a refusal as a page of its own; running a service and saying what happened; and a
round's name as the pages give it; and the confirmation an irreversible button asks first.

A service's refusal (genesis.errors.Refusal) is shown as its plain-English detail with its
status code, never as a 500: "not allowed" and "not found" get a page of their own, anything
else a message next to what was tried.
"""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse

from genesis.errors import Forbidden, NotFound, Refusal

from .. import permissions, selectors
from ..models import Match, Round, Tournament


def event_url(tournament: Tournament) -> str:
    return reverse("tournaments:event-detail", args=[tournament.pk])


def judge_url(tournament: Tournament) -> str:
    return reverse("tournaments:judge", args=[tournament.pk])


def judge_match_url(tournament: Tournament, match: Match) -> str:
    return reverse("tournaments:judge-match", args=[tournament.pk, match.pk])


def match_url(tournament: Tournament) -> str:
    return reverse("tournaments:my-match", args=[tournament.pk])


def _back(tournament: Tournament | None) -> str:
    """Where a page goes back to: its event, or the event list for a page outside any event
    (a series)."""
    return event_url(tournament) if tournament is not None else reverse("tournaments:event-list")


def event(pk: int) -> Tournament:
    try:
        return selectors.tournament_get(tournament_id=pk)
    except Tournament.DoesNotExist:
        raise Http404("No event has that id.") from None


def event_match(pk: int, match_id: int) -> tuple[Tournament, Match]:
    tournament = event(pk)
    try:
        return tournament, selectors.match_in_event(tournament=tournament, match_id=match_id)
    except Match.DoesNotExist:
        raise Http404("No match of this event has that id.") from None


def refused(request, tournament: Tournament | None, exc: Refusal):
    """A refusal as a page of its own, with its status code (403, 404, 409 ...)."""
    return render(
        request,
        "tournaments/refused.html",
        {"tournament": tournament, "refusal": exc},
        status=exc.status_code,
    )


def act(
    request,
    tournament: Tournament | None,
    action: Callable[[], Any],
    done: str | Callable[[Any], str],
    *,
    to: str | None = None,
    quiet: tuple[type[Refusal], ...] = (),
):
    """Run a service and go back to the page: a message says what happened or why not.

    A refusal for lack of a login sends the visitor to log in; one for lack of a role (and a
    missing player or deck, unless the caller lists it in `quiet`) gets its own page. `done`
    is the message, or makes it from what the service returned."""
    try:
        result = action()
    except Refusal as exc:
        if isinstance(exc, Forbidden) and not request.user.is_authenticated:
            return redirect_to_login(to or _back(tournament))
        if isinstance(exc, (Forbidden, NotFound)) and not isinstance(exc, quiet):
            return refused(request, tournament, exc)
        messages.error(request, exc.detail)
    else:
        messages.success(request, done if isinstance(done, str) else done(result))
    return redirect(to or _back(tournament))


# The field a confirmation page's form sends: an action that asks first does nothing without
# it, so a stray click (or a form from an old page) shows the confirmation instead of acting.
CONFIRM_FIELD = "confirm"


def confirmed(request) -> bool:
    return request.method == "POST" and request.POST.get(CONFIRM_FIELD) == "yes"


def confirm_page(
    request,
    tournament: Tournament | None,
    *,
    title: str,
    does: str,
    undo: str,
    undoable: bool,
    button: str,
    cancel: str = "No, go back to the event",
    back: str | None = None,
    carry: dict[str, str] | None = None,
):
    """The page that asks before an action: what it does, whether (and how) it can be undone,
    and a form that POSTs back to the same URL with the confirm field (and `carry`, the fields
    of the form that asked, as hidden fields, so the confirmed POST is the same request)."""
    return render(
        request,
        "tournaments/confirm.html",
        {
            "tournament": tournament,
            "confirm": {
                "title": title,
                "does": does,
                "undo": undo,
                "undoable": undoable,
                "button": button,
                "cancel": cancel,
                "action": request.path,
                "back": back or _back(tournament),
                "carry": sorted((carry or {}).items()),
            },
        },
    )


def ask_organizer(request, tournament: Tournament, *, judges: bool = False):
    """Before a confirmation page: a login, or a 403 page for anyone but the organizer (and
    the judges, with `judges`). None when the viewer may be asked."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.path)
    if judges:
        if not permissions.is_judge(tournament, request.user):
            return refused(
                request,
                tournament,
                Forbidden("Only the event's judges and organizer can do that.", code="not_judge"),
            )
    elif not permissions.is_organizer(tournament, request.user):
        return refused(
            request,
            tournament,
            Forbidden("Only the event's organizer can do that.", code="not_organizer"),
        )
    return None


def round_name(round: Round) -> str:
    if round.kind == Round.Kind.SWISS:
        return f"Round {round.number}"
    tables = getattr(round, "tables", 0)
    stage = {1: "Final", 2: "Semifinals", 4: "Quarterfinals"}.get(tables, "Top cut")
    return f"Round {round.number}: {stage}"
