"""Reads of the rules lookup for the pages, the API and the commands: searches, sections,
keywords, rulings and game terms, and rule citations as links to the cited section (for
`{% cite %}`, rules.templatetags.citations, and the API's `rule_url`; rules.core.citations says
how a citation names a document and a section)."""

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, QuerySet
from django.urls import reverse

from genesis.errors import NotFound, Refusal

from . import search
from .card_index import CardRef, card_index
from .core.citations import Heading, HeadingIndex, names_document, parse_citation
from .core.game_terms import GAME_TERMS, GameTerm, defines, definition
from .core.keywords import GLOSSARY, KEYWORDS, Keyword
from .core.parsing import MAX_QUESTION, Snippet, make_snippet, slugify
from .models import GLOSSARY_SLUG, Document, Game, Ruling, Section

DEFAULT_LIMIT = 10
MAX_LIMIT = 50


@dataclass(frozen=True)
class Result:
    document: Document
    section: Section
    snippet: Snippet
    score: float
    # Further sources of the same answer: a keyword's glossary entry beside its rulebook
    # section (or the other way round) is one result citing both.
    also: tuple[Section, ...] = ()

    @property
    def url(self) -> str:
        return section_url(self.section)

    @property
    def sources(self) -> tuple[Section, ...]:
        return (self.section, *self.also)

    @property
    def is_service_policy(self) -> bool:
        return self.document.kind == Document.Kind.POLICIES

    def as_json(self) -> dict:
        return {
            "document": self.document.name,
            "section": self.section.heading,
            "path": self.section.path,
            "snippet": self.snippet.as_html(),
            "url": self.url,
            "score": self.score,
            "game": self.document.game,
            "service_policy": self.is_service_policy,
            "sources": [
                {"document": s.document.name, "section": s.heading, "url": section_url(s)}
                for s in self.sources
            ],
        }


def section_url(section: Section) -> str:
    return reverse("rules:section", args=[section.document.slug, section.anchor])


# A keyword's two entries take one place, so a few more hits are fetched than are shown.
_MERGE_SLACK = 5


def rules_search(
    *,
    query: str,
    document: str = "",
    game: str = "",
    prefer: str = "",
    limit: int = DEFAULT_LIMIT,
) -> list[Result]:
    """Ranked sections answering a question, in the rulebooks, the glossary, the service
    policies and the rulings.

    `document` narrows the search to one document, by slug or name; `game` (a Game value) to
    that game's documents and the service's own. `prefer` (a Game value) ranks that game's
    documents first without hiding the others: the game of the event or deck the question is
    asked from (a game the question names comes first instead). Refuses an empty question,
    one over MAX_QUESTION characters, an unknown document and an unknown game.
    """
    query = query.strip()
    if not query:
        raise Refusal("Type a question to search the rules.", code="empty_query")
    if len(query) > MAX_QUESTION:
        raise Refusal(
            f"Questions are at most {MAX_QUESTION} characters; this one has {len(query)}.",
            code="query_too_long",
        )
    scope = document_find(document) if document.strip() else None
    game = game_find(game)
    prefer = game_find(prefer)
    limit = max(1, min(MAX_LIMIT, limit))
    hits = search.search(
        query, document=scope, game=game, prefer=prefer, limit=limit + _MERGE_SLACK
    )
    return _one_result_per_keyword(hits, narrowed=scope is not None)[:limit]


def game_find(key: str) -> str:
    """The game a `game=` or `prefer=` parameter names ("" for every game); Refusal for an
    unknown one."""
    key = key.strip().lower()
    if key and key not in Game.values:
        raise Refusal(
            f"No game is called '{key}'; use one of {', '.join(Game.values)}.",
            code="unknown_game",
        )
    return key


def _keyword_key(heading: str) -> str:
    """ "Death Touch [X]" and "death touch" → "death touch": how entries of one keyword match."""
    return " ".join(re.sub(r"\[[^\]]*\]", " ", heading).lower().split())


