"""The Celery workers' heartbeat, which /readyz reads (genesis.health, docs/deployment.md, Health).

Each worker writes the time into the "heartbeats" cache (Redis, shared by every process; a file
cache under var/ for ./scripts/serve) every WORKER_HEARTBEAT_EVERY seconds, from a thread of its
own, so a worker busy with a long task still beats. The Celery app (genesis.celery) starts it
when a worker is ready.
"""

import logging
import threading
import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import caches

logger = logging.getLogger(__name__)

HEARTBEAT_KEY = "genesis:worker-heartbeat"

# What a process runs that an operator needs to see, by name: each app says it in its
# AppConfig.ready() (rules: which game engine, compiled or pure Python). A worker's heartbeat
# carries them, and /readyz shows them for the web process and the workers side by side.
_facts: dict[str, Callable[[], str]] = {}


def describe(name: str, fact: Callable[[], str]) -> None:
    """Register a fact about this process, e.g. describe("engine", lambda: "compiled")."""
    _facts[name] = fact


def facts() -> dict[str, str]:
    """This process's facts, as registered."""
    return {name: fact() for name, fact in _facts.items()}


def heartbeat(hostname: str) -> None:
    """Record that `hostname` is alive now, with its facts; kept twice as long as it counts."""
    caches["heartbeats"].set(
        HEARTBEAT_KEY,
        {"worker": hostname, "at": time.time(), "facts": facts()},
        timeout=max(1, int(settings.WORKER_HEARTBEAT_MAX_AGE * 2)),
    )


def last_heartbeat() -> dict | None:
    """The newest heartbeat of any worker (raises if the store does not answer)."""
    last: dict | None = caches["heartbeats"].get(HEARTBEAT_KEY)
    return last


def workers_facts() -> dict[str, str]:
    """The facts the newest worker heartbeat carried; empty while no worker has said, or when
    the store does not answer (the workers check of /readyz says so)."""
    try:
        last = last_heartbeat() or {}
    except Exception:
        return {}
    theirs: dict[str, str] = last.get("facts", {})
    return theirs


def start_heartbeat(hostname: str) -> threading.Event:
    """Beat every WORKER_HEARTBEAT_EVERY seconds from a daemon thread until the returned event
    is set. A store that does not answer (Redis down) is logged, and the beat goes on."""
    stop = threading.Event()

    def beat() -> None:
        failing = False
        while True:
            try:
                heartbeat(hostname)
                failing = False
            except Exception:
                if not failing:
                    logger.warning("worker heartbeat not recorded", exc_info=True)
                failing = True
            if stop.wait(settings.WORKER_HEARTBEAT_EVERY):
                return

    threading.Thread(target=beat, name="genesis-heartbeat", daemon=True).start()
    return stop
