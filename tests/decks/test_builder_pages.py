"""The deck builder and deck pages in a real headless Chromium: live validation over htmx,
violations next to their cards, charts, draw odds, saving, privacy, the keyboard and phones."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from decks.models import Deck
from tests.conftest import ROOT
from tests.decks.test_games import GA_MAIN

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SAMPLE = (ROOT / "decks/samples/sera-vantyne-storm-lattice.txt").read_text()
PASSWORD = "a-long-test-password"
TIMELINE_RULE = "Core Rulebook 5.2 › Building a Standard Constructed Timeline"


@pytest.fixture
def users():
    make = get_user_model().objects.create_user
    return make("ada", password=PASSWORD), make("brook", password=PASSWORD)


def log_in(page, base_url: str, username: str, next_path: str = "/decks/") -> None:
    page.goto(f"{base_url}/accounts/login/?next={next_path}")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("form button[type=submit]")
    page.wait_for_url(f"**{next_path}")


def load(page, text: str) -> None:
    """Paste a decklist and press Load; waits for the builder to show it."""
    page.fill("#paste", text)
    page.click("button:has-text('Load')")
    expect(page.locator("#paste")).to_have_value("")


def status(page):
    return page.locator("#builder-status")


def test_a_pasted_sample_list_is_legal(live_server, page, bundled_cards):
    # given
    page.goto(live_server.url + "/decks/new/")
    expect(status(page).locator(".badge")).to_have_text("Not legal")
    # when
    load(page, SAMPLE)
    # then
    expect(status(page).locator(".badge")).to_have_text("Legal")
    expect(status(page)).to_contain_text("50/50 cards")
    expect(status(page)).to_contain_text("215/250 Chi")
    expect(status(page)).to_contain_text("98/100 forethoughts Chi")
    assert "Legal: this deck follows every rule" in page.locator(".validation").inner_text()
    expect(page.locator("#champion")).to_have_value("Sera Vantyne")
    assert page.locator("#count-timeline-0").input_value() == "4"
    assert page.locator("#decklist-text").input_value().startswith("Champion: Sera Vantyne\n")


def test_a_count_change_shows_the_timeline_size_violation_with_its_rule(
    live_server, page, bundled_cards
):
    page.goto(live_server.url + "/decks/new/")
    load(page, SAMPLE)
    # when one more Static Lattice is typed in and the field is left
    page.fill("#count-timeline-0", "5")
    page.keyboard.press("Tab")
    # then the deck is not legal, and says why, where, and by which rule
    expect(status(page).locator(".badge")).to_have_text("Not legal")
    expect(status(page)).to_contain_text("51/50 cards")
    at_timeline = page.locator(".deck-section:has(#section-timeline) .section-problems")
    expect(at_timeline).to_contain_text("The timeline has 51 cards")
    expect(at_timeline.locator("cite")).to_have_text(TIMELINE_RULE)
    in_panel = page.locator(".validation [data-code=timeline_size]")
    expect(in_panel).to_contain_text("needs exactly 50")
    expect(in_panel.locator("cite")).to_have_text(TIMELINE_RULE)
    # and the minus button takes it back
    page.click("#fewer-timeline-0")
    expect(status(page).locator(".badge")).to_have_text("Legal")


def test_a_typed_count_and_a_click_straight_after_both_count(live_server, page, bundled_cards):
    page.goto(live_server.url + "/decks/new/")
    load(page, SAMPLE)
    # when a count is typed and + clicked at once (leaving the field posts the typed count)
    page.fill("#count-timeline-1", "7")
    page.click("#more-timeline-1")
    # then the click is not lost to the re-check the typing started
    expect(page.locator("#count-timeline-1")).to_have_value("8")
    expect(status(page)).to_contain_text("55/50 cards")


def test_a_violation_is_marked_on_the_row_of_the_card_it_names(live_server, page, bundled_cards):
    page.goto(live_server.url + "/decks/new/")
    # Temple Lion is Bellum; Sera Vantyne is Axon of Jaelara.
    load(page, SAMPLE.replace("4 Static Lattice", "4 Temple Lion"))
    row = page.locator(".deck-row:has(.card-ref-name:text-is('Temple Lion'))")
    expect(row).to_have_class(re.compile("has-problems"))
    expect(row.locator(".row-problems")).to_contain_text(
        "Temple Lion (Bellum) shares no affiliation"
    )
    expect(row.locator("cite")).to_have_text(
        "Core Rulebook 5.2 › F- Affiliations and E- World Symbol"
    )
    assert page.locator(".deck-row.has-problems").count() == 1
    # the panel links to the row
    page.click(".validation [data-code=affiliation_none_shared] a")
    assert page.evaluate("location.hash") == "#row-timeline-0"


def test_an_unknown_card_offers_its_suggestion_as_a_replacement(live_server, page, bundled_cards):
    page.goto(live_server.url + "/decks/new/")
    load(page, SAMPLE.replace("Stormglass Owl", "Stormglas Owl"))
    row = page.locator(".deck-row:has(.card-ref-name:text-is('Stormglas Owl'))")
    expect(row).to_contain_text("No card called 'Stormglas Owl' is in the card index.")
    # when the suggestion is taken
    row.locator("button:has-text('Stormglass Owl')").click()
    # then
    expect(status(page).locator(".badge")).to_have_text("Legal")
    expect(page.locator(".deck-row .card-ref-name:text-is('Stormglass Owl')")).to_have_count(1)


def test_the_chi_curve_and_card_types_are_drawn(live_server, page, bundled_cards):
    page.goto(live_server.url + "/decks/new/")
    expect(page.locator(".charts")).to_contain_text("Add cards to the timeline")
    load(page, SAMPLE)
    curve = page.locator("ol.columns[aria-labelledby=curve-title] li")
    expect(curve).to_have_count(8)  # Chi 1 to 8+
    heights = [int(v) for v in curve.locator(".column-value").all_inner_texts()]
    # the sample's timeline, counted by hand from demo.json: no 1s or 4s, five of 8 or more
    assert heights == [0, 10, 13, 0, 18, 2, 2, 5]
    assert "Chi 3: 13 cards" in curve.nth(2).text_content()
    types = page.locator(".hbars li")
    assert sum(int(v) for v in types.locator(".hbar-value").all_inner_texts()) == 50
    # the bars are drawn to scale: the tallest column is full height
    assert "height: 100%" in curve.nth(4).locator(".column-bar > span").get_attribute("style")
    assert "height: 0%" in curve.nth(0).locator(".column-bar > span").get_attribute("style")


def test_draw_odds_for_a_chosen_card(live_server, page, bundled_cards):
    page.goto(live_server.url + "/decks/new/")
    load(page, SAMPLE)
    # when
    page.select_option("#odds", "Stormglass Owl")
    # then 4 copies in 50 cards, 5 seen: 1 - C(46,5)/C(50,5) = 35.3%
    expect(page.locator("#odds-summary")).to_contain_text("4 copies of Stormglass Owl")
    rows = page.locator(".odds-table tbody tr")
    expect(rows).to_have_count(9)
    expect(rows.nth(0)).to_contain_text("Opening hand")
    expect(rows.nth(0).locator("td").nth(1)).to_have_text("35.3%")
    # round 8 has seen 13 cards: 1 - C(46,13)/C(50,13) = 71.3%
    expect(rows.nth(8)).to_contain_text("Round 8")
    expect(rows.nth(8).locator("td").nth(1)).to_have_text("71.3%")


def test_a_change_in_the_moment_new_content_arrives_is_not_lost(live_server, page, bundled_cards):
    # given a script that picks a card in the odds picker as soon as a loaded list swaps it in,
    # before any timer could run (htmx used to wire swapped-in content 20 ms later, on settle)
    page.goto(live_server.url + "/decks/new/")
    page.evaluate(
        """() => new MutationObserver((_, observer) => {
             const odds = document.getElementById("odds");
             if (!odds) return;
             observer.disconnect();
             odds.value = "Stormglass Owl";
             odds.dispatchEvent(new Event("change", {bubbles: true}));
           }).observe(document.getElementById("builder-live"), {childList: true})"""
    )
    # when the list is loaded
    load(page, SAMPLE)
    # then the change was sent and answered
    expect(page.locator("#odds-summary")).to_contain_text("4 copies of Stormglass Owl")


def test_saving_needs_a_login_and_the_deck_survives_it(live_server, page, bundled_cards, users):
    # given an anonymous builder with a deck
    page.goto(live_server.url + "/decks/new/")
    load(page, SAMPLE)
    page.fill("#id_name", "Storm Lattice")
    # when they save
    page.click(".status-bar button:has-text('Log in to save')")  # the one always in view
    # then they are asked to log in first
    page.wait_for_url("**/accounts/login/?next=/decks/new/")
    expect(page.locator(".messages")).to_contain_text("Log in to save your deck")
    assert not Deck.objects.exists()
    # and after logging in the deck is back and saves
    page.fill("#id_username", "ada")
    page.fill("#id_password", PASSWORD)
    page.click("form button[type=submit]")
    page.wait_for_url("**/decks/new/")
    expect(page.locator("#id_name")).to_have_value("Storm Lattice")
    expect(status(page).locator(".badge")).to_have_text("Legal")
    page.click("button:has-text('Save deck')")
    page.wait_for_url(re.compile(r"/decks/[\w-]+/$"))
    expect(page.locator("h1")).to_have_text("Storm Lattice")
    assert Deck.objects.get().owner.username == "ada"


def test_the_owner_saves_and_another_user_gets_404_for_a_private_deck(
    live_server, browser, page, bundled_cards, users
):
    # given ada builds and saves a private deck
    log_in(page, live_server.url, "ada", "/decks/new/")
    load(page, SAMPLE)
    page.fill("#id_name", "Secret Lattice")
    expect(page.locator("#id_visibility")).to_have_value("private")
    page.click("button:has-text('Save deck')")
    page.wait_for_url(re.compile(r"/decks/[\w-]+/$"))
    expect(page.locator("h1")).to_have_text("Secret Lattice")
    expect(page.locator(".validation .badge")).to_have_text("Legal")
    expect(page.locator(".messages")).to_contain_text("Saved Secret Lattice, version 1")
    url = page.url
    # then brook cannot see it
    context = browser.new_context()
    other = context.new_page()
    try:
        log_in(other, live_server.url, "brook")
        assert other.goto(url).status == 404
        assert other.goto(url + "edit/").status == 404
    finally:
        context.close()
    # and ada can edit it into a second version
    page.click("a:has-text('Edit')")
    page.fill("#count-timeline-0", "3")
    page.keyboard.press("Tab")
    expect(status(page).locator(".badge")).to_have_text("Not legal")
    page.click("button:has-text('Save deck')")
    page.wait_for_url(url)
    expect(page.locator(".versions li")).to_have_count(2)
    page.click("a:has-text('changes from version 1')")
    expect(page.locator(".diff-table tbody")).to_contain_text("Static Lattice")
    expect(page.locator(".diff-table .delta")).to_have_text("−1")


def test_keyboard_alone_finds_adds_and_sees_the_check(live_server, page, bundled_cards):
    page.goto(live_server.url + "/decks/new/")
    # Tab to the search box
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "builder-q":
            break
    else:
        pytest.fail("Tab never reached the card search box")
    # type and press Enter
    page.keyboard.type("stormglass")
    page.keyboard.press("Enter")
    expect(page.locator("#search-count")).to_have_text(re.compile("1 card matches"))
    # Tab to the Add button and press Enter
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent").startswith("Add"):
            break
    else:
        pytest.fail("Tab never reached an Add button")
    assert "Stormglass Owl to the timeline" in page.evaluate("document.activeElement.textContent")
    page.keyboard.press("Enter")
    # then the deck has it and the check has run again
    expect(page.locator("#count-timeline-0")).to_have_value("1")
    expect(status(page)).to_contain_text("1/50 cards")
    expect(status(page)).to_contain_text("Added Stormglass Owl to the timeline.")
    # pressing Enter again adds another copy: focus stayed on the button
    page.keyboard.press("Enter")
    expect(page.locator("#count-timeline-0")).to_have_value("2")
    expect(status(page)).to_contain_text("2/50 cards")
    # the row's own controls work from the keyboard too: + is focusable and Space presses it
    page.focus("#more-timeline-0")
    page.keyboard.press("Space")
    expect(page.locator("#count-timeline-0")).to_have_value("3")
    assert page.evaluate("document.activeElement.id") == "more-timeline-0"
    # focus is visible
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"


def test_every_builder_control_has_a_label(live_server, page, bundled_cards):
    page.goto(live_server.url + "/decks/new/")
    load(page, SAMPLE)
    unlabelled = page.evaluate(
        """() => [...document.querySelectorAll('input:not([type=hidden]), select, textarea, button')]
            .filter(el => el.getAttribute('aria-hidden') !== 'true' && el.offsetParent !== null)
            .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label')
                          && !el.textContent.trim())
            .map(el => el.outerHTML.slice(0, 80))"""
    )
    assert unlabelled == []
    assert page.locator("#builder-status").get_attribute("aria-live") == "polite"


def test_the_builder_fits_a_phone(live_server, phone_page, bundled_cards):
    phone_page.goto(live_server.url + "/decks/new/")
    load(phone_page, SAMPLE.replace("Stormglass Owl", "Stormglas Owl"))
    expect(status(phone_page).locator(".badge")).to_have_text("Not legal")
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    # the panels stack: the search above the deck, the deck above the checks
    search = phone_page.locator(".builder-search").bounding_box()
    deck = phone_page.locator(".deck-panel").bounding_box()
    checks = phone_page.locator(".validation").bounding_box()
    assert search["y"] + search["height"] <= deck["y"]
    assert deck["y"] + deck["height"] <= checks["y"]
    assert abs(search["x"] - deck["x"]) < 1


def test_deck_pages_fit_a_phone(live_server, phone_page, bundled_cards, users):
    from decks import services
    from rules.core.decklist import parse_decklist

    deck = services.deck_create(
        owner=users[0], name="Storm Lattice", decklist=parse_decklist(SAMPLE), visibility="public"
    )
    for path in ("/decks/", f"/decks/{deck.key}/"):
        phone_page.goto(live_server.url + path)
        assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390, path
    expect(phone_page.locator(".validation .badge")).to_have_text("Legal")


def test_the_search_keeps_to_cards_legal_for_the_chosen_champion(live_server, page, bundled_cards):
    """docs/search.md, legal:: on by default once a champion is chosen, with a visible toggle."""
    page.goto(live_server.url + "/decks/new/")
    page.select_option("#champion", "Sera Vantyne")
    expect(page.locator("#champion")).to_have_value("Sera Vantyne")
    expect(page.locator("#builder-legal")).to_be_checked()
    page.fill("#builder-q", "aff:axon")
    page.keyboard.press("Enter")
    expect(page.locator("#search-results")).to_contain_text("Only cards legal for Sera Vantyne")
    affiliations = page.locator("#search-results .result-affiliations").all_inner_texts()
    assert affiliations
    assert not any("Chaos" in text for text in affiliations)
    # the toggle off: Axon+Chaos cards, which Sera's timeline may not hold, come back
    page.uncheck("#builder-legal")
    expect(page.locator("#search-results")).not_to_contain_text("Only cards legal for")
    expect(
        page.locator("#search-results .result-affiliations", has_text="Chaos").first
    ).to_be_visible()


def test_an_unlisted_deck_has_a_copy_link_button_and_a_private_one_none(
    live_server, page, bundled_cards, users
):
    from decks import services
    from rules.core.decklist import parse_decklist

    unlisted = services.deck_create(
        owner=users[0], name="Shared", decklist=parse_decklist(SAMPLE), visibility="unlisted"
    )
    private = services.deck_create(
        owner=users[0], name="Secret", decklist=parse_decklist(SAMPLE), visibility="private"
    )
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(live_server.url + f"/decks/{unlisted.key}/")
    link = page.locator("#deck-link").input_value()
    assert link.endswith(f"/decks/{unlisted.key}/")
    page.click("text=Copy link")
    expect(page.locator("[data-copied]")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == link
    log_in(page, live_server.url, users[0].username, f"/decks/{private.key}/")
    expect(page.locator("h1")).to_have_text("Secret")
    assert page.locator("[data-copy-link]").count() == 0


def test_the_deck_page_shows_the_timeline_grouped_by_card_type(
    live_server, page, bundled_cards, users
):
    from decks import services
    from rules.core.decklist import parse_decklist

    deck = services.deck_create(
        owner=users[0], name="Grouped", decklist=parse_decklist(SAMPLE), visibility="public"
    )
    page.goto(live_server.url + f"/decks/{deck.key}/")
    headings = page.locator("#section-timeline ~ h4.deck-group").all_inner_texts()
    assert headings[0].startswith("Summons")
    assert sum(int(h.split()[-1]) for h in headings) == 50
    chis = page.locator("h4.deck-group + ul.deck-rows").first.locator(".chi").all_inner_texts()
    assert [int(c) for c in chis] == sorted(int(c) for c in chis)


def test_a_sample_hand_is_dealt_then_drawn_on_then_dealt_anew(
    live_server, page, bundled_cards, users
):
    from decks import services
    from rules.core.decklist import parse_decklist

    deck = services.deck_create(
        owner=users[0], name="Hands", decklist=parse_decklist(SAMPLE), visibility="public"
    )
    page.goto(live_server.url + f"/decks/{deck.key}/")
    page.click("#new-hand")
    expect(page.locator(".sample-hand ol.hand").first.locator("li")).to_have_count(5)
    opening = page.locator(".sample-hand ol.hand").first.all_inner_texts()
    page.click("#next-draw")
    expect(page.locator(".sample-hand ol.draws li")).to_have_count(1)
    assert page.locator(".sample-hand ol.hand").first.all_inner_texts() == opening
    page.click("#next-draw")
    expect(page.locator(".sample-hand ol.draws li")).to_have_count(2)
    page.click("#new-hand")
    expect(page.locator(".sample-hand ol.draws li")).to_have_count(0)
    expect(page.locator(".sample-hand ol.hand").first.locator("li")).to_have_count(5)


def test_a_grand_archive_deck_is_built_in_the_builder(live_server, page, bundled_cards, users):
    from decks.models import Card

    def ga(name: str) -> int:
        return Card.objects.get(game="grand-archive", name=name).pk

    log_in(page, live_server.url, "ada", "/decks/new/")
    # when the Grand Archive Standard format is chosen
    page.select_option("#id_format", "grand-archive-standard")
    # then the builder has its sections and its search, and no Genesis champion picker
    expect(page.locator("#search-title")).to_have_text("Find Grand Archive cards")
    expect(page.locator("#section-material")).to_contain_text("Material deck")
    expect(page.locator("#section-main")).to_contain_text("Main deck")
    expect(page.locator("#section-sideboard")).to_be_visible()
    expect(page.locator("#champion")).to_have_count(0)
    expect(page.locator("#builder-legal")).to_have_count(0)
    expect(status(page)).to_contain_text("0/60 main")
    # when a level-0 champion is searched for and added
    page.fill("#builder-q", "level:0 element:fire")
    page.keyboard.press("Enter")
    expect(page.locator("#search-count")).to_have_text(re.compile("1 card matches"))
    page.click(f"#add-material-{ga('Emberwake Spirit')}")
    # then it is in the material deck
    material = page.locator(".deck-section:has(#section-material)")
    expect(material.locator(".deck-row")).to_contain_text("Emberwake Spirit")
    expect(status(page)).to_contain_text("1/12 material")
    expect(status(page)).to_contain_text("Added Emberwake Spirit to the material deck.")
    # and the main deck's size is the problem left, cited in the validation panel
    main_size = page.locator(".validation [data-code=main_size]")
    expect(main_size).to_contain_text("needs at least 60")
    expect(main_size.locator("cite")).to_contain_text("Grand Archive Comprehensive Rules")
    expect(page.locator(".validation [data-code=material_champion_missing]")).to_have_count(0)
    # when main-deck cards are found and added, four of each
    page.fill("#builder-q", "-t:champion -supertype:regalia")
    page.keyboard.press("Enter")
    expect(page.locator("#search-count")).to_have_text(re.compile("cards match"))
    for count, name in enumerate(GA_MAIN, start=1):
        page.click(f"#add-main-{ga(name)}")
        expect(status(page)).to_contain_text(f"{count}/60 main")
    for row, name in enumerate(GA_MAIN):
        expect(page.locator(f"#row-main-{row}")).to_contain_text(name)
        page.fill(f"#count-main-{row}", "4")
        page.keyboard.press("Tab")
        expect(status(page)).to_contain_text(f"{len(GA_MAIN) + 3 * (row + 1)}/60 main")
    # then the verdict turns legal
    expect(status(page).locator(".badge")).to_have_text("Legal")
    assert "Legal: this deck follows every rule" in page.locator(".validation").inner_text()
    # and it saves as a Grand Archive deck whose page shows its cards
    page.fill("#id_name", "Embers")
    page.click("button:has-text('Save deck')")
    page.wait_for_url(re.compile(r"/decks/[\w-]+/$"))
    expect(page.locator("h1")).to_have_text("Embers")
    expect(page.locator(".validation .badge")).to_have_text("Legal")
    expect(page.locator("#row-material-0")).to_contain_text("champion · fire · level 0")
    deck = Deck.objects.get()
    assert (deck.format, deck.legal) == ("grand-archive-standard", True)
    assert sum(entry["count"] for entry in deck.decklist["main"]) == 60
