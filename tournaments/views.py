"""Tournament pages: the event list, an event's page (organizer and judge tools, registration,
players, the current round, the winner), pairings, standings and final placings, a player's
current match, the judge queue, results entry, printable match slips, the round clock for a
projector, and the top-cut bracket.

Views parse, call a service or selector, and render. A service's refusal (genesis.errors.Refusal)
is shown as its plain-English detail with its status code, never as a 500: "not allowed" and
"not found" get a page of their own, anything else a message next to what was tried.
"""

import hashlib
import json
from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from decks import services as deck_services
from decks.core.bundled import sample_decklists
from decks.selectors import card_index
from genesis.errors import Forbidden, NotFound, Refusal
from rules.core import match as protocol
from rules.core.cards import name_key
from rules.core.decklist import decklist_from_json, format_decklist
from rules.core.engine import LogVersionError
from rules.replays import replay_position

from . import forms, permissions, selectors, services
from .core.pairing import recommended_rounds
from .core.placings import bracket_rounds
from .models import EngineGame, Match, Report, Round, Tournament
from .services import recovery

EVENTS_PER_PAGE = 20
PLAYERS_PER_PAGE = 100
OVERRIDES_PER_PAGE = 50
# How often pages ask whether something changed; unchanged answers are an empty 204.
PAIRING_POLL = "2s"
ROUND_POLL = "15s"
MATCH_POLL = "5s"
CLOCK_POLL = "10s"
BRACKET_POLL = "15s"
PHASE_WORDS = {
    protocol.Phase.CHOOSING_LEAD: "choosing who leads game {game}",
    protocol.Phase.PLAYING: "game {game} in progress",
    protocol.Phase.LOCKING: "lock and show before game {game}",
    protocol.Phase.OVER: "the games are over",
}


# --- the event list ----------------------------------------------------------------------------


def event_list(request):
    form = forms.TournamentForm()
    error, status = "", 200
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.path)
        form = forms.TournamentForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            try:
                tournament = services.tournament_create(
                    organizer=request.user,
                    name=data["name"],
                    format_slug=data["format"],
                    rounds=data["rounds"],
                    top_cut=data["top_cut"],
                    round_minutes=data["round_minutes"],
                    late_registration_until=data["late_registration_until"],
                    automated=data["automated"],
                    bot=data["bot"],
                    date=data["date"],
                    venue=data["venue"],
                    description=data["description"],
                    capacity=data["capacity"],
                )
            except Refusal as exc:
                error, status = exc.detail, exc.status_code
            else:
                messages.success(
                    request,
                    f"Created {tournament.name}. "
                    + (
                        "Enter the decks the bots will play."
                        if tournament.automated
                        else "Players can register now."
                    ),
                )
                return redirect(event_url(tournament))
        else:
            status = 400
    events = Paginator(selectors.event_list(), EVENTS_PER_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "tournaments/event_list.html",
        {
            "events": events,
            "event_rows": [
                {
                    "event": t,
                    "format_name": selectors.format_name(t.format),
                    "places_left": services.places_left(t, t.players),
                }
                for t in events
            ],
            "form": form,
            "error": error,
        },
        status=status,
    )


# --- an event's page ---------------------------------------------------------------------------


def event_detail(request, pk: int):
    tournament = _event(pk)
    return render(request, "tournaments/event_detail.html", event_context(request, tournament))


def event_round(request, pk: int):
    """The current-round panel alone, for the event page's polling (204 when unchanged)."""
    tournament = _event(pk)
    organizer = permissions.is_organizer(tournament, request.user)
    judge = organizer or permissions.is_judge(tournament, request.user)
    panel = round_panel(request, tournament, organizer, judge, since=request.GET.get("v"))
    if panel is None:
        return HttpResponse(status=204)
    return render(request, "tournaments/_round_panel.html", panel)


