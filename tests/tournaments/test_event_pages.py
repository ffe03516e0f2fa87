"""The pages that run an event on the day, through Django's test client: printable match slips,
results entry by table number, the round clock, the top-cut bracket, the winner and the final
placings, the event's details, the organizer's and judges' tools, and lock and show as the
players at a table see it (named, never "Player A")."""

import re
from datetime import UTC, datetime
from html import unescape
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.urls import reverse

from decks.services import read_decklist
from tests.tournaments.conftest import as_user
from tournaments import services
from tournaments.models import Match, Registration, ResultOverride, Round, Tournament

pytestmark = pytest.mark.django_db

User = get_user_model()
SAMPLE = Path("decks/samples/sera-vantyne-storm-lattice.txt")


def url(name: str, *args) -> str:
    return reverse(f"tournaments:{name}", args=args)


def slips_url(event: int, number: int) -> str:
    return reverse("slips:match-slips", args=[event, number])


def messages_of(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def page(viewer: str | None, path: str, **headers) -> str:
    return unescape(as_user(viewer).get(path, headers=headers).content.decode())


# --- builders: set the event up through the services, the pages are what is tested --------------


def user(name: str):
    return User.objects.get_or_create(username=name)[0]


def event(players: int = 4, **fields) -> Tournament:
    """An event by `org` with a judge `jules` and `players` registered players p01, p02 ..."""
    tournament = services.tournament_create(organizer=user("org"), name="Friday Genesis", **fields)
    services.judge_add(tournament=tournament, actor=user("org"), username=user("jules").username)
    decklist = read_decklist(text=SAMPLE.read_text())
    for i in range(1, players + 1):
        services.registration_create(
            tournament=tournament, player=user(f"p{i:02d}"), decklist=decklist
        )
    return tournament


def start(tournament: Tournament) -> Tournament:
    return services.tournament_start(tournament=tournament, actor=user("org"))


def pair(tournament: Tournament) -> Round:
    """Open and pair the next round, as the worker would."""
    round = services.round_start(tournament=tournament, actor=user("org"))
    paired = services.round_pair(round_id=round.pk)
    assert paired is not None
    return paired


def tables(round: Round) -> list[Match]:
    return list(
        round.matches.select_related(
            "round__tournament", "player_a__player", "player_b__player"
        ).order_by("table")
    )


def confirm(round: Round) -> None:
    """Every table's first player wins 2-0, entered by the organizer."""
    for match in tables(round):
        if match.player_b is not None:
            services.match_result_report(
                match=match, actor=user("org"), a_wins=2, b_wins=0, draws=0
            )


@pytest.fixture
def running(bundled_cards) -> tuple[Tournament, Round]:
    """4 players, started, round 1 paired."""
    tournament = start(event(4))
    return tournament, pair(tournament)


@pytest.fixture
def top4(bundled_cards) -> Tournament:
    """4 players, one Swiss round then a top 4."""
    return start(event(4, rounds=1, top_cut=4))


# --- match slips -----------------------------------------------------------------------------------


def test_slips_are_one_per_table_with_names_game_lines_and_signatures(bundled_cards):
    tournament = start(event(5))  # 5 players: two tables and a bye
    round = pair(tournament)
    response = as_user("jules").get(slips_url(tournament.pk, 1))
    assert response.status_code == 200
    html = unescape(response.content.decode())
    assert html.count('<li class="slip"') == 2
    for match in tables(round):
        if match.player_b is None:
            assert f"Byes (Round 1, a 2-0 win, no slip): {match.player_a.name}." in html
            continue
        assert f"Table <strong>{match.table}</strong>" in html
        assert f'<span class="slip-name">{match.player_a.name}</span>' in html
        assert f'<span class="slip-name">{match.player_b.name}</span>' in html
        assert f"Signed: {match.player_a.name}" in html
        assert f"Signed: {match.player_b.name}" in html
    assert html.count('<span class="slip-event">Friday Genesis</span>') == 2
    assert html.count('<span class="slip-round">Round 1</span>') == 2
    for game in ("Game 1", "Game 2", "Game 3"):
        assert html.count(f'<th scope="row">{game}</th>') == 2
    assert "Game 4" not in html


def test_slips_print_several_to_a_page_and_never_split():
    css = Path("static/css/tournaments.css").read_text()
    assert "@page" in css
    print_rules = css.split("@media print", 1)[1]
    assert ".slips { display: grid; grid-template-columns: repeat(2, 92mm)" in print_rules
    assert "break-inside: avoid" in css.split(".slip {", 1)[1].split("}", 1)[0]


@pytest.mark.parametrize(("viewer", "status"), [(None, 403), ("p01", 403), ("stranger", 403)])
def test_slips_are_for_judges_and_the_organizer_only(running, viewer, status):
    tournament, _ = running
    response = as_user(viewer).get(slips_url(tournament.pk, 1))
    assert response.status_code == status
    html = unescape(response.content.decode())
    assert "Only the event's judges and its organizer can print match slips." in html
    assert 'class="slip"' not in html


def test_slips_of_a_round_not_started_are_a_404_and_the_round_panel_links_them(running):
    tournament, _ = running
    assert as_user("org").get(slips_url(tournament.pk, 2)).status_code == 404
    assert as_user("org").get(slips_url(999, 1)).status_code == 404
    link = slips_url(tournament.pk, 1)
    assert link == f"/tournaments/{tournament.pk}/rounds/1/slips/"
    for judge in ("org", "jules"):
        assert link in page(judge, url("event-detail", tournament.pk))
        assert link in page(judge, url("event-round", tournament.pk))
    for viewer in (None, "p01"):
        assert link not in page(viewer, url("event-detail", tournament.pk))


# --- results entry ---------------------------------------------------------------------------------


def test_a_judge_enters_a_result_by_table_and_is_ready_for_the_next(running):
    tournament, round = running
    first = tables(round)[0]
    entry = url("results-entry", tournament.pk)
    # the page opens with the cursor in the table field and lists the tables still playing
    html = page("jules", entry)
    assert re.search(r'<input id="entry-table" name="table"[^>]* autofocus', html)
    assert f"{first.player_a.name} v {first.player_b.name}" in html
    assert "Player A" not in html
    # when the judge enters table 1's score
    response = as_user("jules").post(
        entry, {"round": 1, "table": first.table, "a_wins": 2, "b_wins": 1, "draws": 0}
    )
    # then it is confirmed, logged as the judge's entry, and the page says which table and who
    assert response.status_code == 302
    assert response.url == entry
    said = messages_of(response)
    assert said == [
        f"Table {first.table}: {first.player_a.name} 2 – 1 {first.player_b.name}. "
        "Entered and logged."
    ]
    first.refresh_from_db()
    assert (first.status, first.a_wins, first.b_wins, first.draws) == ("confirmed", 2, 1, 0)
    log = ResultOverride.objects.get(match=first)
    assert (log.actor.username, log.note) == ("jules", "result entered by a judge")
    # and the next page is empty again, the table no longer waiting
    after = page("jules", entry)
    assert f"<strong>Table {first.table}</strong>" not in after
    assert 'Waiting for a result <span class="muted">(1)</span>' in after


def test_results_entry_says_what_is_wrong_next_to_the_field(running):
    tournament, round = running
    entry = url("results-entry", tournament.pk)
    client = as_user("org")
    # an unknown table
    unknown = client.post(entry, {"round": 1, "table": 9, "a_wins": 2, "b_wins": 0, "draws": 0})
    assert unknown.status_code == 404
    html = unescape(unknown.content.decode())
    assert (
        '<p class="field-error" id="entry-table-error" role="alert">Round 1 has no table 9.</p>'
        in html
    )
    assert 'aria-invalid="true" aria-describedby="entry-table-error"' in html
    assert 'value="9"' in html  # the typed values stay
    # an impossible score, named by table and players
    match = tables(round)[0]
    impossible = client.post(
        entry, {"round": 1, "table": match.table, "a_wins": 2, "b_wins": 2, "draws": 0}
    )
    assert impossible.status_code == 400
    html = unescape(impossible.content.decode())
    assert (
        f"Table {match.table} ({match.player_a.name} v {match.player_b.name}): 2-2 is impossible"
        in html
    )
    assert 'role="alert"' in html
    # a missing score
    missing = client.post(entry, {"round": 1, "table": match.table, "a_wins": "", "b_wins": 0})
    assert missing.status_code == 400
    assert "How many games did the first player win?" in unescape(missing.content.decode())
    assert not Match.objects.filter(round=round, status=Match.Status.CONFIRMED).exists()
    assert not ResultOverride.objects.exists()


def test_a_correction_through_results_entry_is_logged_and_an_unchanged_one_refused(running):
    tournament, round = running
    match = tables(round)[0]
    entry = url("results-entry", tournament.pk)
    body = {"round": 1, "table": match.table, "a_wins": 2, "b_wins": 0, "draws": 0}
    assert as_user("org").post(entry, body).status_code == 302
    same = as_user("org").post(entry, body)
    assert same.status_code == 409
    assert "nothing changed" in unescape(same.content.decode())
    changed = as_user("org").post(entry, {**body, "a_wins": 0, "b_wins": 2})
    assert changed.status_code == 302
    notes = list(ResultOverride.objects.filter(match=match).values_list("note", flat=True))
    assert sorted(notes) == ["result changed", "result entered by a judge"]


def test_a_guests_result_goes_in_through_results_entry(bundled_cards):
    tournament = event(1)
    guest = services.registration_add(
        tournament=tournament,
        actor=user("jules"),
        decklist=read_decklist(text=SAMPLE.read_text()),
        guest="Walk-in Wanda",
    )
    round = pair(start(tournament))
    match = tables(round)[0]
    assert guest.pk in (match.player_a_id, match.player_b_id)
    # the pages list the guest's table, and the judge enters it
    html = page("jules", url("results-entry", tournament.pk))
    assert "Walk-in Wanda" in html
    wanda_first = match.player_a_id == guest.pk
    response = as_user("jules").post(
        url("results-entry", tournament.pk),
        {
            "round": 1,
            "table": match.table,
            "a_wins": 2 if wanda_first else 1,
            "b_wins": 1 if wanda_first else 2,
            "draws": 0,
        },
    )
    assert response.status_code == 302
    score = "Walk-in Wanda 2 – 1 p01" if wanda_first else "p01 1 – 2 Walk-in Wanda"
    assert messages_of(response) == [f"Table 1: {score}. Entered and logged."]
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED


@pytest.mark.parametrize("viewer", [None, "p01", "stranger"])
def test_results_entry_is_refused_to_everyone_but_judges(running, viewer):
    tournament, round = running
    match = tables(round)[0]
    entry = url("results-entry", tournament.pk)
    assert as_user(viewer).get(entry).status_code == 403
    posted = as_user(viewer).post(
        entry, {"round": 1, "table": match.table, "a_wins": 2, "b_wins": 0, "draws": 0}
    )
    assert posted.status_code == 403
    assert "Only the event's judges and its organizer can enter results." in unescape(
        posted.content.decode()
    )
    assert not Match.objects.filter(status=Match.Status.CONFIRMED, player_b__isnull=False).exists()


def test_results_entry_before_any_round_has_an_empty_state(bundled_cards):
    tournament = start(event(2))
    html = page("org", url("results-entry", tournament.pk))
    assert "No round yet" in html
    assert 'name="table"' not in html


# --- the round clock --------------------------------------------------------------------------------


def test_the_clock_counts_down_to_the_round_end_and_lists_extended_tables(running):
    tournament, round = running
    extended = tables(round)[1]
    services.match_extend(match=extended, actor=user("jules"), minutes=5)
    clock = url("round-clock", tournament.pk)
    response = as_user(None).get(clock)
    assert response.status_code == 200
    html = unescape(response.content.decode())
    assert '<h1 id="clock-title" class="clock-round">Round 1</h1>' in html
    assert f'datetime="{round.ends_at.isoformat()}" data-ends' in html
    assert 'data-over-text="Time"' in html
    assert re.search(r'<p class="clock-big" data-left[^>]*>(49|50):\d\d</p>', html)
    assert "Extended" in html
    assert f'<strong>Table {extended.table}</strong> <span class="muted">+5 min</span>' in html
    assert f"{extended.player_a.name} v {extended.player_b.name}" in html
    # polls get a 204 until something changes; a result changes the panel
    version = response.context["version"]
    poll = clock + f"?v={version}"
    assert as_user(None).get(poll, headers={"HX-Request": "true"}).status_code == 204
    services.match_extend(match=extended, actor=user("jules"), minutes=2)
    changed = as_user(None).get(poll, headers={"HX-Request": "true"})
    assert changed.status_code == 200
    assert "+7 min" in changed.content.decode()
    assert 'id="clock-panel"' in changed.content.decode()
    assert "<html" not in changed.content.decode()  # the panel alone


def test_the_clock_says_time_at_zero_and_drops_finished_tables(running):
    tournament, round = running
    extended = tables(round)[0]
    services.match_extend(match=extended, actor=user("jules"), minutes=5)
    Round.objects.filter(pk=round.pk).update(ends_at=datetime(2020, 1, 1, tzinfo=UTC))
    html = page(None, url("round-clock", tournament.pk))
    assert re.search(r'<p class="clock-big" data-left[^>]*>Time</p>', html)
    services.match_result_report(match=extended, actor=user("org"), a_wins=2, b_wins=0, draws=0)
    assert "Extended" not in page(None, url("round-clock", tournament.pk))


def test_the_clock_before_the_first_round_and_in_the_top_cut(top4):
    html = page(None, url("round-clock", top4.pk))
    assert "No round yet" in html
    confirm(pair(top4))
    pair(top4)  # the semifinals
    html = page(None, url("round-clock", top4.pk))
    assert "Top-cut rounds have no clock" in html
    assert "data-clock" not in html


# --- the bracket --------------------------------------------------------------------------------------


def test_the_bracket_is_empty_until_the_top_cut_then_fills_in(top4):
    bracket = url("bracket", top4.pk)
    html = page(None, bracket)
    assert "The top cut has not started" in html
    assert html.count("To be decided") == 6  # two semifinals and a final, two slots each
    swiss = pair(top4)
    confirm(swiss)
    semis = pair(top4)
    # the semifinals: names and seeds (Swiss places), the final still open
    response = as_user(None).get(bracket)
    html = unescape(response.content.decode())
    assert "The top cut has not started" not in html
    assert '<h2 class="stage-title">Semifinals <span class="muted">· round 2</span></h2>' in html
    seeds = {row["player"]: n for n, row in enumerate(_standings(top4), 1)}
    for match in tables(semis):
        for registration in (match.player_a, match.player_b):
            assert (
                f'<span class="seed" title="Seed {seeds[registration.name]}">'
                f'{seeds[registration.name]}</span> <span class="bracket-name">{registration.name}</span>'
            ) in html
    assert html.count("To be decided") == 2
    # polling: nothing new is a 204; a confirmed semifinal is news
    poll = bracket + f"?v={response.context['version']}"
    assert as_user(None).get(poll, headers={"HX-Request": "true"}).status_code == 204
    confirm(semis)
    polled = as_user(None).get(poll, headers={"HX-Request": "true"})
    assert polled.status_code == 200
    fragment = unescape(polled.content.decode())
    assert fragment.count('class="bracket-player won"') == 2
    # the final, confirmed: the winner is named
    final = pair(top4)
    confirm(final)
    html = page(None, bracket)
    winner = tables(final)[0].player_a.name
    assert '<h2 class="stage-title">Final <span class="muted">· round 3</span></h2>' in html
    assert f'<strong class="winner-name">{winner}</strong>' in html
    assert "To be decided" not in html


def _standings(tournament: Tournament) -> list[dict]:
    from tournaments import selectors

    return selectors.standings_rows(tournament)


def test_an_event_without_a_top_cut_says_so_on_the_bracket_page(running):
    tournament, _ = running
    html = page(None, url("bracket", tournament.pk))
    assert "No top cut" in html
    assert "bracket-match" not in html


# --- the winner and the placings ---------------------------------------------------------------------


def played_top4(top4: Tournament) -> tuple[Tournament, str]:
    confirm(pair(top4))
    confirm(pair(top4))
    final = pair(top4)
    confirm(final)
    return top4, tables(final)[0].player_a.name


def test_the_event_page_names_the_winner_and_links_the_placings(top4):
    tournament, winner = played_top4(top4)
    html = page(None, url("event-detail", tournament.pk))
    assert (
        f'<span class="winner-label">Winner</span> <strong class="winner-name">{winner}</strong>'
        in html
    )
    assert f'href="{url("standings", tournament.pk)}#placings">Final placings</a>' in html
    running_event = start(event(2))
    assert "winner-name" not in page(None, url("event-detail", running_event.pk))


def test_the_final_standings_show_the_placings_then_the_swiss_table(top4):
    tournament, winner = played_top4(top4)
    html = page(None, url("standings", tournament.pk))
    assert '<h2 id="placings">Final placings</h2>' in html
    assert "After round" not in html
    placings = html.split('<h2 id="placings">', 1)[1].split('<h2 id="swiss-title">', 1)[0]
    rows = re.findall(
        # a name links to the player's page (tournaments.selectors.player_links)
        r'<td class="num">(\d+)</td>\s*<th scope="row"><a href="/players/[^"]+/">([^<]+)</a></th>\s*'
        r'<td class="num">(\d+)</td>\s*'
        r'<td class="num">(\d+)</td>\s*<td>([^<]+)</td>',
        placings,
    )
    assert [(place, out) for place, _, _, _, out in rows] == [
        ("1", "Won the event"),
        ("2", "Final"),
        ("3", "Semifinals"),
        ("4", "Semifinals"),
    ]
    assert rows[0][1] == winner
    assert {points for *_, points, _ in rows} <= {"0", "3"}
    assert '<h2 id="swiss-title">Swiss standings</h2>' in html
    for header in ("Place", "Player", "Swiss rank", "Points", "Out in"):
        assert f">{header}</th>" in placings


def test_standings_before_the_end_say_after_which_round(running):
    tournament, _ = running
    html = page(None, url("standings", tournament.pk))
    assert "After round 1" in html
    assert "Final placings" not in html


# --- event details -------------------------------------------------------------------------------------


def test_an_event_is_created_with_its_details_and_shows_them_everywhere(bundled_cards):
    response = as_user("ada").post(
        url("event-list"),
        {
            "name": "Winter Open",
            "format": "genesis-standard",
            "top_cut": "0",
            "round_minutes": "50",
            "late_registration_until": "0",
            "date": "2026-12-05T10:30",
            "venue": "The Guildhall, Room 2",
            "description": "Prizes for the top 4.\nBring sleeves.",
            "capacity": "3",
        },
    )
    tournament = Tournament.objects.get(name="Winter Open")
    assert response.status_code == 302
    assert tournament.date == datetime(2026, 12, 5, 10, 30, tzinfo=UTC)
    assert (tournament.venue, tournament.capacity) == ("The Guildhall, Room 2", 3)
    assert tournament.description == "Prizes for the top 4.\nBring sleeves."
    services.registration_create(
        tournament=tournament, player=user("p01"), decklist=read_decklist(text=SAMPLE.read_text())
    )
    listing = page(None, url("event-list"))
    detail = page(None, url("event-detail", tournament.pk))
    for html in (listing, detail):
        assert "Genesis Standard Constructed" in html
        assert "genesis-standard" not in html.split("<form", 1)[0]  # the slug, never shown
        assert "Sat 5 Dec 2026, 10:30 UTC" in html
        assert "The Guildhall, Room 2" in html
        assert "2 places left" in html
    assert "1 player of 3 (2 places left)" in listing
    assert '<dd>1 of 3 <span class="places-left">(2 places left)</span></dd>' in detail
    assert "<p>Prizes for the top 4.<br>Bring sleeves.</p>" in detail
    assert "Prizes for the top 4." in listing


def test_a_full_event_says_so(bundled_cards):
    tournament = event(2, capacity=2)
    assert '<dd>2 of 2 <span class="places-left full">(full)</span></dd>' in page(
        None, url("event-detail", tournament.pk)
    )
    assert "2 players of 2 (full)" in page(None, url("event-list"))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("capacity", "1", "greater than or equal to 2"),
        ("date", "next friday", "Enter a valid date/time"),
    ],
)
def test_bad_event_details_are_explained_inline(db, field, value, message):
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
    assert message in unescape(response.content.decode())
    assert f'id="id_{field}_error"' in response.content.decode()
    assert not Tournament.objects.exists()


