"""Writes of the matchup lab (docs/matchups.md): start a job, cancel it, and play one chunk of
its games (what the worker task runs).

The arithmetic (seeds, chunks, tallies, the Wilson interval) is pure, in matchups.core.lab.
Work goes to the workers through genesis.broker, by task name (matchups.tasks imports this
module, never the other way).
"""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta

import structlog
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q, Sum
from django.utils import timezone
from rest_framework import status

from decks import selectors as deck_selectors
from decks.core.bundled import sample_decklists, sample_label
from decks.models import Deck
from genesis.broker import send, send_after_commit
from genesis.errors import Conflict, Forbidden, NotFound, Refusal
from genesis.errors import LimitReached as SharedLimitReached
from rules.core.cards import Card as CardValue
from rules.core.cards import name_key
from rules.core.decklist import (
    ALL_CARD_SECTIONS,
    Decklist,
    decklist_from_json,
    decklist_to_json,
)
from rules.core.engine import (
    ENGINE_VERSION,
    DeckRefused,
    deck_from_decklist,
    deck_problems,
    seeded_bots,
)
from rules.core.engine import Deck as EngineDeck
from rules.core.engine.play import play_game
from rules.core.formats import Format, get_format
from rules.core.games import GENESIS, get_game

from .core import lab as core
from .models import Matchup, MatchupChunk, MatchupGame

logger = structlog.get_logger(__name__)

# docs/matchups.md, Limits. Games are cheap one by one (milliseconds) but a job is up to 2,000
# of them on shared workers, so each user gets a share: a few jobs at a time, and a daily budget
# of games. Both refusals are 429s with a stable code.
DEFAULT_GAMES = 100
MAX_GAMES = 2_000
MAX_RUNNING_PER_USER = 2
MAX_GAMES_PER_DAY = 10_000
# The field is every public legal deck of the format the engine can play, up to this many (in
# key order, so the same field gives the same games).
MAX_FIELD = 100
# The first games of every job keep their logs, for the replay links.
KEPT_REPLAYS = 5
# How often (in games) a chunk looks whether its job was cancelled.
CANCEL_CHECK_EVERY = 5

# A live job that has recorded no chunk for this long has its missing chunks sent again, by the
# sweep that resends pending work (genesis.resend) and when a worker starts (matchup_resend).
STALE_AFTER = timedelta(minutes=5)

# The task that plays a chunk (matchups.tasks), sent by name: settings.CELERY_TASK_ROUTES puts
# it on the matchups queue, so tournament work never waits behind it.
CHUNK_TASK = "matchups.chunk"

LIVE = (Matchup.Status.QUEUED, Matchup.Status.RUNNING)
# When a user at the running-jobs limit may try again: a 100-game job takes about this long.
RUNNING_RETRY_SECONDS = 30


class Unplayable(Refusal):
    """A deck the engine cannot start a game with: 422, with the engine's reasons."""

    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    default_code = "deck_unplayable"


class LimitReached(SharedLimitReached):
    """Past a user's share of the workers (docs/matchups.md, Limits)."""

    default_code = "matchup_limit"


@dataclass(frozen=True)
class OpponentChoice:
    """What the request asked to play against: exactly one of these."""

    deck: str = ""  # a deck's key
    sample: str = ""  # a sample timeline's slug (decks/samples)
    field: bool = False


def engine_deck(
    decklist: Decklist, cards: Mapping[str, CardValue], seat: str, fmt: Format
) -> tuple[EngineDeck | None, list[str]]:
    """The engine's deck for a decklist, or None and the engine's reasons why it cannot play it
    (unknown cards, keywords it does not run, an illegal timeline), as rules.core.engine says
    them. A single game has no lock and show, so the forethoughts are not played."""
    try:
        deck = deck_from_decklist(decklist, cards, seat)
    except DeckRefused as refused:
        return None, list(refused.problems)
    problems = deck_problems(deck, fmt)
    return (None, problems) if problems else (deck, [])


