"""The Celery application. Workers run pairings, imports and engine games; see docs/deployment.md."""

import os
from typing import Any

from celery import Celery, signals
from django_structlog.celery.steps import DjangoStructLogInitStep

from . import metrics
from .heartbeat import start_heartbeat as start_beating
from .resend import start_sweeping

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


_threads: dict[str, Any] = {}


@signals.worker_ready.connect
def start_worker_threads(sender: Any = None, **kwargs: Any) -> None:
    """The two threads every worker runs beside its tasks: the heartbeat that tells /readyz it
    is alive (genesis/heartbeat.py, read by genesis/health.py), and the sweep of pending work
    (genesis/resend.py), at once and then every WORK_RESEND_EVERY seconds."""
    from django.conf import settings

    hostname = getattr(sender, "hostname", None) or "worker"
    _threads[f"heartbeat {hostname}"] = start_beating(hostname)
    _threads[f"sweep {hostname}"] = start_sweeping(settings.WORK_RESEND_EVERY)


@signals.worker_shutdown.connect
def stop_worker_threads(**kwargs: Any) -> None:
    for stop in _threads.values():
        stop.set()
