"""Deck pages through Django's test client: who may see, edit, save, clone and delete what,
and what each builder change does to the list."""

from html import unescape

import factory
import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from decks import services
from decks.models import Card, Deck
from decks.views import DRAFT_KEY
from rules.core.decklist import parse_decklist
from tests.conftest import ROOT

pytestmark = pytest.mark.django_db

SAMPLE = (ROOT / "decks/samples/sera-vantyne-storm-lattice.txt").read_text()
HX = {"HTTP_HX_REQUEST": "true"}


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()

    username = factory.Sequence(lambda n: f"player{n}")
    password = factory.django.Password("a-long-test-password")


@pytest.fixture
def owner():
    return UserFactory(username="owner")


@pytest.fixture
def other():
    return UserFactory(username="other")


def make_deck(owner, visibility=Deck.Visibility.PRIVATE, text=SAMPLE, name="Storm Lattice"):
    return services.deck_create(
        owner=owner, name=name, decklist=parse_decklist(text), visibility=visibility
    )


def builder_post(client, decklist="", op="refresh", url="/decks/new/", **fields):
    data = {"decklist": decklist, "op": op, "format": "genesis-standard", **fields}
    data.setdefault("visibility", "private")
    return client.post(url, data, **HX)


def page_of(response) -> str:
    return unescape(response.content.decode())


def text_of(response) -> str:
    return response.context["text"]


# --- the deck list ------------------------------------------------------------------------------


def test_the_list_shows_public_decks_only_to_strangers(client, bundled_cards, owner):
    # given one deck of each visibility
    for visibility in Deck.Visibility.values:
        make_deck(owner, visibility, name=f"{visibility} deck")
    # when
    response = client.get("/decks/")
    # then
    names = [deck.name for deck in response.context["public"].object_list]
    assert names == ["public deck"]
    assert response.context["mine"] is None


def test_my_decks_lists_every_deck_of_mine_and_has_an_empty_state(
    client, bundled_cards, owner, other
):
    make_deck(owner, Deck.Visibility.PRIVATE, name="Secret plan")
    client.force_login(owner)
    mine = client.get("/decks/").context["mine"].object_list
    assert [deck.name for deck in mine] == ["Secret plan"]

    client.force_login(other)
    response = client.get("/decks/")
    assert "You have no decks yet" in page_of(response)
    assert "Secret plan" not in page_of(response)


def test_the_list_searches_names_and_champions(client, bundled_cards, owner):
    make_deck(owner, Deck.Visibility.PUBLIC, name="Storm Lattice")
    hedra = (ROOT / "decks/samples/hedra-voss-iron-bastion.txt").read_text()
    make_deck(owner, Deck.Visibility.PUBLIC, text=hedra, name="Iron Bastion")
    found = client.get("/decks/", {"q": "hedra"}).context["public"].object_list
    assert [deck.name for deck in found] == ["Iron Bastion"]


def test_the_list_is_paginated(client, bundled_cards, owner):
    for n in range(25):
        make_deck(owner, Deck.Visibility.PUBLIC, name=f"Deck {n}")
    first = client.get("/decks/").context["public"]
    second = client.get("/decks/", {"page": 2}).context["public"]
    assert len(first.object_list) == 20
    assert len(second.object_list) == 5


# --- a deck's page -------------------------------------------------------------------------------


def test_a_public_deck_shows_its_list_validation_and_history(client, bundled_cards, owner):
    deck = make_deck(owner, Deck.Visibility.PUBLIC)
    response = client.get(f"/decks/{deck.key}/")
    assert response.status_code == 200
    page = page_of(response)
    assert response.context["validation"]["legal"] is True
    assert "Static Lattice" in page
    assert "Version 1" in page
    assert f"/api/decks/{deck.key}/export/?as=text" in page
    assert "Edit</a>" not in page  # not the owner


@pytest.mark.parametrize(
    ("visibility", "viewer", "status"),
    [
        ("private", None, 404),
        ("private", "other", 404),
        ("private", "owner", 200),
        ("unlisted", None, 200),
        ("unlisted", "other", 200),
        ("public", None, 200),
    ],
)
def test_who_can_open_a_deck(client, bundled_cards, owner, other, visibility, viewer, status):
    deck = make_deck(owner, visibility)
    if viewer:
        client.force_login({"owner": owner, "other": other}[viewer])
    assert client.get(f"/decks/{deck.key}/").status_code == status


