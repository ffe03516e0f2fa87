"""The matchup lab over the API and the pages (docs/matchups.md): a job is started (202), its
chunks are played as the worker would, read back (GET) and cancelled (DELETE); refusals before
any game (422 unplayable, 404 invisible, 429 limits, 400 bad input); one job for two requests
at once; the same numbers for the same request on the same deck versions, and new ones after an
edit. The chunk tasks run in this process here; tests/matchups/test_browser.py has a real
worker, and tests/matchups/test_queues.py a full queue of them."""

import io
import json
from datetime import timedelta
from pathlib import Path

import pytest
from celery import Celery, current_app
from celery.exceptions import SoftTimeLimitExceeded
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.utils import timezone
from kombu.exceptions import OperationalError
from rest_framework.test import APIClient

from genesis import resend
from matchups import services as matchup_services
from matchups.models import Matchup, MatchupChunk, MatchupGame
from matchups.tasks import matchup_chunk_task
from tests.conftest import card, card_set
from tests.tournaments.test_concurrency import run_at_once

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("bundled_cards")]

SERA = Path("decks/samples/sera-vantyne-storm-lattice.txt").read_text()
HEDRA = Path("decks/samples/hedra-voss-iron-bastion.txt").read_text()
ORRIN = Path("decks/samples/orrin-thistlebrand-wild-menagerie.txt").read_text()
RESULT_KEYS = {"status", "done", "total", "wins", "losses", "draws", "win_rate", "ci95"}
RESULT_KEYS |= {"endings", "replays"}


def api(username: str | None = None) -> APIClient:
    client = APIClient()
    if username:
        user = get_user_model().objects.get_or_create(username=username)[0]
        client.force_authenticate(user)
    return client


def deck(owner: str, text: str = SERA, visibility: str = "private", name: str = "") -> str:
    response = api(owner).post(
        "/api/decks/",
        {"name": name or f"{owner}'s deck", "decklist": text, "visibility": visibility},
        format="json",
    )
    assert response.status_code == 201, response.json()
    return response.json()["key"]


def start(owner: str, key: str, opponent: dict, games: int = 20, bot: str = "random"):
    return api(owner).post(
        f"/api/decks/{key}/matchups/",
        {"opponent": opponent, "games": games, "bot": bot},
        format="json",
    )


def run_chunks(enqueued: list, start: int = 0) -> int:
    """Run the enqueued chunk tasks in this process, as a worker would; returns how many."""
    ran = 0
    for name, args, kwargs in enqueued[start:]:
        assert name == "matchups.chunk"
        matchup_chunk_task(*args, **kwargs)
        ran += 1
    return ran


def numbers(body: dict) -> tuple:
    return (body["wins"], body["losses"], body["draws"], body["win_rate"], body["ci95"])


def test_a_matchup_is_played_to_its_results(enqueued_tasks):
    # given
    key = deck("ann")
    # when
    response = start("ann", key, {"sample": "hedra-voss-iron-bastion"}, games=20)
    # then: accepted, waiting for the workers, in chunks
    assert response.status_code == 202, response.json()
    body = response.json()
    assert set(body) >= RESULT_KEYS
    assert (body["status"], body["done"], body["total"], body["started"]) == ("queued", 0, 20, True)
    assert body["win_rate"] is None
    assert body["ci95"] is None
    assert len(enqueued_tasks) == 4  # 20 games in chunks of 5
    # when the chunks are played
    assert run_chunks(enqueued_tasks) == 4
    # then
    body = api("ann").get(f"/api/matchups/{body['id']}/").json()
    assert body["status"] == "done"
    assert body["done"] == body["total"] == 20
    assert body["wins"] + body["losses"] + body["draws"] == 20
    assert body["win_rate"] == pytest.approx(body["wins"] / 20)
    low, high = body["ci95"]
    assert 0 <= low <= body["win_rate"] <= high <= 1
    assert sum(e["games"] for e in body["endings"]) == 20
    assert {e["reason"] for e in body["endings"]} <= {"hp", "timeline", "both_lost", "round_cap"}
    assert body["average_rounds"] > 1
    # the first five games are kept for their replays, on the automated events' board
    assert [r["game"] for r in body["replays"]] == [1, 2, 3, 4, 5]
    page = Client()
    page.force_login(get_user_model().objects.get(username="ann"))
    replay = page.get(body["replays"][0]["url"] + "?step=2")
    assert replay.status_code == 200
    html = replay.content.decode()
    assert 'class="arena-grid"' in html
    assert "Step <strong>2</strong>" in html
    assert "Sample: Iron Bastion (Castellan Hedra Voss)" in html
    assert page.get(body["replays"][0]["url"] + "?step=999999").status_code == 404
    # a rerun of a chunk (a message delivered twice) counts nothing twice
    matchup_chunk_task(body["id"], 0)
    assert api("ann").get(f"/api/matchups/{body['id']}/").json()["done"] == 20
    assert MatchupChunk.objects.filter(matchup_id=body["id"]).count() == 4
    assert MatchupGame.objects.filter(matchup_id=body["id"]).count() == 5


