"""Registration: players registering themselves (or joining the waitlist of a full event, and
being registered from it when a place frees), the organizer or a judge registering a player (an
account, or a walk-in guest known only by name), linking a guest to an account later,
withdrawing before the start, and dropping or reinstating during the event."""

from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from decks import selectors as deck_selectors
from decks.models import Deck
from decks.services import deck_validate
from genesis.errors import Conflict, Forbidden, NotAuthenticated, NotFound, Refusal
from rules.core.decklist import Decklist, decklist_from_json, decklist_to_json
from rules.core.formats import get_format
from rules.selectors import with_rule_urls

from .. import permissions, selectors
from ..locking import lock_registration, lock_tournament
from ..models import Penalty, Registration, Round, Tournament, WaitlistEntry
from ..selectors.phases import cut_at_phase
from .snapshots import snapshots_expire

User = get_user_model()

MAX_GUEST_NAME = 60


# --- the rules of registering, asked by services, pages and the API alike ----------------------


def next_swiss_round(tournament: Tournament) -> int:
    return tournament.rounds.filter(kind=Round.Kind.SWISS).count() + 1


def registration_open(tournament: Tournament) -> bool:
    """Whether players may still register: before the start, and after it until the
    organizer's late-registration round is paired (late entrants take a 0-2 loss for each
    round they missed)."""
    if tournament.status == Tournament.Status.REGISTRATION:
        return True
    return (
        tournament.status == Tournament.Status.RUNNING
        and next_swiss_round(tournament) <= tournament.late_registration_until
    )


def places_left(tournament: Tournament, players: int | None = None) -> int | None:
    """Places left before the event is full, or None when it has no capacity set. `players`
    is the number registered when the caller has counted it already (a list of events)."""
    if tournament.capacity is None:
        return None
    if players is None:
        players = tournament.registrations.count()
    return max(tournament.capacity - players, 0)


def registration_get(*, tournament: Tournament, registration_id: object) -> Registration:
    """One registration of this event (404 unknown_registration for anything else)."""
    if not isinstance(registration_id, int) or isinstance(registration_id, bool):
        raise NotFound("Name a registration of this event by its id.", code="unknown_registration")
    registration = (
        tournament.registrations.select_related("player").filter(pk=registration_id).first()
    )
    if registration is None:
        raise NotFound("No registration of this event has that id.", code="unknown_registration")
    return registration


# --- registering ---------------------------------------------------------------------------------


@transaction.atomic
def registration_create(
    *, tournament: Tournament, player: Any, decklist: Decklist | None = None, deck_key: str = ""
) -> Registration | WaitlistEntry:
    """A player registers themselves with a timeline, checked against the event's format. When
    the event is full before its start, the player joins its waitlist instead (a WaitlistEntry,
    keeping the list); after the start a full event refuses (409 event_full)."""
    if not player.is_authenticated:
        raise NotAuthenticated("Log in to register.")
    tournament = _open_for_registration(tournament)
    if decklist is None:
        decklist = decklist_from_json(own_deck(deck_key, player).decklist)
    if tournament.status == Tournament.Status.REGISTRATION and places_left(tournament) == 0:
        return _waitlist_join(tournament, decklist, player=player, deck_key=deck_key)
    return _register(tournament, decklist, player=player, deck_key=deck_key)


@transaction.atomic
def registration_add(
    *,
    tournament: Tournament,
    actor: Any,
    decklist: Decklist,
    username: str = "",
    guest: str = "",
) -> Registration:
    """The organizer or a judge registers a player: an account (`username`) or a walk-in
    without one (`guest`, a name). A guest's games and results are reported by the organizer
    or a judge."""
    permissions.require_judge(tournament, actor)
    tournament = _open_for_registration(tournament)
    username, guest = username.strip(), " ".join(guest.split())
    if bool(username) == bool(guest):
        raise Refusal(
            "Name the player: an account's username, or a guest's name for a walk-in.",
            code="invalid_player",
        )
    if guest:
        if len(guest) > MAX_GUEST_NAME:
            raise Refusal(
                f"A guest's name has at most {MAX_GUEST_NAME} characters.", code="invalid_player"
            )
        if account_named(guest) is not None:
            raise Conflict(
                f"{guest} is an account's name: register the account, or give the guest "
                "another name.",
                code="name_taken",
            )
        return _register(tournament, decklist, guest_name=guest)
    user = account_named(username)
    if user is None:
        raise NotFound(f"No account is called {username!r}.", code="unknown_user")
    return _register(tournament, decklist, player=user)


