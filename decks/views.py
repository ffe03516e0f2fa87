"""Pages of the card index (search grid, a card's page) and of timelines: the deck list, a
deck's page with its history, and the deck builder with live validation over htmx."""

import json
from collections import Counter

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from genesis.errors import Forbidden, Refusal
from rules import odds
from rules.awareness import Awareness
from rules.decklist import (
    CARD_SECTIONS,
    Decklist,
    decklist_from_json,
    decklist_to_json,
    format_decklist,
    name_key,
    parse_decklist,
)
from rules.formats import DEFAULT_FORMAT, FORMATS, get_format

from . import forms, selectors, services
from .models import Card, Deck
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


# --- timelines: the deck list, a deck's page, and the deck builder -------------------------------

DECKS_PER_PAGE = 20
SEARCH_RESULTS = 40
DRAFT_KEY = "decks:builder-draft"  # an unsaved deck kept across the log-in a save asks for
CHI_BUCKETS = 8  # the Chi curve's last column is "8+"
TYPE_ORDER = ("summon", "spell", "technique", "alteration", "enchantment", "champion")


def deck_list(request):
    query = request.GET.get("q", "").strip()[:100]
    public = selectors.deck_list(user=request.user, query=query)
    mine = None
    if request.user.is_authenticated:
        mine = Paginator(
            selectors.deck_list(user=request.user, mine=True, query=query), DECKS_PER_PAGE
        ).get_page(request.GET.get("mine_page"))
    return render(
        request,
        "decks/deck_list.html",
        {
            "query": query,
            "public": Paginator(public, DECKS_PER_PAGE).get_page(request.GET.get("page")),
            "mine": mine,
        },
    )


def deck_detail(request, key: str):
    deck = _visible_deck(request, key)
    decklist = decklist_from_json(deck.decklist)
    return render(
        request,
        "decks/deck_detail.html",
        {
            "deck": deck,
            "is_owner": _is_owner(request, deck),
            "versions": selectors.deck_versions(deck=deck),
            "text": format_decklist(decklist),
            **deck_panels(decklist, deck.format, request.GET.get("odds", "")),
        },
    )


def deck_diff(request, key: str, old: int, new: int):
    deck = _visible_deck(request, key)
    try:
        changes = services.deck_diff(deck=deck, old=old, new=new)
    except Refusal as exc:
        return refused(request, exc)
    for change in changes:
        delta = change["delta"]
        change["shown"] = f"+{delta}" if delta > 0 else f"−{-delta}"
    return render(
        request, "decks/deck_diff.html", {"deck": deck, "old": old, "new": new, "changes": changes}
    )


def deck_delete(request, key: str):
    deck = _visible_deck(request, key)
    if request.method == "POST":
        try:
            services.deck_delete(deck=deck, actor=request.user)
        except Refusal as exc:
            return refused(request, exc)
        messages.success(request, f"Deleted {deck.name}.")
        return redirect("decks:deck-list")
    try:
        services.deck_require_owner(deck=deck, actor=request.user)
    except Forbidden as exc:
        return refused(request, exc)
    return render(request, "decks/deck_delete.html", {"deck": deck})


@require_POST
def deck_clone(request, key: str):
    deck = _visible_deck(request, key)
    if not request.user.is_authenticated:
        return redirect_to_login(deck_url(deck))
    try:
        copy = services.deck_clone(deck=deck, actor=request.user)
    except Refusal as exc:
        return refused(request, exc)
    messages.success(request, f"Cloned into your decks as {copy.name}; it is private.")
    return redirect(deck_url(copy))


def deck_new(request):
    return deck_builder(request, deck=None)


def deck_edit(request, key: str):
    deck = _visible_deck(request, key)
    if not request.user.is_authenticated:
        return redirect_to_login(request.path)
    try:
        services.deck_require_owner(deck=deck, actor=request.user)
    except Forbidden as exc:
        return refused(request, exc)
    return deck_builder(request, deck=deck)