def test_the_same_request_gives_the_same_numbers_and_an_edit_new_ones(enqueued_tasks):
    # given: two users test the same list against the same sample
    ann, bob = deck("ann"), deck("bob")
    first = start("ann", ann, {"sample": "orrin-thistlebrand-wild-menagerie"}).json()
    second = start("bob", bob, {"sample": "orrin-thistlebrand-wild-menagerie"}).json()
    run_chunks(enqueued_tasks)
    first = api("ann").get(f"/api/matchups/{first['id']}/").json()
    second = api("bob").get(f"/api/matchups/{second['id']}/").json()
    # then: separate jobs, the same seeded games
    assert first["id"] != second["id"]
    assert first["seed"] == second["seed"]
    assert numbers(first) == numbers(second)
    assert first["endings"] == second["endings"]
    # when ann asks again: the kept result, no new games
    sent = len(enqueued_tasks)
    again = start("ann", ann, {"sample": "orrin-thistlebrand-wild-menagerie"})
    assert again.status_code == 202
    assert again.json()["id"] == first["id"]
    assert again.json()["started"] is False
    assert numbers(again.json()) == numbers(first)
    assert len(enqueued_tasks) == sent
    # when ann edits her deck (version 2) and tests again: a new job on the new version
    edited = SERA.replace("3 Arc Relay", "2 Arc Relay\n1 Stormglass Owl", 1)
    assert edited != SERA
    assert (
        api("ann").patch(f"/api/decks/{ann}/", {"decklist": edited}, format="json").status_code
        == 200
    )
    after = start("ann", ann, {"sample": "orrin-thistlebrand-wild-menagerie"}).json()
    assert after["id"] != first["id"]
    assert after["started"] is True
    assert after["deck"]["version"] == 2
    assert first["deck"]["version"] == 1
    assert after["seed"] != first["seed"]
    run_chunks(enqueued_tasks, sent)
    # both results are kept, one per version, and listed on the deck's page
    page = Client()
    page.force_login(get_user_model().objects.get(username="ann"))
    html = page.get(f"/decks/{ann}/").content.decode()
    assert 'id="matchup-lab"' in html
    assert "Version 1 v Sample: Wild Menagerie (Orrin Thistlebrand)" in html
    assert "Version 2 v Sample: Wild Menagerie (Orrin Thistlebrand)" in html


def test_a_reimport_that_changes_a_card_makes_the_same_request_new_games(enqueued_tasks, tmp_path):
    # given: a finished job of ann's deck against a sample
    ann = deck("ann")
    first = start("ann", ann, {"sample": "hedra-voss-iron-bastion"}).json()
    run_chunks(enqueued_tasks)
    sent = len(enqueued_tasks)
    # when a card of her deck is re-imported with other rules (Arc Relay deals 4, not 3)
    demo = json.loads(Path("decks/cardsets/demo.json").read_text())
    relay = next(c for c in demo["cards"] if c["name"] == "Arc Relay")
    relay["abilities"][0]["name"] = "Range Electric Attack [4]"
    changed = tmp_path / "demo.json"
    changed.write_text(json.dumps(demo))
    call_command("import_cards", str(changed), stdout=io.StringIO())
    # then: the same request is played again on the new cards, not answered by the kept job
    after = start("ann", ann, {"sample": "hedra-voss-iron-bastion"}).json()
    assert after["id"] != first["id"]
    assert after["started"] is True
    assert len(enqueued_tasks) > sent
    # and a re-import that changes nothing keeps the job
    call_command("import_cards", str(changed), stdout=io.StringIO())
    again = start("ann", ann, {"sample": "hedra-voss-iron-bastion"}).json()
    assert (again["id"], again["started"]) == (after["id"], False)
    # when the card changes back while that job waits for its workers
    call_command("import_cards", "decks/cardsets/demo.json", stdout=io.StringIO())
    run_chunks(enqueued_tasks, sent)
    # then: it fails with the reason instead of playing on other cards than it started with
    failed = api("ann").get(f"/api/matchups/{after['id']}/").json()
    assert failed["status"] == "failed"
    assert "re-imported" in failed["error"]
    assert not MatchupChunk.objects.filter(matchup_id=after["id"]).exists()


