"""Handing work to the Celery workers, after the rows that describe it are committed.

The database is the record of pending work (a round waiting for its pairings, an automated
game not yet played, a matchup's chunk not yet recorded): a send that fails never loses it,
because the sweep of pending work (genesis.resend) resends everything still pending,
periodically and whenever a worker starts. So a failed send is not an
error the user can fix: the request that committed the work answers 503 `broker_unavailable`
saying the work will go ahead, and it does once the broker is back. A duplicate send is
harmless: every task is idempotent.
"""

from typing import Any

from celery import current_app
from django.db import transaction
from kombu.exceptions import OperationalError
from rest_framework import status

from .errors import Refusal

# Give up quickly when the broker is down: the request is waiting, and the sweep resends.
RETRY_POLICY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.5}


class BrokerUnavailable(Refusal):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "broker_unavailable"


def send(task: str, *args: Any) -> None:
    """Send the task named `task` (its `name=`) with `args` now; BrokerUnavailable (503) when
    the broker cannot take it.

    Tasks are sent by name, so a service that enqueues work never imports the tasks module
    that calls it back (tasks import services, never the other way). The queue comes from
    settings.CELERY_TASK_ROUTES."""
    try:
        current_app.send_task(task, args=args, retry=True, retry_policy=RETRY_POLICY)
    except (OperationalError, ConnectionError, OSError) as exc:
        raise BrokerUnavailable(
            "The task queue is not answering. The work is saved and will start by itself as "
            "soon as the queue is back; there is nothing to redo.",
            retry_after=30,
        ) from exc


def send_after_commit(task: str, *args: Any) -> None:
    """Send the task named `task` with `args` once the current transaction commits (at once outside of one)."""
    transaction.on_commit(lambda: send(task, *args))
