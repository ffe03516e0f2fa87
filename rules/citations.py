"""Rule citations as links: the section of the judges' lookup a citation names, when its
document is loaded. These are the reads behind `{% cite %}` (rules.templatetags.citations) and
the API's `rule_url`; rules.core.citations says how a citation names a document and a section.
They live apart from rules.selectors, which serves the lookup's own pages and search.
"""

from collections.abc import Iterable, Mapping
from typing import Any

from django.urls import reverse

from .core.citations import Heading, HeadingIndex, names_document, parse_citation
from .models import Document, Section


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