@transaction.atomic
def registration_link(
    *, tournament: Tournament, actor: Any, registration_id: object, username: str
) -> Registration:
    """Link a guest's registration to an account (the organizer): the results stay with the
    registration, and the account can then report its own games."""
    permissions.require_organizer(tournament, actor)
    tournament = lock_tournament(tournament)
    registration = lock_registration(
        registration_get(tournament=tournament, registration_id=registration_id)
    )
    if not registration.is_guest:
        raise Conflict(
            f"{registration.name} already plays with their own account.", code="not_a_guest"
        )
    user = account_named(username.strip())
    if user is None:
        raise NotFound(f"No account is called {username!r}.", code="unknown_user")
    if tournament.registrations.filter(player=user).exists():
        raise Conflict(
            f"{user.username} is already registered for this event.", code="already_registered"
        )
    registration.player, registration.guest_name = user, ""
    registration.save(update_fields=["player", "guest_name"])
    snapshots_expire(tournament_id=tournament.pk)  # the player's name changes
    return registration


def insert_registration(duplicate: str, **fields: Any) -> Registration:
    """Insert a registration once the event is locked: full events refuse (409 event_full), and
    the unique constraints turn a second registration of the same player into a 409."""
    tournament: Tournament = fields["tournament"]
    if places_left(tournament) == 0:
        raise Conflict(
            f"The event is full: all {tournament.capacity} places are taken.", code="event_full"
        )
    try:
        with transaction.atomic():
            registration = Registration.objects.create(**fields)
    except IntegrityError:
        raise Conflict(duplicate, code="already_registered") from None
    snapshots_expire(tournament_id=tournament.pk)  # a new line in the standings
    return registration


def require_legal(tournament: Tournament, decklist: Decklist, pool: Decklist | None = None) -> None:
    """Refuse a deck the event's format does not allow (400 deck_illegal, with every
    violation): in a limited event it must come from the player's `pool`; a Titans of Eden
    event may set a copy limit."""
    extra: dict[str, Any] = {}
    # Passed only when set, so a Genesis event validates exactly as it always has.
    if pool is not None:
        extra["pool"] = pool
    if tournament.copy_limit is not None:
        extra["copy_limit"] = tournament.copy_limit
    validation = deck_validate(decklist=decklist, format_slug=tournament.format, **extra)
    if not validation.legal:
        what = "timeline" if tournament.game == "genesis" else "deck"
        raise Refusal(
            f"The {what} is not legal in this event's format.",
            code="deck_illegal",
            errors=with_rule_urls(e.as_dict() for e in validation.errors),
        )


def own_deck(deck_key: str, player: Any) -> Deck:
    """One of `player`'s saved decks, by key (404 unknown_deck; 403 not_owner)."""
    try:
        deck = deck_selectors.deck_get(key=deck_key, user=player)
    except Deck.DoesNotExist:
        raise NotFound("No deck with that key is visible to you.", code="unknown_deck") from None
    if deck.owner_id != player.pk:
        raise Forbidden("You can only enter your own deck.", code="not_owner")
    return deck


def _open_for_registration(tournament: Tournament) -> Tournament:
    tournament = lock_tournament(tournament)
    if tournament.automated:
        raise Conflict(
            "This event is played by bots: its organizer enters the decks.",
            code="automated_event",
        )
    if not registration_open(tournament):
        raise Conflict("Registration for this event is closed.", code="registration_closed")
    return tournament