def test_the_owner_sees_edit_and_delete(client, bundled_cards, owner):
    deck = make_deck(owner)
    client.force_login(owner)
    page = page_of(client.get(f"/decks/{deck.key}/"))
    assert f"/decks/{deck.key}/edit/" in page
    assert f"/decks/{deck.key}/delete/" in page


def test_an_illegal_deck_shows_its_violations_with_their_rules(client, bundled_cards, owner):
    deck = make_deck(
        owner, Deck.Visibility.PUBLIC, text=SAMPLE.replace("4 Static Lattice", "5 Static Lattice")
    )
    response = client.get(f"/decks/{deck.key}/")
    assert [e["code"] for e in response.context["errors"]] == ["timeline_size"]
    page = page_of(response)
    assert "The timeline has 51 cards" in page
    assert "Core Rulebook 5.2 › Building a Standard Constructed Timeline" in page


def test_the_odds_of_a_chosen_card(client, bundled_cards, owner):
    deck = make_deck(owner, Deck.Visibility.PUBLIC)
    odds = client.get(f"/decks/{deck.key}/", {"odds": "Stormglass Owl"}).context["odds"]
    assert (odds["name"], odds["copies"], odds["deck_size"]) == ("Stormglass Owl", 4, 50)
    assert odds["table"][0].percent == 35.3


def test_diffs_between_versions(client, bundled_cards, owner):
    deck = make_deck(owner, Deck.Visibility.PUBLIC)
    changed = parse_decklist(SAMPLE.replace("4 Static Lattice", "3 Static Lattice"))
    services.deck_update(deck=deck, actor=owner, decklist=changed)
    detail = page_of(client.get(f"/decks/{deck.key}/"))
    assert f"/decks/{deck.key}/diff/1/2/" in detail
    response = client.get(f"/decks/{deck.key}/diff/1/2/")
    assert response.context["changes"] == [
        {
            "section": "timeline",
            "name": "Static Lattice",
            "before": 4,
            "after": 3,
            "delta": -1,
            "shown": "−1",
        }
    ]
    assert client.get(f"/decks/{deck.key}/diff/1/9/").status_code == 404


# --- edit, delete, clone ------------------------------------------------------------------------


def test_only_the_owner_may_edit(client, bundled_cards, owner, other):
    public = make_deck(owner, Deck.Visibility.PUBLIC)
    private = make_deck(owner, Deck.Visibility.PRIVATE)
    assert client.get(f"/decks/{public.key}/edit/").status_code == 302  # log in first
    client.force_login(other)
    forbidden = client.get(f"/decks/{public.key}/edit/")
    assert forbidden.status_code == 403
    assert "Only the deck's owner can change it." in page_of(forbidden)
    assert client.get(f"/decks/{private.key}/edit/").status_code == 404
    client.force_login(owner)
    assert client.get(f"/decks/{private.key}/edit/").status_code == 200


def test_a_stranger_cannot_save_over_a_deck(client, bundled_cards, owner, other):
    deck = make_deck(owner, Deck.Visibility.PUBLIC)
    client.force_login(other)
    response = builder_post(client, "Champion: Nubia\n", op="save", url=f"/decks/{deck.key}/edit/")
    assert response.status_code == 403
    deck.refresh_from_db()
    assert deck.version == 1
    assert deck.champion == "Sera Vantyne"


def test_the_owner_saves_a_new_version(client, bundled_cards, owner):
    deck = make_deck(owner)
    client.force_login(owner)
    text = SAMPLE.replace("4 Static Lattice", "3 Static Lattice")
    response = client.post(
        f"/decks/{deck.key}/edit/",
        {"decklist": text, "op": "save", "name": "Lattice II", "visibility": "public"}
        | {"format": "genesis-standard", "description": ""},
    )
    assert response.status_code == 302
    assert response.url == f"/decks/{deck.key}/"
    deck.refresh_from_db()
    assert (deck.name, deck.version, deck.visibility, deck.legal) == (
        "Lattice II",
        2,
        "public",
        False,
    )


