"""A full event's waitlist: joining it keeps the list; a place freed before the start registers
the first in line, re-validated (a list no longer legal is skipped, with the reason, and the
player told); the organizer reorders and removes; every refusal and role is checked."""

import pytest
from django.utils import timezone

from decks.models import Card, CardSet
from rules.core.decklist import name_key
from tests.tournaments.conftest import api, as_user, event_snapshot
from tournaments.models import Registration, WaitlistEntry

CARD_CHANGED = "Static Lattice"  # in the sample timeline, four times


def register(event: int, name: str, decklist: str):
    return api(name).post(
        f"/api/tournaments/{event}/registrations/", {"decklist": decklist}, format="json"
    )


def waitlist(event: int, name: str | None = None) -> dict:
    response = api(name).get(f"/api/tournaments/{event}/waitlist/")
    assert response.status_code == 200, response.json()
    return response.json()


def withdraw(event: int, name: str) -> None:
    assert api(name).delete(f"/api/tournaments/{event}/registrations/").status_code == 204


def registered(event: int) -> list[str]:
    return sorted(
        Registration.objects.filter(tournament_id=event).values_list("player__username", flat=True)
    )


@pytest.fixture
def full_event(event_with_players, sample_text):
    """An event of capacity 2, full with p01 and p02, and w1, w2, w3 waiting in that order."""
    event, _names = event_with_players(2, capacity=2)
    for name in ("w1", "w2", "w3"):
        response = register(event, name, sample_text)
        assert response.status_code == 201, response.json()
    return event


def test_registering_for_a_full_event_joins_the_waitlist_with_the_list(
    event_with_players, sample_text
):
    # given
    event, _ = event_with_players(2, capacity=2)
    # when
    first, second = register(event, "w1", sample_text), register(event, "w2", sample_text)
    # then
    assert first.status_code == second.status_code == 201
    assert first.json()["status"] == "waitlisted"
    assert first.json()["position"] == 1
    assert second.json()["position"] == 2
    assert registered(event) == ["p01", "p02"]
    entry = WaitlistEntry.objects.get(player__username="w1")
    assert entry.champion == "Sera Vantyne"
    assert entry.decklist["champion"] == "Sera Vantyne"
    again = register(event, "w1", sample_text)
    assert (again.status_code, again.json()["code"]) == (409, "already_waitlisted")
    twice = register(event, "p01", sample_text)
    assert (twice.status_code, twice.json()["code"]) == (409, "already_registered")
    illegal = register(event, "w3", "Champion: Sera Vantyne\nTimeline\n1 Static Lattice")
    assert (illegal.status_code, illegal.json()["code"]) == (400, "deck_illegal")


def test_a_place_open_registers_normally(event_with_players, sample_text):
    event, _ = event_with_players(1, capacity=2)
    response = register(event, "w1", sample_text)
    assert response.status_code == 201
    assert response.json()["status"] == "registered"


def test_a_withdrawal_registers_the_first_in_line_who_is_told(full_event):
    # when
    withdraw(full_event, "p01")
    # then
    assert registered(full_event) == ["p02", "w1"]
    mine = waitlist(full_event, "w1")["mine"]
    assert mine["status"] == "promoted"
    assert "registered from the waitlist" in mine["message"]
    assert waitlist(full_event, "w2")["mine"]["position"] == 1
    rows = api("w1").get(f"/api/tournaments/{full_event}/registrations/").json()
    assert [r["player"] for r in rows] == ["p02", "w1"]
    # ... told in their registration's state too, which nobody else sees
    assert rows[1]["waitlist"]["status"] == "promoted"
    assert (
        "waitlist" not in api("p02").get(f"/api/tournaments/{full_event}/registrations/").json()[1]
    )