# --- the organizer's and judges' tools ---------------------------------------------------------------


def test_a_judge_registers_a_guest_and_an_account_from_the_event_page(bundled_cards):
    tournament = event(1)
    user("bea")
    text = SAMPLE.read_text()
    add = url("player-add", tournament.pk)
    guest = as_user("jules").post(add, {"guest": "Walk-in Wanda", "decklist": text})
    assert guest.status_code == 302
    assert messages_of(guest) == [
        "Registered Walk-in Wanda as a guest: enter their results on the results page."
    ]
    account = as_user("jules").post(add, {"username": "bea", "decklist": text})
    assert messages_of(account) == ["Registered bea."]
    assert sorted(r.name for r in Registration.objects.filter(tournament=tournament)) == [
        "Walk-in Wanda",
        "bea",
        "p01",
    ]
    html = page(None, url("event-detail", tournament.pk))
    assert "Walk-in Wanda</span>" in html
    assert '<span class="badge neutral">guest</span>' in html
    # refusals come back on the page, next to the form
    both = as_user("jules").post(add, {"username": "bea", "guest": "Zed", "decklist": text})
    assert both.status_code == 400
    assert "Name the player: an account" in unescape(both.content.decode())
    illegal = as_user("jules").post(
        add, {"guest": "Zed", "decklist": "Champion: Sera Vantyne\nTimeline\n1 Static Lattice"}
    )
    assert illegal.status_code == 400
    assert "not legal in this event's format" in unescape(illegal.content.decode())
    assert as_user("p01").post(add, {"guest": "Zed", "decklist": text}).status_code == 403
    assert not Registration.objects.filter(guest_name="Zed").exists()


