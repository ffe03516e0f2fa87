"""Tournament pages in a real headless Chromium: an organizer creates and runs an event (and a
bot event from a phone), players register and play through the match page (htmx polling, the
clock, lock and show), pairings are filtered as you type, standings show 4-decimal tiebreakers,
and phones never scroll sideways.

There is no Celery worker here: the task that pairs a round is caught when it is enqueued, and
the test runs its work (services.round_pair) itself, as the worker would."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from decks.services import deck_create, read_decklist
from rules.core.decklist import decklist_from_json, name_key
from tests.support.browser import (
    PASSWORD,
    SAMPLE,
    log_in_with_a_cookie,
    no_sideways_scroll,
    player_page,
    shot,
)
from tests.tournaments.conftest import paired_event, run_tasks
from tournaments import permissions, selectors, services
from tournaments.models import Match, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in_with_the_form(page, base_url: str, username: str, next_path: str) -> None:
    page.goto(f"{base_url}/accounts/login/?next={next_path}")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("form button[type=submit]")
    page.wait_for_url(f"**{next_path}")


def test_organizer_creates_runs_and_pairs_an_event(
    live_server, page, browser, bundled_cards, users, enqueued_tasks
):
    base = live_server.url
    # given the organizer, logged in through the form
    log_in_with_the_form(page, base, "org", "/events/")
    expect(page.locator(".empty-state")).to_contain_text("No events yet")
    # when they create an event with the keyboard
    page.focus("#id_name")
    page.keyboard.type("Browser Open")
    page.fill("#id_round_minutes", "40")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/events/\d+/$"))
    event = Tournament.objects.get(name="Browser Open")
    expect(page.locator("h1")).to_contain_text("Browser Open")
    expect(page.locator(".event-facts")).to_contain_text("40 minutes")
    # and players register: one pastes a list, one picks a saved deck
    paster = player_page(browser, base, users["p01"])
    paster.goto(f"{base}/events/{event.pk}/")
    paster.fill("#id_decklist", SAMPLE)
    paster.click("button:has-text('Register with this list')")
    expect(paster.locator(".messages")).to_contain_text("You are registered")
    deck = deck_create(owner=users["p02"], name="Lattice", decklist=read_decklist(text=SAMPLE))
    picker = player_page(browser, base, users["p02"])
    picker.goto(f"{base}/events/{event.pk}/")
    picker.select_option("#register-deck", deck.key)
    picker.click("#registration button:has-text('Register')")
    expect(picker.locator("#registration")).to_contain_text("You are registered")
    for name in ("p03", "p04"):
        services.registration_create(
            tournament=event, player=users[name], decklist=read_decklist(text=SAMPLE)
        )
    # then the organizer starts the event and pairs round 1
    page.reload()
    expect(page.locator("#players-title")).to_contain_text("(4)")
    page.click("a:has-text('Start event')")
    page.click("button:has-text('Yes, start the event')")
    expect(page.locator(".messages")).to_contain_text("The event has started")
    page.click("a:has-text('Pair next round')")
    page.click("button:has-text('Yes, pair the next round')")
    panel = page.locator("#round-panel")
    expect(panel).to_contain_text("Pairing…")
    expect(panel.locator("progress")).to_be_visible()
    page.evaluate("window.notReloaded = true")
    # when the worker pairs it
    rounds = [args[0] for name, args, _ in enqueued_tasks if name == "tournaments.round_pair"]
    assert len(rounds) == 1
    services.round_pair(round_id=rounds[0])
    # then the page's polling shows the pairings, without a reload
    expect(panel.locator("#round-pairings tbody tr")).to_have_count(2, timeout=10_000)
    for name in ("p01", "p02", "p03", "p04"):
        expect(panel).to_contain_text(name)
    assert page.evaluate("window.notReloaded") is True
    shot(page, "event-desktop")
    paster.reload()
    expect(paster.locator("#my-table")).to_contain_text("Table")
    # and a phone shows the same page without scrolling sideways
    phone = player_page(browser, base, users["p01"], phone=True)
    phone.goto(f"{base}/events/{event.pk}/")
    no_sideways_scroll(phone)
    shot(phone, "event-phone")
    for context in (paster.context, picker.context, phone.context):
        context.close()


def seated(event: Tournament, user) -> tuple[Match, str, object]:
    """The user's current match, their seat and their opponent."""
    match = selectors.match_current_for(tournament=event, user=user)
    seat = permissions.seat_of(match, user)
    return match, seat, (match.player_b if seat == "a" else match.player_a).player


