"""Series and player pages on the database: a season of three finished events of one format (and
one still running) scored into the leaderboard written out by hand here, with a guest linked to
an account part-way; the API's refusals; the player page's hiding rules; and the pages.

The events are written as rows (no HTTP, no card index): each is four players and two confirmed
Swiss rounds whose results put them in a known final order (see `finished_event`).
"""

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from rules.core.decklist import decklist_to_json, parse_decklist
from tests.tournaments.conftest import SAMPLE, api, as_user
from tournaments import selectors, services
from tournaments.models import Match, PlayerPage, Registration, Round, Series, Tournament
from tournaments.services import series as series_services

pytestmark = pytest.mark.django_db

DECK = decklist_to_json(parse_decklist(SAMPLE.read_text()))
START = datetime(2026, 9, 1, 18, 0, tzinfo=UTC)
# 1st 10, 2nd 7, 3rd-4th 5, 5th-8th 3, and 1 for each event played
TABLE = [
    {"first": 1, "last": 1, "points": 10},
    {"first": 2, "last": 2, "points": 7},
    {"first": 3, "last": 4, "points": 5},
    {"first": 5, "last": 8, "points": 3},
]


def user(name: str):
    return get_user_model().objects.get_or_create(username=name)[0]


def registration(event: Tournament, who: str) -> Registration:
    """`who`: a username, or a guest's name with a capital first letter and a space."""
    if " " in who:
        return Registration.objects.create(
            tournament=event, guest_name=who, decklist=DECK, champion=DECK["champion"]
        )
    return Registration.objects.create(
        tournament=event, player=user(who), decklist=DECK, champion=DECK["champion"]
    )


def finished_event(name: str, order: list[str], *, week: int, organizer: str = "org") -> Tournament:
    """A finished event of four whose final placings are `order`: round 1 1st beats 2nd 2-0 and
    3rd beats 4th 2-1; round 2 1st beats 3rd 2-0 and 2nd beats 4th 2-0. 2nd and 3rd end on 3
    points with equal OMW%; 2nd's game-win % (2/4) beats 3rd's (2/5)."""
    event = Tournament.objects.create(
        name=name,
        organizer=user(organizer),
        date=START + timedelta(weeks=week),
        status=Tournament.Status.FINISHED,
        swiss_rounds=2,
        rounds_requested=2,
    )
    first, second, third, fourth = (registration(event, who) for who in order)
    for number, games in (
        (1, [(first, second, 2, 0), (third, fourth, 2, 1)]),
        (2, [(first, third, 2, 0), (second, fourth, 2, 0)]),
    ):
        round = Round.objects.create(tournament=event, number=number, status=Round.Status.FINISHED)
        for table, (a, b, a_wins, b_wins) in enumerate(games, start=1):
            Match.objects.create(
                round=round,
                table=table,
                player_a=a,
                player_b=b,
                status=Match.Status.CONFIRMED,
                a_wins=a_wins,
                b_wins=b_wins,
                draws=0,
            )
    return event


def running_event(name: str, players: list[str], *, week: int) -> Tournament:
    event = Tournament.objects.create(
        name=name,
        organizer=user("org"),
        date=START + timedelta(weeks=week),
        status=Tournament.Status.RUNNING,
    )
    for who in players:
        registration(event, who)
    return event


@pytest.fixture
def season():
    """Three finished events and one running: Gil plays the first two as a guest, the third
    with his account."""
    events = [
        finished_event("Week 1", ["Gil Guest", "ann", "bob", "cat"], week=0),
        finished_event("Week 2", ["ann", "Gil Guest", "dan", "bob"], week=1),
        finished_event("Week 3", ["bob", "gil", "ann", "dan"], week=2),
        running_event("Week 4", ["ann", "bob"], week=3),
    ]
    series = series_services.series_create(
        actor=user("org"), name="Autumn season", points_table=TABLE, attendance_points=1
    )
    for event in events:
        series_services.series_event_add(series=series, actor=user("org"), tournament=event)
    return series, events


