"""The event list (and creating an event), an event's page with its current-round panel (polled
while a round is paired), and the organizer's actions on it: start the event, resend work that
takes too long, publish decklists, add a judge.
"""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from decks.core.bundled import sample_decklists
from genesis.errors import NotFound, Refusal
from rules.core.decklist import decklist_from_json, format_decklist

from .. import forms, permissions, selectors, services
from ..core.pairing import recommended_rounds
from ..models import Registration, Round, Tournament, WaitlistEntry
from ..services import exchange, recovery
from .common import act, ask_organizer, confirm_page, confirmed, event, event_url, round_name
from .phases import phase_panel
from .rounds import time_left

EVENTS_PER_PAGE = 20
PLAYERS_PER_PAGE = 100
# How often the round panel asks whether something changed; unchanged answers are an empty 204.
PAIRING_POLL = "2s"
ROUND_POLL = "15s"


def event_list(request):
    form = forms.TournamentForm()
    error, status, retry_after = "", 200, 0
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
                    # A two-day plan replaces the one-phase shorthand (services refuse both).
                    rounds=None if data["phases"] else data["rounds"],
                    top_cut=None if data["phases"] else data["top_cut"],
                    phases=data["phases"],
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
                retry_after = exc.extra.get("retry_after", 0)
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
    response = render(
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
    if retry_after:  # past a limit: the page says when, and so does the header
        response["Retry-After"] = str(retry_after)
    return response


def event_detail(request, pk: int):
    tournament = event(pk)
    return render(request, "tournaments/event_detail.html", event_context(request, tournament))


def event_round(request, pk: int):
    """The current-round panel alone, for the event page's polling (204 when unchanged)."""
    tournament = event(pk)
    organizer = permissions.is_organizer(tournament, request.user)
    judge = organizer or permissions.is_judge(tournament, request.user)
    registration = selectors.registration_for(tournament=tournament, user=request.user)
    panel = round_panel(
        request, tournament, organizer, judge, registration, since=request.GET.get("v")
    )
    if panel is None:
        return HttpResponse(status=204)
    return render(request, "tournaments/_round_panel.html", {**panel, "oob": True})


def event_context(request, tournament: Tournament, **extra) -> dict:
    user = request.user
    organizer = permissions.is_organizer(tournament, user)
    judge = organizer or permissions.is_judge(tournament, user)
    registration = selectors.registration_for(tournament=tournament, user=user)
    panel = round_panel(request, tournament, organizer, judge, registration)
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
    # The player's waitlist entry: waiting (so no second registration), skipped with the
    # reason, or registered from the waitlist (told beside their registration). Only an event
    # with a capacity has a waitlist (removing the capacity registers the whole line), so an
    # event without one spends no query on it.
    has_waitlist = tournament.capacity is not None
    waitlisted = selectors.waitlist_mine(tournament, user) if has_waitlist else None
    if registration is not None and (
        waitlisted is None or waitlisted.get("registration") != registration.pk
    ):
        waitlisted = None
    can_register = (
        registration is None
        and registration_open
        and (waitlisted is None or waitlisted["status"] != WaitlistEntry.Status.WAITING)
    )
    return {
        "tournament": tournament,
        "is_judge": judge,
        "format_name": selectors.format_name(tournament.format),
        "places_left": services.places_left(tournament),
        "winner": selectors.winner_name(tournament),
        "rounds_plan": rounds_plan(tournament, players.paginator.count),
        "registration": registration,
        "waitlisted": waitlisted,
        "waitlist": selectors.waitlist_line(tournament) if organizer and has_waitlist else [],
        "can_register": can_register,
        "my_decks": selectors.decks_of(user=user, tournament=tournament) if can_register else [],
        "players": players,
        "player_rows": [
            _player_row(r, user, show_all=show_decklists, top_cut=top_cut) for r in players
        ],
        "show_decklists": show_decklists,
        "judges": selectors.judge_list(tournament=tournament),
        "text_form": forms.RegisterTextForm(),
        "entrant_form": forms.EntrantForm(),
        "samples": sorted(sample_decklists().items()) if organizer and tournament.automated else [],
        "organizer_decks": selectors.decks_of(user=user, tournament=tournament)
        if organizer and tournament.automated
        else [],
        "judge_form": forms.JudgeForm(),
        "can_add_players": judge and registration_open and not tournament.automated,
        "player_add_form": forms.PlayerAddForm(),
        "round_tools": round_tools(panel) if judge else None,
        # Check-in (tournaments.views.check_in): the judges' panel, or a player's own state.
        "check_in": selectors.check_in_view(tournament=tournament, user=user)
        if not tournament.automated and (judge or registration is not None)
        else None,
        "check_in_form": forms.CheckInWindowForm() if organizer else None,
        # A player's own penalties in their section; every penalty for judges who do not play.
        "penalties": selectors.penalty_rows(
            tournament,
            user,
            judge=judge,
            # a team event's players are on teams: the registration does not say who plays
            plays=None if tournament.team_play else registration is not None,
        )
        if (judge or registration is not None)
        and tournament.status != Tournament.Status.REGISTRATION
        else [],
        "export": export_state(tournament, user) if organizer or user.is_staff else None,
        "phase": phase_panel(tournament, user, judge=judge, registration=registration),
        **panel,
        **extra,
    }


def export_state(tournament: Tournament, user) -> dict:
    """The export button, or why the viewer gets no file (the API's refusal, e.g. 409
    plays_in_event for an organizer who plays, until the event is over)."""
    try:
        exchange.export_check(tournament=tournament, actor=user)
    except Refusal as exc:
        return {"refusal": exc}
    return {"refusal": None}


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
        {"registration": p["registration"], "name": p["player"], "table": p["table"]}
        for p in selectors.pairings_by_player(panel["pairings"])
    ]
    return {
        "round": round,
        "can_swap": round.kind == Round.Kind.SWISS and len(players) > 2,
        "players": players,
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
    request,
    tournament: Tournament,
    organizer: bool,
    judge: bool,
    registration: Registration | None,
    since: str | None = None,
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
        pairings = selectors.pairings_snapshot(round=round)
    my_table = selectors.my_match(tournament=tournament, registration=registration, round=round)
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
        # The viewer's table, first on the page; a poll's answer brings it along (out of band).
        "my_table": my_table
        if my_table["state"] != selectors.MyMatchState.NOT_REGISTERED
        and (tournament.status != Tournament.Status.REGISTRATION or round is not None)
        else None,
        "my_registration": my_table["registration"],
        "my_round_name": round_name(round) if round else "",
        "my_time_left": time_left(my_table["ends_at"]) if my_table["ends_at"] else "",
        "can_pair_next": organizer and services.can_pair_next_round(tournament),
        "delays": delays if stuck else None,
        "poll": PAIRING_POLL if waiting else ROUND_POLL if running else "",
        "version": version,
    }


