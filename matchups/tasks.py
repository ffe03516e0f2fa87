"""Celery tasks of the matchup lab: its chunks of games (docs/matchups.md), on the matchups
queue (settings.CELERY_TASK_ROUTES). They take ids, and the work lives in matchups.services;
stuck chunks are resent by the sweep of pending work (genesis.resend, matchups.apps)."""

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded

from . import services

# A chunk is at most 50 games (matchups.core.lab.chunk_size) of well under a second each;
# these limits only catch a chunk that never ends.
CHUNK_SOFT_TIME_LIMIT = 240
CHUNK_TIME_LIMIT = 270


@shared_task(
    name=services.CHUNK_TASK,
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
        status = services.matchup_chunk_play(matchup_id=matchup_id, index=index)
    except SoftTimeLimitExceeded:
        services.matchup_fail(
            matchup_id=matchup_id,
            reason=f"Chunk {index + 1} did not finish within {CHUNK_SOFT_TIME_LIMIT} seconds.",
        )
        status = "failed"
    return {"matchup": matchup_id, "chunk": index, "status": status}