def test_the_tools_are_shown_to_judges_only(running):
    tournament, _ = running
    for judge in ("org", "jules"):
        html = page(judge, url("event-detail", tournament.pk))
        assert "Event tools" in html
        assert "Take back round 1's pairings" in html
        assert "Swap the two players" in html
        assert url("results-entry", tournament.pk) in html
    for viewer in (None, "p01"):
        html = page(viewer, url("event-detail", tournament.pk))
        assert "Event tools" not in html
        assert "Take back" not in html
        assert url("player-drop", tournament.pk, 1) not in html


def test_a_judge_drops_and_reinstates_any_player(running):
    tournament, _ = running
    p03 = Registration.objects.get(tournament=tournament, player__username="p03")
    drop = url("player-drop", tournament.pk, p03.pk)
    assert drop in page("jules", url("event-detail", tournament.pk))
    assert as_user("p01").post(drop).status_code == 403
    dropped = as_user("jules").post(drop, {"confirm": "yes"})
    assert messages_of(dropped) == [
        "p03 has dropped: not paired again, and still in the standings."
    ]
    p03.refresh_from_db()
    assert p03.dropped
    html = page("jules", url("event-detail", tournament.pk))
    reinstate = url("player-reinstate", tournament.pk, p03.pk)
    assert reinstate in html
    back = as_user("org").post(reinstate)
    assert messages_of(back) == ["p03 is back in the event and is paired from the next round."]
    p03.refresh_from_db()
    assert not p03.dropped
    again = as_user("org").post(reinstate)
    assert messages_of(again) == ["p03 has not dropped."]