def _opponents(
    *, choice: OpponentChoice, deck: Deck, actor, cards, fmt: Format
) -> tuple[list[dict], Deck | None]:
    """The opponents' entries as a job stores them, and the opponent deck if one was named."""
    if sum((bool(choice.deck), bool(choice.sample), choice.field)) != 1:
        raise Refusal(
            "Choose one opponent: another deck, a sample timeline or the field.",
            code="invalid_opponent",
        )
    if choice.deck:
        try:
            other = deck_selectors.deck_get(key=choice.deck, user=actor)
        except Deck.DoesNotExist:
            raise NotFound(
                "No opponent deck with that key is visible to you.", code="opponent_not_found"
            ) from None
        decklist = decklist_from_json(other.decklist)
        _require_playable(decklist, cards, fmt, "opponent_unplayable", f"The opponent {other}")
        entry = {"label": other.name, "key": other.key, "version": other.version}
        return [{**entry, "decklist": decklist_to_json(decklist)}], other
    if choice.sample:
        samples = sample_decklists()
        if choice.sample not in samples:
            raise Refusal(
                f"There is no sample timeline called {choice.sample!r}; the samples are: "
                f"{', '.join(sorted(samples))}.",
                code="unknown_sample",
            )
        decklist = samples[choice.sample]
        _require_playable(decklist, cards, fmt, "opponent_unplayable", "The sample timeline")
        label = sample_label(choice.sample, decklist)
        entry = {"label": f"Sample: {label}", "key": "", "version": None}
        return [{**entry, "decklist": decklist_to_json(decklist)}], None
    field = []
    public = (
        Deck.objects.filter(visibility=Deck.Visibility.PUBLIC, legal=True, format=deck.format)
        .exclude(pk=deck.pk)
        .order_by("key")
    )
    for other in public.iterator():
        decklist = decklist_from_json(other.decklist)
        if engine_deck(decklist, cards, "b", fmt)[0] is None:
            continue  # a deck of the field the engine cannot play sits this one out
        field.append(
            {
                "label": other.name,
                "key": other.key,
                "version": other.version,
                "decklist": decklist_to_json(decklist),
            }
        )
        if len(field) == MAX_FIELD:
            break
    if not field:
        raise Unplayable(
            "The field is empty: no other public legal deck of this format that the engine can "
            "play.",
            code="empty_field",
        )
    return field, None


def _require_playable(decklist, cards, fmt: Format, code: str, who: str) -> None:
    problems = engine_deck(decklist, cards, "a", fmt)[1]
    if problems:
        raise Unplayable(
            f"{who} cannot be played by the game engine: " + "; ".join(problems[:10]),
            code=code,
            problems=problems,
        )


