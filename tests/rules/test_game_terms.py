"""The other games' keyword terms (issue 15): found in the imported rulebooks, shown on keyword
pages at run time, and narrowed by game on the keyword list."""

import pytest

from rules.core.game_terms import GAME_TERMS, GameTerm, defines, definition
from tests.support import lookup_questions, seeds


def test_a_definition_runs_from_the_terms_line_to_the_next_definition():
    # given: a passage shaped like an imported rulebook's (made-up text, no rulebook sentence)
    body = "Intro line.\nFoo N is a static ability about foos.\nMore on foo.\nBar – other thing."
    term = GameTerm("grand-archive", "Foo")
    # when / then
    assert defines(body, term)
    assert definition(body, term) == "Foo N is a static ability about foos.\nMore on foo."
    assert not defines("Foo rules are now clearer.", term)


def test_term_slugs_are_unique_per_game():
    keys = [(t.game, t.slug) for t in GAME_TERMS]
    assert len(keys) == len(set(keys))


@pytest.mark.django_db
def test_every_term_has_a_page_quoting_its_rulebook(client):
    if not seeds.FOLDER.is_dir():
        pytest.skip(f"the rulebooks are not here: {seeds.FOLDER}")
    # given
    lookup_questions.load_documents()
    for term in GAME_TERMS:
        # when
        response = client.get(f"/rules/keywords/{term.game}/{term.slug}/")
        # then
        page = response.context["page"]
        assert response.status_code == 200
        assert page.section is not None, term
        assert page.section.document.game == term.game
        assert page.definition.split()[0] == term.name.split()[0]
        assert page.definition in page.section.body


@pytest.mark.django_db
def test_a_term_page_without_its_rulebook_says_so(client):
    response = client.get("/rules/keywords/titans-of-eden/surge/")
    assert response.status_code == 200
    assert b"rulebook is not loaded" in response.content


@pytest.mark.django_db
def test_the_keyword_list_is_narrowed_by_game(client):
    # when
    titans = client.get("/rules/keywords/?game=titans-of-eden").content.decode()
    everything = client.get("/rules/keywords/").content.decode()
    # then
    assert "/rules/keywords/titans-of-eden/surge/" in titans
    assert "/rules/keywords/grand-archive/" not in titans
    assert "/rules/keywords/beckon/" not in titans
    assert "/rules/keywords/grand-archive/agility/" in everything
    assert "/rules/keywords/beckon/" in everything
    assert client.get("/rules/keywords/?game=chess").status_code == 400
    assert client.get("/rules/keywords/grand-archive/no-such-term/").status_code == 404