def test_raising_the_capacity_fills_the_new_places_in_order(full_event):
    response = api("org").put(
        f"/api/tournaments/{full_event}/capacity/", {"capacity": 4}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert [e["player"] for e in response.json()["decided"]] == ["w1", "w2"]
    assert response.json()["event"]["places_left"] == 0
    assert registered(full_event) == ["p01", "p02", "w1", "w2"]
    assert waitlist(full_event, "org")["waiting"] == 1


def test_a_promoted_list_no_longer_legal_is_skipped_with_the_reason_and_the_next_is_tried(
    event_with_players, sample_text
):
    # given: w1 and w3 wait with the sample timeline, w2 (between them) with one that does
    # without Static Lattice
    event, _ = event_with_players(2, capacity=2)
    for name, decklist in (("w1", sample_text), ("w2", _without_lattice(sample_text))):
        assert register(event, name, decklist).json()["status"] == "waitlisted"
    register(event, "w3", sample_text)
    # ... and then a re-import of the card set renames Static Lattice (an erratum): the
    # sample timeline names a card the index no longer has
    card = Card.objects.get(name=CARD_CHANGED)
    renamed = "Static Lattice Prime"
    Card.objects.filter(pk=card.pk).update(name=renamed, name_key=name_key(renamed))
    CardSet.objects.filter(pk=card.card_set_id).update(imported_at=timezone.now())
    # when
    withdraw(event, "p01")
    # then: w1 is skipped with the reason, and w2 registered in their place
    assert registered(event) == ["p02", "w2"]
    skipped = waitlist(event, "w1")["mine"]
    assert skipped["status"] == "skipped"
    assert skipped["reason"] == "The timeline is not legal in this event's format."
    assert skipped["errors"]
    assert skipped["errors"][0]["rule"]
    assert "could not be registered" in skipped["message"]
    assert waitlist(event, "w2")["mine"]["status"] == "promoted"
    assert [e["player"] for e in waitlist(event, "org")["skipped"]] == ["w1"]
    assert waitlist(event, "w3")["mine"]["position"] == 1
    # ... and both are told on the event page
    told = as_user("w1").get(f"/events/{event}/").content.decode()
    assert "could not be registered" in told
    assert CARD_CHANGED in told
    assert "registered from the waitlist" in as_user("w2").get(f"/events/{event}/").content.decode()


def _without_lattice(sample_text: str) -> str:
    """The sample timeline with its four Static Lattices traded for one more of four others."""
    text = sample_text.replace("4 Static Lattice\n", "")
    for card in ("Arc Relay", "Needle Volley", "Voltaic Dart", "Stillmind Pulse"):
        text = text.replace(f"3 {card}\n", f"4 {card}\n")
    return text


def test_the_organizer_reorders_and_removes(full_event):
    entries = waitlist(full_event, "org")["entries"]
    assert [(e["player"], e["position"]) for e in entries] == [("w1", 1), ("w2", 2), ("w3", 3)]
    w3 = entries[2]["entry"]
    moved = api("org").post(
        f"/api/tournaments/{full_event}/waitlist/{w3}/move/", {"position": 1}, format="json"
    )
    assert moved.status_code == 200, moved.json()
    assert [e["player"] for e in moved.json()["entries"]] == ["w3", "w1", "w2"]
    w1 = entries[0]["entry"]
    assert api("org").delete(f"/api/tournaments/{full_event}/waitlist/{w1}/").status_code == 204
    withdraw(full_event, "p02")
    assert registered(full_event) == ["p01", "w3"]
    assert [e["player"] for e in waitlist(full_event, "org")["entries"]] == ["w2"]


def test_a_player_sees_only_their_own_place_and_may_leave(full_event):
    seen = waitlist(full_event, "w2")
    assert seen["waiting"] == 3
    assert [(e["player"], e["position"]) for e in seen["entries"]] == [("w2", 2)]
    assert "skipped" not in seen
    assert waitlist(full_event)["entries"] == []
    assert waitlist(full_event)["mine"] is None
    entry = seen["mine"]["entry"]
    assert api("w2").delete(f"/api/tournaments/{full_event}/waitlist/{entry}/").status_code == 204
    assert waitlist(full_event, "w3")["mine"]["position"] == 2


@pytest.mark.parametrize(
    ("who", "call", "status", "code"),
    [
        ("w2", "move", 403, "not_organizer"),
        ("judge", "move", 403, "not_organizer"),
        ("w2", "remove_w1", 403, "not_organizer"),
        (None, "move", 401, "not_authenticated"),
        ("org", "move_nowhere", 400, "invalid_position"),
        ("org", "move_unknown", 404, "unknown_entry"),
        ("org", "remove_unknown", 404, "unknown_entry"),
        ("w2", "capacity", 403, "not_organizer"),
        ("org", "capacity_huge", 400, "invalid_capacity"),
    ],
)
def test_refusals_change_nothing(full_event, who, call, status, code):
    # given
    api("judge")  # the account
    added = api("org").post(f"/api/tournaments/{full_event}/judges/", {"username": "judge"})
    assert added.status_code == 201, added.json()
    w1 = waitlist(full_event, "org")["entries"][0]["entry"]
    base = f"/api/tournaments/{full_event}"
    requests = {
        "move": ("post", f"{base}/waitlist/{w1}/move/", {"position": 2}),
        "move_nowhere": ("post", f"{base}/waitlist/{w1}/move/", {"position": 4}),
        "move_unknown": ("post", f"{base}/waitlist/999999/move/", {"position": 1}),
        "remove_w1": ("delete", f"{base}/waitlist/{w1}/", None),
        "remove_unknown": ("delete", f"{base}/waitlist/999999/", None),
        "capacity": ("put", f"{base}/capacity/", {"capacity": 5}),
        "capacity_huge": ("put", f"{base}/capacity/", {"capacity": 100_000}),
    }
    method, url, body = requests[call]
    before = event_snapshot(full_event), waitlist(full_event, "org")
    # when
    response = getattr(api(who), method)(url, body, format="json")
    # then
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert (event_snapshot(full_event), waitlist(full_event, "org")) == before


def test_after_the_start_a_full_event_refuses_and_nobody_is_promoted(
    event_with_players, sample_text
):
    event, _ = event_with_players(2, capacity=2, late_registration_until=2)
    register(event, "w1", sample_text)
    assert api("org").post(f"/api/tournaments/{event}/start/").status_code == 200
    late = register(event, "late", sample_text)
    assert (late.status_code, late.json()["code"]) == (409, "event_full")
    assert api("p01").post(f"/api/tournaments/{event}/drop/").status_code == 200
    assert registered(event) == ["p01", "p02"]
    assert waitlist(event, "w1")["mine"]["status"] == "waiting"


def test_the_capacity_cannot_go_below_the_players_or_change_after_the_start(event_with_players):
    event, _ = event_with_players(3, capacity=3)
    url = f"/api/tournaments/{event}/capacity/"
    below = api("org").put(url, {"capacity": 2}, format="json")
    assert (below.status_code, below.json()["code"]) == (409, "capacity_below_players")
    api("org").post(f"/api/tournaments/{event}/start/")
    late = api("org").put(url, {"capacity": 8}, format="json")
    assert (late.status_code, late.json()["code"]) == (409, "already_started")