@transaction.atomic
def matchup_start(
    *,
    deck: Deck,
    actor,
    opponent: OpponentChoice,
    games: int = DEFAULT_GAMES,
    bot: str = Matchup.Bot.HEURISTIC,
) -> tuple[Matchup, bool]:
    """Start a matchup of `deck` (at its current version) against `opponent`, or return the job
    this user already has for the same request: running, or finished with its kept result.
    Returns (job, started).

    Refused before any game: a deck or an opponent the engine cannot play (422), an opponent
    not visible to the actor (404), past the limits (429). `deck` must be visible to the actor
    (the caller got it from selectors.deck_get).
    """
    if not actor.is_authenticated:
        raise Forbidden("Log in to test a deck.", code="not_authenticated")
    if not 1 <= games <= MAX_GAMES:
        raise Refusal(f"games must be between 1 and {MAX_GAMES}.", code="invalid_games")
    if bot not in Matchup.Bot.values:
        raise Refusal(f"bot must be one of: {', '.join(Matchup.Bot.values)}.", code="invalid_bot")
    fmt = get_format(deck.format)
    if fmt.game != GENESIS.slug:
        # The rules engine plays Genesis only (docs/engine.md); other games are decks and events.
        reason = f"the game engine plays Genesis only; this is a {get_game(fmt.game).name} deck"
        raise Unplayable(
            f"This deck cannot be played by the game engine: {reason}.",
            code="deck_unplayable",
            problems=[reason],
        )
    cards = deck_selectors.card_index()
    decklist = decklist_from_json(deck.decklist)
    _require_playable(decklist, cards, fmt, "deck_unplayable", "This deck")
    opponents, opponent_deck = _opponents(
        choice=opponent, deck=deck, actor=actor, cards=cards, fmt=fmt
    )
    opponent_lists = [entry["decklist"] for entry in opponents]
    cards_digest = _cards_digest(cards, [decklist_to_json(decklist), *opponent_lists])
    games_part = {
        "deck": decklist_to_json(decklist),
        "opponents": opponent_lists,
        "games": games,
        "bot": bot,
        "engine": ENGINE_VERSION,
        "format": fmt.slug,
        # The cards' rules as the index holds them now: after a re-import that changes a card
        # of either side, the same decklists are a new request (new games), not the kept job.
        "cards": cards_digest,
    }
    key = core.request_key({**games_part, "deck_id": deck.pk, "version": deck.version})

    # One request at a time per user: the limits below read and then write. The partial unique
    # constraint on (owner, request_key) is the referee for duplicates all the same.
    get_user_model().objects.select_for_update().get(pk=actor.pk)
    existing = _live_job(actor, key)
    if existing is not None:
        return existing, False
    _check_limits(actor, games)
    try:
        with transaction.atomic():
            job = Matchup.objects.create(
                owner=actor,
                deck=deck,
                deck_version=deck.version,
                opponent_kind=(
                    Matchup.Opponent.DECK
                    if opponent.deck
                    else Matchup.Opponent.SAMPLE
                    if opponent.sample
                    else Matchup.Opponent.FIELD
                ),
                opponent_deck=opponent_deck,
                opponent_sample=opponent.sample,
                opponents=opponents,
                games=games,
                bot=bot,
                seed=core.base_seed(games_part),
                engine_version=ENGINE_VERSION,
                cards_digest=cards_digest,
                request_key=key,
            )
    except IntegrityError:
        existing = _live_job(actor, key)
        if existing is None:
            raise
        return existing, False
    _enqueue_chunks(job)
    logger.info("matchup_started", matchup_id=job.pk, deck=deck.key, games=games, bot=bot)
    return job, True


def _cards_digest(cards: Mapping[str, CardValue], decklists: list[object]) -> str:
    """The digest of the rules of every card these decklists (JSON) name, champions and every
    section, as `cards` (the card index) holds them."""
    keys: set[str] = set()
    for decklist in map(decklist_from_json, decklists):
        if decklist.champion:
            keys.add(name_key(decklist.champion))
        for section in ALL_CARD_SECTIONS:
            keys.update(name_key(entry.name) for entry in decklist.entries(section))
    return core.cards_digest(cards[key] for key in sorted(keys) if key in cards)


def _live_job(actor, key: str) -> Matchup | None:
    return (
        Matchup.objects.filter(owner=actor, request_key=key)
        .exclude(status__in=[Matchup.Status.CANCELLED, Matchup.Status.FAILED])
        .first()
    )


def _check_limits(actor, games: int) -> None:
    running = Matchup.objects.filter(owner=actor, status__in=LIVE).count()
    if running >= MAX_RUNNING_PER_USER:
        raise LimitReached(
            f"You have {running} matchups running; wait for one to finish or cancel one "
            f"(at most {MAX_RUNNING_PER_USER} at a time).",
            code="matchup_running_limit",
            limit=MAX_RUNNING_PER_USER,
            retry_after=RUNNING_RETRY_SECONDS,
        )
    since = timezone.now() - timedelta(days=1)
    played = (
        Matchup.objects.filter(owner=actor, created_at__gte=since).aggregate(n=Sum("games"))["n"]
        or 0
    )
    if played + games > MAX_GAMES_PER_DAY:
        # Ask again when the oldest job of the window leaves it (a guess on the safe side: that
        # job alone may not free enough games).
        oldest = (
            Matchup.objects.filter(owner=actor, created_at__gte=since)
            .order_by("created_at")
            .values_list("created_at", flat=True)
            .first()
        )
        freed_at = (oldest or timezone.now()) + timedelta(days=1)
        raise LimitReached(
            f"That would take you past {MAX_GAMES_PER_DAY} games in 24 hours "
            f"({played} so far); ask for fewer games or try again later.",
            code="matchup_daily_limit",
            limit=MAX_GAMES_PER_DAY,
            used=played,
            retry_after=int((freed_at - timezone.now()).total_seconds()),
        )