def section_keyword(section: Section) -> str:
    """The slug of the glossary keyword a Genesis section defines ("Flight" in a rulebook or
    the glossary → "flight"), or "" for a section about something else."""
    if section.document.game != Game.GENESIS or section.document.kind not in (
        Document.Kind.GLOSSARY,
        Document.Kind.RULEBOOK,
    ):
        return ""
    key = _keyword_key(section.heading.rstrip(":"))
    return next(
        (k.slug for k in GLOSSARY if not k.deprecated_for and _keyword_key(k.name) == key), ""
    )


def _one_result_per_keyword(hits: list[search.Hit], *, narrowed: bool) -> list[Result]:
    """Results for hits, a keyword's glossary entry and its rulebook section merged into one.

    The merged result takes the better rank of the two and cites both. It leads with the
    rulebook section, the authority, unless the search was narrowed to one document, where it
    leads with that document's entry. The partner is found whether or not it was itself a hit.
    """
    glossary_keys = {_keyword_key(k.name): k for k in GLOSSARY}
    keys = {
        hit.section.pk: _keyword_key(hit.section.heading)
        for hit in hits
        if _keyword_key(hit.section.heading) in glossary_keys
        and hit.section.document.game == Game.GENESIS
        and hit.section.document.kind in (Document.Kind.GLOSSARY, Document.Kind.RULEBOOK)
        and not hit.section.document.superseded
    }
    partners: dict[tuple[str, str], Section] = {}  # (kind, key) → its section
    candidates = (
        Section.objects.select_related("document")
        .filter(document__game=Game.GENESIS, document__superseded=False)
        .filter(document__kind__in=[Document.Kind.GLOSSARY, Document.Kind.RULEBOOK])
        .exclude(body="")
        .order_by("document__name", "position")
    )
    if keys:
        for section in candidates.filter(
            Q(
                document__kind=Document.Kind.GLOSSARY,
                anchor__in=[slugify(glossary_keys[key].slug) for key in set(keys.values())],
            )
            | Q(document__kind=Document.Kind.RULEBOOK, heading__in=_headings_of(hits, keys))
        ):
            key = _keyword_key(section.heading)
            partners.setdefault((section.document.kind, key), section)
    results: list[Result] = []
    shown: set[int] = set()
    for hit in hits:
        section = hit.section
        if section.pk in shown:
            continue
        found = keys.get(section.pk)
        if found is None:
            results.append(Result(section.document, section, hit.snippet, hit.score))
            shown.add(section.pk)
            continue
        pair = [
            partners.get((Document.Kind.RULEBOOK, found)),
            partners.get((Document.Kind.GLOSSARY, found)),
        ]
        sources = [s for s in pair if s is not None]
        if section.pk not in {s.pk for s in sources}:
            sources.insert(0, section)
        if narrowed:  # lead with the entry of the document searched
            sources.sort(key=lambda s: s.pk != section.pk)
        lead, *others = sources
        snippet = (
            hit.snippet
            if lead.pk == section.pk
            else make_snippet(lead.body, hit.terms, weights=hit.weights)
        )
        results.append(Result(lead.document, lead, snippet, hit.score, tuple(others)))
        shown.update(s.pk for s in sources)
    return results


def _headings_of(hits: list[search.Hit], keys: dict[int, str]) -> list[str]:
    """The rulebook headings a keyword may have: as hit, and as the glossary names it."""
    wanted = set(keys.values())
    names = {k.name for k in GLOSSARY if _keyword_key(k.name) in wanted}
    return sorted(names | {hit.section.heading for hit in hits if hit.section.pk in keys})


def document_find(key: str) -> Document:
    key = key.strip()
    found = Document.objects.filter(Q(slug=key) | Q(name__iexact=key)).first()
    if found is None:
        raise Refusal(f"No rules document is called '{key}'.", code="unknown_document")
    return found


def document_list() -> QuerySet[Document]:
    return Document.objects.annotate(section_count=Count("sections")).order_by("kind", "name")