def test_a_judge_takes_back_the_pairings_and_swaps_players_with_a_rematch_warning(running):
    tournament, round = running
    # a swap: two players from different tables change places
    first, second = tables(round)
    swap = url("round-swap", tournament.pk, 1)
    done = as_user("jules").post(swap, {"first": first.player_a_id, "second": second.player_a_id})
    assert done.status_code == 302
    assert messages_of(done) == ["Swapped the two players in round 1."]
    swapped = {m.table: (m.player_a_id, m.player_b_id) for m in tables(round)}
    assert first.player_a_id in swapped[second.table]
    assert second.player_a_id in swapped[first.table]
    # take the round back, and pair round 1 again
    repair = as_user("org").post(url("round-repair", tournament.pk, 1))
    assert "Round 1's pairings are taken back" in messages_of(repair)[0]
    assert not Round.objects.filter(tournament=tournament).exists()
    # a swap that makes a rematch is done and said
    confirm(pair(tournament))
    round2 = pair(tournament)
    a, b = tables(round2)
    # swapping a's second player for the round-1 opponent of a's first player makes a rematch
    opponents = {}
    for m in Match.objects.filter(round__tournament=tournament, round__number=1):
        opponents[m.player_a_id] = m.player_b_id
        opponents[m.player_b_id] = m.player_a_id
    target = opponents[a.player_a_id]  # a's first player met them in round 1
    partner = a.player_b_id
    assert target in (b.player_a_id, b.player_b_id)
    warned = as_user("org").post(
        url("round-swap", tournament.pk, 2), {"first": partner, "second": target}
    )
    said = messages_of(warned)
    assert said[0] == "Swapped the two players in round 2."
    assert said[1].startswith("Rematch: ")
    assert said[1].endswith("have played each other before.")
    # once a result is in, the tools are gone and the service refuses
    confirm(round2)
    assert "Take back" not in page("org", url("event-detail", tournament.pk))