def _require_single_entry(tournament: Tournament) -> None:
    """Players register themselves with a deck only in a constructed event of single players."""
    if tournament.team_play:
        raise Conflict(
            "This is a team event: the organizer registers each team with its players.",
            code="team_event",
        )
    if get_format(tournament.format).limited:
        raise Conflict(
            "This is a limited event: the organizer records your pool, then you submit a deck "
            "built from it.",
            code="no_pool",
        )


def _register(
    tournament: Tournament, decklist: Decklist, deck_key: str = "", **who: Any
) -> Registration:
    _require_single_entry(tournament)
    require_legal(tournament, decklist)
    late = tournament.status != Tournament.Status.REGISTRATION
    name = who.get("guest_name") or who["player"].username
    return insert_registration(
        f"{name} is already registered for this event.",
        tournament=tournament,
        decklist=decklist_to_json(decklist),
        champion=decklist.champion or "",
        deck_key=deck_key,
        frozen=late,
        joined_round=next_swiss_round(tournament) if late else 1,
        **who,
    )


# --- the waitlist of a full event ----------------------------------------------------------------


def _waitlist_join(
    tournament: Tournament, decklist: Decklist, *, player: Any, deck_key: str
) -> WaitlistEntry:
    """Put `player` at the end of the line (the caller holds the event's lock): the same
    checks as registering, so a list that could not register cannot wait either."""
    _require_single_entry(tournament)
    require_legal(tournament, decklist)
    if tournament.registrations.filter(player=player).exists():
        raise Conflict(
            f"{player.username} is already registered for this event.", code="already_registered"
        )
    waiting = tournament.waitlist.filter(status=WaitlistEntry.Status.WAITING)
    if waiting.filter(player=player).exists():
        raise Conflict("You are already on this event's waitlist.", code="already_waitlisted")
    last = waiting.aggregate(last=Max("position"))["last"] or 0
    return WaitlistEntry.objects.create(
        tournament=tournament,
        player=player,
        decklist=decklist_to_json(decklist),
        champion=decklist.champion or "",
        deck_key=deck_key,
        position=last + 1,
    )


def waitlist_promote(tournament: Tournament) -> list[WaitlistEntry]:
    """Fill the places free before the start from the waitlist, first in line first. The
    caller holds the event's lock (lock_tournament), so two places freeing at once are filled
    one after the other: never the same entry twice, never over capacity.

    Each promoted list is validated against the event's format again, as registering does: the
    card index or the event's rules may have changed since the player joined. A list that is no
    longer legal is skipped, keeping the reason and each broken rule for the player to see, and
    the next in line is tried. Returns the entries decided, promoted and skipped."""
    decided: list[WaitlistEntry] = []
    if tournament.status != Tournament.Status.REGISTRATION:
        return decided
    left = places_left(tournament)
    for entry in selectors.waitlist_line(tournament):
        if left is not None and left <= 0:
            break
        try:
            _require_still_eligible(tournament, entry)
        except Refusal as exc:
            entry.status = WaitlistEntry.Status.SKIPPED
            entry.reason = exc.detail[:300]
            entry.errors = exc.extra.get("errors", [])
        else:
            entry.registration = Registration.objects.create(
                tournament=tournament,
                player=entry.player,
                decklist=entry.decklist,
                champion=entry.champion,
                deck_key=entry.deck_key,
            )
            entry.status = WaitlistEntry.Status.PROMOTED
            if left is not None:
                left -= 1
        entry.decided_at = timezone.now()
        entry.save(update_fields=["status", "reason", "errors", "registration", "decided_at"])
        decided.append(entry)
    if any(entry.registration_id for entry in decided):
        snapshots_expire(tournament_id=tournament.pk)  # new lines in the standings
    return decided


def _require_still_eligible(tournament: Tournament, entry: WaitlistEntry) -> None:
    if tournament.registrations.filter(player=entry.player).exists():
        # The organizer or a judge registered them meanwhile.
        raise Conflict(
            f"{entry.player.username} is already registered for this event.",
            code="already_registered",
        )
    require_legal(tournament, decklist_from_json(entry.decklist))


