"""Limits on automated events (docs/tournaments.md, Automated events › Limits): at most
AUTOMATED_MAX_ENTRANTS decks in one event, AUTOMATED_MAX_PER_HOUR automated events created by
one user in an hour and AUTOMATED_MAX_RUNNING of theirs running at once. Past a rate limit: 429
with Retry-After and the API's error shape, the page shows the message, and nothing is written.
"""

from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tests.tournaments.conftest import api, as_user
from tests.tournaments.test_concurrency import run_at_once
from tournaments.models import Registration, Tournament

pytestmark = pytest.mark.django_db

SAMPLES = sorted(Path("decks/samples").glob("*.txt"))


def create(username: str = "org", **fields):
    return api(username).post(
        "/api/tournaments/", {"name": "Bot Cup", "automated": True, **fields}, format="json"
    )


def enter(event: int, sample: Path, username: str = "org"):
    return api(username).post(
        f"/api/tournaments/{event}/entrants/",
        {"name": sample.stem, "decklist": sample.read_text()},
        format="json",
    )


def ready_event(entrants: int = 2) -> int:
    """An automated event by `org` with `entrants` sample decks, not started."""
    response = create()
    assert response.status_code == 201, response.json()
    event = response.json()["id"]
    for sample in SAMPLES[:entrants]:
        assert enter(event, sample).status_code == 201
    return event


@pytest.mark.usefixtures("bundled_cards")
def test_an_automated_event_takes_no_entrant_past_the_limit_and_writes_nothing(settings):
    # given
    settings.AUTOMATED_MAX_ENTRANTS = 2
    event = ready_event(2)
    users = get_user_model().objects.count()
    # when
    refused = enter(event, SAMPLES[2])
    # then
    assert refused.status_code == 409, refused.json()
    body = refused.json()
    assert body["code"] == "entrant_limit"
    assert body["limit"] == 2
    assert "at most 2" in body["detail"]
    assert Registration.objects.filter(tournament_id=event).count() == 2
    assert get_user_model().objects.count() == users  # no bot account for the refused deck


@pytest.mark.usefixtures("bundled_cards")
def test_the_entrants_page_shows_the_entrant_limit_not_an_error_page(settings):
    settings.AUTOMATED_MAX_ENTRANTS = 2
    event = ready_event(2)
    response = as_user("org").post(
        f"/events/{event}/entrants/", {"name": "third", "sample": SAMPLES[2].stem}
    )
    assert response.status_code == 409
    assert "at most 2" in response.content.decode()
    assert Registration.objects.filter(tournament_id=event).count() == 2


def test_an_automated_event_cannot_ask_for_more_places_than_the_entrant_limit(settings):
    settings.AUTOMATED_MAX_ENTRANTS = 8
    response = create(capacity=9)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_capacity"
    assert "8" in response.json()["detail"]
    assert create(capacity=8).status_code == 201


def test_a_changed_capacity_cannot_exceed_the_entrant_limit_either(settings):
    # given an automated event of 8 places at most
    settings.AUTOMATED_MAX_ENTRANTS = 8
    event = create(capacity=4).json()["id"]
    # when its organizer asks for 9
    refused = api("org").put(f"/api/tournaments/{event}/capacity/", {"capacity": 9}, format="json")
    # then it is refused as at creation, and the capacity stays
    assert refused.status_code == 400, refused.json()
    assert refused.json()["code"] == "invalid_capacity"
    assert "at most 8 decks" in refused.json()["detail"]
    assert Tournament.objects.get(pk=event).capacity == 4
    changed = api("org").put(f"/api/tournaments/{event}/capacity/", {"capacity": 8}, format="json")
    assert changed.status_code == 200, changed.json()


def test_past_the_hourly_limit_a_new_automated_event_is_a_429_with_retry_after(settings):
    # given
    settings.AUTOMATED_MAX_PER_HOUR = 2
    assert create().status_code == 201
    assert create().status_code == 201
    # when
    refused = create()
    # then
    assert refused.status_code == 429
    body = refused.json()
    assert body["code"] == "automated_hourly_limit"
    assert body["limit"] == 2
    assert "2 automated events an hour" in body["detail"]
    assert 3500 <= int(refused["Retry-After"]) <= 3600
    assert f"{int(refused['Retry-After']) // 60 + 1} minutes" in body["detail"]
    assert Tournament.objects.filter(automated=True).count() == 2
    # ...while other users and events played by people are not limited
    assert create("someone-else").status_code == 201
    assert create(automated=False).status_code == 201


def test_the_hourly_limit_frees_an_hour_after_the_oldest_event(settings):
    settings.AUTOMATED_MAX_PER_HOUR = 1
    assert create().status_code == 201
    assert create().status_code == 429
    Tournament.objects.update(created_at=timezone.now() - timedelta(minutes=61))
    assert create().status_code == 201


