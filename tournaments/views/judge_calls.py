"""Judge calls on the pages: the player's "Call a judge" button (on their match page, which then
shows the call's state and the ruling), and the judges' call queue (linked from the judge page,
made for a phone): the calls by table with the time waiting, each with a claim button and a
resolve form whose search box asks the rules lookup from inside the call and lists each found
section with a box to attach it. The queue follows the event stream's `call` events (polled
while the stream is down), as the check-in list does; no inline script anywhere (CSP)."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from genesis.errors import Forbidden, Refusal
from rules.selectors import rules_search, section_address, sections_at

from .. import forms, permissions
from ..selectors.judge_calls import (
    judge_call_queue,
    judge_call_rows,
    judge_calls_resolved,
)
from ..services.judge_calls import judge_call_claim, judge_call_open, judge_call_resolve
from .common import act, event, event_match, match_url, refused

# How often the queue is asked for again while the stream is down.
QUEUE_POLL = "10s"
SEARCH_RESULTS = 8


def queue_url(tournament) -> str:
    return reverse("tournaments:judge-calls", args=[tournament.pk])


def _not_judge(request, tournament):
    return refused(
        request,
        tournament,
        Forbidden(
            "Only the event's judges and its organizer can open the judge calls.",
            code="not_judge",
        ),
    )


@require_POST
def match_judge_call(request, pk: int, match_id: int):
    """The player's "Call a judge" button on their match page."""
    tournament, match = event_match(pk, match_id)
    form = forms.JudgeCallForm(request.POST)
    note = form.cleaned_data["note"] if form.is_valid() else ""
    return act(
        request,
        tournament,
        lambda: judge_call_open(match=match, actor=request.user, note=note),
        f"A judge has been called to table {match.table}. Stay at your table: this page says "
        "when a judge is on the way.",
        to=match_url(tournament),
    )


def _queue_context(tournament, user) -> dict:
    calls = judge_call_queue(tournament=tournament, user=user)
    resolved = judge_calls_resolved(tournament=tournament)
    return {
        "tournament": tournament,
        "calls": judge_call_rows(calls),
        "resolved": judge_call_rows(resolved),
        "poll": QUEUE_POLL,
        "resolve_form": forms.JudgeCallResolveForm(),
    }


def judge_calls(request, pk: int):
    """The judges' call queue page."""
    tournament = event(pk)
    if not permissions.is_judge(tournament, request.user):
        return _not_judge(request, tournament)
    return render(request, "tournaments/judge_calls.html", _queue_context(tournament, request.user))


def judge_calls_list(request, pk: int):
    """The queue alone: what the page asks for again on each `call` event (or polls)."""
    tournament = event(pk)
    if not permissions.is_judge(tournament, request.user):
        return _not_judge(request, tournament)
    return render(
        request, "tournaments/_judge_calls_list.html", _queue_context(tournament, request.user)
    )


def judge_call_search(request, pk: int, call_id: int):
    """The rules lookup searched from inside a call: the sections already ticked (kept ticked),
    then the lookup's results for `q`, each with a box to attach it to the ruling."""
    tournament = event(pk)
    if not permissions.is_judge(tournament, request.user):
        return _not_judge(request, tournament)
    ticked = sections_at(request.GET.getlist("sections"))
    query = request.GET.get("q", "")
    error = None
    found = []
    if query.strip():
        try:
            results = rules_search(query=query, game=tournament.game, limit=SEARCH_RESULTS)
        except Refusal as exc:
            error = exc
        else:
            found = [r.section for r in results if section_address(r.section) not in ticked]
    return render(
        request,
        "tournaments/_judge_call_found.html",
        {
            "call_id": call_id,
            "ticked": [(a, s) for a, s in ticked.items()],
            "found": [(section_address(s), s) for s in found],
            "query": query,
            "error": error,
        },
    )


@require_POST
def judge_call_claim_page(request, pk: int, call_id: int):
    tournament = event(pk)
    return act(
        request,
        tournament,
        lambda: judge_call_claim(tournament=tournament, call_id=call_id, actor=request.user),
        lambda call: f"You have taken the call at table {call.match.table}.",
        to=queue_url(tournament),
    )


@require_POST
def judge_call_resolve_page(request, pk: int, call_id: int):
    tournament = event(pk)
    form = forms.JudgeCallResolveForm(request.POST)
    if not form.is_valid():
        if not permissions.is_judge(tournament, request.user):
            return _not_judge(request, tournament)
        messages.error(request, "Write the ruling; extra minutes are 0 to 60.")
        return redirect(queue_url(tournament))
    data = form.cleaned_data
    return act(
        request,
        tournament,
        lambda: judge_call_resolve(
            tournament=tournament,
            call_id=call_id,
            actor=request.user,
            ruling=data["ruling"],
            sections=data["sections"],
            extension_minutes=data["extension_minutes"] or 0,
        ),
        lambda call: (
            f"Table {call.match.table}: ruling recorded"
            + (
                f", {call.extension_minutes} extra minutes given."
                if call.extension_minutes
                else "."
            )
        ),
        to=queue_url(tournament),
    )