def account_named(name: str) -> Any:
    return User.objects.filter(username__iexact=name).first() if name else None


# --- leaving -------------------------------------------------------------------------------------


@transaction.atomic
def registration_withdraw(*, tournament: Tournament, player: Any) -> None:
    tournament = lock_tournament(tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("The event has started: drop instead of withdrawing.", code="started")
    deleted, _ = Registration.objects.filter(tournament=tournament, player=player).delete()
    snapshots_expire(tournament_id=tournament.pk)
    if not deleted:
        raise NotFound("You are not registered for this event.", code="not_registered")
    waitlist_promote(tournament)


@transaction.atomic
def player_drop(
    *, tournament: Tournament, actor: Any, registration_id: object = None
) -> Registration:
    """Drop a player from a running event: never paired again, still in the standings. A player
    drops themselves (no `registration_id`); the organizer or a judge drops anyone. An
    unfinished match of theirs is left for a judge to decide: a drop never invents a result."""
    tournament = lock_tournament(tournament)
    if tournament.status == Tournament.Status.REGISTRATION:
        raise Conflict(
            "The event has not started: withdraw the registration instead.", code="not_started"
        )
    if registration_id is None:
        registration = _own_registration(tournament, actor)
    else:
        permissions.require_judge(tournament, actor)
        registration = registration_get(tournament=tournament, registration_id=registration_id)
    registration = lock_registration(registration)
    if registration.dropped:
        raise Conflict(f"{registration.name} has already dropped.", code="already_dropped")
    drop(registration)
    return registration


def drop(registration: Registration) -> None:
    """Mark a player dropped after the rounds paired so far (the caller holds the locks). A
    round still waiting for its pairings is paired without them, so it does not count: once it
    is paired the drop can no longer be undone (player_reinstate)."""
    paired = registration.tournament.rounds.exclude(status=Round.Status.PAIRING)
    registration.dropped_after_round = paired.count()
    registration.save(update_fields=["dropped_after_round"])
    snapshots_expire(tournament_id=registration.tournament_id)


@transaction.atomic
def player_reinstate(
    *, tournament: Tournament, actor: Any, registration_id: object
) -> Registration:
    """Undo a drop (the organizer or a judge), as long as no round has been paired since."""
    permissions.require_judge(tournament, actor)
    tournament = lock_tournament(tournament)
    registration = lock_registration(
        registration_get(tournament=tournament, registration_id=registration_id)
    )
    if not registration.dropped:
        raise Conflict(f"{registration.name} has not dropped.", code="not_dropped")
    if registration.penalties.filter(kind=Penalty.Kind.DISQUALIFICATION).exists():
        raise Conflict(
            f"{registration.name} was disqualified: a disqualification is not undone here.",
            code="disqualified",
        )
    if tournament.status != Tournament.Status.RUNNING:
        raise Conflict("The event is over.", code="not_running")
    cut_before = cut_at_phase(tournament).get(registration.pk)
    if cut_before is not None:
        # The organizer confirmed the cut (services.phases): undoing it for one player would
        # advance someone the rule left out.
        raise Conflict(
            f"{registration.name} did not advance to phase {cut_before}: a cut is not undone.",
            code="cut_at_phase",
        )
    if tournament.rounds.count() > (registration.dropped_after_round or 0):
        raise Conflict(
            f"A round has been paired since {registration.name} dropped: too late to undo it.",
            code="round_paired",
        )
    registration.dropped_after_round = None
    registration.save(update_fields=["dropped_after_round"])
    snapshots_expire(tournament_id=tournament.pk)
    return registration


def _own_registration(tournament: Tournament, player: Any) -> Registration:
    registration = (
        tournament.registrations.filter(player=player).first() if player.is_authenticated else None
    )
    if registration is None:
        raise NotFound("You are not registered for this event.", code="not_registered")
    return registration
