"""Automated events: decks entered by the organizer, played by bots through the engine in
Celery tasks, results in the usual standings; each game recorded exactly once (reruns, races, a
crash before commit), unplayable decks refused at entry, and the replay page."""

import hashlib
import io
import json
import time
from pathlib import Path

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.conftest import card, card_set
from tests.tournaments.conftest import api, as_user, run_tasks
from tests.tournaments.test_concurrency import run_at_once
from tournaments import services
from tournaments.models import EngineGame, Match, Round, Tournament
from tournaments.services import automated
from tournaments.tasks import adjudicate_game_task

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("bundled_cards")]

SAMPLES = sorted(Path("decks/samples").glob("*.txt"))


def automated_event(entrants: int = 4, bot: str = "heuristic") -> int:
    """An automated event by `org` with the first `entrants` sample decks, started."""
    org = api("org")
    response = org.post(
        "/api/tournaments/", {"name": "Bot Cup", "automated": True, "bot": bot}, format="json"
    )
    assert response.status_code == 201, response.json()
    assert response.json()["automated"] is True
    assert response.json()["bot"] == bot
    event = response.json()["id"]
    for path in SAMPLES[:entrants]:
        entered = org.post(
            f"/api/tournaments/{event}/entrants/",
            {"name": path.stem, "decklist": path.read_text()},
            format="json",
        )
        assert entered.status_code == 201, entered.json()
    assert org.post(f"/api/tournaments/{event}/start/").status_code == 200
    return event


def paired_round(event: int, enqueued: list) -> Round:
    """Start round 1 and pair it in-process; its game tasks are enqueued, not run."""
    assert api("org").post(f"/api/tournaments/{event}/rounds/").status_code == 202
    round = Round.objects.get(tournament_id=event, number=1)
    services.round_pair(round_id=round.pk)
    return round


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_an_automated_round_is_played_to_confirmed_results_in_the_standings(enqueued_tasks):
    # given
    event = automated_event(4)
    # when
    api("org").post(f"/api/tournaments/{event}/rounds/")
    ran = run_tasks(enqueued_tasks)
    # then
    round = Round.objects.get(tournament_id=event, number=1)
    assert round.status == Round.Status.FINISHED
    matches = list(Match.objects.filter(round=round))
    assert len(matches) == 2
    assert all(m.status == Match.Status.CONFIRMED for m in matches)
    games = 0
    for match in matches:
        rows = list(match.engine_games.order_by("number"))
        state_games = match.state["games"]
        assert [r.number for r in rows] == list(range(1, len(state_games) + 1))
        assert [r.winner or None for r in rows] == [g["winner"] for g in state_games]
        assert max(match.a_wins, match.b_wins) == 2
        assert match.a_wins + match.b_wins + match.draws == len(rows)
        assert all(r.log and r.actions > 0 for r in rows)
        games += len(rows)
    names = [name for name, _, _ in enqueued_tasks]
    assert names.count("tournaments.adjudicate_game") == games == ran - 1
    standings = api().get(f"/api/tournaments/{event}/standings/").json()
    assert sorted(row["player"] for row in standings) == sorted(
        f"bot-{path.stem}" for path in SAMPLES[:4]
    )
    assert sorted(row["points"] for row in standings) == [0, 0, 3, 3]
    assert sum(row["wins"] for row in standings) == 2


def test_a_game_task_run_twice_records_the_game_once(enqueued_tasks):
    event = automated_event(2, bot="random")
    round = paired_round(event, enqueued_tasks)
    match = Match.objects.get(round=round)
    # when
    first = adjudicate_game_task(match.pk, 1)
    second = adjudicate_game_task(match.pk, 1)
    # then
    assert (first["status"], second["status"]) == ("recorded", "already_recorded")
    assert EngineGame.objects.filter(match=match).count() == 1
    match.refresh_from_db()
    assert len(match.state["games"]) == 1
    assert enqueued_tasks.count(("tournaments.adjudicate_game", (match.pk, 2), {})) == 1