def board(series) -> list[tuple]:
    view = selectors.series_view(series, user("ann"))
    return [
        (line["rank"], line["player"], line["points"], line["best_place"], line["events_played"])
        for line in view["leaderboard"]
    ]


def test_the_placings_the_events_give_are_the_order_they_were_built_for(season):
    _, events = season
    for event, order in zip(
        events[:3],
        [
            ["Gil Guest", "ann", "bob", "cat"],
            ["ann", "Gil Guest", "dan", "bob"],
            ["bob", "gil", "ann", "dan"],
        ],
        strict=True,
    ):
        assert [p["player"] for p in selectors.placings_rows(event)] == order


def test_a_season_gives_the_leaderboard_worked_out_by_hand_and_a_linked_guest_keeps_his_points(
    season,
):
    series, events = season
    # given: the points by hand (place points + 1 for attending)
    #   ann: 2nd 7+1, 1st 10+1, 3rd 5+1 = 25, best 1st, 3 events
    #   bob: 3rd 5+1, 4th 5+1, 1st 10+1 = 23, best 1st, 3 events
    #   Gil Guest: 1st 10+1, 2nd 7+1 = 19, best 1st, 2 events
    #   dan: 3rd 5+1, 4th 5+1 = 12, best 3rd, 2 events
    #   gil: 2nd 7+1 = 8; cat: 4th 5+1 = 6. Week 4 is running: nothing from it.
    assert board(series) == [
        (1, "ann", 25, 1, 3),
        (2, "bob", 23, 1, 3),
        (3, "Gil Guest", 19, 1, 2),
        (4, "dan", 12, 3, 2),
        (5, "gil", 8, 2, 1),
        (6, "cat", 6, 4, 1),
    ]
    # when: the organizer links the guest's registrations to Gil's account
    for event in events[:2]:
        guest = event.registrations.get(guest_name="Gil Guest")
        services.registration_link(
            tournament=event, actor=user("org"), registration_id=guest.pk, username="gil"
        )
    # then: his guest points count for the account: 11 + 8 + 8 = 27, best 1st, 3 events
    assert board(series) == [
        (1, "gil", 27, 1, 3),
        (2, "ann", 25, 1, 3),
        (3, "bob", 23, 1, 3),
        (4, "dan", 12, 3, 2),
        (5, "cat", 6, 4, 1),
    ]


def test_the_series_api_gives_the_leaderboard_events_and_next_event(season):
    series, events = season
    body = api().get(f"/api/series/{series.pk}/").json()
    assert [e["name"] for e in body["events"]] == ["Week 1", "Week 2", "Week 3", "Week 4"]
    assert [e["counted"] for e in body["events"]] == [True, True, True, False]
    assert body["next_event"]["name"] == "Week 4"
    top = body["leaderboard"][0]
    assert (top["player"], top["points"], top["guest"]) == ("ann", 25, False)
    assert top["finishes"] == [
        {"event": events[0].pk, "place": 2, "points": 8},
        {"event": events[1].pk, "place": 1, "points": 11},
        {"event": events[2].pk, "place": 3, "points": 6},
    ]
    assert body["leaderboard"][2]["guest"] is True


# --- the API: writes and refusals ---------------------------------------------------------------


