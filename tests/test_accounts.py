"""Accounts: register and token endpoints, token and session auth, sign-up/log-in pages."""

import pytest
from django.contrib.auth import get_user_model
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


def test_failed_token_logins_are_limited_per_account_with_retry_after():
    get_user_model().objects.create_user("ada", password=PASSWORD)
    # given ten wrong passwords (the limit), the first nine refused as wrong
    answers = wrong_token_logins(10)
    assert {a.status_code for a in answers[:9]} == {400}
    # then the next attempt, even with the right password, is refused for a while
    locked = APIClient(REMOTE_ADDR="10.0.0.1").post(
        "/api/auth/token/", {"username": "ada", "password": PASSWORD}, format="json"
    )
    assert locked.status_code == 429
    assert locked.json()["code"] == "locked_out"
    assert int(locked["Retry-After"]) > 0
    # and from another address too: the limit is per account as well as per client
    elsewhere = APIClient(REMOTE_ADDR="10.9.9.9").post(
        "/api/auth/token/", {"username": "ada", "password": PASSWORD}, format="json"
    )
    assert elsewhere.status_code == 429


def test_failed_page_logins_are_limited_per_client(client):
    get_user_model().objects.create_user("bob", password=PASSWORD)
    for attempt in range(10):
        response = client.post(
            "/accounts/login/", {"username": f"guess{attempt}", "password": "nope"}
        )
        assert response.status_code == (200 if attempt < 9 else 429)
    # a different account from the same client is refused too
    locked = client.post("/accounts/login/", {"username": "bob", "password": PASSWORD})
    assert locked.status_code == 429
    assert "Too many failed log-ins" in locked.content.decode()
    assert int(locked["Retry-After"]) > 0


def test_a_forwarded_address_is_not_believed_without_a_trusted_proxy():
    get_user_model().objects.create_user("ada", password=PASSWORD)
    for n in range(10):  # a client that claims a new address each time
        wrong_token_logins(1, address="10.0.0.1", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
    refused = APIClient(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.200").post(
        "/api/auth/token/", {"username": "someone", "password": "nope"}, format="json"
    )
    assert refused.status_code == 429


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