def test_two_reruns_at_once_record_one_game(enqueued_tasks):
    if connection.vendor != "postgresql":
        pytest.skip("row locks are exercised on PostgreSQL")
    event = automated_event(2, bot="random")
    match = Match.objects.get(round=paired_round(event, enqueued_tasks))
    # when
    results = run_at_once(
        lambda: services.game_adjudicate(match_id=match.pk, number=1),
        lambda: services.game_adjudicate(match_id=match.pk, number=1),
    )
    # then
    assert sorted(results) == ["already_recorded", "recorded"], results
    assert EngineGame.objects.filter(match=match).count() == 1
    match.refresh_from_db()
    assert len(match.state["games"]) == 1
    assert enqueued_tasks.count(("tournaments.adjudicate_game", (match.pk, 2), {})) == 1


def test_a_crash_before_commit_leaves_no_result_and_the_rerun_plays_the_same_game(
    enqueued_tasks, monkeypatch
):
    event = automated_event(2, bot="random")
    match = Match.objects.get(round=paired_round(event, enqueued_tasks))
    before = match.state
    played = []
    real_play = automated.play_next_game
    real_enqueue = automated.enqueue_game

    def spy(*args, **kwargs):
        after, game = real_play(*args, **kwargs)
        played.append((game.winner, digest(game.log.dumps())))
        return after, game

    def worker_lost(*args):
        raise RuntimeError("worker lost")

    monkeypatch.setattr(automated, "play_next_game", spy)
    monkeypatch.setattr(
        automated, "enqueue_game", worker_lost
    )  # after the writes, in the transaction
    # when: the game is played, then the process dies before the commit
    with pytest.raises(RuntimeError, match="worker lost"):
        adjudicate_game_task(match.pk, 1)
    # then: nothing half-written
    assert not EngineGame.objects.filter(match=match).exists()
    match.refresh_from_db()
    assert match.state == before
    # when: the message is delivered again (monkeypatch.undo() would also undo the
    # enqueued_tasks fixture and send the next game to a real broker)
    monkeypatch.setattr(automated, "enqueue_game", real_enqueue)
    assert adjudicate_game_task(match.pk, 1)["status"] == "recorded"
    # then: the identical game, recorded once
    game = EngineGame.objects.get(match=match)
    assert played[0] == played[1] == (game.winner or None, digest(game.log))


def test_a_game_past_its_time_limit_is_a_drawn_game(enqueued_tasks, monkeypatch):
    event = automated_event(2, bot="random")
    match = Match.objects.get(round=paired_round(event, enqueued_tasks))

    def too_slow(*args, **kwargs):
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr(automated, "play_next_game", too_slow)
    assert adjudicate_game_task(match.pk, 1)["status"] == "recorded"
    game = EngineGame.objects.get(match=match)
    assert (game.winner, game.reason, game.log) == ("", "time_limit", "")
    match.refresh_from_db()
    assert match.state["games"][0]["winner"] is None
    assert match.state["phase"] == "choosing_lead"


# Every glossary keyword is supported; Brand needs an ailment, and fire is an element.
UNSUPPORTED = card(
    "Null Relay",
    chi=5,
    abilities=[
        {"speed": "swift", "name": "Brand [Fire]", "cost": {"aura": 2}, "text": "Brands a target."}
    ],
)