def equal_chi_swap(registration) -> tuple[str, str]:
    deck = decklist_from_json(registration.decklist)
    from decks.selectors import card_index

    chi = {key: card.chi for key, card in card_index().items()}
    for incoming in deck.forethoughts:
        for outgoing in deck.timeline:
            if name_key(incoming.name) != name_key(outgoing.name) and chi.get(
                name_key(incoming.name)
            ) == chi.get(name_key(outgoing.name)):
                return outgoing.name, incoming.name
    raise AssertionError("no equal-Chi swap in the sample")


def test_a_player_reports_and_locks_on_the_match_page(live_server, browser, bundled_cards, users):
    base = live_server.url
    event, _ = paired_event(users)
    me = users["p01"]
    match, seat, opponent = seated(event, me)
    page = player_page(browser, base, me)
    page.goto(f"{base}/events/{event.pk}/match/")
    # the clock counts down to the server's end time
    expect(page.locator(".versus")).to_contain_text(opponent.username)
    expect(page.locator("[data-left]")).to_have_text(re.compile(r"^\d+:\d{2} left$"))
    ends = page.locator("[data-ends]").get_attribute("datetime")
    assert ends == match.round.ends_at.isoformat()
    # when whoever won the coin flip chooses to lead (p01 with the keyboard)
    if "I lead" in page.locator("#match-panel").inner_text():
        page.get_by_role("button", name="I lead").focus()
        page.keyboard.press("Enter")
        expect(page.locator(".messages")).to_contain_text("Your choice of who leads")
    else:
        services.match_choose_lead(match=match, actor=opponent, lead=True)
    page.reload()
    expect(page.locator("#phase-title")).to_have_text("Game 1 in progress")
    # and p01 says they won, then the opponent agrees and chooses who leads game 2
    page.click("button:has-text('I won')")
    expect(page.locator(".match-phase")).to_contain_text(f"Waiting for {opponent.username}")
    page.evaluate("window.notReloaded = true")
    services.match_game_report(match=match, actor=opponent, winner=me.username)
    services.match_choose_lead(match=match, actor=opponent, lead=False)
    # then polling brings lock and show to p01's page by itself
    expect(page.locator("#phase-title")).to_have_text("Lock and show before game 2", timeout=10_000)
    assert page.evaluate("window.notReloaded") is True
    expect(page.locator(".games")).to_contain_text(f"Game 1: {me.username} won")
    shot(page, "match-desktop")
    # when p01 picks a swap, the totals check it, and p01 locks
    out, in_ = equal_chi_swap(match.player_a if seat == "a" else match.player_b)
    form = page.locator("[data-lock-form]")
    form.locator(f"input[name='out:{out}']").fill("1")
    expect(form.locator("[data-lock-totals]")).to_contain_text("(they must match)")
    form.locator(f"input[name='in:{in_}']").fill("1")
    expect(form.locator("[data-lock-totals]")).to_have_class(re.compile(r"\bok\b"))
    form.get_by_role("button", name="Lock my selection").click()
    locks = page.locator(".locks")
    expect(locks.locator(".is-me")).to_contain_text(f"out: {out}")
    expect(locks).to_contain_text(f"{opponent.username}: not locked yet")
    # and once the opponent locks, the page shows both selections
    services.match_lock(match=match, actor=opponent, out=[], in_=[])
    shows = page.locator("#shows-title + .shows")
    expect(shows).to_contain_text(f"You: out: {out} · in: {in_}", timeout=10_000)
    expect(shows).to_contain_text(f"{opponent.username}: no change")
    expect(page.locator("#phase-title")).to_have_text("Game 2 in progress")
    # on a phone the match page fits the screen
    phone = player_page(browser, base, me, phone=True)
    phone.goto(f"{base}/events/{event.pk}/match/")
    no_sideways_scroll(phone)
    shot(phone, "match-phone")
    page.context.close()
    phone.context.close()