def test_the_event_form_shows_the_hourly_limit_not_an_error_page(settings):
    settings.AUTOMATED_MAX_PER_HOUR = 1
    form = {
        "name": "Bot Cup",
        "format": "genesis-standard",
        "top_cut": "0",
        "round_minutes": "50",
        "late_registration_until": "0",
        "automated": "on",
    }
    page = as_user("org")
    assert page.post("/events/", form).status_code == 302
    response = page.post("/events/", form)
    assert response.status_code == 429
    assert "Retry-After" in response
    assert "1 automated event an hour" in response.content.decode()
    assert Tournament.objects.count() == 1


@pytest.mark.usefixtures("bundled_cards")
def test_past_the_running_limit_starting_an_automated_event_is_a_429(settings):
    # given
    settings.AUTOMATED_MAX_RUNNING = 1
    running, waiting = ready_event(), ready_event()
    assert api("org").post(f"/api/tournaments/{running}/start/").status_code == 200
    # when
    refused = api("org").post(f"/api/tournaments/{waiting}/start/")
    # then
    assert refused.status_code == 429
    body = refused.json()
    assert body["code"] == "automated_running_limit"
    assert body["limit"] == 1
    assert "at most 1 at a time" in body["detail"]
    assert int(refused["Retry-After"]) > 0
    assert Tournament.objects.get(pk=waiting).status == Tournament.Status.REGISTRATION
    assert not Registration.objects.filter(tournament_id=waiting, frozen=True).exists()
    # when the running one is over, the other may start
    Tournament.objects.filter(pk=running).update(status=Tournament.Status.FINISHED)
    assert api("org").post(f"/api/tournaments/{waiting}/start/").status_code == 200


@pytest.mark.usefixtures("bundled_cards")
def test_the_start_button_shows_the_running_limit_as_a_message(settings):
    settings.AUTOMATED_MAX_RUNNING = 1
    running, waiting = ready_event(), ready_event()
    assert api("org").post(f"/api/tournaments/{running}/start/").status_code == 200
    response = as_user("org").post(f"/events/{waiting}/start/", {"confirm": "yes"}, follow=True)
    assert response.status_code == 200
    assert "at most 1 at a time" in response.content.decode()
    assert Tournament.objects.get(pk=waiting).status == Tournament.Status.REGISTRATION


@pytest.mark.django_db(transaction=True)
def test_two_creations_at_once_at_the_hourly_limit_make_one_event(settings):
    settings.AUTOMATED_MAX_PER_HOUR = 1
    get_user_model().objects.create(username="org")
    answers = run_at_once(create, create, create)
    assert sorted(a.status_code for a in answers) == [201, 429, 429]
    assert Tournament.objects.count() == 1


def test_every_limit_and_its_setting_is_documented():
    source = Path("tournaments/services/automated.py").read_text()
    codes = {"entrant_limit", "automated_hourly_limit", "automated_running_limit"}
    assert all(f'code="{code}"' in source for code in codes)  # the list below is the code's
    api_doc, events_doc = Path("docs/api.md").read_text(), Path("docs/tournaments.md").read_text()
    for name in [
        *codes,
        "AUTOMATED_MAX_ENTRANTS",
        "AUTOMATED_MAX_PER_HOUR",
        "AUTOMATED_MAX_RUNNING",
    ]:
        assert name in api_doc, f"docs/api.md names no {name}"
        assert name in events_doc, f"docs/tournaments.md names no {name}"
    assert "| `too_large` | 413 |" in api_doc


@pytest.mark.usefixtures("bundled_cards")
def test_past_the_hourly_share_of_entrants_a_deck_is_a_429_with_retry_after_across_events(settings):
    # given: a share of 3 decks an hour, 2 entered in one event and 1 in another
    settings.AUTOMATED_ENTRANTS_PER_HOUR = 3
    first = ready_event(2)
    second = ready_event(1)
    registrations = Registration.objects.count()
    # when a fourth deck is entered, in either event
    refused = enter(second, SAMPLES[3])
    # then it is refused with the time to wait, and nothing is written
    assert refused.status_code == 429, refused.json()
    body = refused.json()
    assert (body["code"], body["limit"]) == ("automated_entrant_hourly_limit", 3)
    assert 0 < int(refused["Retry-After"]) <= 3600
    assert "at most 3 decks an hour" in body["detail"]
    assert Registration.objects.count() == registrations
    # and another organizer is not limited by it
    assert enter(first, SAMPLES[3], username="other").status_code in (403, 404)
    own = create("other")
    assert enter(own.json()["id"], SAMPLES[0], username="other").status_code == 201
