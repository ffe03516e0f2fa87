"""Nothing stuck, nothing lost: a send that fails answers 503 broker_unavailable and leaves the
work pending in the database; the resend (the periodic sweep, a worker's start, the organizer's
retry) finishes it, and a duplicate send changes nothing. Faults against a real broker and a
real worker are in tests/test_faults.py."""

import time
from datetime import timedelta

import pytest
from celery import Celery
from django.utils import timezone
from kombu.exceptions import OperationalError

from genesis import resend
from tests.tournaments.conftest import api, run_tasks
from tests.tournaments.test_adjudication import automated_event, paired_round
from tournaments.models import EngineGame, Match, Round
from tournaments.services import recovery
from tournaments.tasks import adjudicate_game_task

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("bundled_cards")]


@pytest.fixture
def broker_down(monkeypatch):
    def refuse(app, name, *args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(Celery, "send_task", refuse)


def age(queryset, seconds: int, field: str = "created_at") -> None:
    queryset.update(**{field: timezone.now() - timedelta(seconds=seconds)})


def test_pairing_while_the_broker_is_down_is_a_503_and_the_round_is_paired_once_it_is_back(
    event_with_players, broker_down, monkeypatch, enqueued_tasks
):
    event, _ = event_with_players(4)
    assert api("org").post(f"/api/tournaments/{event}/start/").status_code == 200
    # when the broker is down
    response = api("org").post(f"/api/tournaments/{event}/rounds/")
    # then a clear 503, and the round is saved, waiting
    assert response.status_code == 503
    assert response.json()["code"] == "broker_unavailable"
    round = Round.objects.get(tournament_id=event, number=1)
    assert round.status == Round.Status.PAIRING
    # and pairing again is refused as before (the round exists), not duplicated
    again = api("org").post(f"/api/tournaments/{event}/rounds/")
    assert again.status_code in (409, 503)
    assert Round.objects.filter(tournament_id=event).count() == 1
    # when the broker is back, the sweep resends it (once it is older than a pairing takes)
    monkeypatch.undo()
    sent_before = len(enqueued_tasks)
    monkeypatch.setattr(
        Celery,
        "send_task",
        lambda app, name, args=None, kwargs=None, **o: enqueued_tasks.append(
            (name, tuple(args or ()), dict(kwargs or {}))
        ),
    )
    assert recovery.work_resend() == {"rounds": 0, "games": 0}  # too young yet
    age(Round.objects.filter(pk=round.pk), 60)
    assert recovery.work_resend() == {"rounds": 1, "games": 0}
    run_tasks(enqueued_tasks, sent_before)
    round.refresh_from_db()
    assert round.status == Round.Status.PAIRED
    assert round.matches.count() == 2
    # and a duplicate send pairs nothing twice
    run_tasks([("tournaments.round_pair", (round.pk,), {})])
    assert round.matches.count() == 2


def test_a_game_whose_next_game_was_never_sent_is_finished_by_the_sweep(enqueued_tasks):
    event = automated_event(2, bot="random")
    round = paired_round(event, enqueued_tasks)  # game 1 is queued, not played
    match = Match.objects.get(round=round)
    adjudicate_game_task(match.pk, 1)  # game 1 played; pretend the send of game 2 was lost
    enqueued_tasks.clear()
    # a rerun of game 1 changes nothing
    assert adjudicate_game_task(match.pk, 1)["status"] == "already_recorded"
    # when the match has waited longer than a game can take
    age(Match.objects.filter(pk=match.pk), 120, "updated_at")
    assert recovery.work_resend() == {"rounds": 0, "games": 1}
    assert enqueued_tasks == [("tournaments.adjudicate_game", (match.pk, 2), {})]
    # then running the resent work (and whatever it queues) finishes the match, each game once
    run_tasks(enqueued_tasks)
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    numbers = list(EngineGame.objects.filter(match=match).values_list("number", flat=True))
    assert numbers == list(range(1, len(numbers) + 1))


def test_a_starting_worker_resends_everything_pending_at_once(event_with_players, enqueued_tasks):
    event, _ = event_with_players(2)
    assert api("org").post(f"/api/tournaments/{event}/start/").status_code == 200
    assert api("org").post(f"/api/tournaments/{event}/rounds/").status_code == 202
    enqueued_tasks.clear()  # the message was lost (the embedded broker forgets what it hands out)
    stop = resend.start_sweeping(every=3600)  # what a worker starts when it is ready
    try:
        waited = 0.0
        while not enqueued_tasks and waited < 10:
            time.sleep(0.05)
            waited += 0.05
    finally:
        stop.set()
    round = Round.objects.get(tournament_id=event)
    assert enqueued_tasks == [("tournaments.round_pair", (round.pk,), {})]


def test_the_sweep_of_a_worker_outlives_a_failing_pass_and_keeps_sweeping(monkeypatch):
    passes: list[bool] = []

    def flaky(*, at_start: bool = False) -> dict[str, int]:
        passes.append(at_start)
        if len(passes) == 1:
            raise OperationalError("the broker is down")
        return {"rounds": 0}

    monkeypatch.setattr(resend, "_resenders", {"flaky": flaky})
    stop = resend.start_sweeping(every=0.05)
    try:
        waited = 0.0
        while len(passes) < 3 and waited < 10:
            time.sleep(0.05)
            waited += 0.05
    finally:
        stop.set()
    # the first pass is the start's, it failed, and the sweep went on, every `every` seconds
    assert passes[:3] == [True, False, False]


def test_the_organizers_retry_is_safe_and_only_theirs(event_with_players, enqueued_tasks):
    event, names = event_with_players(2)
    assert api("org").post(f"/api/tournaments/{event}/start/").status_code == 200
    assert api("org").post(f"/api/tournaments/{event}/rounds/").status_code == 202
    enqueued_tasks.clear()
    assert api(names[0]).post(f"/api/tournaments/{event}/retry/").status_code == 403
    for _ in range(3):
        retried = api("org").post(f"/api/tournaments/{event}/retry/")
        assert retried.json() == {"rounds": 1, "games": 0}
    run_tasks(enqueued_tasks)
    assert Round.objects.get(tournament_id=event).matches.count() == 1
    assert api("org").post(f"/api/tournaments/{event}/retry/").json() == {"rounds": 0, "games": 0}


def test_the_event_page_shows_stuck_work_to_the_organizer_with_a_retry(
    event_with_players, enqueued_tasks
):
    from tests.tournaments.conftest import as_user

    event, names = event_with_players(2)
    assert api("org").post(f"/api/tournaments/{event}/start/").status_code == 200
    assert api("org").post(f"/api/tournaments/{event}/rounds/").status_code == 202
    enqueued_tasks.clear()  # the message was lost
    page = as_user("org").get(f"/events/{event}/").content.decode()
    assert "taking longer than expected" not in page  # not yet: pairing takes a moment
    age(Round.objects.filter(tournament_id=event), 60)
    page = as_user("org").get(f"/events/{event}/").content.decode()
    assert "taking longer than expected" in page
    assert "Retry now" in page
    assert (
        "taking longer than expected"
        not in as_user(names[0]).get(f"/events/{event}/").content.decode()
    )
    # pressing retry (twice) sends the round again; running it pairs it once
    for _ in range(2):
        assert as_user("org").post(f"/events/{event}/retry/").status_code == 302
    run_tasks(enqueued_tasks)
    assert Round.objects.get(tournament_id=event).matches.count() == 1
    assert (
        "taking longer than expected"
        not in as_user("org").get(f"/events/{event}/").content.decode()
    )
