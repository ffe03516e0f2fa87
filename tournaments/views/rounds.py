"""Rounds for everyone and for the organizer: pair the next round, take a round's pairings
back or swap two players; a round's pairings (and Three-Arena pods), the standings and final
placings, the round clock for a projector and the top-cut bracket (both polled, an empty 204
while nothing changed).
"""

import hashlib
import json
from datetime import datetime
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from genesis.errors import NotFound

from .. import forms, permissions, selectors, services
from ..core.placings import bracket_rounds
from ..models import Match, Tournament
from .common import act, ask_organizer, confirm_page, confirmed, event, event_url, round_name
from .phases import standings_phases


def round_start(request, pk: int):
    """GET (or a POST without the confirm field) asks first; the confirmed POST pairs."""
    tournament = event(pk)
    if not confirmed(request):
        return ask_organizer(request, tournament) or confirm_page(
            request,
            tournament,
            title="Pair the next round?",
            does="The next round is paired in the background from the current standings, and "
            "every player sees their table and opponent as soon as the pairings are ready.",
            undoable=True,
            undo="while none of its results is in, a judge can take the round's pairings back "
            "from the event tools and pair it again.",
            button="Yes, pair the next round",
        )
    return act(
        request,
        tournament,
        lambda: services.round_start(tournament=tournament, actor=request.user),
        "Pairing the next round: the pairings appear here as soon as they are ready.",
    )


@require_POST
def round_repair(request, pk: int, number: int):
    tournament = event(pk)
    return act(
        request,
        tournament,
        lambda: services.round_repair(tournament=tournament, actor=request.user, number=number),
        f"Round {number}'s pairings are taken back: pair the round again when you are ready.",
    )


@require_POST
def round_swap(request, pk: int, number: int):
    """Swap two players of the latest round; a swap that makes a rematch is done and said."""
    tournament = event(pk)
    form = forms.SwapForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose the two players to swap.")
        return redirect(event_url(tournament))
    first, second = form.cleaned_data["first"], form.cleaned_data["second"]
    warnings: list[dict[str, str]] = []

    def swap() -> None:
        warnings.extend(
            services.round_swap(
                tournament=tournament,
                actor=request.user,
                number=number,
                registration_a=first,
                registration_b=second,
            )
        )

    response = act(
        request, tournament, swap, f"Swapped the two players in round {number}.", quiet=(NotFound,)
    )
    for warning in warnings:
        messages.warning(request, f"Rematch: {warning['detail']}")
    return response


def pairings(request, pk: int, number: int):
    tournament = event(pk)
    round = selectors.round_with_progress(tournament=tournament, number=number)
    if round is None:
        raise Http404(f"Round {number} has not been started.")
    query = request.GET.get("q", "").strip()[:150]
    by_name = request.GET.get("order") == "name"
    rows = selectors.pairings_snapshot(round=round)
    registration = selectors.registration_for(tournament=tournament, user=request.user)
    me = registration.pk if registration is not None else None
    listed = selectors.pairings_by_player(rows) if by_name else rows
    return render(
        request,
        "tournaments/pairings.html",
        {
            "tournament": tournament,
            "round": round,
            "round_name": round_name(round),
            "pairings": selectors.rows_with(listed, query) if query else listed,
            "by_name": by_name,
            # The viewer's own table, above the list ("find my table" without typing).
            "my_rows": [r for r in selectors.pairings_by_player(rows) if r["registration"] == me],
            # A Three-Arena round's games are pods of three teams; its byes stay pairings.
            "pods": [selectors.pod_row(p) for p in selectors.round_pods(round=round)]
            if tournament.team_play == Tournament.TeamPlay.THREE_ARENA
            else [],
            "query": query,
            "round_numbers": list(
                tournament.rounds.order_by("number").values_list("number", flat=True)
            ),
            "me": me,
            # Judges reach each match's judge view from here, an old round's too (to correct
            # a result: docs/tournaments.md, Correcting an old result).
            "judge_links": permissions.is_judge(tournament, request.user),
        },
    )


# How the placings say where a player went out (tournaments.core.placings.EliminatedIn).
OUT_IN = {
    None: "Won the event",
    "final": "Final",
    "semifinal": "Semifinals",
    "quarterfinal": "Quarterfinals",
    "swiss": "Swiss rounds",
}


def standings(request, pk: int):
    """The Swiss standings; once the event is over, the final placings above them. A player
    whose result a judge corrected has a "corrected" mark, and a correction made after later
    rounds were paired says that those pairings stand."""
    tournament = event(pk)
    placings = selectors.placings_snapshot(tournament=tournament)
    corrections = selectors.corrections_snapshot(tournament=tournament)
    marks = selectors.corrections_by_registration(corrections)
    # Names link to player pages the viewer may open (players with an account).
    pages = selectors.player_links(tournament, request.user)
    return render(
        request,
        "tournaments/standings.html",
        {
            "tournament": tournament,
            **standings_phases(
                tournament,
                [
                    {
                        **row,
                        "corrected": marks.get(row["registration"], ""),
                        "page": pages.get(row["registration"]),
                    }
                    for row in selectors.standings_snapshot(tournament=tournament)
                ],
            ),
            # Results are public, so their corrections are too (the reason is the judges').
            "corrections": corrections,
            "placings": [
                {
                    **p,
                    "out_in": OUT_IN.get(p["eliminated_in"], ""),
                    "page": pages.get(p["registration"]),
                }
                for p in placings
            ]
            if placings is not None
            else None,
            "latest": selectors.round_with_progress(tournament=tournament),
            "me": request.user.username if request.user.is_authenticated else None,
        },
    )