def document_detail(*, slug: str) -> tuple[Document, list[Section]]:
    document = Document.objects.filter(slug=slug).first()
    if document is None:
        raise NotFound("No rules document has that address.")
    sections = list(document.sections.only("heading", "anchor", "level", "position", "document_id"))
    for section in sections:
        section.document = document
    return document, sections


@dataclass(frozen=True)
class SectionPage:
    section: Section
    subsections: list[Section]
    previous: Section | None
    next: Section | None
    rulings: list[Ruling]


def section_detail(*, document_slug: str, anchor: str) -> SectionPage:
    """A section with everything under it, its neighbours in reading order, and its rulings."""
    section = (
        Section.objects.select_related("document", "ruling__section__document")
        .filter(document__slug=document_slug, anchor=anchor)
        .first()
    )
    if section is None:
        raise NotFound("No rule section has that address.")
    if section.ruling is not None:
        with_cards([section.ruling])
    siblings = Section.objects.filter(document_id=section.document_id)
    end = (
        siblings.filter(position__gt=section.position, level__lte=section.level)
        .order_by("position")
        .values_list("position", flat=True)
        .first()
    )
    below = siblings.filter(position__gt=section.position)
    if end is not None:
        below = below.filter(position__lt=end)
    previous = siblings.filter(position__lt=section.position).order_by("-position").first()
    # The page shows the subsections, so "next" is what follows them.
    following = siblings.filter(position=end).first() if end is not None else None
    for neighbour in (previous, following):
        if neighbour is not None:
            neighbour.document = section.document
    return SectionPage(
        section=section,
        subsections=list(below.order_by("position")),
        previous=previous,
        next=following,
        rulings=list(rulings_for_section(section)),
    )


def section_ancestors(section: Section) -> list[Section]:
    """The sections above this one, top first (a section's level is its depth)."""
    wanted = section.level - 1
    found: list[Section] = []
    if wanted < 1:
        return found
    candidates = (
        Section.objects.filter(
            document_id=section.document_id, position__lt=section.position, level__lt=section.level
        )
        .order_by("-position")
        .only("heading", "anchor", "level", "position", "document_id")
    )
    for candidate in candidates.iterator():
        if candidate.level == wanted:
            candidate.document = section.document
            found.append(candidate)
            wanted -= 1
            if wanted < 1:
                break
    return found[::-1]


# --- rulings ---------------------------------------------------------------------------------


def _rulings() -> QuerySet[Ruling]:
    return Ruling.objects.select_related("section__document", "index_section__document")


def with_cards(rulings: list[Ruling]) -> list[Ruling]:
    """The rulings, each with the card it is on (`ruling.card`, None for none), in one query
    to the card index (rules.card_index)."""
    cards = card_index().cards_of_rulings([ruling.pk for ruling in rulings])
    for ruling in rulings:
        ruling.card = cards.get(ruling.pk)
    return rulings


def rulings_for_section(section: Section) -> QuerySet[Ruling]:
    return _rulings().filter(section=section)


def ruling_list(
    *, card_id: int | None = None, section_id: int | None = None, limit: int = 200
) -> list[Ruling]:
    """The newest rulings (at most `limit`), on one card (and filed under one of its keywords)
    or one section if asked, with their cards."""
    rulings = _rulings()
    if card_id is not None:
        # A card's rulings and its keywords' (a ruling filed under Flight is on every card
        # with Flight).
        rulings = rulings.filter(
            Q(pk__in=card_index().rulings_on(card_id))
            | Q(keyword__in=card_index().keywords_of(card_id))
        )
    if section_id is not None:
        rulings = rulings.filter(section_id=section_id)
    return with_cards(list(rulings[:limit]))


def rulings_for_keyword(keyword: Keyword) -> list[Ruling]:
    """Rulings tagged with the keyword, or whose question or answer names it."""
    name = keyword_base_name(keyword)
    word = re.compile(rf"\b{re.escape(name)}\b", re.IGNORECASE)
    candidates = _rulings().filter(
        Q(keyword=keyword.slug) | Q(question__icontains=name) | Q(answer__icontains=name)
    )
    return with_cards(
        [
            r
            for r in candidates
            if r.keyword == keyword.slug or word.search(r.question) or word.search(r.answer)
        ]
    )