def test_delete_is_for_the_owner(client, bundled_cards, owner, other):
    deck = make_deck(owner, Deck.Visibility.PUBLIC)
    client.force_login(other)
    assert client.get(f"/decks/{deck.key}/delete/").status_code == 403
    assert client.post(f"/decks/{deck.key}/delete/").status_code == 403
    assert Deck.objects.filter(pk=deck.pk).exists()
    client.force_login(owner)
    assert client.get(f"/decks/{deck.key}/delete/").status_code == 200
    response = client.post(f"/decks/{deck.key}/delete/")
    assert response.status_code == 302
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_cloning_a_public_deck(client, bundled_cards, owner, other):
    deck = make_deck(owner, Deck.Visibility.PUBLIC)
    anonymous = client.post(f"/decks/{deck.key}/clone/")
    assert anonymous.status_code == 302
    assert anonymous.url.startswith("/accounts/login/")
    client.force_login(other)
    response = client.post(f"/decks/{deck.key}/clone/")
    copy = Deck.objects.get(owner=other)
    assert response.url == f"/decks/{copy.key}/"
    assert (copy.visibility, copy.cloned_from_id) == ("private", deck.pk)
    assert client.get(f"/decks/{deck.key}/clone/").status_code == 405


def test_an_unlisted_deck_of_someone_else_cannot_be_cloned(client, bundled_cards, owner, other):
    deck = make_deck(owner, Deck.Visibility.UNLISTED)
    client.force_login(other)
    response = client.post(f"/decks/{deck.key}/clone/")
    assert response.status_code == 403
    assert "Only public decks can be cloned." in page_of(response)


# --- the builder --------------------------------------------------------------------------------


def test_the_builder_opens_for_anyone_with_the_champions_to_choose_from(client, bundled_cards):
    response = client.get("/decks/new/")
    assert response.status_code == 200
    page = page_of(response)
    assert "vendor/htmx.min.js" in page
    names = [card.name for card in response.context["cards"]]
    assert names[:2] == ["Castellan Hedra Voss", "Ilsa Marrowind"]
    # Rulebook placeholders (Idiris: stats not revealed) are not offered (docs/search.md, is:).
    assert "Idiris" not in names


def test_htmx_changes_get_the_live_part_and_the_status_back(client, bundled_cards):
    response = builder_post(client, decklist=SAMPLE)
    page = page_of(response)
    assert "<html" not in page
    assert 'id="builder-status" hx-swap-oob="innerHTML"' in page
    assert response.context["validation"]["legal"] is True


def test_adding_cards_from_the_search(client, bundled_cards):
    owl = Card.objects.get(name="Stormglass Owl")
    sera = Card.objects.get(name="Sera Vantyne")
    # when a card is added twice and a champion chosen
    once = builder_post(client, op=f"add:timeline:{owl.pk}")
    twice = builder_post(client, text_of(once), op=f"add:timeline:{owl.pk}")
    spare = builder_post(client, text_of(twice), op=f"add:forethoughts:{owl.pk}")
    champion = builder_post(client, text_of(spare), op=f"add:timeline:{sera.pk}")
    # then
    assert text_of(champion) == (
        "Champion: Sera Vantyne\nTimeline\n2 Stormglass Owl\nForethoughts\n1 Stormglass Owl\n"
    )
    assert "Sera Vantyne is now the champion." in page_of(champion)


def test_row_counts_plus_and_minus(client, bundled_cards):
    text = "Champion: Sera Vantyne\nTimeline\n4 Stormglass Owl\n2 Volt Lynx\n"
    # a typed count
    typed = builder_post(client, text, **{"count-timeline-1": "3"})
    assert "3 Volt Lynx" in text_of(typed)
    # plus and minus, with the typed counts posted alongside
    more = builder_post(client, text, op="more:timeline:0", **{"count-timeline-0": "4"})
    assert "5 Stormglass Owl" in text_of(more)
    fewer = builder_post(client, text, op="fewer:timeline:1")
    assert "1 Volt Lynx" in text_of(fewer)
    # 0 removes; nonsense keeps the count
    removed = builder_post(client, text, **{"count-timeline-0": "0", "count-timeline-1": "x"})
    assert text_of(removed) == "Champion: Sera Vantyne\nTimeline\n2 Volt Lynx\n"


def test_the_champion_picker(client, bundled_cards):
    response = builder_post(client, "Timeline\n1 Volt Lynx\n", champion="Nyx Ashcoil")
    assert text_of(response).startswith("Champion: Nyx Ashcoil\n")
    cleared = builder_post(client, text_of(response), champion="")
    assert "Champion" not in text_of(cleared)
    assert [e["code"] for e in cleared.context["champion"]["problems"]] == ["champion_missing"]


