"""Shared fixtures: card set builders, a real Celery worker, and a real headless Chromium."""

import json
import os
import shutil
import warnings
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent

# No per-example deadline: the suite runs three processes on two cores beside PostgreSQL and a
# browser, where an example that takes 0.3 ms alone can take 300 ms, and hypothesis would call
# that a flaky failure. Slowness is caught by the run's own time (docs/benchmarks.md).
settings.register_profile("genesis", deadline=None)
settings.load_profile("genesis")


def card_set(cards: list[dict], code: str = "TST", name: str = "Test Set", **set_fields) -> dict:
    """A card set file's content (docs/card-format.md)."""
    return {
        "format_version": 1,
        "game": "genesis",
        "set": {"code": code, "name": name, **set_fields},
        "cards": cards,
    }


def champion(name: str = "Test Champion", affiliations=("Axon",), world="Jaelara", **fields):
    return {
        "name": name,
        "type": "champion",
        "affiliations": list(affiliations),
        "world": world,
        "hp": 20,
        "aura": 15,
        "energy_reduction": 1,
        **fields,
    }


def card(name: str, type: str = "spell", chi: int = 2, affiliations=("Axon",), **fields):
    return {"name": name, "type": type, "chi": chi, "affiliations": list(affiliations), **fields}


@pytest.fixture
def write_card_set(tmp_path):
    def write(content, filename: str = "set.json") -> Path:
        path = tmp_path / filename
        path.write_text(content if isinstance(content, str) else json.dumps(content))
        return path

    return write


# --- the order of the run: the longest tests first ----------------------------------------------
# pytest-django runs tests on the database first, then transactional ones (which empty every
# table after them, the rows migrations wrote included), then the rest. Within that order the
# longest tests go first, so that in a run of two processes (pytest-xdist) no process is left with
# a 40-second test while the other has finished: they start them together and share the rest.
# Tests on no database may run at any time, so the longest of them go before everything.
# SLOW: test files or tests that take 5 s or more (docs/benchmarks.md, "Test suite"), and every
# test that starts processes or a browser (its markers).
SLOW = (
    "tests/rules/engine/test_compiled.py::test_the_compiled_engine_builds",
    "tests/rules/test_lookup_questions.py",
    "tests/test_faults.py",
    "tests/tournaments/test_stream_fanout.py",
    "tests/test_operations.py",
    "tests/test_setup_clock.py",
    "tests/test_api_schema_fuzz.py",
    "tests/tournaments/test_event_games_run.py::test_a_grand_archive_swiss_event",
)
SLOW_MARKERS = ("faults", "integration", "browser")


def _database_group(item) -> int:
    """pytest-django's order: 0 on the database, 1 transactional, 2 no database."""
    marker = item.get_closest_marker("django_db")
    names = getattr(item, "fixturenames", ())
    if (marker is not None and marker.kwargs.get("transaction")) or (
        "transactional_db" in names or "live_server" in names
    ):
        return 1
    if marker is not None or "db" in names:
        return 0
    return 2


# When ./scripts/test has started the compiled engine's build in the background
# (tests/support/engine_build.py), the test that uses it only plays games on it: it is not slow,
# and run late it finds the build done instead of waiting for it in one process's slot.
_BUILT_BESIDE = "tests/rules/engine/test_compiled.py::test_the_compiled_engine_builds"


def _is_slow(item) -> bool:
    if item.nodeid.startswith(_BUILT_BESIDE) and os.environ.get("GENESIS_COMPILED_ENGINE_COPY"):
        return False
    return item.nodeid.startswith(SLOW) or any(
        item.get_closest_marker(name) for name in SLOW_MARKERS
    )


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    def key(item):
        group, slow = _database_group(item), _is_slow(item)
        if group == 2 and slow:
            return (-1, 0)  # no database: the longest go before everything
        return (group, 0 if slow else 1)

    items.sort(key=key)  # stable: otherwise the order of collection
    _spread_fault_tests(items)