def deck_builder(request, deck: Deck | None):
    """The builder page. Every change posts here; htmx requests get the live part back."""
    save_error = ""
    if request.method == "POST":
        state = forms.read_builder(request.POST)
        form = forms.DeckForm(request.POST, live_url=request.path)
        if state.op == forms.OP_SAVE and not state.problem:
            if form.is_valid():
                try:
                    saved = _save(request, deck, form.cleaned_data, state.decklist)
                except Forbidden as exc:
                    if exc.code != "not_authenticated":
                        return refused(request, exc)
                    request.session[DRAFT_KEY] = {
                        "decklist": format_decklist(state.decklist),
                        **form.cleaned_data,
                    }
                    messages.info(request, "Log in to save your deck; it will be kept for you.")
                    return _redirect(request, f"{reverse('login')}?next={request.path}")
                except Refusal as exc:
                    save_error = exc.detail
                else:
                    messages.success(request, f"Saved {saved.name}, version {saved.version}.")
                    return _redirect(request, deck_url(saved))
            else:
                save_error = "The deck was not saved: check the fields below."
    else:
        draft = request.session.pop(DRAFT_KEY, None) if deck is None else None
        form = forms.DeckForm.for_deck(deck, draft, live_url=request.path)
        text = draft["decklist"] if draft else ""
        decklist = decklist_from_json(deck.decklist) if deck else parse_decklist(text)
        state = forms.BuilderInput(decklist)
        if draft:
            state.notes.append("Your unsaved deck is back: save it now that you are logged in.")
    context = {
        "deck": deck,
        "form": form,
        "state": state,
        "save_error": save_error,
        "paste": "" if state.loaded else request.POST.get("paste", ""),
        **builder_exports(state.decklist),
        **deck_panels(state.decklist, form.format_slug(), state.odds_card),
    }
    if request.headers.get("HX-Request") == "true":
        return render(request, "decks/_builder_live.html", {**context, "swap": True})
    context.update(builder_results(""))
    return render(request, "decks/builder.html", context)


def builder_search(request):
    """The builder's search results: a partial for htmx (the card search language)."""
    query = request.GET.get("q", "").strip()
    try:
        results = builder_results(query)
    except QueryError as exc:
        results = {"query": query, "error": exc}
    return render(request, "decks/_builder_results.html", {**results, "swap": True})


# --- helpers of the deck pages -----------------------------------------------------------------


def _visible_deck(request, key: str) -> Deck:
    try:
        return selectors.deck_get(key=key, user=request.user)
    except Deck.DoesNotExist:
        raise Http404("No deck with that key is visible to you.") from None


def _is_owner(request, deck: Deck) -> bool:
    return request.user.is_authenticated and deck.owner_id == request.user.pk


def deck_url(deck: Deck) -> str:
    return reverse("decks:deck-detail", args=[deck.key])


def refused(request, exc: Refusal):
    """A service's refusal as a page: its plain-English detail, with its status code."""
    return render(request, "decks/refused.html", {"refusal": exc}, status=exc.status_code)


def _redirect(request, url: str) -> HttpResponse:
    if request.headers.get("HX-Request") == "true":
        # htmx follows this with a full page load, not a swap of the builder.
        return HttpResponse(headers={"HX-Redirect": url})
    return redirect(url)


def _save(request, deck: Deck | None, fields: dict, decklist: Decklist) -> Deck:
    values = {
        "name": fields["name"],
        "description": fields["description"],
        "visibility": fields["visibility"],
        "format_slug": fields["format"],
        "decklist": decklist,
    }
    if deck is None:
        return services.deck_create(owner=request.user, **values)
    return services.deck_update(deck=deck, actor=request.user, **values)


def builder_results(query: str) -> dict:
    """Cards for the builder's search; with no query, the champions to choose from."""
    cards = selectors.card_search(query=query or "t:champion")
    return {
        "query": query,
        "cards": cards[:SEARCH_RESULTS],
        "total": cards.count(),
        "limit": SEARCH_RESULTS,
    }


def builder_exports(decklist: Decklist) -> dict:
    text = format_decklist(decklist)
    return {"text": text, "json_text": json.dumps(decklist_to_json(decklist), indent=2)}


