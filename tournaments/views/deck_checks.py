"""Deck checks from the judge page: start checks of chosen or random tables of the current round,
and end one as OK or as a discrepancy. A discrepancy sends the judge to the match's judge view
with its penalty panel filled in (the player at fault, IPG 3.5 Deck Problem and the note).
The judge page itself lists the running checks with both decklists (tournaments.views.judging).
"""

from urllib.parse import urlencode

from django.contrib import messages
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from .. import forms
from ..models import DeckCheck, Tournament
from ..selectors.deck_checks import deck_check_rows
from ..services.deck_checks import DECK_PROBLEM, deck_check_end, deck_checks_start
from .common import act, event, judge_match_url, judge_url


def deck_checks_panel(tournament: Tournament, user) -> dict:
    """What the judge page shows of deck checks: the running ones (with both decklists when the
    viewer may see them) and the last ended ones."""
    rows = deck_check_rows(tournament=tournament, user=user)
    return {
        "running": [r for r in rows if r["state"] == "running"],
        "ended": [r for r in rows if r["state"] == "ended"][:20],
    }


def penalty_panel_url(tournament: Tournament, check: DeckCheck) -> str:
    """The match's judge view with its penalty panel filled in for the player whose deck did
    not match (the penalty panel's prefill: docs/tournaments.md, Penalties)."""
    query = urlencode(
        {
            "penalty_player": check.player_id,
            "penalty_infraction": DECK_PROBLEM,
            "penalty_note": check.note or f"Deck check at table {check.match.table}",
        }
    )
    return f"{judge_match_url(tournament, check.match)}?{query}"


@require_POST
def judge_deck_checks_start(request, pk: int):
    tournament = event(pk)
    form = forms.DeckChecksStartForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
        return redirect(f"{judge_url(tournament)}#deck-checks-title")
    data = form.cleaned_data

    def done(checks: list[DeckCheck]) -> str:
        if not checks:
            return "No table is free for a deck check."
        tables = ", ".join(str(c.match.table) for c in checks)
        return f"Deck check started at table{'s' if len(checks) > 1 else ''} {tables}."

    return act(
        request,
        tournament,
        lambda: deck_checks_start(
            tournament=tournament,
            actor=request.user,
            round_number=data["round"],
            tables=data["tables"],
            random_count=data["random"],
        ),
        done,
        to=f"{judge_url(tournament)}#deck-checks-title",
    )


@require_POST
def judge_deck_check_end(request, pk: int, check_id: int):
    tournament = event(pk)
    form = forms.DeckCheckEndForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Say whether the decks matched; a note is up to 500 characters.")
        return redirect(f"{judge_url(tournament)}#deck-checks-title")
    data = form.cleaned_data
    ended: list[DeckCheck] = []

    def end() -> DeckCheck:
        check = deck_check_end(
            tournament=tournament,
            actor=request.user,
            check_id=check_id,
            outcome=data["outcome"],
            note=data["note"],
            player_id=data["player"],
        )
        ended.append(check)
        return check

    def done(check: DeckCheck) -> str:
        added = f"; {check.minutes_added} minutes added to the match" if check.minutes_added else ""
        if check.outcome == DeckCheck.Outcome.DISCREPANCY:
            return f"Table {check.match.table}: discrepancy recorded{added}. Give the penalty."
        return f"Table {check.match.table}: the decks match{added}."

    response = act(request, tournament, end, done, to=f"{judge_url(tournament)}#deck-checks-title")
    if ended and ended[0].outcome == DeckCheck.Outcome.DISCREPANCY:
        return redirect(penalty_panel_url(tournament, ended[0]))
    return response
