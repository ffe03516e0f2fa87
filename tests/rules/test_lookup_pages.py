"""Pages of the rules lookup: rendered by the test client, and driven in a real Chromium."""

import pytest

from rules.services import glossary_load, rulebook_import
from tests.rules.test_lookup_search import SKY_RULES


@pytest.fixture
def sky_rules(db):
    glossary_load()
    return rulebook_import(text=SKY_RULES, name="Sky Duel Rules", version="1").document


# --- rendered pages ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_search_page_lists_ranked_results_with_paths_and_marked_snippets(client, sky_rules):
    response = client.get("/rules/", {"q": "can I look at the nest", "document": "sky-duel-rules"})
    assert response.status_code == 200
    html = response.content.decode()
    assert html.index("The Nest (Discard Pile)") < html.index("The Quiver (Deck)")
    assert '<a href="/rules/sky-duel-rules/the-nest-discard-pile/">' in html
    assert "<mark>nest</mark>" in html
    assert '<option value="sky-duel-rules" selected>' in html
    assert "css/rules.css" in html


@pytest.mark.django_db
def test_the_search_page_explains_bad_and_fruitless_questions(client, sky_rules):
    too_long = client.get("/rules/", {"q": "why " * 100})
    assert too_long.status_code == 400
    assert "at most 300 characters" in too_long.content.decode()
    nothing = client.get("/rules/", {"q": "xylophone"})
    assert nothing.status_code == 200
    assert "No section answers" in nothing.content.decode()


@pytest.mark.django_db
def test_a_section_page_shows_the_whole_section_and_its_neighbours(client, sky_rules):
    response = client.get("/rules/sky-duel-rules/glossary/")
    assert response.status_code == 200
    html = response.content.decode()
    # the whole section: its subsections too, so "next" is what follows them (nothing here)
    assert "Every feather has a wind cost printed in its corner." in html
    assert 'rel="prev" href="/rules/sky-duel-rules/gusts/"' in html
    assert 'rel="next"' not in html
    gusts = client.get("/rules/sky-duel-rules/gusts/").content.decode()
    assert 'rel="prev" href="/rules/sky-duel-rules/paralyze/"' in gusts
    assert 'rel="next" href="/rules/sky-duel-rules/glossary/"' in gusts
    # breadcrumbs up the heading path
    feather = client.get("/rules/sky-duel-rules/feather/").content.decode()
    assert '<a href="/rules/sky-duel-rules/glossary/">Glossary</a>' in feather
    assert 'rel="prev" href="/rules/sky-duel-rules/glossary/"' in feather
    # a line to cite it by, with the rulebook's line: a book without headings is cited so
    assert "Cite as: Sky Duel Rules, “Gusts” (L15)" in gusts


@pytest.mark.django_db
def test_the_document_page_lists_its_sections_and_unknown_addresses_are_404(client, sky_rules):
    contents = client.get("/rules/sky-duel-rules/").content.decode()
    assert contents.count('class="level-') == 8
    assert "revision 1" in contents
    assert client.get("/rules/sky-duel-rules/no-such-section/").status_code == 404
    assert client.get("/rules/no-such-book/").status_code == 404


# --- in a real browser ---------------------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_judge_searches_opens_the_section_and_walks_to_the_next(live_server, page, sky_rules):
    # given
    page.goto(live_server.url + "/rules/")
    # when: a question the way players ask it
    page.fill("#q", "do I draw feathers every round?")
    page.keyboard.press("Enter")
    page.wait_for_url("**/rules/?q=*")
    first = page.locator(".rules-result").first
    assert "Drawing Feathers" in first.inner_text()
    assert first.locator("mark").count() >= 2
    first.locator("h2 a").click()
    # then: the section's own page, at its stable address, with its neighbours
    page.wait_for_url("**/rules/sky-duel-rules/drawing-feathers/")
    assert page.locator("h1").inner_text() == "Drawing Feathers"
    assert "draws one feather from their quiver" in page.locator(".rules-body").inner_text()
    assert "Sky Duel Rules" in page.locator(".rules-prev").inner_text()
    page.locator(".rules-next").click()
    page.wait_for_url("**/rules/sky-duel-rules/the-quiver-deck/")
    assert page.locator("h1").inner_text() == "The Quiver (Deck)"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_rules_pages_fit_a_phone(live_server, phone_page, sky_rules):
    for path in ("/rules/?q=nest", "/rules/sky-duel-rules/glossary/", "/rules/keywords/"):
        phone_page.goto(live_server.url + path)
        assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390, path
