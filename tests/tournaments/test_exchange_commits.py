"""Exporting and importing events where commits matter: two imports of one file at once (two
connections, as two processes would have), and an automated event whose engine games are
enqueued on commit. Transactional tests, kept apart from tests/tournaments/test_exchange.py,
whose tests share one finished event inside a module-wide transaction."""

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.db import connection

from tests.tournaments.conftest import api, run_tasks
from tests.tournaments.test_concurrency import run_at_once
from tests.tournaments.test_exchange import (
    _export,
    _forget,
    _import,
    _ok,
    _outcome,
    build_finished_event,
)
from tournaments.models import EngineGame, Tournament


@pytest.mark.django_db(transaction=True)  # two connections, as two processes would have
def test_two_imports_of_one_file_at_once_write_it_once(bundled_cards, tmp_path):
    finished_event = build_finished_event()
    if connection.vendor != "postgresql":
        pytest.skip("imports are serialised by a PostgreSQL advisory lock")
    # given a database without the event
    text = _export(finished_event)
    _forget(finished_event)
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()

    # when two imports of its file run at once
    def attempt(folder):
        def run():
            try:
                return _import(tmp_path / folder, text)
            except CommandError as error:
                return str(error)

        return run

    results = run_at_once(attempt("one"), attempt("two"))

    # then one imports it and the other is refused cleanly
    assert sorted("imported as event" in r for r in results) == [False, True], results
    assert any("already_imported" in r for r in results), results
    assert Tournament.objects.count() == 1
    assert get_user_model().objects.count() == 8


# --- an automated event ---------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)  # the engine's games are enqueued on commit
def test_an_automated_events_engine_games_survive_the_trip(bundled_cards, enqueued_tasks, tmp_path):
    # given an automated event of 3 bots (so a bye), one round played by the engine
    org = api("org")
    created = org.post(
        "/api/tournaments/",
        {"name": "Bot Cup", "automated": True, "bot": "random", "rounds": 1},
        format="json",
    )
    event = _ok(created, 201)["id"]
    for path in sorted(Path("decks/samples").glob("*.txt"))[:3]:
        entry = {"name": path.stem, "decklist": path.read_text()}
        _ok(org.post(f"/api/tournaments/{event}/entrants/", entry, format="json"), 201)
    _ok(org.post(f"/api/tournaments/{event}/start/"))
    _ok(org.post(f"/api/tournaments/{event}/rounds/"), 202)
    run_tasks(enqueued_tasks)
    games = list(
        EngineGame.objects.filter(match__round__tournament_id=event)
        .order_by("match__table", "number")
        .values("match__table", "number", "seed", "winner", "reason", "rounds", "actions", "log")
    )
    assert games, "the engine played no game"
    before = _outcome(event)
    text = _export(event)
    _forget(event)

    # when it is imported
    _import(tmp_path, text)

    # then the games and their replays are the same
    (imported,) = Tournament.objects.values_list("pk", flat=True)
    assert Tournament.objects.get(pk=imported).automated
    assert _outcome(imported) == before
    assert (
        list(
            EngineGame.objects.filter(match__round__tournament_id=imported)
            .order_by("match__table", "number")
            .values(
                "match__table", "number", "seed", "winner", "reason", "rounds", "actions", "log"
            )
        )
        == games
    )
