"""The service's edge (genesis/edge.py): NUL characters and deeply nested JSON get a clear 400,
and the API's unknown paths answer JSON."""

import json

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

API_POSTS = ["/api/decks/validate/", "/api/tournaments/", "/api/auth/register/"]


@pytest.mark.parametrize("path", API_POSTS)
@pytest.mark.parametrize("depth", [33, 1000, 100_000])
def test_json_nested_too_deep_is_a_400_not_a_500(path, depth):
    body = "[" * depth + "]" * depth
    response = Client().post(path, body, content_type="application/json")
    assert response.status_code in (400, 401, 403), response.content[:200]
    if response.status_code == 400:
        assert "nested deeper" in response.json()["detail"]


def test_json_within_the_depth_bound_is_read():
    body = {"decklist": "Champion: Nobody", "format": "genesis-standard"}
    response = Client().post("/api/decks/validate/", body, content_type="application/json")
    assert response.status_code == 200


@pytest.mark.parametrize(
    "url", ["/api/cards/?q=%00", "/?q=a%00b", "/api/decks/?q=%00", "/events/?page=%00"]
)
def test_a_nul_in_the_query_is_a_400(url):
    response = Client().get(url)
    assert response.status_code == 400
    if url.startswith("/api/"):
        assert response.json()["code"] == "bad_input"


def test_a_nul_in_a_json_string_is_a_400():
    body = json.dumps({"decklist": "Champion: A\x00B"})
    response = Client().post("/api/decks/validate/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_decklist"  # the decklist reader names it


def test_a_nul_in_a_posted_form_is_a_form_error_not_a_500():
    client = Client()
    response = client.post("/accounts/login/", {"username": "a\x00", "password": "x"})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_an_unknown_api_path_answers_json():
    response = Client().get("/api/no-such-thing/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize("path", ["/api/no-such-thing/", "/api/no-such-thing", "/api/decks/x/y/"])
def test_an_unknown_api_path_answers_json_under_debug_too(settings, debug, path):
    # given: DEBUG as ./scripts/serve runs it (genesis.settings.local)
    settings.DEBUG = debug
    # when
    response = Client().get(path, HTTP_ACCEPT="text/html")
    # then: the API's error shape, not Django's debug page
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {
        "code": "not_found",
        "detail": f"Nothing is at {path}; see /api/docs/.",
    }


def test_an_unknown_page_is_still_a_page_under_debug(settings):
    settings.DEBUG = True
    response = Client().get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_an_unknown_page_is_still_a_page():
    response = Client().get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/tournaments/", {"name": "Friday"}),
        ("/api/decks/", {"name": "x", "decklist": "Champion: A"}),
    ],
)
def test_an_anonymous_write_is_a_401_like_every_other_endpoint(path, body):
    response = Client().post(path, body, content_type="application/json")
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"
    assert response.has_header("WWW-Authenticate")


@pytest.mark.parametrize(("url", "json_body"), [("/api/cards/", True), ("/", False)])
def test_a_database_that_is_gone_is_a_503_not_a_500(monkeypatch, url, json_body):
    from django.db import OperationalError

    from decks import selectors

    def gone(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(selectors, "card_search", gone)
    response = Client().get(url)
    assert response.status_code == 503
    assert response["Retry-After"]
    if json_body:
        assert response.json()["code"] == "database_unavailable"


# --- request bodies over Django's limits (DATA_UPLOAD_MAX_*): 413 too_large ---------------------


def _client(username: str | None) -> Client:
    client = Client()
    if username:
        from django.contrib.auth import get_user_model

        client.force_login(get_user_model().objects.create(username=username))
    return client


def _assert_too_large(response, limit: str) -> None:
    assert response.status_code == 413, response.content[:200]
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["code"] == "too_large"
    assert limit in body["detail"]


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize(
    ("path", "username"),
    [
        ("/api/tournaments/", "organizer"),
        ("/api/decks/validate/", "player"),
        ("/api/decks/validate/", None),
        ("/api/auth/register/", None),
    ],
)
def test_a_json_body_over_the_limit_is_a_413_too_large_under_the_api(
    settings, debug, path, username
):
    # given: DEBUG as ./scripts/serve runs it, or not
    settings.DEBUG = debug
    body = json.dumps({"name": "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE})
    # when
    response = _client(username).post(path, body, content_type="application/json")
    # then: the API's error shape, naming the limit
    _assert_too_large(response, f"{settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024} KiB")


def test_a_form_body_with_too_many_fields_is_a_413_under_the_api(settings):
    fields = {f"f{i}": "1" for i in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1)}
    response = _client("player").post("/api/decks/validate/", fields)
    _assert_too_large(response, f"{settings.DATA_UPLOAD_MAX_NUMBER_FIELDS} fields")


def test_a_form_body_with_too_many_files_is_a_413_under_the_api(settings):
    from django.core.files.uploadedfile import SimpleUploadedFile

    files = {
        f"f{i}": SimpleUploadedFile(f"{i}.txt", b"x")
        for i in range(settings.DATA_UPLOAD_MAX_NUMBER_FILES + 1)
    }
    response = _client("player").post("/api/decks/validate/", files)
    _assert_too_large(response, f"{settings.DATA_UPLOAD_MAX_NUMBER_FILES} files")


@pytest.mark.parametrize(
    ("path", "username"),
    [("/events/", "organizer"), ("/accounts/login/", None), ("/accounts/signup/", None)],
)
@pytest.mark.parametrize("too_many_fields", [False, True])
def test_a_page_post_over_the_limits_is_a_plain_413_not_a_500(
    settings, path, username, too_many_fields
):
    if too_many_fields:
        form = {f"f{i}": "1" for i in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1)}
    else:
        form = {"name": "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE}
    response = _client(username).post(path, form)
    assert response.status_code == 413
    assert response["Content-Type"].startswith("text/plain")
    assert b"too large" in response.content
