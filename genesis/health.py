"""Health: `GET /healthz` says the process answers; `GET /readyz` says the service can do its
work: the database answers, its migrations are applied, the broker answers and at least one
Celery worker sent a heartbeat lately (docs/deployment.md, Health). Both answer JSON with each
check's status; /readyz answers 503 when a check fails.

The checks run with django-health-check (its timeouts, and its rule that a check's unexpected
error is logged and shown only as "unknown error"). The database check is the library's; the
other three are small ones of our own, because the library has none that fits: a migrations
check, a broker check that works on any transport (Redis, and the embedded broker of
./scripts/serve), and the workers' heartbeat.

The workers' heartbeat is written by genesis.heartbeat, which the Celery app starts; this module
only reads it. Celery's own ping would need every worker to answer within the request, which a
busy worker with a solo pool cannot.
"""

import asyncio
import dataclasses
import datetime
import time
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connections
from django.db.migrations.executor import MigrationExecutor
from django.http import HttpRequest, JsonResponse
from django.utils.cache import add_never_cache_headers
from health_check.base import HealthCheck
from health_check.checks import Database
from health_check.exceptions import ServiceUnavailable

from .celery import app
from .heartbeat import facts, last_heartbeat, workers_facts

_migrations_applied = False


def healthz(request: HttpRequest) -> JsonResponse:
    """The process is alive and answers: no database, no broker."""
    response = JsonResponse({"status": "ok", "checks": {"process": {"status": "ok"}}})
    add_never_cache_headers(response)
    return response


@dataclasses.dataclass
class Migrations(HealthCheck):
    """Every migration is applied. Once they are, they stay so for the life of the process (a
    new release restarts it), so later probes skip the work."""

    def run(self) -> None:
        global _migrations_applied
        if _migrations_applied:
            return
        connection = connections["default"]
        try:
            with connection.temporary_connection():
                executor = MigrationExecutor(connection)
                pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
        except DatabaseError as exc:
            raise ServiceUnavailable("the database is not answering") from exc
        finally:
            connection.close()
        if pending:
            raise ServiceUnavailable(f"{len(pending)} migration(s) not applied")
        _migrations_applied = True


@dataclasses.dataclass
class Broker(HealthCheck):
    """The Celery broker takes a connection (any transport kombu has)."""

    timeout = datetime.timedelta(seconds=3)

    def run(self) -> None:
        try:
            with app.connection_for_write() as connection:
                connection.ensure_connection(max_retries=1, interval_start=0, timeout=2)
        except Exception as exc:
            raise ServiceUnavailable(f"the broker is not answering ({type(exc).__name__})") from exc


@dataclasses.dataclass
class WorkerHeartbeat(HealthCheck):
    """At least one Celery worker sent a heartbeat in the last WORKER_HEARTBEAT_MAX_AGE s."""

    def run(self) -> None:
        max_age = settings.WORKER_HEARTBEAT_MAX_AGE
        try:
            last = last_heartbeat()
        except Exception as exc:
            raise ServiceUnavailable(
                f"the heartbeat store is not answering ({type(exc).__name__})"
            ) from exc
        if not last:
            raise ServiceUnavailable(f"no worker heartbeat in the last {max_age:g} s")
        age = time.time() - last["at"]
        if age > max_age:
            raise ServiceUnavailable(
                f"no worker heartbeat in the last {max_age:g} s (last {age:.0f} s ago)"
            )


CHECKS: list[tuple[str, HealthCheck]] = [
    ("database", Database()),
    ("migrations", Migrations()),
    ("broker", Broker()),
    ("workers", WorkerHeartbeat()),
]


def _process_facts() -> dict[str, dict[str, str | None]]:
    """Each registered fact (genesis.heartbeat.describe) of this web process and of the newest
    worker heartbeat, e.g. {"engine": {"web": "python", "workers": "compiled"}}; "workers" is
    null while no worker has said."""
    theirs = workers_facts()
    return {name: {"web": value, "workers": theirs.get(name)} for name, value in facts().items()}


async def readyz(request: HttpRequest) -> JsonResponse:
    """Each check's status, run side by side; 503 when any fails."""
    results = await asyncio.gather(*(check.get_result() for _, check in CHECKS))
    checks: dict[str, dict[str, Any]] = {}
    for (name, _), result in zip(CHECKS, results, strict=True):
        checks[name] = {"status": "failing" if result.error else "ok"}
        if result.error:
            checks[name]["detail"] = str(result.error)
        checks[name]["seconds"] = round(result.time_taken, 4)
    failing = any(result.error for result in results)
    response = JsonResponse(
        {"status": "failing" if failing else "ok", "checks": checks, **_process_facts()},
        status=503 if failing else 200,
    )
    add_never_cache_headers(response)
    return response