def test_a_deck_the_engine_cannot_play_is_refused_at_entry(write_card_set):
    # given: a card legal in the format whose keyword the engine does not run
    path = write_card_set(card_set([UNSUPPORTED], code="NUL", name="Null Set"))
    call_command("import_cards", str(path), stdout=io.StringIO())
    sera = Path("decks/samples/sera-vantyne-storm-lattice.txt").read_text()
    unplayable = sera.replace("3 Arc Relay", "3 Null Relay")
    assert unplayable != sera
    org = api("org")
    event = org.post(
        "/api/tournaments/", {"name": "Bot Cup", "automated": True}, format="json"
    ).json()["id"]
    # when
    response = org.post(
        f"/api/tournaments/{event}/entrants/",
        {"name": "null", "decklist": unplayable},
        format="json",
    )
    # then
    assert response.status_code == 400, response.json()
    body = response.json()
    assert body["code"] == "deck_unplayable"
    assert body["detail"].startswith("The game engine cannot play this deck: ")
    assert "Null Relay" in body["detail"]
    assert "Brand [Fire]" in body["detail"]
    assert "Brand names an ailment" in body["detail"]
    assert not Match.objects.exists()
    assert api().get(f"/api/tournaments/{event}/registrations/").json() == []


def test_who_may_enter_what(sample_text):
    org = api("org")
    automated = org.post("/api/tournaments/", {"name": "Bots", "automated": True}, format="json")
    human = org.post("/api/tournaments/", {"name": "Humans"}, format="json")
    automated, human = automated.json()["id"], human.json()["id"]
    cases = [
        (api("p01"), f"/api/tournaments/{automated}/registrations/", {}, 409, "automated_event"),
        (org, f"/api/tournaments/{human}/entrants/", {"name": "x"}, 409, "not_automated"),
        (
            api("p01"),
            f"/api/tournaments/{automated}/entrants/",
            {"name": "x"},
            403,
            "not_organizer",
        ),
        (org, f"/api/tournaments/{automated}/entrants/", {"name": "!!"}, 400, "invalid_name"),
    ]
    for client, url, body, status, code in cases:
        response = client.post(url, {"decklist": sample_text, **body}, format="json")
        assert (response.status_code, response.json()["code"]) == (status, code), url
    # a person's account is never taken over by an entrant of the same name
    get_user_model().objects.create_user("bot-person", password="secret-Pass-123")
    response = org.post(
        f"/api/tournaments/{automated}/entrants/",
        {"name": "person", "decklist": sample_text},
        format="json",
    )
    assert (response.status_code, response.json()["code"]) == (409, "name_taken")


def test_the_api_enters_a_saved_deck_named_after_it(sample_text):
    # given
    org = api("org")
    event = org.post("/api/tournaments/", {"name": "Bots", "automated": True}, format="json")
    url = f"/api/tournaments/{event.json()['id']}/entrants/"
    deck = org.post("/api/decks/", {"name": "Storm Test", "decklist": sample_text}, format="json")
    theirs = api("p01").post("/api/decks/", {"name": "Theirs", "decklist": sample_text})
    # when
    entered = org.post(url, {"deck": deck.json()["key"]}, format="json")
    both = org.post(url, {"deck": deck.json()["key"], "decklist": sample_text}, format="json")
    other = org.post(url, {"deck": theirs.json()["key"]}, format="json")
    # then
    assert entered.status_code == 201, entered.json()
    assert entered.json()["player"] == "bot-storm-test"
    assert both.status_code == 400
    assert (other.status_code, other.json()["code"]) == (404, "unknown_deck")  # private to p01


def test_judges_cannot_play_an_automated_matchs_games(enqueued_tasks):
    event = automated_event(2, bot="random")
    match = Match.objects.get(round=paired_round(event, enqueued_tasks))
    response = api("org").post(f"/api/matches/{match.pk}/lead/", {"lead": True}, format="json")
    assert (response.status_code, response.json()["code"]) == (409, "automated_match")


