"""The deck builders' tools in a real headless Chromium: the search's display switch, comparing
two decks (on a phone too), group draw odds updating without a reload, and adding a card to a
deck from its page."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from decks import services
from decks.models import Card, Deck
from rules.core.decklist import decklist_from_json, parse_decklist

from .test_builder_pages import PASSWORD, SAMPLE, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def users():
    make = get_user_model().objects.create_user
    return make("ada", password=PASSWORD), make("brook", password=PASSWORD)


LIGHTER = SAMPLE.replace("4 Static Lattice\n", "").replace("3 Arc Relay", "1 Arc Relay")


def deck(owner, text=SAMPLE, name="Storm", visibility="public") -> Deck:
    return services.deck_create(
        owner=owner, name=name, decklist=parse_decklist(text), visibility=visibility
    )


def test_the_display_switch_shows_a_text_list_and_keeps_it(live_server, page, cards):
    # given the grid
    page.goto(live_server.url + "/?q=t:summon")
    expect(page.locator(".card-tile")).to_have_count(2)
    # when the text display is chosen
    page.click("#display-text")
    # then the same cards are listed with their fields, and the address says so
    page.wait_for_url("**display=text*")
    expect(page.locator(".card-text")).to_have_count(2)
    expect(page.locator(".card-tile")).to_have_count(0)
    expect(page.locator(".card-text", has_text="Cinder Pup")).to_contain_text("Beckon")
    expect(page.locator("#display-text")).to_have_attribute("aria-current", "true")
    # and a new search keeps the display
    page.fill("#q", "kw:flight")
    page.keyboard.press("Enter")
    page.wait_for_url("**q=kw*")
    expect(page.locator(".card-text")).to_have_count(1)
    assert "display=text" in page.url
    page.click("#display-grid")
    expect(page.locator(".card-tile")).to_have_count(1)


def test_two_decks_compared_from_a_deck_page(live_server, page, bundled_cards, users):
    # given two public decks of different players
    a = deck(users[0], name="Storm")
    b = deck(users[1], LIGHTER, name="Storm, lighter")
    page.goto(live_server.url + f"/decks/{a.key}/")
    # when the other deck is chosen in the deck page's compare control
    page.select_option("#compare-b", b.key)
    page.click("#compare-button")
    # then
    page.wait_for_url(f"**/decks/compare/?a={a.key}&b={b.key}")
    only_a = page.locator("#compare-timeline .compare-only-a")
    expect(only_a).to_contain_text("4 Static Lattice")
    expect(page.locator("#compare-timeline .compare-only-b")).to_contain_text("Nothing")
    expect(page.locator("#compare-timeline .compare-differ")).to_contain_text("Arc Relay")
    # and the sides can be swapped
    page.click("#compare-swap")
    page.wait_for_url(f"**/decks/compare/?a={b.key}&b={a.key}")
    expect(page.locator("#compare-timeline .compare-only-b")).to_contain_text("4 Static Lattice")


def test_an_unlisted_deck_is_compared_by_its_link(live_server, page, bundled_cards, users):
    a = deck(users[0], name="Storm")
    b = deck(users[1], LIGHTER, name="Shared quietly", visibility="unlisted")
    page.goto(live_server.url + f"/decks/{a.key}/")
    page.fill("#compare-link", f"{live_server.url}/decks/{b.key}/")
    page.click("#compare-button")
    page.wait_for_url(f"**/decks/compare/?a={a.key}&b={b.key}")
    expect(page.locator("h1")).to_contain_text("Shared quietly")


def test_the_comparison_is_stacked_on_a_phone(live_server, phone_page, bundled_cards, users):
    a = deck(users[0], name="Storm")
    b = deck(users[1], LIGHTER, name="Storm, lighter")
    phone_page.goto(live_server.url + f"/decks/compare/?a={a.key}&b={b.key}")
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    first = phone_page.locator("#compare-timeline .compare-only-a").bounding_box()
    second = phone_page.locator("#compare-timeline .compare-only-b").bounding_box()
    assert second["y"] >= first["y"] + first["height"]  # one under the other


def test_group_odds_update_without_reloading_the_page(live_server, page, bundled_cards, users):
    a = deck(users[0])
    page.goto(live_server.url + f"/decks/{a.key}/")
    page.evaluate("window.notReloaded = true")
    expect(page.locator("#group-odds-empty")).to_be_visible()
    # when a 4-of and a 3-of are ticked
    page.check("#group-odds input[value='Static Lattice']")
    expect(page.locator("#group-odds-summary")).to_contain_text("these 4 cards")
    page.check("#group-odds input[value='Arc Relay']")
    # then the odds are those of 7 copies in 50 cards, on the same page
    expect(page.locator("#group-odds-summary")).to_contain_text("these 7 cards")
    rows = page.locator("#group-odds .odds-table tbody tr")
    expect(rows.first).to_contain_text("54.6%")  # 1 - C(43,5)/C(50,5)
    assert page.evaluate("window.notReloaded") is True
    assert page.locator("#group-odds input[value='Arc Relay']").is_checked()
    # and a card type's button ticks every card of that type
    page.click("#group-type-summon")
    summons = {
        e.name
        for e in decklist_from_json(a.decklist).timeline
        if Card.objects.get(name=e.name).type == Card.Type.SUMMON
    }
    expect(page.locator("#group-odds input:checked")).to_have_count(len(summons))
    checked = page.locator("#group-odds input:checked").evaluate_all("els => els.map(e => e.value)")
    assert set(checked) == summons
    assert page.evaluate("window.notReloaded") is True


def test_a_card_is_added_to_a_deck_from_its_page(live_server, page, bundled_cards, users):
    # given a signed-in player with two decks
    deck(users[0], name="First", visibility="private")
    second = deck(users[0], name="Second", visibility="private")
    deck(users[1], name="Not mine")
    relay = Card.objects.get(name="Arc Relay")
    # signed out, the card page offers a log-in instead
    page.goto(live_server.url + f"/cards/{relay.pk}/")
    expect(page.locator("#add-to-deck")).to_contain_text("Log in to add this card")
    log_in(page, live_server.url, users[0].username, f"/cards/{relay.pk}/")
    # only their own decks are listed
    options = page.locator("#add-deck option").all_inner_texts()
    assert sorted(options) == ["First (Sera Vantyne)", "Second (Sera Vantyne)"]
    # when
    page.select_option("#add-deck", second.key)
    page.click("#add-to-deck-button")
    # then
    expect(page.locator(".messages")).to_contain_text(
        "Added 1 Arc Relay to Second: 4 in its timeline now"
    )
    expect(page.locator("#add-to-deck .added")).to_contain_text("Second, now at version 2")
    second.refresh_from_db()
    assert second.version == 2
    assert [
        e.count for e in decklist_from_json(second.decklist).timeline if e.name == "Arc Relay"
    ] == [4]
