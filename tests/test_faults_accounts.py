"""Accounts while Redis is down (issue 24, item 3): the site under gunicorn with a real
redis-server as its cache (CACHE_URL) and broker, as in production; Redis is stopped, and log-in
and sign-up, by the API and by the pages, still answer, never a 5xx; Redis comes back, and so do
they. Failed log-ins are counted in the database (django-axes' database handler) and the sign-up
limit's cache answers a miss while Redis is away (genesis/cache.py).

The helpers and the servers are tests/test_faults.py's."""

import http.cookiejar
import re
import urllib.error
import urllib.parse
import urllib.request

import pytest
from django.contrib.auth import get_user_model

from tests.test_faults import (
    call,
    database_url,  # noqa: F401 - a fixture, used by name
    redis_env,
    redis_server,
    site,
)

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]

PASSWORD = "c0rrect-horse"


class Browser:
    """Pages as a browser gets them: cookies kept, redirects followed, the CSRF token sent
    back from the form it came in."""

    def __init__(self, base: str):
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def get(self, path: str) -> tuple[int, str, str]:
        return self._open(urllib.request.Request(self.base + path))

    def submit(self, path: str, fields: dict[str, str]) -> tuple[int, str, str]:
        """GET the form at `path`, then POST `fields` to it with its CSRF token: (status, the
        final address after redirects, the page)."""
        status, _, page = self.get(path)
        assert status == 200, page[-2000:]
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert token, page[-2000:]
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": token.group(1), **fields})
        return self._open(urllib.request.Request(self.base + path, data=body.encode()))

    def _open(self, request: urllib.request.Request) -> tuple[int, str, str]:
        try:
            with self.opener.open(request, timeout=20) as answer:
                return answer.status, answer.url, answer.read().decode()
        except urllib.error.HTTPError as answer:
            return answer.code, answer.url, answer.read().decode()


def log_in_and_sign_up(base: str, attempt: str) -> None:
    """Every way in, each answered without a 5xx, and the right password lets ada in."""
    # the API: a wrong password is a 400, the right one a token, a new account a 201
    status, answer = call(
        base, "POST", "/api/auth/token/", body={"username": "ada", "password": "x"}
    )
    assert status == 400, answer
    status, answer = call(
        base, "POST", "/api/auth/token/", body={"username": "ada", "password": PASSWORD}
    )
    assert status == 200, answer
    assert answer["token"]
    status, answer = call(
        base,
        "POST",
        "/api/auth/register/",
        body={"username": f"api-{attempt}", "password": PASSWORD},
    )
    assert status == 201, answer
    # the pages: the log-in form, wrong then right, and the sign-up form
    browser = Browser(base)
    status, _, page = browser.submit("/accounts/login/", {"username": "ada", "password": "x"})
    assert status == 200, page[-2000:]
    assert "didn't match" in page
    status, url, page = browser.submit(
        "/accounts/login/", {"username": "ada", "password": PASSWORD}
    )
    assert status == 200, page[-2000:]
    assert not url.endswith("/accounts/login/")  # redirected in
    assert 'action="/accounts/logout/"' in page  # logged in
    stranger = Browser(base)
    form = {"username": f"page-{attempt}", "password1": PASSWORD, "password2": PASSWORD}
    status, url, page = stranger.submit("/accounts/signup/", form)
    assert status == 200, page[-2000:]
    assert not url.endswith("/accounts/signup/")  # signed up and in
    assert get_user_model().objects.filter(username=form["username"]).exists()


def test_log_in_and_sign_up_answer_while_redis_is_down_and_after_it_is_back(
    tmp_path,
    database_url,  # noqa: F811 - the fixture imported above
):
    get_user_model().objects.create_user("ada", password=PASSWORD)
    with redis_server(tmp_path) as redis:
        env = {**redis_env(redis, tmp_path / "var"), "CACHE_URL": redis.url(2)}
        with site(database_url, env, tmp_path / "site.log") as base:
            # given the site on Redis, working
            log_in_and_sign_up(base, "before")
            # when Redis stops
            redis.stop()
            # then every way in still answers
            log_in_and_sign_up(base, "during")
            # and when it is back, still
            redis.start()
            log_in_and_sign_up(base, "after")
    assert "cache_unavailable" in (tmp_path / "site.log").read_text()  # logged, not silent
