"""Ability names read into machine-readable keyword terms (Core Rulebook 5.2, Anatomy of Abilities)."""

import pytest

from rules.core.cards import KeywordTerm
from rules.core.keywords import GLOSSARY, KeywordError, Param, parse_ability_name


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Basic Attack [1]", [{"keyword": "attack", "attributes": ["basic"], "value": 1}]),
        (
            "Area Range Attack [4]",
            [{"keyword": "attack", "attributes": ["area", "range"], "value": 4}],
        ),
        (
            "Quick Heavy Attack [3]",
            [{"keyword": "quick"}, {"keyword": "attack", "attributes": ["heavy"], "value": 3}],
        ),
        (
            "Chain Electric Attack [3/2/1]",
            [
                {"keyword": "chain"},
                {"keyword": "attack", "attributes": ["electric"], "value": 3, "values": [3, 2, 1]},
            ],
        ),
        ("Weakness [Electric]", [{"keyword": "weakness", "specific": "electric"}]),
        ("Counter Attack [2]", [{"keyword": "counter_attack", "value": 2}]),
        ("Resurrect Beckon", [{"keyword": "resurrect_beckon"}]),
        ("Beckon", [{"keyword": "beckon"}]),
        ("Breakthrough", [{"keyword": "draw"}]),  # deprecated, replaced by Draw
        ("champion   curse", [{"keyword": "champion_curse"}]),
        ("Death Touch [2]", [{"keyword": "death_touch", "value": 2}]),
    ],
)
def test_ability_names_parse_into_terms(name, expected):
    assert [t.as_dict() for t in parse_ability_name(name)] == expected


@pytest.mark.parametrize(
    ("name", "fragment"),
    [
        ("Fireball", "'Fireball' is not a keyword"),
        ("Beckon [3]", "takes no [value]"),
        ("Cure", "needs a [value]"),
        ("Cure [many]", "whole number"),
        ("Weakness [3]", "needs a word"),
        ("", "at least one keyword"),
        ("Attack", "needs a [value]"),
    ],
)
def test_unknown_or_malformed_keywords_are_refused(name, fragment):
    with pytest.raises(KeywordError, match=fragment.replace("[", r"\[").replace("]", r"\]")):
        parse_ability_name(name)


def test_every_glossary_keyword_parses_from_its_own_name():
    for keyword in GLOSSARY:
        name = keyword.name.replace(" [X]", "")
        if keyword.param is Param.NUMBER:
            name += " [2]"
        elif keyword.param is Param.SPECIFIC:
            name += " [Fire]"
        elif keyword.param is Param.AILMENT:
            name += " [Stun]"
        terms = parse_ability_name(name)
        assert terms[-1].keyword == (keyword.deprecated_for or keyword.slug), name


def test_only_an_ailment_holds_a_bracket_of_its_own():
    # Glossary: Brand, "a specific ailment"; Weakness [Specific] takes its source.
    (term,) = parse_ability_name("Brand [Weakness [Fire]]")
    assert term.specific == "weakness [fire]"
    with pytest.raises(KeywordError):
        parse_ability_name("Weakness [Fire [Water]]")


def test_terms_round_trip_through_dicts():
    for term in parse_ability_name("Chain Electric Attack [3/2/1]"):
        assert KeywordTerm.from_dict(term.as_dict()) == term


def test_range_attack_is_found_under_its_attribute():
    (term,) = parse_ability_name("Area Range Attack [4]")
    assert set(term.index_slugs) == {"attack", "area_attack", "range_attack"}
