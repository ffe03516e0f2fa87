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
