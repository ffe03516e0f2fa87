"""A player's current match (polled, an empty 204 while nothing changed) and what they do in
it: choose who leads, report a game, lock and show, report the result; and the replays of an
automated event's engine games, step by step.
"""

import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from decks.selectors import card_index
from genesis.errors import Forbidden, NotFound, Refusal
from rules.core import match as protocol
from rules.core.cards import name_key
from rules.core.engine import LogVersionError
from rules.replays import replay_position

from .. import forms, permissions, selectors, services
from ..models import EngineGame, Report, Tournament
from ..selectors.judge_calls import judge_call_rows, match_judge_calls
from .common import event, event_match, match_url, refused

# How often the match panel asks whether something changed; unchanged answers are an empty 204.
MATCH_POLL = "5s"


def my_match(request, pk: int):
    """The viewer's match in the latest round they were paired in. htmx polls ask for the panel
    alone with the version they show, and get an empty 204 while nothing has changed."""
    tournament = event(pk)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    panel = match_panel(request, tournament)
    if request.headers.get("HX-Request") == "true":
        if request.GET.get("v") == panel["version"]:
            return HttpResponse(status=204)
        return render(request, "tournaments/_match_panel.html", panel)
    return render(request, "tournaments/match.html", panel)


def match_panel(request, tournament: Tournament, *, error: Refusal | None = None, lock=None):
    """What a player sees of their match. Everything about the match comes from
    selectors.match_view (the other player's lock stays hidden until both have locked); only the
    player's own current timeline and forethoughts are read from the stored state."""
    user = request.user
    match = selectors.match_current_for(tournament=tournament, user=user)
    context: dict[str, Any] = {
        "tournament": tournament,
        "match": match,
        "error": error,
        "poll": MATCH_POLL,
    }
    if match is None:
        registration = selectors.registration_for(tournament=tournament, user=user)
        return {**context, "registration": registration, "version": "none"}
    view = selectors.match_view(match, user)
    seat = view["your_seat"]
    names = {"a": view["player_a"], "b": view["player_b"]}
    reports = selectors.match_reports(match=match)
    # The match's judge calls, with their rulings (its players see them: docs/tournaments.md).
    calls = judge_call_rows(match_judge_calls(match=match, user=user))
    context.update(
        view=view,
        judge_calls=calls,
        call_waiting=any(c["status"] != "resolved" for c in calls),
        judge_call_form=forms.JudgeCallForm(),
        seat=seat,
        me=names[seat],
        opponent=names[protocol.other(seat)] if view["player_b"] else None,
        names=names,
        my_game_report=_report(reports, user.pk, view.get("game"), mine=True),
        opponent_game_reported=_report(reports, user.pk, view.get("game"), mine=False),
        my_result_report=_report(reports, user.pk, Report.MATCH, mine=True),
        opponent_result_reported=_report(reports, user.pk, Report.MATCH, mine=False),
    )
    if match.state is not None:
        state = protocol.from_dict(match.state)
        context.update(_own_cards(state, seat, lock or {}))
        seats = (seat, protocol.other(seat))
        context.update(
            leader=state.leader,
            games=[
                {**g, "leader_name": names.get(g["leader"]), "winner_name": names.get(g["winner"])}
                for g in view["games"]
            ],
            locks=[_swap(view["lock"][s], names[s], s == seat) for s in seats],
            shows=[
                {"game": e["game"], "swaps": [_swap(e[s], names[s], s == seat) for s in seats]}
                for e in protocol.visible_log(state, seat)
                if e["event"] == "show"
            ],
        )
    # The viewer's own penalties in this match (penalty_rows: never the opponent's).
    context["penalties"] = selectors.penalty_rows(tournament, user, match=match)
    context["version"] = _version(view, reports, error, calls, context["penalties"])
    return context


def _swap(view: dict, name: str, mine: bool) -> dict:
    """A lock as the template shows it ("in" is not a usable template attribute)."""
    return {
        "name": name,
        "mine": mine,
        "status": view.get("status", "shown"),
        "skipped": view["skipped"],
        "hidden": view.get("hidden", False),
        "out_cards": view["out"],
        "in_cards": view["in"],
    }


def _own_cards(state: protocol.MatchState, seat: protocol.Seat, posted: dict) -> dict:
    """The player's current timeline and forethoughts with each card's Chi, for the lock form."""
    chi = dict(state.chi)
    current = state.side(seat).current

    def rows(entries, prefix):
        return [
            {
                "name": e.name,
                "count": e.count,
                "chi": chi.get(name_key(e.name)),
                "field": f"{prefix}{e.name}",
                "value": posted.get(f"{prefix}{e.name}", 0),
            }
            for e in entries
        ]

    return {
        "timeline": rows(current.timeline, forms.LOCK_OUT),
        "forethoughts": rows(current.forethoughts, forms.LOCK_IN),
    }


def _report(reports: list[Report], user_id: int, game: int | None, *, mine: bool):
    return next((r for r in reports if r.game == game and (r.reporter_id == user_id) == mine), None)