def test_a_lock_in_progress_survives_the_polling(live_server, browser, bundled_cards, users):
    base = live_server.url
    event, _ = paired_event(users)
    me = users["p01"]
    match, seat, opponent = seated(event, me)
    chooser = match.player_a.player if match.state["chooser"] == "a" else match.player_b.player
    services.match_choose_lead(match=match, actor=chooser, lead=True)
    # the opponent won game 1, so they lock first and p01 plans meanwhile
    for player in (me, opponent):
        services.match_game_report(match=match, actor=player, winner=opponent.username)
    services.match_choose_lead(match=match, actor=me, lead=True)
    page = player_page(browser, base, me)
    page.goto(f"{base}/events/{event.pk}/match/")
    expect(page.locator(".next")).to_contain_text(f"{opponent.username} locks first")
    out, _ = equal_chi_swap(match.player_a if seat == "a" else match.player_b)
    page.locator(f"input[name='out:{out}']").fill("1")
    # when the opponent locks and the panel refreshes
    services.match_lock(match=match, actor=opponent, out=[], in_=[])
    expect(page.locator(".locks")).to_contain_text(
        "locked; hidden until both players have locked", timeout=10_000
    )
    # then the half-made selection is still there
    expect(page.locator(f"input[name='out:{out}']")).to_have_value("1")
    page.context.close()


def test_pairings_filter_as_you_type_and_standings_show_percentages(
    live_server, page, phone_page, bundled_cards, users
):
    base = live_server.url
    event, round = paired_event(users)
    # pairings: typing a name leaves only that player's table
    page.goto(f"{base}/events/{event.pk}/rounds/1/pairings/")
    rows = page.locator("#pairings tbody tr")
    expect(rows).to_have_count(2)
    page.fill("#pairings-q", "p03")
    expect(page.locator("#pairings tbody tr:visible")).to_have_count(1)
    expect(page.locator("#pairings tbody tr:visible")).to_contain_text("p03")
    expect(page.locator("[data-filter-count]")).to_have_text("1 of 2 tables")
    page.fill("#pairings-q", "")
    expect(page.locator("#pairings tbody tr:visible")).to_have_count(2)
    expect(page.get_by_role("link", name="Download CSV")).to_have_attribute(
        "href", f"/api/tournaments/{event.pk}/rounds/1/pairings/?as=csv"
    )
    # print media hides the navigation and the search
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.locator("#pairings-q")).to_be_hidden()
    page.emulate_media(media="screen")
    # standings after every result is in: 4 decimals
    for match in Match.objects.filter(round=round).select_related(
        "round__tournament", "player_a__player", "player_b__player"
    ):
        for registration in (match.player_a, match.player_b):
            services.match_result_report(
                match=match, actor=registration.player, a_wins=2, b_wins=1, draws=0
            )
    page.goto(f"{base}/events/{event.pk}/standings/")
    cells = page.locator(".standings-table tbody td:nth-child(5)")
    expect(cells).to_have_count(4)
    for text in cells.all_inner_texts():
        assert re.fullmatch(r"\d{1,3}\.\d{2}%", text), text
    expect(page.locator(".standings-table")).to_contain_text("66.67%")
    shot(page, "standings-desktop")
    # phones: no sideways scrolling on any of the pages
    for path in (
        "/events/",
        f"/events/{event.pk}/standings/",
        f"/events/{event.pk}/rounds/1/pairings/",
    ):
        phone_page.goto(base + path)
        no_sideways_scroll(phone_page)
    shot(phone_page, "pairings-phone")
    phone_page.goto(f"{base}/events/{event.pk}/standings/")
    shot(phone_page, "standings-phone")
    # the standings table scrolls inside its own box if it must
    box = phone_page.locator(".table-scroll").first
    assert box.evaluate("e => getComputedStyle(e).overflowX") == "auto"