# --- keywords --------------------------------------------------------------------------------


def keyword_base_name(keyword: Keyword) -> str:
    """ "Death Touch [X]" → "Death Touch"."""
    return re.sub(r"\s*\[[^\]]*\]", "", keyword.name).strip()


def keyword_list() -> list[tuple[Keyword, int]]:
    """Every glossary keyword with the number of cards in the index that have it."""
    counts = card_index().keyword_counts()
    return [(keyword, counts[keyword.slug]) for keyword in GLOSSARY]


@dataclass(frozen=True)
class KeywordPage:
    keyword: Keyword
    replaced_by: Keyword | None
    cards: list[CardRef]
    rulings: list[Ruling]
    sections: list[Section]  # rulebook sections headed by the keyword


def glossary_section(slug: str) -> Section | None:
    """The keyword's entry in the built-in glossary document (rules.services.glossary_load)."""
    return (
        Section.objects.select_related("document")
        .filter(document__slug=GLOSSARY_SLUG, anchor=slugify(slug))
        .first()
    )


def keyword_detail(*, slug: str) -> KeywordPage:
    keyword = KEYWORDS.get(slug)
    if keyword is None:
        raise NotFound("No keyword of the glossary has that name.")
    name = keyword_base_name(keyword)
    sections = (
        Section.objects.select_related("document")
        .filter(document__kind=Document.Kind.RULEBOOK)
        .filter(Q(heading__iexact=name) | Q(heading__istartswith=f"{name} ["))
        .order_by("document__name", "position")
    )
    return KeywordPage(
        keyword=keyword,
        replaced_by=KEYWORDS.get(keyword.deprecated_for or ""),
        cards=card_index().with_keyword(keyword.slug),
        rulings=rulings_for_keyword(keyword),
        sections=list(sections),
    )


# --- other games' keyword terms (issue 15) ---------------------------------------------------


@dataclass(frozen=True)
class GameTermPage:
    term: GameTerm
    section: Section | None  # where the game's rulebook defines it (None: that book not loaded)
    definition: str  # the rulebook's lines defining it, read from the import


def game_term_list(*, game: str = "") -> list[GameTerm]:
    """The other games' terms, narrowed to one game by `game` (a Game value, or "")."""
    game = game_find(game)
    return [t for t in GAME_TERMS if not game or t.game == game]


def game_term_detail(*, game: str, slug: str) -> GameTermPage:
    term = next((t for t in GAME_TERMS if t.game == game and t.slug == slug), None)
    if term is None:
        raise NotFound("No keyword of that game has that name.")
    sections = (
        Section.objects.select_related("document")
        .filter(document__game=game, document__kind=Document.Kind.RULEBOOK)
        .exclude(body="")
        .order_by("document__superseded", "document__name", "position")
    )
    if term.section:  # the timing's section, or its entry for the term
        sections = sections.filter(
            Q(heading__iexact=term.section) | Q(parent__heading__iexact=term.section)
        )
    for section in sections:
        if defines(section.body, term):
            return GameTermPage(term, section, definition(section.body, term))
    return GameTermPage(term, None, "")


# --- rule citations as links ---------------------------------------------------------------------


