"""The event stream in a real headless Chromium: two players' phones on the event page, served by
uvicorn as ./scripts/serve serves it. When the organizer pairs round 2, each phone shows its new
table within 2 s without a reload, and a player who allowed notifications gets one."""

import time

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Q
from playwright.sync_api import expect

from decks.services import read_decklist
from tests.support.browser import PASSWORD, SAMPLE, log_in_with_a_cookie
from tests.test_faults import asgi_site, database_url  # noqa: F401  (a fixture)
from tournaments import services
from tournaments.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Counts the notifications the page creates (and still creates them).
COUNT_NOTIFICATIONS = """
window.__notes = [];
const Real = window.Notification;
if (Real) {
  window.Notification = class extends Real {
    constructor(title, options) { window.__notes.push(title); super(title, options); }
  };
}
"""


def phone(browser, base: str, user):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    context.grant_permissions(["notifications"], origin=base)
    context.add_init_script(COUNT_NOTIFICATIONS)
    page = context.new_page()
    log_in_with_a_cookie(page, base, user)
    return page


def test_round_2_paired_reaches_each_players_phone_within_2_s_with_a_notification(
    browser,
    tmp_path,
    database_url,  # noqa: F811
):
    # given an event of four after round 1, every result confirmed
    make = get_user_model().objects.create_user
    users = {name: make(name, password=PASSWORD) for name in ("org", "p01", "p02", "p03", "p04")}
    org = users["org"]
    event = services.tournament_create(organizer=org, name="Regional", rounds=2)
    for name in ("p01", "p02", "p03", "p04"):
        services.registration_create(
            tournament=event, player=users[name], decklist=read_decklist(text=SAMPLE)
        )
    services.tournament_start(tournament=event, actor=org)
    first = services.round_pair(round_id=services.round_start(tournament=event, actor=org).pk)
    for match in first.matches.all():
        services.match_result_report(match=match, actor=org, a_wins=2, b_wins=0, draws=0)
    env = {"GENESIS_VAR_DIR": str(tmp_path / "var"), "STREAM_REDIS_URL": "", "REDIS_URL": ""}
    with asgi_site(database_url, env, tmp_path / "site.log") as base:
        # and two players with the event page open on their phones, notifications allowed
        pages = {}
        for name in ("p01", "p02"):
            page = phone(browser, base, users[name])
            page.goto(f"{base}/events/{event.pk}/")
            expect(page.locator(".live")).to_have_attribute("data-stream", "open")
            page.evaluate("window.__samePage = true")
            pages[name] = page
        # when the organizer pairs round 2
        started = time.monotonic()
        second = services.round_pair(round_id=services.round_start(tournament=event, actor=org).pk)
        # then each phone shows its new table within 2 s, without a reload
        for name, page in pages.items():
            match = Match.objects.select_related("player_a", "player_b").get(
                Q(player_a__player=users[name]) | Q(player_b__player=users[name]), round=second
            )
            left = max(0.1, 2 - (time.monotonic() - started))
            expect(page.locator("#my-table .my-table-line")).to_contain_text(
                f"Table {match.table}", timeout=left * 1000
            )
            expect(page.locator("#round-title")).to_have_text("Round 2")
            assert page.evaluate("window.__samePage") is True
            # and a browser notification names the round, the table and the opponent
            opponent = (
                match.player_b if match.player_a.player_id == users[name].pk else match.player_a
            )
            page.wait_for_function("window.__notes.length >= 1", timeout=3000)
            assert page.evaluate("window.__notes") == [
                f"Round 2: table {match.table} against {opponent.name}"
            ]
        print(f"both phones showed round 2 in {time.monotonic() - started:.2f} s")


def test_without_the_stream_the_round_panel_polls_but_not_in_a_hidden_tab(
    live_server, page, bundled_cards
):
    # given a running event, served by a WSGI server (no stream: 503 stream_unavailable)
    make = get_user_model().objects.create_user
    users = {name: make(name, password=PASSWORD) for name in ("org", "p01", "p02")}
    event = services.tournament_create(organizer=users["org"], name="Store night", rounds=2)
    for name in ("p01", "p02"):
        services.registration_create(
            tournament=event, player=users[name], decklist=read_decklist(text=SAMPLE)
        )
    services.tournament_start(tournament=event, actor=users["org"])
    services.round_pair(round_id=services.round_start(tournament=event, actor=users["org"]).pk)
    polls: list[str] = []
    page.on(
        "request",
        lambda request: polls.append(request.url) if "/round/" in request.url else None,
    )
    page.clock.install()
    page.goto(f"{live_server.url}/events/{event.pk}/")
    expect(page.locator(".live")).to_have_attribute("data-stream", "polling")
    # when 16 s pass in a visible tab, the round panel asks once (every 15 s)
    page.clock.run_for(16_000)
    page.wait_for_timeout(300)
    assert len(polls) == 1
    # when the tab is hidden, a minute passes without a single poll
    page.evaluate(
        "Object.defineProperty(document, 'hidden', {value: true, configurable: true});"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    page.clock.run_for(60_000)
    page.wait_for_timeout(300)
    assert len(polls) == 1
    # and when it is shown again, it catches up at once
    page.evaluate(
        "Object.defineProperty(document, 'hidden', {value: false, configurable: true});"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    page.wait_for_timeout(500)
    assert len(polls) == 2
