"""What a newcomer does first, in a real headless Chromium, at a phone's width (390×844) and a
desktop's (1366×900): builds a Genesis deck by typing into the builder's search, compares two
Grand Archive decks and sees their real difference, registers for an event with the only legal
deck already chosen, and opens card previews by mouse, touch and keyboard. Then the layout is
measured, not looked at: phone tables keep who is who in view and scroll the rest with a cue,
no word breaks inside itself, a citation's brackets stay on its lines, and each group-odds
checkbox sits beside its card's name."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from decks import services as deck_services
from decks.models import Card, Deck
from decks.services import read_decklist
from rules.core.decklist import parse_decklist
from tests.decks.test_games import GA_DECK
from tests.support.browser import DESKTOP, PASSWORD, PHONE, SAMPLE, open_as
from tournaments import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# Words split over two lines inside tables, names and badges ("Playin/g", "drop/ped").
BROKEN_WORDS = """() => {
    const broken = [];
    for (const cell of document.querySelectorAll('table th, table td, .player, .badge')) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        let node;
        while ((node = walker.nextNode())) {
            const words = /\\S+/g;
            let word;
            while ((word = words.exec(node.data))) {
                const range = document.createRange();
                range.setStart(node, word.index);
                range.setEnd(node, word.index + word[0].length);
                const lines = new Set([...range.getClientRects()]
                    .filter((r) => r.width > 0).map((r) => Math.round(r.top)));
                if (lines.size > 1) broken.push(word[0]);
            }
        }
    }
    return broken;
}"""

# For each citation on the card page: the top of its "(" and of its first cited character, and
# of its last cited character and ")": a bracket alone on a line has a top of its own.
CITATION_LINES = """() => [...document.querySelectorAll('[data-testid=legality-citation]')].map((el) => {
    const texts = (root) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        const found = [];
        let node;
        while ((node = walker.nextNode())) if (node.data.trim()) found.push(node);
        return found;
    };
    const top = (node, i) => {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        return Math.round(range.getBoundingClientRect().top);
    };
    const all = texts(el), cited = texts(el.querySelector('cite'));
    const first = all.find((n) => n.data.includes('(')), last = all.findLast((n) => n.data.includes(')'));
    const start = cited[0], end = cited[cited.length - 1];
    return {
        open: top(first, first.data.indexOf('(')),
        start: top(start, start.data.search(/\\S/)),
        end: top(end, end.data.trimEnd().length - 1),
        close: top(last, last.data.lastIndexOf(')')),
    };
})"""

# Each group-odds choice: the checkbox and its card's name, side by side on one line.
GROUP_CHOICES = """() => [...document.querySelectorAll('.group-choices li')].map((li) => {
    const box = li.querySelector('input[type=checkbox]').getBoundingClientRect();
    const range = document.createRange();
    const label = li.querySelector('label') || li;
    const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    let node, text = null;
    while ((node = walker.nextNode())) if (node.data.trim()) { text = node; break; }
    range.selectNodeContents(text);
    const name = range.getBoundingClientRect();
    return {boxTop: box.top, boxBottom: box.bottom, boxRight: box.right,
            nameTop: name.top, nameBottom: name.bottom, nameLeft: name.left};
})"""


@pytest.fixture
def people():
    make = get_user_model().objects.create_user
    return {name: make(name, password=PASSWORD) for name in ("newcomer", "org", "rival")}


def sideways(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def build_by_typing(page, base: str) -> None:
    """Find two cards by typing their names into the builder's search, and add them."""
    page.goto(f"{base}/decks/new/")
    search = page.locator("#builder-q")
    for typed, name in (("stormglass", "Stormglass Owl"), ("static lat", "Static Lattice")):
        search.fill("")
        search.press_sequentially(typed)
        expect(page.locator("#search-results")).to_contain_text(name)
        # what is typed can be read: the box is wider than the text in it
        room, text = page.evaluate(
            """() => {
                const input = document.querySelector('#builder-q');
                const style = getComputedStyle(input);
                const context = document.createElement('canvas').getContext('2d');
                context.font = style.font;
                const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
                return [input.clientWidth - padding, context.measureText(input.value).width];
            }"""
        )
        assert text <= room, (page.viewport_size, room, text)
        page.locator("#search-results button", has_text=f"{name} to the timeline").first.click()
        expect(page.locator("#builder-status")).to_contain_text(f"Added {name} to the timeline")
    expect(page.locator("#builder-status")).to_contain_text("2/50 cards")
    assert sideways(page) <= page.viewport_size["width"]