def test_a_matchup_is_cancelled_by_its_owner_only(enqueued_tasks):
    # given
    key = deck("ann", visibility="public")
    job = start("ann", key, {"sample": "hedra-voss-iron-bastion"}).json()
    url = f"/api/matchups/{job['id']}/"
    run_chunks(enqueued_tasks[:1])
    # when someone else tries: the job is not theirs to see
    assert api("bob").delete(url).status_code == 404
    assert api("bob").get(url).status_code == 404
    assert api().get(url).status_code in (401, 403, 404)
    # when its owner cancels
    response = api("ann").delete(url)
    # then
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "cancelled"
    assert response.json()["done"] == 5
    # the chunks still waiting stop without recording
    run_chunks(enqueued_tasks, 1)
    assert api("ann").get(url).json()["done"] == 5
    assert api("ann").delete(url).json()["code"] == "matchup_not_running"
    assert api("ann").delete(url).status_code == 409
    # the same request starts afresh
    again = start("ann", key, {"sample": "hedra-voss-iron-bastion"}).json()
    assert again["id"] != job["id"]
    assert again["started"] is True


def test_a_playing_chunk_stops_at_a_cancel(enqueued_tasks, monkeypatch):
    # given: a job in chunks of 50 games, cancelled while its first chunk plays its 10th game
    key = deck("ann")
    job = start("ann", key, {"sample": "hedra-voss-iron-bastion"}, games=1000).json()
    played = []
    real = matchup_services.play_game

    def play_and_cancel(*args, **kwargs):
        played.append(1)
        if len(played) == 10:
            Matchup.objects.filter(pk=job["id"]).update(status="cancelled")
        return real(*args, **kwargs)

    monkeypatch.setattr(matchup_services, "play_game", play_and_cancel)
    # when
    result = matchup_chunk_task(job["id"], 0)
    # then: it noticed within a few games and recorded nothing
    assert result["status"] == "cancelled"
    assert len(played) <= 10 + matchup_services.CANCEL_CHECK_EVERY
    assert not MatchupChunk.objects.exists()


def test_decks_the_engine_cannot_play_are_refused_before_any_game(enqueued_tasks, write_card_set):
    # given: a card legal in the format whose keyword the engine does not run
    null = card(
        "Null Relay",
        chi=5,
        abilities=[{"speed": "swift", "name": "Brand [Fire]", "cost": {"aura": 2}}],
    )
    call_command(
        "import_cards", str(write_card_set(card_set([null], code="NUL"))), stdout=io.StringIO()
    )
    unplayable = deck("ann", SERA.replace("3 Arc Relay", "3 Null Relay"), visibility="public")
    playable = deck("ann", HEDRA)
    # when the deck is tested
    response = start("ann", unplayable, {"sample": "hedra-voss-iron-bastion"})
    # then
    assert response.status_code == 422
    body = response.json()
    assert body["code"] == "deck_unplayable"
    assert any("Brand" in problem for problem in body["problems"])
    assert "Null Relay" in body["detail"]
    # when it is the opponent
    response = start("ann", playable, {"deck": unplayable})
    assert response.status_code == 422
    assert response.json()["code"] == "opponent_unplayable"
    # the field without another playable public deck is empty
    response = start("ann", playable, {"field": True})
    assert (response.status_code, response.json()["code"]) == (422, "empty_field")
    assert not Matchup.objects.exists()
    assert enqueued_tasks == []