def test_the_organizer_publishes_only_the_top_cuts_decklists(bundled_cards):
    tournament = start(event(5, rounds=1, top_cut=4))  # one player misses the cut
    confirm(pair(tournament))
    html = page(None, url("event-detail", tournament.pk))
    assert "<pre>" not in html
    assert "· Sera Vantyne" not in html  # champions stay hidden until published
    semis = pair(tournament)
    assert "Publish the top cut's decklists only" in page("org", url("event-detail", tournament.pk))
    # when the organizer publishes the top cut's decklists
    published = as_user("org").post(url("decklists-publish", tournament.pk), {"scope": "top_cut"})
    assert messages_of(published) == ["The top cut's decklists are published."]
    assert Tournament.objects.get(pk=tournament.pk).decklists == Tournament.Decklists.TOP_CUT
    # then everyone sees those four, and only those
    html = page(None, url("event-detail", tournament.pk))
    assert html.count("<pre>") == 4
    assert html.count("· Sera Vantyne") == 4
    in_cut = {r.name for m in tables(semis) for r in (m.player_a, m.player_b)}
    (out,) = {f"p{i:02d}" for i in range(1, 6)} - in_cut
    assert f'Decklist<span class="visually-hidden"> of {out}</span>' not in html
    for name in in_cut:
        assert f'Decklist<span class="visually-hidden"> of {name}</span>' in html
    assert "The top cut's decklists are published" in html