def test_unknown_cards_offer_their_suggestions_as_replacements(client, bundled_cards):
    text = "Champion: Sera Vantyne\nTimeline\n4 Stormglas Owl\n"
    response = builder_post(client, text)
    page = page_of(response)
    [row] = response.context["sections"][0]["rows"]
    assert [p["code"] for p in row["problems"]] == ["unknown_card"]
    assert 'value="replace:timeline:0:Stormglass Owl"' in page
    fixed = builder_post(client, text, op="replace:timeline:0:Stormglass Owl")
    assert text_of(fixed) == "Champion: Sera Vantyne\nTimeline\n4 Stormglass Owl\n"


def test_a_replacement_already_listed_merges_into_its_row(client, bundled_cards):
    text = "Timeline\n2 Stormglass Owl\n1 Stormglas Owl\n"
    merged = builder_post(client, text, op="replace:timeline:1:Stormglass Owl")
    assert text_of(merged) == "Timeline\n3 Stormglass Owl\n"


def test_loading_a_pasted_list_replaces_the_deck(client, bundled_cards):
    loaded = builder_post(client, "Timeline\n1 Volt Lynx\n", op="load", paste=SAMPLE)
    assert text_of(loaded).startswith("Champion: Sera Vantyne\nTimeline\n4 Static Lattice\n")
    assert loaded.context["paste"] == ""


def test_an_unreadable_paste_is_explained_and_changes_nothing(client, bundled_cards):
    response = builder_post(client, "Timeline\n1 Volt Lynx\n", op="load", paste="0 Volt Lynx")
    assert text_of(response) == "Timeline\n1 Volt Lynx\n"
    assert "Line 1: The count must be at least 1, not 0." in page_of(response)
    assert response.context["paste"] == "0 Volt Lynx"  # kept, to be fixed


@pytest.mark.parametrize(
    "data",
    [
        {"op": "more:timeline:7"},
        {"op": "fewer:nowhere:0"},
        {"op": "add:timeline:999999"},
        {"op": "add:timeline:abc"},
        {"op": "bogus"},
        {"decklist": "\x00"},
        {"count-timeline-0": "99999999999"},
        {"count-timeline-0": "²"},
        {"count-timeline-0": "--5"},
        {"op": "more:timeline:²"},
        {"op": "add:timeline:²"},
    ],
)
def test_tampered_changes_never_break_the_builder(client, bundled_cards, data):
    response = builder_post(client, **{"decklist": "Timeline\n1 Volt Lynx\n", **data})
    assert response.status_code == 200


def test_the_format_changes_the_rules_checked(client, bundled_cards):
    short = SAMPLE.replace("4 Static Lattice", "5 Static Lattice")
    standard = builder_post(client, short)
    legacy = builder_post(client, short, format="genesis-origins-legacy")
    assert [e["code"] for e in standard.context["errors"]] == ["timeline_size"]
    assert legacy.context["errors"] == []


def test_builder_search_partial(client, bundled_cards):
    response = client.get("/decks/builder/search/", {"q": "stormglass"}, **HX)
    assert [card.name for card in response.context["cards"]] == ["Stormglass Owl"]
    assert 'id="search-count" hx-swap-oob="innerHTML"' in page_of(response)
    assert 'value="add:forethoughts:' in page_of(response)
    bad = client.get("/decks/builder/search/", {"q": "chi<=lots"}, **HX)
    assert bad.status_code == 200
    assert "could not be read" in page_of(bad)


def test_saving_needs_a_login_and_keeps_the_deck_for_after(client, bundled_cards, owner):
    # when an anonymous builder saves
    response = builder_post(client, SAMPLE, op="save", name="My Lattice")
    # then htmx is sent to log in, with the deck kept in the session
    assert response["HX-Redirect"] == "/accounts/login/?next=/decks/new/"
    assert client.session[DRAFT_KEY]["name"] == "My Lattice"
    assert not Deck.objects.exists()
    # and after logging in the builder has it back, once
    client.force_login(owner)
    builder = client.get("/decks/new/")
    assert builder.context["text"].startswith("Champion: Sera Vantyne")
    assert builder.context["form"].initial["name"] == "My Lattice"
    assert client.get("/decks/new/").context["text"] == "Timeline\n"


