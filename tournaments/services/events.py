"""Events and registration: creating an event, judges, publishing decklists, registering,
withdrawing, dropping and starting."""

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from decks import selectors as deck_selectors
from decks.models import Deck
from decks.services import deck_validate
from genesis.errors import Conflict, Forbidden, NotFound, Refusal
from rules.core.decklist import Decklist, decklist_from_json, decklist_to_json
from rules.core.formats import get_format
from tournaments.core.pairing import (
    recommended_rounds,
)

from .. import selectors
from ..models import (
    Judge,
    Registration,
    Round,
    Tournament,
)

User = get_user_model()


MAX_ROUNDS = 20


# --- events ------------------------------------------------------------------------------------


@transaction.atomic
def tournament_create(
    *,
    organizer,
    name: str,
    format_slug: str = "genesis-standard",
    rounds: int | None = None,
    top_cut: int = 0,
    round_minutes: int = 50,
    late_registration_until: int = 0,
    automated: bool = False,
    bot: str = Tournament.Bot.HEURISTIC,
) -> Tournament:
    if not organizer.is_authenticated:
        raise Forbidden("Log in to organize an event.", code="not_authenticated")
    try:
        fmt = get_format(format_slug or "genesis-standard")
    except LookupError as exc:
        raise Refusal(
            str(exc.args[0]) if exc.args else "Unknown format.", code="unknown_format"
        ) from None
    if top_cut not in (0, 4, 8):
        raise Refusal("The top cut is 4 or 8 players, or 0 for none.", code="invalid_top_cut")
    if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
        raise Refusal(f"Swiss rounds must be between 1 and {MAX_ROUNDS}.", code="invalid_rounds")
    if not 10 <= round_minutes <= 240:
        raise Refusal("A round lasts between 10 and 240 minutes.", code="invalid_round_minutes")
    if not 0 <= late_registration_until <= MAX_ROUNDS:
        raise Refusal(
            "Late registration must end by a Swiss round number.", code="invalid_late_registration"
        )
    if bot not in Tournament.Bot.values:
        raise Refusal(f"The bot is one of {', '.join(Tournament.Bot.values)}.", code="invalid_bot")
    if automated and late_registration_until:
        raise Refusal(
            "An automated event takes its decks before the start: no late registration.",
            code="invalid_late_registration",
        )
    name = name.strip()
    if not name:
        raise Refusal("The event needs a name.", code="invalid_name")
    return Tournament.objects.create(
        name=name[:120],
        format=fmt.slug,
        organizer=organizer,
        rounds_requested=rounds,
        top_cut=top_cut,
        round_minutes=round_minutes,
        late_registration_until=late_registration_until,
        automated=automated,
        bot=bot,
    )