class CitationLinks:
    """Section addresses for citations, for one page or one response. It reads the documents
    once (one query) and the headings of each cited document once (one query per document,
    however many citations name it), so a deck with thirty problems costs two queries, not
    thirty. Build one per request: a document imported later is seen by the next one."""

    def __init__(self) -> None:
        self._documents: list[tuple[int, str, str, str]] | None = None
        self._indexes: dict[int, HeadingIndex] = {}
        self._urls: dict[str, str | None] = {}

    def url(self, citation: str) -> str | None:
        """The address of the cited section, or None (not a citation, document not loaded, or
        no such section in it)."""
        if citation not in self._urls:
            self._urls[citation] = self._resolve(citation)
        return self._urls[citation]

    def _resolve(self, text: str) -> str | None:
        cited = parse_citation(text)
        if cited is None:
            return None
        document = self._document(cited.document)
        if document is None:
            return None
        document_id, slug = document
        heading = self._index(document_id).find(cited.section)
        if heading is None:
            return None
        return reverse("rules:section", args=[slug, heading.anchor])

    def _document(self, cited: str) -> tuple[int, str] | None:
        """The one document the citation names, best match first; None when none does, or when
        two match equally well (then a link could point at the wrong book)."""
        if self._documents is None:
            self._documents = list(Document.objects.values_list("id", "name", "version", "slug"))
        ranked: dict[int, list[tuple[int, str]]] = {}
        for pk, name, version, slug in self._documents:
            rank = names_document(cited, name, version)
            if rank is not None:
                ranked.setdefault(rank, []).append((pk, slug))
        if not ranked:
            return None
        best = ranked[min(ranked)]
        return best[0] if len(best) == 1 else None

    def _index(self, document_id: int) -> HeadingIndex:
        if document_id not in self._indexes:
            # Chunks of a long section are titled by their first words, which nothing cites by
            # heading, but a citation by line may fall in one.
            rows = Section.objects.filter(document_id=document_id).values_list(
                "heading", "anchor", "position", "heading_is_derived", "line"
            )
            self._indexes[document_id] = HeadingIndex(Heading(*row) for row in rows)
        return self._indexes[document_id]


def citation_links(holder: Any = None) -> CitationLinks:
    """The CitationLinks kept on `holder` (a request, or a template's context), made on first
    use, so one page resolves all its citations with the same reads; a fresh one without."""
    if holder is None:
        return CitationLinks()
    links = getattr(holder, "_citation_links", None)
    if links is None:
        links = CitationLinks()
        holder._citation_links = links
    return links


def with_rule_urls(
    items: Iterable[Mapping[str, Any]], links: CitationLinks | None = None
) -> list[dict[str, Any]]:
    """Copies of the items (deck problems, refusals' errors), each that carries a `rule` with its
    `rule_url`: the cited section's address in the judges' lookup, or None while that rulebook
    is not loaded. One CitationLinks serves them all."""
    links = links or CitationLinks()
    return [
        {**item, "rule_url": links.url(item["rule"]) if item["rule"] else None}
        if "rule" in item
        else dict(item)
        for item in items
    ]


def rule_url(rule: str) -> str | None:
    """The address of the one section a citation names, or None; for a single refusal (a list
    of citations goes through one CitationLinks, as with_rule_urls does)."""
    return CitationLinks().url(rule) if rule else None


# --- sections cited by address ---------------------------------------------------------------


def section_address(section: Section) -> str:
    """How a section is cited from outside the lookup: "document-slug/anchor", the tail of its
    page's address (what a ruling's `section` and a judge call's citations hold)."""
    return f"{section.document.slug}/{section.anchor}"


def address_of(cited: str) -> str:
    """A cited section's address from "document-slug/anchor" or its page's path
    ("/rules/document-slug/anchor/"), as typed or as a search result's `url` gives it."""
    parts = [part for part in cited.strip().split("/") if part]
    if len(parts) >= 3 and parts[-3] == "rules":
        parts = parts[-2:]
    return "/".join(parts[-2:]) if len(parts) >= 2 else cited.strip()


def sections_at(addresses: Iterable[str]) -> dict[str, Section]:
    """The sections at these addresses ("document-slug/anchor"), by address; an address no
    section has is missing from the answer. One query."""
    wanted = {address_of(a) for a in addresses}
    pairs = [a.split("/", 1) for a in wanted if "/" in a]
    if not pairs:
        return {}
    found = Q()
    for slug, anchor in pairs:
        found |= Q(document__slug=slug, anchor=anchor)
    return {section_address(s): s for s in Section.objects.select_related("document").filter(found)}
