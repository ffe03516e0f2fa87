"""The rules search backend: questions in, ranked sections out, on PostgreSQL or SQLite.

Both databases rank the same way, BM25-style: a section scores the sum, over the question's
terms, of the term's rarity (inverse document frequency) times how well it matches, headings
counting more than body text and the ancestors' headings less. Words are stemmed by the
database (PostgreSQL's "english" configuration; SQLite FTS5's porter tokenizer).

- PostgreSQL: a stored tsvector (heading A, body B, ancestors C) with a GIN index; per term
  ts_rank, weighted by an IDF computed in the same request; pg_trgm finds misspelt names.
- SQLite: an FTS5 table (migration rules/0003, kept in sync by triggers) ranked by bm25() with
  column weights; misspelt names are matched in process with pg_trgm's measure.

A question word that occurs nowhere (df = 0) is taken for a misspelling and replaced by the most
similar word of a heading or card name ("paralize" → "paralyze"). Snippets are cut and marked in
Python (rules.core.parsing.make_snippet), so they read the same on both databases.
"""

import math
from dataclasses import dataclass
from functools import reduce
from operator import or_

from django.contrib.postgres.search import (
    SearchQuery,
    SearchRank,
    SearchVector,
    TrigramWordSimilarity,
)
from django.db import connection
from django.db.models import Case, Count, F, FloatField, Max, Q, QuerySet, Value, When

from .core.parsing import (
    Snippet,
    closest_word,
    make_snippet,
    parse_synonyms,
    search_terms,
    words_of,
)
from .models import Document, Section, Synonym, card_model

CONFIG = "english"
# ts_rank weights for D, C, B, A: ancestors' headings (C), body (B), the heading (A). ts_rank
# counts a term's best-weighted occurrence in full and each further one less and less, so a
# heading word already wins at A = 0.5 against B = 0.4; at 1.0 one heading word outweighed any
# number of body words and short glossary entries crowded out the answering sections.
PG_WEIGHTS = [0.1, 0.2, 0.4, 0.6]
# ts_rank normalisation 1: divide by 1 + log(length), as BM25 favours the shorter section.
PG_NORMALIZATION = 0
# bm25() weights of the FTS5 columns heading, context (ancestors), body. bm25 multiplies the
# term frequency by the weight before saturating it, which makes 2 : 1 about as strong as the
# 0.5 : 0.4 above. tests/rules/test_lookup_questions.py holds both to the same questions.
FTS_WEIGHTS = (2.0, 0.5, 1.0)
# An older text of a game (Document.superseded: the quickstart guide, an earlier edition) scores
# this share of what the same match scores in the current rules, so that it never outranks
# them on a question both answer, and still answers what only it covers.
SUPERSEDED_WEIGHT = 0.5
# The service policies answer what the rulebooks leave open; where a rulebook answers too, it
# comes first (the policy on the first round's draw must not outrank Beginning of Round).
POLICIES_WEIGHT = 0.7
MIN_TYPO_LENGTH = 4
MIN_IDF = 1e-6  # FTS5's floor for a term in more than half the sections


@dataclass(frozen=True)
class Hit:
    section: Section
    score: float
    snippet: Snippet
    terms: tuple[str, ...]  # what was searched for, to cut another section's snippet alike


_synonyms: tuple[tuple, dict[tuple, tuple]] = ((), {})


def synonym_table() -> dict[tuple, tuple]:
    """The admin-edited synonym table, parsed again only when its rows change."""
    global _synonyms
    rows = tuple(Synonym.objects.order_by("pk").values_list("term", "replacements"))
    if rows != _synonyms[0]:
        _synonyms = (rows, parse_synonyms(rows))
    return _synonyms[1]


def search(
    question: str, *, document: Document | None = None, game: str = "", limit: int = 10
) -> list[Hit]:
    """The best `limit` sections for a question, best first.

    `game` keeps that game's documents and the service's own (which have no game)."""
    asked = search_terms(question, synonym_table())
    if not asked.terms:
        return []
    backend = _Postgres() if connection.vendor == "postgresql" else _Sqlite()
    terms = _searched_terms(backend, asked.terms)
    if not terms:
        return []
    scope = _Scope(document_id=document.pk if document else None, game=game)
    ranked = backend.rank(terms, scope=scope, limit=limit)
    return [
        Hit(section, round(score, 4), make_snippet(section.body, terms), terms)
        for section, score in ranked
    ]


