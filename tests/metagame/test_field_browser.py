"""The simulated field end to end: an event whose decklists are published, its organizer runs the
field from the metagame page in a real headless Chromium, a real Celery worker plays the pairing
as a matchup-lab job, and the page fills in the engine's prediction beside what was seen at the
tables without a reload; on a phone, the matrix reads without the page scrolling sideways."""

from datetime import UTC, datetime

import pytest
from playwright.sync_api import expect

from matchups.models import Matchup
from metagame import services
from tests.metagame.test_metagame import BASTION, FORMAT, FUSE, build, user
from tests.support.browser import log_in_with_a_cookie, no_sideways_scroll
from tournaments.models import Tournament

pytestmark = [
    pytest.mark.browser,
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
]

GAMES = 10


def test_the_field_is_simulated_on_a_worker_and_shown_beside_the_tables(
    live_server, browser, celery_worker_process, bundled_cards
):
    # given two archetypes and an event of theirs with published decklists and results
    org = user("org")
    Tournament.objects.create(name="Anchor", organizer=org, format=FORMAT)
    for name, champion in (
        ("Iron Bastion", "Castellan Hedra Voss"),
        ("Fuse and Cinder", "Nyx Ashcoil"),
    ):
        services.archetype_create(format_slug=FORMAT, actor=org, name=name, champion=champion)
    event, _ = build(
        datetime(2026, 11, 22, tzinfo=UTC),
        [BASTION, FUSE, BASTION, FUSE],
        [(0, 1, 2, 0, 0), (2, 3, 1, 2, 0), (0, 3, 2, 1, 0), (1, 2, 0, 2, 0)],
    )
    # when the organizer runs the field from the metagame page, with the random bots
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    log_in_with_a_cookie(page, live_server.url, org)
    page.goto(f"{live_server.url}/events/{event.pk}/metagame/")
    section = page.locator("#simulated")
    expect(section).to_contain_text("Not simulated yet")
    page.fill("input[name=games]", str(GAMES))
    page.select_option("select[name=bot]", "random")
    page.click("button:has-text('Simulate the field')")
    expect(page.locator(".messages")).to_contain_text("The simulated field is running")
    page.evaluate("window.notReloaded = true")
    # then the worker plays it, and the section follows it to the end by itself
    expect(page.locator("#simulated")).to_have_attribute("data-status", "done", timeout=60_000)
    assert page.evaluate("window.notReloaded") is True
    job = Matchup.objects.get()
    assert (job.status, job.games) == (Matchup.Status.DONE, GAMES)
    simulated = page.locator("#simulated")
    expect(simulated).to_contain_text(f"{GAMES} of {GAMES} games")
    cell = simulated.locator("td:not(.mg-mirror)").first
    expect(cell).to_contain_text("seen ")
    expect(cell).to_contain_text("engine ")
    assert "engine –" not in cell.inner_text()  # the prediction is in, beside what was seen
    context.close()
    # and on a phone, anyone reads it (every decklist is published) without sideways scrolling
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    reader = phone.new_page()
    reader.goto(f"{live_server.url}/events/{event.pk}/metagame/")
    expect(reader.locator("#simulated .mg-matrix")).to_be_visible()
    expect(reader.locator("#simulated")).to_contain_text(f"Done ({GAMES} of {GAMES} games)")
    no_sideways_scroll(reader)
    phone.close()
