"""Tournament pages through Django's test client, for each role (public, player, other player,
judge, organizer): status codes, refusals shown as messages or 403/404 pages, the hidden lock in
the match page's HTML, and query counts that do not grow with the number of players."""

from html import unescape
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from decks.services import deck_create, read_decklist
from rules.core.decklist import Decklist, decklist_from_json, decklist_to_json, name_key
from tests.tournaments.conftest import api, as_user, pair_next_round
from tournaments import services
from tournaments.models import Match, Registration, ResultOverride, Round, Tournament

pytestmark = pytest.mark.django_db

HEDRA = Path("decks/samples/hedra-voss-iron-bastion.txt")
User = get_user_model()


# The field a confirmation page sends (tournaments.views.common.confirmed).
CONFIRM = {"confirm": "yes"}


def url(name: str, *args) -> str:
    return reverse(f"tournaments:{name}", args=args)


def messages_of(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


@pytest.fixture
def running(event_with_players):
    """4 players, a judge `jules`, started, round 1 paired: (event id, pairings)."""
    event, _ = event_with_players(4)
    User.objects.create(username="jules")
    added = api("org").post(
        f"/api/tournaments/{event}/judges/", {"username": "jules"}, format="json"
    )
    assert added.status_code == 201
    api("org").post(f"/api/tournaments/{event}/start/")
    return event, pair_next_round(event)


@pytest.fixture
def duel(bundled_cards, sample_text):
    """Two players with different champions (Sera for p01, Hedra for p02), round 1 paired."""
    response = api("org").post("/api/tournaments/", {"name": "Duel"}, format="json")
    event = response.json()["id"]
    for name, text in (("p01", sample_text), ("p02", HEDRA.read_text())):
        registered = api(name).post(
            f"/api/tournaments/{event}/registrations/", {"decklist": text}, format="json"
        )
        assert registered.status_code == 201, registered.json()
    api("org").post(f"/api/tournaments/{event}/start/")
    pairing = pair_next_round(event)[0]
    return event, Match.objects.get(pk=pairing["match"])


def play_game_one(event: int, match: Match, winner: str) -> str:
    """Through the pages: the chooser leads, both report `winner`, the loser chooses. Returns
    the loser."""
    a, b = match.player_a.player.username, match.player_b.player.username
    chooser = api(a).get(f"/api/matches/{match.pk}/").json()["chooser"]
    lead = url("match-lead", event, match.pk)
    assert as_user(a if chooser == "a" else b).post(lead, {"lead": "1"}).status_code == 302
    for player in (a, b):
        said = "me" if player == winner else "opponent"
        response = as_user(player).post(url("match-game", event, match.pk), {"winner": said})
        assert response.status_code == 302, response.content
    loser = b if winner == a else a
    assert as_user(loser).post(lead, {"lead": "0"}).status_code == 302
    return loser


# --- the event list ----------------------------------------------------------------------------


def test_the_event_list_has_an_empty_state_and_asks_visitors_to_log_in():
    response = as_user(None).get(url("event-list"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "No events yet" in html
    assert "to organize an event" in html
    assert 'name="round_minutes"' not in html  # no create form for visitors


def test_the_event_list_is_paginated_with_status_badges(db):
    org = User.objects.create(username="org")
    Tournament.objects.bulk_create(
        Tournament(name=f"Event {i:02d}", organizer=org) for i in range(25)
    )
    Tournament.objects.filter(name="Event 24").update(status=Tournament.Status.RUNNING)
    first = as_user(None).get(url("event-list"))
    html = first.content.decode()
    assert html.count('class="event-card"') == 20
    assert "Page 1 of 2" in html
    assert "status-running" in html
    assert "Registration open" in html
    second = as_user(None).get(url("event-list") + "?page=2")
    assert second.content.decode().count('class="event-card"') == 5


def test_a_logged_in_user_creates_an_event_and_becomes_its_organizer(db):
    client = as_user("ada")
    response = client.post(
        url("event-list"),
        {
            "name": "Saturday Open",
            "format": "genesis-standard",
            "rounds": "",
            "top_cut": "4",
            "round_minutes": "45",
            "late_registration_until": "2",
        },
    )
    tournament = Tournament.objects.get(name="Saturday Open")
    assert response.status_code == 302
    assert response.url == url("event-detail", tournament.pk)
    assert tournament.organizer.username == "ada"
    assert tournament.top_cut == 4
    assert (tournament.round_minutes, tournament.late_registration_until) == (45, 2)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name", "   ", "This field is required"),
        ("round_minutes", "5", "greater than or equal to 10"),
        ("top_cut", "6", "Select a valid choice"),
        ("rounds", "21", "less than or equal to 20"),
    ],
)
def test_bad_event_fields_are_explained_inline(db, field, value, message):
    data = {
        "name": "Bad",
        "format": "genesis-standard",
        "top_cut": "0",
        "round_minutes": "50",
        "late_registration_until": "0",
        field: value,
    }
    response = as_user("ada").post(url("event-list"), data)
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html
    assert f'id="id_{field}_error"' in html
    assert 'aria-invalid="true"' in html
    assert not Tournament.objects.exists()


def test_visitors_are_sent_to_log_in_to_create_an_event(db):
    response = as_user(None).post(url("event-list"), {"name": "X"})
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")
    assert not Tournament.objects.exists()


# --- an event's page, for each role --------------------------------------------------------------


@pytest.mark.parametrize(
    ("viewer", "sees", "does_not_see"),
    [
        (None, ["Log in</a> to register", "Standings"], ["Start event", "Judge queue", "<pre>"]),
        ("p01", ["You are registered", "My match"], ["Pair next round", "Judge queue", "<pre>"]),
        ("stranger", ["Registration is closed"], ["My match", "Judge queue", "<pre>"]),
        ("jules", ["Judge queue", "<pre>"], ["Add judge", "Publish decklists"]),
        ("org", ["Judge queue", "Publish decklists", "Add judge", "<pre>"], ["Start event"]),
    ],
)
def test_the_event_page_shows_each_role_what_it_may_do(running, viewer, sees, does_not_see):
    event, _ = running
    response = as_user(viewer).get(url("event-detail", event))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Friday Genesis" in html
    assert "Genesis Standard Constructed" in html  # the format by its name, not its slug
    assert "Running" in html
    assert "2 Swiss rounds (fixed at the start)" in html
    assert "50 minutes" in html
    for text in sees:
        assert text in html, text
    for text in does_not_see:
        assert text not in html, text


def test_the_event_page_before_the_start_plans_rounds_and_offers_the_start(event_with_players):
    event, names = event_with_players(3)
    html = as_user("org").get(url("event-detail", event)).content.decode()
    assert "Start event" in html
    assert "2 Swiss rounds planned for 3 players" in html
    assert all(name in html for name in names)
    assert (
        "Withdraw my registration"
        in as_user("p01").get(url("event-detail", event)).content.decode()
    )


def test_an_unknown_event_is_a_404_on_every_page(db):
    for name, args in [
        ("event-detail", (999,)),
        ("standings", (999,)),
        ("pairings", (999, 1)),
        ("my-match", (999,)),
        ("judge", (999,)),
        ("event-round", (999,)),
    ]:
        assert as_user("org").get(url(name, *args)).status_code == 404, name


def test_players_register_with_a_saved_deck_or_a_pasted_list(event_with_players, sample_text):
    event, _ = event_with_players(2)
    # given a user with a saved deck
    ada = User.objects.create(username="ada")
    deck = deck_create(owner=ada, name="Storm", decklist=read_decklist(text=sample_text))
    page = as_user("ada").get(url("event-detail", event)).content.decode()
    assert f'<option value="{deck.key}">Storm' in page
    assert 'name="decklist"' in page
    # when they register with it, and another user pastes a list
    saved = as_user("ada").post(url("register", event), {"deck": deck.key})
    pasted = as_user("bea").post(url("register", event), {"decklist": sample_text})
    # then both are registered
    assert saved.status_code == pasted.status_code == 302
    assert Registration.objects.get(player=ada).deck_key == deck.key
    assert Registration.objects.filter(tournament_id=event, player__username="bea").exists()
    assert "You are registered" in messages_of(pasted)[0]


@pytest.mark.parametrize(
    ("data", "status", "text"),
    [
        ({"decklist": "Timeline\n-5 X"}, 400, "could not be read"),
        ({"decklist": "Champion: Sera Vantyne\nTimeline\n1 Static Lattice"}, 400, "not legal"),
        ({"decklist": ""}, 400, "Paste a decklist"),
        ({"deck": "nosuchdeck"}, 404, "No deck with that key"),
    ],
)
def test_registration_refusals_are_shown_inline(event_with_players, data, status, text):
    event, _ = event_with_players(2)
    response = as_user("bea").post(url("register", event), data)
    assert response.status_code == status
    html = response.content.decode()
    assert text in html
    assert 'role="alert"' in html
    assert not Registration.objects.filter(player__username="bea").exists()


def test_an_illegal_list_lists_its_violations_and_keeps_the_text(event_with_players):
    event, _ = event_with_players(2)
    text = "Champion: Sera Vantyne\nTimeline\n1 Static Lattice"
    html = as_user("bea").post(url("register", event), {"decklist": text}).content.decode()
    assert "Core Rulebook" in html  # each violation cites its rule
    assert "1 Static Lattice</textarea>" in html


def test_registering_twice_is_refused_with_a_reason(event_with_players, sample_text):
    event, _ = event_with_players(2)
    response = as_user("p01").post(url("register", event), {"decklist": sample_text})
    assert response.status_code == 409
    assert "already registered" in response.content.decode()


def test_withdraw_before_the_start_and_drop_after_it(event_with_players):
    event, _ = event_with_players(3)
    withdrawn = as_user("p03").post(url("withdraw", event))
    assert withdrawn.status_code == 302
    assert "withdrawn" in messages_of(withdrawn)[0]
    assert not Registration.objects.filter(player__username="p03").exists()
    api("org").post(f"/api/tournaments/{event}/start/")
    # withdrawing after the start is refused with a message; dropping asks first
    late = as_user("p01").post(url("withdraw", event))
    assert late.status_code == 302
    assert "drop instead" in messages_of(late)[0]
    confirm = as_user("p01").get(url("drop", event))
    assert confirm.status_code == 200
    assert "Yes, drop from the event" in confirm.content.decode()
    dropped = as_user("p01").post(url("drop", event), CONFIRM)
    assert dropped.status_code == 302
    assert Registration.objects.get(player__username="p01").dropped_after_round == 0
    again = as_user("p01").post(url("drop", event), CONFIRM)
    assert "already dropped" in messages_of(again)[0]
    page = as_user(None).get(url("event-detail", event)).content.decode()
    assert "dropped after round 0" in page
    assert as_user("stranger").get(url("drop", event)).status_code == 404


@pytest.mark.parametrize("action", ["event-start", "round-start", "decklists-publish"])
def test_organizer_actions_are_refused_to_everyone_else(event_with_players, action):
    event, _ = event_with_players(2)
    for viewer in ("p01", "jules", "stranger"):
        response = as_user(viewer).post(url(action, event))
        assert response.status_code == 403, viewer
        assert "Only the event's organizer" in unescape(response.content.decode())
    visitor = as_user(None).post(url(action, event))
    assert visitor.status_code == 302
    assert visitor.url.startswith("/accounts/login/")
    # the organizer is asked first; publishing decklists has no confirmation page to GET
    asked = as_user("org").get(url(action, event)).status_code
    assert asked == (405 if action == "decklists-publish" else 200)
    assert Tournament.objects.get(pk=event).status == Tournament.Status.REGISTRATION


def test_organizer_refusals_become_messages_not_errors(event_with_players):
    event, _ = event_with_players(1)
    too_few = as_user("org").post(url("event-start", event), CONFIRM, follow=True)
    assert too_few.status_code == 200
    assert "at least 2 registered players" in too_few.content.decode()
    early = as_user("org").post(url("round-start", event), CONFIRM)
    assert "start it first" in messages_of(early)[0]
    unknown = as_user("org").post(url("judge-add", event), {"username": "nobody"})
    assert unknown.status_code == 302
    assert "No user is called" in messages_of(unknown)[0]


def test_the_organizer_publishes_decklists_and_adds_judges(event_with_players):
    event, _ = event_with_players(2)
    assert "<pre>" not in as_user(None).get(url("event-detail", event)).content.decode()
    User.objects.create(username="jules")
    as_user("org").post(url("judge-add", event), {"username": "jules"})
    as_user("org").post(url("decklists-publish", event))
    html = as_user(None).get(url("event-detail", event)).content.decode()
    assert "<pre>" in html
    assert "Champion: Sera Vantyne" in html
    assert "jules" in html


def test_pairing_shows_progress_then_the_pairings(event_with_players):
    # given a started event
    event, names = event_with_players(4)
    api("org").post(f"/api/tournaments/{event}/start/")
    # when the organizer pairs the next round (the worker has not run yet)
    response = as_user("org").post(url("round-start", event), CONFIRM)
    assert response.status_code == 302
    round = Round.objects.get(tournament_id=event)
    # then the page says it is pairing, refreshes on the stream's round event, and polls every
    # 2 seconds while the stream is down
    html = as_user("p01").get(url("event-detail", event)).content.decode()
    assert "Pairing…" in html
    assert 'hx-trigger="live-round, live-poll" data-poll="2s"' in html
    assert f'sse-connect="/api/tournaments/{event}/stream/?matches=none"' in html
    assert "<progress" in html
    version = f"{round.pk}.pairing.0.running"
    assert f"?v={version}" in html
    assert as_user("p01").get(url("event-round", event) + f"?v={version}").status_code == 204
    # a second click is refused with a reason
    again = as_user("org").post(url("round-start", event), CONFIRM)
    assert "still open" in messages_of(again)[0]
    # when the worker pairs it, the next poll answers with the pairings
    services.round_pair(round_id=round.pk)
    panel = as_user("p01").get(url("event-round", event) + f"?v={version}")
    assert panel.status_code == 200
    fragment = panel.content.decode()
    assert "Pairing…" not in fragment
    assert 'data-poll="2s"' not in fragment
    assert all(name in fragment for name in names)
    # and brings the player's own table, first on the page, along with it (out of band)
    assert 'id="my-table"' in fragment
    assert 'hx-swap-oob="true"' in fragment
    assert '<strong class="my-table-no">Table ' in fragment


# --- pairings and standings ----------------------------------------------------------------------


def test_the_pairings_page_is_searchable_printable_and_links_its_csv(event_with_players):
    event, _names = event_with_players(5)
    api("org").post(f"/api/tournaments/{event}/start/")
    pairings = pair_next_round(event)
    response = as_user(None).get(url("pairings", event, 1))
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count("<tr data-names=") == 3
    assert "BYE" in html
    assert "Bye (2-0)" in html
    assert f"/api/tournaments/{event}/rounds/1/pairings/?as=csv" in html
    assert 'data-filter="#pairings"' in html
    assert "css/tournaments.css" in html
    # server-side search
    first = pairings[0]["player_a"]
    found = as_user(None).get(url("pairings", event, 1) + f"?q={first.upper()}").content.decode()
    assert found.count("<tr data-names=") == 1
    assert first in found
    assert "No pairings" in as_user(None).get(url("pairings", event, 1) + "?q=zz").content.decode()
    assert as_user(None).get(url("pairings", event, 2)).status_code == 404


def test_the_print_stylesheet_hides_navigation_and_enlarges_table_numbers():
    css = Path("static/css/tournaments.css").read_text()
    print_rules = css.split("@media print", 1)[1]
    assert ".site-header" in print_rules
    assert "button" in print_rules
    assert ".pairings-table .table-no { font-size: 20pt" in print_rules


def test_standings_show_tiebreakers_as_percentages_and_dropped_players(running):
    event, pairings = running
    body = {"player_a_wins": 2, "player_b_wins": 1, "draws": 0}
    for pairing in pairings:
        for player in (pairing["player_a"], pairing["player_b"]):
            api(player).post(f"/api/matches/{pairing['match']}/result/", body, format="json")
    as_user(pairings[0]["player_b"]).post(url("drop", event), CONFIRM)
    html = as_user(None).get(url("standings", event)).content.decode()
    assert html.count("<tr") == 5  # a header and 4 players
    assert '<td class="num">66.67%</td>' in html
    assert '<td class="num">100.00%</td>' in html
    assert "0.6667" not in html
    assert '<td class="num">1-0-0</td>' in html
    assert "dropped</span>" in html
    assert f"/api/tournaments/{event}/standings/?as=csv" in html


def bulk_event(players: int, rounds: int = 3) -> Tournament:
    """An event with `players` players and `rounds` confirmed Swiss rounds, straight into the
    database (no pairing maths): fast enough for thousands of players."""
    org = User.objects.create(username=f"org-{players}")
    users = User.objects.bulk_create(
        User(username=f"bulk-{players}-{i:04d}") for i in range(players)
    )
    tournament = Tournament.objects.create(
        name=f"Bulk {players}",
        organizer=org,
        status=Tournament.Status.RUNNING,
        swiss_rounds=rounds,
    )
    decklist = decklist_to_json(Decklist(champion="Sera Vantyne"))
    registrations = Registration.objects.bulk_create(
        Registration(tournament=tournament, player=u, decklist=decklist, frozen=True) for u in users
    )
    Registration.objects.filter(pk=registrations[-1].pk).update(dropped_after_round=rounds)
    for number in range(1, rounds + 1):
        round = Round.objects.create(
            tournament=tournament, number=number, status=Round.Status.FINISHED
        )
        # evens meet odds, a different opponent every round
        Match.objects.bulk_create(
            Match(
                round=round,
                table=t + 1,
                player_a=registrations[(t * 2) % players],
                player_b=registrations[(t * 2 + number * 2 - 1) % players],
                status=Match.Status.CONFIRMED,
                a_wins=2,
                b_wins=t % 2,
                draws=int(t % 3 == 0),
            )
            for t in range(players // 2)
        )
    return tournament


@pytest.mark.parametrize("page", ["standings", "pairings", "event-detail", "judge"])
def test_pages_take_the_same_queries_for_64_and_256_players(page, django_assert_max_num_queries):
    counts = []
    for players in (64, 256):
        tournament = bulk_event(players)
        args = (tournament.pk, 1) if page == "pairings" else (tournament.pk,)
        client = as_user(tournament.organizer.username)
        # 18: the event page reads the penalties a judge or player may see (one query), and the
        # organizer's asks whether they may export it (plays or waits: two)
        with django_assert_max_num_queries(18) as queries:
            response = client.get(url(page, *args))
        assert response.status_code == 200
        counts.append(len(queries.captured_queries))
    assert counts[0] == counts[1], counts


def test_standings_of_a_2048_player_event_render_every_row_in_five_queries(
    django_assert_num_queries,
):
    tournament = bulk_event(2048)
    # event, standings (3), corrected results (cached with the standings), latest round, and
    # the players' pages to link (one query: tournaments.selectors.player_links)
    with django_assert_num_queries(7):
        response = as_user(None).get(url("standings", tournament.pk))
    html = response.content.decode()
    assert html.count("<tr") == 2049
    assert html.count("dropped</span>") == 1


# --- my match ----------------------------------------------------------------------------------


def test_the_match_page_needs_a_login_and_a_match(running):
    event, _pairings = running
    anonymous = as_user(None).get(url("my-match", event))
    assert anonymous.status_code == 302
    assert anonymous.url.startswith("/accounts/login/")
    stranger = as_user("stranger").get(url("my-match", event))
    assert stranger.status_code == 200
    assert "You have no match yet" in stranger.content.decode()
    assert "not registered" in stranger.content.decode()


def test_the_match_page_shows_the_opponent_table_clock_and_phase(running):
    event, pairings = running
    pairing = pairings[0]
    match = Match.objects.select_related("round").get(pk=pairing["match"])
    html = as_user(pairing["player_a"]).get(url("my-match", event)).content.decode()
    assert pairing["player_b"] in html
    assert f'<span class="table-big">{match.table}</span>' in html
    assert f'datetime="{match.round.ends_at.isoformat()}"' in html
    assert "data-clock" in html
    assert "Who leads game 1?" in html
    assert f'data-live-match="{match.pk}"' in html
    assert 'data-poll="5s"' in html


def test_the_match_panel_answers_polls_with_204_until_something_changes(running):
    event, pairings = running
    pairing = pairings[0]
    client = as_user(pairing["player_a"])
    page = client.get(url("my-match", event), headers={"HX-Request": "true"})
    assert page.status_code == 200
    assert page.content.decode().startswith('<div id="match-panel"')
    version = page.context["version"]
    poll = url("my-match", event) + f"?v={version}"
    assert client.get(poll, headers={"HX-Request": "true"}).status_code == 204
    # the opponent's report changes what the player sees
    api(pairing["player_b"]).post(
        f"/api/matches/{pairing['match']}/result/",
        {"player_a_wins": 0, "player_b_wins": 2, "draws": 0},
        format="json",
    )
    assert client.get(poll, headers={"HX-Request": "true"}).status_code == 200


def test_a_whole_match_through_the_match_page(duel):
    event, match = duel
    a, b = match.player_a.player.username, match.player_b.player.username
    # the non-chooser cannot choose; the message says who does
    chooser = api(a).get(f"/api/matches/{match.pk}/").json()["chooser"]
    other = b if chooser == "a" else a
    refused = as_user(other).post(url("match-lead", event, match.pk), {"lead": "1"})
    assert refused.status_code == 409
    assert "won the coin flip" in refused.content.decode()
    loser = play_game_one(event, match, winner=a)
    assert loser == b
    # lock and show: both lock empty; a locks first
    page = as_user(b).get(url("my-match", event)).content.decode()
    assert "Lock and show before game 2" in page
    assert f"{a} locks first" in page
    assert as_user(a).post(url("match-lock", event, match.pk), {}).status_code == 302
    assert as_user(b).post(url("match-lock", event, match.pk), {}).status_code == 302
    page = as_user(a).get(url("my-match", event)).content.decode()
    assert "Game 2 in progress" in page
    assert "Revealed swaps" in page
    assert "no change" in page
    # both say a won game 2: the match is confirmed 2-0
    for player in (a, b):
        said = "me" if player == a else "opponent"
        as_user(player).post(url("match-game", event, match.pk), {"winner": said})
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    assert (match.a_wins, match.b_wins) == (2, 0)
    assert "Confirmed: <strong>" in as_user(b).get(url("my-match", event)).content.decode()


def equal_chi_swap(match: Match, avoid: set[str]) -> tuple[str, str]:
    """Player a's timeline card and forethought of equal Chi, neither named in `avoid`."""
    state_chi = match.state["chi"]
    deck = decklist_from_json(match.player_a.decklist)
    for incoming in deck.forethoughts:
        for outgoing in deck.timeline:
            names = {name_key(incoming.name), name_key(outgoing.name)}
            if (
                state_chi[name_key(incoming.name)] == state_chi[name_key(outgoing.name)]
                and len(names) == 2
                and not names & avoid
            ):
                return outgoing.name, incoming.name
    raise AssertionError("no equal-Chi swap")


@pytest.mark.parametrize("b_judges_too", [False, True])
def test_the_opponents_lock_never_reaches_the_html_before_both_locked(duel, b_judges_too):
    event, match = duel
    a, b = match.player_a.player.username, match.player_b.player.username
    if b_judges_too:  # a judge who plays sees their own match as a player does
        api("org").post(f"/api/tournaments/{event}/judges/", {"username": b}, format="json")
        # ...and, playing, sees no decklist before publication (only their own champion)
        rows = api(b).get(f"/api/tournaments/{event}/registrations/").json()
        assert all("decklist" not in row for row in rows)
        assert [row["champion"] is not None for row in rows] == [r["player"] == b for r in rows]
    play_game_one(event, match, winner=a)  # a won game 1, so a locks first
    # given a swap of cards that appear nowhere in b's list
    b_deck = decklist_from_json(match.player_b.decklist)
    b_cards = {name_key(e.name) for e in (*b_deck.timeline, *b_deck.forethoughts)}
    out, in_ = equal_chi_swap(match, avoid=b_cards)
    # when a locks it through the page
    locked = as_user(a).post(
        url("match-lock", event, match.pk), {f"out:{out}": "1", f"in:{in_}": "1"}
    )
    assert locked.status_code == 302, locked.content
    # then b's page and b's polled panel do not contain it, nor does anyone else's page
    for client, path in [
        (as_user(b), url("my-match", event)),
        (as_user("org"), url("judge", event)),
        (as_user(None), url("pairings", event, 1)),
        (as_user(None), url("event-detail", event)),
    ]:
        html = client.get(path).content.decode()
        assert out not in html, path
        assert in_ not in html, path
    polled = as_user(b).get(url("my-match", event), headers={"HX-Request": "true"})
    assert out not in polled.content.decode()
    b_page = as_user(b).get(url("my-match", event)).content.decode()
    assert "locked; hidden until both players have locked" in b_page
    # while a sees their own selection
    a_page = as_user(a).get(url("my-match", event)).content.decode()
    assert f"out: {out}" in a_page
    assert f"in: {in_}" in a_page
    # when b locks, both selections are shown to b
    assert as_user(b).post(url("match-lock", event, match.pk), {}).status_code == 302
    shown = as_user(b).get(url("my-match", event)).content.decode()
    assert f"out: {out}" in shown
    assert f"in: {in_}" in shown


def test_a_refused_lock_keeps_the_selection_and_says_why(duel):
    event, match = duel
    a = match.player_a.player.username
    play_game_one(event, match, winner=a)
    out, _ = equal_chi_swap(match, avoid=set())
    response = as_user(a).post(url("match-lock", event, match.pk), {f"out:{out}": "1"})
    assert response.status_code == 409
    html = response.content.decode()
    assert 'role="alert"' in html
    assert '<cite class="rule">' in html
    assert f'name="out:{out}" type="number" min="0" max="' in html
    assert 'value="1" inputmode="numeric" data-chi=' in html


def test_only_players_of_the_match_act_on_it(running):
    event, pairings = running
    pairing = pairings[0]
    outsider = pairings[1]["player_a"]
    for viewer in (outsider, "stranger"):
        response = as_user(viewer).post(
            url("match-result", event, pairing["match"]),
            {"player_a_wins": 2, "player_b_wins": 0, "draws": 0},
        )
        assert response.status_code == 403, viewer
    visitor = as_user(None).post(url("match-lead", event, pairing["match"]), {"lead": "1"})
    assert visitor.status_code == 302
    assert visitor.url.startswith("/accounts/login/")
    other_event = Tournament.objects.create(
        name="Other", organizer=User.objects.get(username="org")
    )
    wrong = as_user(pairing["player_a"]).post(
        url("match-lead", other_event.pk, pairing["match"]), {"lead": "1"}
    )
    assert wrong.status_code == 404
    assert not Match.objects.get(pk=pairing["match"]).reports.exists()


def test_impossible_results_are_refused_on_the_page(running):
    event, pairings = running
    pairing = pairings[0]
    response = as_user(pairing["player_a"]).post(
        url("match-result", event, pairing["match"]),
        {"player_a_wins": 2, "player_b_wins": 2, "draws": 0},
    )
    assert response.status_code == 400
    assert "impossible in a best-of-three" in response.content.decode()


# --- the judge queue ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("viewer", "status"),
    [(None, 403), ("p01", 403), ("stranger", 403), ("jules", 200), ("org", 200)],
)
def test_only_judges_and_the_organizer_open_the_judge_queue(running, viewer, status):
    event, _ = running
    response = as_user(viewer).get(url("judge", event))
    assert response.status_code == status
    if status == 403:
        assert "Only the event's judges" in unescape(response.content.decode())


def test_a_judge_settles_a_dispute_extends_time_and_the_change_is_logged(running):
    event, pairings = running
    pairing = pairings[0]
    mid = pairing["match"]
    # given reports that disagree
    for player, score in ((pairing["player_a"], (2, 0)), (pairing["player_b"], (0, 2))):
        as_user(player).post(
            url("match-result", event, mid),
            {"player_a_wins": score[0], "player_b_wins": score[1], "draws": 0},
        )
    assert Match.objects.get(pk=mid).status == Match.Status.DISPUTED
    # then the queue shows both reports
    html = as_user("jules").get(url("judge", event)).content.decode()
    assert 'Disputed matches <span class="muted">(1)</span>' in html
    assert f"<strong>{pairing['player_a']}</strong> says {pairing['player_a']} 2-0" in html
    assert f"<strong>{pairing['player_b']}</strong> says {pairing['player_a']} 0-2" in html
    # when the judge enters the result and extends another match
    done = as_user("jules").post(
        url("judge-result", event, mid), {"player_a_wins": 2, "player_b_wins": 1, "draws": 0}
    )
    assert done.status_code == 302
    assert "logged" in messages_of(done)[0]
    other = pairings[1]["match"]
    extended = as_user("jules").post(url("judge-extend", event), {"match": other, "minutes": 7})
    assert extended.status_code == 302
    # then the match is confirmed, the extension applied, and the log shows who did it
    match = Match.objects.get(pk=mid)
    assert match.status == Match.Status.CONFIRMED
    assert (match.a_wins, match.b_wins) == (2, 1)
    assert Match.objects.get(pk=other).extra_minutes == 7
    assert ResultOverride.objects.get(match_id=mid).actor.username == "jules"
    log = as_user("org").get(url("judge", event)).content.decode()
    assert "No disputes" in log
    assert "result entered by a judge" in log
    assert "2-1-0" in log
    players_page = as_user(pairings[1]["player_a"]).get(url("my-match", event)).content.decode()
    assert "includes 7 extra minutes" in players_page


def test_judge_actions_are_refused_to_players(running):
    event, pairings = running
    mid = pairings[0]["match"]
    player = pairings[1]["player_a"]
    extend = as_user(player).post(url("judge-extend", event), {"match": mid, "minutes": 5})
    assert extend.status_code == 403
    bad = as_user("jules").post(url("judge-extend", event), {"match": mid, "minutes": 500})
    assert bad.status_code == 302
    assert "1 to 60" in messages_of(bad)[0]
    assert Match.objects.get(pk=mid).extra_minutes == 0


def test_a_judge_records_a_disputed_game(duel):
    event, match = duel
    a, b = match.player_a.player.username, match.player_b.player.username
    chooser = api(a).get(f"/api/matches/{match.pk}/").json()["chooser"]
    as_user(a if chooser == "a" else b).post(url("match-lead", event, match.pk), {"lead": "1"})
    as_user(a).post(url("match-game", event, match.pk), {"winner": "me"})
    as_user(b).post(url("match-game", event, match.pk), {"winner": "me"})
    html = as_user("org").get(url("judge", event)).content.decode()
    assert "Record game 1" in html
    assert f"<strong>{b}</strong> says {b} won" in html
    as_user("org").post(url("judge-game", event, match.pk), {"winner": a})
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING
    assert match.state["games"][0]["winner"] == "a"
    assert ResultOverride.objects.get(match=match).note == "game 1 entered by a judge"


# --- forms are protected against cross-site posts ------------------------------------------------


def test_posts_without_a_csrf_token_are_refused(event_with_players):
    event, _ = event_with_players(2)
    client = Client(enforce_csrf_checks=True)
    client.force_login(User.objects.get(username="org"))
    assert client.post(url("event-start", event)).status_code == 403
    page = client.get(url("event-detail", event)).content.decode()
    assert page.count("csrfmiddlewaretoken") >= 3
    assert Tournament.objects.get(pk=event).status == Tournament.Status.REGISTRATION
