"""The move of the matchup lab's tables from decks to matchups (decks/0008, matchups/0001) keeps
every row: a database from before it, holding a job with a recorded chunk and a kept game, is
migrated forward and read through the new models; new jobs number on from the old ones. And
back again, as a rollback of the release would."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from matchups.models import Matchup, MatchupChunk, MatchupGame

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("decks", "0007_matchup_cards_digest"), ("matchups", None)]


def migrate(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return MigrationExecutor(connection)  # a fresh loader: what is applied now


def latest() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def tables() -> set[str]:
    return set(connection.introspection.table_names())


@pytest.fixture(autouse=True)
def migrated_forward_after():
    """However the test ends, the database is left at the latest migrations for the next."""
    yield
    migrate(latest())


def test_the_move_keeps_every_job_chunk_and_kept_game():
    # given: the database as it was before the move, with a job in it
    executor = migrate(BEFORE)
    assert {"decks_matchup", "decks_matchupchunk", "decks_matchupgame"} <= tables()
    assert "matchups_matchup" not in tables()
    old = executor.loader.project_state(BEFORE[0]).apps
    user = old.get_model("auth", "User").objects.create(username="ann")
    deck = old.get_model("decks", "Deck").objects.create(
        key="k" * 12, owner_id=user.pk, name="Storm Lattice", decklist={}, version=1
    )
    job = old.get_model("decks", "Matchup").objects.create(
        owner_id=user.pk,
        deck_id=deck.pk,
        deck_version=1,
        opponent_kind="sample",
        opponent_sample="hedra-voss-iron-bastion",
        opponents=[{"label": "Sample: hedra-voss-iron-bastion", "key": "", "version": None}],
        games=20,
        bot="random",
        seed=12345,
        engine_version=1,
        cards_digest="d" * 64,
        request_key="r" * 64,
        status="running",
    )
    old.get_model("decks", "MatchupChunk").objects.create(
        matchup_id=job.pk, index=0, tally={"games": 5}
    )
    old.get_model("decks", "MatchupGame").objects.create(
        matchup_id=job.pk, number=0, opponent="Sample", seed=7, winner="a", log="{}"
    )

    # when
    migrate(latest())

    # then: the tables are the new app's, and the rows are all there
    assert {"matchups_matchup", "matchups_matchupchunk", "matchups_matchupgame"} <= tables()
    assert not {"decks_matchup", "decks_matchupchunk", "decks_matchupgame"} & tables()
    moved = Matchup.objects.get(pk=job.pk)
    assert (moved.deck.key, moved.owner.username) == ("k" * 12, "ann")
    assert (moved.status, moved.seed, moved.cards_digest) == ("running", 12345, "d" * 64)
    assert moved.opponents[0]["label"] == "Sample: hedra-voss-iron-bastion"
    assert moved.resent_at is None
    assert [c.tally for c in MatchupChunk.objects.filter(matchup=moved)] == [{"games": 5}]
    assert MatchupGame.objects.get(matchup=moved).winner == "a"
    # and a new job numbers on from it, under the same one-live-job-per-request rule
    fields = {
        f.name: getattr(moved, f.name)
        for f in Matchup._meta.concrete_fields
        if f.name not in ("id", "created_at")
    }
    newer = Matchup.objects.create(**{**fields, "status": "cancelled"})
    assert newer.pk > moved.pk

    # and back: the rows return to the decks tables
    migrate(BEFORE)
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM decks_matchup")
        assert cursor.fetchone()[0] == 2
    migrate(latest())
    assert Matchup.objects.count() == 2
