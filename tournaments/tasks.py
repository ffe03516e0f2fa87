"""Celery tasks of the tournaments app: they take ids, and the work lives in services."""

from celery import shared_task

from . import services


@shared_task(
    name="tournaments.round_pair",
    acks_late=True,
    max_retries=3,
    autoretry_for=(ConnectionError,),
    retry_backoff=True,
)
def round_pair_task(round_id: int) -> dict:
    """Pair a round. Delivered twice, the second run finds the round paired and does nothing."""
    round = services.round_pair(round_id=round_id)
    return {
        "round": round.number,
        "status": round.status,
        "rematches": round.rematches,
        "pair_downs": round.pair_downs,
    }
