"""Your table first: GET /api/tournaments/{id}/my-match/ and the event page's first block in
every state (a table, a bye, pairing, no round yet, not in this round, not registered, dropped,
finished), and the pairings listed by player (?order=name) with the find-my-table box, which
works without JavaScript (a plain GET form)."""

from html import unescape

import pytest
from django.urls import reverse

from tests.tournaments.conftest import api, as_user, confirm_all, pair_next_round
from tournaments.models import Round


def my_match(event: int, username: str) -> dict:
    response = api(username).get(f"/api/tournaments/{event}/my-match/")
    assert response.status_code == 200, response.json()
    return response.json()


def event_page(event: int, username: str) -> str:
    response = as_user(username).get(reverse("tournaments:event-detail", args=[event]))
    assert response.status_code == 200
    return unescape(response.content.decode())


def opponent_of(pairings: list[dict], name: str) -> tuple[int, str | None]:
    row = next(p for p in pairings if name in (p["player_a"], p["player_b"]))
    return row["table"], row["player_b"] if row["player_a"] == name else row["player_a"]


# --- each state, through the API and on the event page -------------------------------------------


def _match(event, names, sample_text):
    pairings = pair_next_round(event)
    return names[0], pairings


def _bye(event, names, sample_text):
    # three players: one of them sits out with a bye
    api(names[3]).post(f"/api/tournaments/{event}/drop/")
    pairings = pair_next_round(event)
    return next(p["player_a"] for p in pairings if p["player_b"] is None), pairings


def _pairing(event, names, sample_text):
    assert api("org").post(f"/api/tournaments/{event}/rounds/").status_code == 202
    return names[0], None


def _no_round(event, names, sample_text):
    return names[0], None


def _not_paired(event, names, sample_text):
    # a late entrant joins from round 2: round 1 is played without them
    pair_next_round(event)
    late = api("late").post(
        f"/api/tournaments/{event}/registrations/", {"decklist": sample_text}, format="json"
    )
    assert late.status_code == 201
    return "late", None


def _not_registered(event, names, sample_text):
    pair_next_round(event)
    return "stranger", None


def _dropped(event, names, sample_text):
    confirm_all(event, pair_next_round(event))
    assert api(names[0]).post(f"/api/tournaments/{event}/drop/").status_code == 200
    return names[0], None


def _finished(event, names, sample_text):
    confirm_all(event, pair_next_round(event))  # a two-round event without a top cut
    confirm_all(event, pair_next_round(event))
    return names[0], None


STATES = {
    "match": _match,
    "bye": _bye,
    "pairing": _pairing,
    "no_round": _no_round,
    "not_paired": _not_paired,
    "not_registered": _not_registered,
    "dropped": _dropped,
    "finished": _finished,
}
# What the event page's first block says in each state (None: no block at all).
SAYS = {
    "match": "against",
    "bye": "You have a <strong>bye</strong>",
    "pairing": "being paired",
    "no_round": "No round has been paired yet",
    "not_paired": "You do not play in this round",
    "not_registered": None,
    "dropped": "You dropped from the event",
    "finished": "The event is over",
}


@pytest.mark.parametrize("state", STATES)
def test_my_match_in_each_state_through_the_api_and_the_page(
    state, event_with_players, sample_text
):
    # given a started event of four players (two rounds, late entries until round 2)
    event, names = event_with_players(4, rounds=2, late_registration_until=2)
    assert api("org").post(f"/api/tournaments/{event}/start/").status_code == 200
    # when it reaches the state
    who, pairings = STATES[state](event, names, sample_text)
    # then the API says so
    found = my_match(event, who)
    assert found["state"] == state
    if state == "match":
        table, opponent = opponent_of(pairings, who)
        assert (found["table"], found["opponent"]) == (table, opponent)
        assert found["round"]["number"] == 1
        assert found["status"] == "playing"
        assert 0 < found["seconds_left"] <= 50 * 60
        assert found["ends_at"]
        assert found["match_url"] == reverse("tournaments:my-match", args=[event])
    elif state == "bye":
        assert found["table"] is not None
        assert found["opponent"] is None
        assert found["match_url"] is None
    else:
        assert (found["table"], found["opponent"], found["match_url"]) == (None, None, None)
    # and the event page shows it first, in the same words for the same state
    html = event_page(event, who)
    if SAYS[state] is None:
        assert 'id="my-table"' not in html
        return
    assert f'data-my-table="{state}"' in html
    block = html[
        html.index('id="my-table"') : html.index("</section>", html.index('id="my-table"'))
    ]
    assert SAYS[state] in block
    assert html.index('id="my-table"') < html.index('class="event-facts"')
    if state == "match":
        assert f"Table {found['table']}" in block
        assert found["opponent"] in block
        assert "Go to my match" in block
        assert "data-clock" in block  # the countdown of the time left


