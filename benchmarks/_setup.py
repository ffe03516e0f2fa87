"""Shared helpers for the benchmarks: a throwaway database per run, and figures printed plainly.

A benchmark gets the database from DATABASE_URL (PostgreSQL via ./scripts/bench) or, without one,
a temporary SQLite file. For PostgreSQL it creates and drops its own database next to the given
one, so it never touches real data.
"""

import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


@contextmanager
def scratch_database(name: str):
    """Yield a DATABASE_URL for a fresh, migrated database that is removed afterwards."""
    base = os.environ.get("DATABASE_URL", "")
    if base.startswith("postgres"):
        import psycopg

        parts = urlsplit(base)
        admin = urlunsplit(parts._replace(path="/postgres"))
        url = urlunsplit(parts._replace(path=f"/{name}"))
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}"')
        try:
            migrate(url)
            yield url
        finally:
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    else:
        with tempfile.TemporaryDirectory() as tmp:
            url = f"sqlite:///{tmp}/{name}.sqlite3"
            migrate(url)
            yield url


def manage(url: str, *args: str) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "genesis.settings.local",
        "DEBUG": "0",
    }
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )


def migrate(url: str) -> None:
    manage(url, "migrate", "--noinput")


def use_database(url: str) -> None:
    """Set up Django in this process on the given database."""
    os.environ["DATABASE_URL"] = url
    os.environ["DJANGO_SETTINGS_MODULE"] = "genesis.settings.local"
    os.environ["DEBUG"] = "0"
    import django

    django.setup()


def vendor(url: str) -> str:
    return "postgresql" if url.startswith("postgres") else "sqlite"


def timed_ms(fn, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return times


def summary_ms(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms (n={len(times)})"


def machine() -> str:
    return f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"


def services_missing(name: str, hint: str = "") -> bool:
    """Whether PostgreSQL (DATABASE_URL) or Redis (CELERY_BROKER_URL) is missing for benchmark
    `name`; if so, says that it is skipped and why (`hint`: how to run it)."""
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        print(f"{name}: skipped, it needs PostgreSQL{hint}")
        return True
    if not os.environ.get("CELERY_BROKER_URL", "").startswith("redis://"):
        print(f"{name}: skipped, it needs CELERY_BROKER_URL=redis://...{hint}")
        return True
    return False
