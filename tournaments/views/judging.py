"""The judges' pages: the judge queue (disputed matches with both players' reports, extra
time, the penalty panel, the logs of results entered) with its actions; each match's judge view
(its penalties and the penalty panel, which query parameters can fill in); and results entry,
where a judge types a table number and its score and goes on with the next table.
"""

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from genesis.errors import Forbidden, NotFound, Refusal
from rules.core import match as protocol

from .. import forms, permissions, selectors, services
from ..models import Match, Penalty, Report, Round, Tournament
from .common import (
    act,
    confirm_page,
    confirmed,
    event,
    event_match,
    judge_match_url,
    judge_url,
    refused,
    round_name,
)
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
    log_page = overrides.get_page(request.GET.get("page"))
    latest_round = selectors.round_with_progress(tournament=tournament)
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
            "latest_round": latest_round,
            "overrides": log_page,
            "log_entries": [
                selectors.override_entry(o, penalties_shown=_sees_penalties(tournament, request))
                for o in log_page
            ],
            "panel": _panel(
                action=reverse("tournaments:judge-penalty", args=[tournament.pk]),
                players=_round_players(latest_round),
                values={},
            ),
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


def _round_players(round: Round | None) -> list[dict]:
    """Every player of the round's matches, by table, for the judge page's penalty panel."""
    if round is None or round.status == Round.Status.PAIRING:
        return []
    rows = []
    for m in selectors.pairings_matching(round=round):
        for player, opponent in ((m.player_a, m.player_b), (m.player_b, m.player_a)):
            if player is not None:
                against = f"v {opponent.name}" if opponent is not None else "bye"
                rows.append(
                    {
                        "id": player.pk,
                        "match": m,
                        "label": f"Table {m.table}: {player.name} ({against})",
                    }
                )
    return rows


def _panel(*, action: str, players: list[dict], values: dict, errors=None) -> dict:
    """What the penalty panel shows: where it posts, whom it may name, the IPG list with each
    default penalty, and the values to fill in (a prefill, or what was posted and refused)."""
    return {
        "action": action,
        "players": players,
        "infractions": selectors.infraction_choices(),
        "kinds": Penalty.Kind.choices,
        "values": {k: str(v) for k, v in values.items()},
        "errors": errors or [],
    }


PREFILL = {"penalty_player": "player", "penalty_infraction": "infraction", "penalty_note": "note"}


def judge_match(request, pk: int, match_id: int):
    """One match as its judges see it: the players, the score, its penalties and log, and the
    penalty panel. `?penalty_player=<registration id>&penalty_infraction=<code>&penalty_note=`
    fills the panel in (the contract other judge pages link with; docs/tournaments.md)."""
    tournament, match = event_match(pk, match_id)
    if not permissions.is_judge(tournament, request.user):
        return refused(request, tournament, _not_judge())
    values = {field: request.GET[param] for param, field in PREFILL.items() if param in request.GET}
    return _judge_match_page(request, tournament, match, values=values)


def _judge_match_page(
    request, tournament, match, *, values, errors=None, status=200, correction=None
):
    return render(
        request,
        "tournaments/judge_match.html",
        {
            "tournament": tournament,
            "match": match,
            "view": selectors.match_view(match, request.user),
            "penalties": selectors.penalty_rows(tournament, request.user, match=match),
            "log_entries": [
                selectors.override_entry(o, penalties_shown=_sees_penalties(tournament, request))
                for o in selectors.override_log(tournament=tournament).filter(match=match)
            ],
            "prefilled": bool(values) and not errors,
            "panel": _panel(
                action=reverse("tournaments:judge-match-penalty", args=[tournament.pk, match.pk]),
                players=[
                    {"id": p.pk, "match": match, "label": p.name}
                    for p in (match.player_a, match.player_b)
                    if p is not None
                ],
                values=values,
                errors=errors,
            ),
            "correction": _correction_panel(tournament, match, **(correction or {})),
        },
        status=status,
    )


def _correction_panel(tournament, match, *, values=None, errors=None) -> dict:
    """The form that corrects a confirmed Swiss result (a top-cut result is entered again from
    the judge queue while the bracket allows; a bye has none), and the later rounds whose
    pairings stand."""
    return {
        "shown": match.status == Match.Status.CONFIRMED
        and match.player_b is not None
        and match.round.kind == Round.Kind.SWISS,
        "action": reverse("tournaments:judge-match-correction", args=[tournament.pk, match.pk]),
        "later_round": selectors.later_round_paired(match),
        "values": values
        or {"a_wins": match.a_wins, "b_wins": match.b_wins, "draws": match.draws or 0},
        "errors": errors or [],
    }


CORRECTION_FIELDS = ("a_wins", "b_wins", "draws", "reason")


