"""Searching the rules: ranking, synonyms, misspellings, the API and the command.

The rulebook here is invented for the tests. The ranking tests (named *ranking*) also run on
SQLite, from tests/rules/test_lookup_questions.py, so both databases must pass them.
"""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rules import search
from rules.core import ranking
from rules.core.parsing import MAX_QUESTION
from rules.core.topics import CORE_RULEBOOK
from rules.models import Document, Synonym
from rules.selectors import rules_search
from rules.services import glossary_load, policies_load, rulebook_import

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
    # Sky Duel's Paralyze and the glossary's are one keyword: one result citing both
    everywhere = {s.document.slug for r in rules_search(query="paralyze") for s in r.sources}
    assert everywhere == {SKY, "glossary"}
    assert {r.document.slug for r in rules_search(query="paralyze", document=SKY)} == {SKY}
    assert {r.document.slug for r in rules_search(query="paralyze", document="glossary")} == {
        "glossary"
    }


def test_ranking_one_result_per_keyword_citing_the_glossary_and_the_rulebook(sky_rules):
    # given: a keyword (Paralyze) in the glossary and in a Genesis rulebook
    glossary_load()
    # when
    results = rules_search(query="what does paralyze do")
    # then: one result, led by the rulebook (the authority), citing the glossary too
    paralyze = [r for r in results if any(s.heading == "Paralyze" for s in r.sources)]
    assert len(paralyze) == 1
    assert [(s.document.slug, s.heading) for s in paralyze[0].sources] == [
        (SKY, "Paralyze"),
        ("glossary", "Paralyze"),
    ]
    # and narrowed to the glossary, the glossary's entry leads and still cites the rulebook
    (only,) = rules_search(query="what does paralyze do", document="glossary")
    assert [s.document.slug for s in only.sources] == ["glossary", SKY]


def test_ranking_snippets_never_mark_words_the_search_ignores(sky_rules):
    # "the", "can", "my" and "of" are ignored; "in the" would be marked in every line
    (first, *_) = rules_search(query="can the start of the round draw my feathers", document=SKY)
    marked = [text.lower() for text, hit in first.snippet.parts if hit]
    assert marked
    assert not {"the", "can", "my", "of", "at"} & set(marked)
    assert {"start", "round", "draws"} <= set(marked)


def test_ranking_snippets_of_a_phrase_synonym_mark_only_its_words(sky_rules):
    # given: a synonym whose replacement is a phrase with stop words in it
    Synonym.objects.create(term="top up", replacements="start of each round")
    # when
    (first, *_) = rules_search(query="top up", document=SKY)
    # then
    marked = {text.lower() for text, hit in first.snippet.parts if hit}
    assert marked == {"start", "round"}


def test_ranking_service_policies_are_a_document_of_their_own(db):
    # given: the normal load (./scripts/serve runs load_glossary, which loads them)
    call_command("load_glossary")
    # when
    results = rules_search(query="what happens if both champions die at the same time")
    # then: the draw policy answers, marked as the service's rule
    first = results[0]
    assert (first.document.name, first.section.heading) == ("Service policies", "Drawn games")
    assert first.is_service_policy
    assert first.document.kind == Document.Kind.POLICIES
    assert first.document.game == ""
    assert policies_load() is None  # loading again changes nothing


def test_ranking_can_be_narrowed_to_a_game(db):
    # given: one rulebook per game, and the service policies (which belong to no game)
    for name, game in [("Sky Duel Rules", "genesis"), ("Archive Duel Rules", "grand-archive")]:
        rulebook_import(text=SKY_RULES.replace("Sky Duel", name), name=name, game=game)
    policies_load()
    # when
    everywhere = {r.document.game for r in rules_search(query="feathers quiver", limit=50)}
    archive = {r.document.game for r in rules_search(query="feathers quiver", game="grand-archive")}
    policy = rules_search(query="concede a game", game="grand-archive")
    # then
    assert everywhere == {"genesis", "grand-archive"}
    assert archive == {"grand-archive"}
    assert policy[0].section.heading == "Concession"


def test_a_heading_without_text_answers_only_through_a_single_subsection(sky_rules):
    # "Sky Duel Rules" heads several sections: they answer, not it. "Glossary" heads one
    # ("Feather"): its text is the glossary's, and the two are one result.
    assert "Sky Duel Rules" not in headings("sky duel rules")
    found = rules_search(query="glossary feather")
    assert [r.section.heading for r in found].count("Glossary") == 1
    assert "Feather" not in [r.section.heading for r in found]
    assert "feather" in found[0].snippet.as_text().lower()