# --- lock and show, for the players at the table -----------------------------------------------------


@pytest.fixture
def locking(bundled_cards) -> tuple[Tournament, Match, str, str]:
    """Two players; a won game 1, so a locks first and b waits: (event, match, a, b)."""
    tournament = start(event(2))
    match = tables(pair(tournament))[0]
    a, b = match.player_a.player, match.player_b.player
    chooser = a if match.state["chooser"] == "a" else b
    services.match_choose_lead(match=match, actor=chooser, lead=True)
    for player in (a, b):
        services.match_game_report(match=match, actor=player, winner=a.username)
    services.match_choose_lead(match=match, actor=b, lead=True)
    return tournament, match, a.username, b.username


def test_the_second_players_lock_button_waits_for_the_first(locking):
    tournament, _match, a, b = locking
    b_page = page(b, url("my-match", tournament.pk))
    assert f"{a} locks first (the winner of the last game locks first)" in b_page
    assert re.search(rf"<button [^>]*disabled>Waiting for {a} to lock</button>", b_page)
    assert "Lock my selection" not in b_page
    a_page = page(a, url("my-match", tournament.pk))
    assert "You lock now." in a_page
    assert re.search(
        r'<button class="button" type="submit" form="lock-form-\d+-2">Lock my selection</button>',
        a_page,
    )
    assert "Waiting for" not in a_page.split('id="phase-title"', 1)[1].split("</section>", 1)[0]


