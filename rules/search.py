"""The rules search backend: questions in, ranked sections out, on PostgreSQL or SQLite.

Both databases search and rank alike, in Python: every section is stemmed once per process
(_corpus, kept until a section changes), the candidates are the sections in scope holding any
of the question's terms, and rules.core.ranking scores them (BM25F over heading, topics, path
and body, with coverage and proximity). The candidates were once the full-text index's, but
PostgreSQL's "english" configuration and SQLite FTS5's porter tokenizer stem and drop a few
words differently, so the two databases ranked slightly different sections.

The full-text indexes stay in step with the sections (PostgreSQL: a stored tsvector, heading A,
body B, ancestors C, topics D, with a GIN index; SQLite: the FTS5 table of migrations
rules/0003 and 0007, kept by triggers). A question word that occurs nowhere is taken for a
misspelling and replaced by the most similar word of a heading or card name ("paralize" →
"paralyze": pg_trgm on PostgreSQL, its measure in process on SQLite). Snippets are cut and
marked in Python (rules.core.parsing.make_snippet), so they read the same on both databases.
"""

import math
import re
from collections import Counter
from dataclasses import dataclass, replace
from functools import cached_property

from django.contrib.postgres.search import (
    SearchVector,
    TrigramWordSimilarity,
)
from django.db import connection
from django.db.models import Case, Count, F, Max, QuerySet, Value, When

from .card_index import card_index
from .core import ranking
from .core.parsing import (
    STOPWORDS,
    SearchTerms,
    Snippet,
    closest_word,
    make_snippet,
    named_game,
    parse_synonyms,
    search_terms,
    words_of,
)
from .core.synonyms import GAME_SYNONYMS, TOURNAMENT_WORDS
from .models import Document, Game, Section, Synonym

CONFIG = "english"
# An older text of a game (Document.superseded: the quickstart guide, an earlier edition) scores
# this share of what the same match scores in the current rules, so that it never outranks
# them on a question both answer, and still answers what only it covers.
SUPERSEDED_WEIGHT = 0.2
# And it never ranks above a section of the current rules that holds this share of what it holds
# of the question (by the terms' rarity): there the current rules answer it too.
OLDER_COVERED_SHARE = 0.5
# The service policies answer what the rulebooks leave open; where a rulebook answers too, it
# comes first (the policy on the first round's draw must not outrank Beginning of Round).
POLICIES_WEIGHT = 0.7
# A question about the running of an event (rules.core.synonyms.TOURNAMENT_WORDS: match time,
# drops, concessions, penalties) is the policies' to answer: the rulebooks have no tournament
# rules, so there the policies score this share instead.
POLICIES_WEIGHT_FOR_EVENTS = 1.5
# Searching every document, another game's rulebook scores this share of the same match: a
# question that names no game is about this service's game, and another game's section comes
# first only where Genesis's books hardly hold the question's words. (0.4 until the other games
# had topic indexes of their own: Grand Archive's phrase for the end of turn then outranked
# Genesis's Turn Order on "when do until end of turn effects wear off".)
OTHER_GAME_WEIGHT = 0.2
# And this share when the question names its game ("going first in grand archive") or is asked
# from an event or deck of a game (`prefer`): the player said which game, so another game's
# rules answer only what that game's leave open.
CHOSEN_GAME_OTHERS_WEIGHT = 0.15
MIN_TYPO_LENGTH = 4
# A misspelling is first matched against the names (headings, cards); a word only the rules'
# text holds ("teammate") must be this much more alike, as the text has many more words.
TEXT_TYPO_LIKENESS = 0.5
MIN_IDF = 1e-6  # FTS5's floor for a term in more than half the sections


@dataclass(frozen=True)
class Hit:
    section: Section
    score: float
    snippet: Snippet
    terms: tuple[str, ...]  # what was searched for, to cut another section's snippet alike
    weights: dict[str, float] | None = None  # each searched word's worth, for the snippet


_synonyms: tuple[tuple, dict[tuple, tuple]] = ((), {})


