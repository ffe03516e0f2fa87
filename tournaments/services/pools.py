"""Limited events (sealed and draft): each player's recorded pool, and their deck built from it.

The organizer records a player's pool (the cards they opened or drafted, written as a decklist;
or, in a demo, drawn from a set's print sheet: tournaments.core.pools). The pool is kept with
the registration; the player then submits a deck, which the format validates against the pool
(decks.services.deck_validate's `pool`). Who may see a pool is decided with the decklists
(tournaments.selectors).
"""

from typing import Any

from django.db import transaction

from decks.models import Card
from genesis.errors import Conflict, NotFound, Refusal
from rules.core.decklist import (
    ALL_CARD_SECTIONS,
    Decklist,
    DecklistError,
    decklist_from_json,
    decklist_to_json,
    parse_decklist,
)
from rules.core.formats import get_format

from .. import permissions
from ..core.pools import DEFAULT_POOL_SIZE, pools_for, print_sheet
from ..locking import lock_registration, lock_tournament
from ..models import Registration, Tournament
from .registrations import (
    account_named,
    insert_registration,
    registration_get,
    require_legal,
)

MAX_POOL_SIZE = 500


def is_limited(tournament: Tournament) -> bool:
    return get_format(tournament.format).limited


def read_cards(text: str, tournament: Tournament, what: str) -> Decklist:
    """A card list in the decklist text format, read as the event's game writes it."""
    try:
        return parse_decklist(text, tournament.game)
    except DecklistError as exc:
        raise Refusal(
            f"The {what} could not be read. {exc}", code="invalid_decklist", line=exc.line
        ) from None


def _require_limited_before_start(tournament: Tournament) -> None:
    if not is_limited(tournament):
        raise Conflict(
            "This event's format is not limited (sealed or draft): it has no pools.",
            code="not_limited",
        )
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("The event has started: pools and decks are frozen.", code="already_started")


@transaction.atomic
def pool_set(
    *,
    tournament: Tournament,
    actor: Any,
    pool: Decklist,
    registration_id: object = None,
    username: str = "",
    guest: str = "",
) -> Registration:
    """The organizer records a player's pool: for a registration (a new pool clears the deck
    built from the old one), or for a player not yet registered (an account or a guest), who is
    registered with the pool and no deck yet."""
    permissions.require_organizer(tournament, actor)
    tournament = lock_tournament(tournament)
    _require_limited_before_start(tournament)
    if not any(pool.entries(section) for section in ALL_CARD_SECTIONS):
        raise Refusal("A pool holds at least one card.", code="empty_pool")
    if registration_id is not None:
        registration = lock_registration(
            registration_get(tournament=tournament, registration_id=registration_id)
        )
        registration.pool = decklist_to_json(pool)
        registration.decklist = decklist_to_json(Decklist())
        registration.save(update_fields=["pool", "decklist"])
        return registration
    username, guest = username.strip(), " ".join(guest.split())
    if bool(username) == bool(guest):
        raise Refusal(
            "Name the player: a registration, an account's username, or a guest's name.",
            code="invalid_player",
        )
    who: dict[str, Any] = {"guest_name": guest}
    if username:
        user = account_named(username)
        if user is None:
            raise NotFound(f"No account is called {username!r}.", code="unknown_user")
        who = {"player": user}
    name = guest or who["player"].username
    return insert_registration(
        f"{name} is already registered for this event.",
        tournament=tournament,
        decklist=decklist_to_json(Decklist()),
        pool=decklist_to_json(pool),
        **who,
    )


@transaction.atomic
def pools_generate(
    *,
    tournament: Tournament,
    actor: Any,
    set_code: str,
    size: int = DEFAULT_POOL_SIZE,
) -> list[Registration]:
    """A demo: every registered player without a pool gets one drawn from the set's print
    sheet (tournaments.core.pools), seeded by the event, so the same event deals the same pools."""
    permissions.require_organizer(tournament, actor)
    tournament = lock_tournament(tournament)
    _require_limited_before_start(tournament)
    if not 1 <= size <= MAX_POOL_SIZE:
        raise Refusal(f"A pool has 1 to {MAX_POOL_SIZE} cards.", code="invalid_pool_size")
    names = list(
        Card.objects.filter(
            card_set__code__iexact=set_code, card_set__game=tournament.game
        ).values_list("name", flat=True)
    )
    if not names:
        raise NotFound(
            f"No set of this event's game has the code {set_code!r}.", code="unknown_set"
        )
    sheet = print_sheet(names)
    if size > len(sheet):
        raise Refusal(
            f"The set's print sheet has only {len(sheet)} cards.", code="invalid_pool_size"
        )
    waiting = list(tournament.registrations.select_for_update().filter(pool__isnull=True))
    pools = pools_for(sheet, [str(r.pk) for r in waiting], seed=tournament.seed, size=size)
    for registration in waiting:
        registration.pool = decklist_to_json(pools[str(registration.pk)])
        registration.decklist = decklist_to_json(Decklist())
    Registration.objects.bulk_update(waiting, ["pool", "decklist"])
    return waiting


@transaction.atomic
def deck_submit(
    *, tournament: Tournament, actor: Any, decklist: Decklist, registration_id: object = None
) -> Registration:
    """A player submits the deck they built from their pool (validated against it); a judge
    submits a guest's (`registration_id`)."""
    tournament = lock_tournament(tournament)
    _require_limited_before_start(tournament)
    if registration_id is None:
        registration = (
            tournament.registrations.filter(player=actor).first()
            if actor.is_authenticated
            else None
        )
        if registration is None:
            raise NotFound("You are not registered for this event.", code="not_registered")
    else:
        permissions.require_judge(tournament, actor)
        registration = registration_get(tournament=tournament, registration_id=registration_id)
    registration = lock_registration(registration)
    if registration.pool is None:
        raise Conflict(
            f"{registration.name} has no pool yet: the organizer records it first.",
            code="no_pool",
        )
    require_legal(tournament, decklist, pool=_pool(registration))
    registration.decklist = decklist_to_json(decklist)
    registration.save(update_fields=["decklist"])
    return registration


def _pool(registration: Registration) -> Decklist:
    assert registration.pool is not None
    return decklist_from_json(registration.pool)


def missing_decks(tournament: Tournament) -> list[str]:
    """Names of the players of a limited event who have not submitted a deck (the event cannot
    start until everyone has)."""
    empty = decklist_to_json(Decklist())
    return [
        r.name for r in tournament.registrations.select_related("player") if r.decklist == empty
    ]
