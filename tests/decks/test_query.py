"""The card search language (docs/search.md): parsing and clear errors, no database."""

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from decks.core.query import And, Filter, Not, Or, QueryError, Word, parse


@pytest.mark.parametrize(
    ("query", "tree"),
    [
        ("", None),
        ("fire", Word("fire")),
        ("t:summon", Filter("type", "=", "summon")),
        ("t:sum", Filter("type", "=", "summon")),
        ("chi<=3", Filter("chi", "<=", 3)),
        ("hp>=4", Filter("hp", ">=", 4)),
        ("chi:2", Filter("chi", "=", 2)),
        ("aff:Axon", Filter("affiliation", "=", "axon")),
        ("kw:flight", Filter("keyword", "=", "flight")),
        ('kw:"range attack"', Filter("keyword", "=", "range_attack")),
        ("speed:swift", Filter("speed", "=", "swift")),
        ("cost:energy", Filter("cost", "=", "energy")),
        ('"range attack"', Word("range attack")),
        ("-kw:flight", Not(Filter("keyword", "=", "flight"))),
        ("a b", And((Word("a"), Word("b")))),
        ("a and b", And((Word("a"), Word("b")))),
        ("a or b", Or((Word("a"), Word("b")))),
        ("a b or c", Or((And((Word("a"), Word("b"))), Word("c")))),
        (
            "(t:spell or t:technique) -cost:aura",
            And(
                (
                    Or((Filter("type", "=", "spell"), Filter("type", "=", "technique"))),
                    Not(Filter("cost", "=", "aura")),
                )
            ),
        ),
    ],
)
def test_queries_parse(query, tree):
    assert parse(query) == tree


@pytest.mark.parametrize(
    ("query", "token", "fragment"),
    [
        ("chi<=x", "chi<=x", "needs a whole number"),
        ("foo:bar", "foo:bar", "unknown filter 'foo'"),
        ("t:creature", "t:creature", "must be one of"),
        ("speed<2", "speed<2", "only be matched with ':'"),
        ("(t:spell", "(", "missing ')'"),
        ("t:spell)", ")", "unexpected ')'"),
        ('"unclosed', '"unclosed', "unclosed quote"),
        ("fire or", "or", "both sides"),
        ("()", "()", "empty parentheses"),
        ("chi>", "chi>", "needs a value"),
        ("x" * 501, "", "longer than 500"),
    ],
)
def test_bad_queries_name_the_bad_token(query, token, fragment):
    with pytest.raises(QueryError) as caught:
        parse(query)
    assert fragment in caught.value.message
    assert caught.value.token == token


@given(st.text(max_size=80))
def test_any_text_parses_or_raises_query_error(text):
    with contextlib.suppress(QueryError):
        parse(text)


@pytest.mark.parametrize("count", [11, 320, 490])
def test_parentheses_nested_too_deep_are_refused_clearly(count):
    # unclosed, as a hostile query would send them: the recursion used to overflow
    with pytest.raises(QueryError, match="nests parentheses more than 10 deep"):
        parse("(" * count + "t:summon")


def test_parentheses_ten_deep_still_parse():
    assert parse("(" * 10 + "t:summon" + ")" * 10) is not None