def _spread_fault_tests(items) -> None:
    """The fault tests mostly wait (on restarts, supervisors and recovery bounds). Sorted
    together at the head of the transactional tests, the three processes each drew one and the
    machine stood nearly idle for minutes (CPU 2-40%, fresh-clone runs of 2026-11-28); spread
    evenly through the transactional tests, each waits beside two processes that work."""
    faults = [item for item in items if item.get_closest_marker("faults")]
    if not faults:
        return
    rest = [item for item in items if not item.get_closest_marker("faults")]
    group = [item for item in rest if _database_group(item) == 1]
    if not group:
        return
    start = rest.index(group[0])
    every = max(len(group) // len(faults), 1)
    spread = list(group)
    for n, item in enumerate(faults):
        spread.insert(min(n * (every + 1), len(spread)), item)
    items[:] = rest[:start] + spread + rest[start + len(group) :]


# --- a test's own set-up costs milliseconds (tests/support/setup_clock.py) -----------------------


def pytest_configure(config):
    from tests.support.setup_clock import SetupClock

    config.pluginmanager.register(SetupClock(), "genesis-setup-clock")


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, with a check at the end of the session that no connection
    a test opened in another thread is still on it: one left open made the database's removal
    fail ("is being accessed by other users"). Any found are named in a warning by their last
    query, then ended, so that the database is removed all the same."""
    yield
    from asgiref.sync import SyncToAsync
    from django.db import connection, connections

    # Async views' database calls (the event stream's) run on asgiref's shared thread, which
    # outlives every test: its connections are closed there first.
    SyncToAsync.single_thread_executor.submit(connections.close_all).result()
    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid, left(query, 200) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        left_open = cursor.fetchall()
        for pid, _query in left_open:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    if left_open:
        warnings.warn(
            f"{len(left_open)} database connection(s) outlived the tests; last queries: "
            + "; ".join(query for _pid, query in left_open),
            stacklevel=1,
        )


# --- shared data, written once per session (tests/support/snapshots.py) ----------------------

BUNDLED_CARD_SETS = sorted(ROOT.joinpath("decks/cardsets").glob("*.json"))


@pytest.fixture(scope="session")
def bundled_cards_snapshot(django_db_setup, django_db_blocker):
    """The bundled card sets, imported once for the whole session."""
    from django.core.management import call_command

    from tests.support import snapshots

    def write():
        call_command("import_cards", *BUNDLED_CARD_SETS, verbosity=0)

    with django_db_blocker.unblock():
        return snapshots.take("bundled_cards", write)


@pytest.fixture
def bundled_cards(db, bundled_cards_snapshot):
    """Every bundled card set (decks/cardsets/), as `import_cards` writes them, in this test's
    database: copied back from the session's snapshot in a few milliseconds."""
    from tests.support import snapshots

    if not snapshots.present(bundled_cards_snapshot):
        snapshots.put_back(bundled_cards_snapshot)


@pytest.fixture(autouse=True)
def _no_transactional_test_inside_shared_rows(request):
    """A transactional test must not run inside a module's shared rows (snapshots.shared_rows):
    it would see uncommitted rows and could not commit its own."""
    from tests.support import snapshots

    marker = request.node.get_closest_marker("django_db")
    transactional = (marker is not None and marker.kwargs.get("transaction", False)) or any(
        name in request.fixturenames for name in ("transactional_db", "live_server")
    )
    if transactional and snapshots.open_shared_rows:
        pytest.fail(
            "a transactional test ran while a module's shared rows were open: move it to a "
            "module that does not use tests.support.snapshots.shared_rows"
        )


@pytest.fixture(autouse=True)
def fresh_cache():
    """Each test starts with an empty cache: rate limits counted in one test must not refuse
    requests in the next."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


# --- Celery: no stray messages, and a real worker where a test asks for one -------------------


@pytest.fixture(autouse=True)
def enqueued_tasks(request, monkeypatch):
    """Tasks enqueued by the code under test, as (name, args, kwargs).

    Outside tests marked `integration` nothing reaches the broker: otherwise the session's real
    worker (started for the integration tests) would pick up work from unrelated tests and race
    their teardown. Tests run the work themselves, e.g. services.round_pair(round_id=...).
    """
    sent: list[tuple[str, tuple, dict]] = []
    if request.node.get_closest_marker("integration"):
        return sent
    from celery import Celery

    # Every send goes through Celery.send_task: genesis.broker's sends by name, and a task's
    # own apply_async/delay.
    def record(app, name, args=None, kwargs=None, **options):
        sent.append((name, tuple(args or ()), dict(kwargs or {})))

    monkeypatch.setattr(Celery, "send_task", record)
    return sent


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker, tmp_path_factory):
    """A `celery -A genesis worker` subprocess on the test broker, using the test database."""
    from django.conf import settings
    from django.db import connection

    broker = settings.CELERY_BROKER_URL
    if not broker.startswith("redis://"):
        pytest.skip("integration tests need CELERY_BROKER_URL=redis://... (./scripts/test sets it)")
    with django_db_blocker.unblock():
        db = connection.settings_dict
        url = (
            f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
            if connection.vendor == "postgresql"
            else None
        )
    if url is None:
        pytest.skip("integration tests run on PostgreSQL")
    from tests.support.worker import WorkerFailed, worker_process

    log = tmp_path_factory.mktemp("worker") / "worker.log"
    try:
        # JSON log lines, as in production, so a test can read what the worker logged for a
        # request (tests/test_operations.py); `log_path` says where.
        with worker_process(
            url, log, name="test", stop_timeout=15, env={"LOG_FORMAT": "json"}
        ) as process:
            process.log_path = log
            yield process
    except WorkerFailed as exc:
        pytest.fail(str(exc))


# --- a real headless Chromium ---------------------------------------------------------------


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium, driven by Playwright (no browser download)."""
    executable = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium")
    if not executable:
        pytest.skip("no chromium on this machine (./scripts/test installs it)")
    # Playwright's sync API runs an event loop in this thread; the ORM calls the tests make
    # between page actions are still synchronous, so Django's async guard is lifted here.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phone_page(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    yield page
    context.close()
