"""An event run on the day, in a real headless Chromium on a phone-sized screen (390×844): the
organizer prints the match slips, checks the round clock, types the results in from the
keyboard alone, follows the top cut on the bracket as it is confirmed, and sees the winner
named; two players lock and show with the named, disabled-until-your-turn Lock button; and the
slips print six to a page on A4 and on Letter.

The steps a test is not about are set up through the services, as the worker or the other
players would do them, to keep each test short. The page's htmx polls are moved on with
Playwright's clock instead of waiting for them."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from decks.services import read_decklist
from rules.core.decklist import Decklist, decklist_to_json, name_key
from tests.support.browser import PASSWORD, SAMPLE, log_in_with_a_cookie, no_sideways_scroll, shot
from tests.tournaments.conftest import run_tasks
from tournaments import services
from tournaments.models import Match, Registration, Round, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def users():
    make = get_user_model().objects.create_user
    return {name: make(name, password=PASSWORD) for name in ("org", "p01", "p02", "p03", "p04")}


def phone(browser, base_url: str, user):
    """A phone-sized page logged in as `user`, with Playwright's clock installed (time flows
    as usual until a test moves it on)."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.clock.install()
    log_in_with_a_cookie(page, base_url, user)
    return page


def tables(round: Round) -> list[Match]:
    return list(
        round.matches.select_related("round__tournament", "player_a__player", "player_b__player")
    )


def confirm(round: Round, org) -> None:
    for match in tables(round):
        services.match_result_report(match=match, actor=org, a_wins=2, b_wins=1, draws=0)


def pair(tournament: Tournament, org) -> Round:
    round = services.round_start(tournament=tournament, actor=org)
    paired = services.round_pair(round_id=round.pk)
    assert paired is not None
    return paired


def type_result(page, table: int, a_wins: int, b_wins: int) -> None:
    """Type one table's result from the keyboard: the table, Tab, the two game counts, Enter."""
    for value in (table, a_wins, b_wins):
        page.keyboard.press("Control+A")  # whatever was there before is replaced
        page.keyboard.type(str(value))
        page.keyboard.press("Tab")
    page.keyboard.press("Control+A")
    page.keyboard.type("0")  # drawn games
    page.keyboard.press("Enter")


def focused(page) -> str:
    return page.evaluate("document.activeElement.id")


