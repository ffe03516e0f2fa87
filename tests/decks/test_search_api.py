"""GET /api/cards/?q=… and /api/cards/{id}/: the search language over the real database."""

import itertools

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def names(query):
    response = APIClient().get("/api/cards/", {"q": query})
    assert response.status_code == 200, response.json()
    return sorted(result["name"] for result in response.json()["results"])


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("", ["Bolt Volley", "Cinder Pup", "Mending Light", "Skyguard", "Vela"]),
        ("t:summon", ["Cinder Pup", "Skyguard"]),
        ("chi<=2", ["Cinder Pup", "Mending Light"]),
        ("chi>2 -t:champion", ["Bolt Volley", "Skyguard"]),
        ("chi!=4", ["Cinder Pup", "Mending Light"]),
        ("aff:axon", ["Bolt Volley", "Skyguard", "Vela"]),
        ("aff:jaelara", ["Mending Light", "Vela"]),  # the world counts as an affiliation
        ("world:jaelara", ["Vela"]),
        ("hp>=4", ["Skyguard", "Vela"]),
        ("kw:flight", ["Skyguard"]),
        ('kw:"range attack"', ["Bolt Volley"]),
        ("kw:attack", ["Bolt Volley", "Cinder Pup", "Vela"]),
        ("speed:swift", ["Bolt Volley", "Cinder Pup", "Vela"]),
        ("cost:energy", ["Bolt Volley"]),
        ("cost:exert -t:champion", ["Cinder Pup"]),
        ("damage", ["Bolt Volley", "Vela"]),
        ('"4 damage"', ["Bolt Volley"]),
        ("DAMAGE target", ["Vela"]),
        ("t:spell or t:technique", ["Bolt Volley", "Mending Light"]),
        ("(aff:thymos or aff:bellum) chi>=2", ["Bolt Volley", "Cinder Pup"]),
        ("-aff:axon -aff:thymos", ["Mending Light"]),
        ("name:pup", ["Cinder Pup"]),
        ("set:tst t:champion", ["Vela"]),
        ("nothing-matches-this", []),
    ],
)
def test_search_language(cards, query, expected):
    assert names(query) == expected


def test_results_are_paginated_with_count_and_card_fields(cards):
    response = APIClient().get("/api/cards/", {"q": "", "page_size": 2})
    body = response.json()
    assert body["count"] == 5
    assert len(body["results"]) == 2
    assert body["next"]
    first = body["results"][0]
    assert {"id", "name", "type", "chi", "affiliations"} <= first.keys()


def test_a_bad_query_is_a_400_naming_the_token(cards):
    response = APIClient().get("/api/cards/", {"q": "t:summon chi<=lots"})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "bad_query"
    assert body["token"] == "chi<=lots"
    assert "whole number" in body["detail"]


def test_card_detail_has_abilities_and_awareness(cards):
    client = APIClient()
    vela_id = client.get("/api/cards/", {"q": "t:champion"}).json()["results"][0]["id"]
    body = client.get(f"/api/cards/{vela_id}/").json()
    assert body["world"] == "Jaelara"
    assert body["hp"] == 20
    assert body["awareness"]["drawing"] == [".x.", "x^x"]
    assert body["abilities"][0]["cost"] == {"exert": True}
    assert body["abilities"][0]["keywords"][0]["keyword"] == "attack"