def _lock_tournament(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _require_organizer(tournament: Tournament, actor) -> None:
    if not selectors.is_organizer(tournament, actor):
        raise Forbidden("Only the event's organizer can do that.", code="not_organizer")


def _require_judge(tournament: Tournament, actor) -> None:
    if not selectors.is_judge(tournament, actor):
        raise Forbidden("Only the event's judges and organizer can do that.", code="not_judge")


@transaction.atomic
def judge_add(*, tournament: Tournament, actor, username: str) -> Judge:
    _require_organizer(tournament, actor)
    try:
        user = User.objects.get(username__iexact=username.strip())
    except User.DoesNotExist:
        raise NotFound(f"No user is called {username!r}.", code="unknown_user") from None
    judge, _ = Judge.objects.get_or_create(tournament=tournament, user=user)
    return judge


@transaction.atomic
def decklists_publish(*, tournament: Tournament, actor, published: bool = True) -> Tournament:
    _require_organizer(tournament, actor)
    tournament = _lock_tournament(tournament)
    tournament.decklists_published = published
    tournament.save(update_fields=["decklists_published"])
    return tournament


# --- registration ------------------------------------------------------------------------------


def _next_swiss_round(tournament: Tournament) -> int:
    return tournament.rounds.filter(kind=Round.Kind.SWISS).count() + 1


@transaction.atomic
def registration_create(
    *, tournament: Tournament, player, decklist: Decklist | None = None, deck_key: str = ""
) -> Registration:
    """Register a player with a timeline, checked against the event's format.

    Before the start anyone may register; after it, only until the organizer's late-registration
    round is paired, and the player then takes a 0-2 loss for each round missed.
    """
    if not player.is_authenticated:
        raise Forbidden("Log in to register.", code="not_authenticated")
    tournament = _lock_tournament(tournament)
    if tournament.automated:
        raise Conflict(
            "This event is played by bots: its organizer enters the decks.",
            code="automated_event",
        )
    late = tournament.status != Tournament.Status.REGISTRATION
    next_round = _next_swiss_round(tournament)
    if late and (
        tournament.status != Tournament.Status.RUNNING
        or next_round > tournament.late_registration_until
    ):
        raise Conflict("Registration for this event is closed.", code="registration_closed")
    if decklist is None:
        decklist = _deck_decklist(deck_key, player)
    _require_legal(tournament, decklist)
    return _registration_insert(
        "You are already registered for this event.",
        tournament=tournament,
        player=player,
        decklist=decklist_to_json(decklist),
        champion=decklist.champion or "",
        deck_key=deck_key,
        frozen=late,
        joined_round=next_round if late else 1,
    )


def _registration_insert(duplicate: str, **fields) -> Registration:
    """Insert a registration; the unique (event, player) turns a second one into a 409."""
    try:
        with transaction.atomic():
            return Registration.objects.create(**fields)
    except IntegrityError:
        raise Conflict(duplicate, code="already_registered") from None


def _require_legal(tournament: Tournament, decklist: Decklist) -> None:
    validation = deck_validate(decklist=decklist, format_slug=tournament.format)
    if not validation.legal:
        raise Refusal(
            "The timeline is not legal in this event's format.",
            code="deck_illegal",
            errors=[e.as_dict() for e in validation.errors],
        )


def _deck_decklist(deck_key: str, player) -> Decklist:
    return decklist_from_json(_own_deck(deck_key, player).decklist)


def _own_deck(deck_key: str, player) -> Deck:
    """One of `player`'s saved decks, by key (404 unknown_deck; 403 not_owner)."""
    try:
        deck = deck_selectors.deck_get(key=deck_key, user=player)
    except Deck.DoesNotExist:
        raise NotFound("No deck with that key is visible to you.", code="unknown_deck") from None
    if deck.owner_id != player.pk:
        raise Forbidden("You can only enter your own deck.", code="not_owner")
    return deck


@transaction.atomic
def registration_withdraw(*, tournament: Tournament, player) -> None:
    tournament = _lock_tournament(tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("The event has started: drop instead of withdrawing.", code="started")
    deleted, _ = Registration.objects.filter(tournament=tournament, player=player).delete()
    if not deleted:
        raise NotFound("You are not registered for this event.", code="not_registered")


@transaction.atomic
def tournament_drop(*, tournament: Tournament, player) -> Registration:
    """Drop from a running event: never paired again, still in the standings."""
    tournament = _lock_tournament(tournament)
    if tournament.status == Tournament.Status.REGISTRATION:
        raise Conflict(
            "The event has not started: withdraw your registration instead.", code="not_started"
        )
    try:
        registration = Registration.objects.select_for_update().get(
            tournament=tournament, player=player
        )
    except Registration.DoesNotExist:
        raise NotFound("You are not registered for this event.", code="not_registered") from None
    if registration.dropped:
        raise Conflict("You have already dropped.", code="already_dropped")
    registration.dropped_after_round = tournament.rounds.count()
    registration.save(update_fields=["dropped_after_round"])
    return registration


@transaction.atomic
def tournament_start(*, tournament: Tournament, actor) -> Tournament:
    """Close registration, fix the number of Swiss rounds, and freeze every registered list."""
    _require_organizer(tournament, actor)
    tournament = _lock_tournament(tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("The event has already started.", code="already_started")
    players = tournament.registrations.count()
    if players < 2:
        raise Conflict(
            "An event needs at least 2 registered players to start.", code="too_few_players"
        )
    if tournament.top_cut and players < tournament.top_cut:
        raise Conflict(
            f"A top {tournament.top_cut} needs at least {tournament.top_cut} players.",
            code="too_few_players",
        )
    tournament.swiss_rounds = tournament.rounds_requested or recommended_rounds(players)
    tournament.status = Tournament.Status.RUNNING
    tournament.started_at = timezone.now()
    tournament.save(update_fields=["swiss_rounds", "status", "started_at"])
    tournament.registrations.update(frozen=True)
    return tournament