def synonym_table() -> dict[tuple, tuple]:
    """The admin-edited synonym table, parsed again only when its rows change."""
    global _synonyms
    rows = tuple(Synonym.objects.order_by("pk").values_list("term", "replacements"))
    if rows != _synonyms[0]:
        _synonyms = (rows, parse_synonyms(rows))
    return _synonyms[1]


def search(
    question: str,
    *,
    document: Document | None = None,
    game: str = "",
    prefer: str = "",
    limit: int = 10,
) -> list[Hit]:
    """The best `limit` sections for a question, best first.

    `game` keeps that game's documents and the service's own (which have no game). Searching
    every document, the game the question names ("going first in grand archive"), else
    `prefer` (the game of the event or deck it is asked from), else Genesis, comes first."""
    named, rest = named_game(question)
    if named and words_of(rest):
        question = rest  # the game's name says where to look, not what to look for
    backend = _Postgres() if connection.vendor == "postgresql" else _Sqlite()
    corpus = _corpus()
    scope = _Scope(document_id=document.pk if document else None, game=game)
    # Searching every document, the game asked about comes first on a close call: the one the
    # question names, or the one of the event or deck it is asked from, or else the service's
    # own game (a question that names no game is about Genesis unless only another game's
    # rulebook has its words).
    # With a game chosen, only its rulebooks and the service's policies are searched, and the
    # policies step back as another game's rules would (below).
    home = (game or named or prefer or Game.GENESIS) if document is None else ""
    others = CHOSEN_GAME_OTHERS_WEIGHT if game or named or prefer else OTHER_GAME_WEIGHT
    # Each game's rulebooks are searched in that game's words: the admins' synonym table is
    # Genesis's vocabulary (deck → timeline), the other games have their own
    # (rules.core.synonyms.GAME_SYNONYMS: priority → Opportunity in Grand Archive).
    found_by_vocabulary: list[tuple[SearchTerms, Concepts, list[int]]] = []
    corrections: dict[str, str | None] = {}
    in_scope = (
        {_vocabulary_of(document.game)}
        if document is not None
        else {Game.GENESIS, _vocabulary_of(game)}  # the policies are in Genesis's words
        if game
        else None
    )
    for vocabulary, table in _vocabularies().items():
        if in_scope is not None and vocabulary not in in_scope:
            continue
        asked = search_terms(question, table)
        if vocabulary != Game.GENESIS:
            asked = _typed_in_full(asked)
        concepts, frequencies = _searched_concepts(backend, corpus, asked.concepts, corrections)
        telling = _telling(corpus, concepts, frequencies)
        terms = tuple(term for concept in telling for term, _ in concept)
        if not terms:
            continue
        if vocabulary == Game.GENESIS:
            concepts = telling
        found = [
            pk
            for pk in _candidates(corpus, terms, scope=scope)
            if _vocabulary_of(corpus.games[pk]) == vocabulary
        ]
        if found:
            found_by_vocabulary.append((asked, concepts, found))
    ranked: list[tuple[int, float, SearchTerms, Concepts]] = []
    for asked, concepts, found in found_by_vocabulary:
        about_events = _about_events(question, asked.typed)
        ranked += [
            (pk, score, asked, concepts)
            for pk, score in _rank(
                corpus,
                found,
                concepts,
                typed=asked.typed,
                home=home,
                others=others,
                about_events=about_events,
            )
        ]
    ranked.sort(key=lambda row: -row[1])
    ranked = ranked[:limit]
    sections = Section.objects.select_related("document").in_bulk([row[0] for row in ranked])
    hits = []
    for pk, score, _asked, concepts in ranked:
        terms = tuple(term for concept in concepts for term, _ in concept)
        weights = _word_weights(corpus, concepts)
        snippet = make_snippet(corpus.text(pk), terms, weights=weights)
        hits.append(Hit(sections[pk], round(score, 4), snippet, terms, weights))
    return hits


# "At the same time", "at any time", "one at a time": a moment of the game, not a round's clock.
_TIME_OF_PLAY = re.compile(r"\b(?:same|any|one|a|each|that|this|first|next|every)\s+time\b", re.I)


def _about_events(question: str, typed: tuple[str, ...]) -> bool:
    """Whether a question is about running an event (TOURNAMENT_WORDS): "time" is, unless
    only as a moment of play ("both champions die at the same time")."""
    events = set(TOURNAMENT_WORDS.intersection(typed))
    if "time" in events and "time" not in words_of(_TIME_OF_PLAY.sub(" ", question)):
        events.discard("time")
    return bool(events)


