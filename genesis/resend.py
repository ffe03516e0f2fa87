"""The sweep of pending work: one place that resends whatever each app has left waiting.

The database is the record of pending work (a round waiting for its pairings, an automated game
not yet played, a matchup's chunk not yet recorded); whatever happened to the message that
should have done it (the broker was down when it was sent, a worker was killed with it, the
embedded broker of ./scripts/serve forgot it), resending it finishes the work, since every task
is idempotent. Each app registers a function that resends its own stuck work, in its
AppConfig.ready(), so this module (the lowest layer) knows none of them and no app imports
another for it. genesis.tasks runs them all: every WORK_RESEND_EVERY seconds (Celery beat,
settings.CELERY_BEAT_SCHEDULE) and when a worker starts.
"""

import logging
from collections.abc import Callable
from typing import Protocol

logger = logging.getLogger(__name__)


class Resender(Protocol):
    def __call__(self, *, at_start: bool = False) -> dict[str, int]:
        """Resend this app's stuck work; `at_start`: a worker is starting, so work lost with a
        worker before may be resent sooner. Returns how many of each kind were sent."""
        ...


_resenders: dict[str, Callable[..., dict[str, int]]] = {}


def register(app: str, resend: Resender) -> None:
    """Add `app`'s resend function to the sweep (again: replaces it)."""
    _resenders[app] = resend


def pending_resend(*, at_start: bool = False) -> dict[str, int]:
    """Run every app's resend function and add up what they sent. One that fails (a broker
    still down: BrokerUnavailable) does not keep the others from running; the first failure is
    raised after them all, so the sweep is seen to fail, and the next one tries again."""
    sent: dict[str, int] = {}
    failed: Exception | None = None
    for app, resend in _resenders.items():
        try:
            counts = resend(at_start=at_start)
        except Exception as exc:
            logger.exception("resending the pending work of %s failed", app)
            failed = failed or exc
            continue
        for kind, count in counts.items():
            sent[kind] = sent.get(kind, 0) + count
    if failed is not None:
        raise failed
    return sent
