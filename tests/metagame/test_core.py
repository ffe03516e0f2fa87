"""The metagame's pure core: classification by rules (first fit wins, Other otherwise), merges and
splits that move exactly the decklists they say, and the figures (shares, records, Wilson
intervals, the head-to-head matrix, mirrors apart), by hand-computed examples and properties."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from metagame.core.archetypes import (
    Rule,
    Signature,
    card_counts,
    classify,
    merge_rules,
    split_rules,
)
from metagame.core.figures import Record, Result, figures, overlap
from rules.core.decklist import DeckEntry, Decklist

CARDS = ("Hexfire", "Static Lattice", "Temple Lion", "Arc Relay", "Bramble Boar")
CHAMPIONS = ("Nyx Ashcoil", "Sera Vantyne", "Castellan Hedra Voss")


def deck(champion: str, **counts: int) -> Decklist:
    timeline = tuple(
        DeckEntry(count, name.replace("_", " ")) for name, count in counts.items() if count
    )
    return Decklist(champion=champion, timeline=timeline)


def test_the_first_rule_a_decklist_fits_names_its_archetype():
    # given: 1 = Nyx with 3+ Hexfire, 2 = any Nyx, 3 = anyone with 2+ Static Lattice
    rules = [
        Rule(1, "Nyx Ashcoil", (Signature("Hexfire", 3),)),
        Rule(2, "nyx  ashcoil"),
        Rule(3, "", (Signature("Static Lattice", 2),)),
    ]
    # then
    assert classify(deck("Nyx Ashcoil", Hexfire=4), rules) == 1
    assert classify(deck("Nyx Ashcoil", Hexfire=2), rules) == 2  # too few for rule 1
    assert classify(deck("Sera Vantyne", Static_Lattice=2), rules) == 3
    assert classify(deck("Sera Vantyne", Static_Lattice=1), rules) is None  # Other


def test_copies_count_over_every_section_and_names_match_loosely():
    decklist = Decklist(
        champion="Nyx Ashcoil",
        timeline=(DeckEntry(2, "Hexfire"),),
        forethoughts=(DeckEntry(1, "HEXFIRE"),),
    )
    assert card_counts(decklist) == {"hexfire": 3}
    assert classify(decklist, [Rule(7, "", (Signature("hexfire", 3),))]) == 7


def test_a_rule_that_names_nothing_is_marked():
    assert not Rule(1).names_something
    assert Rule(1, "Nyx Ashcoil").names_something
    assert Rule(1, "", (Signature("Hexfire"),)).names_something


decklists = st.builds(
    lambda champion, counts: deck(
        champion, **dict(zip((c.replace(" ", "_") for c in CARDS), counts, strict=True))
    ),
    st.sampled_from(CHAMPIONS),
    st.lists(st.integers(0, 4), min_size=len(CARDS), max_size=len(CARDS)),
)
signatures = st.lists(
    st.builds(Signature, st.sampled_from(CARDS), st.integers(1, 4)), max_size=2
).map(tuple)
rule_lists = st.lists(
    st.builds(Rule, st.integers(1, 4), st.sampled_from(("", *CHAMPIONS)), signatures), max_size=6
)


@settings(max_examples=150, deadline=None)
@given(rule_lists, st.lists(decklists, max_size=8), st.integers(1, 4), signatures)
def test_a_split_moves_exactly_the_source_decklists_that_hold_the_cards(
    rules, lists, source, cards
):
    new = 99
    after = split_rules(rules, source, new, cards)
    for decklist in lists:
        before, now = classify(decklist, rules), classify(decklist, after)
        holds = all(card_counts(decklist).get(s.card.casefold(), 0) >= s.minimum for s in cards)
        if before == source and holds:
            assert now == new
        else:
            assert now == before


@settings(max_examples=150, deadline=None)
@given(rule_lists, st.lists(decklists, max_size=8), st.integers(1, 4), st.integers(1, 4))
def test_a_merge_renames_the_source_and_moves_nothing_else(rules, lists, source, into):
    after = merge_rules(rules, source, into)
    for decklist in lists:
        before = classify(decklist, rules)
        assert classify(decklist, after) == (into if before == source else before)


# --- figures ------------------------------------------------------------------------------------


def test_figures_by_hand():
    # given: four players, A A B C; A1 beats B, B beats A2, A1 draws A2 (a mirror), C beats A2,
    # A1 v D (not published) is left out
    archetype_of = {1: "A", 2: "A", 3: "B", 4: "C"}
    results = [
        Result(1, 3, "a"),
        Result(3, 2, "a"),
        Result(1, 2, "draw"),
        Result(4, 2, "a"),
        Result(1, 5, "a"),
    ]
    # when
    found = figures(archetype_of, results)
    # then
    assert found.players == 4
    assert found.names == ["A", "B", "C"]
    a, b, c = found.archetypes
    assert (a.players, a.share, a.mirrors) == (2, 0.5, 1)
    assert (a.record.wins, a.record.losses, a.record.draws) == (1, 2, 0)
    assert (b.record.wins, b.record.losses) == (1, 1)
    assert (c.record.wins, c.record.losses, c.share) == (1, 0, 0.25)
    assert found.matrix[("A", "B")] == Record(1, 1, 0)
    assert found.matrix[("B", "A")] == Record(1, 1, 0)
    assert found.matrix[("A", "C")] == Record(0, 1, 0)
    assert ("B", "C") not in found.matrix
    # Wilson 95% of 1 win in 3 (statsmodels: proportion_confint(1, 3, method="wilson"))
    low, high = a.record.interval
    assert low == pytest.approx(0.06149, abs=1e-4)
    assert high == pytest.approx(0.79234, abs=1e-4)


results_strategy = st.lists(
    st.builds(Result, st.integers(1, 8), st.integers(1, 8), st.sampled_from(("a", "b", "draw"))),
    max_size=30,
).map(lambda rs: [r for r in rs if r.a != r.b])


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(st.integers(1, 8), st.sampled_from(("A", "B", "C")), min_size=1),
    results_strategy,
)
def test_the_matrix_is_antisymmetric_and_adds_up_to_the_records(archetype_of, results):
    found = figures(archetype_of, results)
    assert sum(a.share for a in found.archetypes) == pytest.approx(1)
    for (row, column), record in found.matrix.items():
        assert row != column
        assert found.matrix[(column, row)] == record.flipped()
    for line in found.archetypes:
        total = Record()
        for (row, _), record in found.matrix.items():
            if row == line.name:
                total = total.plus(record)
        assert total == line.record
        if line.record.played:
            low, high = line.record.interval
            assert 0 <= low <= line.record.win_rate <= high <= 1
    counted = [r for r in results if r.a in archetype_of and r.b in archetype_of]
    mirrors = sum(a.mirrors for a in found.archetypes)
    crossed = sum(r.played for r in found.matrix.values()) // 2
    assert mirrors + crossed == len(counted)


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        ((0.1, 0.4), (0.3, 0.6), True),
        ((0.1, 0.3), (0.3, 0.5), True),
        ((0.1, 0.29), (0.3, 0.5), False),
    ],
)
def test_intervals_overlap(first, second, expected):
    assert overlap(first, second) is expected
    assert overlap(second, first) is expected
