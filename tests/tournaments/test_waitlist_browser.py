"""The waitlist in a real headless Chromium, on a phone: a player registering for a full event
sees "Waitlisted, position N" and can leave; the organizer raises the capacity from the
waitlist panel, and the player's page then says they were registered from the waitlist."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from decks.services import read_decklist
from tests.support.browser import SAMPLE, no_sideways_scroll, player_page, shot
from tournaments import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_on_a_phone_waits_in_line_and_is_told_when_registered(
    live_server, browser, bundled_cards
):
    # given a full event of two
    make = get_user_model().objects.create_user
    users = {
        name: make(name, password="a-long-test-password")
        for name in ("org", "p01", "p02", "w1", "w2")
    }
    event = services.tournament_create(organizer=users["org"], name="Full House", capacity=2)
    for name in ("p01", "p02"):
        services.registration_create(
            tournament=event, player=users[name], decklist=read_decklist(text=SAMPLE)
        )
    base = live_server.url
    services.registration_create(
        tournament=event, player=users["w1"], decklist=read_decklist(text=SAMPLE)
    )
    # when a player registers from their phone
    phone = player_page(browser, base, users["w2"], phone=True)
    phone.goto(f"{base}/events/{event.pk}/")
    expect(phone.locator("#registration")).to_contain_text("registering puts you on its waitlist")
    phone.fill("#id_decklist", SAMPLE)
    phone.click("button:has-text('Register with this list')")
    # then they are told their place, and the page fits the phone
    expect(phone.locator(".messages")).to_contain_text("you are on its waitlist")
    expect(phone.locator("#registration")).to_contain_text("Waitlisted, position 2")
    expect(phone.locator("#registration button:has-text('Leave the waitlist')")).to_be_visible()
    no_sideways_scroll(phone)
    shot(phone, "waitlisted-phone")
    # when the organizer, on a phone too, moves them first and raises the capacity by one
    organizer = player_page(browser, base, users["org"], phone=True)
    organizer.goto(f"{base}/events/{event.pk}/")
    panel = organizer.locator("#waitlist")
    expect(panel.locator(".waitlist-entry")).to_have_count(2)
    no_sideways_scroll(organizer)
    shot(organizer, "waitlist-organizer-phone")
    w2_place = panel.locator(".waitlist-entry", has_text="w2").locator("input[name=position]")
    w2_place.fill("1")
    panel.locator(".waitlist-entry", has_text="w2").get_by_role(
        "button", name="Move w2", exact=True
    ).click()
    expect(organizer.locator(".messages")).to_contain_text("Moved to place 1")
    expect(panel.locator(".waitlist-entry").first).to_contain_text("w2")
    organizer.fill("#capacity-input", "3")
    organizer.click("button:has-text('Save capacity')")
    expect(organizer.locator(".messages")).to_contain_text("Registered from the waitlist: w2")
    # then the player's page says they are registered from the waitlist
    phone.reload()
    expect(phone.locator("#registration")).to_contain_text("You are registered")
    expect(phone.locator(".waitlist-notice")).to_contain_text("registered from the waitlist")
    no_sideways_scroll(phone)
    # and the other player, still waiting, leaves the line
    other = player_page(browser, base, users["w1"], phone=True)
    other.goto(f"{base}/events/{event.pk}/")
    expect(other.locator("#registration")).to_contain_text("Waitlisted, position 1")
    other.click("button:has-text('Leave the waitlist')")
    expect(other.locator(".messages")).to_contain_text("You have left the waitlist")
    expect(other.locator("#registration")).not_to_contain_text("Waitlisted")
    for context in (phone.context, organizer.context, other.context):
        context.close()