def deck_panels(decklist: Decklist, format_slug: str, odds_card: str = "") -> dict:
    """What the deck panels show: rows per section with the violations that name their cards,
    the validation with totals against the format's caps, the charts and the draw odds."""
    fmt = get_format(format_slug if format_slug in FORMATS else DEFAULT_FORMAT.slug)
    validation = services.deck_validate(decklist=decklist, format_slug=fmt.slug).as_dict()
    cards = selectors.card_index()
    problems = [{**v, "level": "error"} for v in validation["errors"]] + [
        {**v, "level": "warning"} for v in validation["warnings"]
    ]
    for problem in problems:
        problem["keys"] = {name_key(name) for name in problem["cards"]}
    totals = validation["totals"]
    chi = {"timeline": totals["timeline_chi"], "forethoughts": totals["forethoughts_chi"]}
    sections = [
        _section(section, decklist.entries(section), cards, problems, chi.get(section.value))
        for section in CARD_SECTIONS
    ]
    champion = cards.get(name_key(decklist.champion)) if decklist.champion else None
    champion_problems = [p for p in problems if p["section"] == "champion"]
    for problem in champion_problems:
        problem["anchor"] = "champion-picker"
        problem["replace"] = f"{forms.OP_REPLACE}:champion:0:"
    timeline = sections[0]["rows"]
    return {
        "format": fmt,
        "validation": validation,
        "errors": [p for p in problems if p["level"] == "error"],
        "warnings": [p for p in problems if p["level"] == "warning"],
        "sections": sections,
        "champion": {
            "name": decklist.champion or "",
            "card": champion,
            "affiliations": sorted(champion.affiliations) if champion else [],
            "problems": champion_problems,
        },
        "champion_choices": sorted(c.name for c in cards.values() if c.is_champion),
        "totals": [
            _total(
                "Timeline cards",
                "cards",
                totals["timeline_cards"],
                fmt.timeline_size,
                fmt.size_is_legal(totals["timeline_cards"]),
                fmt.timeline_size_rule.words,
            ),
            _total("Timeline Chi", "Chi", totals["timeline_chi"], fmt.chi_cap),
            _total(
                "Forethoughts Chi",
                "forethoughts Chi",
                totals["forethoughts_chi"],
                fmt.forethoughts_chi_cap,
            ),
        ],
        "curve": chi_curve(timeline),
        "types": type_counts(timeline),
        **draw_odds(timeline, totals["timeline_cards"], odds_card),
    }


def _section(section, entries, cards, problems: list[dict], chi: int | None) -> dict:
    """One section's rows. A violation naming a card is shown on that card's row (and links
    there from the validation panel); one naming no card is shown under the section's title."""
    rows = []
    for index, entry in enumerate(entries):
        key = name_key(entry.name)
        card = cards.get(key)
        row = {
            "index": index,
            "id": f"{section.value}-{index}",
            "count": entry.count,
            "name": entry.name,
            "card": card,
            "type": card.type.value if card else "",
            "search": 'name:"{}"'.format(entry.name.replace('"', "")),
            "problems": [p for p in problems if p["section"] == section and key in p["keys"]],
        }
        for problem in row["problems"]:
            problem.setdefault("anchor", f"row-{row['id']}")
            problem["replace"] = f"{forms.OP_REPLACE}:{section.value}:{index}:"
        rows.append(row)
    general = [p for p in problems if p["section"] == section and not p["cards"]]
    for problem in general:
        problem["anchor"] = f"section-{section.value}"
    return {
        "key": section.value,
        "title": section.value.capitalize(),
        "rows": rows,
        "cards": sum(row["count"] for row in rows),
        "chi": chi,
        "problems": general,
    }


def _total(label, short, value: int, cap: int, ok: bool | None = None, words="at most") -> dict:
    return {
        "label": label,
        "short": short,
        "value": value,
        "cap": cap,
        "ok": value <= cap if ok is None else ok,
        "rule": f"{words} {cap}",
        "percent": min(100, round(100 * value / cap)) if cap else 0,
    }


def chi_curve(rows: list[dict]) -> list[dict]:
    """Timeline cards per Chi value, 0 (or 1) to 8+, then cards whose Chi is not known."""
    counts = Counter()
    for row in rows:
        chi = row["card"].chi if row["card"] else None
        counts[min(chi, CHI_BUCKETS) if chi is not None else None] += row["count"]
    first = 0 if counts[0] else 1
    buckets = [
        (str(chi) + ("+" if chi == CHI_BUCKETS else ""), counts[chi])
        for chi in range(first, CHI_BUCKETS + 1)
    ]
    if counts[None]:
        buckets.append(("?", counts[None]))
    return _bars(buckets)


def type_counts(rows: list[dict]) -> list[dict]:
    counts = Counter()
    for row in rows:
        counts[row["type"] or "unknown"] += row["count"]
    order = [t for t in TYPE_ORDER if counts[t]] + (["unknown"] if counts["unknown"] else [])
    return _bars([(kind, counts[kind]) for kind in order])


def _bars(pairs: list[tuple[str, int]]) -> list[dict]:
    top = max([count for _, count in pairs] + [1])
    return [
        {"label": label, "count": count, "percent": round(100 * count / top)}
        for label, count in pairs
    ]


def draw_odds(rows: list[dict], deck_size: int, chosen: str) -> dict:
    """The draw-odds table for the chosen timeline card (by default the first one)."""
    if not rows or not deck_size:
        return {"odds": None}
    by_key = {name_key(row["name"]): row for row in rows}
    row = by_key.get(name_key(chosen), rows[0])
    return {
        "odds": {
            "name": row["name"],
            "copies": row["count"],
            "deck_size": deck_size,
            "table": odds.draw_table(row["count"], deck_size),
        },
        "odds_choices": [(r["name"], r["count"]) for r in rows],
    }