def test_only_visible_decks_are_tested_or_played_against(enqueued_tasks):
    # given
    private = deck("bob")
    mine = deck("ann")
    # then
    response = start("ann", private, {"sample": "hedra-voss-iron-bastion"})
    assert (response.status_code, response.json()["code"]) == (404, "not_found")
    response = start("ann", mine, {"deck": private})
    assert (response.status_code, response.json()["code"]) == (404, "opponent_not_found")
    assert start(None, mine, {"sample": "hedra-voss-iron-bastion"}).status_code == 401
    unlisted = deck("bob", HEDRA, visibility="unlisted")
    assert start("ann", mine, {"deck": unlisted}).status_code == 202
    assert Matchup.objects.count() == 1


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ({"opponent": {"sample": "nope"}, "games": 20}, "unknown_sample"),
        ({"opponent": {}, "games": 20}, "invalid"),
        ({"opponent": {"sample": "hedra-voss-iron-bastion", "field": True}}, "invalid"),
        ({"opponent": {"field": True}, "games": 0}, "invalid"),
        ({"opponent": {"field": True}, "games": 2001}, "invalid"),
        ({"opponent": {"field": True}, "bot": "genius"}, "invalid"),
        ({"games": 20}, "invalid"),
    ],
)
def test_bad_requests_are_400s_with_a_code(payload, code, enqueued_tasks):
    key = deck("ann")
    response = api("ann").post(f"/api/decks/{key}/matchups/", payload, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["code"] == code


def test_the_limits_answer_429_with_a_stable_code(enqueued_tasks, monkeypatch):
    # given: two jobs waiting
    key = deck("ann")
    assert start("ann", key, {"sample": "hedra-voss-iron-bastion"}).status_code == 202
    assert start("ann", key, {"sample": "orrin-thistlebrand-wild-menagerie"}).status_code == 202
    # when a third is asked for
    response = start("ann", key, {"sample": "nyx-ashcoil-fuse-and-cinder"})
    # then
    assert response.status_code == 429
    assert response.json()["code"] == "matchup_running_limit"
    assert response["Retry-After"] == str(matchup_services.RUNNING_RETRY_SECONDS)
    # a request for a running job still answers it (no new work)
    assert start("ann", key, {"sample": "hedra-voss-iron-bastion"}).status_code == 202
    # another user has their own share
    assert start("bob", deck("bob"), {"sample": "nyx-ashcoil-fuse-and-cinder"}).status_code == 202
    # when the jobs are played, the daily budget of games counts them
    run_chunks(enqueued_tasks)
    monkeypatch.setattr(matchup_services, "MAX_GAMES_PER_DAY", 50)
    response = start("ann", key, {"sample": "nyx-ashcoil-fuse-and-cinder"})
    assert response.status_code == 429
    assert response.json()["code"] == "matchup_daily_limit"
    assert response.json()["used"] == 40
    # ask again when the first job of the day leaves the 24-hour window
    assert 23 * 3600 < int(response["Retry-After"]) <= 24 * 3600
    assert start("ann", key, {"sample": "nyx-ashcoil-fuse-and-cinder"}, games=10).status_code == 202


def test_two_requests_at_once_make_one_job(enqueued_tasks):
    if connection.vendor != "postgresql":
        pytest.skip("row locks are exercised on PostgreSQL")
    # given
    key = deck("ann")
    clients = [api("ann"), api("ann")]

    def post(client):
        return lambda: client.post(
            f"/api/decks/{key}/matchups/",
            {"opponent": {"sample": "hedra-voss-iron-bastion"}, "games": 20, "bot": "random"},
            format="json",
        )

    # when
    responses = run_at_once(*(post(client) for client in clients))
    # then
    assert [r.status_code for r in responses] == [202, 202], responses
    assert len({r.json()["id"] for r in responses}) == 1
    assert sorted(r.json()["started"] for r in responses) == [False, True]
    assert Matchup.objects.count() == 1
    assert len(enqueued_tasks) == 4  # one job's chunks, once


def test_the_field_spreads_the_games_over_the_public_legal_decks(enqueued_tasks):
    # given: two public decks, one private one and an unlisted one
    deck("bob", HEDRA, visibility="public", name="Bastion")
    deck("cat", ORRIN, visibility="public", name="Menagerie")
    deck("dan", HEDRA, visibility="private", name="Hidden")
    deck("eve", ORRIN, visibility="unlisted", name="Unlisted")
    key = deck("ann", visibility="public")
    # when
    body = start("ann", key, {"field": True}, games=20).json()
    run_chunks(enqueued_tasks)
    # then
    assert sorted(d["label"] for d in body["opponent"]["decks"]) == ["Bastion", "Menagerie"]
    assert body["opponent"]["label"] == "the field (2 decks)"
    games = MatchupGame.objects.filter(matchup_id=body["id"]).order_by("number")
    labels = [d["label"] for d in body["opponent"]["decks"]]
    assert [g.opponent for g in games] == [labels[n % 2] for n in range(5)]
    assert api("ann").get(f"/api/matchups/{body['id']}/").json()["done"] == 20


def test_the_pages_start_follow_and_refuse_a_matchup(enqueued_tasks):
    # given
    key = deck("ann")
    page = Client()
    page.force_login(get_user_model().objects.get(username="ann"))
    html = page.get(f"/decks/{key}/").content.decode()
    assert 'id="matchup-submit"' in html
    assert 'value="sample:hedra-voss-iron-bastion"' in html
    # when the form is sent
    response = page.post(
        f"/decks/{key}/matchups/",
        {"opponent": "sample:hedra-voss-iron-bastion", "games": "20", "bot": "random"},
    )
    # then: the job's page, with its progress bar
    assert response.status_code == 302
    job = Matchup.objects.get()
    assert response.url == f"/matchups/{job.pk}/"
    html = page.get(response.url).content.decode()
    assert '<progress id="matchup-bar" max="20" value="0"' in html
    assert 'hx-trigger="every 1s"' in html
    run_chunks(enqueued_tasks)
    partial = page.get(response.url, headers={"HX-Request": "true"}).content.decode()
    assert '<progress id="matchup-bar" max="20" value="20"' in partial
    assert "hx-trigger" not in partial  # the polling stops at the end
    assert 'id="matchup-win-rate"' in partial
    assert "Replays" in partial
    # someone else sees nothing of it
    other = Client()
    other.force_login(get_user_model().objects.create_user("bob"))
    assert other.get(response.url).status_code == 404
    assert other.post(f"/matchups/{job.pk}/cancel/").status_code == 404
    # a refusal is a page with the reason, not an error
    refused = page.post(f"/decks/{key}/matchups/", {"opponent": "sample:nope", "games": "20"})
    assert refused.status_code == 400
    assert "There is no sample timeline called" in refused.content.decode()
    # anonymous visitors are asked to log in
    html = Client().get(f"/decks/{deck('cat', visibility='public')}/").content.decode()
    assert "to play this deck against another" in html


def test_a_job_that_stopped_moving_gets_its_missing_chunks_again(enqueued_tasks):
    # given: a job with one chunk of four recorded, whose other messages were lost
    key = deck("ann")
    job = start("ann", key, {"sample": "hedra-voss-iron-bastion"}).json()
    run_chunks(enqueued_tasks[:1])
    del enqueued_tasks[:]
    # then: not while it is recent
    assert matchup_services.matchup_resend() == {"matchup_chunks": 0}
    # when it has been still for longer than STALE_AFTER
    sent = matchup_services.matchup_resend(older_than=timedelta(0))
    # then: the three missing chunks, which finish the job
    assert sent == {"matchup_chunks": 3}
    assert [args for _, args, _ in enqueued_tasks] == [
        (job["id"], 1),
        (job["id"], 2),
        (job["id"], 3),
    ]
    run_chunks(enqueued_tasks)
    assert api("ann").get(f"/api/matchups/{job['id']}/").json()["status"] == "done"
    assert matchup_services.matchup_resend(older_than=timedelta(0)) == {"matchup_chunks": 0}


def test_a_chunk_past_its_time_limit_fails_the_job_with_the_reason(enqueued_tasks, monkeypatch):
    # given
    key = deck("ann")
    job = start("ann", key, {"sample": "hedra-voss-iron-bastion"}).json()

    def too_slow(**kwargs):
        raise SoftTimeLimitExceeded()

    # A patch of its own, undone alone: monkeypatch.undo() would also undo the autouse guard
    # (tests/conftest.py, enqueued_tasks), and the next start would reach the real broker.
    with monkeypatch.context() as patch:
        patch.setattr(matchup_services, "matchup_chunk_play", too_slow)
        # when
        assert matchup_chunk_task(job["id"], 2)["status"] == "failed"
    # then
    body = api("ann").get(f"/api/matchups/{job['id']}/").json()
    assert body["status"] == "failed"
    assert body["error"] == "Chunk 3 did not finish within 240 seconds."
    sent = len(enqueued_tasks)
    again = start("ann", key, {"sample": "hedra-voss-iron-bastion"}).json()
    assert again["started"] is True
    assert again["id"] != job["id"]
    assert len(enqueued_tasks) == sent + 4  # recorded by the guard, not sent to the broker


def test_a_deck_of_another_game_is_refused_the_engine_plays_genesis_only(enqueued_tasks):
    # given: a Grand Archive deck (its list need not be legal to be kept)
    response = api("ann").post(
        "/api/decks/",
        {
            "name": "Archive",
            "format": "grand-archive-standard",
            "decklist": "Main\n4 Some Spell\nMaterial\n1 Some Champion\n",
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    key = response.json()["key"]
    # when
    response = start("ann", key, {"sample": "hedra-voss-iron-bastion"})
    # then
    assert response.status_code == 422
    assert response.json()["code"] == "deck_unplayable"
    assert "Genesis only" in response.json()["detail"]
    assert not Matchup.objects.exists()
    assert enqueued_tasks == []
    # and its page offers no test
    client = Client()
    client.force_login(get_user_model().objects.get(username="ann"))
    assert b"Test this deck" not in client.get(f"/decks/{key}/").content


def test_a_start_while_the_broker_is_down_is_a_503_and_the_sweep_sends_its_chunks(
    enqueued_tasks, monkeypatch
):
    # given
    key = deck("ann")

    def refuse(app, name, *args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    # when the broker is down (a patch of its own: the guard is back after it)
    with monkeypatch.context() as patch:
        patch.setattr(Celery, "send_task", refuse)
        response = start("ann", key, {"sample": "hedra-voss-iron-bastion"})
    # then a clear 503, and the job is saved, waiting
    assert response.status_code == 503
    assert response.json()["code"] == "broker_unavailable"
    job = Matchup.objects.get()
    assert job.status == Matchup.Status.QUEUED
    assert enqueued_tasks == []
    # when the sweep of pending work runs: nothing while the job is younger than STALE_AFTER
    assert resend.pending_resend()["matchup_chunks"] == 0
    Matchup.objects.update(created_at=timezone.now() - matchup_services.STALE_AFTER)
    # then its chunks are sent, once per STALE_AFTER, and they finish it
    assert resend.pending_resend() == {
        "rounds": 0,
        "games": 0,
        "round_emails": 0,
        "matchup_chunks": 4,
        "field_pairings": 0,
    }
    assert resend.pending_resend()["matchup_chunks"] == 0
    assert run_chunks(enqueued_tasks) == 4
    assert api("ann").get(f"/api/matchups/{job.pk}/").json()["status"] == "done"


def test_chunks_go_to_the_matchups_queue_and_tournament_work_to_the_default_one():
    router = current_app.amqp.router
    assert router.route({}, matchup_services.CHUNK_TASK)["queue"].name == "matchups"
    tournament_work = (
        "tournaments.round_pair",
        "tournaments.adjudicate_game",
        "tournaments.round_emails",
        "genesis.resend_pending",
    )
    for name in tournament_work:
        assert router.route({}, name)["queue"].name == "celery"
    # a worker started without -Q serves both, the tournaments' queue first
    assert list(current_app.amqp.queues) == ["celery", "matchups"]


def test_the_field_is_offered_only_when_it_has_a_deck():
    # given: ann's private deck, and no other public legal deck of its format
    ann = deck("ann")
    page = Client()
    page.force_login(get_user_model().objects.get(username="ann"))
    # then the panel says the field is empty, and the choice cannot be made
    html = page.get(f"/decks/{ann}/").content.decode()
    assert '<option value="field" disabled>' in html
    assert "no other public legal deck" in html
    # when bob publishes a legal deck of the same format
    deck("bob", visibility="public")
    # then the field is offered
    html = page.get(f"/decks/{ann}/").content.decode()
    assert '<option value="field">The field: every public legal deck' in html


def test_a_sample_is_named_by_its_deck_and_champion_never_its_slug():
    from decks.core.bundled import sample_labels

    labels = sample_labels()
    assert labels["hedra-voss-iron-bastion"] == "Iron Bastion (Castellan Hedra Voss)"
    assert labels["nyx-ashcoil-fuse-and-cinder"] == "Fuse and Cinder (Nyx Ashcoil)"
    assert all("-" not in label.split(" (")[0] for label in labels.values())
