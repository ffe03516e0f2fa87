"""The lookup's word postings (rules.core.ranking.Index) find exactly the entries that hold a
term, as scanning every entry with ranking.holds does."""

from hypothesis import given
from hypothesis import strategies as st

from rules.core.ranking import Entry, Index, holds

WORDS = st.sampled_from(["exert", "summon", "spot", "move", "the", "draw"])
FIELD = st.lists(WORDS, max_size=8).map(tuple)


@st.composite
def entries(draw):
    fields = draw(st.lists(st.tuples(FIELD, FIELD, FIELD, FIELD), min_size=1, max_size=8))
    return [
        Entry(key=i, heading=heading, path=path, body=body, topics=topics)
        for i, (heading, path, body, topics) in enumerate(fields)
    ]


@given(entries(), st.lists(WORDS, min_size=1, max_size=3).map(tuple), st.booleans())
def test_postings_find_the_entries_holding_a_word_or_phrase(found, term, topics):
    index = Index(found)
    assert index.holding(term, topics=topics) == {
        entry.key for entry in found if holds(entry, term, topics=topics)
    }


@given(entries(), st.lists(WORDS, min_size=1, max_size=2).map(tuple))
def test_text_frequencies_count_only_heading_path_and_body(found, term):
    index = Index(found)
    among = {entry.key for entry in found}
    frequency = index.text_frequencies([" ".join(term)], among)
    assert frequency[term] == sum(1 for entry in found if holds(entry, term, topics=False))


def test_concepts_held_names_each_concept_an_entry_holds_through_any_term():
    index = Index(
        [
            Entry(key=1, heading=("exert",), path=(), body=("summon",)),
            Entry(key=2, heading=(), path=(), body=("move",), topics=("spot",)),
        ]
    )
    held = index.concepts_held([[("exert", 1.0)], [("spot", 1.0), ("summon", 0.5)]])
    assert held(1) == {0, 1}
    assert held(2) == {1}
