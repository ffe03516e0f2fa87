"""Pages of the card index (search grid, a card's page) and of timelines: the deck list, a
deck's page with its history, and the deck builder with live validation over htmx."""

import re
import secrets
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from genesis.errors import Forbidden, Refusal
from rules.core.awareness import Awareness
from rules.core.cards import name_key
from rules.core.decklist import (
    Decklist,
    Section,
    decklist_from_json,
    format_decklist,
    home_section,
    parse_decklist,
)
from rules.core.formats import formats_of, get_format
from rules.core.games import GAMES, GENESIS, get_game
from rules.core.timeline import legality

from . import forms, selectors, services
from .core import hands
from .core.compare import compare_decklists
from .core.faces import awareness_grid
from .core.query import QueryError
from .models import Card, Deck
from .pages import builder_exports, builder_results, deck_panels, group_odds

PAGE_SIZE = 60
# docs/search.md, Display modes: a grid of card tiles, or a text list with each card's fields.
DISPLAYS = ("grid", "text")


def card_search(request):
    query = request.GET.get("q", "").strip()
    display = request.GET.get("display", "")
    display = display if display in DISPLAYS else DISPLAYS[0]
    error = None
    page = None
    try:
        cards = selectors.card_search(query=query, abilities=display == "text")
        page = Paginator(cards, PAGE_SIZE).get_page(request.GET.get("page"))
    except QueryError as exc:
        error = exc
    return render(
        request,
        "decks/card_search.html",
        {
            "query": query,
            "display": display,
            "displays": DISPLAYS,
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
    # Legality per format is Genesis's (affiliations, sets); another game's card page lists none.
    legal_in = []
    game_facts = None
    if card.game == GENESIS.slug:
        value = selectors.card_value(card)
        legal_in = [(fmt, legality(value, fmt)) for fmt in formats_of(GENESIS.slug)]
    else:
        facts = selectors.game_card_value(card)
        game_facts = {
            "classes": facts.classes,
            "supertypes": sorted(facts.supertypes),
            "keywords": selectors.index_values(card.keyword_index),
            "section": _SECTION_WORDS[home_section(facts)],
        }
    # "Add to a deck" offers the user's decks of the card's game.
    my_decks = (
        selectors.deck_list(user=request.user, mine=True, game=card.game)
        if request.user.is_authenticated
        else None
    )
    return render(
        request,
        "decks/card_detail.html",
        {
            "card": card,
            "game": get_game(card.game),
            "game_facts": game_facts,
            "awareness_grid": awareness_grid(awareness),
            "legal_in": legal_in,
            "my_decks": my_decks,
            "added": request.GET.get("added", ""),
        },
    )


@require_POST
def card_add_to_deck(request, pk: int):
    """The card page's "add to deck": one copy into the chosen deck of the user's own."""
    try:
        card = selectors.card_detail(card_id=pk)
    except Card.DoesNotExist:
        raise Http404("No card has that id.") from None
    card_url = reverse("decks:card-detail", args=[card.pk])
    if not request.user.is_authenticated:
        return redirect_to_login(card_url)
    deck = _visible_deck(request, request.POST.get("deck", ""))
    try:
        deck = services.deck_card_add(deck=deck, actor=request.user, card=card)
    except Refusal as exc:
        return refused(request, exc)
    if card.game == GENESIS.slug and card.type == Card.Type.CHAMPION:
        done = f"{card.name} is now the champion of {deck.name}"
    else:
        section = (
            Section.TIMELINE
            if card.game == GENESIS.slug
            else home_section(selectors.game_card_value(card))
        )
        copies = sum(
            e.count
            for e in decklist_from_json(deck.decklist).entries(section)
            if name_key(e.name) == card.name_key
        )
        done = f"Added 1 {card.name} to {deck.name}: {copies} in its {_SECTION_WORDS[section]} now"
    legal = "legal" if deck.legal else "not legal (its page says why)"
    messages.success(request, f"{done}. Saved as version {deck.version}; the deck is {legal}.")
    return redirect(f"{card_url}?added={deck.key}#add-to-deck")


# How the card page names a deck's sections.
_SECTION_WORDS = {
    Section.TIMELINE: "timeline",
    Section.MAIN: "main deck",
    Section.MATERIAL: "material deck",
    Section.SPELLBOOK: "spellbook",
}


# --- timelines: the deck list, a deck's page, and the deck builder -------------------------------

DECKS_PER_PAGE = 20
DRAFT_KEY = "decks:builder-draft"  # an unsaved deck kept across the log-in a save asks for


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
    hand_param = request.GET.get("hand", "")
    if hand_param == "new":
        # A new shuffle gets its own seed in the address, so the hand can be shared and drawn on.
        seed = secrets.randbelow(hands.MAX_SEED) + 1
        return redirect(f"{deck_url(deck)}?hand={seed}#sample-hand")
    hand = None
    if re.fullmatch(r"[0-9]{1,10}", hand_param) and int(hand_param) <= hands.MAX_SEED:
        draws = request.GET.get("draws", "0")
        rounds = int(draws) if re.fullmatch(r"[0-9]{1,3}", draws) else 0
        hand = hands.deal(decklist, int(hand_param), rounds)
    return render(
        request,
        "decks/deck_detail.html",
        {
            "deck": deck,
            "is_owner": _is_owner(request, deck),
            "versions": selectors.deck_versions(deck=deck),
            "text": format_decklist(decklist),
            "hand": hand,
            **deck_panels(decklist, deck.format, request.GET.get("odds", "")),
            **group_odds(decklist, request.GET.getlist("group"), request.GET.get("group_type", "")),
            "compare_choices": selectors.deck_compare_choices(user=request.user, exclude=deck),
        },
    )


def deck_group_odds(request, key: str):
    """The deck page's group draw odds alone: what its form fetches on every change."""
    deck = _visible_deck(request, key)
    context = group_odds(
        decklist_from_json(deck.decklist),
        request.GET.getlist("group"),
        request.GET.get("group_type", ""),
    )
    return render(request, "decks/_group_odds.html", {"deck": deck, **context})


# A deck named by its key, or by a link to its page (what the compare form's field takes).
_DECK_KEY = re.compile(r"(?:.*/decks/)?([A-Za-z0-9_-]{1,16})/?(?:[?#].*)?")


def deck_compare(request):
    """Two visible decks side by side: ?a=<key>&b=<key>. A deck chosen by pasting its link
    is redirected to that address, so the comparison itself can be shared."""
    a_key = request.GET.get("a", "").strip()
    b_key = request.GET.get("b", "").strip()
    if "link" in request.GET:
        # Sent by the compare form: a pasted link wins over the list, and either way the
        # comparison gets its short address.
        link = request.GET["link"].strip()
        match = _DECK_KEY.fullmatch(link)
        b_key = (match.group(1) if match else link) if link else b_key
        return redirect(f"{reverse('decks:deck-compare')}?{urlencode({'a': a_key, 'b': b_key})}")
    if not a_key:
        return refused(
            request,
            Refusal("Open a deck's page and choose Compare there.", code="no_deck_chosen"),
        )
    a = _visible_deck(request, a_key)
    game = get_game(get_format(a.format).game)
    context: dict = {
        "a": a,
        "game": game,
        "compare_choices": selectors.deck_compare_choices(user=request.user, exclude=a),
    }
    if b_key:
        try:
            b = selectors.deck_get(key=b_key, user=request.user)
        except Deck.DoesNotExist:
            context["error"] = "No deck with that key or link is visible to you."
            return render(request, "decks/deck_compare.html", context, status=404)
        other = get_game(get_format(b.format).game)
        if other != game:
            context["error"] = (
                f"{b.name} is a {other.name} deck and {a.name} a {game.name} one: decks are "
                "compared within one game, section by section."
            )
            return render(request, "decks/deck_compare.html", context, status=400)
        context.update(
            b=b,
            sides=[(a, "A"), (b, "B")],
            comparison=compare_decklists(
                decklist_from_json(a.decklist), decklist_from_json(b.decklist), game.slug
            ),
        )
    return render(request, "decks/deck_compare.html", context)


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
    if state.loaded and state.decklist.games and form.format_game() not in state.decklist.games:
        # A pasted list of another game switches the builder to that game's first format.
        form = forms.DeckForm(
            _with_format(request.POST, state.decklist.game), live_url=request.path
        )
        state.notes.append(
            f"The list is for {get_game(state.decklist.game).name}: the format is now "
            f"{form.chosen_format().name}."
        )
    context = {
        "deck": deck,
        "form": form,
        "state": state,
        "save_error": save_error,
        "paste": "" if state.loaded else request.POST.get("paste", ""),
        **builder_exports(state.decklist),
        **deck_panels(state.decklist, form.format_slug(), state.odds_card),
    }
    game = form.format_game()
    if request.headers.get("HX-Request") == "true":
        # The search is of the format's game: a change of game brings its own search panel.
        if request.POST.get("search_game", game) != game:
            context.update(builder_results("", game=game), search_swap=True)
        return render(request, "decks/_builder_live.html", {**context, "swap": True})
    context.update(builder_results("", game=game))
    return render(request, "decks/builder.html", context)


def _with_format(data, game: str):
    """The posted builder fields with the format set to `game`'s first."""
    data = data.copy()
    data["format"] = formats_of(game)[0].slug
    return data


def builder_search(request):
    """The builder's search results: a partial for htmx (the card search language), of the
    builder's format's game only."""
    query = request.GET.get("q", "").strip()
    # The champion chosen in the builder, and the "only legal cards" toggle (on by default).
    champion = request.GET.get("champion", "").strip()
    legal_only = request.GET.get("legal", "1") == "1"
    game = request.GET.get("game", GENESIS.slug)
    game = game if game in GAMES else GENESIS.slug
    try:
        results = builder_results(query, champion, legal_only, game=game)
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