@require_POST
def judge_match_correction(request, pk: int, match_id: int):
    """Correct the match's confirmed result, with a reason, after a confirmation page (it
    changes the standings of a round that may be over, and later pairings stand)."""
    tournament, match = event_match(pk, match_id)
    if not permissions.is_judge(tournament, request.user):
        return refused(
            request,
            tournament,
            Forbidden(
                "Only the event's judges and its organizer can correct a result.",
                code="not_judge",
            ),
        )
    form = forms.CorrectionForm(request.POST)
    values = {k: form.data.get(k, "") for k in CORRECTION_FIELDS}

    def again(errors: list[str], status: int):
        return _judge_match_page(
            request,
            tournament,
            match,
            values={},
            status=status,
            correction={"values": values, "errors": errors},
        )

    if not form.is_valid():
        return again(
            [
                f"{form.fields[f].label}: {' '.join(str(m) for m in e)}"
                for f, e in form.errors.items()
            ],
            400,
        )
    data = form.cleaned_data
    before = f"{match.a_wins}-{match.b_wins}-{match.draws or 0}"
    after = f"{data['a_wins']}-{data['b_wins']}-{data['draws']}"
    where = f"round {match.round.number} table {match.table}"
    later = selectors.later_round_paired(match)
    if not confirmed(request):
        return confirm_page(
            request,
            tournament,
            title=f"Correct the result of {where}?",
            does=f"The result of {where} becomes {after} (it is {before} now), for this reason: "
            f"{data['reason'] or '(none given: a reason is required)'}. The standings and "
            "tiebreakers change at once"
            + (
                f". Pairings already made stand: round {later} was paired after this round, "
                "and nobody is paired again."
                if later
                else "."
            )
            + " The correction is in the judge log and the export, and the public standings "
            "mark it.",
            undo="a judge can correct the result again, with a reason; both corrections stay "
            "in the log.",
            undoable=True,
            button="Yes, correct the result",
            cancel="No, go back to the match",
            back=judge_match_url(tournament, match),
            carry=values,
        )
    try:
        services.match_result_correct(
            match=match,
            actor=request.user,
            a_wins=data["a_wins"],
            b_wins=data["b_wins"],
            draws=data["draws"],
            reason=data["reason"],
        )
    except (Forbidden, NotFound) as exc:
        return refused(request, tournament, exc)
    except Refusal as exc:
        return again([exc.detail], exc.status_code)
    messages.success(
        request,
        f"Corrected and logged: {where} is now {after} (was {before}). The standings changed "
        "at once" + (f"; the pairings made since (up to round {later}) stand." if later else "."),
    )
    return redirect(judge_match_url(tournament, match))


def _sees_penalties(tournament: Tournament, request) -> bool:
    """Whether the judge sees every penalty in the log: not when they play in the event, where
    they see only their own (selectors.penalty_rows)."""
    return not permissions.is_player(tournament, request.user)


def _not_judge() -> Forbidden:
    return Forbidden(
        "Only the event's judges and its organizer can give penalties.", code="not_judge"
    )


@require_POST
def judge_match_penalty(request, pk: int, match_id: int):
    """The match judge view's penalty panel: give the penalty and come back to the match, or
    show the panel again, filled in as posted, with why it was refused."""
    tournament, match = event_match(pk, match_id)
    return _give_penalty(request, tournament, match)


@require_POST
def judge_penalty(request, pk: int):
    """The judge page's penalty panel: the player's match is their match of the latest round."""
    tournament = event(pk)
    if not permissions.is_judge(tournament, request.user):
        return refused(request, tournament, _not_judge())
    form = forms.PenaltyForm(request.POST)
    player = form.data.get("player", "")
    players = _round_players(selectors.round_with_progress(tournament=tournament))
    match = next((p["match"] for p in players if str(p["id"]) == player), None)
    if match is None:
        messages.error(request, "Choose a player of the current round.")
        return redirect(judge_url(tournament))
    return _give_penalty(request, tournament, match)


def _give_penalty(request, tournament: Tournament, match: Match):
    form = forms.PenaltyForm(request.POST)
    values = {
        k: form.data.get(k, "") for k in ("player", "infraction", "penalty", "reason", "note")
    }
    if not form.is_valid():
        errors = [
            f"{form.fields[f].label}: {' '.join(str(m) for m in e)}" for f, e in form.errors.items()
        ]
        return _refused_penalty(request, tournament, match, values, errors, 400)
    data = form.cleaned_data
    if form.kind() == Penalty.Kind.DISQUALIFICATION and not confirmed(request):
        if not permissions.is_judge(tournament, request.user):
            return refused(request, tournament, _not_judge())
        return confirm_page(
            request,
            tournament,
            title="Disqualify this player?",
            does="The player is disqualified: they lose this match unless its result is "
            "already confirmed, they are dropped from the rounds to come, and the penalty is "
            "logged and shown to them.",
            undo="a disqualification stands; a judge can only log a correction beside it.",
            undoable=False,
            button="Yes, disqualify",
            cancel="No, go back to the match",
            back=judge_match_url(tournament, match),
            carry=values,
        )
    try:
        penalty = services.penalty_give(
            match=match,
            actor=request.user,
            registration_id=data["player"],
            kind=form.kind(),
            code=data["infraction"],
            reason=data["reason"],
            note=data["note"],
        )
    except (Forbidden, NotFound) as exc:
        return refused(request, tournament, exc)
    except Refusal as exc:
        return _refused_penalty(request, tournament, match, values, [exc.detail], exc.status_code)
    row = selectors.penalty_row(penalty)
    messages.success(
        request,
        f"Given and logged: {row['words']}. {row['player']} sees it on their match page.",
    )
    return redirect(judge_match_url(tournament, match))


def _refused_penalty(request, tournament, match, values, errors, status):
    """A refused penalty: nothing was written; the match's panel shows it again with why."""
    if not permissions.is_judge(tournament, request.user):
        return refused(request, tournament, _not_judge())
    return _judge_match_page(
        request, tournament, match, values=values, errors=errors, status=status
    )