def _vocabulary_of(game: str) -> str:
    """Whose words a document of `game` is searched in: its own game's, if it has a vocabulary
    (GAME_SYNONYMS), else Genesis's (the service's policies and Genesis's books)."""
    return game if game in GAME_SYNONYMS else Game.GENESIS


def _vocabularies() -> dict[str, dict[tuple, tuple]]:
    """The parsed synonym table of each vocabulary: Genesis's is the admin-edited table; another
    game's is its own rows (GAME_SYNONYMS) over Genesis's, whose player words (most of them
    other games' words) still say what a player means."""
    genesis = synonym_table()
    if _merged and _merged[0][0] is genesis:
        return _merged[0][1]
    tables = {
        Game.GENESIS: genesis,
        **{game: {**genesis, **rows} for game, rows in _GAME_TABLES.items()},
    }
    _merged[:] = [(genesis, tables)]
    return tables


_merged: list[tuple[dict, dict[str, dict[tuple, tuple]]]] = []  # kept while the table is


def _typed_in_full(asked: SearchTerms) -> SearchTerms:
    """The question with the words as typed at full weight: another game's rulebook says what
    the player typed ("first turn player"), not Genesis's words for it."""
    return replace(
        asked,
        concepts=tuple(
            tuple((term, max(weight, 1.0)) for term, weight in concept)
            for concept in asked.concepts
        ),
    )


_GAME_TABLES = {game: parse_synonyms(rows) for game, rows in GAME_SYNONYMS.items()}


def _word_weights(corpus: "_Corpus", concepts: "Concepts") -> dict[str, float]:
    """What each searched word is worth to a snippet: its rarity, times its concept's weight
    (a player's own word beside the game's counts half), so that the sentence shown is the one
    holding the question's telling words, not its commonest."""
    total = len(corpus.with_text)
    weights: dict[str, float] = {}
    for concept in concepts:
        for term, weight in concept:
            for word in term.split():
                held = corpus.index.holding(ranking.stems(word), topics=False) & corpus.with_text
                worth = weight * ranking.idf(total, len(held))
                weights[word] = max(worth, weights.get(word, 0.0))
    return weights


@dataclass(frozen=True)
class _Scope:
    document_id: int | None
    game: str


Concepts = tuple[tuple[tuple[str, float], ...], ...]


def _searched_concepts(
    backend: "_Backend",
    corpus: "_Corpus",
    concepts: Concepts,
    corrections: dict[str, str | None] | None = None,
) -> tuple[Concepts, dict[str, int]]:
    """The terms worth searching for, by concept: those in the index, misspellings put right;
    and how many sections hold each term.

    How many sections hold a term is counted in the stemmed corpus the ranking reads, as the
    candidates are (_candidates): the two databases' stemmers differ on a few words, and the
    terms kept must not depend on the database."""
    corrections = {} if corrections is None else corrections  # a misspelling's word, by term
    frequencies = _frequencies(corpus, tuple(t for c in concepts for t, _ in c))
    known: list[tuple[tuple[str, float], ...]] = []
    for concept in concepts:
        found = tuple((term, weight) for term, weight in concept if frequencies[term])
        if found:
            known.append(found)
            continue
        # Only a word the synonym table does not know can be a misspelling: a player's word
        # with the game's words beside it is simply not the rulebook's word.
        (term, _weight), *others = concept
        if others or " " in term or len(term) < MIN_TYPO_LENGTH or term.isdigit():
            continue
        if term not in corrections:
            corrections[term] = closest_word(term, backend.names_like(term)) or closest_word(
                term, corpus.vocabulary, threshold=TEXT_TYPO_LIKENESS
            )
        word = corrections[term]
        if word and all(word != t for c in known for t, _ in c):
            known.append(((word, 1.0),))
            frequencies.update(_frequencies(corpus, (word,)))
    return tuple(known), frequencies


