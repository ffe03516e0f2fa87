"""Shared test data written once per test session and put back for each test in milliseconds.

Importing the bundled card sets takes about a third of a second, and a rulebook longer; done for
every test that needs them, it cost minutes of every run. Instead the session writes the data
once (`take`), keeps a copy of every row it wrote in a table of its own, and empties the real
tables again, so a test that does not ask for the data sees an empty index as before. A test
that asks for it gets the rows copied back inside its own transaction (`put_back`: one
INSERT … SELECT per table), which its rollback (or the flush after a transactional test) takes
away again.

The rows come back with the same keys and import times, so the card index and the lookup's
caches, which are keyed by them, stay valid from one test to the next.

Plain SQL that PostgreSQL and SQLite both run; the copies live beside Django's tables under a
prefix and are never flushed (Django flushes only its own models' tables).
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import connection, transaction

PREFIX = "test_snapshot__"


@dataclass(frozen=True)
class Snapshot:
    """The tables one piece of shared data wrote rows to, in the order they were found."""

    name: str
    tables: tuple[str, ...]

    def copy_of(self, table: str) -> str:
        return f"{PREFIX}{self.name}__{table}"


def _row_counts() -> dict[str, int]:
    tables = connection.introspection.django_table_names(only_existing=True, include_views=False)
    with connection.cursor() as cursor:
        counts = {}
        for table in sorted(tables):
            cursor.execute(f'SELECT COUNT(*) FROM "{table}"')
            counts[table] = cursor.fetchone()[0]
    return counts


def take(name: str, write: Callable[[], object]) -> Snapshot:
    """Run `write` against an empty part of the database, keep a copy of the rows it added, and
    remove them again. `write` may only add rows to tables that were empty: a table it changes
    that already held rows (say, rows a migration wrote) could not be put back row for row, so
    that is refused rather than copied wrong."""
    before = _row_counts()
    write()
    after = _row_counts()
    changed = tuple(table for table in after if after[table] != before.get(table, 0))
    shared = [table for table in changed if before.get(table, 0)]
    if shared:
        raise RuntimeError(
            f"snapshot {name!r}: the data was written to tables that already held rows "
            f"({', '.join(shared)}); a snapshot keeps only tables it fills from empty"
        )
    snapshot = Snapshot(name, changed)
    with transaction.atomic(), connection.cursor() as cursor:
        for table in changed:
            copy = snapshot.copy_of(table)
            cursor.execute(f'DROP TABLE IF EXISTS "{copy}"')
            cursor.execute(f'CREATE TABLE "{copy}" AS SELECT * FROM "{table}"')
        for table in changed:
            cursor.execute(f'DELETE FROM "{table}"')
    return snapshot


def put_back(snapshot: Snapshot) -> None:
    """Copy the snapshot's rows into its tables, in one transaction (foreign keys are checked
    at its end, so the order of the tables does not matter)."""
    with transaction.atomic(), connection.cursor() as cursor:
        for table in snapshot.tables:
            cursor.execute(f'INSERT INTO "{table}" SELECT * FROM "{snapshot.copy_of(table)}"')


def present(snapshot: Snapshot) -> bool:
    """Whether the snapshot's rows are in the database already (put back by an enclosing
    module's shared rows, say)."""
    if not snapshot.tables:
        return True
    with connection.cursor() as cursor:
        cursor.execute(f'SELECT 1 FROM "{snapshot.tables[0]}" LIMIT 1')
        return cursor.fetchone() is not None


@contextmanager
def shared_rows(django_db_blocker) -> Iterator[None]:
    """Rows that every test of a module (or class) reads: a module-scoped fixture writes them
    inside this block, which holds one transaction open around the module's tests. Each test's
    own transaction (pytest-django's `db`) nests in it as a savepoint, so what a test changes is
    rolled back after it and the next test starts from the shared rows again; the shared rows
    go at the end. As Django's TestCase.setUpTestData does for a class.

    The block stays open from the first test that asks for the rows to the module's last test,
    so the tests of the module that run after it see the shared rows too: write them so that
    rows they did not make do not matter (the module's other tests already do).

    Only for tests that use `db`: a transactional test run while the block is open would run
    inside its transaction, and tests/conftest.py fails such a test at once; keep transactional
    tests in a module of their own."""
    global open_shared_rows
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        open_shared_rows += 1
        try:
            yield
        finally:
            open_shared_rows -= 1
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


# How many shared_rows blocks are open now (a module's fixture keeps its block open until the
# module's last test has run).
open_shared_rows = 0