@dataclass(frozen=True)
class _Scope:
    document_id: int | None
    game: str


def _searched_terms(backend: "_Backend", terms: tuple[str, ...]) -> tuple[str, ...]:
    """The terms worth searching for: those in the index, misspellings put right."""
    frequencies = backend.document_frequencies(terms)
    known = [t for t in terms if frequencies[t]]
    corrected = False
    for term in terms:
        if frequencies[term] or " " in term or len(term) < MIN_TYPO_LENGTH or term.isdigit():
            continue
        word = closest_word(term, backend.names_like(term))
        if word and word not in known:
            known.append(word)
            corrected = True
    if corrected:
        frequencies = backend.document_frequencies(tuple(known))
    # A word in most sections ("cards") scores next to nothing (BM25 gives it the least IDF),
    # so it is not searched for unless the question has nothing rarer: it would only add rows.
    telling = [t for t in known if _idf(backend.total, frequencies[t]) > MIN_IDF]
    return tuple(telling or known)


def index_sections(sections: QuerySet[Section]) -> None:
    """Bring the search index up to date for these sections after they are written.

    PostgreSQL: fill the stored tsvector. SQLite: nothing to do, triggers keep FTS5 in step.
    """
    if connection.vendor == "postgresql":
        heading = Case(When(heading_is_derived=True, then=Value("")), default=F("heading"))
        sections.update(
            search_vector=SearchVector(heading, weight="A", config=CONFIG)
            + SearchVector("context", weight="C", config=CONFIG)
            + SearchVector("body", weight="B", config=CONFIG)
        )


def _searchable() -> QuerySet[Section]:
    # A heading with no text of its own ("Attack Abilities") has nothing to quote.
    return Section.objects.exclude(body="")


class _Backend:
    total = 0  # sections in the index, set by document_frequencies

    def document_frequencies(self, terms: tuple[str, ...]) -> dict[str, int]:
        """How many sections each term is in (BM25's document frequency)."""
        raise NotImplementedError

    def rank(
        self, terms: tuple[str, ...], *, scope: _Scope, limit: int
    ) -> list[tuple[Section, float]]:
        """The best sections for the terms, with their documents, best first."""
        raise NotImplementedError

    def names_like(self, word: str) -> list[str]:
        """Headings and card names that may hold the word a misspelt `word` stands for."""
        raise NotImplementedError


class _Postgres(_Backend):
    def __init__(self) -> None:
        self.frequencies: dict[str, int] = {}

    @staticmethod
    def _query(term: str) -> SearchQuery:
        return SearchQuery(term, config=CONFIG, search_type="phrase")

    def document_frequencies(self, terms):
        # One round trip; each count is a GIN index scan, not a pass over every section.
        counts = [
            f"(SELECT count(*) FROM rules_section WHERE body <> '' AND search_vector @@ "
            f"phraseto_tsquery('{CONFIG}', %s))"
            for _ in terms
        ]
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT (SELECT count(*) FROM rules_section WHERE body <> ''), {', '.join(counts)}",
                list(terms),
            )
            total, *found = cursor.fetchone()
        self.total = total
        self.frequencies.update(zip(terms, found, strict=True))
        return {term: self.frequencies[term] for term in terms}

    def rank(self, terms, *, scope, limit):
        missing = tuple(term for term in terms if term not in self.frequencies)
        if missing:
            self.document_frequencies(missing)
        frequencies = self.frequencies
        score = reduce(
            lambda a, b: a + b,
            (
                Value(_idf(self.total, frequencies[term]))
                * SearchRank(
                    F("search_vector"),
                    self._query(term),
                    weights=PG_WEIGHTS,
                    normalization=PG_NORMALIZATION,
                )
                for term in terms
            ),
        )
        precedence = Case(
            When(document__superseded=True, then=Value(SUPERSEDED_WEIGHT)),
            When(document__kind=Document.Kind.POLICIES, then=Value(POLICIES_WEIGHT)),
            default=Value(1.0),
            output_field=FloatField(),
        )
        found = _searchable().filter(search_vector=reduce(or_, map(self._query, terms)))
        if scope.document_id is not None:
            found = found.filter(document_id=scope.document_id)
        if scope.game:
            found = found.filter(Q(document__game=scope.game) | Q(document__game=""))
        rows = found.annotate(score=score * precedence).order_by(
            "-score", "document_id", "position"
        )
        return [(row, float(row.score)) for row in rows.select_related("document")[:limit]]

    def names_like(self, word):
        headings = (
            Section.objects.annotate(likeness=TrigramWordSimilarity(word, "heading"))
            .filter(likeness__gte=0.3)
            .order_by("-likeness")
            .values_list("heading", flat=True)[:20]
        )
        cards = (
            card_model()
            ._default_manager.annotate(likeness=TrigramWordSimilarity(word, "name"))
            .filter(likeness__gte=0.3)
            .order_by("-likeness")
            .values_list("name", flat=True)[:20]
        )
        return [*headings, *cards]


