"""Round e-mails: a registered player asks for an e-mail at each new round of an event
(registration_round_emails_set); when a round is paired, a worker sends each of them their table
and opponent (round_emails_send, run by tournaments.tasks.round_emails_task), never a request.

Each e-mail goes out once. The database is the referee: a RoundEmail row, unique per (round,
player), is claimed before the mail is handed to the SMTP server and marked sent after. A second
run of the task (a retry, the resend sweep) skips every claimed row, so it sends only what the
first did not; a send the SMTP server refused is unclaimed and retried with backoff. The
e-mail says what the event page and the browser notification say, and nothing hidden: no
decklist, no lock.
"""

import smtplib
from datetime import datetime, timedelta
from typing import Any

import structlog
from django.conf import settings
from django.core import mail
from django.db import IntegrityError, transaction
from django.db.models import BooleanField, Exists, ExpressionWrapper, F, OuterRef, Q
from django.urls import reverse
from django.utils import timezone

from genesis.broker import send, send_after_commit
from genesis.errors import Conflict, NotAuthenticated, NotFound

from .. import permissions
from ..models import Match, Registration, Round, RoundEmail, Tournament

logger = structlog.get_logger(__name__)

TASK = "tournaments.round_emails"
# At most this many e-mails a run of the task; the task sends itself again for the rest, so a
# 2,048-player round does not hold a worker away from pairings and games for minutes.
BATCH = 200
# The sweep of pending work (genesis.resend) resends a round's e-mails still unsent this long
# after its pairing (the task retries by itself before that), and gives up on rounds paired
# longer ago than ROUND_EMAIL_WINDOW: a table an hour late is no use to anyone.
STALE = timedelta(minutes=5)
ROUND_EMAIL_WINDOW = timedelta(minutes=30)


# --- asking for them --------------------------------------------------------------------------


@transaction.atomic
def registration_round_emails_set(
    *, tournament: Tournament, actor: Any, enabled: bool
) -> Registration:
    """Turn the e-mail at each new round on or off for the actor's own registration: only the
    player themself, so neither the organizer nor anyone else can sign a player up."""
    if not actor.is_authenticated:
        raise NotAuthenticated("Log in to choose your round e-mails.")
    registration = (
        Registration.objects.select_for_update().filter(tournament=tournament, player=actor).first()
    )
    if registration is None:
        if permissions.is_player(tournament, actor):  # on a team: the team is registered
            raise Conflict(
                "Round e-mails go to players registered themselves; a team's players see their "
                "table on the event page.",
                code="team_event",
            )
        raise NotFound("You are not registered for this event.", code="not_registered")
    if not enabled:
        registration.round_emails_since = None
    elif registration.round_emails_since is None:
        if tournament.status == Tournament.Status.FINISHED:
            raise Conflict("The event is over: there are no more rounds.", code="finished")
        if not actor.email:
            raise Conflict(
                "Your account has no e-mail address: add one on your account page first.",
                code="no_email_address",
            )
        registration.round_emails_since = timezone.now()
    registration.save(update_fields=["round_emails_since"])
    return registration


def round_emails_wanted(*, tournament: Tournament) -> bool:
    """Whether anyone in the event asked for round e-mails: a round of an event where nobody
    did sends no task at all."""
    return tournament.registrations.filter(round_emails_since__isnull=False).exists()


def round_emails_enqueue(*, round: Round) -> None:
    """Once the caller's transaction commits, have a worker mail this round's tables to those
    who asked (nothing when nobody in the event did)."""
    if round_emails_wanted(tournament=round.tournament):
        send_after_commit(TASK, round.pk)


def round_emails_redo(*, round: Round, registration_ids: list[int]) -> None:
    """These players were moved after their round was paired (a swap): forget their e-mails of
    it, so that each is sent the new table (once, as ever)."""
    RoundEmail.objects.filter(round=round, registration_id__in=registration_ids).delete()
    round_emails_enqueue(round=round)


# --- sending them -------------------------------------------------------------------------------


def round_emails_send(*, round_id: int, batch: int = BATCH) -> dict[str, int]:
    """Send the e-mails of a paired round that are not sent yet, at most `batch` of them; says
    how many were sent, refused, and are left for the next run (`more`).

    Runs outside a transaction: each claim is committed before its mail is handed to the SMTP
    server, so a run that fails halfway has recorded everything it sent. A refused send
    (smtplib or the connection failing) unclaims its row and is raised, for the task to retry;
    an address the server refuses is recorded as refused and not tried again."""
    round = Round.objects.select_related("tournament").filter(pk=round_id).first()
    if round is None or round.status == Round.Status.PAIRING or round.started_at is None:
        return {"sent": 0, "refused": 0, "more": 0}  # taken back, or not paired yet
    waiting = _waiting(round, round.started_at)
    sent = refused = 0
    if waiting:
        with mail.get_connection(fail_silently=False) as connection:
            for registration, opponent, table in waiting[:batch]:
                status = _send_one(connection, round, registration, opponent, table)
                sent += status == RoundEmail.Status.SENT
                refused += status == RoundEmail.Status.REFUSED
    more = max(len(waiting) - batch, 0)
    logger.info("round_emails_sent", round=round.pk, sent=sent, refused=refused, more=more)
    return {"sent": sent, "refused": refused, "more": more}