@require_POST
def event_retry(request, pk: int):
    """The organizer's "retry" for work taking too long: resend it (safe to press again)."""
    tournament = event(pk)
    return act(
        request,
        tournament,
        lambda: recovery.event_retry(tournament=tournament, actor=request.user),
        lambda sent: (
            f"Sent again: {sent['rounds']} round(s) to pair and {sent['games']} "
            "game(s) to play. Nothing already done is done twice."
        ),
    )


def event_start(request, pk: int):
    """GET (or a POST without the confirm field) asks first; the confirmed POST starts."""
    tournament = event(pk)
    if not confirmed(request):
        return ask_organizer(request, tournament) or confirm_page(
            request,
            tournament,
            title=f"Start {tournament.name}?",
            does="Registration closes, the number of Swiss rounds is fixed from the players "
            "registered now, and every decklist is frozen. You pair round 1 next.",
            undoable=False,
            undo="an event that has started cannot go back to registration.",
            button="Yes, start the event",
        )
    return act(
        request,
        tournament,
        lambda: services.tournament_start(tournament=tournament, actor=request.user),
        "The event has started: registration is closed and every decklist is frozen.",
    )


@require_POST
def decklists_publish(request, pk: int):
    tournament = event(pk)
    return act(
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
    tournament = event(pk)
    form = forms.JudgeForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Give the username of the judge to add.")
        return redirect(event_url(tournament))
    username = form.cleaned_data["username"]
    return act(
        request,
        tournament,
        lambda: services.judge_add(tournament=tournament, actor=request.user, username=username),
        f"{username} is now a judge of this event.",
        quiet=(NotFound,),
    )
