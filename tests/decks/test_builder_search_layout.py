"""The deck builder's card search box in a real headless Chromium, at the widths people use:
wide enough to read what is typed, beside the "Only cards legal for the chosen champion" toggle
that shares its form (Genesis's search panel has it; the other games' have none)."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (390, 768, 1024, 1366, 1920)
TYPED = "stormglass owl"


def measure(page) -> dict:
    return page.evaluate(
        """() => {
            const input = document.querySelector('#builder-q');
            const row = input.closest('form').getBoundingClientRect();
            const box = input.getBoundingClientRect();
            const style = getComputedStyle(input);
            const context = document.createElement('canvas').getContext('2d');
            context.font = style.font;
            const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
            return {
                width: box.width, row: row.width, left: box.left, right: box.right,
                page: document.documentElement.scrollWidth,
                room: input.clientWidth - padding,
                text: context.measureText(input.value).width,
            };
        }"""
    )


def test_the_search_box_is_wide_enough_to_read_at_every_width(live_server, page, bundled_cards):
    page.goto(live_server.url + "/decks/new/")
    expect(page.locator("#builder-legal")).to_be_visible()
    page.fill("#builder-q", TYPED)
    for width in WIDTHS:
        # when
        page.set_viewport_size({"width": width, "height": 900})
        box = measure(page)
        # then: most of its row, on the page, and what is typed fits in it
        assert box["width"] >= 0.6 * box["row"], (width, box)
        assert box["left"] >= 0, (width, box)
        assert box["right"] <= width, (width, box)
        assert box["page"] <= width, (width, box)
        assert box["text"] <= box["room"], (width, box)
        if width >= 1024:
            assert box["width"] >= 200, (width, box)
    # when: a card's name is typed (the search runs as one types)
    page.fill("#builder-q", "")
    page.locator("#builder-q").press_sequentially("stormglass")
    # then
    expect(page.locator("#search-count")).to_have_text(re.compile("1 card matches"))
    expect(page.locator("#search-results")).to_contain_text("Stormglass Owl")
