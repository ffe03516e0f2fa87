"""Check-in on the day, in a real headless Chromium on phone-sized screens (390×844): the
organizer opens check-in on the event page and shows the QR code page; a player opens the
QR code's URL on their phone, finds the code filled in and checks in with one tap; a judge
checks in a walk-in at the desk; and when round 1 is paired, a player who never checked in
is dropped and their event page says why. Every page fits the phone's width."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from decks.services import read_decklist
from tests.support.browser import PASSWORD, SAMPLE, no_sideways_scroll, shot
from tests.tournaments.conftest import run_tasks
from tests.tournaments.test_event_run_browser import phone
from tournaments import services
from tournaments.models import CheckIn, NoShowDrop, Registration, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def users():
    make = get_user_model().objects.create_user
    names = ("org", "jude", "p01", "p02", "p03")
    return {name: make(name, password=PASSWORD) for name in names}


def registered_event(users) -> Tournament:
    event = services.tournament_create(organizer=users["org"], name="Regional Check-in", rounds=2)
    services.judge_add(tournament=event, actor=users["org"], username="jude")
    for name in ("p01", "p02", "p03"):
        services.registration_create(
            tournament=event, player=users[name], decklist=read_decklist(text=SAMPLE)
        )
    return event


def test_a_player_checks_in_by_the_qr_code_and_a_judge_checks_in_a_walk_in(
    live_server, browser, bundled_cards, users
):
    base = live_server.url
    event = registered_event(users)
    # given: the organizer opens check-in from the event page's panel, on a phone
    org = phone(browser, base, users["org"])
    org.goto(f"{base}/events/{event.pk}/")
    panel = org.locator("#check-in")
    panel.get_by_role("button", name="Open check-in").click()
    code = Tournament.objects.get(pk=event.pk).check_in_code
    expect(org.locator("#check-in-code")).to_have_text(code)
    expect(org.locator("#check-in-counts")).to_contain_text("0 checked in, 3 missing")
    no_sideways_scroll(org)
    shot(org, "check-in-panel-phone")
    # the QR code page: an SVG QR code, the code, and the address it holds
    org.locator("#check-in").get_by_role("link", name="Show the QR code").click()
    expect(org.locator(".qr-code svg")).to_be_visible()
    expect(org.locator("#check-in-code")).to_have_text(code)
    url = org.locator(".check-in-url a").get_attribute("href")
    assert url == f"{base}/events/{event.pk}/check-in/?code={code}"
    no_sideways_scroll(org)
    shot(org, "check-in-qr-phone")

    # and a judge has the event page open at the desk
    judge = phone(browser, base, users["jude"])
    judge.goto(f"{base}/events/{event.pk}/")
    expect(judge.locator("#check-in-counts")).to_contain_text("0 checked in, 3 missing")

    # when: p01 opens the QR code's address on their phone and taps once
    player = phone(browser, base, users["p01"])
    player.goto(url)
    expect(player.locator("#check-in-code-input")).to_have_value(code)
    no_sideways_scroll(player)
    shot(player, "check-in-phone")
    player.get_by_role("button", name="Check in").click()
    # then
    expect(player.locator("#check-in-state")).to_have_text("You are checked in.")
    no_sideways_scroll(player)
    player.goto(f"{base}/events/{event.pk}/")
    expect(player.locator("#my-check-in")).to_have_text("You are checked in.")

    # and the judge's list follows without a reload when the stream says `checkin` (the live
    # server has no stream, so the event the stream would bring is sent to the list here),
    # keeping open the list of the missing the judge had opened
    judge.locator("#check-in-missing summary").click()
    judge.evaluate("htmx.trigger(document.getElementById('check-in-list'), 'sse:checkin')")
    expect(judge.locator("#check-in-counts")).to_contain_text("1 checked in, 2 missing")
    expect(judge.locator("#check-in-missing summary")).to_have_text("Missing (2)")
    expect(judge.locator("#check-in-missing")).to_have_attribute("open", "")

    # when: the judge checks p02 in at the desk, from the event page on their phone
    judge.locator("#check-in-registration").select_option(label="p02")
    judge.locator("#check-in").get_by_role("button", name="Check in").click()
    # then
    expect(judge.locator(".messages")).to_contain_text("p02 is checked in.")
    expect(judge.locator("#check-in-counts")).to_contain_text("2 checked in, 1 missing")
    no_sideways_scroll(judge)
    made = dict(CheckIn.objects.values_list("registration__player__username", "by_code"))
    assert made == {"p01": True, "p02": False}
    for page in (org, player, judge):
        page.context.close()


def test_a_player_who_did_not_check_in_is_dropped_at_round_1_and_told(
    live_server, browser, bundled_cards, users, enqueued_tasks
):
    base = live_server.url
    event = registered_event(users)
    # given: check-in with no-shows dropped, chosen on the panel; p01 and p02 check in
    org = phone(browser, base, users["org"])
    org.goto(f"{base}/events/{event.pk}/")
    org.locator("#id_drop_unchecked").check()
    org.locator("#check-in").get_by_role("button", name="Open check-in").click()
    expect(org.locator("#check-in-counts")).to_contain_text("the missing are dropped")
    event.refresh_from_db()
    for name in ("p01", "p02"):
        services.check_in(tournament=event, actor=users[name], code=event.check_in_code)
    services.tournament_start(tournament=event, actor=users["org"])
    # when: the organizer pairs round 1 from the event page
    org.goto(f"{base}/events/{event.pk}/")
    org.get_by_role("link", name="Pair next round").click()
    org.get_by_role("button", name="Yes, pair the next round").click()
    run_tasks(enqueued_tasks)
    # then: p03 is dropped, logged, and told on their event page
    p03 = Registration.objects.get(tournament=event, player=users["p03"])
    assert p03.dropped_after_round == 0
    assert NoShowDrop.objects.filter(registration=p03).exists()
    player = phone(browser, base, users["p03"])
    player.goto(f"{base}/events/{event.pk}/")
    expect(player.locator("#no-show-drop")).to_have_text(
        "You were dropped when round 1 was paired: you had not checked in."
    )
    no_sideways_scroll(player)
    shot(player, "check-in-dropped-phone")
    assert event.rounds.get(number=1).matches.count() == 1  # p01 against p02, nobody else
    for page in (org, player):
        page.context.close()
