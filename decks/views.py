"""Pages of the card index: search with a results grid, and a card's own page."""

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render

from rules.awareness import Awareness

from . import selectors
from .models import Card
from .query import QueryError

PAGE_SIZE = 60


def card_search(request):
    query = request.GET.get("q", "").strip()
    error = None
    page = None
    try:
        cards = selectors.card_search(query=query)
        page = Paginator(cards, PAGE_SIZE).get_page(request.GET.get("page"))
    except QueryError as exc:
        error = exc
    return render(
        request,
        "decks/card_search.html",
        {
            "query": query,
            "page": page,
            "error": error,
            "affiliations": selectors.affiliation_list(),
            "types": Card.Type.choices,
        },
        status=400 if error else 200,
    )


def card_detail(request, pk: int):
    try:
        card = selectors.card_detail(card_id=pk)
    except Card.DoesNotExist:
        raise Http404("No card has that id.") from None
    awareness = Awareness.from_json(card.awareness)
    return render(
        request,
        "decks/card_detail.html",
        {"card": card, "awareness_grid": awareness_grid(awareness)},
    )


def awareness_grid(awareness: Awareness | None) -> list[list[str]] | None:
    """Rows of cells ("origin", "seen", "unseen") for drawing, top row = forward."""
    if awareness is None or awareness.unbounded:
        return None
    radius_x = max([1, *(abs(dx) for dx, _ in awareness.offsets)])
    forward = max([1, *(dy for _, dy in awareness.offsets)])
    back = max([1, *(-dy for _, dy in awareness.offsets)])
    return [
        [
            "origin"
            if (dx, dy) == (0, 0)
            else "seen"
            if (dx, dy) in awareness.offsets
            else "unseen"
            for dx in range(-radius_x, radius_x + 1)
        ]
        for dy in range(forward, -back - 1, -1)
    ]