def event_context(request, tournament: Tournament, **extra) -> dict:
    user = request.user
    organizer = permissions.is_organizer(tournament, user)
    judge = organizer or permissions.is_judge(tournament, user)
    panel = round_panel(request, tournament, organizer, judge)
    registration = selectors.registration_for(tournament=tournament, user=user)
    players = Paginator(
        selectors.registration_page(tournament=tournament), PLAYERS_PER_PAGE
    ).get_page(request.GET.get("players"))
    show_decklists = permissions.can_see_decklists(tournament, user)
    top_cut = (
        selectors.top_cut_ids(tournament=tournament)
        if tournament.decklists == Tournament.Decklists.TOP_CUT
        else set()
    )
    registration_open = services.registration_open(tournament)
    can_register = registration is None and registration_open
    return {
        "tournament": tournament,
        "is_judge": judge,
        "format_name": selectors.format_name(tournament.format),
        "places_left": services.places_left(tournament),
        "winner": selectors.winner_name(tournament),
        "rounds_plan": rounds_plan(tournament, players.paginator.count),
        "registration": registration,
        "can_register": can_register,
        "my_decks": selectors.decks_of(user=user) if can_register else [],
        "players": players,
        "player_rows": [
            _player_row(r, user, show_all=show_decklists, top_cut=top_cut) for r in players
        ],
        "show_decklists": show_decklists,
        "judges": selectors.judge_list(tournament=tournament),
        "text_form": forms.RegisterTextForm(),
        "entrant_form": forms.EntrantForm(),
        "samples": sorted(sample_decklists().items()) if organizer and tournament.automated else [],
        "organizer_decks": selectors.decks_of(user=user)
        if organizer and tournament.automated
        else [],
        "judge_form": forms.JudgeForm(),
        "can_add_players": judge and registration_open and not tournament.automated,
        "player_add_form": forms.PlayerAddForm(),
        "round_tools": round_tools(panel) if judge else None,
        **panel,
        **extra,
    }


def _player_row(registration, user, *, show_all: bool, top_cut: set[int]) -> dict:
    """A player as the event page lists them: champion and decklist only where
    selectors.registration_row shows them (published, all or the top cut's; judges)."""
    row = selectors.registration_row(registration, user, show_all=show_all, top_cut=top_cut)
    listed = row.get("decklist")
    return {
        "registration": registration,
        "champion": row["champion"],
        "decklist": format_decklist(decklist_from_json(listed)) if listed else "",
    }


def round_tools(panel: dict) -> dict | None:
    """What a judge may still change about the latest round: take its pairings back, or swap
    two of its players (Swiss rounds only), while none of its results is in. None otherwise."""
    round = panel["round"]
    if round is None or round.status != Round.Status.PAIRED or services.has_results(round):
        return None
    players = [
        {"registration": r, "table": m.table}
        for m in panel["pairings"]
        for r in (m.player_a, m.player_b)
        if r is not None
    ]
    return {
        "round": round,
        "can_swap": round.kind == Round.Kind.SWISS and len(players) > 2,
        "players": sorted(players, key=lambda p: p["registration"].name.lower()),
    }


def rounds_plan(tournament: Tournament, players: int) -> str:
    if tournament.swiss_rounds:
        return f"{tournament.swiss_rounds} Swiss rounds (fixed at the start)"
    if tournament.rounds_requested:
        return f"{tournament.rounds_requested} Swiss rounds (planned)"
    if players >= 2:
        count = recommended_rounds(players)
        return f"{count} Swiss rounds planned for {players} players (set at the start)"
    return "Set at the start from the number of players (MTR Appendix E)"


def round_panel(
    request, tournament: Tournament, organizer: bool, judge: bool, since: str | None = None
):
    """Every round, and the latest in full: pairing (the page polls every 2 s until it is
    paired), paired (its pairings, polled now and then for results), or finished. None when
    the panel would show the same as version `since`, before its pairings are even read."""
    rounds = selectors.round_list(tournament=tournament)
    round = rounds[-1] if rounds else None
    # Work taking longer than expected (a worker or the broker was away): the organizer sees it
    # and can resend it (recovery.event_retry).
    delays = (
        recovery.event_delays(tournament=tournament)
        if organizer and tournament.status == Tournament.Status.RUNNING
        else None
    )
    stuck = bool(delays and (delays["rounds"] or delays["games"]))
    version = (
        f"{round.pk}.{round.status}.{round.confirmed}.{tournament.status}" if round else "none"
    ) + (".stuck" if stuck else "")
    if version == since:
        return None
    pairings = []
    if round is not None and round.status != Round.Status.PAIRING:
        pairings = list(selectors.pairings_matching(round=round))
    user_id = request.user.pk
    mine = next(
        (
            m
            for m in pairings
            if user_id is not None
            and user_id in (m.player_a.player_id, m.player_b and m.player_b.player_id)
        ),
        None,
    )
    running = tournament.status == Tournament.Status.RUNNING
    waiting = round is not None and round.status == Round.Status.PAIRING
    return {
        "tournament": tournament,
        "is_organizer": organizer,
        "is_judge": judge,
        "rounds": rounds,
        "round": round,
        "round_name": round_name(round) if round else "",
        "pairings": pairings,
        "my_pairing": mine,
        "can_pair_next": organizer and services.can_pair_next_round(tournament),
        "delays": delays if stuck else None,
        "poll": PAIRING_POLL if waiting else ROUND_POLL if running else "",
        "version": version,
    }


