"""Ranking of rules sections for a question: the same scores on every database.

rules.search finds the candidate sections (every section in scope holding one of the question's
terms, in the same stemmed fields this module scores); this module orders them. Keeping the scoring here, in Python,
means PostgreSQL and SQLite rank alike, and it can use what an FTS rank cannot:

- BM25F: a term counts more in the section's heading than in its topics (the topic index:
  what it answers, in players' words), more there than in its heading path (the parents'
  titles) and its body; the body's count is normalised by its length.
- Concepts: a question's word and the game's words it stands for (rules.core.synonyms) are one
  concept; a section answers it through any of them, the player's own word weighing less.
- Coverage: a section holding more of the question's (rarity-weighted) concepts scores more
  than the sum of its parts, since a question is answered where its words meet.
- Proximity: the question's words close together in the body (one sentence) count extra.
- Naming: a section whose heading the question's own words name ("what does being exerted stop
  you from doing" names Exert) scores more, by the share of the question those words are: a
  question's subject is often a common word of the rulebook, and a rarer word beside it would
  otherwise decide alone.
- Precedence: an older text of a game and the service's own policies score a share of the
  same match in the current rulebook (the factor is the document's, given by the caller).

Words are stemmed with the Snowball English stemmer, as PostgreSQL's "english" configuration
stems them.
"""

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import snowballstemmer  # type: ignore[import-untyped]  # ships no type hints

from .parsing import STOPWORDS, words_of

# BM25F field weights: own heading, heading path (ancestors), body.
HEADING_WEIGHT = 3.0
PATH_WEIGHT = 1.0
BODY_WEIGHT = 1.0
# The section's topics (rules.core.topics): what it answers in players' words. Above the body,
# since each topic is a whole answer the section gives, below the heading, which names it.
TOPICS_WEIGHT = 1.5
K1 = 1.2
B = 0.75
# score × (1 + COVERAGE_BONUS × share²), share = the matched terms' share of the question's IDF
COVERAGE_BONUS = 1.5
# Up to this bonus when the body's shortest passage holding its matched terms is short.
PROXIMITY_BONUS = 1.0
PROXIMITY_WINDOW = 12  # words: about a sentence


_stemmer = snowballstemmer.stemmer("english")


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    return str(_stemmer.stemWord(word))


def stems(text: str) -> tuple[str, ...]:
    return tuple(stem(word) for word in words_of(text))


