"""Pages in a real headless Chromium (the `browser` fixture, tests/conftest.py): a page of its own
for a signed-in user at phone or desktop size, the checks and screenshots the browser tests
share, and their accounts' password and sample timeline."""

import os
from pathlib import Path

from django.conf import settings
from django.test import Client

PHONE = {"width": 390, "height": 844}
# The password of the accounts the browser tests sign in with through the form.
PASSWORD = "a-long-test-password"
# A legal Genesis timeline, as a player pastes it.
SAMPLE = (
    Path(__file__).resolve().parents[2] / "decks/samples/sera-vantyne-storm-lattice.txt"
).read_text()
DESKTOP = {"width": 1366, "height": 900}
# Set GENESIS_SCREENSHOTS=/some/dir to keep screenshots of the pages at desktop and phone width.
SCREENSHOTS = os.environ.get("GENESIS_SCREENSHOTS")


def log_in_with_a_cookie(page, base_url: str, user) -> None:
    """Sign `user` in for the page's context with a session cookie, without the log-in form."""
    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": base_url}]
    )


def open_as(browser, base_url: str, user, size: dict = DESKTOP):
    """A page in a context of its own, at `size` (a phone's is touch and mobile), signed in as
    `user` (None: anonymous)."""
    phone = size is PHONE
    context = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone)
    page = context.new_page()
    if user is not None:
        log_in_with_a_cookie(page, base_url, user)
    return page


def player_page(browser, base_url: str, user, phone: bool = False):
    """`user`'s page on a phone, or on a desktop 1200 px wide."""
    return open_as(browser, base_url, user, PHONE if phone else {"width": 1200, "height": 900})


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url} is {width}px wide"


def shot(page, name: str) -> None:
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / f"{name}.png"), full_page=True)
