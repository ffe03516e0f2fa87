"""The judges' pages: the judge queue (disputed matches with both players' reports, extra
time, the logs of results entered) with its actions, and results entry, where a judge types a
table number and its score and goes on with the next table.
"""

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from genesis.errors import Forbidden, Refusal
from rules.core import match as protocol

from .. import forms, permissions, selectors, services
from ..models import Match, Report, Round, Tournament
from .common import act, event, event_match, judge_url, refused, round_name
from .deck_checks import deck_checks_panel

OVERRIDES_PER_PAGE = 50

PHASE_WORDS = {
    protocol.Phase.CHOOSING_LEAD: "choosing who leads game {game}",
    protocol.Phase.PLAYING: "game {game} in progress",
    protocol.Phase.LOCKING: "lock and show before game {game}",
    protocol.Phase.OVER: "the games are over",
}


def judge(request, pk: int):
    tournament = event(pk)
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
            "deck_checks": deck_checks_panel(tournament, request.user),
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
    tournament, match = event_match(pk, match_id)
    form = forms.ResultForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Game counts are whole numbers from 0 to 9.")
        return redirect(judge_url(tournament))
    data = form.cleaned_data
    return act(
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
    tournament, match = event_match(pk, match_id)
    form = forms.JudgeGameForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Say who won the game.")
        return redirect(judge_url(tournament))
    winner = form.cleaned_data["winner"]
    return act(
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
    tournament = event(pk)
    form = forms.ExtendForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose a match and 1 to 60 extra minutes.")
        return redirect(judge_url(tournament))
    try:
        match = selectors.match_in_event(tournament=tournament, match_id=form.cleaned_data["match"])
    except Match.DoesNotExist:
        raise Http404("No match of this event has that id.") from None
    minutes = form.cleaned_data["minutes"]
    return act(
        request,
        tournament,
        lambda: services.match_extend(match=match, actor=request.user, minutes=minutes),
        f"Table {match.table} has {minutes} more minute{'s' if minutes != 1 else ''}.",
        to=judge_url(tournament),
    )


def results_entry(request, pk: int):
    """A judge types a table number and its score, presses Enter, and goes on with the next
    table: the result is entered as the judge's (logged), and a wrong table or an impossible
    score is said next to the field."""
    tournament = event(pk)
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
