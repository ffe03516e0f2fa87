"""What a section's heading names, for the lookup's named-section bonus (rules.core.ranking)."""

import pytest

from rules.core.ranking import Entry, heading_names, rank, stem


def names(heading: str) -> set[frozenset[str]]:
    return set(heading_names(heading))


@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        ("Exert", [{"exert"}]),
        ("The Stack", [{"stack"}]),
        ("The Hand (Thoughts)", [{"hand"}, {"thought"}, {"hand", "thought"}]),
        ("Target (spot)", [{"target"}, {"spot"}, {"target", "spot"}]),
        ("Died/Dies", [{"die"}]),
        ("Drain Attack [X]", [{"drain", "attack"}]),
        ("Leave/Leaves (a Spot)", [{"leav"}, {"spot"}, {"leav", "spot"}]),
    ],
)
def test_a_heading_names_its_words_its_parenthesis_and_each_slash_alternative(heading, expected):
    assert names(heading) == {frozenset(words) for words in expected}


def entry(key: int, heading: str, body: str) -> Entry:
    words = tuple(stem(w) for w in body.lower().split())
    return Entry(
        key=key,
        heading=(stem(heading.lower()),),
        path=(),
        body=words,
        names=heading_names(heading),
    )


def test_only_the_typed_words_name_a_section_and_the_bonus_grows_with_their_share():
    # given: two sections alike but for the heading; the question's words are in both bodies
    entries = [entry(1, "Gusts", "wind moves a kite"), entry(2, "Wind", "wind moves a kite")]
    concepts = [(("wind", 1.0),), (("kite", 1.0),)]
    common = {"frequency": {}, "total": 10, "avg_body": 4.0}
    # when
    plain = {e.key: s for e, s in rank(entries, concepts, **common)}
    named = {e.key: s for e, s in rank(entries, concepts, typed=("wind", "kite"), **common)}
    alone = {e.key: s for e, s in rank(entries, concepts, typed=("wind",), **common)}
    # then: naming "wind" lifts Wind, more when "wind" is the whole question
    assert named[1] == plain[1]
    assert plain[2] < named[2] < alone[2]