@dataclass
class Entry:
    """A section as the ranking sees it: stemmed fields, and the document's precedence."""

    key: int
    heading: tuple[str, ...]
    path: tuple[str, ...]
    body: tuple[str, ...]
    factor: float = 1.0
    topics: tuple[str, ...] = ()
    # The topics one by one ("summons take their own turn"): a topic holding several of the
    # question's words is one answer to them, as a sentence of the body holding them is.
    topic_phrases: tuple[tuple[str, ...], ...] = ()
    # What the heading names, each a set of stemmed words (heading_names): "The Hand
    # (Thoughts)" names {hand} and {thought}.
    names: tuple[frozenset[str], ...] = ()
    positions: dict[str, list[int]] = field(default_factory=dict, repr=False)
    # A word's weighted count in the heading, path and topics (score's sum for a one-word term,
    # added in its order), and the topics holding it: worked out once per section, not per
    # question and term.
    fields: dict[str, float] = field(default_factory=dict, repr=False)
    in_topics: dict[str, frozenset[int]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for i, word in enumerate(self.body):
            self.positions.setdefault(word, []).append(i)
        for word in {*self.heading, *self.path, *self.topics}:
            self.fields[word] = self._field_sum((word,))
        held: dict[str, set[int]] = {}
        for i, phrase in enumerate(self.topic_phrases):
            for word in phrase:
                held.setdefault(word, set()).add(i)
        self.in_topics = {word: frozenset(found) for word, found in held.items()}

    def field_count(self, term: tuple[str, ...]) -> float:
        """The term's weighted count in the heading, path and topics."""
        if len(term) == 1:
            return self.fields.get(term[0], 0.0)
        return self._field_sum(term)

    def _field_sum(self, term: tuple[str, ...]) -> float:
        return (
            HEADING_WEIGHT * _count(self.heading, term)
            + PATH_WEIGHT * _count(self.path, term)
            + TOPICS_WEIGHT * _count(self.topics, term)
        )

    def topics_with(self, term: tuple[str, ...]) -> frozenset[int]:
        """The topics (by position) that hold the term."""
        if len(term) == 1:
            return self.in_topics.get(term[0], frozenset())
        return frozenset(
            i for i in self.in_topics.get(term[0], ()) if _count(self.topic_phrases[i], term)
        )


def _count(words: Sequence[str], term: tuple[str, ...]) -> int:
    if len(term) == 1:
        return words.count(term[0])
    n = len(term)
    return sum(1 for i in range(len(words) - n + 1) if tuple(words[i : i + n]) == term)


def _body_hits(entry: Entry, term: tuple[str, ...]) -> list[int]:
    """Positions in the body where the term (a word or a phrase) starts."""
    starts = entry.positions.get(term[0], [])
    if len(term) == 1:
        return starts
    n = len(term)
    return [i for i in starts if tuple(entry.body[i : i + n]) == term]


def idf(total: int, frequency: int) -> float:
    """BM25's inverse document frequency, floored so that a common word still counts a little."""
    return max(0.05, math.log(1 + (total - frequency + 0.5) / (frequency + 0.5)))


def _shortest_span(hits: list[list[int]]) -> int:
    """The fewest words a passage needs to hold one occurrence of each term (hits per term)."""
    events = sorted((pos, i) for i, positions in enumerate(hits) for pos in positions)
    need, have, counts = len(hits), 0, [0] * len(hits)
    best, left = math.inf, 0
    for pos, i in events:
        counts[i] += 1
        have += counts[i] == 1
        while have == need:
            lpos, li = events[left]
            best = min(best, pos - lpos + 1)
            counts[li] -= 1
            have -= counts[li] == 0
            left += 1
    return int(best) if best != math.inf else 0


# A concept matched by several of its terms (the game's word and the player's) scores its best
# term in full and the others at this share: more evidence, but one concept still.
OTHER_TERMS_SHARE = 0.3

Concept = Sequence[tuple[tuple[str, ...], float]]  # (stemmed term, weight) alternatives


def score(entry: Entry, concepts: Sequence[Concept], avg_body: float) -> float:
    """How well a section answers the concepts: each a group of stemmed terms (a word or a
    phrase) with weights that already include the term's IDF."""
    total = 0.0
    matched = 0.0
    whole = 0.0
    body_hits = []
    in_topic = [0] * len(entry.topic_phrases)  # per topic, the concepts it holds
    norm = 1 - B + B * len(entry.body) / max(avg_body, 1.0)
    for concept in concepts:
        whole += concept_weight(concept)
        parts = []
        hits_here: list[int] = []
        best = 0.0
        for term, weight in concept:
            hits = _body_hits(entry, term)
            tf = entry.field_count(term) + BODY_WEIGHT * len(hits) / norm
            if tf <= 0:
                continue
            parts.append(weight * tf * (K1 + 1) / (tf + K1))
            best = max(best, weight)
            hits_here.extend(hits)
        if not parts:
            continue
        parts.sort(reverse=True)
        total += parts[0] + OTHER_TERMS_SHARE * sum(parts[1:])
        matched += best
        if hits_here:
            body_hits.append(hits_here)
        for i in frozenset().union(*(entry.topics_with(term) for term, _ in concept)):
            in_topic[i] += 1
    if total <= 0:
        return 0.0
    share = matched / whole
    total *= 1 + COVERAGE_BONUS * share * share
    # Proximity: the question's words in one sentence of the body, or in one topic.
    together = 0.0
    if len(body_hits) >= 2:
        span = _shortest_span(body_hits)
        closeness = min(1.0, PROXIMITY_WINDOW / max(span, 1))
        together = closeness * (len(body_hits) - 1)
    if max(in_topic, default=0) >= 2:
        together = max(together, max(in_topic) - 1.0)
    if together:
        total *= 1 + PROXIMITY_BONUS * together / (len(concepts) - 1)
    return total * entry.factor


def weigh(
    concepts: Sequence[Sequence[tuple[str, float]]],
    *,
    frequency: dict[tuple[str, ...], int],
    total: int,
) -> list[list[tuple[tuple[str, ...], float]]]:
    """The question's concepts, in order, as their stemmed terms with weight × IDF (a concept
    none of whose terms has a word is empty)."""
    return [
        [
            (stems(term), weight * idf(total, frequency.get(stems(term), 0)))
            for term, weight in concept
            if stems(term)
        ]
        for concept in concepts
    ]


def concept_weight(concept: Concept) -> float:
    """What a concept counts for in a section's coverage: its best term's weight."""
    return max((weight for _, weight in concept), default=0.0)


def rank(
    entries: Iterable[Entry],
    concepts: Sequence[Sequence[tuple[str, float]]],
    *,
    frequency: dict[tuple[str, ...], int],
    total: int,
    avg_body: float,
    typed: Sequence[str] = (),
) -> list[tuple[Entry, float]]:
    """The entries with a score above zero, best first (ties keep the given order).

    `concepts`: what the question asks, each a group of (term, weight) alternatives
    (rules.core.parsing.SearchTerms.concepts); `typed`: its content words as typed, which
    name a section when they hold all the words of its heading (NAMED_BONUS)."""
    weighted = [group for group in weigh(concepts, frequency=frequency, total=total) if group]
    said = {stem(word) for word in typed}
    scored = [
        (entry, score(entry, weighted, avg_body) * (1 + NAMED_BONUS * _named_share(entry, said)))
        for entry in entries
    ]
    kept = [(entry, s) for entry, s in scored if s > 0]
    kept.sort(key=lambda pair: -pair[1])
    return kept


# A section a question names by its heading ("what does being exerted stop…" names Exert) scores
# this much more: it is the definition of the question's subject.
NAMED_BONUS = 0.5


def _named_share(entry: Entry, said: set[str]) -> float:
    """The share of the question's words that name the section's heading (0 if they do not name
    it): a question all about Exert names it more than one that mentions a deck in passing.

    Only the words as typed name a section, not the game's words a synonym adds: "side out"
    stands for Lock and Show, and does not ask what Lock is."""
    named = [len(name) for name in entry.names if name <= said]
    return max(named) / len(said) if named else 0.0


def heading_names(heading: str) -> tuple[frozenset[str], ...]:
    """The subjects a heading names, as sets of stemmed content words: the heading without its
    parenthesis, and the parenthesis ("The Hand (Thoughts)": {hand}, {thought}); words split
    by a slash are alternatives ("Died/Dies"); a placeholder such as [X] is not a word."""
    plain = re.sub(r"\[[^\]]*\]", " ", heading)
    parts = [
        re.sub(r"\([^)]*\)", " ", plain),
        *re.findall(r"\(([^)]*)\)", plain),
        plain.replace("(", " ").replace(")", " "),
    ]
    names = []
    for part in parts:
        for alternative in _alternatives(part):
            words = frozenset(stem(w) for w in words_of(alternative) if w not in STOPWORDS)
            if words and words not in names:
                names.append(words)
    return tuple(names)


def _alternatives(text: str) -> list[str]:
    """ "Died/Dies" → ["Died", "Dies"]; "Move/Moving Phase" → ["Move Phase", "Moving Phase"]."""
    match = re.search(r"(\S+)/(\S+)", text)
    if not match:
        return [text]
    before, after = text[: match.start()], text[match.end() :]
    return [f"{before}{word}{after}" for word in match.groups()]


def holds(entry: Entry, term: tuple[str, ...], *, topics: bool = True) -> bool:
    """Whether the term (stemmed) occurs in any field of the entry (the topics too, unless not)."""
    return bool(
        _body_hits(entry, term)
        or _count(entry.heading, term)
        or _count(entry.path, term)
        or (topics and _count(entry.topics, term))
    )


class Index:
    """Which entries hold a term, from word postings: what candidates and rarity are read from.

    Scanning every section for every term of every question made those reads most of a
    search's time; postings per word answer a word at once, and a phrase from the entries
    holding all its words."""

    def __init__(self, entries: Iterable[Entry]) -> None:
        self.entries = {entry.key: entry for entry in entries}
        self._text: dict[str, set[int]] = {}  # heading, path or body
        self._topics: dict[str, set[int]] = {}
        for entry in self.entries.values():
            for word in (*entry.heading, *entry.path, *entry.body):
                self._text.setdefault(word, set()).add(entry.key)
            for word in entry.topics:
                self._topics.setdefault(word, set()).add(entry.key)

    def holding(self, term: tuple[str, ...], *, topics: bool = True) -> frozenset[int]:
        """The keys of the entries holding the term (stemmed: a word or a phrase) in any field,
        the topics too unless not."""
        if not term:
            return frozenset()
        found: set[int] | None = None
        for word in set(term):
            with_word = self._text.get(word, set())
            if topics:
                with_word = with_word | self._topics.get(word, set())
            found = with_word if found is None else found & with_word
        if found is None or len(term) == 1:
            return frozenset(found or ())
        # A phrase: its words must stand together in one field.
        return frozenset(key for key in found if holds(self.entries[key], term, topics=topics))

    def text_frequencies(self, terms: Iterable[str], among: set[int]) -> dict[tuple[str, ...], int]:
        """In how many of the entries `among` each term (stemmed) occurs in the text: heading,
        path or body.

        Not the topics: they are written in players' words about the game, so a game word
        ("exert") is in many sections' topics, and counting them would make it common, and a
        rare word beside it ("stop") would decide the ranking alone."""
        wanted = {stems(t) for t in terms} - {()}
        return {term: len(self.holding(term, topics=False) & among) for term in wanted}

    def concepts_held(
        self, concepts: Sequence[Sequence[tuple[str, float]]]
    ) -> Callable[[int], frozenset[int]]:
        """For an entry's key, which of the question's concepts (by position) it holds through
        any of their terms."""
        holders = [
            frozenset().union(*(self.holding(stems(word)) for word, _ in concept))
            for concept in concepts
        ]
        return lambda key: frozenset(i for i, keys in enumerate(holders) if key in keys)