def _telling(corpus: "_Corpus", concepts: Concepts, frequencies: dict[str, int]) -> Concepts:
    """The concepts without the words most sections hold ("cards"), unless the question has
    nothing rarer.

    Such a word scores next to nothing (BM25 gives it the least IDF), so it finds no section
    worth adding to the candidates. Genesis's books are ranked without it too; another game's
    keep it for the ranking, where it still tells where the question's words meet ("are
    abilities optional" in Titans of Eden: "All abilities are mandatory, unless…"). Measured
    on the question sets (docs/benchmarks.md): it lifts the other games' rates and lowers
    Genesis's, whose synonym table already turns a player's common words into the game's."""
    total = len(corpus.searchable)
    telling = [
        kept
        for c in concepts
        if (kept := tuple((t, w) for t, w in c if _idf(total, frequencies[t]) > MIN_IDF))
    ]
    return tuple(telling or concepts)


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
            + SearchVector("topics", weight="D", config=CONFIG)
        )


class _Backend:
    """What each database does its own way: finding the names a misspelt word may stand for."""

    def names_like(self, word: str) -> list[str]:
        """Headings and card names that may hold the word a misspelt `word` stands for."""
        raise NotImplementedError


class _Postgres(_Backend):
    def names_like(self, word):
        headings = (
            Section.objects.annotate(likeness=TrigramWordSimilarity(word, "heading"))
            .filter(likeness__gte=0.3)
            .order_by("-likeness")
            .values_list("heading", flat=True)[:20]
        )
        return [*headings, *card_index().names_like(word)]


class _Sqlite(_Backend):
    TABLE = "rules_section_fts"
    _vocabulary: tuple[tuple, list[str]] = ((), [])

    def names_like(self, word):
        # The words of every heading and card name, kept per process until a write changes them.
        stamp = (
            *Section.objects.aggregate(n=Count("pk"), last=Max("pk")).values(),
            card_index().names_stamp(),
        )
        cached_stamp, words = _Sqlite._vocabulary
        if cached_stamp != stamp:
            names = [
                *Section.objects.values_list("heading", flat=True),
                *card_index().names(),
            ]
            words = sorted({word for name in names for word in words_of(name)})
            _Sqlite._vocabulary = (stamp, words)
        return words


def _idf(total: int, frequency: int) -> float:
    """BM25's inverse document frequency, as SQLite FTS5 computes it."""
    return max(MIN_IDF, math.log((total - frequency + 0.5) / (frequency + 0.5)))


# --- ranking: the same Python scoring on both databases (rules.core.ranking) ------------------

# A heading with no text of its own and a single subsection ("Beginning of Round") is answered by
# that subsection's text, up to this length.
ROLLUP_MAX_CHARS = 3000


@dataclass
class _Corpus:
    """Every section, stemmed for ranking; kept per process until a section changes."""

    stamp: tuple
    entries: dict[int, ranking.Entry]
    parents: dict[int, int | None]
    games: dict[int, str]  # each section's document's game ("" for the service's own)
    documents: dict[int, int]  # each section's document
    searchable: list[int]  # the sections with text of their own, in reading order
    texts: dict[int, str]  # the text a section is quoted from (its subsections', if none)
    rolled_up: set[int]  # headings answered by their subsections' text
    policies: set[int]  # the Service policies' sections
    superseded: set[int]  # the sections of older texts (Document.superseded)
    avg_body: float
    index: ranking.Index  # which sections hold a term
    with_text: set[int]  # the sections (and rolled-up headings) with text to rank

    def text(self, pk: int) -> str:
        return self.texts[pk]

    @cached_property
    def vocabulary(self) -> tuple[str, ...]:
        """The words the rules' text uses at least twice: what a misspelling of a word no
        heading holds is put right to."""
        counts = Counter(word for text in self.texts.values() for word in words_of(text))
        return tuple(word for word, n in counts.items() if n > 1 and word not in STOPWORDS)


_cache: list[_Corpus] = []


