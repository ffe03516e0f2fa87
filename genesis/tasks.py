"""Celery tasks of the service as a whole: the sweep of pending work (genesis.resend), run by
the beat and when a worker starts."""

import logging
from typing import Any

from celery import shared_task
from celery.signals import worker_ready

from . import resend

logger = logging.getLogger(__name__)


@shared_task(name="genesis.resend_pending", acks_late=True)
def resend_pending_task() -> dict[str, int]:
    """Resend every app's stuck work (Celery beat runs this every WORK_RESEND_EVERY seconds)."""
    return resend.pending_resend()


@worker_ready.connect
def resend_on_start(sender: Any = None, **kwargs: Any) -> None:
    """A worker that starts resends pending work at once: a worker killed before (or the
    embedded broker of ./scripts/serve, which forgets a message once it is read) may have
    taken some with it. Duplicates are harmless."""
    try:
        resend.pending_resend(at_start=True)
    except Exception:
        logger.exception("resending pending work at start-up failed")
