"""The Celery application. Workers run pairings, imports and engine games; see docs/deployment.md."""

import os
from typing import Any

from celery import Celery, signals
from django_structlog.celery.steps import DjangoStructLogInitStep

from . import metrics
from .heartbeat import start_heartbeat as start_beating

# Production unless told otherwise, as wsgi.py: a worker started on a server without the variable
# must not run with DEBUG on, on SQLite, with a key that is not secret. Production settings
# refuse to load without SECRET_KEY, so such a worker stops at start-up. ./scripts/serve and
# the tests name their settings.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "genesis.settings.production")

app = Celery("genesis")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# The request id (and whatever else a request bound to its log lines) travels in the headers of
# the tasks it enqueues, and is bound again for every line of the task (django-structlog).
app.steps["worker"].add(DjangoStructLogInitStep)
metrics.connect_task_signals()


@signals.setup_logging.connect
def use_django_logging(**kwargs: Any) -> None:
    """Workers log through settings.LOGGING (genesis/logs.py), not Celery's own format: the
    same JSON lines as the web processes, with the task's context."""
    import logging.config

    from django.conf import settings

    logging.config.dictConfig(settings.LOGGING)


_heartbeats: dict[str, Any] = {}


@signals.worker_ready.connect
def start_heartbeat(sender: Any = None, **kwargs: Any) -> None:
    """Tell /readyz this worker is alive (genesis/heartbeat.py, read by genesis/health.py)."""
    hostname = getattr(sender, "hostname", None) or "worker"
    _heartbeats[hostname] = start_beating(hostname)


@signals.worker_shutdown.connect
def stop_heartbeat(**kwargs: Any) -> None:
    for stop in _heartbeats.values():
        stop.set()
