"""The organizer's pages of issue 25: confirmation pages before starting an event, pairing a
round and dropping a player (nothing happens without the confirm field), the export button on
the event page and staff's import page. Django's test client only; the API endpoints these pages
mirror are tested in test_exchange.py and test_event_api.py."""

import json
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.tournaments.conftest import api, as_user, event_snapshot
from tournaments.models import Registration, Round, Tournament
from tournaments.services.exchange import event_document

pytestmark = pytest.mark.django_db

CONFIRM = {"confirm": "yes"}


def url(name: str, *args) -> str:
    return reverse(f"tournaments:{name}", args=args)


def page(username: str | None, path: str) -> str:
    response = as_user(username).get(path)
    assert response.status_code == 200, response.status_code
    return unescape(response.content.decode())


def as_user_obj(username: str):
    return get_user_model().objects.get_or_create(username=username)[0]


# --- confirmations -------------------------------------------------------------------------------


def test_starting_the_event_asks_first_and_a_post_without_the_confirmation_changes_nothing(
    event_with_players,
):
    # given an event with two players
    event, _ = event_with_players(2)
    # then its page links to the confirmation, not to a form that acts
    html = page("org", url("event-detail", event))
    assert f'href="{url("event-start", event)}"' in html
    assert f'action="{url("event-start", event)}"' not in html
    # and the confirmation says what it does and that it cannot be undone
    asked = page("org", url("event-start", event))
    assert "Registration closes" in asked
    assert "Cannot be undone:" in asked
    assert 'name="confirm" value="yes"' in asked
    # when a stray POST comes without the confirmation, it is asked again and nothing changes
    before = event_snapshot(event)
    stray = as_user("org").post(url("event-start", event))
    assert stray.status_code == 200
    assert "Yes, start the event" in stray.content.decode()
    assert event_snapshot(event) == before
    # when confirmed, the event starts
    done = as_user("org").post(url("event-start", event), CONFIRM)
    assert done.status_code == 302
    assert Tournament.objects.get(pk=event).status == Tournament.Status.RUNNING


def test_pairing_a_round_asks_first_and_says_it_can_be_taken_back(event_with_players):
    event, _ = event_with_players(2)
    api("org").post(f"/api/tournaments/{event}/start/")
    assert f'href="{url("round-start", event)}"' in page("org", url("event-detail", event))
    asked = page("org", url("round-start", event))
    assert "Can be undone:" in asked
    assert "take the round's pairings back" in asked
    # a POST without the confirmation pairs nothing
    assert as_user("org").post(url("round-start", event)).status_code == 200
    assert not Round.objects.filter(tournament_id=event).exists()
    assert as_user("org").post(url("round-start", event), CONFIRM).status_code == 302
    assert Round.objects.filter(tournament_id=event).count() == 1


def test_a_judge_drops_a_player_only_after_the_confirmation(event_with_players):
    event, _ = event_with_players(3)
    api("org").post(f"/api/tournaments/{event}/start/")
    p03 = Registration.objects.get(tournament_id=event, player__username="p03")
    drop = url("player-drop", event, p03.pk)
    assert f'href="{drop}"' in page("org", url("event-detail", event))
    asked = page("org", drop)
    assert "Drop p03?" in asked
    assert "reinstate the player" in asked
    assert as_user("org").post(drop).status_code == 200
    p03.refresh_from_db()
    assert not p03.dropped
    assert as_user("org").post(drop, CONFIRM).status_code == 302
    p03.refresh_from_db()
    assert p03.dropped


def test_a_player_drops_themself_only_after_the_confirmation(event_with_players):
    event, _ = event_with_players(2)
    api("org").post(f"/api/tournaments/{event}/start/")
    assert "this cannot be undone" in page("p01", url("drop", event))
    assert as_user("p01").post(url("drop", event)).status_code == 200
    assert not Registration.objects.get(player__username="p01").dropped
    as_user("p01").post(url("drop", event), CONFIRM)
    assert Registration.objects.get(player__username="p01").dropped


