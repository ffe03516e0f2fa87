"""Pages of the matchup lab (docs/matchups.md): start a job from a deck's page, follow it (a
progress bar that htmx polls until the job ends), cancel it, and replay its kept games with
the same board as the automated events' replays."""

import re

from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from decks import selectors as deck_selectors
from decks.models import Deck
from genesis.errors import Refusal
from rules.core.engine import LogVersionError
from rules.replays import replay_position

from . import selectors, services
from .models import Matchup, MatchupGame


def _job(request, pk: int) -> Matchup:
    try:
        return selectors.matchup_get(pk=pk, user=request.user)
    except Matchup.DoesNotExist:
        raise Http404("You have no matchup with that id.") from None


def _choice(request) -> services.OpponentChoice:
    """The form's opponent: a deck key typed in wins over the list's choice ("deck:<key>",
    "sample:<slug>" or "field")."""
    typed = request.POST.get("opponent_key", "").strip()[:40]
    if typed:
        return services.OpponentChoice(deck=typed)
    kind, _, value = request.POST.get("opponent", "").partition(":")
    if kind == "deck" and value:
        return services.OpponentChoice(deck=value[:40])
    if kind == "sample" and value:
        return services.OpponentChoice(sample=value[:120])
    if kind == "field":
        return services.OpponentChoice(field=True)
    return services.OpponentChoice()


@require_POST
def matchup_start(request, key: str):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    try:
        deck = deck_selectors.deck_get(key=key, user=request.user)
    except Deck.DoesNotExist:
        raise Http404("No deck with that key is visible to you.") from None
    games = request.POST.get("games", "")
    try:
        job, _ = services.matchup_start(
            deck=deck,
            actor=request.user,
            opponent=_choice(request),
            games=int(games) if re.fullmatch(r"[0-9]{1,6}", games) else 0,
            bot=request.POST.get("bot", Matchup.Bot.HEURISTIC),
        )
    except Refusal as refusal:
        return render(
            request,
            "matchups/matchup_refused.html",
            {"refusal": refusal, "deck": deck},
            status=refusal.status_code,
        )
    return redirect("matchups:matchup-detail", pk=job.pk)


def matchup_detail(request, pk: int):
    """The job's page; htmx asks for the progress panel alone every second while it runs."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    job = _job(request, pk)
    context = {"job": job, "report": selectors.matchup_report(job)}
    if request.headers.get("HX-Request") == "true":
        return render(request, "matchups/_matchup_progress.html", context)
    return render(request, "matchups/matchup.html", context)


@require_POST
def matchup_cancel(request, pk: int):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    job = _job(request, pk)
    try:
        services.matchup_cancel(matchup=job, actor=request.user)
    except Refusal as refusal:
        return render(
            request,
            "matchups/matchup_refused.html",
            {"refusal": refusal, "deck": job.deck},
            status=refusal.status_code,
        )
    return redirect("matchups:matchup-detail", pk=job.pk)


def matchup_replay(request, pk: int, number: int):
    """A kept game of a job, step by step (`?step=N`), on the automated events' replay board."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    job = _job(request, pk)
    try:
        game = selectors.matchup_game_get(matchup=job, number=number - 1)
    except MatchupGame.DoesNotExist:
        raise Http404(f"Game {number} of this matchup was not kept for replay.") from None
    context = {"job": job, "game": game, "number": number}
    try:
        context["view"] = replay_position(
            log=game.log,
            actions=game.actions,
            step=request.GET.get("step", "0"),
            cards=deck_selectors.card_index(),
        )
    except LogVersionError as refused:
        # Recorded before a change of the engine's rules (docs/engine.md, The game log).
        return render(
            request,
            "matchups/matchup_replay.html",
            {**context, "reason": str(refused)},
            status=410,
        )
    return render(request, "matchups/matchup_replay.html", context)