def _enqueue_chunks(job: Matchup) -> None:
    """Send one task per chunk once the job is committed (a worker must find its row). A broker
    that cannot take them answers 503 broker_unavailable: the job is saved, and the sweep
    (matchup_resend) sends its chunks once it is back."""
    for index in range(len(core.chunks(job.games))):
        send_after_commit(CHUNK_TASK, job.pk, index)


@transaction.atomic
def matchup_cancel(*, matchup: Matchup, actor) -> Matchup:
    """Cancel a job that is still waiting or playing. Only its owner may; chunks that are
    playing stop within a few games and record nothing."""
    if matchup.owner_id != actor.pk:
        raise Forbidden("Only the user who started a matchup can cancel it.")
    job = Matchup.objects.select_for_update().get(pk=matchup.pk)
    if job.status not in LIVE:
        raise Conflict(
            f"This matchup is {job.get_status_display().lower()}: there is nothing to cancel.",
            code="matchup_not_running",
        )
    job.status = Matchup.Status.CANCELLED
    job.finished_at = timezone.now()
    job.save(update_fields=["status", "finished_at"])
    return job


# --- the work: one chunk of games, on a worker -------------------------------------------------


def _cancelled(job_id: int) -> bool:
    return not Matchup.objects.filter(pk=job_id, status__in=LIVE).exists()


def matchup_chunk_play(*, matchup_id: int, index: int) -> str:
    """Play chunk `index` of a matchup and record it exactly once.

    The games are played outside any transaction: they are pure and seeded by the job's seed
    and their numbers, so a chunk played again (a worker lost, a message delivered twice) plays
    the same games. Recording is one transaction that locks the job: a chunk already recorded,
    or a job cancelled meanwhile, records nothing. The chunk that completes the job marks it
    done. A chunk that finds the cards' rules changed since the job started (a re-import) fails
    the job instead: its games would not all be played on the same cards. Returns "recorded",
    "already_recorded", "cancelled", "cards_changed" or "gone".
    """
    job = Matchup.objects.filter(pk=matchup_id).first()
    if job is None:
        return "gone"
    if job.status not in LIVE:
        return "cancelled" if job.status == Matchup.Status.CANCELLED else "already_recorded"
    if MatchupChunk.objects.filter(matchup=job, index=index).exists():
        return "already_recorded"
    Matchup.objects.filter(pk=job.pk, status=Matchup.Status.QUEUED).update(
        status=Matchup.Status.RUNNING
    )
    fmt = get_format(job.deck.format)
    cards = deck_selectors.card_index()
    tested_list = _tested_decklist(job)
    if job.cards_digest and job.cards_digest != _cards_digest(
        cards, [tested_list, *(entry["decklist"] for entry in job.opponents)]
    ):
        matchup_fail(matchup_id=job.pk, reason=CARDS_CHANGED)
        return "cards_changed"
    # Checked playable when the job started; built once for the chunk's games.
    tested = deck_from_decklist(decklist_from_json(tested_list), cards, "a")
    opponents = [
        deck_from_decklist(decklist_from_json(entry["decklist"]), cards, "b")
        for entry in job.opponents
    ]
    numbers = core.chunks(job.games)[index]
    played: list[core.PlayedGame] = []
    kept: list[MatchupGame] = []
    for count, number in enumerate(numbers):
        if count and count % CANCEL_CHECK_EVERY == 0 and _cancelled(job.pk):
            return "cancelled"
        which = core.opponent_of(number, len(opponents))
        seed = core.game_seed(job.seed, number)
        result = play_game(
            tested, opponents[which], cards, seed, seeded_bots(job.bot, seed, cards), fmt=fmt
        )
        played.append(core.PlayedGame(number, result.winner, result.reason, result.rounds))
        if number < KEPT_REPLAYS:
            assert result.log is not None  # play_game returns the game's log
            kept.append(
                MatchupGame(
                    matchup=job,
                    number=number,
                    opponent=job.opponents[which]["label"],
                    seed=seed,
                    winner=result.winner or "",
                    reason=result.reason or "",
                    rounds=result.rounds,
                    actions=len(result.log.actions),
                    log=result.log.dumps(),
                )
            )
    return _chunk_record(job.pk, index, core.tally(played), kept)