def test_a_judge_settles_a_dispute_in_the_queue(live_server, browser, bundled_cards, users):
    base = live_server.url
    event, round = paired_event(users)
    judge = get_user_model().objects.create_user("jules", password=PASSWORD)
    services.judge_add(tournament=event, actor=users["org"], username="jules")
    first, second = Match.objects.filter(round=round).select_related(
        "round__tournament", "player_a__player", "player_b__player"
    )
    a, b = first.player_a.player, first.player_b.player
    services.match_result_report(match=first, actor=a, a_wins=2, b_wins=0, draws=0)
    services.match_result_report(match=first, actor=b, a_wins=0, b_wins=2, draws=0)
    page = player_page(browser, base, judge)
    page.goto(f"{base}/events/{event.pk}/judge/")
    dispute = page.locator("article.dispute")
    expect(dispute).to_contain_text(f"{a.username} says {a.username} 2-0")
    expect(dispute).to_contain_text(f"{b.username} says {a.username} 0-2")
    shot(page, "judge-desktop")
    # when the judge enters 2-1 and gives the other table 5 minutes
    dispute.get_by_label(f"{a.username}'s wins").fill("2")
    dispute.get_by_label(f"{b.username}'s wins").fill("1")
    dispute.get_by_role("button", name="Confirm this result").click()
    expect(page.locator(".messages")).to_contain_text("result entered and logged")
    page.select_option("#extend-match", str(second.pk))
    page.fill("#extend-minutes", "5")
    page.get_by_role("button", name="Extend time").click()
    expect(page.locator(".messages")).to_contain_text("5 more minutes")
    # then the queue is empty and the log says who changed what
    expect(page.locator("#disputes-title")).to_contain_text("(0)")
    expect(page.locator("#log-title + .table-scroll")).to_contain_text("jules")
    expect(page.locator("#log-title + .table-scroll")).to_contain_text("2-1-0")
    phone = player_page(browser, base, judge, phone=True)
    phone.goto(f"{base}/events/{event.pk}/judge/")
    no_sideways_scroll(phone)
    shot(phone, "judge-phone")
    page.context.close()
    phone.context.close()


def test_the_event_list_fits_a_phone(live_server, phone_page, bundled_cards, users):
    for i in range(3):
        services.tournament_create(organizer=users["org"], name=f"A rather long event name {i}")
    log_in_with_a_cookie(phone_page, live_server.url, users["p01"])
    phone_page.goto(live_server.url + "/events/")
    expect(phone_page.locator(".event-card")).to_have_count(3)
    expect(phone_page.locator("#create")).to_contain_text("Create an event")
    no_sideways_scroll(phone_page)
    shot(phone_page, "events-phone")


def test_an_organizer_runs_a_bot_event_from_a_phone(
    live_server, browser, bundled_cards, users, enqueued_tasks
):
    # given: the organizer on a phone
    base = live_server.url
    phone = player_page(browser, base, users["org"], phone=True)
    phone.goto(f"{base}/events/")
    # when they create an automated event
    phone.fill("#id_name", "Bot Night")
    phone.check("#id_automated")
    phone.select_option("#id_bot", "random")
    phone.click("button:has-text('Create the event')")
    phone.wait_for_url(re.compile(r"/events/\d+/$"))
    event = Tournament.objects.get(name="Bot Night")
    expect(phone.locator(".messages")).to_contain_text("Enter the decks the bots will play.")
    # and enter two sample timelines and a pasted list that is not legal
    entrants = phone.locator("#entrants")
    for stem in ("hedra-voss-iron-bastion", "sera-vantyne-storm-lattice"):
        phone.select_option("#entrant-sample", stem)
        entrants.locator("button:has-text('Enter')").first.click()
        expect(phone.locator(".messages")).to_contain_text(f"Entered bot-{stem}")
    phone.fill("#id_name", "broken")
    phone.fill("#id_decklist", "Champion: Sera Vantyne\nTimeline\n1 Static Lattice")
    phone.click("button:has-text('Enter this list')")
    # then the refusal explains itself, and only the two samples are in
    expect(entrants.locator(".alert")).to_contain_text("not legal in this event's format")
    expect(entrants.locator(".problem-list li").first).to_be_visible()
    no_sideways_scroll(phone)
    shot(phone, "bot-event-entrants-phone")
    assert sorted(event.registrations.values_list("player__username", flat=True)) == [
        "bot-hedra-voss-iron-bastion",
        "bot-sera-vantyne-storm-lattice",
    ]
    # when the event starts and round 1 is paired and played, as the workers would
    phone.goto(f"{base}/events/{event.pk}/")
    phone.click("a:has-text('Start event')")
    phone.click("button:has-text('Yes, start the event')")
    expect(phone.locator(".messages")).to_contain_text("The event has started")
    phone.click("a:has-text('Pair next round')")
    phone.click("button:has-text('Yes, pair the next round')")
    expect(phone.locator("#round-panel")).to_contain_text("Pairing")
    run_tasks(enqueued_tasks)
    # then the round shows the result and links each game's replay
    phone.goto(f"{base}/events/{event.pk}/")
    replay = phone.locator("#round-pairings .engine-games a").first
    expect(replay).to_be_visible()
    replay.click()
    expect(phone.locator(".arena-spot")).to_have_count(30)
    no_sideways_scroll(phone)
    phone.context.close()