def _version(
    view: dict, reports: list[Report], error, calls: list[dict], penalties: list[dict]
) -> str:
    """A short digest of what the panel shows (not of its HTML, whose CSRF tokens change)."""
    seen = {
        # a call's state and ruling, not the seconds it has waited (those change every poll)
        "calls": [(c["id"], c["status"], c["claimed_by"], c["ruling"]) for c in calls],
        "view": view,
        "penalties": [p["id"] for p in penalties],
        "reports": [
            (r.reporter_id, r.game, r.winner, r.a_wins, r.b_wins, r.draws) for r in reports
        ],
        "error": str(error or ""),
    }
    digest = hashlib.sha256(json.dumps(seen, sort_keys=True, default=str).encode())
    return digest.hexdigest()[:16]


@require_POST
def match_lead(request, pk: int, match_id: int):
    tournament, match = event_match(pk, match_id)
    form = forms.LeadForm(request.POST)

    def choose():
        if not form.is_valid():
            raise Refusal("Choose to lead or to go second.", code="invalid_choice")
        services.match_choose_lead(match=match, actor=request.user, lead=form.cleaned_data["lead"])

    return _match_act(request, tournament, choose, "Your choice of who leads is recorded.")


@require_POST
def match_game(request, pk: int, match_id: int):
    tournament, match = event_match(pk, match_id)
    form = forms.GameReportForm(request.POST)

    def report():
        if not form.is_valid():
            raise Refusal("Say who won the game.", code="invalid_report")
        # "me" and "opponent" are seen from the reporter's seat; the service wants a username.
        seat = permissions.seat_of(match, request.user)
        players = {"a": match.player_a, "b": match.player_b}
        winner = None
        if form.cleaned_data["winner"] != "draw" and seat and match.player_b is not None:
            mine = form.cleaned_data["winner"] == "me"
            winner = players[seat if mine else protocol.other(seat)].name
        services.match_game_report(match=match, actor=request.user, winner=winner)

    return _match_act(
        request, tournament, report, "Your report is in. The game counts once both agree."
    )


@require_POST
def match_lock(request, pk: int, match_id: int):
    tournament, match = event_match(pk, match_id)
    out, in_, posted = forms.read_lock(request.POST)
    seat = permissions.seat_of(match, request.user)
    opponent = (match.player_b if seat == "a" else match.player_a) or match.player_a
    return _match_act(
        request,
        tournament,
        lambda: services.match_lock(match=match, actor=request.user, out=out, in_=in_),
        lambda locked: (
            "You have locked: both selections are shown below."
            if locked.state and locked.state["phase"] != protocol.Phase.LOCKING
            else f"You have locked. Both selections are shown once {opponent.name} has locked too."
        ),
        lock=posted,
    )


@require_POST
def match_result(request, pk: int, match_id: int):
    tournament, match = event_match(pk, match_id)
    form = forms.ResultForm(request.POST)

    def report():
        if not form.is_valid():
            raise Refusal("Game counts are whole numbers from 0 to 9.", code="invalid_result")
        data = form.cleaned_data
        services.match_result_report(
            match=match,
            actor=request.user,
            a_wins=data["player_a_wins"],
            b_wins=data["player_b_wins"],
            draws=data["draws"],
        )

    return _match_act(
        request, tournament, report, "Your result is in. It counts once both players agree."
    )


def _match_act(
    request,
    tournament: Tournament,
    action: Callable[[], Any],
    done: str | Callable[[Any], str],
    *,
    lock=None,
):
    """Run a match service; a refusal shows on the match page (keeping a posted lock). `done`
    is the message, or makes it from what the service returned."""
    if not request.user.is_authenticated:
        return redirect_to_login(match_url(tournament))
    try:
        result = action()
    except (Forbidden, NotFound) as exc:
        return refused(request, tournament, exc)
    except Refusal as exc:
        return _match_refused(request, tournament, exc, lock=lock)
    messages.success(request, done if isinstance(done, str) else done(result))
    return redirect(match_url(tournament))


def _match_refused(request, tournament: Tournament, exc: Refusal, *, lock=None):
    panel = match_panel(request, tournament, error=exc, lock=lock)
    return render(request, "tournaments/match.html", panel, status=exc.status_code)


def game_replay(request, pk: int, match_id: int, number: int):
    """One engine game of an automated match, step by step (`?step=N`, 0 is its first
    decision): the arena, the stack and each player's public zones."""
    tournament, match = event_match(pk, match_id)
    try:
        game = selectors.engine_game_get(match=match, number=number)
    except EngineGame.DoesNotExist:
        raise Http404(f"Game {number} of this match has not been played.") from None
    if not game.log:
        raise Http404("This game ran out of time: there is no log to replay.")
    try:
        view = replay_position(
            log=game.log,
            actions=game.actions,
            step=request.GET.get("step", "0"),
            cards=card_index(),
        )
    except LogVersionError as refused:
        # Recorded before a change of the engine's rules: the result stands, the steps cannot
        # be shown again (docs/engine.md, The game log).
        return render(
            request,
            "tournaments/replay_refused.html",
            {"tournament": tournament, "match": match, "game": game, "reason": str(refused)},
            status=410,
        )
    return render(
        request,
        "tournaments/replay.html",
        {"tournament": tournament, "match": match, "game": game, "view": view},
    )
