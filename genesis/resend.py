"""The sweep of pending work: one place that resends whatever each app has left waiting.

The database is the record of pending work (a round waiting for its pairings, an automated game
not yet played, a matchup's chunk not yet recorded); whatever happened to the message that
should have done it (the broker was down when it was sent, a worker was killed with it, the
embedded broker of ./scripts/serve forgot it), resending it finishes the work, since every task
is idempotent. Each app registers a function that resends its own stuck work, in its
AppConfig.ready(), so this module (the lowest layer) knows none of them and no app imports
another for it.

Every Celery worker runs the sweep itself, from a thread of its own (start_sweeping, started by
genesis.celery when the worker is ready): at once, then every WORK_RESEND_EVERY seconds. So no
separate process (a Celery beat) has to be remembered for stuck work to move: wherever a worker
runs, the sweep runs. With several workers each sweeps; a duplicate send is harmless, and only
work older than its staleness bound is sent again, so a healthy event sends nothing.
"""

import logging
import random
import threading
from collections.abc import Callable
from typing import Protocol

from django.db import connections

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


def start_sweeping(every: float) -> threading.Event:
    """Sweep from a daemon thread of this process: at once with `at_start` (a worker killed
    before may have taken work with it), then about every `every` seconds (each wait drawn
    within ±20 %, so workers started together do not sweep in step) until the returned event
    is set. A sweep that fails (the broker or the database down) is logged, once per outage,
    and the next one tries again; the thread's database connection is closed after each sweep,
    so one broken by a database restart is never reused."""
    stop = threading.Event()

    def sweep() -> None:
        at_start, failing = True, False
        while True:
            try:
                sent = pending_resend(at_start=at_start)
                if any(sent.values()):
                    logger.info("pending work resent", extra={"sent": sent})
                failing = False
            except Exception:
                if not failing:
                    logger.warning("the sweep of pending work failed; retrying", exc_info=True)
                failing = True
            finally:
                connections.close_all()
            at_start = False
            if stop.wait(every * random.uniform(0.8, 1.2)):
                return

    threading.Thread(target=sweep, name="genesis-sweep", daemon=True).start()
    return stop
