"""Timelines over the API: validation, saved decks with versions, visibility and ownership."""

import threading
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.test import APIClient

from decks.models import Deck, DeckVersion

SAMPLES = sorted(Path("decks/samples").glob("*.txt"))


@pytest.fixture
def sample():
    return Path("decks/samples/sera-vantyne-storm-lattice.txt").read_text()


def client_for(username: str | None = None) -> APIClient:
    client = APIClient()
    if username:
        user = get_user_model().objects.get_or_create(username=username)[0]
        client.force_authenticate(user)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_every_sample_timeline_is_legal(bundled_cards, path):
    body = (
        client_for()
        .post("/api/decks/validate/", {"decklist": path.read_text()}, format="json")
        .json()
    )
    assert body["legal"], body["errors"]
    assert body["totals"]["timeline_cards"] == 50
    assert body["totals"]["timeline_chi"] <= 250
    assert body["totals"]["forethoughts_chi"] <= 100


@pytest.mark.django_db
def test_validate_answers_200_for_an_illegal_deck_with_cited_errors(bundled_cards, sample):
    broken = sample.replace("Timeline\n", "Timeline\n1 Stormglas Owl\n", 1)
    response = client_for().post("/api/decks/validate/", {"decklist": broken}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is False
    codes = {e["code"] for e in body["errors"]}
    assert codes == {"timeline_size", "unknown_card"}
    unknown = next(e for e in body["errors"] if e["code"] == "unknown_card")
    assert unknown["suggestions"][0] == "Stormglass Owl"
    assert all(e["rule"] and e["section"] and e["message"] for e in body["errors"])
    assert set(body["totals"]) == {
        "timeline_cards",
        "timeline_chi",
        "forethoughts_cards",
        "forethoughts_chi",
    }


@pytest.mark.django_db
def test_validate_accepts_the_json_form_and_a_format(bundled_cards, sample):
    from rules.core.decklist import decklist_to_json, parse_decklist

    data = decklist_to_json(parse_decklist(sample))
    body = (
        client_for()
        .post(
            "/api/decks/validate/",
            {"decklist": data, "format": "genesis-origins-legacy"},
            format="json",
        )
        .json()
    )
    assert body["legal"]
    assert body["warnings"][0]["code"] == "format_legacy"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ({"decklist": "Champion: A\nTimeline\n-3 Spark"}, "invalid_decklist"),
        ({"decklist": "Timeline\n1000000 Spark"}, "invalid_decklist"),
        ({"decklist": "x\x00y"}, "invalid_decklist"),
        ({"decklist": "1 Spark\n" * 10_000}, "invalid_decklist"),
        ({"decklist": "a" * 1_000_000}, "invalid_decklist"),
        ({"decklist": 42}, "invalid"),
        ({}, "invalid"),
        ({"decklist": "1 Spark", "format": "no-such-format"}, "unknown_format"),
    ],
)
def test_unreadable_input_is_a_clear_400(bundled_cards, payload, code):
    response = client_for().post("/api/decks/validate/", payload, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert response.json()["detail"]


@pytest.mark.django_db
def test_binary_upload_is_a_400_not_a_500(bundled_cards):
    response = client_for().post(
        "/api/decks/validate/", data=b"\xff\xfe\x00\x01", content_type="application/json"
    )
    assert response.status_code == 400


@pytest.mark.django_db
def test_unicode_lookalike_names_are_unknown_with_suggestions(bundled_cards, sample):
    # A Greek capital Omicron in place of the Latin O.
    lookalike = sample.replace("Stormglass Owl", "Stormglass \u039fwl")
    body = client_for().post("/api/decks/validate/", {"decklist": lookalike}, format="json").json()
    unknown = [e for e in body["errors"] if e["code"] == "unknown_card"]
    assert unknown
    assert "Stormglass Owl" in unknown[0]["suggestions"]


@pytest.mark.django_db
def test_saved_decks_keep_versions_and_diffs(bundled_cards, sample):
    ada = client_for("ada")
    created = ada.post("/api/decks/", {"name": "Storm", "decklist": sample}, format="json")
    assert created.status_code == 201, created.json()
    deck = created.json()
    assert deck["legal"]
    assert deck["version"] == 1
    assert deck["visibility"] == "private"
    changed = sample.replace("4 Static Lattice", "3 Static Lattice")
    updated = ada.patch(f"/api/decks/{deck['key']}/", {"decklist": changed}, format="json").json()
    assert updated["version"] == 2
    assert updated["legal"] is False
    renamed = ada.patch(f"/api/decks/{deck['key']}/", {"name": "Storm II"}, format="json").json()
    assert renamed["version"] == 2  # a rename is not a new version of the list
    versions = ada.get(f"/api/decks/{deck['key']}/versions/").json()
    assert [v["number"] for v in versions] == [2, 1]
    diff = ada.get(f"/api/decks/{deck['key']}/diff/?from=1&to=2").json()
    assert diff["changes"] == [
        {"section": "timeline", "name": "Static Lattice", "before": 4, "after": 3, "delta": -1}
    ]
    assert ada.get(f"/api/decks/{deck['key']}/diff/?from=1&to=9").status_code == 404


@pytest.mark.django_db
def test_export_round_trips(bundled_cards, sample):
    ada = client_for("ada")
    key = ada.post("/api/decks/", {"name": "Storm", "decklist": sample}, format="json").json()[
        "key"
    ]
    text = ada.get(f"/api/decks/{key}/export/?as=text").content.decode()
    as_json = ada.get(f"/api/decks/{key}/export/?as=json").json()
    again = ada.post("/api/decks/validate/", {"decklist": text}, format="json").json()
    assert again["legal"]
    from rules.core.decklist import decklist_from_json, parse_decklist

    assert parse_decklist(text) == decklist_from_json(as_json) == parse_decklist(sample)


@pytest.mark.django_db
def test_visibility_and_ownership(bundled_cards, sample):
    ada, bob, anon = client_for("ada"), client_for("bob"), client_for()
    private = ada.post("/api/decks/", {"name": "Secret", "decklist": sample}, format="json").json()[
        "key"
    ]
    unlisted = ada.post(
        "/api/decks/",
        {"name": "Link only", "decklist": sample, "visibility": "unlisted"},
        format="json",
    ).json()["key"]
    public = ada.post(
        "/api/decks/", {"name": "Open", "decklist": sample, "visibility": "public"}, format="json"
    ).json()["key"]
    # a private deck is invisible to others, exactly like a missing one
    for other in (bob, anon):
        assert other.get(f"/api/decks/{private}/").status_code == 404
        assert other.get(f"/api/decks/{private}/export/").status_code == 404
        assert other.get(f"/api/decks/{unlisted}/").status_code == 200
    # only public decks are listed
    assert [d["name"] for d in anon.get("/api/decks/").json()["results"]] == ["Open"]
    assert {d["name"] for d in ada.get("/api/decks/?mine=1").json()["results"]} == {
        "Secret",
        "Link only",
        "Open",
    }
    # only the owner writes
    assert (
        bob.patch(f"/api/decks/{public}/", {"name": "Mine now"}, format="json").status_code == 403
    )
    assert bob.delete(f"/api/decks/{public}/").status_code == 403
    assert anon.post(
        "/api/decks/", {"name": "x", "decklist": sample}, format="json"
    ).status_code in (401, 403)
    assert Deck.objects.get(key=public).name == "Open"
    # cloning: public yes, unlisted no, anonymous no
    clone = bob.post(f"/api/decks/{public}/clone/")
    assert clone.status_code == 201
    assert clone.json()["owner"] == "bob"
    assert clone.json()["visibility"] == "private"
    assert bob.post(f"/api/decks/{unlisted}/clone/").status_code == 403
    assert anon.post(f"/api/decks/{public}/clone/").status_code in (401, 403)
    assert ada.delete(f"/api/decks/{public}/").status_code == 204
    assert not Deck.objects.filter(key=public).exists()


@pytest.mark.django_db
def test_bad_deck_input_writes_nothing(bundled_cards):
    ada = client_for("ada")
    response = ada.post(
        "/api/decks/", {"name": "Broken", "decklist": "Timeline\n-1 Spark"}, format="json"
    )
    assert response.status_code == 400
    assert not Deck.objects.exists()
    assert not DeckVersion.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_concurrent_saves_never_lose_or_double_a_version(bundled_cards, sample):
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL")
    ada = client_for("ada")
    key = ada.post("/api/decks/", {"name": "Race", "decklist": sample}, format="json").json()["key"]
    user = get_user_model().objects.get(username="ada")
    counts = [3, 2, 1, 5]
    errors = []

    def save(count):
        try:
            client = APIClient()
            client.force_authenticate(user)
            text = sample.replace("4 Static Lattice", f"{count} Static Lattice")
            response = client.patch(f"/api/decks/{key}/", {"decklist": text}, format="json")
            assert response.status_code == 200, response.content
        except Exception as exc:  # collected and re-raised in the main thread
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=save, args=(c,)) for c in counts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    deck = Deck.objects.get(key=key)
    numbers = sorted(deck.versions.values_list("number", flat=True))
    assert numbers == [1, 2, 3, 4, 5]
    assert deck.version == 5


@pytest.mark.parametrize("length", [114, 120])
def test_cloning_a_deck_with_a_long_name_keeps_the_copy_within_the_limit(
    bundled_cards, sample, length
):
    ada, bob = client_for("ada"), client_for("bob")
    created = ada.post(
        "/api/decks/",
        {"name": "N" * length, "decklist": sample, "visibility": "public"},
        format="json",
    )
    assert created.status_code == 201, created.json()
    clone = bob.post(f"/api/decks/{created.json()['key']}/clone/")
    assert clone.status_code == 201
    assert clone.json()["name"].endswith(" (copy)")
    assert len(clone.json()["name"]) <= 120


@pytest.mark.parametrize("query", ["from=²", "to=99999999999999999999", "from=-1", "to=x"])
def test_a_diff_range_that_is_not_two_version_numbers_is_a_400(bundled_cards, sample, query):
    ada = client_for("ada")
    created = ada.post("/api/decks/", {"name": "D", "decklist": sample}, format="json")
    response = ada.get(f"/api/decks/{created.json()['key']}/diff/?{query}")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