CARDS_CHANGED = (
    "The cards of these decks were re-imported with other rules while the job was playing; "
    "test again to play every game on the new cards."
)


def _tested_decklist(job: Matchup) -> object:
    """The tested deck's list at the job's version (its history keeps every version)."""
    version = job.deck.versions.filter(number=job.deck_version).first()
    return version.decklist if version is not None else job.deck.decklist


@transaction.atomic
def _chunk_record(job_id: int, index: int, tally: core.Tally, kept: list[MatchupGame]) -> str:
    job = Matchup.objects.select_for_update().filter(pk=job_id).first()
    if job is None:
        return "gone"  # its deck was deleted while the chunk played
    if job.status not in LIVE:
        return "cancelled" if job.status == Matchup.Status.CANCELLED else "already_recorded"
    if MatchupChunk.objects.filter(matchup=job, index=index).exists():
        return "already_recorded"
    MatchupChunk.objects.create(matchup=job, index=index, tally=tally.as_json())
    MatchupGame.objects.bulk_create(kept)
    recorded = MatchupChunk.objects.filter(matchup=job).count()
    if recorded == len(core.chunks(job.games)):
        job.status = Matchup.Status.DONE
        job.finished_at = timezone.now()
    else:
        job.status = Matchup.Status.RUNNING
    job.save(update_fields=["status", "finished_at"])
    return "recorded"


def matchup_resend(
    *, older_than: timedelta = STALE_AFTER, at_start: bool = False
) -> dict[str, int]:
    """Send again the chunks not yet recorded of every live job that has recorded nothing for
    `older_than`: a message lost with a worker, refused by a broker that was down, or forgotten
    by the embedded broker of ./scripts/serve, would otherwise leave the job waiting for ever.
    A chunk sent twice is recorded once. Run by the sweep of pending work (genesis.resend), at
    a worker's start too: `at_start` changes nothing here, since a job younger than STALE_AFTER
    may still be playing on another worker. Returns how many chunks were sent."""
    now = timezone.now()
    cutoff = now - older_than
    sent = 0
    stale = (
        Matchup.objects.filter(status__in=LIVE, created_at__lt=cutoff)
        .exclude(resent_at__gte=cutoff)
        .prefetch_related("chunks")
    )
    for job in stale:
        recorded = {chunk.index: chunk.created_at for chunk in job.chunks.all()}
        if recorded and max(recorded.values()) >= cutoff:
            continue  # still moving
        for index in range(len(core.chunks(job.games))):
            if index not in recorded:
                send(CHUNK_TASK, job.pk, index)
                sent += 1
        Matchup.objects.filter(pk=job.pk).update(resent_at=now)
    return {"matchup_chunks": sent}


def matchup_fail(*, matchup_id: int, reason: str) -> None:
    """A chunk could not be played (its time limit ran out): the job fails with the reason, so
    the page says so instead of waiting for ever; the same request can then be started again."""
    Matchup.objects.filter(Q(pk=matchup_id) & Q(status__in=LIVE)).update(
        status=Matchup.Status.FAILED, error=reason[:500], finished_at=timezone.now()
    )
