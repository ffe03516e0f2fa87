"""Awareness drawings (Core Rulebook 5.2, Anatomy D): parsing, drawing back, errors."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.awareness import Awareness, AwarenessError


def test_forward_is_the_top_row():
    # given a pattern that sees the spot in front and the two to the sides
    awareness = Awareness.parse([".x.", "x^x"])
    # then forward is dy = +1 and the origin is not part of it
    assert awareness.offsets == {(0, 1), (-1, 0), (1, 0)}


def test_spaces_are_ignored_and_arena_is_unbounded():
    assert Awareness.parse([". x .", ". ^ ."]).offsets == {(0, 1)}
    assert Awareness.parse("arena").unbounded


@pytest.mark.parametrize(
    ("drawing", "message"),
    [
        (["xx", "x"], "same number"),
        (["x.x"], "exactly one origin"),
        (["^^"], "exactly one origin"),
        (["^o"], "unknown mark"),
        ("everywhere", "list of rows"),
    ],
)
def test_bad_drawings_are_explained(drawing, message):
    with pytest.raises(AwarenessError, match=message):
        Awareness.parse(drawing)


offsets = st.frozensets(
    st.tuples(st.integers(-3, 3), st.integers(-3, 3)).filter(lambda o: o != (0, 0)), max_size=12
)


@given(offsets)
def test_drawing_and_json_round_trip(spots):
    awareness = Awareness(offsets=spots)
    assert Awareness.parse(awareness.drawing()) == awareness
    assert Awareness.from_json(awareness.as_json()) == awareness
