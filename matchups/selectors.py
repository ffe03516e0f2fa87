"""Reads of the matchup lab (docs/matchups.md): a user's jobs, and what a job looks like to its
owner, in one shape for the API and the pages.

A job is visible to the user who started it, and to nobody else: its opponents may be that
user's private decks, and its replays show them card by card.
"""

from django.db.models import Prefetch, QuerySet
from django.urls import reverse

from decks.models import Deck

from .core import lab as core
from .models import Matchup, MatchupChunk, MatchupGame


def matchup_visible(*, user) -> QuerySet[Matchup]:
    if not user.is_authenticated:
        return Matchup.objects.none()
    return Matchup.objects.filter(owner=user).select_related("deck", "opponent_deck")


def matchup_get(*, pk: int, user) -> Matchup:
    """A job by id, or Matchup.DoesNotExist if it is missing or someone else's (the two look
    the same)."""
    return (
        matchup_visible(user=user)
        .prefetch_related(
            Prefetch("chunks", MatchupChunk.objects.order_by("index")),
            Prefetch("kept_games", MatchupGame.objects.order_by("number").defer("log")),
        )
        .get(pk=pk)
    )


def matchup_list_for_deck(*, deck: Deck, user, limit: int = 10) -> list[Matchup]:
    """The user's latest jobs for a deck, newest first, with their chunks (for the results)."""
    return list(
        matchup_visible(user=user)
        .filter(deck=deck)
        .prefetch_related(Prefetch("chunks", MatchupChunk.objects.order_by("index")))[:limit]
    )


def matchup_game_get(*, matchup: Matchup, number: int) -> MatchupGame:
    return MatchupGame.objects.get(matchup=matchup, number=number)


def opponent_label(matchup: Matchup) -> str:
    if matchup.opponent_kind == Matchup.Opponent.FIELD:
        return f"the field ({len(matchup.opponents)} decks)"
    return str(matchup.opponents[0]["label"])


def matchup_report(matchup: Matchup, *, with_replays: bool = True) -> dict:
    """Where a job stands and its numbers so far (all of them once it is done). Needs its
    chunks prefetched (and its kept games, with `with_replays`)."""
    total = core.combine(core.Tally.from_json(chunk.tally) for chunk in matchup.chunks.all())
    summary = core.summarize(total)
    replays = []
    if with_replays and matchup.status == Matchup.Status.DONE:
        replays = [
            {
                "game": game.number + 1,
                "opponent": game.opponent,
                "result": "win" if game.winner == "a" else "loss" if game.winner else "draw",
                "reason": game.reason,
                "rounds": game.rounds,
                "url": reverse("matchups:matchup-replay", args=[matchup.pk, game.number + 1]),
            }
            for game in matchup.kept_games.all()
        ]
    return {
        "id": matchup.pk,
        "status": matchup.status,
        "status_label": matchup.get_status_display(),
        "error": matchup.error,
        "deck": {
            "key": matchup.deck.key,
            "name": matchup.deck.name,
            "version": matchup.deck_version,
        },
        "opponent": {
            "kind": matchup.opponent_kind,
            "label": opponent_label(matchup),
            "decks": [
                {"label": entry["label"], "key": entry["key"], "version": entry["version"]}
                for entry in matchup.opponents
            ],
        },
        "bot": matchup.bot,
        "seed": matchup.seed,
        "engine_version": matchup.engine_version,
        "done": total.games,
        "total": matchup.games,
        "percent": round(100 * total.games / matchup.games),
        "wins": summary.wins,
        "losses": summary.losses,
        "draws": summary.draws,
        "win_rate": summary.win_rate,
        "ci95": list(summary.ci95) if summary.ci95 is not None else None,
        "average_rounds": summary.average_rounds,
        "endings": summary.endings,
        "replays": replays,
        "url": reverse("matchups:matchup-detail", args=[matchup.pk]),
        "created_at": matchup.created_at,
        "finished_at": matchup.finished_at,
    }


def field_has_decks(*, deck: Deck) -> bool:
    """Whether "the field" (every other public legal deck of the deck's format) has any deck to
    offer, so the panel offers it only then. (A deck of the field the engine cannot play still
    sits a test out: services.matchup_start says so if that leaves none.)"""
    return (
        Deck.objects.filter(visibility=Deck.Visibility.PUBLIC, legal=True, format=deck.format)
        .exclude(pk=deck.pk)
        .exists()
    )