@require_POST
def event_retry(request, pk: int):
    """The organizer's "retry" for work taking too long: resend it (safe to press again)."""
    tournament = _event(pk)
    return _act(
        request,
        tournament,
        lambda: recovery.event_retry(tournament=tournament, actor=request.user),
        lambda sent: (
            f"Sent again: {sent['rounds']} round(s) to pair and {sent['games']} "
            "game(s) to play. Nothing already done is done twice."
        ),
    )


def round_name(round: Round) -> str:
    if round.kind == Round.Kind.SWISS:
        return f"Round {round.number}"
    tables = getattr(round, "tables", 0)
    stage = {1: "Final", 2: "Semifinals", 4: "Quarterfinals"}.get(tables, "Top cut")
    return f"Round {round.number}: {stage}"


# --- organizer and player actions on the event page ----------------------------------------------


@require_POST
def event_start(request, pk: int):
    tournament = _event(pk)
    return _act(
        request,
        tournament,
        lambda: services.tournament_start(tournament=tournament, actor=request.user),
        "The event has started: registration is closed and every decklist is frozen.",
    )


@require_POST
def round_start(request, pk: int):
    tournament = _event(pk)
    return _act(
        request,
        tournament,
        lambda: services.round_start(tournament=tournament, actor=request.user),
        "Pairing the next round: the pairings appear here as soon as they are ready.",
    )


@require_POST
def decklists_publish(request, pk: int):
    tournament = _event(pk)
    return _act(
        request,
        tournament,
        lambda: services.decklists_publish(
            tournament=tournament, actor=request.user, scope=request.POST.get("scope", "all")
        ),
        "The top cut's decklists are published."
        if request.POST.get("scope") == "top_cut"
        else "Decklists are published: everyone can see them now.",
    )


@require_POST
def judge_add(request, pk: int):
    tournament = _event(pk)
    form = forms.JudgeForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Give the username of the judge to add.")
        return redirect(event_url(tournament))
    username = form.cleaned_data["username"]
    return _act(
        request,
        tournament,
        lambda: services.judge_add(tournament=tournament, actor=request.user, username=username),
        f"{username} is now a judge of this event.",
        quiet=(NotFound,),
    )


@require_POST
def register(request, pk: int):
    """Register with a saved deck (`deck`, its key) or a pasted decklist (`decklist`)."""
    tournament = _event(pk)
    if not request.user.is_authenticated:
        return redirect_to_login(event_url(tournament))
    with_deck = "deck" in request.POST
    form = (forms.RegisterDeckForm if with_deck else forms.RegisterTextForm)(request.POST)
    try:
        if not form.is_valid():
            raise Refusal(
                "Choose one of your decks." if with_deck else "Paste a decklist to register.",
                code="invalid",
            )
        decklist = (
            None if with_deck else deck_services.read_decklist(text=form.cleaned_data["decklist"])
        )
        services.registration_create(
            tournament=tournament,
            player=request.user,
            decklist=decklist,
            deck_key=form.cleaned_data["deck"] if with_deck else "",
        )
    except Refusal as exc:
        context = event_context(request, tournament, register_error=exc)
        if not with_deck:
            context["text_form"] = form
        return render(request, "tournaments/event_detail.html", context, status=exc.status_code)
    messages.success(request, f"You are registered for {tournament.name}.")
    return redirect(event_url(tournament))