def test_a_newcomer_builds_compares_registers_and_previews_cards(
    live_server, browser, bundled_cards, people
):
    base = live_server.url

    # --- building a Genesis deck by typing, on a phone and on a desktop -------------------------
    for size in (PHONE, DESKTOP):
        page = open_as(browser, base, people["newcomer"], size)
        build_by_typing(page, base)
        page.context.close()

    # --- comparing two Grand Archive decks: the real difference, by Grand Archive's sections ----
    lighter = GA_DECK.replace("4 Field Ration\n", "2 Field Ration\n").replace(
        "1 Cinder Crown\n", ""
    )
    embers, lighter_deck = (
        deck_services.deck_create(
            owner=owner,
            name=name,
            decklist=parse_decklist(text),
            format_slug="grand-archive-standard",
            visibility=Deck.Visibility.PUBLIC,
        )
        for owner, name, text in (
            (people["newcomer"], "Embers", GA_DECK),
            (people["rival"], "Embers, lighter", lighter),
        )
    )
    desk = open_as(browser, base, people["newcomer"], DESKTOP)
    desk.goto(f"{base}/decks/{embers.key}/")
    desk.select_option("#compare-b", lighter_deck.key)
    desk.click("#compare-button")
    desk.wait_for_url(re.compile(r"/decks/compare/"))
    main = desk.locator("main")
    expect(main).not_to_contain_text("the same card for card")
    expect(main).not_to_contain_text("None chosen")
    differ = desk.locator(".compare-section", has_text="Main").locator(".compare-differ")
    expect(differ).to_contain_text("Field Ration")
    only_a = desk.locator(".compare-section", has_text="Material").locator(".compare-only-a")
    expect(only_a).to_contain_text("Cinder Crown")
    # a preview opens from the comparison by mouse
    trigger = desk.locator(".compare-section [data-testid=card-preview-trigger]").first
    trigger.hover()
    expect(desk.locator("#" + trigger.get_attribute("aria-controls"))).to_be_visible()

    # --- registering: only the one legal deck of the event's format, already chosen --------------
    legal = deck_services.deck_create(
        owner=people["newcomer"], name="Storm Lattice", decklist=parse_decklist(SAMPLE)
    )
    short = SAMPLE.replace("4 Static Lattice", "3 Static Lattice")
    deck_services.deck_create(  # newer, but one card short of a timeline: not legal
        owner=people["newcomer"], name="Storm, one short", decklist=parse_decklist(short)
    )
    event = services.tournament_create(organizer=people["org"], name="Friday Night")
    desk.goto(f"{base}/events/{event.pk}/")
    picker = desk.locator("#register-deck")
    expect(picker).to_have_value(legal.key)
    options = picker.locator("option")
    expect(options).to_have_count(2)  # the Grand Archive decks are not offered at all
    expect(options.nth(1)).to_be_disabled()
    expect(options.nth(1)).to_contain_text("not legal")
    desk.click("#registration button:has-text('Register')")
    expect(desk.locator("#registration")).to_contain_text("You are registered")
    assert event.registrations.get().player == people["newcomer"]

    # --- card previews on a deck page: mouse, keyboard, touch -------------------------------------
    desk.goto(f"{base}/decks/{legal.key}/")
    trigger = desk.locator(
        ".deck-row [data-testid=card-preview-trigger][data-card='Static Lattice']"
    )
    preview = desk.locator("#" + trigger.get_attribute("aria-controls"))
    expect(preview).to_be_hidden()
    trigger.hover()  # mouse
    expect(preview).to_be_visible()
    expect(preview.get_by_test_id("card-face-type")).to_contain_text("Spell")
    expect(preview.locator(".face-cell.seen")).to_have_count(3)
    desk.mouse.move(5, 5)
    expect(preview).to_be_hidden()
    trigger.focus()  # keyboard
    expect(preview).to_be_visible()
    expect(trigger).to_have_attribute("aria-expanded", "true")
    desk.keyboard.press("Escape")
    expect(preview).to_be_hidden()
    assert desk.evaluate("document.activeElement.dataset.card") == "Static Lattice"
    desk.keyboard.press("Enter")
    expect(preview).to_be_visible()
    phone = open_as(browser, base, people["newcomer"], PHONE)
    phone.goto(f"{base}/decks/{legal.key}/")
    tapped = phone.locator(
        ".deck-row [data-testid=card-preview-trigger][data-card='Static Lattice']"
    )
    sheet = phone.locator("#" + tapped.get_attribute("aria-controls"))
    tapped.tap()  # touch
    expect(sheet).to_be_visible()
    box = sheet.bounding_box()
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 390
    assert box["y"] + box["height"] <= 844
    phone.locator("h1").tap()
    expect(sheet).to_be_hidden()

    # --- layout on a phone: group-odds checkboxes beside their names -----------------------------
    for choice in phone.evaluate(GROUP_CHOICES):
        assert choice["boxRight"] < choice["nameLeft"], choice
        assert choice["boxTop"] < choice["nameBottom"], choice
        assert choice["nameTop"] < choice["boxBottom"], choice
    assert sideways(phone) <= 390

    # --- a card's citations keep their brackets on their own lines -------------------------------
    lattice = Card.objects.get(name="Static Lattice", card_set__game="genesis")
    phone.goto(f"{base}/cards/{lattice.pk}/")
    citations = phone.evaluate(CITATION_LINES)
    assert citations
    for cited in citations:
        assert cited["open"] == cited["start"], cited
        assert cited["end"] == cited["close"], cited
    assert sideways(phone) <= 390

    # --- phone tables: the standings keep rank and player in view, the rest scrolls, with a cue --
    players = [people["newcomer"]] + [
        get_user_model().objects.create_user(f"player{n}", password=PASSWORD) for n in range(7)
    ]
    for player in players[1:]:
        services.registration_create(
            tournament=event, player=player, decklist=read_decklist(text=SAMPLE)
        )
    services.tournament_start(tournament=event, actor=people["org"])
    round = services.round_pair(
        round_id=services.round_start(tournament=event, actor=people["org"]).pk
    )
    for match in round.matches.select_related("round__tournament"):
        services.match_result_report(match=match, actor=people["org"], a_wins=2, b_wins=1, draws=0)
    services.player_drop(
        tournament=event, actor=people["org"], registration_id=event.registrations.last().pk
    )
    phone.goto(f"{base}/events/{event.pk}/standings/")
    scroller = phone.locator(".table-scroll").first
    expect(scroller).to_have_attribute("data-more-right", re.compile(".*"))
    expect(phone.get_by_test_id("scroll-hint").first).to_be_visible()
    row = "tbody tr:first-child > :nth-child({})"
    before = [scroller.locator(row.format(n)).bounding_box()["x"] for n in (1, 2, 7)]
    scroller.evaluate("e => e.scrollLeft = e.scrollWidth")
    after = [scroller.locator(row.format(n)).bounding_box()["x"] for n in (1, 2, 7)]
    assert after[:2] == before[:2], (before, after)  # rank and player stay
    assert after[2] < before[2], (before, after)  # the last tiebreaker came into view
    expect(scroller).not_to_have_attribute("data-more-right", re.compile(".*"))
    expect(scroller).to_contain_text("%")  # tiebreakers as percentages
    assert phone.evaluate(BROKEN_WORDS) == []
    assert sideways(phone) <= 390
    phone.goto(f"{base}/events/{event.pk}/")
    assert phone.evaluate(BROKEN_WORDS) == []
    assert sideways(phone) <= 390
    for page in (desk, phone):
        page.context.close()