def test_an_organizer_creates_a_series_changes_it_and_adds_and_removes_events():
    event = running_event("Friday", [], week=0)
    created = api("org").post(
        "/api/series/", {"name": "League", "points_table": TABLE[:2]}, format="json"
    )
    assert created.status_code == 201, created.json()
    pk = created.json()["id"]
    changed = api("org").patch(
        f"/api/series/{pk}/", {"attendance_points": 2, "name": "League 2026"}, format="json"
    )
    assert changed.status_code == 200, changed.json()
    assert (changed.json()["name"], changed.json()["attendance_points"]) == ("League 2026", 2)
    assert changed.json()["points_table"] == TABLE[:2]
    added = api("org").post(f"/api/series/{pk}/events/", {"tournament": event.pk}, format="json")
    assert added.status_code == 201, added.json()
    again = api("org").post(f"/api/series/{pk}/events/", {"tournament": event.pk}, format="json")
    assert (again.status_code, again.json()["code"]) == (409, "already_in_series")
    assert api("org").delete(f"/api/series/{pk}/events/{event.pk}/").status_code == 204
    gone = api("org").delete(f"/api/series/{pk}/events/{event.pk}/")
    assert (gone.status_code, gone.json()["code"]) == (404, "not_in_series")
    listed = api().get("/api/series/").json()
    assert [(s["name"], s["event_count"]) for s in listed] == [("League 2026", 0)]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"points_table": TABLE}, "invalid"),  # no name
        (
            {"name": "x", "points_table": [{"first": 2, "last": 1, "points": 3}]},
            "invalid_points_table",
        ),
        (
            {
                "name": "x",
                "points_table": [
                    {"first": 1, "last": 2, "points": 3},
                    {"first": 2, "last": 3, "points": 1},
                ],
            },
            "invalid_points_table",
        ),
        ({"name": "x", "points_table": [{"first": 1, "last": 1, "points": -1}]}, "invalid"),
        ({"name": "x", "points_table": "1: 10"}, "invalid"),
        ({"name": "   ", "points_table": TABLE}, "invalid"),
    ],
)
def test_a_series_that_cannot_be_read_is_refused_and_nothing_is_made(body, code):
    response = api("org").post("/api/series/", body, format="json")
    assert (response.status_code, response.json()["code"]) == (400, code), response.json()
    assert response.json()["detail"]
    assert not Series.objects.exists()


def test_only_the_organizer_changes_a_series_and_adds_only_their_own_events():
    series = series_services.series_create(actor=user("org"), name="S", points_table=TABLE)
    theirs = running_event("Someone else's", [], week=0)
    theirs.organizer = user("rival")
    theirs.save()
    mine = running_event("Mine", [], week=1)
    cases = [
        (
            api(None).patch(f"/api/series/{series.pk}/", {"name": "T"}, format="json"),
            401,
            "not_authenticated",
        ),
        (
            api("eve").patch(f"/api/series/{series.pk}/", {"name": "T"}, format="json"),
            403,
            "not_organizer",
        ),
        (
            api("eve").post(
                f"/api/series/{series.pk}/events/", {"tournament": mine.pk}, format="json"
            ),
            403,
            "not_organizer",
        ),
        (
            api("org").post(
                f"/api/series/{series.pk}/events/", {"tournament": theirs.pk}, format="json"
            ),
            403,
            "not_event_organizer",
        ),
        (
            api("org").post(f"/api/series/{series.pk}/events/", {"tournament": "x"}, format="json"),
            400,
            "invalid",
        ),
        (
            api("org").post(
                f"/api/series/{series.pk}/events/", {"tournament": 999999}, format="json"
            ),
            404,
            "not_found",
        ),
        (api("eve").delete(f"/api/series/{series.pk}/events/{mine.pk}/"), 403, "not_organizer"),
        (api(None).post("/api/series/", {"name": "x"}, format="json"), 401, "not_authenticated"),
        (api("org").get("/api/series/999999/"), 404, "not_found"),
    ]
    for response, status, code in cases:
        assert (response.status_code, response.json()["code"]) == (status, code), response.json()
    assert Series.objects.get().name == "S"
    assert not series.entries.exists()
    # staff add anyone's event to their own series
    staff = user("staff")
    staff.is_staff = True
    staff.save()
    own = series_services.series_create(actor=staff, name="Staff's", points_table=TABLE)
    added = api("staff").post(
        f"/api/series/{own.pk}/events/", {"tournament": theirs.pk}, format="json"
    )
    assert added.status_code == 201, added.json()