def test_saving_a_new_deck(client, bundled_cards, owner):
    client.force_login(owner)
    response = builder_post(client, SAMPLE, op="save", name="My Lattice", visibility="unlisted")
    deck = Deck.objects.get()
    assert response["HX-Redirect"] == f"/decks/{deck.key}/"
    assert (deck.name, deck.visibility, deck.legal, deck.owner) == (
        "My Lattice",
        "unlisted",
        True,
        owner,
    )


def test_a_bad_save_field_is_shown_and_nothing_saved(client, bundled_cards, owner):
    client.force_login(owner)
    response = builder_post(client, SAMPLE, op="save", name="x" * 121)
    assert not Deck.objects.exists()
    assert "The deck was not saved" in page_of(response)
    assert "at most 120 characters" in page_of(response)


def test_the_builders_search_offers_only_cards_legal_for_the_chosen_champion(client, bundled_cards):
    """Once a champion is chosen, the builder's search keeps to legal:<champion>, with a toggle
    to see everything (docs/search.md, legal:)."""
    url = reverse("decks:builder-search")
    legal = client.get(url, {"q": "aff:axon chi<=3", "champion": "Sera Vantyne", "legal": "1"})
    names = {card.name for card in legal.context["cards"]}
    assert names
    assert all(
        {a.name for a in card.affiliations.all()} <= {"Axon", "Jaelara"}
        for card in legal.context["cards"]
    )
    assert "Only cards legal for Sera Vantyne" in legal.content.decode()
    everything = client.get(url, {"q": "aff:axon chi<=3", "champion": "Sera Vantyne", "legal": "0"})
    wider = {card.name for card in everything.context["cards"]}
    assert wider > names  # Axon+Chaos cards come back
    no_champion = client.get(url, {"q": "aff:axon chi<=3", "legal": "1"})
    assert {card.name for card in no_champion.context["cards"]} == wider
    page = client.get("/decks/new/").content.decode()
    assert 'id="builder-legal"' in page
    assert "checked" in page.split('id="builder-legal"')[1][:80]


def test_the_deck_page_groups_cards_by_type_sorted_by_chi_with_counts(client, bundled_cards, owner):
    """Issue 14, deck view: grouped by card type and sorted by Chi, with counts per group."""
    deck = services.deck_create(
        owner=owner, name="Storm", decklist=parse_decklist(SAMPLE), visibility="public"
    )
    response = client.get(f"/decks/{deck.key}/")
    assert response.status_code == 200
    timeline = response.context["sections"][0]
    groups = timeline["groups"]
    assert [g["title"] for g in groups] == [
        t
        for t in ("Summons", "Spells", "Techniques", "Alterations", "Enchantments")
        if any(g["title"] == t for g in groups)
    ]
    assert sum(g["cards"] for g in groups) == 50
    for group in groups:
        chis = [row["card"].chi for row in group["rows"]]
        assert chis == sorted(chis), group["title"]
        assert {row["type"] for row in group["rows"]} == {group["title"].lower()[:-1]}
    page = response.content.decode()
    assert (
        f'<h4 class="deck-group">{groups[0]["title"]} <span class="section-totals">{groups[0]["cards"]}</span></h4>'
        in page
    )


def test_the_deck_page_deals_a_sample_hand_that_its_link_deals_again(client, bundled_cards, owner):
    """Issue 14, sample hand: five cards, then one draw per round, from a seeded shuffle, with
    "new hand" and "next draw"."""
    deck = services.deck_create(
        owner=owner, name="Storm", decklist=parse_decklist(SAMPLE), visibility="public"
    )
    url = f"/decks/{deck.key}/"
    new = client.get(url, {"hand": "new"})
    assert new.status_code == 302
    seed = new["Location"].split("hand=")[1].split("#")[0]
    first = client.get(url, {"hand": seed})
    hand = first.context["hand"]
    assert len(hand.opening) == 5
    assert hand.draws == ()
    drawn = client.get(url, {"hand": seed, "draws": "2"}).context["hand"]
    assert drawn.opening == hand.opening
    assert len(drawn.draws) == 2
    page = first.content.decode()
    assert f'href="?hand={seed}&amp;draws=1#sample-hand"' in page
    # nonsense is ignored, never a 500
    for bad in ({"hand": "x"}, {"hand": "9" * 20}, {"hand": seed, "draws": "-1"}):
        response = client.get(url, bad)
        assert response.status_code == 200
