"""Your table first, measured in a real headless Chromium on a phone (390 px wide): the
player's table block is the first thing in the page's main content and its top is within the
first screen, above the event's details; the pairings page finds a table by name with its
script off as well as on."""

import pytest
from playwright.sync_api import expect

from tests.support.browser import player_page, shot
from tests.tournaments.conftest import paired_event
from tournaments import selectors

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_players_table_is_the_first_thing_on_a_phone(
    live_server,
    browser,
    bundled_cards,
    users,
):
    # given a paired round, and a player on a phone
    tournament, _round = paired_event(users)
    match = selectors.match_current_for(tournament=tournament, user=users["p01"])
    opponent = match.player_b if match.player_a.player_id == users["p01"].pk else match.player_a
    phone = player_page(browser, live_server.url, users["p01"], phone=True)
    # when they open the event page
    phone.goto(f"{live_server.url}/events/{tournament.pk}/")
    # then their table is the first thing in the main content
    block = phone.locator("#my-table")
    expect(block).to_contain_text(f"Table {match.table}")
    expect(block).to_contain_text(opponent.name)
    expect(block.locator("a", has_text="Go to my match")).to_be_visible()
    first = phone.evaluate(
        """() => {
            const main = document.querySelector("main");
            const first = [...main.children].find(e => !e.matches(".messages"));
            return first && first.id;
        }"""
    )
    assert first == "my-table"
    # and it starts within the first screen, above the event's details
    top = phone.evaluate("document.querySelector('#my-table').getBoundingClientRect().top")
    bottom = phone.evaluate("document.querySelector('#my-table').getBoundingClientRect().bottom")
    facts = phone.evaluate("document.querySelector('.event-facts').getBoundingClientRect().top")
    height = phone.viewport_size["height"]
    assert 0 <= top < height, (top, height)
    assert bottom <= height, (bottom, height)  # the whole block, link included
    assert top < facts
    # and the countdown of the time left ticks
    expect(block.locator("[data-left]")).to_contain_text(":")
    shot(phone, "my-table-phone")
    phone.context.close()


def test_find_my_table_with_the_script_off_and_on(
    live_server,
    browser,
    bundled_cards,
    users,
):
    tournament, round = paired_event(users)
    table = selectors.match_current_for(tournament=tournament, user=users["p03"]).table
    url = f"{live_server.url}/events/{tournament.pk}/rounds/{round.number}/pairings/"
    for script in (False, True):
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, java_script_enabled=script
        )
        page = context.new_page()
        page.goto(url)
        page.fill("#pairings-q", "p03")
        page.click("form.pairings-search button[type=submit]")
        page.wait_for_url("**?q=p03")
        rows = page.locator("#pairings tbody tr:not([hidden])")
        expect(rows).to_have_count(1)
        expect(rows.first.locator("th")).to_have_text(str(table))
        context.close()