def _corpus() -> _Corpus:
    # Every document by key, name and revision (a handful of rows): a count and a sum alone let
    # a database that reuses keys (SQLite after a rollback) pass another corpus for this one.
    stamp = (
        *Section.objects.aggregate(n=Count("pk"), last=Max("pk")).values(),
        tuple(Document.objects.order_by("pk").values_list("pk", "slug", "revision")),
    )
    if _cache and _cache[0].stamp == stamp:
        return _cache[0]
    rows = list(
        Section.objects.order_by("document_id", "position").values_list(
            "pk",
            "document_id",
            "level",
            "heading",
            "heading_is_derived",
            "path",
            "body",
            "parent_id",
            "document__superseded",
            "document__kind",
            "document__game",
            "topics",
        )
    )
    texts = {row[0]: row[6] for row in rows}
    topics = {row[0]: row[11] for row in rows}
    # Subsections' text for headings without their own: the rows below, deeper than it.
    for i, (pk, document_id, level, *_rest) in enumerate(rows):
        if texts[pk]:
            continue
        below = []
        for row in rows[i + 1 :]:
            if row[1] != document_id or row[2] <= level:
                break
            below.append(row)
        # One subsection under a bare heading is its text; several are answers of their own.
        if len(below) == 1 and len(below[0][6]) <= ROLLUP_MAX_CHARS:
            texts[pk] = f"{below[0][3]}. {below[0][6]}"
            topics[pk] = f"{topics[pk]}, {below[0][11]}"
    rolled_up = {row[0] for row in rows if not row[6] and texts[row[0]]}
    entries = {}
    for pk, _doc, _level, heading, derived, path, _body, _parent, superseded, kind, *_ in rows:
        factor = 1.0
        if superseded:
            factor = SUPERSEDED_WEIGHT
        elif kind == Document.Kind.POLICIES:
            factor = POLICIES_WEIGHT
        entries[pk] = ranking.Entry(
            key=pk,
            heading=() if derived else ranking.stems(heading),
            path=ranking.stems(" ".join(path[:-1])),
            body=ranking.stems(texts[pk]),
            factor=factor,
            topics=ranking.stems(topics[pk]),
            topic_phrases=tuple(
                phrase for topic in topics[pk].split(",") if (phrase := ranking.stems(topic))
            ),
            names=() if derived else ranking.heading_names(heading),
        )
    searchable = [e for e in entries.values() if e.body]
    corpus = _Corpus(
        stamp=stamp,
        entries=entries,
        parents={row[0]: row[7] for row in rows},
        games={row[0]: row[10] for row in rows},
        documents={row[0]: row[1] for row in rows},
        searchable=[row[0] for row in rows if row[6]],
        texts=texts,
        rolled_up=rolled_up,
        policies={row[0] for row in rows if row[9] == Document.Kind.POLICIES},
        superseded={row[0] for row in rows if row[8]},
        avg_body=sum(len(e.body) for e in searchable) / max(len(searchable), 1),
        index=ranking.Index(entries.values()),
        with_text={e.key for e in searchable},
    )
    _cache[:] = [corpus]
    return corpus


def _frequencies(corpus: _Corpus, terms: tuple[str, ...]) -> dict[str, int]:
    """In how many sections with text each term occurs, in any field (topics too)."""
    searchable = set(corpus.searchable)
    return {term: len(corpus.index.holding(ranking.stems(term)) & searchable) for term in terms}


def _candidates(corpus: _Corpus, terms: tuple[str, ...], *, scope: _Scope) -> list[int]:
    """The sections in scope holding any of the terms, in reading order.

    Found in the stemmed corpus the ranking scores, not by the database's full-text index:
    PostgreSQL's and SQLite's stemmers and stop words differ on a few words and phrases
    (topic phrases most), so the two indexes found slightly different candidates and ranked
    differently. Here both databases rank the same sections, and every section the scorer
    would give a score is one (the corpus is in memory already, so this costs no query)."""
    holding = frozenset().union(*(corpus.index.holding(ranking.stems(term)) for term in terms))
    found = []
    for pk in corpus.searchable:
        if pk not in holding:
            continue
        if scope.document_id is not None and corpus.documents[pk] != scope.document_id:
            continue
        if scope.game and corpus.games[pk] not in (scope.game, ""):
            continue
        found.append(pk)
    return found


def _ancestors(corpus: _Corpus, pk: int) -> list[int]:
    found = []
    parent = corpus.parents.get(pk)
    while parent is not None:
        found.append(parent)
        parent = corpus.parents.get(parent)
    return found