def test_an_organizer_runs_the_day_from_a_phone(
    live_server, browser, bundled_cards, users, enqueued_tasks
):
    base, org = live_server.url, users["org"]
    # given a top 4 after one Swiss round, started and round 1 paired (set up as the services do)
    event = services.tournament_create(
        organizer=org, name="Saturday Top Four", rounds=1, top_cut=4, venue="The Guildhall"
    )
    for name in ("p01", "p02", "p03", "p04"):
        services.registration_create(
            tournament=event, player=users[name], decklist=read_decklist(text=SAMPLE)
        )
    services.tournament_start(tournament=event, actor=org)
    round = pair(event, org)
    first, second = sorted(tables(round), key=lambda m: m.table)
    services.match_extend(match=second, actor=org, minutes=5)
    page = phone(browser, base, org)
    page.goto(f"{base}/events/{event.pk}/")
    no_sideways_scroll(page)

    # the slips: one per table, printable
    page.locator("#round-panel").get_by_role("link", name="Match slips").click()
    expect(page.locator(".slip")).to_have_count(2)
    expect(page.locator(".slip").first).to_contain_text("Saturday Top Four")
    expect(page.locator(".slip").first).to_contain_text(
        f"{first.player_a.name} v {first.player_b.name}"
    )
    no_sideways_scroll(page)
    shot(page, "slips-phone")
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.locator(".slip").nth(1)).to_be_visible()
    page.emulate_media(media="screen")

    # the round clock: a countdown, the extended table, and "Time" at the end
    page.goto(f"{base}/events/{event.pk}/clock/")
    expect(page.locator(".clock-big")).to_have_text(re.compile(r"^(49|50):\d{2}$"))
    expect(page.locator(".clock-extended")).to_contain_text(f"Table {second.table}")
    expect(page.locator(".clock-extended")).to_contain_text("+5 min")
    no_sideways_scroll(page)
    shot(page, "clock-phone")
    page.clock.fast_forward("51:00")
    expect(page.locator(".clock-big")).to_have_text("Time")

    # results entry with the keyboard alone: the cursor starts in the table field
    page.goto(f"{base}/events/{event.pk}/results/")
    assert focused(page) == "entry-table"
    no_sideways_scroll(page)
    page.keyboard.type(str(first.table))
    names = f"Table {first.table}: {first.player_a.name} v {first.player_b.name}"
    expect(page.locator("p[data-table-names]")).to_have_text(names)
    expect(page.locator("label[for=entry-a]")).to_have_text(f"{first.player_a.name}'s wins")
    type_result(page, first.table, 2, 0)
    expect(page.locator(".messages")).to_have_text(
        f"Table {first.table}: {first.player_a.name} 2 – 0 {first.player_b.name}. "
        "Entered and logged."
    )
    assert focused(page) == "entry-table"  # ready for the next table
    # a table that does not exist is said next to the field, and the cursor stays there
    type_result(page, 9, 2, 0)
    expect(page.locator("#entry-table-error")).to_have_text("Round 1 has no table 9.")
    assert focused(page) == "entry-table"
    type_result(page, second.table, 2, 1)
    expect(page.locator(".messages")).to_contain_text(
        f"Table {second.table}: {second.player_a.name} 2 – 1 {second.player_b.name}."
    )
    expect(page.locator("#waiting-title")).to_contain_text("(0)")
    shot(page, "results-entry-phone")

    # the top cut is paired from the event page; the bracket shows it
    page.goto(f"{base}/events/{event.pk}/")
    page.get_by_role("link", name="Pair next round").click()
    page.get_by_role("button", name="Yes, pair the next round").click()
    run_tasks(enqueued_tasks)
    page.get_by_role("link", name="Bracket").first.click()
    bracket = page.locator("#bracket-panel")
    expect(bracket.locator(".stage").first).to_contain_text("Semifinals")
    expect(bracket.locator(".stage").first.locator(".bracket-player")).to_have_count(4)
    expect(bracket.locator(".seed").first).to_have_text("1")
    expect(bracket.locator(".tbd")).to_have_count(2)
    no_sideways_scroll(page)
    # when the semifinals are confirmed, the bracket updates without a reload
    page.evaluate("window.notReloaded = true")
    semis = Round.objects.get(tournament=event, number=2)
    confirm(semis, org)
    page.clock.fast_forward(16_000)
    expect(bracket.locator(".bracket-player.won")).to_have_count(2, timeout=10_000)
    assert page.evaluate("window.notReloaded") is True
    expect(bracket.locator(".stage").nth(1)).to_contain_text("Final")
    shot(page, "bracket-phone")

    # the final: the winner is named on the event page, with the placings a tap away
    final = pair(event, org)
    confirm(final, org)
    winner = tables(final)[0].player_a.name
    page.goto(f"{base}/events/{event.pk}/")
    expect(page.locator(".winner-name")).to_have_text(winner)
    expect(page.locator(".event-facts")).to_contain_text("Genesis Standard Constructed")
    no_sideways_scroll(page)
    shot(page, "winner-phone")
    page.get_by_role("link", name="Final placings").click()
    placings = page.locator("#placings ~ .table-scroll tbody tr")
    expect(placings).to_have_count(4)
    expect(placings.first).to_contain_text(winner)
    expect(placings.first).to_contain_text("Won the event")
    no_sideways_scroll(page)
    page.context.close()