def test_after_locking_the_player_sees_they_locked_and_what_they_chose(locking):
    tournament, match, a, b = locking
    locked = as_user(a).post(url("match-lock", tournament.pk, match.pk), {})
    assert messages_of(locked) == [
        f"You have locked. Both selections are shown once {b} has locked too."
    ]
    a_page = page(a, url("my-match", tournament.pk))
    assert "You have locked: no change to your timeline." in a_page
    assert f"Waiting for {b} to lock; both selections are shown once they have." in a_page
    assert "plan your swap" not in a_page
    assert "locks first" not in a_page
    assert "Lock my selection" not in a_page
    # b may lock now
    b_page = page(b, url("my-match", tournament.pk))
    assert f"{a} has locked. You lock now." in b_page
    assert "Lock my selection</button>" in b_page
    assert "disabled>Waiting" not in b_page
    second = as_user(b).post(url("match-lock", tournament.pk, match.pk), {})
    assert messages_of(second) == ["You have locked: both selections are shown below."]


def test_a_locked_swap_is_named_on_the_players_own_page(locking):
    tournament, match, a, b = locking
    state = match.state["decks"]["a"]["current"]
    chi = match.state["chi"]
    from rules.core.decklist import name_key

    out, in_ = next(
        (o["name"], i["name"])
        for i in state["forethoughts"]
        for o in state["timeline"]
        if chi[name_key(o["name"])] == chi[name_key(i["name"])]
        and name_key(o["name"]) != name_key(i["name"])
    )
    response = as_user(a).post(
        url("match-lock", tournament.pk, match.pk), {f"out:{out}": "1", f"in:{in_}": "1"}
    )
    assert response.status_code == 302
    a_page = page(a, url("my-match", tournament.pk))
    assert (
        f'You have locked: <span class="swap"><span class="swap-out">out: {out}</span> · <span class="swap-in">in: {in_}</span></span>.'
        in a_page
    )
    b_page = page(b, url("my-match", tournament.pk))
    assert f"out: {out}" not in b_page  # both play the same list: b sees only b's own cards
    assert re.search(
        rf"<strong>{a}</strong>:\s+locked; hidden until both players have locked", b_page
    )


