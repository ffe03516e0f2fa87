"""Prometheus metrics at /metrics (docs/deployment.md, Metrics).

django-prometheus counts the requests and their latencies by view (its middleware) and the
standard process figures. This module adds what is ours:

- the Celery tasks queued, started, succeeded, failed and retried, by task name (Celery's
  signals, in whichever process sends or runs the task);
- SCRAPE_TIME, collectors computed when /metrics is read (the apps register theirs: the
  tournaments app reports the work waiting longer than expected);
- the guard: /metrics answers only a caller with the configured token (`Authorization: Bearer
  …`, METRICS_TOKEN) or from a configured address (METRICS_ALLOWED_IPS). With neither set,
  nobody may read it. Written here because django-prometheus's view guards nothing.

With several processes (gunicorn workers, Celery workers), each counts its own. Set
PROMETHEUS_MULTIPROC_DIR for all of them on a machine and /metrics adds up every process's
counts (prometheus_client's multiprocess mode).
"""

import hmac
import ipaddress
import os
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    generate_latest,
    multiprocess,
)

TASKS = Counter(
    "genesis_celery_tasks",
    "Celery tasks by name and what happened to them: queued, started, succeeded, failed, retried",
    ["task", "state"],
)

# Collectors that read the database when /metrics is read, never kept in a process's memory (so
# they need no multiprocess mode).
SCRAPE_TIME = CollectorRegistry(auto_describe=False)


def _allowed(request: HttpRequest) -> bool:
    token = settings.METRICS_TOKEN
    given = request.headers.get("Authorization", "")
    if token and hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
        return True
    try:
        address = ipaddress.ip_address(request.META.get("REMOTE_ADDR", ""))
    except ValueError:
        return False
    return any(address in network for network in settings.METRICS_ALLOWED_NETWORKS)


def metrics(request: HttpRequest) -> HttpResponse:
    """The Prometheus exposition, to the configured token or addresses only."""
    if not _allowed(request):
        return JsonResponse(
            {
                "code": "forbidden",
                "detail": "Metrics are read with the configured token or from a configured "
                "address.",
            },
            status=403,
        )
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    else:
        registry = REGISTRY
    body = generate_latest(registry) + generate_latest(SCRAPE_TIME)
    return HttpResponse(body, content_type=CONTENT_TYPE_LATEST)


# --- Celery's signals --------------------------------------------------------------------------


def _name(sender: Any) -> str:
    return str(getattr(sender, "name", sender) or "unknown")


def task_queued(sender: Any = None, **kwargs: Any) -> None:
    TASKS.labels(task=_name(sender), state="queued").inc()


def task_started(sender: Any = None, **kwargs: Any) -> None:
    TASKS.labels(task=_name(sender), state="started").inc()


def task_succeeded(sender: Any = None, **kwargs: Any) -> None:
    TASKS.labels(task=_name(sender), state="succeeded").inc()


def task_failed(sender: Any = None, **kwargs: Any) -> None:
    TASKS.labels(task=_name(sender), state="failed").inc()


def task_retried(sender: Any = None, **kwargs: Any) -> None:
    TASKS.labels(task=_name(sender), state="retried").inc()


def connect_task_signals() -> None:
    from celery import signals

    signals.before_task_publish.connect(task_queued, weak=False)
    signals.task_prerun.connect(task_started, weak=False)
    signals.task_success.connect(task_succeeded, weak=False)
    signals.task_failure.connect(task_failed, weak=False)
    signals.task_retry.connect(task_retried, weak=False)
