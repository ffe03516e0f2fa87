"""The matchup lab in a real headless Chromium with a real Celery worker: from a deck's page a
user starts a test against a sample timeline, the job's page shows a progress bar that htmx
moves on as the worker records chunks, up to the end and the results, with replay links; and
the deck's page lists the result. On a phone-sized screen, without sideways scrolling."""

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from decks import services
from matchups.models import Matchup
from tests.support.browser import log_in_with_a_cookie, no_sideways_scroll, shot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
]

SERA = Path("decks/samples/sera-vantyne-storm-lattice.txt").read_text()
GAMES = 40  # 8 chunks of 5: the bar moves in steps the page can see


def test_a_matchup_runs_on_a_worker_with_its_progress_bar_to_the_end(
    live_server, browser, celery_worker_process, bundled_cards
):
    # given: a user with a saved deck, on its page, on a phone
    user = get_user_model().objects.create_user("ann", password="pw-not-used-1")
    deck = services.deck_create(
        owner=user, name="Storm Lattice", decklist=services.read_decklist(text=SERA)
    )
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    log_in_with_a_cookie(page, live_server.url, user)
    page.goto(f"{live_server.url}/decks/{deck.key}/")
    lab = page.locator("#matchup-lab")
    expect(lab.get_by_role("heading", name="Test this deck")).to_be_visible()
    expect(lab).to_contain_text("No tests yet")
    no_sideways_scroll(page)
    polls: list[str] = []
    page.on(
        "request",
        lambda request: polls.append(request.url) if request.headers.get("hx-request") else None,
    )
    # when: a test against a sample timeline is started from the form
    lab.get_by_label("Opponent").select_option("sample:hedra-voss-iron-bastion")
    lab.get_by_label("Games").fill(str(GAMES))
    lab.get_by_label("Bots").select_option("heuristic")
    lab.get_by_role("button", name="Test this deck").click()
    # then: the job's page, its bar at the start
    page.wait_for_url("**/matchups/*/")
    bar = page.locator("#matchup-bar")
    expect(bar).to_have_attribute("max", str(GAMES))
    first = int(bar.get_attribute("value"))
    no_sideways_scroll(page)
    shot(page, "matchup-running-phone")
    # the worker plays the chunks and the page follows them to the end without a reload
    seen = [first]
    for _ in range(240):
        value = int(page.locator("#matchup-bar").get_attribute("value"))
        if value != seen[-1]:
            seen.append(value)
        if page.locator("#matchup-progress[data-status=done]").count():
            break
        page.wait_for_timeout(250)
    expect(page.locator("#matchup-progress")).to_have_attribute(
        "data-status", "done", timeout=30_000
    )
    expect(bar).to_have_attribute("value", str(GAMES))
    seen.append(int(page.locator("#matchup-bar").get_attribute("value")))
    assert first < GAMES, "the worker finished before the page showed it running"
    assert polls, "the page never asked for the progress"
    assert seen == sorted(seen)
    assert seen[-1] == GAMES
    expect(page.locator(".matchup-count")).to_contain_text(f"{GAMES} of {GAMES} games played")
    job = Matchup.objects.get()
    assert job.status == Matchup.Status.DONE
    wins = int(page.locator("#matchup-wins").inner_text())
    losses = int(page.locator("#matchup-losses").inner_text())
    draws = int(page.locator("#matchup-draws").inner_text())
    assert wins + losses + draws == GAMES
    expect(page.locator("#matchup-ci")).to_contain_text("% to ")
    expect(page.locator(".matchup-endings tbody tr").first).to_be_visible()
    no_sideways_scroll(page)
    shot(page, "matchup-done-phone")
    # a replay opens on the replay board
    page.locator(".matchup-replays a").first.click()
    expect(page.locator(".arena-grid")).to_be_visible()
    expect(page.locator(".arena-spot")).to_have_count(30)
    # and the deck's page lists the result with its version
    page.goto(f"{live_server.url}/decks/{deck.key}/")
    expect(lab).to_contain_text("Version 1 v Sample: Iron Bastion (Castellan Hedra Voss)")
    expect(lab).to_contain_text(f"of {GAMES}")
    context.close()