def test_unknown_card_is_a_404_with_a_code(cards):
    response = APIClient().get("/api/cards/999999/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_openapi_schema_and_docs_are_served(db):
    client = APIClient()
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    assert "/api/cards/" in schema.json()["paths"]
    assert client.get("/api/docs/").status_code == 200


def test_placeholders_are_left_out_unless_the_query_asks_for_them(bundled_cards):
    """Rulebook placeholder cards (their stats unrevealed) stay out of searches unless the
    query names `is:placeholder` (docs/search.md)."""

    def found(query):
        response = APIClient().get("/api/cards/", {"q": query, "page_size": 200})
        assert response.status_code == 200, response.content
        return {card["name"] for card in response.json()["results"]}

    assert "Phyr Cub" not in found("cub")
    assert "Phyr Cub" in found("cub is:placeholder")
    placeholders = found("is:placeholder")
    assert placeholders
    assert found("source:rulebook -is:placeholder").isdisjoint(placeholders)
    assert found("").isdisjoint(placeholders)
    bad = APIClient().get("/api/cards/", {"q": "is:shiny"})
    assert bad.status_code == 400
    assert "'is' must be one of: placeholder" in bad.json()["detail"]
    # and its page says what it is
    from django.test import Client

    from decks.models import Card

    cub = Card.objects.get(name="Phyr Cub")
    page = Client().get(f"/cards/{cub.pk}/").content.decode()
    assert "Placeholder" in page
    assert "is:placeholder" in page


@pytest.mark.parametrize(
    ("field", "direction"),
    [("chi", "asc"), ("chi", "desc"), ("hp", "desc"), ("type", "asc"), ("name", "desc")],
)
def test_order_and_direction_sort_the_results(cards, field, direction):
    """docs/search.md, Sorting: by the field then by name; cards without it come last."""
    response = APIClient().get("/api/cards/", {"q": f"order:{field} direction:{direction}"})
    assert response.status_code == 200, response.json()
    got = [(r[field], r["name"]) for r in response.json()["results"]]
    assert len(got) == 5
    known = [g for g in got if g[0] is not None]
    assert got[: len(known)] == known  # the cards without the field come last
    if field == "name":
        assert [n for _, n in got] == sorted((n for _, n in got), reverse=True)
    elif direction == "asc":
        assert known == sorted(known)
    else:
        assert [v for v, _ in known] == sorted((v for v, _ in known), reverse=True)
        for (v1, n1), (v2, n2) in itertools.pairwise(known):
            assert v1 != v2 or n1 < n2  # ties by name


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("order:colour", "'order' must be one of: name, chi, type, hp"),
        ("order:chi order:hp", "'order:' is given twice"),
        ("-order:chi", "apply to the whole query"),
        ("t:spell or order:chi", "apply to the whole query"),
    ],
)
def test_bad_sorting_is_a_400(cards, query, said):
    response = APIClient().get("/api/cards/", {"q": query})
    assert response.status_code == 400
    assert said in response.json()["detail"]


def test_legal_keeps_only_cards_a_timeline_for_that_champion_may_hold(bundled_cards):
    """`legal:<champion>` (name or slug): Core Rulebook 5.2, F- Affiliations and E- World
    Symbol, under the format asked for (`format=`; the default format otherwise)."""

    from decks.core.bundled import card_set
    from rules.core.formats import GENESIS_ORIGINS_LEGACY

    demo = card_set("demo")
    sera = next(c for c in demo.values() if c.name == "Sera Vantyne")

    def found(query, **params):
        response = APIClient().get("/api/cards/", {"q": query, "page_size": 500, **params})
        assert response.status_code == 200, response.content
        return {card["name"] for card in response.json()["results"]}

    by_name = found('legal:"sera vantyne"')
    assert by_name == found("legal:sera-vantyne")
    assert "Static Lattice" in by_name  # Axon
    assert "Jaelaran Militia" in by_name  # Jaelara, Sera's world
    assert "Nyx Ashcoil" not in by_name  # champions are not timeline cards
    assert "Sera Vantyne" not in by_name
    for card in demo.values():
        # "must match one or more of these symbols, and cannot have any affiliations not
        # present on the champion's card"; the world counts as one of them.
        shares = bool(card.affiliations & sera.identity)
        legal = not card.is_champion and shares and card.affiliations <= sera.identity
        assert (card.name in by_name) is legal, card.name
    # Axon+Chaos cards are legal for Sera only where foreign affiliations are allowed.
    legacy = found("legal:sera-vantyne", legal_format=GENESIS_ORIGINS_LEGACY.slug)
    assert legacy > by_name
    # It combines with the rest of the language.
    assert found("legal:sera-vantyne chi<=3 t:spell") <= by_name
    bad = APIClient().get("/api/cards/", {"q": "legal:nobody"})
    assert bad.status_code == 400
    assert "no champion is named 'nobody'" in bad.json()["detail"]
    unknown = APIClient().get("/api/cards/", {"q": "legal:sera-vantyne", "legal_format": "modern"})
    assert (unknown.status_code, unknown.json()["code"]) == (400, "unknown_format")


def test_a_card_page_says_in_which_formats_the_card_is_legal_and_why(bundled_cards):
    """Issue 14, card pages: legality in every format, with the reason when a card is not
    legal."""

    from django.test import Client

    from decks.models import Card

    def legality(name):
        page = Client().get(f"/cards/{Card.objects.get(name=name).pk}/").content.decode()
        return page.split('id="legality-title"')[1].split("</section>")[0]

    lattice = legality("Static Lattice")
    assert lattice.count("Legal</span>") == 2  # both formats
    assert "a champion whose affiliations (its world counts) include Axon" in lattice
    assert "Genesis Origins (legacy)" in lattice
    cub = legality("Phyr Cub")
    assert "Not legal" in cub
    assert "Chi is not revealed" in cub
    assert "leads a timeline as its champion" in legality("Sera Vantyne")