def _older_below_current(
    corpus: _Corpus,
    ranked: list[tuple[ranking.Entry, float]],
    concepts: Concepts,
    weights: list[float],
) -> list[tuple[ranking.Entry, float]]:
    """An older text's section ranks below every section of its game's current rules that holds
    most of what it holds of the question (OLDER_COVERED_SHARE of its concepts' weight).

    SUPERSEDED_WEIGHT alone cannot promise it: a short worked example of the quickstart guide,
    dense with the question's words, can score five times what the current section does. Where
    the older text holds what the current rules do not (a term they dropped, such as the
    quickstart's "energy endurance"), it still ranks by its score."""
    if not any(entry.key in corpus.superseded for entry, _ in ranked):
        return ranked
    held_by = corpus.index.concepts_held(concepts)
    held = {entry.key: held_by(entry.key) for entry, _ in ranked}
    # The current sections' lowest score for each game and set of concepts held (a question
    # has a handful of concepts, so a few dozen sets at most).
    lowest: dict[tuple[str, frozenset[int]], float] = {}
    for entry, score in ranked:
        if entry.key not in corpus.superseded:
            key = (corpus.games[entry.key], held[entry.key])
            lowest[key] = min(score, lowest.get(key, score))
    placed = []
    for entry, score in ranked:
        if entry.key in corpus.superseded:
            game, own = corpus.games[entry.key], held[entry.key]
            need = OLDER_COVERED_SHARE * sum(weights[i] for i in own)
            cap = min(
                (
                    other
                    for (other_game, other_held), other in lowest.items()
                    if other_game == game and sum(weights[i] for i in own & other_held) >= need
                ),
                default=None,
            )
            if cap is not None and cap <= score:
                score = cap * 0.999
        placed.append((entry, score))
    return placed


def _rank(
    corpus: _Corpus,
    found: list[int],
    concepts: Concepts,
    *,
    typed: tuple[str, ...] = (),
    home: str = "",
    others: float = OTHER_GAME_WEIGHT,
    about_events: bool = False,
) -> list[tuple[int, float]]:
    """The candidates (and the text-less headings above them) best first, one per family."""
    candidates = dict.fromkeys(found)
    for pk in found:
        for above in _ancestors(corpus, pk):
            if above in corpus.rolled_up:
                candidates[above] = None
    terms = [term for concept in concepts for term, _ in concept]
    frequency = corpus.index.text_frequencies(terms, corpus.with_text)
    total = len(corpus.with_text)
    ranked = ranking.rank(
        [corpus.entries[pk] for pk in candidates],
        concepts,
        frequency=frequency,
        total=total,
        avg_body=corpus.avg_body,
        typed=typed,
    )
    if home:
        # Asked about another game than the service's own, the service's policies (written for
        # its events, not that game's rules) step back too, unless the question is about running
        # an event.
        aside = ("", home) if home == Game.GENESIS or about_events else (home,)
        ranked = [
            (
                entry,
                score * (others if corpus.games[entry.key] not in aside else 1),
            )
            for entry, score in ranked
        ]
    if about_events:
        ranked = [
            (
                entry,
                score
                * (
                    POLICIES_WEIGHT_FOR_EVENTS / POLICIES_WEIGHT
                    if entry.key in corpus.policies
                    else 1
                ),
            )
            for entry, score in ranked
        ]
    weights = [
        ranking.concept_weight(group)
        for group in ranking.weigh(concepts, frequency=frequency, total=total)
    ]
    ranked = _older_below_current(corpus, ranked, concepts, weights)
    ranked.sort(key=lambda pair: -pair[1])
    # A heading answered by its subsections and those subsections are one answer: the page of
    # either shows it. The better ranked of them stands for the family.
    shown: list[tuple[int, float]] = []
    families: set[int] = set()
    for entry, score in ranked:
        rolled = [
            pk for pk in (entry.key, *_ancestors(corpus, entry.key)) if pk in corpus.rolled_up
        ]
        if rolled:
            family = rolled[-1]  # the topmost heading answered by its subsections
            if family in families:
                continue
            families.add(family)
        shown.append((entry.key, score))
    return shown