@pytest.mark.parametrize(
    ("action", "viewer", "status"),
    [
        ("event-start", "p01", 403),
        ("event-start", None, 302),
        ("round-start", "p01", 403),
        ("player-drop", "p01", 403),
        ("player-drop", "stranger", 403),
        ("player-drop", None, 302),
    ],
)
def test_confirmation_pages_are_for_those_who_may_act(event_with_players, action, viewer, status):
    event, _ = event_with_players(2)
    registration = Registration.objects.filter(tournament_id=event).first()
    args = (event, registration.pk) if action == "player-drop" else (event,)
    assert as_user(viewer).get(url(action, *args)).status_code == status


def test_dropping_an_unknown_player_is_a_404_page(event_with_players):
    event, _ = event_with_players(2)
    assert as_user("org").get(url("player-drop", event, 999999)).status_code == 404


# --- export button -------------------------------------------------------------------------------


def test_the_export_button_is_for_the_organizer_and_not_for_players(event_with_players):
    event, _ = event_with_players(2)
    export = reverse("api:tournament-export", args=[event])
    assert f'href="{export}"' in page("org", url("event-detail", event))
    for viewer in ("p01", None):
        html = page(viewer, url("event-detail", event))
        assert export not in html
        assert "Download the event file" not in html
    # and the button gives the API's file
    response = as_user("org").get(export)
    assert response.status_code == 200
    assert json.loads(response.content)["event"]["id"] == event


def test_an_organizer_who_plays_sees_why_there_is_no_export_button(event_with_players):
    event, _ = event_with_players(2)
    sample = Registration.objects.filter(tournament_id=event).first().decklist
    Registration.objects.create(tournament_id=event, player=as_user_obj("org"), decklist=sample)
    html = page("org", url("event-detail", event))
    assert "Download the event file" not in html
    assert "plays_in_event" in html
    assert "once the event is over" in html


# --- import page ---------------------------------------------------------------------------------


def _staff():
    user = as_user_obj("staff")
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    return as_user("staff")


def _upload(client, text: str | bytes):
    data = text.encode() if isinstance(text, str) else text
    return client.post(
        url("event-import"),
        {"file": SimpleUploadedFile("event.json", data, content_type="application/json")},
    )


def test_staff_import_an_event_file_from_the_page(event_with_players):
    # given an event's file, and the event gone from this database
    event, _ = event_with_players(2)
    text = json.dumps(event_document(tournament=Tournament.objects.get(pk=event)))
    Tournament.objects.filter(pk=event).delete()
    staff = _staff()
    assert "Import the event" in staff.get(url("event-import")).content.decode()
    # when staff upload it
    response = _upload(staff, text)
    # then the event is back, linked from the page
    assert response.status_code == 200
    imported = Tournament.objects.get(name="Friday Genesis")
    assert url("event-detail", imported.pk) in response.content.decode()
    # and the same file again is refused with its code, writing nothing
    again = _upload(staff, text)
    assert again.status_code == 409
    assert "already_imported" in again.content.decode()
    assert Tournament.objects.count() == 1


def test_a_broken_file_is_refused_on_the_page_with_each_problem(event_with_players):
    event, _ = event_with_players(2)
    document = event_document(tournament=Tournament.objects.get(pk=event))
    del document["event"]["name"]
    document["registrations"][0]["decklist"] = 7
    staff = _staff()
    refused = _upload(staff, json.dumps(document))
    html = unescape(refused.content.decode())
    assert refused.status_code == 400
    assert "invalid_export" in html
    assert html.count("<li>$.") >= 2
    not_json = _upload(staff, b"\xff{")
    assert not_json.status_code == 400
    assert "not_json" in not_json.content.decode()
    assert Tournament.objects.count() == 1


@pytest.mark.parametrize(("viewer", "status"), [("p01", 403), (None, 302)])
def test_the_import_page_is_for_staff_only(event_with_players, viewer, status):
    event, _ = event_with_players(2)
    text = json.dumps(event_document(tournament=Tournament.objects.get(pk=event)))
    assert as_user(viewer).get(url("event-import")).status_code == status
    assert _upload(as_user(viewer), text).status_code == status
    assert Tournament.objects.count() == 1