def test_the_lock_form_has_steppers_and_a_sticky_totals_bar_and_posts_without_script(locking):
    tournament, _match, a, _ = locking
    html = page(a, url("my-match", tournament.pk))
    assert html.count('data-step="-1"') == html.count('data-step="1"') > 0
    assert re.search(
        r'<button type="button" class="step" data-step="1" aria-label="One more [^"]+" aria-controls="lock-out-1" hidden>\+</button>',
        html,
    )
    assert '<div class="lock-bar">' in html
    css = Path("static/css/tournaments.css").read_text()
    assert re.search(r"\.lock-bar \{ position: sticky; bottom: 0;", css)
    # the plain form still posts: counts by name, the button outside it names it
    assert re.search(
        r'<form method="post" action="[^"]+/lock/" id="lock-form-\d+-2" hx-preserve="true">', html
    )


def test_the_score_line_names_both_players_and_the_clock_stops_when_confirmed(locking):
    tournament, match, a, b = locking
    html = page(a, url("my-match", tournament.pk))
    assert f'<p class="scoreline"><strong>{a} 1 – 0 {b}</strong>' in html
    assert "Games:" not in html
    assert "data-clock" in html
    services.match_result_report(match=match, actor=user("org"), a_wins=2, b_wins=0, draws=0)
    html = page(a, url("my-match", tournament.pk))
    assert f"<strong>{a} 2 – 0 {b}</strong>" in html
    assert "data-clock" not in html
    assert "The match is over: its clock has stopped." in html
    assert "No time limit" not in html


def test_no_page_calls_anyone_player_a(locking):
    tournament, match, a, b = locking
    paths = [
        url("event-detail", tournament.pk),
        url("pairings", tournament.pk, 1),
        url("standings", tournament.pk),
        url("my-match", tournament.pk),
        url("judge", tournament.pk),
        url("results-entry", tournament.pk),
        url("round-clock", tournament.pk),
        url("bracket", tournament.pk),
        slips_url(tournament.pk, 1),
    ]
    for viewer in ("org", a, b):
        for path in paths:
            response = as_user(viewer).get(path)
            if response.status_code == 403:
                continue
            assert response.status_code == 200, path
            html = unescape(response.content.decode())
            for seat_word in ("Player A", "Player B", "player A", "player B"):
                assert seat_word not in html, (viewer, path, seat_word)
    # refusals from the match protocol name the players too
    refused = as_user(b).post(url("match-lock", tournament.pk, match.pk), {})
    assert refused.status_code == 409
    html = unescape(refused.content.decode())
    assert f"{a} won game 1, so they lock first; wait for their lock." in html
    assert "Player A" not in html
