"""Searching the rules: ranking, synonyms, misspellings, the API and the command.

The rulebook here is invented for the tests. The ranking tests (named *ranking*) also run on
SQLite, from tests/rules/test_lookup_questions.py, so both databases must pass them.
"""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rules.core.parsing import MAX_QUESTION
from rules.models import Synonym
from rules.selectors import rules_search
from rules.services import glossary_load, rulebook_import

SKY_RULES = """# Sky Duel Rules

## Drawing Feathers
At the start of each round every player draws one feather from their quiver.

## The Quiver (Deck)
Your quiver holds your feathers face down. You may never look through it.

## The Nest (Discard Pile)
Spent feathers go to the nest, face up. Anyone may look at the nest at any time.

## Paralyze
A paralyzed kite cannot move or turn this round.

## Gusts
Some moves cost wind, paid from your gust pool. Wind is never refunded.

## Glossary
### Feather
A card of Sky Duel. Every feather has a wind cost printed in its corner.
"""
SKY = "sky-duel-rules"


@pytest.fixture
def sky_rules(db):
    return rulebook_import(text=SKY_RULES, name="Sky Duel Rules", version="1").document


def headings(query: str, **kwargs) -> list[str]:
    return [r.section.heading for r in rules_search(query=query, **kwargs)]


# --- ranking (run on PostgreSQL and on SQLite) ---------------------------------------------------


def test_ranking_puts_a_heading_match_above_a_body_match(sky_rules):
    # "quiver" is in the heading and body of one section, in the body only of another
    assert headings("what is my quiver", document=SKY)[:2] == [
        "The Quiver (Deck)",
        "Drawing Feathers",
    ]


def test_ranking_matches_every_form_of_a_word(sky_rules):
    # "draw" finds "Drawing" and "draws"; "feathers" finds "feather"
    assert headings("how many feathers do I draw", document=SKY)[0] == "Drawing Feathers"


def test_ranking_prefers_the_rare_word_of_a_question(sky_rules):
    # "feather" is in most sections; "refunded" in one
    assert headings("is my feather wind refunded", document=SKY)[0] == "Gusts"


def test_ranking_finds_a_misspelt_keyword(sky_rules):
    assert headings("what does paralize do", document=SKY)[0] == "Paralyze"


def test_ranking_uses_the_synonym_table_and_admins_can_change_it(sky_rules):
    # given: the default table says graveyard means memories, which Sky Duel does not have
    assert headings("graveyard", document=SKY) == []
    # when: an admin points it at this game's word
    Synonym.objects.filter(term="graveyard").update(replacements="nest")
    # then
    assert headings("can I look in the graveyard", document=SKY)[0] == "The Nest (Discard Pile)"


def test_ranking_can_be_limited_to_one_document(sky_rules):
    glossary_load()
    everywhere = {r.document.slug for r in rules_search(query="paralyze")}
    assert everywhere == {SKY, "glossary"}
    assert {r.document.slug for r in rules_search(query="paralyze", document=SKY)} == {SKY}
    assert {r.document.slug for r in rules_search(query="paralyze", document="glossary")} == {
        "glossary"
    }


def test_ranking_never_returns_a_heading_without_text(sky_rules):
    assert "Sky Duel Rules" not in headings("sky duel rules")
    assert "Glossary" not in headings("glossary feather")


# --- the API -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "code"),
    [
        ({}, "empty_query"),
        ({"q": "   "}, "empty_query"),
        ({"q": "x" * (MAX_QUESTION + 1)}, "query_too_long"),
        ({"q": "quiver", "document": "no-such-book"}, "unknown_document"),
        ({"q": "quiver", "limit": "0"}, "invalid"),
    ],
)
def test_the_api_refuses_bad_questions_with_400(client, sky_rules, params, code):
    response = client.get("/api/rules/search/", params)
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert response.json()["detail"]


def test_the_api_returns_ranked_results_with_path_snippet_and_url(client, sky_rules):
    response = client.get("/api/rules/search/", {"q": "Can I look at the nest?", "document": SKY})
    assert response.status_code == 200
    results = response.json()["results"]
    first = results[0]
    assert set(first) == {"document", "section", "path", "snippet", "url", "score"}
    assert first["document"] == "Sky Duel Rules"
    assert first["section"] == "The Nest (Discard Pile)"
    assert first["path"] == ["Sky Duel Rules", "The Nest (Discard Pile)"]
    assert "<mark>nest</mark>" in first["snippet"]
    assert first["url"] == "/rules/sky-duel-rules/the-nest-discard-pile/"
    assert [r["score"] for r in results] == sorted((r["score"] for r in results), reverse=True)
    assert client.get(first["url"]).status_code == 200


def test_the_api_answers_no_match_with_an_empty_list(client, sky_rules):
    response = client.get("/api/rules/search/", {"q": "xylophone"})
    assert response.status_code == 200
    assert response.json() == {"results": []}


def test_the_command_prints_the_same_results_as_the_api(client, sky_rules, capsys):
    # when
    call_command("rules_search", "can I look at my quiver", "--json", "--limit", "2")
    printed = json.loads(capsys.readouterr().out)
    # then
    api = client.get("/api/rules/search/", {"q": "can I look at my quiver", "limit": 2}).json()
    assert printed == api
    assert len(printed["results"]) == 2


def test_the_command_prints_readable_results_and_refuses_an_empty_question(sky_rules, capsys):
    call_command("rules_search", "quiver", "--document", SKY)
    out = capsys.readouterr().out
    assert out.startswith("1. Sky Duel Rules › The Quiver (Deck)")
    assert "/rules/sky-duel-rules/the-quiver-deck/" in out
    assert "**quiver**" in out
    with pytest.raises(CommandError, match="Type a question"):
        call_command("rules_search", " ")
