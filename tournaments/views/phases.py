"""A multi-day event's phases on the pages: the event page's phase panel (the phase being played
and, once it is over, who advances), the organizer's confirmation of the cut (asked first, on
the confirmation page), and the phases the standings page shows."""

from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render

from .. import permissions
from ..models import Registration, Tournament
from ..selectors import registration_for
from ..selectors.phases import advancement_rows, cut_at_phase, phase_rows, phase_state
from ..services.phases import phase_advance_confirm
from .common import act, ask_organizer, confirm_page, confirmed, event, event_url

# The polling fallback while the stream is closed: a cut is confirmed once a day.
PHASE_POLL = "30s"


def phase_panel(
    tournament: Tournament, user: Any, *, judge: bool, registration: Registration | None = None
) -> dict[str, Any] | None:
    """The event page's phase panel; None for a one-phase event. Who advances is shown to the
    judges and the organizer once a phase is over and waits for its cut; a player sees their own
    side of each confirmed cut. The panel asks for itself again when a cut is confirmed (the
    stream's `phase` event)."""
    state = phase_state(tournament)
    if state is None:
        return None
    panel: dict[str, Any] = {
        "current": state.phase,
        "count": len(state.plan.swiss),
        "phases": phase_rows(tournament),
        "awaiting": state.awaiting_confirmation,
        "preview": None,
        "organizer": permissions.is_organizer(tournament, user),
        "mine": None,
        "poll": "" if tournament.status == Tournament.Status.FINISHED else PHASE_POLL,
    }
    if state.awaiting_confirmation and judge:
        panel["preview"] = advancement_rows(tournament, state)
    if registration is not None and state.phase > 1:
        cut_before = cut_at_phase(tournament).get(registration.pk)
        panel["mine"] = (
            {"advanced": False, "phase": cut_before}
            if cut_before is not None
            else {"advanced": registration.dropped_after_round is None, "phase": state.phase}
        )
    return panel


def event_phase(request, pk: int):
    """The phase panel alone, for the event page's stream (`phase`) and its polling fallback."""
    tournament = event(pk)
    judge = permissions.is_organizer(tournament, request.user) or permissions.is_judge(
        tournament, request.user
    )
    registration = registration_for(tournament=tournament, user=request.user)
    panel = phase_panel(tournament, request.user, judge=judge, registration=registration)
    if panel is None:
        return HttpResponse(status=204)
    return render(
        request, "tournaments/_phase_panel.html", {"tournament": tournament, "phase": panel}
    )


def standings_phases(tournament: Tournament, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The standings page's phases, and each row marked with the phase its player was cut
    before (rows unchanged for a one-phase event)."""
    cut = cut_at_phase(tournament)
    if cut:
        rows = [{**row, "cut_before": cut.get(row["registration"])} for row in rows]
    return {"phases": phase_rows(tournament), "rows": rows}


def _advancing_field(preview: dict[str, Any]) -> str:
    return ",".join(str(row["registration"]) for row in preview["advancing"])


def phase_advance(request, pk: int):
    """GET (or a POST without the confirm field) shows what confirming does; the confirmed POST
    confirms the list that page showed (carried as `advancing`), or is refused if it changed."""
    tournament = event(pk)
    if not confirmed(request):
        asked = ask_organizer(request, tournament)
        if asked is not None:
            return asked
        state = phase_state(tournament)
        if state is None or not state.awaiting_confirmation:
            messages.error(request, "No phase is waiting for its cut to be confirmed.")
            return redirect(event_url(tournament))
        preview = advancement_rows(tournament, state)
        going, staying = len(preview["advancing"]), len(preview["not_advancing"])
        return confirm_page(
            request,
            tournament,
            title=f"Confirm who advances to phase {preview['phase']}?",
            does=f"{going} player{'s' if going != 1 else ''} advance ({preview['rule']}) and "
            f"play phase {preview['phase']}; the other {staying} are dropped after round "
            f"{preview['after_round']}: they are not paired again and keep their final place "
            "in the standings.",
            undoable=False,
            undo="players who do not advance are not paired again in this event.",
            button=f"Yes, confirm the cut to phase {preview['phase']}",
            carry={"advancing": _advancing_field(preview)},
        )
    # The list the confirmation page showed; one that does not parse matches no list, so the
    # service refuses it (advance_changed) rather than confirming what nobody saw.
    raw = request.POST.get("advancing")
    try:
        advancing = None if raw is None else [int(p) for p in raw.split(",") if p]
    except ValueError:
        advancing = [0]

    def confirm() -> dict[str, Any]:
        return phase_advance_confirm(tournament=tournament, actor=request.user, advancing=advancing)

    return act(
        request,
        tournament,
        confirm,
        lambda done: (
            f"Phase {done['phase']} is confirmed: {len(done['advancing'])} players "
            "advance. Pair its first round when you are ready."
        ),
    )
