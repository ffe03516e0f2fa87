"""Celery tasks of the service as a whole: the sweep of pending work (genesis.resend) as a task,
for an operator who wants a sweep now (`celery -A genesis call genesis.resend_pending`). Every
worker sweeps by itself as well (genesis.resend.start_sweeping); no beat is needed."""

from celery import shared_task

from . import resend


@shared_task(name="genesis.resend_pending", acks_late=True)
def resend_pending_task() -> dict[str, int]:
    """Resend every app's stuck work now."""
    return resend.pending_resend()