def test_the_replay_page_steps_through_a_game(enqueued_tasks):
    event = automated_event(2, bot="random")
    match = Match.objects.get(round=paired_round(event, enqueued_tasks))
    adjudicate_game_task(match.pk, 1)
    game = EngineGame.objects.get(match=match, number=1)
    url = reverse("tournaments:game-replay", args=[event, match.pk, 1])
    client = Client()
    # step 0: the opening position
    page = client.get(url).content.decode()
    assert page.count('class="arena-spot"') == 30
    assert "Step <strong>0</strong> of " + str(game.actions) in page
    assert page.count("c3r1")
    assert page.count("c3r6")
    assert 'rel="next"' in page
    assert 'rel="prev"' not in page
    assert "Sera" in page or "Hedra" in page or "Nyx" in page  # a champion on the grid
    assert "The stack" in page
    assert "Memories" in page
    assert "(hidden)" in page
    # a later step: the last action is described, and both ways are open
    later = game.actions // 2
    page = client.get(url, {"step": later}).content.decode()
    assert f"Step <strong>{later}</strong>" in page
    assert "Last: " in page
    assert f'href="?step={later - 1}"' in page
    assert f'href="?step={later + 1}"' in page
    # the end of the game
    page = client.get(url, {"step": game.actions}).content.decode()
    assert "Game over" in page
    assert 'rel="next"' not in page
    # bad steps and games are 404s, never 500s
    for step in (game.actions + 1, -1, "abc", "²", "9" * 5000):
        assert client.get(url, {"step": step}).status_code == 404, step
    missing = reverse("tournaments:game-replay", args=[event, match.pk, 9])
    assert client.get(missing).status_code == 404
    # a game recorded by an earlier engine version: refused with the reason, result kept
    old = json.loads(game.log)
    del old["engine"]  # logs before the version was written are version 1
    EngineGame.objects.filter(pk=game.pk).update(log=json.dumps(old))
    refused = client.get(url)
    assert refused.status_code == 410
    assert "recorded by engine version 1" in refused.content.decode()
    EngineGame.objects.filter(pk=game.pk).update(log=game.log)
    # the match API, the pairings page and the event page's round link to it
    games = api().get(f"/api/matches/{match.pk}/").json()["engine_games"]
    assert games[0]["replay"] == url
    assert url in client.get(reverse("tournaments:pairings", args=[event, 1])).content.decode()
    assert url in client.get(reverse("tournaments:event-detail", args=[event])).content.decode()


@pytest.mark.integration
def test_a_real_worker_plays_an_automated_event(celery_worker_process):
    event = automated_event(2, bot="random")
    response = api("org").post(f"/api/tournaments/{event}/rounds/")
    assert response.status_code == 202
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        pairings = api().get(f"/api/tournaments/{event}/rounds/1/pairings/").json()
        if pairings and pairings[0]["status"] == "confirmed":
            break
        time.sleep(0.25)
    assert pairings, pairings
    assert pairings[0]["status"] == "confirmed", pairings
    match = Match.objects.get(pk=pairings[0]["match"])
    rows = match.engine_games.count()
    assert rows == match.a_wins + match.b_wins + match.draws >= 2
    assert api().get(f"/api/tournaments/{event}/rounds/1/").json()["status"] == "finished"
    standings = api().get(f"/api/tournaments/{event}/standings/").json()
    assert [row["points"] for row in standings] in ([3, 0], [1, 1])


@pytest.mark.browser
def test_the_arrow_keys_step_through_a_replay_in_a_browser(
    live_server, page, phone_page, enqueued_tasks
):
    from tests.support.browser import no_sideways_scroll, shot

    event = automated_event(2, bot="random")
    match = Match.objects.get(round=paired_round(event, enqueued_tasks))
    adjudicate_game_task(match.pk, 1)
    url = live_server.url + reverse("tournaments:game-replay", args=[event, match.pk, 1])
    page.goto(url + "?step=3")
    assert page.locator(".arena-grid tr").count() == 6
    assert page.locator(".arena-spot").count() == 30
    page.keyboard.press("ArrowRight")
    page.wait_for_url("**?step=4")
    page.keyboard.press("ArrowLeft")
    page.wait_for_url("**?step=3")
    shot(page, "replay")
    phone_page.goto(url + "?step=3")
    no_sideways_scroll(phone_page)
    shot(phone_page, "replay-phone")


# --- the same from the pages ----------------------------------------------------------------