@require_POST
def entrant_add(request, pk: int):
    """The organizer enters a deck in an automated event: a sample timeline (`sample`), one of
    their saved decks (`deck`, its key) or a pasted list (`decklist`)."""
    tournament = _event(pk)
    if not request.user.is_authenticated:
        return redirect_to_login(event_url(tournament))
    form = forms.EntrantForm(request.POST)
    try:
        if not form.is_valid():
            raise Refusal("Choose a sample or one of your decks, or paste a list.", code="invalid")
        data = form.cleaned_data
        decklist = None
        if data["sample"]:
            decklist = sample_decklists().get(data["sample"])
            if decklist is None:
                raise NotFound("There is no such sample timeline.", code="unknown_sample")
        elif not data["deck"]:
            if not data["decklist"].strip():
                raise Refusal(
                    "Choose a sample or one of your decks, or paste a list.", code="invalid"
                )
            decklist = deck_services.read_decklist(text=data["decklist"])
        registration = services.entrant_add(
            tournament=tournament,
            actor=request.user,
            name=data["name"].strip() or data["sample"],
            decklist=decklist,
            deck_key=data["deck"],
        )
    except Refusal as exc:
        if not tournament.automated:  # the page has no entrants panel to show it in
            messages.error(request, exc.detail)
            return redirect(event_url(tournament))
        context = event_context(request, tournament, entrant_error=exc, entrant_form=form)
        return render(request, "tournaments/event_detail.html", context, status=exc.status_code)
    messages.success(request, f"Entered {registration.name}.")
    return redirect(event_url(tournament))


@require_POST
def withdraw(request, pk: int):
    tournament = _event(pk)
    return _act(
        request,
        tournament,
        lambda: services.registration_withdraw(tournament=tournament, player=request.user),
        "You have withdrawn your registration.",
    )


def drop(request, pk: int):
    """GET asks for confirmation; POST drops the player from the running event."""
    tournament = _event(pk)
    if not request.user.is_authenticated:
        return redirect_to_login(request.path)
    if request.method == "POST":
        return _act(
            request,
            tournament,
            lambda: services.player_drop(tournament=tournament, actor=request.user),
            "You have dropped: you will not be paired again, and you stay in the standings.",
        )
    registration = selectors.registration_for(tournament=tournament, user=request.user)
    if registration is None:
        return refused(
            request,
            tournament,
            NotFound("You are not registered for this event.", code="not_registered"),
        )
    return render(
        request,
        "tournaments/drop_confirm.html",
        {"tournament": tournament, "registration": registration},
    )


# --- judges' tools on the event page: players and the latest round --------------------------------


@require_POST
def player_add(request, pk: int):
    """The organizer or a judge registers a player: an account by username, or a walk-in guest
    by name, with a pasted decklist."""
    tournament = _event(pk)
    if not request.user.is_authenticated:
        return redirect_to_login(event_url(tournament))
    form = forms.PlayerAddForm(request.POST)
    try:
        if not form.is_valid():
            raise Refusal("Name the player and paste their decklist.", code="invalid_player")
        data = form.cleaned_data
        registration = services.registration_add(
            tournament=tournament,
            actor=request.user,
            decklist=deck_services.read_decklist(text=data["decklist"]),
            username=data["username"],
            guest=data["guest"],
        )
    except Forbidden as exc:
        return refused(request, tournament, exc)
    except Refusal as exc:
        context = event_context(request, tournament, player_add_error=exc, player_add_form=form)
        return render(request, "tournaments/event_detail.html", context, status=exc.status_code)
    messages.success(
        request,
        f"Registered {registration.name}"
        + (
            " as a guest: enter their results on the results page."
            if registration.is_guest
            else "."
        ),
    )
    return redirect(event_url(tournament) + "#players-title")


@require_POST
def player_drop(request, pk: int, registration_id: int):
    tournament = _event(pk)
    return _act(
        request,
        tournament,
        lambda: services.player_drop(
            tournament=tournament, actor=request.user, registration_id=registration_id
        ),
        lambda r: f"{r.name} has dropped: not paired again, and still in the standings.",
        quiet=(NotFound,),
    )


@require_POST
def player_reinstate(request, pk: int, registration_id: int):
    tournament = _event(pk)
    return _act(
        request,
        tournament,
        lambda: services.player_reinstate(
            tournament=tournament, actor=request.user, registration_id=registration_id
        ),
        lambda r: f"{r.name} is back in the event and is paired from the next round.",
        quiet=(NotFound,),
    )


@require_POST
def round_repair(request, pk: int, number: int):
    tournament = _event(pk)
    return _act(
        request,
        tournament,
        lambda: services.round_repair(tournament=tournament, actor=request.user, number=number),
        f"Round {number}'s pairings are taken back: pair the round again when you are ready.",
    )


