"""Events for every game over the API: the game and format, match settings from the format and
the organizer's changes, the rules lookup link, and who may set pools, teams and settings."""

import re

import pytest

from tests.decks.test_games import SPELLBOOK
from tests.tournaments.conftest import api, as_user
from tournaments.models import Registration, Tournament

pytestmark = pytest.mark.django_db


def create(**fields) -> dict:
    response = api("org").post(
        "/api/tournaments/", {"name": "Store night", **fields}, format="json"
    )
    assert response.status_code == 201, response.json()
    return response.json()


def test_a_grand_archive_event_takes_its_match_settings_from_the_format_and_says_the_source_is_missing():
    # when
    event = create(game="grand-archive")
    # then: best of three with sideboarding, first player at random, source missing
    assert event["game"] == "grand-archive"
    assert event["game_name"] == "Grand Archive"
    assert event["format"] == "grand-archive-standard"
    assert (event["best_of"], event["sideboarding"], event["first_player"]) == (3, True, "random")
    assert event["settings_source"].startswith("Missing")
    assert event["rules_lookup"] == "/rules/?game=grand-archive"


def test_an_event_without_a_game_is_a_genesis_event_as_before():
    event = create()
    assert (event["game"], event["format"]) == ("genesis", "genesis-standard")
    assert (event["best_of"], event["sideboarding"]) == (3, True)
    assert event["first_player"] == "random-then-loser"
    assert event["rules_lookup"] == "/rules/?game=genesis"


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"game": "grand-archive", "format": "genesis-standard"}, "format_not_in_game"),
        ({"game": "chess"}, "unknown_game"),
        ({"game": "grand-archive", "best_of": 4}, "invalid_best_of"),
        ({"game": "grand-archive", "copy_limit": 2}, "invalid_copy_limit"),
        ({"game": "grand-archive", "team_play": "two_arena"}, "invalid_team_play"),
        ({"game": "grand-archive", "team_play": "three_arena"}, "invalid_team_play"),
        ({"game": "titans-of-eden", "team_play": "four_arena"}, "invalid_team_play"),
        ({"game": "grand-archive", "automated": True}, "invalid_automated"),
    ],
)
def test_an_event_refuses_settings_its_game_does_not_have(fields, code):
    response = api("org").post("/api/tournaments/", {"name": "x", **fields}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == code


def test_titans_of_eden_copy_limit_is_off_by_default_and_an_event_setting():
    assert create(game="titans-of-eden")["copy_limit"] is None
    assert create(game="titans-of-eden", copy_limit=4)["copy_limit"] == 4


def test_only_the_organizer_changes_match_settings_and_only_before_the_start():
    # given
    event = create(game="grand-archive")["id"]
    url = f"/api/tournaments/{event}/settings/"
    # when / then: not the organizer
    refused = api("someone").patch(url, {"best_of": 5}, format="json")
    assert refused.status_code == 403
    assert refused.json()["code"] == "not_organizer"
    # the organizer: validated
    assert api("org").patch(url, {"best_of": 2}, format="json").json()["code"] == "invalid_best_of"
    changed = api("org").patch(url, {"best_of": 5, "sideboarding": False}, format="json")
    assert changed.status_code == 200
    assert (changed.json()["best_of"], changed.json()["sideboarding"]) == (5, False)
    assert changed.json()["settings_source"].endswith("Changed by the organizer for this event.")
    # after the start: frozen
    Tournament.objects.filter(pk=event).update(status=Tournament.Status.RUNNING)
    late = api("org").patch(url, {"best_of": 3}, format="json")
    assert late.status_code == 409
    assert late.json()["code"] == "already_started"


def test_only_the_organizer_sets_pools_and_teams():
    # given
    sealed = create(game="grand-archive", format="grand-archive-sealed")["id"]
    teams = create(game="titans-of-eden", team_play="two_arena")["id"]
    player = api("p01")
    # when
    pool = player.post(
        f"/api/tournaments/{sealed}/pools/", {"pool": "Main\n4 Slime King", "username": "p01"}
    )
    team = player.post(
        f"/api/tournaments/{teams}/teams/",
        {"name": "Storm", "seats": [{"arena": 1, "username": "p01"}]},
        format="json",
    )
    # then
    assert (pool.status_code, pool.json()["code"]) == (403, "not_organizer")
    assert (team.status_code, team.json()["code"]) == (403, "not_organizer")
    assert not Registration.objects.exists()


def test_a_limited_or_team_event_refuses_ordinary_registration(bundled_cards, sample_text):
    sealed = create(game="grand-archive", format="grand-archive-sealed")["id"]
    teams = create(game="titans-of-eden", team_play="two_arena")["id"]
    for event, code in ((sealed, "no_pool"), (teams, "team_event")):
        response = api("p01").post(
            f"/api/tournaments/{event}/registrations/", {"decklist": sample_text}, format="json"
        )
        assert (response.status_code, response.json()["code"]) == (409, code)


def test_a_pool_is_recorded_with_the_registration_and_hidden_from_other_players():
    # given
    event = create(game="grand-archive", format="grand-archive-sealed")["id"]
    org, player, other_player = api("org"), api("p01"), api("p02")
    recorded = org.post(
        f"/api/tournaments/{event}/pools/",
        {"pool": "Main\n4 Slime King\n2 Purge in Flames", "username": "p01"},
        format="json",
    )
    assert recorded.status_code == 201, recorded.json()
    # when
    own = player.get(f"/api/tournaments/{event}/registrations/").json()
    other = other_player.get(f"/api/tournaments/{event}/registrations/").json()
    organizer = org.get(f"/api/tournaments/{event}/registrations/").json()
    # then: the player and the organizer see it; another player only that there is one
    assert own[0]["pool"]["main"] == [
        {"count": 4, "name": "Slime King"},
        {"count": 2, "name": "Purge in Flames"},
    ]
    assert organizer[0]["pool"] == own[0]["pool"]
    assert other[0]["has_pool"] is True
    assert "pool" not in other[0]


def test_a_player_cannot_submit_a_deck_before_their_pool_is_recorded():
    event = create(game="grand-archive", format="grand-archive-sealed")["id"]
    response = api("p01").put(
        f"/api/tournaments/{event}/deck/", {"decklist": "Main\n1 Slime King"}, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (404, "not_registered")


def test_the_event_page_shows_the_game_its_settings_source_and_links_the_rules_lookup():
    from tests.tournaments.conftest import as_user

    event = create(game="grand-archive")["id"]
    page = as_user(None).get(f"/events/{event}/").content.decode()
    assert "Grand Archive" in page
    assert 'href="/rules/?game=grand-archive"' in page
    assert "Missing: Grand Archive" in page


def test_a_team_member_s_phone_finds_its_table_under_the_team_s_name(bundled_cards):
    # given: a Two-Arena team whose second seat is p02, and a player of an ordinary event
    teams = create(game="titans-of-eden", team_play="two_arena")["id"]
    api("p01"), api("p02")  # their accounts
    made = api("org").post(
        f"/api/tournaments/{teams}/teams/",
        {
            "name": "Storm",
            "seats": [
                {"arena": 1, "username": "p01", "spellbook": SPELLBOOK},
                {"arena": 2, "username": "p02", "spellbook": SPELLBOOK},
            ],
        },
        format="json",
    )
    assert made.status_code == 201, made.json()
    single = create()["id"]

    def playing_as(event: int, username: str | None) -> str | None:
        page = as_user(username).get(f"/events/{event}/").content.decode()
        found = re.search(r'data-player="([^"]*)"', page)
        return found.group(1) if found else None

    # then: the live stream looks for the name the round's tables give the entrant
    assert playing_as(teams, "p02") == "Storm"
    assert playing_as(teams, "p01") == "Storm"
    assert playing_as(single, "p03") == "p03"
    assert playing_as(single, None) is None