def test_an_organizer_runs_an_automated_event_from_the_pages(enqueued_tasks):
    # given
    org = as_user("org")
    # when: the event is created with the form
    response = org.post(
        reverse("tournaments:event-list"),
        {
            "name": "Bot Cup",
            "format": "genesis-standard",
            "top_cut": "0",
            "round_minutes": "50",
            "late_registration_until": "0",
            "automated": "on",
            "bot": "random",
        },
    )
    # then
    assert response.status_code == 302
    event = Tournament.objects.get(name="Bot Cup")
    assert (event.automated, event.bot) == (True, "random")
    page = org.get(response.url).content.decode()
    assert "Enter the decks the bots will play." in page
    assert 'id="entrants"' in page
    assert 'id="registration"' not in page
    # when: decks are entered from a sample, from a saved deck and as a pasted list
    url = reverse("tournaments:entrant-add", args=[event.pk])
    assert org.post(url, {"sample": "nyx-ashcoil-fuse-and-cinder"}).status_code == 302
    deck = api("org").post(
        "/api/decks/", {"name": "My Sera", "decklist": SAMPLES[3].read_text()}, format="json"
    )
    assert deck.status_code == 201, deck.json()
    assert org.post(url, {"deck": deck.json()["key"]}).status_code == 302
    pasted = {"name": "pasted", "decklist": SAMPLES[0].read_text()}
    assert org.post(url, pasted).status_code == 302
    # then
    names = sorted(event.registrations.values_list("player__username", flat=True))
    assert names == ["bot-my-sera", "bot-nyx-ashcoil-fuse-and-cinder", "bot-pasted"]
    # and the event runs as any automated event
    start = reverse("tournaments:event-start", args=[event.pk])
    assert org.post(start, {"confirm": "yes"}).status_code == 302
    page = org.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()
    assert "Entries are closed." in page


def test_entering_decks_from_the_pages_is_refused_with_reasons(write_card_set):
    # given
    org = as_user("org")
    event = services.tournament_create(
        organizer=get_user_model().objects.get(username="org"), name="Bots", automated=True
    )
    url = reverse("tournaments:entrant-add", args=[event.pk])
    illegal = SAMPLES[0].read_text().replace("Timeline", "Timeline\n40 Phyr Cub", 1)
    path = write_card_set(card_set([UNSUPPORTED], code="NUL", name="Null Set"))
    call_command("import_cards", str(path), stdout=io.StringIO())
    sera = Path("decks/samples/sera-vantyne-storm-lattice.txt")
    unplayable = sera.read_text().replace("3 Arc Relay", "3 Null Relay")
    cases = [
        # (client, data, status, text on the page)
        (org, {"decklist": unplayable}, 400, "Brand names an ailment"),
        (org, {"sample": "no-such-deck"}, 404, "There is no such sample timeline."),
        (org, {"decklist": "  "}, 400, "Choose a sample or one of your decks, or paste a list."),
        (org, {"name": "x", "decklist": illegal}, 400, "not legal in this event"),
        (org, {"deck": "nosuchkey"}, 404, "No deck with that key is visible to you."),
        (as_user("mallory"), {"sample": "nyx-ashcoil-fuse-and-cinder"}, 403, ""),
    ]
    for client, data, status, text in cases:
        # when
        response = client.post(url, data)
        # then
        assert response.status_code == status, (data, response.content.decode()[:300])
        assert text in response.content.decode(), data
    assert Client().post(url, {"sample": "x"}).status_code == 302  # to the login page
    human = services.tournament_create(
        organizer=get_user_model().objects.get(username="org"), name="Humans"
    )
    sample = {"sample": "nyx-ashcoil-fuse-and-cinder"}
    refused = org.post(reverse("tournaments:entrant-add", args=[human.pk]), sample)
    assert refused.status_code == 302
    assert "Only automated events" in org.get(refused.url).content.decode()
    assert not event.registrations.exists()
    page = as_user("mallory").get(reverse("tournaments:event-detail", args=[event.pk]))
    assert "The organizer enters the decks." in page.content.decode()
