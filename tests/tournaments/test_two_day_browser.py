"""A two-day event run from the pages in a real headless Chromium: twelve players, Swiss on day 1,
a cut by points, Swiss again on day 2, then a top 4. The organizer works on a desktop; the judge
and the players on phones (390×844). Along the way a judge call is answered with a ruling that
cites the rules lookup, a deck check ends in a discrepancy and a penalty given from the panel, a
round-2 result is corrected after round 4, and the event is downloaded from its page and
imported on the staff's import page.

The steps this test is not about (registering, most results) go through the services, as the
players would through their own pages; the task that pairs a round is caught when it is enqueued
and run here, as the worker would run it."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from decks.services import read_decklist
from rules.services import rulebook_import
from tests.support.browser import DESKTOP, PASSWORD, PHONE, SAMPLE, no_sideways_scroll, open_as
from tournaments import services
from tournaments.models import JudgeCall, Match, Penalty, ResultOverride, Round, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = tuple(f"p{n:02d}" for n in range(1, 13))
# A two-section rulebook the judge cites (the real ones are imported by their own tests).
RULEBOOK = """# Floor Rules

## Time extensions

A judge who stops a match for a ruling gives the players the time the ruling took as extra time.

## Slow play

Players must play at a reasonable pace; a player who plays slowly is warned.
"""


@pytest.fixture
def people():
    make = get_user_model().objects.create_user
    users = {name: make(name, password=PASSWORD) for name in ("org", "jude", *PLAYERS)}
    users["staff"] = make("staff", password=PASSWORD, is_staff=True)
    return users


def pair_from_the_page(org, event: Tournament, enqueued_tasks) -> Round:
    """The organizer pairs the next round (asked to confirm first); the worker's part runs here."""
    before = {args[0] for name, args, _ in enqueued_tasks if name == "tournaments.round_pair"}
    org.goto(f"{org.base}/events/{event.pk}/")
    org.click("a:has-text('Pair next round')")
    expect(org.locator("main")).to_contain_text("Pair the next round?")
    org.click("button:has-text('Yes, pair the next round')")
    pending = [
        args[0]
        for name, args, _ in enqueued_tasks
        if name == "tournaments.round_pair" and args[0] not in before
    ]
    assert len(pending) == 1
    round = services.round_pair(round_id=pending[0])
    assert round is not None
    return round


def finish(round: Round, org, *, upsets: tuple[int, ...] = ()) -> None:
    """Every table's result, confirmed: player A wins 2-1, except at the `upsets` tables."""
    for match in round.matches.select_related("round__tournament").exclude(player_b=None):
        a, b = (1, 2) if match.table in upsets else (2, 1)
        services.match_result_report(match=match, actor=org, a_wins=a, b_wins=b, draws=0)


