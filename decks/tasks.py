"""Celery tasks of the decks app: the matchup lab's chunks of games (docs/matchups.md). They
take ids, and the work lives in decks.matchup_services."""

import logging
from typing import Any

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from celery.signals import worker_ready

from . import matchup_services

# A chunk is at most 50 games (decks.core.matchups.chunk_size) of well under a second each;
# these limits only catch a chunk that never ends.
CHUNK_SOFT_TIME_LIMIT = 240
CHUNK_TIME_LIMIT = 270


@shared_task(
    name="decks.matchup_chunk",
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=CHUNK_SOFT_TIME_LIMIT,
    time_limit=CHUNK_TIME_LIMIT,
    max_retries=3,
    autoretry_for=(ConnectionError,),
    retry_backoff=True,
)
def matchup_chunk_task(matchup_id: int, index: int) -> dict:
    """Play chunk `index` of a matchup and record it. Acknowledged only when done: a worker
    lost mid-chunk has recorded nothing, and the redelivered message plays the same seeded
    games again; a chunk already recorded is not recorded twice."""
    try:
        status = matchup_services.matchup_chunk_play(matchup_id=matchup_id, index=index)
    except SoftTimeLimitExceeded:
        matchup_services.matchup_fail(
            matchup_id=matchup_id,
            reason=f"Chunk {index + 1} did not finish within {CHUNK_SOFT_TIME_LIMIT} seconds.",
        )
        status = "failed"
    return {"matchup": matchup_id, "chunk": index, "status": status}


@worker_ready.connect
def resend_stale_matchups(sender: Any = None, **kwargs: Any) -> None:
    """A worker that starts sends again the chunks of matchups that stopped moving (a worker
    killed before took their messages with it); chunks sent twice are recorded once."""
    try:
        matchup_services.matchup_resend()
    except Exception:
        logging.getLogger(__name__).exception("resending stale matchups at start-up failed")
