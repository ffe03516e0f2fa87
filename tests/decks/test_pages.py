"""Card index pages in a real headless Chromium: search grid, errors, detail, phone layout."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_search_shows_a_grid_and_filters(live_server, page, cards):
    page.goto(live_server.url + "/")
    assert page.locator(".card-tile").count() == 5
    page.fill("#q", "t:summon aff:axon")
    page.keyboard.press("Enter")
    page.wait_for_url("**/?q=*")
    assert page.locator(".card-tile").all_inner_texts()[0].startswith("Skyguard")
    assert page.locator(".card-tile").count() == 1
    assert "1 card" in page.locator(".result-count").inner_text()


def test_a_bad_query_is_explained_on_the_page(live_server, page, cards):
    response = page.goto(live_server.url + "/?q=chi<=lots")
    assert response.status == 400
    alert = page.locator("[role=alert]")
    assert "whole number" in alert.inner_text()
    assert "chi<=lots" in alert.inner_text()


def test_no_results_has_an_empty_state(live_server, page, cards):
    page.goto(live_server.url + "/?q=zzzz")
    assert "No cards match" in page.locator(".empty-state").inner_text()


def test_card_page_draws_the_awareness_grid(live_server, page, cards):
    page.goto(live_server.url + "/?q=t:champion")
    page.click("text=Vela")
    page.wait_for_selector("h1:has-text('Vela')")
    grid = page.locator(".awareness-grid")
    assert grid.locator("td.origin").count() == 1
    assert grid.locator("td.seen").count() == 3
    assert "Basic Attack [1]" in page.locator(".abilities").inner_text()
    assert "Jaelara" in page.locator(".card-facts").inner_text()


def test_search_works_on_a_phone_without_horizontal_scrolling(live_server, phone_page, cards):
    phone_page.goto(live_server.url + "/")
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    phone_page.fill("#q", "kw:flight")
    phone_page.keyboard.press("Enter")
    phone_page.wait_for_url("**/?q=*")
    assert phone_page.locator(".card-tile").count() == 1


def test_every_page_has_the_sites_favicon(live_server, page, cards):
    page.goto(live_server.url + "/")
    href = page.locator("link[rel=icon]").get_attribute("href")
    assert href.endswith("favicon.svg")
    icon = page.request.get(live_server.url + href)
    assert icon.status == 200
    assert "<svg" in icon.text()
