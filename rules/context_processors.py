"""What every page may show of the rules engine: which engine plays the games (the footer)."""

import time

from django.http import HttpRequest

from genesis.heartbeat import facts, workers_facts

# The workers' engine changes only when they restart: read it at most this often per process,
# not on every page.
REREAD_AFTER = 30.0
_known: dict[str, tuple[float, str]] = {}


def game_engine() -> str:
    """The engine the workers play games with, as their heartbeat last said; this process's own
    while no worker has said (or the heartbeat store is down)."""
    now = time.monotonic()
    if "engine" in _known and now - _known["engine"][0] < REREAD_AFTER:
        return _known["engine"][1]
    kind = workers_facts().get("engine") or facts()["engine"]
    _known["engine"] = (now, kind)
    return kind


def engine(request: HttpRequest) -> dict[str, object]:
    # A callable: the template calls it only where it is shown.
    return {"game_engine": game_engine}
