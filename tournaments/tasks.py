"""Celery tasks of the tournaments app: they take ids, and the work lives in services."""

import logging
import smtplib

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded

from genesis.broker import send

from . import services
from .services import round_emails

logger = logging.getLogger(__name__)

# An engine game takes well under a second (docs/engine.md: about 13 ms for random bots, and
# its action cap bounds the worst case); these limits only catch a game that never ends.
GAME_SOFT_TIME_LIMIT = 60
GAME_TIME_LIMIT = 90


@shared_task(
    name="tournaments.round_pair",
    acks_late=True,
    max_retries=3,
    autoretry_for=(ConnectionError,),
    retry_backoff=True,
)
def round_pair_task(round_id: int) -> dict:
    """Pair a round. Delivered twice, the second run finds the round paired and does nothing;
    a round taken back (re-paired) before its task ran is gone, and so is the work."""
    round = services.round_pair(round_id=round_id)
    if round is None:
        return {"round": None, "status": "gone"}
    return {
        "round": round.number,
        "status": round.status,
        "rematches": round.rematches,
        "pair_downs": round.pair_downs,
    }


@shared_task(
    name="tournaments.adjudicate_game",
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=GAME_SOFT_TIME_LIMIT,
    time_limit=GAME_TIME_LIMIT,
    max_retries=3,
    autoretry_for=(ConnectionError,),
    retry_backoff=True,
)
def adjudicate_game_task(match_id: int, number: int) -> dict:
    """Play game `number` of an automated match and record it; the last game confirms the match
    and any other enqueues the next one.

    Acknowledged only when done: a worker killed mid-game has recorded nothing (the game and
    the match state are written in one transaction), and the redelivered message plays the
    same seeded game again. A rerun of a recorded game does nothing.
    """
    try:
        status = services.game_adjudicate(match_id=match_id, number=number)
    except SoftTimeLimitExceeded:
        # A game still running at the time limit is a drawn game, so the match goes on instead
        # of replaying the same endless game at every redelivery.
        status = services.game_adjudicate(match_id=match_id, number=number, timed_out=True)
    return {"match": match_id, "game": number, "status": status}


@shared_task(
    name=round_emails.TASK,
    acks_late=True,
    max_retries=6,
    # The mail server refused or could not be reached: what was sent is recorded, and the retry
    # (after 2, 4, 8 ... up to 120 s) sends only the rest. After the last, the sweep of pending
    # work (services.round_emails.pending_resend) tries again while the round is recent.
    autoretry_for=(smtplib.SMTPException, OSError),
    retry_backoff=2,
    retry_backoff_max=120,
)
def round_emails_task(round_id: int) -> dict:
    """Mail a paired round's table to every player of it who asked. Run twice (a retry, the
    sweep, a duplicate message), each e-mail still goes out once; a round with more waiting
    than one batch sends itself again for the rest."""
    done = round_emails.round_emails_send(round_id=round_id)
    if done["more"]:
        send(round_emails.TASK, round_id)
    return {"round": round_id, **done}
