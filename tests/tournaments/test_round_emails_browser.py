"""Round e-mails on a phone (390×844), in a real headless Chromium: a registered player turns
them on and off from the event page with one tap each, and the page fits the phone's width."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from decks.services import read_decklist
from tests.support.browser import PASSWORD, SAMPLE, no_sideways_scroll, shot
from tests.tournaments.test_event_run_browser import phone
from tournaments import services
from tournaments.models import Registration

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_turns_round_emails_on_and_off_on_their_phone(live_server, browser, bundled_cards):
    make = get_user_model().objects.create_user
    org = make("org", password=PASSWORD)
    player = make("p01", password=PASSWORD, email="p01@example.org")
    event = services.tournament_create(organizer=org, name="Regional E-mails", rounds=2)
    services.registration_create(
        tournament=event, player=player, decklist=read_decklist(text=SAMPLE)
    )
    page = phone(browser, live_server.url, player)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    # when: one tap turns them on
    page.get_by_role("button", name="E-mail me my table each round").click()
    # then
    expect(page.locator(".round-emails-state")).to_contain_text("p01@example.org")
    registration = Registration.objects.get(tournament=event, player=player)
    assert registration.email_each_round
    no_sideways_scroll(page)
    shot(page, "round-emails-phone")
    # and one tap turns them off
    page.get_by_role("button", name="Stop round e-mails").click()
    expect(page.get_by_role("button", name="E-mail me my table each round")).to_be_visible()
    registration.refresh_from_db()
    assert not registration.email_each_round
