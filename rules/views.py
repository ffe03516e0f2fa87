"""Pages of the judges' rules lookup: search, documents and sections, keywords, rulings."""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import redirect, render

from genesis.errors import NotFound, Refusal

from . import selectors, services
from .card_index import CardRef, card_index
from .forms import RulingForm
from .models import Document, Game, Section


def rules_search(request):
    """The search page. `?game=<slug>` narrows to one game and is the game select's default;
    `?prefer=<slug>` ranks that game first without narrowing (a link from an event's or a
    deck's page carries its game so)."""
    query = request.GET.get("q", "").strip()
    document = request.GET.get("document", "").strip()
    game = request.GET.get("game", "").strip().lower()
    prefer = request.GET.get("prefer", "").strip().lower()
    results, error = [], None
    try:
        selectors.game_find(game)
        selectors.game_find(prefer)
    except Refusal as exc:
        error, game, prefer = exc.detail, "", ""
    if query and error is None:
        try:
            results = selectors.rules_search(
                query=query, document=document, game=game, prefer=prefer
            )
        except Refusal as exc:
            error = exc.detail
    return render(
        request,
        "rules/search.html",
        {
            "query": query,
            "document": document,
            "game": game,
            "prefer": prefer,
            "games": Game.choices,
            "documents": selectors.document_list(),
            "results": results,
            "error": error,
        },
        status=400 if error else 200,
    )


def document_detail(request, document: str):
    try:
        doc, sections = selectors.document_detail(slug=document)
    except NotFound as exc:
        raise Http404(exc.detail) from None
    return render(request, "rules/document.html", {"document": doc, "sections": sections})


def section_detail(request, document: str, anchor: str):
    try:
        page = selectors.section_detail(document_slug=document, anchor=anchor)
    except NotFound as exc:
        raise Http404(exc.detail) from None
    return render(
        request,
        "rules/section.html",
        {
            "page": page,
            "section": page.section,
            "document": page.section.document,
            "ancestors": selectors.section_ancestors(page.section),
            "is_ruling": page.section.document.kind == Document.Kind.RULINGS,
            "can_rule": services.is_judge(request.user),
        },
    )


def keyword_list(request):
    """Genesis keywords and the other games' terms; ?game= shows one game's only."""
    try:
        game = selectors.game_find(request.GET.get("game", ""))
    except Refusal as exc:
        return render(request, "rules/refused.html", {"message": exc.detail}, status=400)
    return render(
        request,
        "rules/keyword_list.html",
        {
            "keywords": selectors.keyword_list() if game in ("", Game.GENESIS) else [],
            "game_terms": selectors.game_term_list(game=game),
            "game": game,
            "games": Game.choices,
        },
    )


def game_term_detail(request, game: str, slug: str):
    try:
        page = selectors.game_term_detail(game=game, slug=slug)
    except NotFound as exc:
        raise Http404(exc.detail) from None
    return render(
        request,
        "rules/game_term_detail.html",
        {"page": page, "game_label": Game(game).label},
    )


def keyword_detail(request, slug: str):
    try:
        page = selectors.keyword_detail(slug=slug)
    except NotFound as exc:
        raise Http404(exc.detail) from None
    return render(
        request,
        "rules/keyword_detail.html",
        {"page": page, "keyword": page.keyword, "glossary": selectors.glossary_section(slug)},
    )


def ruling_new(request):
    """The ruling form, for a card (?card=ID) or a rule section (?section=DOC/ANCHOR)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    try:
        services.require_judge(request.user)
    except Refusal as exc:
        return render(request, "rules/refused.html", {"message": exc.detail}, status=403)
    subject = _subject(request.POST or request.GET)
    if subject is None:
        return render(
            request,
            "rules/refused.html",
            {"message": "Open the ruling form from a card's page or a rule section's page."},
            status=400,
        )
    initial = request.GET.dict()
    if isinstance(subject, Section) and "keyword" not in initial:
        # Opened from a keyword's section (Flight), the ruling is filed under that keyword.
        initial["keyword"] = selectors.section_keyword(subject)
    form = RulingForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        values = form.cleaned_data
        try:
            services.ruling_create(
                user=request.user,
                question=values["question"],
                answer=values["answer"],
                source=values["source"],
                date=values["date"],
                card_id=subject.id if isinstance(subject, CardRef) else None,
                section=subject if isinstance(subject, Section) else None,
                keyword=values["keyword"],
            )
        except Refusal as exc:
            form.add_error(None, exc.detail)
        else:
            messages.success(request, "Ruling added.")
            return redirect(_subject_url(subject))
    return render(
        request,
        "rules/ruling_form.html",
        {"form": form, "subject": subject, "subject_url": _subject_url(subject)},
        status=400 if form.errors else 200,
    )


def _subject(params) -> CardRef | Section | None:
    card, address = params.get("card", ""), params.get("section", "").strip("/")
    if card.isascii() and card.isdecimal() and len(card) <= 10:  # not "²", not 10**100
        return card_index().card(int(card))
    document, _, anchor = address.rpartition("/")
    if document and anchor:
        return (
            Section.objects.select_related("document")
            .filter(document__slug=document, anchor=anchor)
            .exclude(document__kind=Document.Kind.RULINGS)
            .first()
        )
    return None


def _subject_url(subject: CardRef | Section) -> str:
    """The page of the ruling's subject: a rule section, or else a card."""
    if isinstance(subject, Section):
        return selectors.section_url(subject)
    return subject.url