# --- the API -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "code"),
    [
        ({}, "empty_query"),
        ({"q": "   "}, "empty_query"),
        ({"q": "x" * (MAX_QUESTION + 1)}, "query_too_long"),
        ({"q": "quiver", "document": "no-such-book"}, "unknown_document"),
        ({"q": "quiver", "limit": "0"}, "invalid"),
        ({"q": "quiver", "game": "chess"}, "unknown_game"),
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
    assert set(first) == {
        "document", "section", "path", "snippet", "url", "score", "game", "service_policy",
        "sources",
    }  # fmt: skip
    assert first["game"] == "genesis"
    assert first["service_policy"] is False
    assert first["sources"] == [
        {"document": "Sky Duel Rules", "section": "The Nest (Discard Pile)", "url": first["url"]}
    ]
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


# --- the page ----------------------------------------------------------------------------------


def test_the_page_takes_the_game_from_the_address_as_the_selects_default(client, db):
    # given: a link from a Grand Archive event's page
    rulebook_import(text=SKY_RULES, name="Sky Duel Rules", game="genesis")
    rulebook_import(
        text=SKY_RULES.replace("Sky Duel", "Archive Duel"),
        name="Archive Duel",
        game="grand-archive",
    )
    # when
    page = client.get("/rules/", {"game": "grand-archive"}).content.decode()
    searched = client.get("/rules/", {"game": "grand-archive", "q": "quiver"}).content.decode()
    # then
    assert '<option value="grand-archive" selected>' in page
    assert "Archive Duel" in searched
    assert "Sky Duel Rules</span>" not in searched


def test_the_page_refuses_an_unknown_game_with_400(client, db):
    response = client.get("/rules/", {"game": "chess", "q": "quiver"})
    assert response.status_code == 400
    assert "No game is called" in response.content.decode()


def test_the_page_labels_service_policies_as_the_services_rules(client, db):
    policies_load()
    searched = client.get("/rules/", {"q": "can I concede a game"}).content.decode()
    page = client.get("/rules/service-policies/concession/").content.decode()
    assert "This service's rule, not the game's" in searched
    assert "This service's rules, not the game's." in page


def test_ranking_finds_a_section_by_its_topics_which_are_never_shown(db):
    # given: a book filed under the Core Rulebook's name, whose Pinned section never says
    # "immobile" (the topic index, rules.core.topics, lists it among Pinned's topics)
    rulebook_import(
        text="# Book\n## Pinned\nIt stays on its spot.\n## Push\nMove it one spot away.\n",
        name=CORE_RULEBOOK,
    )
    # when
    results = rules_search(query="what does immobile mean")
    # then: found by its topics, stored with it, and quoted from its own text only
    assert [r.section.heading for r in results] == ["Pinned"]
    assert "immobile" in results[0].section.topics
    assert "immobile" not in results[0].snippet.as_html()


TETHER_RULES = """# Kite Rules

## Tether
A tethered kite stays on its spot and cannot turn or dive until its tether is cut.

## Diving
A diving kite drops two spots. Only a gust stops a dive early.

## Gusts
A gust moves every kite one spot, a tethered kite too.

## Spools
Each player brings a spool of string for the round; a tethered kite's spool stays in hand.

## Colours
A kite may be any colour. Colours mean nothing in play.

## Wind
The wind blows from the north unless a card says otherwise.

## Tails
A kite with a long tail turns slowly.

## Scoring
The highest kite at the end of the round scores a point.
"""


@pytest.mark.parametrize(("bonus", "first"), [(1.5, "Tether"), (0.0, "Diving")])
def test_ranking_lifts_the_section_a_question_names(db, monkeypatch, bonus, first):
    # given: "tethered" is in three sections, "stops" in one (Diving), and the question is about
    # Tether: the case of "what does being exerted stop you from doing" in Core 5.2, where the
    # rare word outweighs the subject. (The default bonus is measured on the real rulebook by
    # tests/rules/test_lookup_questions.py; here a bonus large enough for this small book.)
    rulebook_import(text=TETHER_RULES, name="Kite Rules", version="1")
    monkeypatch.setattr(ranking, "NAMED_BONUS", bonus)
    # when
    found = headings("what does being tethered stop you from doing", document="kite-rules")
    # then: with the bonus the section named by the question's subject leads; without it the
    # rare word decides
    assert found[0] == first


KITE_CURRENT = """# Kite Rules 2

## Climbing
Each kite starts the game with ten wind in its pool. Climbing one spot costs one wind, and a
dive costs nothing. Wind that is paid goes to the sky pile, face down, and stays there until
the end of the game: no card, gust or rule puts it in the pool again.

## Spools
Each player brings a spool.

## Colours
A kite may be any colour, on its front and its back.

## Tails
A long tail turns a kite slowly back into the wind.

## Scoring
The highest kite scores a point; the kite furthest back scores none.
"""

KITE_OLDER = """# Kite Starter Guide

## Example
You pay 3 wind with a 4 wind card and get 1 wind back.

## Gale Endurance
Gale endurance lowers what a climb costs.
"""


def test_an_older_text_never_outranks_the_current_rules_on_what_they_answer(db, monkeypatch):
    # given: the older guide's short example holds the question's words closer together than
    # the current rules' long section, which answers it; the older text's weight is lifted to
    # its full score, as a dense enough example of Core 5.2's quickstart guide outscores it
    monkeypatch.setattr(search, "SUPERSEDED_WEIGHT", 1.0)
    monkeypatch.setattr(search, "_cache", [])
    rulebook_import(text=KITE_CURRENT, name="Kite Rules 2", version="2")
    rulebook_import(text=KITE_OLDER, name="Kite Starter Guide", version="1", superseded=True)
    # when
    found = rules_search(query="can I get my wind back")
    # then: below both current sections holding the question's words (without the rule, at the
    # older text's full score, the example ranks first)
    order = [r.section.heading for r in found]
    assert order.index("Example") > max(order.index("Climbing"), order.index("Tails"))


def test_an_older_text_still_answers_what_only_it_holds(db):
    # given: only the older guide has "endurance"
    rulebook_import(text=KITE_CURRENT, name="Kite Rules 2", version="2")
    rulebook_import(text=KITE_OLDER, name="Kite Starter Guide", version="1", superseded=True)
    # when
    found = rules_search(query="what is gale endurance")
    # then
    assert found[0].section.heading == "Gale Endurance"


# --- the game asked about (issue 26) -------------------------------------------------------------


@pytest.fixture
def two_games(db):
    """The same rulebook filed under Genesis and under Grand Archive, and the policies."""
    for name, game in [("Sky Duel Rules", "genesis"), ("Archive Duel Rules", "grand-archive")]:
        rulebook_import(text=SKY_RULES.replace("Sky Duel", name), name=name, game=game)
    policies_load()


def test_a_question_naming_its_game_searches_that_game_first(two_games):
    # when
    unnamed = rules_search(query="who draws feathers from the quiver")
    named = rules_search(query="who draws feathers from the quiver in grand archive")
    short = rules_search(query="GA: who draws feathers from the quiver")
    # then: Genesis leads a question that names no game, the game named leads the others
    assert unnamed[0].document.game == "genesis"
    assert named[0].document.game == "grand-archive"
    assert short[0].document.game == "grand-archive"
    # the name says where to look, not what to look for: the same section leads
    assert named[0].section.heading == unnamed[0].section.heading
    assert "genesis" in {r.document.game for r in named}  # not a filter


def test_a_question_asked_from_a_game_searches_that_game_first(client, two_games):
    # when: the API and the page, given the game of the event or deck the question comes from
    api = client.get("/api/rules/search/", {"q": "draw feathers quiver", "prefer": "grand-archive"})
    page = client.get("/rules/", {"q": "draw feathers quiver", "prefer": "grand-archive"})
    bad = client.get("/api/rules/search/", {"q": "quiver", "prefer": "chess"})
    # then
    assert api.status_code == 200
    games = [r["game"] for r in api.json()["results"]]
    assert games[0] == "grand-archive"
    assert "genesis" in games  # still searched, below
    assert page.status_code == 200
    text = page.content.decode()
    assert text.index("Archive Duel Rules") < text.index("Sky Duel Rules</span>")
    assert '<input type="hidden" name="prefer" value="grand-archive">' in text
    assert bad.status_code == 400
    assert bad.json()["code"] == "unknown_game"


def test_another_games_question_puts_the_service_policies_behind_its_rules(db):
    # given: a rule of another game and a service policy holding the same words
    rulebook_import(
        text="# Archive Rules\n\n## Costs\nA cost may empty your deck: you lose when you draw.\n",
        name="Archive Rules",
        game="grand-archive",
    )
    policies_load()
    # when
    asked = rules_search(query="can paying a cost empty my deck", game="grand-archive")
    named = rules_search(query="can paying a cost empty my deck in grand archive")
    genesis = rules_search(query="can paying a cost empty my deck", game="genesis")
    # then: the game's rule leads; Genesis's question is the policies' still
    assert asked[0].document.name == "Archive Rules"
    assert named[0].document.name == "Archive Rules"
    assert genesis[0].document.name == "Service policies"


def test_ranking_puts_right_a_misspelling_of_a_word_only_the_text_holds(db):
    # given: "shipwrecks" is in the text twice and in no heading or card name
    rulebook_import(
        text="# Reef Rules\n\n## Tides\nEvery tide lifts the shipwrecks. Shipwrecks sink at dusk."
        "\n\n## Crabs\nA crab scuttles sideways.\n",
        name="Reef Rules",
        version="1",
    )
    # when: a player misspells it
    found = headings("shipwreks", document="reef-rules")
    # then: the word it stands for is searched
    assert found == ["Tides"]


@pytest.mark.parametrize(
    ("question", "about_events"),
    [
        ("both champions die at the same time, who wins", False),
        ("can I concede at any time", True),  # concede is still an event word
        ("can abilities resolve one at a time", False),
        ("how much time is left in the round", True),
        ("what happens when time is called", True),
    ],
)
def test_time_is_an_event_word_unless_it_is_a_moment_of_play(question, about_events):
    typed = tuple(search.search_terms(question).typed)
    assert search._about_events(question, typed) is about_events