# How often the clock and the bracket ask whether something changed; unchanged answers are an
# empty 204.
CLOCK_POLL = "10s"


def round_clock(request, pk: int):
    """The latest round's clock, big enough for a projector, with the tables that have extra
    time. htmx polls ask for the panel alone and get an empty 204 while nothing changed."""
    tournament = event(pk)
    round = selectors.round_with_progress(tournament=tournament)
    extended: list[dict[str, Any]] = []
    if round is not None and round.ends_at is not None:
        extended = [
            {"match": m, "ends_at": ends, "time_left": time_left(ends)}
            for m in selectors.extended_matches(round=round)
            if (ends := selectors.ends_at(m)) is not None
        ]
    seen = [
        round and (round.pk, round.status, str(round.ends_at), round.confirmed),
        [(e["match"].table, e["match"].extra_minutes) for e in extended],
    ]
    version = hashlib.sha256(json.dumps(seen, default=str).encode()).hexdigest()[:16]
    context = {
        "tournament": tournament,
        "round": round,
        "round_name": round_name(round) if round else "",
        "extended": extended,
        "time_left": time_left(round.ends_at) if round and round.ends_at else "",
        "version": version,
        "poll": CLOCK_POLL,
    }
    if request.headers.get("HX-Request") == "true":
        if request.GET.get("v") == version:
            return HttpResponse(status=204)
        return render(request, "tournaments/_clock_panel.html", context)
    return render(request, "tournaments/clock.html", context)


def time_left(ends_at: datetime) -> str:
    """What the clock shows before its script takes over: "49:59", "1:05:00", or "Time"."""
    left = int((ends_at - timezone.now()).total_seconds())
    if left <= 0:
        return "Time"
    hours, rest = divmod(left, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


# The stages of a top cut, by the bracket round's name (tournaments.core.placings).
STAGES = {"quarterfinal": "Quarterfinals", "semifinal": "Semifinals", "final": "Final"}


BRACKET_POLL = "15s"  # see CLOCK_POLL


def bracket(request, pk: int):
    """The top cut as a bracket: each stage's matches with names, seeds and results, and the
    stages still to come as empty slots. Polled like the clock."""
    tournament = event(pk)
    context = bracket_context(tournament)
    if request.headers.get("HX-Request") == "true":
        if request.GET.get("v") == context["version"]:
            return HttpResponse(status=204)
        return render(request, "tournaments/_bracket_panel.html", context)
    return render(request, "tournaments/bracket.html", context)


def bracket_context(tournament: Tournament) -> dict:
    matches = selectors.top_cut_matches(tournament=tournament)
    # Seeds are Swiss places: the cut was seeded from the standings in this order.
    seeds = (
        {int(s.player): n for n, s in enumerate(selectors.standings(tournament=tournament), 1)}
        if matches
        else {}
    )
    by_round: dict[int, list[Match]] = {}
    for m in matches:
        by_round.setdefault(m.round.number, []).append(m)
    played = list(by_round.values())
    stages: list[dict[str, Any]] = []
    seen: list[Any] = []
    size = tournament.top_cut // 2
    for index, stage in enumerate(bracket_rounds(tournament.top_cut)):
        paired = played[index] if index < len(played) else []
        slots: list[dict[str, Any] | None] = [_bracket_match(m, seeds) for m in paired]
        stages.append(
            {
                "name": STAGES[stage],
                "round": paired[0].round if paired else None,
                "matches": slots or [None] * size,
            }
        )
        seen.append([(m["players"], m["score"]) for m in slots if m is not None])
        size //= 2
    return {
        "tournament": tournament,
        "stages": stages,
        "started": bool(matches),
        "winner": selectors.winner_name(tournament),
        "version": hashlib.sha256(json.dumps(seen).encode()).hexdigest()[:16],
        "poll": BRACKET_POLL,
    }


def _bracket_match(match: Match, seeds: dict[int, int]) -> dict:
    confirmed = match.status == Match.Status.CONFIRMED
    a_wins, b_wins = match.a_wins or 0, match.b_wins or 0
    players = [
        {
            "name": r.name,
            "seed": seeds.get(r.pk),
            "wins": wins,
            "won": confirmed and wins > other_wins,
        }
        for r, wins, other_wins in (
            (match.player_a, a_wins, b_wins),
            (match.player_b, b_wins, a_wins),
        )
        if r is not None
    ]
    return {
        "table": match.table,
        "status": match.status,
        "players": players,
        "score": selectors.score_line(match) if confirmed else "",
    }