@require_POST
def round_swap(request, pk: int, number: int):
    """Swap two players of the latest round; a swap that makes a rematch is done and said."""
    tournament = _event(pk)
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

    response = _act(
        request, tournament, swap, f"Swapped the two players in round {number}.", quiet=(NotFound,)
    )
    for warning in warnings:
        messages.warning(request, f"Rematch: {warning['detail']}")
    return response


# --- pairings and standings --------------------------------------------------------------------


def pairings(request, pk: int, number: int):
    tournament = _event(pk)
    round = selectors.round_with_progress(tournament=tournament, number=number)
    if round is None:
        raise Http404(f"Round {number} has not been started.")
    query = request.GET.get("q", "").strip()[:150]
    return render(
        request,
        "tournaments/pairings.html",
        {
            "tournament": tournament,
            "round": round,
            "round_name": round_name(round),
            "pairings": selectors.pairings_matching(round=round, query=query),
            # A Three-Arena round's games are pods of three teams; its byes stay pairings.
            "pods": [selectors.pod_row(p) for p in selectors.round_pods(round=round)]
            if tournament.team_play == Tournament.TeamPlay.THREE_ARENA
            else [],
            "query": query,
            "round_numbers": list(
                tournament.rounds.order_by("number").values_list("number", flat=True)
            ),
            "me": request.user.pk,
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
    """The Swiss standings; once the event is over, the final placings above them."""
    tournament = _event(pk)
    placings = selectors.placings_rows(tournament)
    return render(
        request,
        "tournaments/standings.html",
        {
            "tournament": tournament,
            "rows": selectors.standings_rows(tournament),
            "placings": [{**p, "out_in": OUT_IN.get(p["eliminated_in"], "")} for p in placings]
            if placings is not None
            else None,
            "latest": selectors.round_with_progress(tournament=tournament),
            "me": request.user.username if request.user.is_authenticated else None,
        },
    )


# --- for the judges' table: match slips and results entry ---------------------------------------


def match_slips(request, pk: int, number: int):
    """One slip per table of round `number`, to print: the players sign the result on it."""
    tournament = _event(pk)
    if not permissions.is_judge(tournament, request.user):
        return refused(
            request,
            tournament,
            Forbidden(
                "Only the event's judges and its organizer can print match slips.",
                code="not_judge",
            ),
        )
    round = selectors.round_with_progress(tournament=tournament, number=number)
    if round is None:
        raise Http404(f"Round {number} has not been started.")
    tables = list(selectors.pairings_matching(round=round))
    return render(
        request,
        "tournaments/slips.html",
        {
            "tournament": tournament,
            "round": round,
            "round_name": round_name(round),
            "slips": [m for m in tables if m.player_b is not None],
            "byes": [m for m in tables if m.player_b is None],
            "games": range(1, tournament.best_of + 1),
        },
    )


def results_entry(request, pk: int):
    """A judge types a table number and its score, presses Enter, and goes on with the next
    table: the result is entered as the judge's (logged), and a wrong table or an impossible
    score is said next to the field."""
    tournament = _event(pk)
    if not permissions.is_judge(tournament, request.user):
        return refused(
            request,
            tournament,
            Forbidden(
                "Only the event's judges and its organizer can enter results.", code="not_judge"
            ),
        )
    round = selectors.round_with_progress(tournament=tournament)
    form = forms.ResultEntryForm(initial={"round": round.number if round else 1})
    status = 200
    if request.method == "POST":
        form = forms.ResultEntryForm(request.POST)
        if form.is_valid():
            number = form.cleaned_data["round"] or (round.number if round else 1)
            entered, status = _enter_result(request, tournament, form, number)
            if entered is not None:
                messages.success(
                    request,
                    f"Table {entered.table}: {selectors.score_line(entered)}. Entered and logged.",
                )
                return redirect(reverse("tournaments:results-entry", args=[tournament.pk]))
        else:
            status = 400
    tables = (
        list(selectors.pairings_matching(round=round))
        if round is not None and round.status != Round.Status.PAIRING
        else []
    )
    return render(
        request,
        "tournaments/results_entry.html",
        {
            "tournament": tournament,
            "round": round,
            "round_name": round_name(round) if round else "",
            "form": form,
            "waiting": [m for m in tables if m.status != Match.Status.CONFIRMED],
            "names": {m.table: [m.player_a.name, m.player_b.name] for m in tables if m.player_b},
        },
        status=status,
    )


def _enter_result(request, tournament: Tournament, form, number: int) -> tuple[Match | None, int]:
    """Enter the posted result of a table of round `number` as the judge; on a refusal, say
    why on the form."""
    data = form.cleaned_data
    match = selectors.match_at_table(
        tournament=tournament, round_number=number, table=data["table"]
    )
    if match is None:
        form.add_error("table", f"Round {number} has no table {data['table']}.")
        return None, 404
    if match.player_b is None:
        form.add_error(
            "table",
            f"Table {match.table} is {match.player_a.name}'s bye: it has no result to enter.",
        )
        return None, 409
    try:
        entered = services.match_result_report(
            match=match,
            actor=request.user,
            a_wins=data["a_wins"],
            b_wins=data["b_wins"],
            draws=data["draws"],
        )
    except Refusal as exc:
        form.add_error(
            None,
            f"Table {match.table} ({match.player_a.name} v {match.player_b.name}): {exc.detail}",
        )
        return None, exc.status_code
    return entered, 302


# --- for everyone: the round clock and the bracket --------------------------------------------------


def round_clock(request, pk: int):
    """The latest round's clock, big enough for a projector, with the tables that have extra
    time. htmx polls ask for the panel alone and get an empty 204 while nothing changed."""
    tournament = _event(pk)
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


def bracket(request, pk: int):
    """The top cut as a bracket: each stage's matches with names, seeds and results, and the
    stages still to come as empty slots. Polled like the clock."""
    tournament = _event(pk)
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


# --- replays of automated games ---------------------------------------------------------------


def game_replay(request, pk: int, match_id: int, number: int):
    """One engine game of an automated match, step by step (`?step=N`, 0 is its first
    decision): the arena, the stack and each player's public zones."""
    tournament, match = _event_match(pk, match_id)
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


# --- my current match --------------------------------------------------------------------------


def my_match(request, pk: int):
    """The viewer's match in the latest round they were paired in. htmx polls ask for the panel
    alone with the version they show, and get an empty 204 while nothing has changed."""
    tournament = _event(pk)
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
    context.update(
        view=view,
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
    context["version"] = _version(view, reports, error)
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


def _version(view: dict, reports: list[Report], error) -> str:
    """A short digest of what the panel shows (not of its HTML, whose CSRF tokens change)."""
    seen = {
        "view": view,
        "reports": [
            (r.reporter_id, r.game, r.winner, r.a_wins, r.b_wins, r.draws) for r in reports
        ],
        "error": str(error or ""),
    }
    digest = hashlib.sha256(json.dumps(seen, sort_keys=True, default=str).encode())
    return digest.hexdigest()[:16]


@require_POST
def match_lead(request, pk: int, match_id: int):
    tournament, match = _event_match(pk, match_id)
    form = forms.LeadForm(request.POST)

    def choose():
        if not form.is_valid():
            raise Refusal("Choose to lead or to go second.", code="invalid_choice")
        services.match_choose_lead(match=match, actor=request.user, lead=form.cleaned_data["lead"])

    return _match_act(request, tournament, choose, "Your choice of who leads is recorded.")


@require_POST
def match_game(request, pk: int, match_id: int):
    tournament, match = _event_match(pk, match_id)
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
    tournament, match = _event_match(pk, match_id)
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
    tournament, match = _event_match(pk, match_id)
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


# --- the judge queue ---------------------------------------------------------------------------


def judge(request, pk: int):
    tournament = _event(pk)
    if not permissions.is_judge(tournament, request.user):
        return refused(
            request,
            tournament,
            Forbidden(
                "Only the event's judges and its organizer can open the judge queue.",
                code="not_judge",
            ),
        )
    overrides = Paginator(selectors.override_log(tournament=tournament), OVERRIDES_PER_PAGE)
    # Only a Three-Arena event has pods, and the page shows their log only there.
    pod_entries = (
        Paginator(selectors.pod_override_log(tournament=tournament), OVERRIDES_PER_PAGE)
        if tournament.team_play == Tournament.TeamPlay.THREE_ARENA
        else None
    )
    return render(
        request,
        "tournaments/judge.html",
        {
            "tournament": tournament,
            "disputes": [dispute(m) for m in selectors.judge_queue(tournament=tournament)],
            "open_matches": selectors.open_matches(tournament=tournament),
            "latest_round": selectors.round_with_progress(tournament=tournament),
            "overrides": overrides.get_page(request.GET.get("page")),
            "pod_entries": pod_entries.get_page(request.GET.get("pods_page"))
            if pod_entries
            else None,
            "extend_form": forms.ExtendForm(),
        },
    )


def dispute(match: Match) -> dict:
    """A disputed match for the judge: both players' reports, game by game and for the match."""
    # A dispute is never a bye: it has a second player and a match state.
    assert match.player_b is not None
    assert match.state is not None
    names = {"a": match.player_a.name, "b": match.player_b.name}
    state = protocol.from_dict(match.state)
    reports = list(match.reports.all())
    said = {"a": names["a"], "b": names["b"], "draw": "a drawn game"}
    return {
        "match": match,
        "names": names,
        "phase": str(state.phase),
        "game": state.game_number,
        "doing": PHASE_WORDS[state.phase].format(game=state.game_number),
        "score": protocol.result(state),
        "game_reports": [
            {"game": r.game, "reporter": r.reporter.username, "said": said.get(r.winner, "?")}
            for r in reports
            if r.game != Report.MATCH
        ],
        "result_reports": [r for r in reports if r.game == Report.MATCH],
    }


@require_POST
def judge_result(request, pk: int, match_id: int):
    tournament, match = _event_match(pk, match_id)
    form = forms.ResultForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Game counts are whole numbers from 0 to 9.")
        return redirect(judge_url(tournament))
    data = form.cleaned_data
    return _act(
        request,
        tournament,
        lambda: services.match_result_report(
            match=match,
            actor=request.user,
            a_wins=data["player_a_wins"],
            b_wins=data["player_b_wins"],
            draws=data["draws"],
        ),
        f"Table {match.table}: result entered and logged.",
        to=judge_url(tournament),
    )


@require_POST
def judge_game(request, pk: int, match_id: int):
    tournament, match = _event_match(pk, match_id)
    form = forms.JudgeGameForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Say who won the game.")
        return redirect(judge_url(tournament))
    winner = form.cleaned_data["winner"]
    return _act(
        request,
        tournament,
        lambda: services.match_game_report(
            match=match, actor=request.user, winner=None if winner == "draw" else winner
        ),
        f"Table {match.table}: game recorded and logged.",
        to=judge_url(tournament),
    )


@require_POST
def judge_extend(request, pk: int):
    tournament = _event(pk)
    form = forms.ExtendForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose a match and 1 to 60 extra minutes.")
        return redirect(judge_url(tournament))
    try:
        match = selectors.match_in_event(tournament=tournament, match_id=form.cleaned_data["match"])
    except Match.DoesNotExist:
        raise Http404("No match of this event has that id.") from None
    minutes = form.cleaned_data["minutes"]
    return _act(
        request,
        tournament,
        lambda: services.match_extend(match=match, actor=request.user, minutes=minutes),
        f"Table {match.table} has {minutes} more minute{'s' if minutes != 1 else ''}.",
        to=judge_url(tournament),
    )


# --- helpers -----------------------------------------------------------------------------------


def event_url(tournament: Tournament) -> str:
    return reverse("tournaments:event-detail", args=[tournament.pk])


def judge_url(tournament: Tournament) -> str:
    return reverse("tournaments:judge", args=[tournament.pk])


def match_url(tournament: Tournament) -> str:
    return reverse("tournaments:my-match", args=[tournament.pk])


def _event(pk: int) -> Tournament:
    try:
        return selectors.tournament_get(tournament_id=pk)
    except Tournament.DoesNotExist:
        raise Http404("No event has that id.") from None


def _event_match(pk: int, match_id: int) -> tuple[Tournament, Match]:
    tournament = _event(pk)
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


def _act(
    request,
    tournament: Tournament,
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
            return redirect_to_login(to or event_url(tournament))
        if isinstance(exc, (Forbidden, NotFound)) and not isinstance(exc, quiet):
            return refused(request, tournament, exc)
        messages.error(request, exc.detail)
    else:
        messages.success(request, done if isinstance(done, str) else done(result))
    return redirect(to or event_url(tournament))


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