# --- player pages ---------------------------------------------------------------------------------


def test_a_players_page_lists_their_events_with_place_and_record(season):
    body = api().get("/api/players/ann/").json()
    rows = [(e["name"], e["place"], e["record"]) for e in body["events"]]
    assert rows == [
        ("Week 4", None, {"wins": 0, "losses": 0, "draws": 0}),
        ("Week 3", 3, {"wins": 1, "losses": 1, "draws": 0}),
        ("Week 2", 1, {"wins": 2, "losses": 0, "draws": 0}),
        ("Week 1", 2, {"wins": 1, "losses": 1, "draws": 0}),
    ]
    assert all(e["archetype"] is None for e in body["events"])
    assert body["against_archetypes"] == []


def test_a_players_page_reads_each_finished_events_placings_from_its_snapshot(
    season, django_assert_max_num_queries
):
    # given: the page seen once (the snapshots of the standings and placings are cached)
    api().get("/api/players/ann/")
    # when: it is seen again
    # then: no event's standings are computed again: for each of the four events the names
    # of its two snapshots (the archetypes of all four are read at once: metagame.archetypes_in)
    with django_assert_max_num_queries(4 + 2 * 4):
        rows = api().get("/api/players/ann/").json()["events"]
    assert [e["place"] for e in rows] == [None, 3, 1, 2]


def test_decklists_show_on_a_players_page_only_where_published(season):
    _, events = season
    rows = api("eve").get("/api/players/ann/").json()["events"]
    assert all(e["decklist"] is None and e["champion"] is None for e in rows)
    Tournament.objects.filter(pk=events[1].pk).update(decklists=Tournament.Decklists.ALL)
    rows = {e["name"]: e for e in api("eve").get("/api/players/ann/").json()["events"]}
    assert rows["Week 2"]["decklist"] == DECK
    assert rows["Week 2"]["champion"] == DECK["champion"]
    assert rows["Week 1"]["decklist"] is None
    page = as_user("eve").get("/players/ann/")
    assert page.status_code == 200
    assert page.content.decode().count('<details class="decklist">') == 1


def test_a_hidden_page_is_seen_by_the_player_and_by_organizers_for_their_own_events_only(season):
    _, events = season
    events[2].organizer = user("rival")
    events[2].save()
    PlayerPage.objects.create(user=user("ann"), hidden=True)
    user("eve")
    for who in (None, "eve"):
        assert api(who).get("/api/players/ann/").status_code == 404
        assert as_user(who).get("/players/ann/").status_code == 404
    # the same answer as for a name nobody has: a hidden page does not say it exists
    assert (
        api("eve").get("/api/players/nobody/").json() == api("eve").get("/api/players/ann/").json()
    )
    own = api("ann").get("/api/players/ann/").json()
    assert (own["hidden"], len(own["events"])) == (True, 4)
    rival = api("rival").get("/api/players/ann/").json()
    assert [e["name"] for e in rival["events"]] == ["Week 3"]
    assert rival["only_your_events"] is True
    assert rival["hidden"] is None


def test_standings_and_series_link_players_whose_page_the_viewer_may_open(season):
    series, events = season
    PlayerPage.objects.create(user=user("bob"), hidden=True)
    user("eve")
    standings = as_user("eve").get(f"/events/{events[0].pk}/standings/").content.decode()
    assert 'href="/players/ann/"' in standings
    assert 'href="/players/bob/"' not in standings  # hidden
    assert "Gil Guest" in standings
    assert "/players/Gil" not in standings  # a guest has no page
    assert (
        'href="/players/bob/"'
        in as_user("org").get(f"/events/{events[0].pk}/standings/").content.decode()
    )
    page = as_user("eve").get(f"/series/{series.pk}/").content.decode()
    assert 'href="/players/ann/"' in page
    assert 'href="/players/bob/"' not in page


