"""Check-in pages: the organizer's window form and a judge's walk-in check-in (both on the event
page's check-in panel, whose list of who is in follows the event stream), the QR code page to show
at the venue, and the player's phone page the QR code opens, where the code is filled in and one
tap checks in."""

import math
import random

import segno
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from genesis.errors import Forbidden, Refusal

from .. import forms, permissions, selectors, services
from ..selectors.check_in import round_one_opened
from .common import act, event, event_url, refused


def check_in_url(request, tournament, code: str) -> str:
    """The phone page's address with the code filled in: what the QR code holds."""
    path = reverse("tournaments:check-in", args=[tournament.pk])
    return request.build_absolute_uri(f"{path}?code={code}")


def panel_url(tournament) -> str:
    return event_url(tournament) + "#check-in-title"


@require_POST
def check_in_window(request, pk: int):
    """The organizer sets (or moves) the check-in window."""
    tournament = event(pk)
    form = forms.CheckInWindowForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Enter the times as a date and a time, or leave them empty.")
        return redirect(panel_url(tournament))
    return act(
        request,
        tournament,
        lambda: services.check_in_window_set(
            tournament=tournament, actor=request.user, **form.cleaned_data
        ),
        lambda t: f"Check-in is set: the code is {t.check_in_code}.",
        to=panel_url(tournament),
    )


@require_POST
def check_in_walk_in(request, pk: int):
    """The organizer or a judge checks in a registration (a walk-in at the desk, or a guest)."""
    tournament = event(pk)
    raw = request.POST.get("registration", "")
    registration_id: object = int(raw) if raw.isdigit() else raw
    return act(
        request,
        tournament,
        lambda: services.check_in(
            tournament=tournament, actor=request.user, registration_id=registration_id
        ),
        lambda made: f"{made[0].registration.name} is checked in.",
        to=panel_url(tournament),
    )


def check_in_list(request, pk: int):
    """The judges' list of who is in and who is missing alone: what the event page asks for
    again on each `checkin` event of the stream (or polls while the stream is down)."""
    tournament = event(pk)
    if not permissions.is_judge(tournament, request.user):
        return refused(
            request,
            tournament,
            Forbidden("Only the event's judges and organizer can do that.", code="not_judge"),
        )
    return render(
        request,
        "tournaments/_check_in_list.html",
        {
            "tournament": tournament,
            "check_in": selectors.check_in_view(tournament=tournament, user=request.user),
            "round": round_one_opened(tournament),
        },
    )


def check_in_qr(request, pk: int):
    """The QR code to show at the venue (organizer and judges): it opens the phone page with
    the code filled in. Drawn as SVG on the server: no script, no image request."""
    tournament = event(pk)
    if not permissions.is_judge(tournament, request.user):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return refused(
            request,
            tournament,
            Forbidden("Only the event's judges and organizer can do that.", code="not_judge"),
        )
    code = tournament.check_in_code
    url = check_in_url(request, tournament, code) if code else ""
    svg = segno.make(url, error="m").svg_inline(scale=8, dark="#000", light="#fff") if code else ""
    return render(
        request,
        "tournaments/check_in_qr.html",
        {
            "tournament": tournament,
            "code": code,
            "url": url,
            "qr": mark_safe(svg),  # segno's own markup of our own URL: nothing user-typed
            "phase": selectors.check_in_phase(tournament),
        },
    )


def check_in(request, pk: int):
    """The player's phone page: GET shows their state with the code filled in from the QR
    code's address; POST checks them in."""
    tournament = event(pk)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    error = None
    code = request.POST.get("code", "") if request.method == "POST" else request.GET.get("code", "")
    if request.method == "POST":
        try:
            services.check_in(tournament=tournament, actor=request.user, code=code)
        except Refusal as exc:
            error = exc
        else:
            messages.success(request, f"You are checked in for {tournament.name}.")
            return redirect(reverse("tournaments:check-in", args=[tournament.pk]))
    view = selectors.check_in_view(tournament=tournament, user=request.user)
    return render(
        request,
        "tournaments/check_in.html",
        {
            "tournament": tournament,
            "check_in": view,
            "me": view.get("me"),
            "code": code[:20],
            "error": error,
            "reload_in": _seconds_until_open(tournament, view),
        },
        status=error.status_code if error else 200,
    )


# A phone waiting for check-in to open reloads itself this many seconds at most after the
# opening, each at a moment of its own: a room of phones does not ask in the same second.
OPENING_SPREAD = 10


def _seconds_until_open(tournament, view) -> int | None:
    """When a phone showing "Check-in opens at …" reloads to show the form: the window opening
    by the clock sends nothing on the stream (docs/api.md), so the page asks again itself."""
    if view.get("phase") != "not_open" or tournament.check_in_opens_at is None:
        return None
    left = (tournament.check_in_opens_at - timezone.now()).total_seconds()
    return max(1, math.ceil(left)) + random.randint(1, OPENING_SPREAD)
