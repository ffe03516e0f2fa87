"""Accounts: register and token endpoints, token and session auth, sign-up/log-in pages."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_register_then_get_a_token_and_use_it():
    client = APIClient()
    created = client.post(
        "/api/auth/register/", {"username": "ada", "password": "c0rrect-horse"}, format="json"
    )
    assert created.status_code == 201
    assert created.json()["username"] == "ada"
    token = client.post(
        "/api/auth/token/", {"username": "ada", "password": "c0rrect-horse"}, format="json"
    ).json()["token"]
    authed = APIClient()
    authed.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert authed.get("/api/cards/").status_code == 200


@pytest.mark.parametrize(
    ("payload", "status", "code"),
    [
        ({"username": "ada2", "password": "123"}, 400, "weak_password"),
        ({"username": "bad name!", "password": "c0rrect-horse"}, 400, "invalid_username"),
        ({"username": "", "password": "c0rrect-horse"}, 400, "invalid"),
        ({"password": "c0rrect-horse"}, 400, "invalid"),
    ],
)
def test_register_refuses_bad_input_clearly(payload, status, code):
    response = APIClient().post("/api/auth/register/", payload, format="json")
    assert response.status_code == status
    assert response.json()["code"] == code
    assert not get_user_model().objects.exclude(username="").exists()


def test_usernames_are_unique_regardless_of_case():
    get_user_model().objects.create_user("Ada", password="x")
    response = APIClient().post(
        "/api/auth/register/", {"username": "ada", "password": "c0rrect-horse"}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["code"] == "username_taken"


def test_wrong_password_gets_no_token():
    get_user_model().objects.create_user("ada", password="c0rrect-horse")
    response = APIClient().post(
        "/api/auth/token/", {"username": "ada", "password": "nope"}, format="json"
    )
    assert response.status_code == 400
    assert "token" not in response.json()


def test_signup_and_login_pages(client):
    assert client.get("/accounts/signup/").status_code == 200
    response = client.post(
        "/accounts/signup/",
        {"username": "grace", "password1": "c0rrect-horse", "password2": "c0rrect-horse"},
    )
    assert response.status_code == 302
    assert client.get("/").context["user"].username == "grace"
    client.post("/accounts/logout/")
    assert client.get("/accounts/login/").status_code == 200
    assert client.login(username="grace", password="c0rrect-horse")


# --- usernames, log-in limits, sign-up limits and tokens (issue: accounts) -----------------------

PASSWORD = "c0rrect-horse"


def test_the_database_refuses_two_usernames_that_differ_only_in_case():
    from django.db import IntegrityError, transaction

    get_user_model().objects.create_user("Ada", password="x")
    with pytest.raises(IntegrityError), transaction.atomic():
        get_user_model().objects.create_user("ADA", password="x")


@pytest.mark.django_db(transaction=True)
def test_concurrent_sign_ups_of_case_variants_make_one_account():
    import threading

    from django.db import connection

    names = ["Grace", "grace", "GRACE", "gRaCe"] * 5
    codes = []

    def sign_up(name):
        try:
            response = APIClient().post(
                "/api/auth/register/", {"username": name, "password": PASSWORD}, format="json"
            )
            codes.append(response.status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=sign_up, args=(name,)) for name in names]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert get_user_model().objects.filter(username__iexact="grace").count() == 1
    assert sorted(set(codes)) in ([201, 409], [201, 409, 429], [201, 429])
    assert codes.count(201) == 1


def wrong_token_logins(count, username="ada", address="10.0.0.1", **headers):
    client = APIClient(REMOTE_ADDR=address, **headers)
    return [
        client.post("/api/auth/token/", {"username": username, "password": "nope"}, format="json")
        for _ in range(count)
    ]


def token_login(username, password=PASSWORD, address="10.0.0.1"):
    return APIClient(REMOTE_ADDR=address).post(
        "/api/auth/token/", {"username": username, "password": password}, format="json"
    )


def test_failed_token_logins_are_limited_per_account_and_address_with_retry_after():
    get_user_model().objects.create_user("ada", password=PASSWORD)
    # given ten wrong passwords (the limit) from one address, the first nine refused as wrong
    answers = wrong_token_logins(10)
    assert {a.status_code for a in answers[:9]} == {400}
    # then the next attempt from there, even with the right password, is refused for a while
    locked = token_login("ada")
    assert locked.status_code == 429
    assert locked.json()["code"] == "locked_out"
    assert int(locked["Retry-After"]) > 0


def test_failed_page_logins_are_limited_per_account_and_address(client):
    get_user_model().objects.create_user("bob", password=PASSWORD)
    for attempt in range(10):
        response = client.post("/accounts/login/", {"username": "bob", "password": "nope"})
        assert response.status_code == (200 if attempt < 9 else 429)
    locked = client.post("/accounts/login/", {"username": "bob", "password": PASSWORD})
    assert locked.status_code == 429
    assert "Too many failed log-ins" in locked.content.decode()
    assert int(locked["Retry-After"]) > 0


def test_a_forwarded_address_is_not_believed_without_a_trusted_proxy():
    get_user_model().objects.create_user("ada", password=PASSWORD)
    for n in range(10):  # a client that claims a new address each time
        wrong_token_logins(1, address="10.0.0.1", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
    refused = APIClient(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.200").post(
        "/api/auth/token/", {"username": "ada", "password": PASSWORD}, format="json"
    )
    assert refused.status_code == 429


# --- lock-out that strangers cannot use (issue 24, item 4) --------------------------------------


def test_a_strangers_wrong_passwords_do_not_lock_the_owner_out_from_another_address():
    get_user_model().objects.create_user("ada", password=PASSWORD)
    # given a stranger who made twenty wrong guesses at ada's password from their address
    wrong_token_logins(20, username="ada", address="198.51.100.7")
    assert token_login("ada", address="198.51.100.7").status_code == 429
    # then ada, from her own address, logs in, by the API and by the form
    assert token_login("ada", address="10.0.0.1").status_code == 200
    page = APIClient(REMOTE_ADDR="10.0.0.2").post(
        "/accounts/login/", {"username": "ada", "password": PASSWORD}
    )
    assert page.status_code == 302


def test_one_players_failures_behind_a_venues_address_lock_out_no_one_else_there():
    for name in ("ada", "bob"):
        get_user_model().objects.create_user(name, password=PASSWORD)
    venue = "203.0.113.50"
    # given ada, behind the venue's shared address, locked out after mistyping ten times
    wrong_token_logins(10, username="ada", address=venue)
    assert token_login("ada", address=venue).status_code == 429
    # then bob, behind the same address, still logs in
    assert token_login("bob", address=venue).status_code == 200


def test_the_cool_off_doubles_as_an_account_fails_from_more_addresses(settings):
    from datetime import timedelta

    settings.LOGIN_COOLOFF_FIRST = timedelta(seconds=60)
    settings.LOGIN_COOLOFF_LONGEST = timedelta(seconds=150)
    get_user_model().objects.create_user("ada", password=PASSWORD)
    waits = []
    # when ten wrong passwords come from each of three addresses in turn
    for n in range(3):
        address = f"198.51.100.{n}"
        wrong_token_logins(10, username="ada", address=address)
        locked = token_login("ada", address=address)
        assert locked.status_code == 429
        waits.append(int(locked["Retry-After"]))
    # then each address waits longer than the one before, up to the longest cool-off
    assert waits == [60, 120, 150]
    # and the first address, whose lock began with a minute, now waits as long as the others
    assert int(token_login("ada", address="198.51.100.0")["Retry-After"]) == 150
    # while the owner, from an address with no failures, is not refused at all
    assert token_login("ada", address="10.0.0.1").status_code == 200


# --- case-insensitive log-in (issue 24, item 7) -------------------------------------------------


def test_log_in_finds_the_account_whatever_the_case_of_its_username(client):
    get_user_model().objects.create_user("alice", password=PASSWORD)
    # the API
    answer = token_login("ALICE")
    assert answer.status_code == 200
    assert answer.json()["token"]
    # and the form
    page = client.post("/accounts/login/", {"username": "Alice", "password": PASSWORD})
    assert page.status_code == 302
    assert client.get("/accounts/").context["user"].username == "alice"
    # a wrong password is wrong in any case
    assert token_login("ALICE", password="nope").status_code == 400


def test_a_session_logged_in_before_the_change_of_backend_stays_logged_in(client):
    user = get_user_model().objects.create_user("alice", password=PASSWORD)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    assert client.get("/accounts/").status_code == 200


def test_failed_log_ins_count_for_one_account_whatever_the_case():
    get_user_model().objects.create_user("alice", password=PASSWORD)
    # given ten wrong passwords, under three spellings of one username
    for name in ["alice", "ALICE", "Alice"] * 3 + ["aLiCe"]:
        wrong_token_logins(1, username=name)
    # then the account is locked for that address under any spelling
    assert token_login("alice").status_code == 429
    assert token_login("ALICE").status_code == 429


# --- password reset by e-mail (issue 24, item 7) ------------------------------------------------


def test_a_forgotten_password_is_reset_by_a_link_sent_by_e_mail(client, settings):
    import re

    from django.core import mail

    settings.SITE_URL = "https://events.example.org"
    get_user_model().objects.create_user("ada", email="ada@example.org", password="old-pa55word")
    # given the link on the log-in page
    assert 'href="/accounts/password/reset/"' in client.get("/accounts/login/").content.decode()
    assert client.get("/accounts/password/reset/").status_code == 200
    # when ada asks for a reset by her address (any case)
    asked = client.post("/accounts/password/reset/", {"email": "ADA@example.org"})
    assert asked.status_code == 302
    assert "Check your e-mail" in client.get(asked["Location"]).content.decode()
    # then one e-mail goes to her, with a link to the site's public address
    assert [m.to for m in mail.outbox] == [["ada@example.org"]]
    link = re.search(
        r"https://events\.example\.org(/accounts/password/reset/\S+/)", mail.outbox[0].body
    )
    assert link, mail.outbox[0].body
    # when she follows it and sets a new password
    form = client.get(link.group(1), follow=True)
    assert "Choose a new password" in form.content.decode()
    new = {"new_password1": PASSWORD, "new_password2": PASSWORD}
    done = client.post(form.redirect_chain[-1][0], new)
    assert done.status_code == 302
    assert "Your password is changed" in client.get(done["Location"]).content.decode()
    # then she logs in with it, and not with the old one
    assert token_login("ada").status_code == 200
    assert token_login("ada", password="old-pa55word").status_code == 400
    # and the link works once
    assert "no longer works" in client.get(link.group(1), follow=True).content.decode()


def test_a_reset_for_an_unknown_address_answers_the_same_and_sends_nothing(client):
    from django.core import mail

    get_user_model().objects.create_user("ada", email="ada@example.org", password=PASSWORD)
    known = client.post("/accounts/password/reset/", {"email": "ada@example.org"})
    unknown = client.post("/accounts/password/reset/", {"email": "nobody@example.org"})
    assert (unknown.status_code, unknown["Location"]) == (known.status_code, known["Location"])
    assert [m.to for m in mail.outbox] == [["ada@example.org"]]


# --- accounts without Redis (issue 24, item 3) --------------------------------------------------


@pytest.fixture
def cache_unreachable(monkeypatch, settings):
    """The default cache and the log-in counter as the settings make them for a CACHE_URL (read
    from genesis/settings/base.py itself), with that URL a port where nothing listens."""
    import importlib.util
    import socket

    from axes.handlers.proxy import AxesProxyHandler

    from genesis.settings import base

    with socket.socket() as probe:  # a free port, closed again: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("CACHE_URL", f"redis://127.0.0.1:{port}/0")
    spec = importlib.util.spec_from_file_location("genesis.settings._probe", base.__file__)
    assert spec is not None
    assert spec.loader is not None
    production = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(production)
    settings.CACHES = {**settings.CACHES, "default": production.CACHES["default"]}
    settings.AXES_HANDLER = production.AXES_HANDLER
    AxesProxyHandler.get_implementation(force=True)
    yield
    monkeypatch.undo()
    AxesProxyHandler.implementation = None


def test_log_in_and_sign_up_work_with_the_cache_unreachable(cache_unreachable):
    from django.test import Client

    get_user_model().objects.create_user("ada", password=PASSWORD)
    api = APIClient(raise_request_exception=False)
    page = Client(raise_request_exception=False)
    # the API: sign-up, a wrong password, a right one
    signed_up = api.post(
        "/api/auth/register/", {"username": "grace", "password": PASSWORD}, format="json"
    )
    assert signed_up.status_code == 201
    assert (
        api.post(
            "/api/auth/token/", {"username": "ada", "password": "nope"}, format="json"
        ).status_code
        == 400
    )
    assert (
        api.post(
            "/api/auth/token/", {"username": "ada", "password": PASSWORD}, format="json"
        ).status_code
        == 200
    )
    # the pages: sign-up and log-in
    form = {"username": "linus", "password1": PASSWORD, "password2": PASSWORD}
    assert page.post("/accounts/signup/", form).status_code == 302
    page.post("/accounts/logout/")
    assert page.post("/accounts/login/", {"username": "ada", "password": "nope"}).status_code == 200
    logged_in = page.post("/accounts/login/", {"username": "ada", "password": PASSWORD})
    assert logged_in.status_code == 302


def test_the_sign_up_form_and_the_api_share_one_limit(client, monkeypatch):
    from rest_framework.throttling import ScopedRateThrottle

    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"register": "3/hour"})
    api = APIClient()
    for name in ("u1", "u2"):
        response = api.post(
            "/api/auth/register/", {"username": name, "password": PASSWORD}, format="json"
        )
        assert response.status_code == 201
    form = {"username": "u3", "password1": PASSWORD, "password2": PASSWORD}
    assert client.post("/accounts/signup/", form).status_code == 302
    client.post("/accounts/logout/")
    refused_form = client.post("/accounts/signup/", {**form, "username": "u4"})
    assert refused_form.status_code == 429
    assert "Too many sign-ups" in refused_form.content.decode()
    refused_api = api.post(
        "/api/auth/register/", {"username": "u5", "password": PASSWORD}, format="json"
    )
    assert refused_api.status_code == 429
    assert refused_api.json()["code"] == "throttled"
    assert not get_user_model().objects.filter(username__in=["u4", "u5"]).exists()


def test_tokens_expire_and_can_be_revoked(client):
    from datetime import timedelta

    from django.utils import timezone
    from rest_framework.authtoken.models import Token

    user = get_user_model().objects.create_user("ada", password=PASSWORD)
    first = (
        APIClient()
        .post("/api/auth/token/", {"username": "ada", "password": PASSWORD}, format="json")
        .json()
    )
    assert first["expires"]
    # an old token no longer works, and asking again gives a new one
    Token.objects.filter(key=first["token"]).update(created=timezone.now() - timedelta(days=31))
    old = APIClient()
    old.credentials(HTTP_AUTHORIZATION=f"Token {first['token']}")
    expired = old.post("/api/decks/", {}, format="json")
    assert expired.status_code == 401
    assert "expired" in expired.json()["detail"]
    again = (
        APIClient()
        .post("/api/auth/token/", {"username": "ada", "password": PASSWORD}, format="json")
        .json()
    )
    assert again["token"] != first["token"]
    # revoked through the API
    fresh = APIClient()
    fresh.credentials(HTTP_AUTHORIZATION=f"Token {again['token']}")
    assert fresh.delete("/api/auth/token/").status_code == 204
    assert not Token.objects.filter(user=user).exists()
    # and from the account page
    third = (
        APIClient()
        .post("/api/auth/token/", {"username": "ada", "password": PASSWORD}, format="json")
        .json()
    )
    client.force_login(user)
    page = client.get("/accounts/").content.decode()
    assert "Revoke my API token" in page
    assert client.post("/accounts/token/revoke/").status_code == 302
    assert not Token.objects.filter(key=third["token"]).exists()


def test_a_username_longer_than_any_account_is_a_400_at_the_token_endpoint():
    response = APIClient().post(
        "/api/auth/token/", {"username": "u" * 5000, "password": ";"}, format="multipart"
    )
    assert response.status_code == 400


def test_the_shared_cache_answers_a_miss_when_redis_does_not_answer():
    import socket

    import redis

    from genesis.cache import FailOpenRedisCache

    with socket.socket() as probe:  # a free port, closed again: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    cache = FailOpenRedisCache(f"redis://127.0.0.1:{port}/0", {"OPTIONS": {}})
    # reads find nothing, writes and deletes are dropped
    assert cache.get("history", "default") == "default"
    assert cache.get_many(["a", "b"]) == {}
    assert cache.has_key("a") is False
    assert cache.set("a", 1) is None
    assert cache.set_many({"a": 1, "b": 2}) == ["a", "b"]
    assert cache.delete("a") is False
    # and what only its caller can decide about still says the cache is away
    with pytest.raises(redis.ConnectionError):
        cache.add("lock", 1)


def test_a_new_account_lands_on_a_welcome_page_with_its_next_steps(client):
    # when someone signs up
    response = client.post(
        "/accounts/signup/",
        {"username": "newcomer", "password1": PASSWORD, "password2": PASSWORD},
    )
    # then they are welcomed and shown where to start, each a link that works
    assert response.status_code == 302
    assert response["Location"] == reverse("welcome")
    page = client.get(response["Location"])
    assert page.status_code == 200
    html = page.content.decode()
    assert "Welcome, newcomer" in html
    for name in ("decks:deck-new", "tournaments:event-list", "rules:search", "account"):
        assert f'href="{reverse(name)}"' in html, name
        assert client.get(reverse(name)).status_code == 200, name


def test_the_welcome_page_asks_a_visitor_to_log_in(client):
    response = client.get(reverse("welcome"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_favicon_ico_is_the_sites_icon_not_a_404(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"].endswith(".svg")
    assert "favicon" in response["Location"]


def test_sign_ups_stay_limited_while_redis_does_not_answer(client, monkeypatch):
    # given: the shared cache is a Redis that refuses every connection, and a limit of 2
    import socket

    from django.test import override_settings
    from rest_framework.throttling import ScopedRateThrottle

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    away = {
        "default": {
            "BACKEND": "genesis.cache.FailOpenRedisCache",
            "LOCATION": f"redis://127.0.0.1:{port}/0",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    from genesis.accounts import SignupThrottle

    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"register": "2/hour"})
    SignupThrottle.cache.local.clear()  # what earlier tests of an outage counted
    api = APIClient()
    with override_settings(CACHES=away):
        # when: three sign-ups from one client
        answers = [
            api.post("/api/auth/register/", {"username": f"w{n}", "password": PASSWORD}).status_code
            for n in range(3)
        ]
    # then: the third is refused, counted in this process's memory meanwhile
    assert answers == [201, 201, 429]
    assert not get_user_model().objects.filter(username="w2").exists()