def test_my_match_needs_a_login_and_a_real_event(event_with_players):
    event, _names = event_with_players(2)
    anonymous = api().get(f"/api/tournaments/{event}/my-match/")
    assert anonymous.status_code == 401
    assert anonymous.json()["code"] == "not_authenticated"
    missing = api("p01").get("/api/tournaments/999999/my-match/")
    assert missing.status_code == 404


def test_a_player_who_drops_mid_round_still_sees_the_match_to_settle(event_with_players):
    event, names = event_with_players(4)
    api("org").post(f"/api/tournaments/{event}/start/")
    pairings = pair_next_round(event)
    assert api(names[0]).post(f"/api/tournaments/{event}/drop/").status_code == 200
    found = my_match(event, names[0])
    assert found["state"] == "match"
    assert found["table"] == opponent_of(pairings, names[0])[0]


# --- pairings by player, and find my table -------------------------------------------------------


def test_pairings_by_name_list_each_player_alphabetically(event_with_players):
    # given a round of five players (a bye)
    event, names = event_with_players(5)
    api("org").post(f"/api/tournaments/{event}/start/")
    pairings = pair_next_round(event)
    # when the pairings are asked by name
    rows = api().get(f"/api/tournaments/{event}/rounds/1/pairings/?order=name").json()
    # then each player has a row, A to Z, with their table and opponent
    assert [r["player"] for r in rows] == sorted(names)
    for row in rows:
        assert (row["table"], row["opponent"]) == opponent_of(pairings, row["player"])
    assert sum(r["opponent"] is None for r in rows) == 1
    # and the CSV says the same, as a paper event posts it
    csv = api().get(f"/api/tournaments/{event}/rounds/1/pairings/?order=name&as=csv")
    lines = csv.content.decode().splitlines()
    assert lines[0] == "player,table,opponent,fixed_seat"
    assert [line.split(",")[0] for line in lines[1:]] == sorted(names)
    # and so does the page, by player
    page = (
        as_user(None)
        .get(reverse("tournaments:pairings", args=[event, 1]) + "?order=name")
        .content.decode()
    )
    assert "pairings-table by-name" in page
    positions = [page.index(f'<th scope="row">{name}</th>') for name in sorted(names)]
    assert positions == sorted(positions)


def test_find_my_table_works_without_javascript(event_with_players):
    # given a paired round
    event, _names = event_with_players(4)
    api("org").post(f"/api/tournaments/{event}/start/")
    pairings = pair_next_round(event)
    table, opponent = opponent_of(pairings, "p03")
    page_url = reverse("tournaments:pairings", args=[event, 1])
    # the box is a plain GET form: submitting it is a page load, no script needed
    html = as_user(None).get(page_url).content.decode()
    assert '<form class="search-form pairings-search no-print" method="get"' in html
    assert "Find my table" in html
    # when a player types their name and presses Find
    found = unescape(as_user(None).get(page_url, {"q": "P03"}).content.decode())
    # then only their table is listed
    assert found.count('<th scope="row" class="table-no">') == 1
    assert f'<th scope="row" class="table-no">{table}</th>' in found
    assert opponent in found
    # and by name, only their own row
    by_name = unescape(as_user(None).get(page_url, {"q": "p03", "order": "name"}).content.decode())
    assert by_name.count('<th scope="row">') == 1
    assert '<th scope="row">p03</th>' in by_name
    # and a signed-in player sees their table above the list without typing anything
    mine = unescape(as_user("p03").get(page_url).content.decode())
    assert f"Your table: <strong>table {table}</strong> against <strong>{opponent}</strong>" in mine


def test_the_round_panel_poll_brings_the_new_table_along(event_with_players):
    """The event page's round panel is already polled while a round is paired; its answer
    carries the player's table out of band, so the first block is never left behind."""
    event, names = event_with_players(4)
    api("org").post(f"/api/tournaments/{event}/start/")
    api("org").post(f"/api/tournaments/{event}/rounds/")
    before = event_page(event, names[0])
    assert 'data-my-table="pairing"' in before
    from tournaments.services import round_pair

    round_pair(round_id=Round.objects.get(tournament_id=event, number=1).pk)
    fragment = as_user(names[0]).get(reverse("tournaments:event-round", args=[event])).content
    assert b'data-my-table="match"' in fragment
    assert b'hx-swap-oob="true"' in fragment
