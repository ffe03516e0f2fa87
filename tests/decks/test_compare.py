"""Comparing two decklists (decks.core.compare): what each has that the other lacks, counts that
differ, and cards alike; by hand and as properties over random lists."""

from hypothesis import given
from hypothesis import strategies as st

from decks.core.compare import compare_decklists
from rules.core.cards import name_key
from rules.core.decklist import CARD_SECTIONS, DeckEntry, Decklist, Section, parse_decklist, tally

A = parse_decklist(
    """Champion: Sera Vantyne
Timeline
4 Static Lattice
3 Storm Herald
2 Ion Drake
Forethoughts
2 Air Shield
"""
)
B = parse_decklist(
    """Champion: sera vantyne
Timeline
4 static lattice
1 Storm Herald
4 Chain Lightning
"""
)


def test_each_side_lists_what_the_other_lacks_and_counts_that_differ():
    # when
    comparison = compare_decklists(A, B)
    timeline, forethoughts, _ = comparison.sections
    # then
    assert comparison.same_champion
    assert [(c.name, c.a, c.b) for c in timeline.only_a] == [("Ion Drake", 2, 0)]
    assert [(c.name, c.a, c.b) for c in timeline.only_b] == [("Chain Lightning", 0, 4)]
    assert [(c.name, c.a, c.b) for c in timeline.differ] == [("Storm Herald", 3, 1)]
    assert [(c.name, c.a, c.b) for c in timeline.same] == [("Static Lattice", 4, 4)]
    assert (timeline.cards_a, timeline.cards_b) == (9, 9)
    assert [(c.name, c.a) for c in forethoughts.only_a] == [("Air Shield", 2)]
    assert not forethoughts.only_b
    assert not comparison.alike


def test_a_different_champion_is_a_difference():
    other = parse_decklist("Champion: Nyx Ashcoil\nTimeline\n4 Static Lattice\n")
    comparison = compare_decklists(A, other)
    assert not comparison.same_champion
    assert (comparison.champion_a, comparison.champion_b) == ("Sera Vantyne", "Nyx Ashcoil")


def test_a_deck_against_itself_is_alike():
    comparison = compare_decklists(A, A)
    assert comparison.alike
    assert sum(len(s.same) for s in comparison.sections) == 4


# --- properties --------------------------------------------------------------------------------

NAMES = ["Static Lattice", "static  lattice", "Storm Herald", "Ion Drake", "Air Shield", "Cub"]
entries = st.lists(st.builds(DeckEntry, st.integers(1, 5), st.sampled_from(NAMES)), max_size=6).map(
    tuple
)
decklists = st.builds(
    Decklist,
    champion=st.sampled_from([None, "Vela", "vela", "Nyx"]),
    timeline=entries,
    forethoughts=entries,
    subconscious=entries,
)


@given(decklists, decklists)
def test_every_card_of_either_list_is_in_exactly_one_bucket_with_its_counts(a, b):
    comparison = compare_decklists(a, b)
    for found in comparison.sections:
        in_a, in_b = tally(a.entries(found.section)), tally(b.entries(found.section))
        buckets = [*found.only_a, *found.only_b, *found.differ, *found.same]
        keys = [name_key(c.name) for c in buckets]
        assert sorted(keys) == sorted({*in_a, *in_b})  # each card once, none left out
        for counts in buckets:
            key = name_key(counts.name)
            assert counts.a == in_a.get(key, [None, 0])[1]
            assert counts.b == in_b.get(key, [None, 0])[1]
        assert all(c.b == 0 for c in found.only_a)
        assert all(c.a == 0 for c in found.only_b)
        assert all(c.a != c.b and c.a and c.b for c in found.differ)
        assert all(c.a == c.b for c in found.same)
        assert found.cards_a == sum(e.count for e in a.entries(found.section))


@given(decklists, decklists)
def test_swapping_the_decks_swaps_the_sides(a, b):
    forward, backward = compare_decklists(a, b), compare_decklists(b, a)
    for there, back in zip(forward.sections, backward.sections, strict=True):
        assert {(name_key(c.name), c.a) for c in there.only_a} == {
            (name_key(c.name), c.b) for c in back.only_b
        }
        assert {(name_key(c.name), c.a, c.b) for c in there.differ} == {
            (name_key(c.name), c.b, c.a) for c in back.differ
        }
    assert forward.alike == backward.alike


@given(decklists)
def test_any_list_is_alike_to_itself(a):
    assert compare_decklists(a, a).alike


def test_sections_come_in_decklist_order():
    assert [s.section for s in compare_decklists(A, B).sections] == list(CARD_SECTIONS)
    assert CARD_SECTIONS[0] == Section.TIMELINE