def _waiting(
    round: Round, paired_at: datetime
) -> list[tuple[Registration, Registration | None, int]]:
    """(player, opponent or None for a bye, table) of every player of this round who asked for
    its e-mail before it was paired, has an address, and has no claimed e-mail of it yet."""
    asked_a, asked_b = _asked("player_a", paired_at), _asked("player_b", paired_at)
    matches = (
        Match.objects.filter(round=round)
        .filter(asked_a | asked_b)
        .annotate(
            a_asked=ExpressionWrapper(asked_a, output_field=BooleanField()),
            b_asked=ExpressionWrapper(asked_b, output_field=BooleanField()),
        )
        .select_related("player_a__player", "player_b__player")
        .defer("state", "player_a__decklist", "player_b__decklist", "player_a__pool")
        .defer("player_b__pool")
        .order_by("table")
    )
    claimed = set(round.emails.values_list("registration_id", flat=True))
    waiting = []
    for match in matches:
        for asked, player, opponent in (
            (match.a_asked, match.player_a, match.player_b),
            (match.b_asked, match.player_b, match.player_a),
        ):
            if asked and player is not None and player.pk not in claimed:
                waiting.append((player, opponent, match.table))
    return waiting


def _asked(side: str, paired_at: datetime | F) -> Q:
    """The player on `side` of a match asked for round e-mails before its round was paired
    (`paired_at`), and their account has an address: the one statement of who is mailed."""
    return Q(
        **{
            f"{side}__round_emails_since__lte": paired_at,
            f"{side}__player__email__gt": "",
        }
    )


def _send_one(
    connection: Any,
    round: Round,
    registration: Registration,
    opponent: Registration | None,
    table: int,
) -> str | None:
    """Claim, send and mark one e-mail; None when another run claimed it first."""
    address = registration.player.email  # type: ignore[union-attr]  # _waiting: an account
    try:
        with transaction.atomic():
            claim = RoundEmail.objects.create(
                round=round, registration=registration, address=address
            )
    except IntegrityError:
        return None
    subject, body = round_email(round, opponent, table)
    message = mail.EmailMessage(
        subject, body, settings.DEFAULT_FROM_EMAIL, [address], connection=connection
    )
    try:
        message.send()
    except smtplib.SMTPRecipientsRefused:
        # This address will not be taken however often it is tried: recorded, not retried.
        RoundEmail.objects.filter(pk=claim.pk).update(status=RoundEmail.Status.REFUSED)
        logger.warning("round_email_refused", round=round.pk, registration=registration.pk)
        return RoundEmail.Status.REFUSED
    except (smtplib.SMTPException, OSError):
        # The server said no (or could not be reached): nothing went out, so the retry sends it.
        claim.delete()
        raise
    RoundEmail.objects.filter(pk=claim.pk).update(
        status=RoundEmail.Status.SENT, sent_at=timezone.now()
    )
    return RoundEmail.Status.SENT


def round_email(round: Round, opponent: Registration | None, table: int) -> tuple[str, str]:
    """The subject and body of a player's e-mail for this round: the words of the browser
    notification (static/js/live.js), "Round 3: table 41 against alice", then where to go."""
    tournament = round.tournament
    headline = f"Round {round.number}: table {table}"
    if opponent is None:
        subject = f"{headline} (a bye)"
        line = "You have a bye this round: a 2-0 match win. Rest until the next round."
    else:
        subject = f"{headline} against {opponent.name}"
        line = f"You play at table {table} against {opponent.name}."
    site = settings.SITE_URL
    event_url = site + reverse("tournaments:event-detail", args=[tournament.pk])
    lines = [
        f"Round {round.number} of {tournament.name} is paired.",
        "",
        line,
    ]
    if round.ends_at is not None:
        lines.append(f"Time ends at {timezone.localtime(round.ends_at):%H:%M} UTC.")
    lines += [
        "",
        f"The event: {event_url}",
    ]
    if opponent is not None:
        lines.append(f"Your match: {site}{reverse('tournaments:my-match', args=[tournament.pk])}")
    lines += [
        "",
        "You get this e-mail because you asked for one at each round of this event. "
        "Turn it off on the event page.",
    ]
    return subject, "\n".join(lines) + "\n"


# --- the sweep of pending work ---------------------------------------------------------------


def rounds_with_emails_waiting(*, older_than: timedelta = STALE) -> list[int]:
    """Rounds paired in the last ROUND_EMAIL_WINDOW, at least `older_than` ago, with an e-mail
    someone asked for and nobody has claimed."""
    now = timezone.now()
    matches = Match.objects.filter(
        round__status__in=[Round.Status.PAIRED, Round.Status.FINISHED],
        round__started_at__gte=now - ROUND_EMAIL_WINDOW,
        round__started_at__lte=now - older_than,
    )
    waiting = Q()
    for side in ("player_a", "player_b"):
        claimed = RoundEmail.objects.filter(round=OuterRef("round"), registration=OuterRef(side))
        waiting |= _asked(side, F("round__started_at")) & ~Q(Exists(claimed))
    return sorted(set(matches.filter(waiting).values_list("round_id", flat=True)))


def pending_resend(*, at_start: bool = False) -> dict[str, int]:
    """The round e-mails' part of the sweep (genesis.resend): send the task again for every
    recent round with e-mails left unsent (a worker that starts: whatever their age)."""
    rounds = rounds_with_emails_waiting(older_than=timedelta(0) if at_start else STALE)
    for pk in rounds:
        send(TASK, pk)
    return {"round_emails": len(rounds)}