class _Sqlite(_Backend):
    TABLE = "rules_section_fts"
    _vocabulary: tuple[tuple, list[str]] = ((), [])

    @staticmethod
    def _match(terms) -> str:
        # Terms are lower-case words and digits (rules.core.parsing.words_of), safe inside quotes.
        return " OR ".join(f'"{term}"' for term in terms)

    def document_frequencies(self, terms):
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT count(*) FROM {self.TABLE}")
            self.total = cursor.fetchone()[0]
            frequencies = {}
            for term in terms:
                cursor.execute(
                    f"SELECT count(*) FROM {self.TABLE} WHERE {self.TABLE} MATCH %s",
                    [self._match([term])],
                )
                frequencies[term] = cursor.fetchone()[0]
        return frequencies

    def rank(self, terms, *, scope, limit):
        weights = ", ".join(str(w) for w in FTS_WEIGHTS)
        where, params = "", []
        if scope.document_id is not None:
            where += " AND s.document_id = %s"
            params.append(scope.document_id)
        if scope.game:
            where += " AND (d.game = %s OR d.game = '')"
            params.append(scope.game)
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT s.id, -bm25({self.TABLE}, {weights}) "
                f"* (CASE WHEN d.superseded THEN {SUPERSEDED_WEIGHT} "
                f"WHEN d.kind = '{Document.Kind.POLICIES}' THEN {POLICIES_WEIGHT} ELSE 1.0 END) "
                "AS score "
                f"FROM {self.TABLE} JOIN rules_section s ON s.id = {self.TABLE}.rowid "
                "JOIN rules_document d ON d.id = s.document_id "
                f"WHERE {self.TABLE} MATCH %s AND s.body != ''{where} "
                "ORDER BY score DESC, s.document_id, s.position LIMIT %s",
                [self._match(terms), *params, limit],
            )
            ranked = cursor.fetchall()
        sections = Section.objects.select_related("document").in_bulk([pk for pk, _ in ranked])
        return [(sections[pk], float(score)) for pk, score in ranked]

    def names_like(self, word):
        # The words of every heading and card name, kept per process until a write changes them.
        stamp = (
            *Section.objects.aggregate(n=Count("pk"), last=Max("pk")).values(),
            *card_model()._default_manager.aggregate(n=Count("pk"), last=Max("pk")).values(),
        )
        cached_stamp, words = _Sqlite._vocabulary
        if cached_stamp != stamp:
            names = [
                *Section.objects.values_list("heading", flat=True),
                *card_model()._default_manager.values_list("name", flat=True),
            ]
            words = sorted({word for name in names for word in words_of(name)})
            _Sqlite._vocabulary = (stamp, words)
        return words


def _idf(total: int, frequency: int) -> float:
    """BM25's inverse document frequency, as SQLite FTS5 computes it."""
    return max(MIN_IDF, math.log((total - frequency + 0.5) / (frequency + 0.5)))