def test_the_account_page_hides_and_shows_the_players_page():
    client = as_user("ann")
    assert "Hide my player page" in client.get("/accounts/").content.decode()
    hidden = client.post("/players/ann/visibility/", {"hidden": "yes"})
    assert hidden.status_code == 302
    assert PlayerPage.objects.get(user__username="ann").hidden
    assert "Show my player page" in client.get("/accounts/").content.decode()
    client.post("/players/ann/visibility/", {"hidden": "no"})
    assert not PlayerPage.objects.get(user__username="ann").hidden
    # nobody hides another player's page
    assert as_user("eve").post("/players/ann/visibility/", {"hidden": "yes"}).status_code == 403
    assert not PlayerPage.objects.get(user__username="ann").hidden


# --- the pages ----------------------------------------------------------------------------------


def test_the_series_pages_show_empty_states_then_the_leaderboard(season):
    series, _ = season
    assert "No series yet" not in as_user(None).get("/series/").content.decode()
    page = as_user(None).get(f"/series/{series.pk}/").content.decode()
    assert "Autumn season" in page
    assert "scores nothing until it is finished" in page
    assert "Next event:" in page
    assert "Week 4" in page
    assert "Take out" not in page  # not the organizer
    empty = series_services.series_create(actor=user("org"), name="Empty", points_table=TABLE)
    assert (
        "The series has no events yet."
        in as_user("org").get(f"/series/{empty.pk}/").content.decode()
    )


def test_the_organizer_creates_a_series_from_the_form_and_adds_an_event(season):
    _, events = season
    client = as_user("org")
    form = client.get("/series/new/")
    assert form.status_code == 200
    bad = client.post("/series/new/", {"name": "Winter", "points": "1 10", "attendance_points": 0})
    assert "Line 1" in bad.content.decode()
    made = client.post(
        "/series/new/", {"name": "Winter", "points": "1st: 10\n2-4: 4", "attendance_points": 0}
    )
    assert made.status_code == 302
    winter = Series.objects.get(name="Winter")
    assert winter.points_table == [
        {"first": 1, "last": 1, "points": 10},
        {"first": 2, "last": 4, "points": 4},
    ]
    added = client.post(f"/series/{winter.pk}/events/", {"tournament": events[0].pk})
    assert added.status_code == 302
    assert list(winter.events.all()) == [events[0]]
    edit = client.get(f"/series/{winter.pk}/edit/").content.decode()
    assert "2-4: 4" in edit
    assert as_user("eve").get(f"/series/{winter.pk}/edit/").status_code == 403


def test_removing_an_event_from_a_series_asks_first(season):
    series, events = season
    client = as_user("org")
    url = f"/series/{series.pk}/events/{events[0].pk}/remove/"
    asked = client.post(url)
    assert asked.status_code == 200
    assert "Take Week 1 out of Autumn season?" in asked.content.decode()
    assert series.entries.count() == 4
    assert as_user("eve").post(url, {"confirm": "yes"}).status_code == 403
    assert series.entries.count() == 4
    done = client.post(url, {"confirm": "yes"})
    assert done.status_code == 302
    assert series.entries.count() == 3


def test_every_refusal_code_of_series_is_documented():
    from tests.test_api_docs import API_DOC, _section

    codes = set(re.findall(r'code="([a-z_]+)"', Path("tournaments/services/series.py").read_text()))
    codes |= {"invalid", "not_found"}  # a body that does not parse; no such series or event
    section = _section(API_DOC.read_text(), "### Series")
    assert not {code for code in codes if f"| `{code}` |" not in section}


@pytest.mark.parametrize("name", ["a%00b", "N" * 300, "%F0%9F%82%A1"])
def test_a_player_page_of_a_name_nobody_has_is_not_found(name):
    # a NUL never reaches the view: Django answers 400 for it
    assert as_user(None).get(f"/players/{name}/").status_code in (400, 404)
    assert api().get(f"/api/players/{name}/").status_code in (400, 404)
