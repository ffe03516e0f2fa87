"""The printable match slips of a round: one per table, for the players to sign the result
on (routed by tournaments.slip_urls, under /tournaments/).
"""

from django.http import Http404
from django.shortcuts import render

from genesis.errors import Forbidden

from .. import permissions, selectors
from .common import event, refused, round_name


def match_slips(request, pk: int, number: int):
    """One slip per table of round `number`, to print: the players sign the result on it."""
    tournament = event(pk)
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