def test_a_two_day_event_runs_from_the_pages_on_desktop_and_phone(
    live_server, browser, bundled_cards, people, enqueued_tasks, tmp_path
):
    base = live_server.url
    org = open_as(browser, base, people["org"], DESKTOP)
    org.base = base
    judge = open_as(browser, base, people["jude"], PHONE)

    # given the organizer creates a two-day event on the form: 3 rounds, then players with at
    # least 6 points play 2 more, then a top 4
    org.goto(f"{base}/events/")
    org.fill("#id_name", "Two-Day Regional")
    org.select_option("#id_top_cut", "4")
    org.fill("#id_rounds", "3")
    org.fill("#id_day2_rounds", "2")
    org.select_option("#id_day2_advance", "min_points")
    org.fill("#id_day2_advance_value", "6")
    org.click("button:has-text('Create the event')")
    org.wait_for_url(re.compile(r"/events/\d+/$"))
    event = Tournament.objects.get(name="Two-Day Regional")
    assert [p["kind"] for p in event.phases] == ["swiss", "swiss", "top_cut"]
    assert event.phases[1]["advance"] == {"min_points": 6}
    # twelve players register and a judge is added
    for name in PLAYERS:
        services.registration_create(
            tournament=event, player=people[name], decklist=read_decklist(text=SAMPLE)
        )
    services.judge_add(tournament=event, actor=people["org"], username="jude")
    rulebook_import(
        text=RULEBOOK, name="Floor Rules", version="1", filename="floor.md", game="genesis"
    )

    # when the organizer starts it (asked first) and pairs round 1
    org.reload()
    org.click("a:has-text('Start event')")
    expect(org.locator("main")).to_contain_text("Cannot be undone")
    org.click("button:has-text('Yes, start the event')")
    expect(org.locator(".messages")).to_contain_text("The event has started")
    round1 = pair_from_the_page(org, event, enqueued_tasks)
    expect(org.locator(".phase-panel")).to_contain_text("Phase 1 of 2")

    # a player calls a judge from their match page, on a phone
    table1 = round1.matches.get(table=1)
    caller_name = table1.player_a.player.username
    caller = open_as(browser, base, people[caller_name], PHONE)
    caller.goto(f"{base}/events/{event.pk}/match/")
    caller.fill("#judge-call-note", "We disagree on how much time we have left")
    caller.click("button:has-text('Call a judge')")
    expect(caller.locator(".judge-calls-mine")).to_contain_text("Waiting for a judge")
    no_sideways_scroll(caller)
    # the judge takes it from the queue, searches the rules inside the call and cites a section
    judge.goto(f"{base}/events/{event.pk}/judge/calls/")
    expect(judge.locator("#judge-calls-list")).to_contain_text("Table 1")
    judge.click("button:has-text('Take this call')")
    call = JudgeCall.objects.get()
    judge.fill(f"#ruling-{call.pk}", "The ruling took four minutes: you get them back.")
    judge.fill(f"#search-{call.pk}", "time extension ruling")
    found = judge.locator(f"#found-{call.pk}")
    found.get_by_label(re.compile("Time extensions")).first.check()
    judge.fill(f"#minutes-{call.pk}", "4")
    no_sideways_scroll(judge)
    judge.click(f"#resolve-{call.pk} button:has-text('Record the ruling')")
    expect(judge.locator(".messages")).to_contain_text("Table 1")
    # then the player sees the ruling, its citation and the minutes on their phone
    caller.reload()
    mine = caller.locator(".judge-calls-mine")
    expect(mine).to_contain_text("Ruling by jude")
    expect(mine).to_contain_text("4 extra minutes given for this call")
    expect(mine.locator("a:has-text('Time extensions')")).to_have_attribute(
        "href", re.compile(r"/rules/floor-rules/")
    )
    finish(round1, people["org"])

    # round 2: the judge checks table 2's decks; a discrepancy leads to a penalty from the panel
    round2 = pair_from_the_page(org, event, enqueued_tasks)
    checked = round2.matches.get(table=2)
    offender = checked.player_b
    judge.goto(f"{base}/events/{event.pk}/judge/")
    judge.fill("#deck-check-tables", "2")
    judge.click("button:has-text('Start deck checks')")
    check = judge.locator("article", has_text="Table 2")
    expect(check.locator("details.decklist")).to_have_count(2)
    check.locator("select[name=player]").select_option(str(offender.pk))
    check.locator("input[name=note]").fill("Two forethoughts were in the timeline")
    no_sideways_scroll(judge)
    check.locator("button:has-text('Discrepancy: give a penalty')").click()
    panel = judge.locator("#penalty")
    expect(panel).to_contain_text("Filled in from the page that sent you here")
    expect(judge.locator("#penalty-player")).to_have_value(str(offender.pk))
    expect(judge.locator("#penalty-infraction")).to_have_value("deck_problem")
    judge.click("button:has-text('Give the penalty')")
    expect(judge.locator(".messages")).to_contain_text(offender.player.username)
    penalty = Penalty.objects.get()
    assert (penalty.registration_id, penalty.code) == (offender.pk, "deck_problem")
    # the penalised player sees it on their match page; their opponent does not
    own = open_as(browser, base, people[offender.player.username], PHONE)
    own.goto(f"{base}/events/{event.pk}/match/")
    expect(own.locator("main")).to_contain_text("Deck Problem")
    other = open_as(browser, base, people[checked.player_a.player.username], PHONE)
    other.goto(f"{base}/events/{event.pk}/match/")
    expect(other.locator("main")).not_to_contain_text("Deck Problem")
    finish(round2, people["org"])
    finish(pair_from_the_page(org, event, enqueued_tasks), people["org"])

    # day 1 is over: the organizer confirms who plays day 2, asked first
    org.goto(f"{base}/events/{event.pk}/")
    expect(org.locator(".phase-panel")).to_contain_text("Phase 1 is over")
    org.click("a:has-text('Confirm who advances')")
    expect(org.locator("main")).to_contain_text("Cannot be undone")
    org.click("button:has-text('Yes, confirm the cut to phase 2')")
    expect(org.locator(".messages")).to_contain_text("Phase 2 is confirmed")
    advance = event.phase_advances.get()
    going = Tournament.objects.get(pk=event.pk).registrations.get(pk=advance.advancing[0])
    cut = Tournament.objects.get(pk=event.pk).registrations.get(pk=advance.not_advancing[0])
    seen = open_as(browser, base, going.player, PHONE)
    seen.goto(f"{base}/events/{event.pk}/")
    expect(seen.locator(".phase-mine")).to_contain_text("You advanced to phase 2")
    no_sideways_scroll(seen)
    left = open_as(browser, base, cut.player, PHONE)
    left.goto(f"{base}/events/{event.pk}/")
    expect(left.locator(".phase-mine")).to_contain_text("You did not advance")

    # day 2: round 4 is played, then the judge corrects a round-2 result, asked first
    round4 = pair_from_the_page(org, event, enqueued_tasks)
    assert set(round4.matches.values_list("player_a", flat=True)) <= set(advance.advancing)
    finish(round4, people["org"])
    wrong = Match.objects.get(round=round2, table=3)
    judge.goto(f"{base}/events/{event.pk}/judge/matches/{wrong.pk}/")
    expect(judge.locator("#correction")).to_contain_text("Pairings already made stand")
    judge.fill("#correction-a", "1")
    judge.fill("#correction-b", "2")
    judge.fill("#correction-draws", "0")
    judge.fill("#correction-reason", "The slip was filled in the wrong way round")
    no_sideways_scroll(judge)
    judge.click("button:has-text('Correct the result')")
    judge.click("button:has-text('Yes, correct the result')")
    expect(judge.locator(".messages")).to_contain_text(
        "Corrected and logged: round 2 table 3 is now 1-2-0"
    )
    wrong.refresh_from_db()
    assert (wrong.a_wins, wrong.b_wins) == (1, 2)
    assert ResultOverride.objects.filter(match=wrong, note__contains="wrong way round").exists()
    standings = open_as(browser, base, people["p01"], PHONE)
    standings.goto(f"{base}/events/{event.pk}/standings/")
    expect(standings.locator("main")).to_contain_text("corrected")
    no_sideways_scroll(standings)

    # round 5 and the top 4, paired from the page
    finish(pair_from_the_page(org, event, enqueued_tasks), people["org"])
    semifinals = pair_from_the_page(org, event, enqueued_tasks)
    assert semifinals.kind == Round.Kind.TOP_CUT
    finish(semifinals, people["org"])
    finish(pair_from_the_page(org, event, enqueued_tasks), people["org"])
    assert Tournament.objects.get(pk=event.pk).status == Tournament.Status.FINISHED

    # the organizer downloads the event from its page
    org.goto(f"{base}/events/{event.pk}/")
    with org.expect_download() as download:
        org.click("a:has-text('Download the event file')")
    saved = tmp_path / "event.json"
    download.value.save_as(saved)
    assert '"phases"' in saved.read_text()
    # and on another server (here: the same one, once the event is gone) staff import it
    Match.objects.filter(round__tournament=event).delete()
    Tournament.objects.filter(pk=event.pk).delete()
    staff = open_as(browser, base, people["staff"], DESKTOP)
    staff.goto(f"{base}/events/import/")
    staff.set_input_files("#import-file", str(saved))
    staff.click("button:has-text('Import the event')")
    done = staff.locator(".alert.ok")
    expect(done).to_contain_text("Imported as Two-Day Regional")
    done.locator("a:has-text('Two-Day Regional')").click()
    expect(staff.locator("h1")).to_contain_text("Two-Day Regional")
    expect(staff.locator(".phase-panel")).to_contain_text("Phase 2 of 2")
    imported = Tournament.objects.get(name="Two-Day Regional")
    assert imported.phase_advances.count() == 1
    assert JudgeCall.objects.filter(match__round__tournament=imported).count() == 1
    assert Penalty.objects.filter(registration__tournament=imported).count() == 1
    for page in (org, judge, caller, own, other, seen, left, standings, staff):
        page.context.close()