def test_two_players_lock_and_show_on_their_phones(live_server, browser, bundled_cards, users):
    base, org = live_server.url, users["org"]
    event = services.tournament_create(organizer=org, name="Lock Night")
    for name in ("p01", "p02"):
        services.registration_create(
            tournament=event, player=users[name], decklist=read_decklist(text=SAMPLE)
        )
    services.tournament_start(tournament=event, actor=org)
    match = tables(pair(event, org))[0]
    first, second = match.player_a.player, match.player_b.player  # first wins game 1
    chooser = first if match.state["chooser"] == "a" else second
    services.match_choose_lead(match=match, actor=chooser, lead=True)
    for player in (first, second):
        services.match_game_report(match=match, actor=player, winner=first.username)
    services.match_choose_lead(match=match, actor=second, lead=True)
    # the second player's page: the Lock button waits, named, while they plan with − and +
    waiting = phone(browser, base, second)
    waiting.goto(f"{base}/events/{event.pk}/match/")
    expect(waiting.locator(".scoreline")).to_contain_text(
        f"{first.username} 1 – 0 {second.username}"
    )
    button = waiting.locator(".lock-bar button")
    expect(button).to_have_text(f"Waiting for {first.username} to lock")
    expect(button).to_be_disabled()
    out, in_ = equal_chi_swap(match)
    plus = waiting.get_by_role("button", name=f"One more {out}").first
    plus.click()
    expect(waiting.locator(f"input[name='out:{out}']")).to_have_value("1")
    totals = waiting.locator("[data-lock-totals]")
    expect(totals).to_contain_text("(they must match)")
    # the totals stay in view while scrolling through the cards
    waiting.locator("[data-lock-form] fieldset").first.scroll_into_view_if_needed()
    waiting.evaluate("window.scrollBy(0, -200)")
    expect(waiting.locator(".lock-bar")).to_be_in_viewport()
    no_sideways_scroll(waiting)
    shot(waiting, "lock-waiting-phone")
    # the first player locks from their phone with nothing swapped
    locker = phone(browser, base, first)
    locker.goto(f"{base}/events/{event.pk}/match/")
    expect(locker.locator(".lock-bar button")).to_have_text("Lock my selection")
    locker.locator(".lock-bar button").click()
    expect(locker.locator(".messages")).to_have_text(
        f"You have locked. Both selections are shown once {second.username} has locked too."
    )
    expect(locker.locator("[data-locked]")).to_contain_text(
        "You have locked: no change to your timeline."
    )
    expect(locker.locator("[data-locked]")).to_contain_text(
        f"Waiting for {second.username} to lock"
    )
    expect(locker.locator(".match-phase")).not_to_contain_text("plan your swap")
    no_sideways_scroll(locker)
    # then the second player's page lets them lock, keeping what they planned
    waiting.clock.fast_forward(6_000)
    expect(button).to_have_text("Lock my selection", timeout=10_000)
    expect(button).to_be_enabled()
    expect(waiting.locator(".next")).to_contain_text(f"{first.username} has locked. You lock now.")
    expect(waiting.locator(f"input[name='out:{out}']")).to_have_value("1")
    waiting.get_by_role("button", name=f"One more {in_}").first.click()
    expect(totals).to_have_class(re.compile(r"\bok\b"))
    button.click()
    expect(waiting.locator(".messages")).to_have_text(
        "You have locked: both selections are shown below."
    )
    shows = waiting.locator("#shows-title + .shows")
    expect(shows).to_contain_text(f"You: out: {out} · in: {in_}")
    expect(shows).to_contain_text(f"{first.username}: no change")
    expect(waiting.locator("#phase-title")).to_have_text("Game 2 in progress")
    for page in (waiting, locker):
        expect(page.locator("body")).not_to_contain_text("Player A")
        page.context.close()


def equal_chi_swap(match: Match) -> tuple[str, str]:
    """A timeline card and a forethought of the second player with equal Chi."""
    deck = match.state["decks"]["b"]["current"]
    chi = match.state["chi"]
    return next(
        (o["name"], i["name"])
        for i in deck["forethoughts"]
        for o in deck["timeline"]
        if chi[name_key(o["name"])] == chi[name_key(i["name"])]
        and name_key(o["name"]) != name_key(i["name"])
    )


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_slips_print_six_to_a_page(live_server, page, paper):
    # given a round of 12 tables, straight into the database (no pairing maths needed)
    make = get_user_model().objects.create_user
    org = make("org", password=PASSWORD)
    event = Tournament.objects.create(
        name="A rather long event name for a slip", organizer=org, status="running"
    )
    decklist = decklist_to_json(Decklist(champion="Sera Vantyne"))
    players = Registration.objects.bulk_create(
        Registration(
            tournament=event,
            guest_name=f"Walk-in {i:02d} with a rather long name",
            decklist=decklist,
        )
        for i in range(24)
    )
    round = Round.objects.create(tournament=event, number=1, status=Round.Status.PAIRED)
    Match.objects.bulk_create(
        Match(round=round, table=t + 1, player_a=players[2 * t], player_b=players[2 * t + 1])
        for t in range(12)
    )
    log_in_with_a_cookie(page, live_server.url, org)
    page.goto(f"{live_server.url}/tournaments/{event.pk}/rounds/1/slips/")
    expect(page.locator(".slip")).to_have_count(12)
    # when it is printed, then 12 slips fill exactly 2 pages
    pdf = page.pdf(format=paper, prefer_css_page_size=True)
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 2
