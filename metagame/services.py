"""Writes of the metagame (docs/metagame.md): a format's archetypes created, renamed, merged and
split, and an event's simulated field run on the matchup lab.

Merging and splitting rewrite the format's rules by metagame.core.archetypes (merge_rules,
split_rules), so a merge or a split moves exactly the decklists it says and no other. The
simulated field starts one lab job per pairing of archetypes through
matchups.services.matchup_start, inside the lab's limits: pairings past the owner's share
wait, and the sweep of pending work starts them (field_resume)."""

import hashlib
import json
from collections.abc import Sequence
from typing import Any

import structlog
from django.db import IntegrityError, transaction
from django.db.models import Max
from rest_framework import status

from decks import selectors as deck_selectors
from decks import services as deck_services
from decks.models import Deck
from genesis.errors import Conflict, NotFound, Refusal
from matchups import services as lab
from matchups.models import Matchup
from rules.core.cards import name_key
from rules.core.decklist import decklist_from_json, decklist_to_json
from rules.core.formats import FORMATS, get_format
from tournaments.models import Tournament

from . import permissions, selectors
from .core import archetypes as core
from .models import Archetype, ArchetypeRule, FieldDeck, FieldPairing, FieldSimulation

logger = structlog.get_logger(__name__)

MAX_NAME = 80
MAX_SIGNATURE_CARDS = 10
MAX_COPIES = 99
# The most played archetypes an event's simulated field plays (every pairing: 8 make 28 jobs).
MAX_SIMULATED = 8
DEFAULT_SIMULATED_GAMES = 100
MAX_SIMULATED_GAMES = 500


class ArchetypeExists(Conflict):
    default_code = "archetype_exists"


def _format(format_slug: str) -> str:
    if format_slug not in FORMATS:
        raise NotFound(f"There is no format called {format_slug!r}.", code="unknown_format")
    return format_slug


def _printable(text: str) -> bool:
    """No control characters (PostgreSQL stores no NUL, and no name needs the others)."""
    return all(ch.isprintable() for ch in text)


def _name(name: str) -> str:
    cleaned = " ".join(str(name).split())
    if not cleaned or len(cleaned) > MAX_NAME or not _printable(cleaned):
        raise Refusal(f"An archetype's name is 1 to {MAX_NAME} characters.", code="invalid_name")
    if cleaned.casefold() == core.OTHER.casefold():
        raise Refusal(
            '"Other" is what decklists that fit no archetype are called; choose another name.',
            code="reserved_name",
        )
    return cleaned


def _taken(format_slug: str, name: str, but: int | None = None) -> None:
    same = Archetype.objects.filter(format=format_slug, name__iexact=name)
    if but is not None:
        same = same.exclude(pk=but)
    if same.exists():
        raise ArchetypeExists(f"This format already has an archetype called {name!r}.")


def signatures(cards: Any) -> tuple[core.Signature, ...]:
    """Signature cards from a request ([{"card": name, "min": n}]), checked against the cards
    the service knows."""
    if not isinstance(cards, list) or len(cards) > MAX_SIGNATURE_CARDS:
        raise Refusal(
            f"Signature cards are a list of at most {MAX_SIGNATURE_CARDS} "
            '{"card": name, "min": copies}.',
            code="invalid_cards",
        )
    index = deck_selectors.card_index()
    found = []
    for entry in cards:
        card = entry.get("card") if isinstance(entry, dict) else None
        minimum = entry.get("min", 1) if isinstance(entry, dict) else None
        if not isinstance(card, str) or not card.strip() or not _printable(card) or len(card) > 120:
            raise Refusal('Each signature card needs a "card" name.', code="invalid_cards")
        if (
            not isinstance(minimum, int)
            or isinstance(minimum, bool)
            or not 1 <= minimum <= MAX_COPIES
        ):
            raise Refusal(
                f'A signature card\'s "min" is a number of copies from 1 to {MAX_COPIES}.',
                code="invalid_cards",
            )
        known = index.get(name_key(card))
        if index and known is None:
            raise Refusal(f"There is no card called {card!r}.", code="unknown_card", card=card)
        found.append(core.Signature(known.name if known else card.strip(), minimum))
    return tuple(found)


def _champion(champion: str) -> str:
    cleaned = " ".join(str(champion or "").split())
    if len(cleaned) > 120 or not _printable(cleaned):
        raise Refusal("A champion's name is up to 120 characters.", code="unknown_card")
    index = deck_selectors.card_index()
    if cleaned and index and name_key(cleaned) not in index:
        raise Refusal(
            f"There is no champion called {cleaned!r}.", code="unknown_card", card=cleaned
        )
    return index[name_key(cleaned)].name if cleaned and index else cleaned


def _cards_json(cards: Sequence[core.Signature]) -> list[dict[str, Any]]:
    return [{"card": s.card, "min": s.minimum} for s in cards]


def _save_rules(format_slug: str, rules: Sequence[core.Rule]) -> None:
    """Write a format's rules in this order (positions 0, 1, …), replacing the old ones."""
    ArchetypeRule.objects.filter(format=format_slug).delete()
    ArchetypeRule.objects.bulk_create(
        ArchetypeRule(
            archetype_id=rule.archetype,
            format=format_slug,
            position=position,
            champion=rule.champion,
            cards=_cards_json(rule.cards),
        )
        for position, rule in enumerate(rules)
    )


def _lock(format_slug: str) -> None:
    """One change of a format's archetypes at a time: merges and splits read every rule and
    write them all again."""
    list(Archetype.objects.select_for_update().filter(format=format_slug).values_list("pk"))


@transaction.atomic
def archetype_create(
    *, format_slug: str, actor: Any, name: str, champion: str = "", cards: Any = ()
) -> Archetype:
    """A new archetype with one rule, tried after the format's existing rules."""
    format_slug = _format(format_slug)
    permissions.require_archetype_editor(format_slug, actor)
    name = _name(name)
    rule = core.Rule(0, _champion(champion), signatures(list(cards)))
    if not rule.names_something:
        raise Refusal(
            "A rule names a champion or at least one signature card (otherwise every decklist "
            "would fit it).",
            code="empty_rule",
        )
    _lock(format_slug)
    _taken(format_slug, name)
    try:
        with transaction.atomic():
            archetype = Archetype.objects.create(format=format_slug, name=name)
    except IntegrityError:
        raise ArchetypeExists(f"This format already has an archetype called {name!r}.") from None
    last = ArchetypeRule.objects.filter(format=format_slug).aggregate(n=Max("position"))["n"]
    ArchetypeRule.objects.create(
        archetype=archetype,
        format=format_slug,
        position=0 if last is None else last + 1,
        champion=rule.champion,
        cards=_cards_json(rule.cards),
    )
    return archetype


def archetype_get(*, format_slug: str, pk: Any) -> Archetype:
    try:
        return Archetype.objects.get(format=format_slug, pk=int(pk))
    except (Archetype.DoesNotExist, TypeError, ValueError):
        raise NotFound(
            "This format has no archetype with that id.", code="unknown_archetype"
        ) from None


@transaction.atomic
def archetype_rename(*, archetype: Archetype, actor: Any, name: str) -> Archetype:
    permissions.require_archetype_editor(archetype.format, actor)
    name = _name(name)
    _lock(archetype.format)
    _taken(archetype.format, name, but=archetype.pk)
    archetype.name = name
    archetype.save(update_fields=["name", "updated_at"])
    return archetype


@transaction.atomic
def archetype_merge(*, archetype: Archetype, into: Archetype, actor: Any) -> Archetype:
    """Merge `archetype` into `into`: its decklists become `into`'s, and it is gone."""
    permissions.require_archetype_editor(archetype.format, actor)
    if into.format != archetype.format:
        raise Refusal("Archetypes merge within one format.", code="other_format")
    if into.pk == archetype.pk:
        raise Refusal("An archetype cannot be merged into itself.", code="same_archetype")
    _lock(archetype.format)
    rules = selectors.definitions(archetype.format).rules
    _save_rules(archetype.format, core.merge_rules(rules, archetype.pk, into.pk))
    archetype.delete()
    into.save(update_fields=["updated_at"])
    return into


@transaction.atomic
def archetype_split(*, archetype: Archetype, actor: Any, name: str, cards: Any) -> Archetype:
    """Split off, under a new name, the decklists of `archetype` that also hold `cards`."""
    permissions.require_archetype_editor(archetype.format, actor)
    name = _name(name)
    extra = signatures(cards)
    if not extra:
        raise Refusal(
            "Name the signature cards that set the new archetype apart.", code="invalid_cards"
        )
    _lock(archetype.format)
    _taken(archetype.format, name)
    new = Archetype.objects.create(format=archetype.format, name=name)
    rules = selectors.definitions(archetype.format).rules
    _save_rules(archetype.format, core.split_rules(rules, archetype.pk, new.pk, extra))
    return new


# --- the simulated field ---------------------------------------------------------------------


class NotPublished(Conflict):
    default_code = "not_published"


class FieldTooSmall(Refusal):
    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    default_code = "field_too_small"


def _representatives(tournament: Tournament) -> list[tuple[str, int, Any]]:
    """For each of the most played archetypes (Other aside) of the event's published decklists,
    its most common decklist that the engine can play (ties: the earliest registered):
    [(archetype, registration id, decklist JSON)], most played first."""
    found = selectors.definitions(tournament.format)
    classified = selectors.published_archetypes([tournament], found)
    by_archetype: dict[str, list[Any]] = {}
    for _, (name, registration) in sorted(classified.items()):
        if name != core.OTHER:
            by_archetype.setdefault(name, []).append(registration)
    fmt = get_format(tournament.format)
    cards = deck_selectors.card_index()
    chosen = []
    for name, registrations in sorted(by_archetype.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        counts: dict[str, list[Any]] = {}
        for registration in registrations:
            text = json.dumps(registration.decklist, sort_keys=True)
            counts.setdefault(text, []).append(registration)
        for _, same in sorted(counts.items(), key=lambda kv: (-len(kv[1]), kv[1][0].pk)):
            decklist = decklist_from_json(same[0].decklist)
            if lab.engine_deck(decklist, cards, "a", fmt)[0] is not None:
                chosen.append((name, same[0].pk, decklist_to_json(decklist)))
                break
        if len(chosen) == MAX_SIMULATED:
            break
    return chosen


@transaction.atomic
def field_simulate(
    *,
    tournament: Tournament,
    actor: Any,
    games: int = DEFAULT_SIMULATED_GAMES,
    bot: str = Matchup.Bot.HEURISTIC,
) -> tuple[FieldSimulation, int]:
    """Run (or continue) the event's simulated field: a lab job per pairing of its archetypes,
    as many as the actor's share of the workers lets start now; the rest wait and start as
    running jobs end. Returns the simulation and how many jobs this call started.

    Refused: decklists not published (409 not_published), not the organizer while only the top
    cut's are (403), fewer than two archetypes the engine can play (422 field_too_small), and
    the lab's limits when none of the field's pairings has started or can start now (429
    matchup_running_limit or matchup_daily_limit)."""
    permissions.require_simulate(tournament, actor)
    if tournament.decklists == Tournament.Decklists.HIDDEN:
        raise NotPublished("The event's decklists are not published: there is no field to play.")
    if not 1 <= games <= MAX_SIMULATED_GAMES:
        raise Refusal(
            f"games (per pairing) must be between 1 and {MAX_SIMULATED_GAMES}.",
            code="invalid_games",
        )
    if bot not in Matchup.Bot.values:
        raise Refusal(f"bot must be one of: {', '.join(Matchup.Bot.values)}.", code="invalid_bot")
    chosen = _representatives(tournament)
    if len(chosen) < 2:
        raise FieldTooSmall(
            "The simulated field needs at least two archetypes (not Other) whose published "
            "decklists the engine can play.",
        )
    key = hashlib.sha256(json.dumps([chosen, games, bot], sort_keys=True).encode()).hexdigest()
    simulation = FieldSimulation.objects.filter(tournament=tournament, key=key).first()
    if simulation is None:
        try:
            with transaction.atomic():
                simulation = _create_simulation(tournament, actor, games, bot, key, chosen)
        except IntegrityError:
            # The same field asked twice at once: the unique (event, key) lets one create it,
            # and the other continues that one.
            simulation = FieldSimulation.objects.get(tournament=tournament, key=key)
    if simulation.owner_id != actor.pk:
        # Someone else ran this field first: its tests are theirs, within their share of the
        # lab, and the sweep starts the waiting ones; this request only shows it.
        return simulation, 0
    # The lab's 429 answers a field none of whose tests could start; once some run, asking
    # again is told how many more started (perhaps none: they start as the running ones end).
    running = simulation.pairings.filter(matchup__isnull=False).exists()
    started = _start_waiting(simulation, refuse_when_none=not running)
    return simulation, started


def _create_simulation(tournament, actor, games, bot, key, chosen) -> FieldSimulation:
    simulation = FieldSimulation.objects.create(
        tournament=tournament, owner=actor, games=games, bot=bot, key=key
    )
    decks = []
    for name, registration, decklist in chosen:
        deck = deck_services.deck_create(
            owner=actor,
            name=f"{name} ({tournament.name})"[:120],
            decklist=decklist_from_json(decklist),
            format_slug=tournament.format,
            visibility=Deck.Visibility.PRIVATE,
            description=f"The decklist that stands for {name} in the simulated field of "
            f"{tournament.name}.",
        )
        decks.append(
            FieldDeck.objects.create(
                simulation=simulation, archetype=name, registration=registration, deck=deck
            )
        )
    FieldPairing.objects.bulk_create(
        FieldPairing(simulation=simulation, row=row, column=column)
        for i, row in enumerate(decks)
        for column in decks[i + 1 :]
    )
    return simulation


def _start_waiting(simulation: FieldSimulation, *, refuse_when_none: bool) -> int:
    """Start the simulation's waiting pairings, in order, until the owner's limits say stop."""
    started = 0
    # Locked, so the sweep and a person (or two sweeps) never start the same pairing twice;
    # the sweep skips what another is starting.
    waiting = (
        FieldPairing.objects.select_related("row__deck", "column__deck")
        .select_for_update(of=("self",), skip_locked=not refuse_when_none)
        .filter(simulation=simulation, matchup__isnull=True)
        .order_by("id")
    )
    for pairing in waiting:
        try:
            job, _ = lab.matchup_start(
                deck=pairing.row.deck,
                actor=simulation.owner,
                opponent=lab.OpponentChoice(deck=pairing.column.deck.key),
                games=simulation.games,
                bot=simulation.bot,
            )
        except lab.LimitReached:
            if refuse_when_none and not started:
                raise
            break
        except Refusal as refusal:
            # The engine can no longer play one of the pair (its cards were re-imported with
            # rules it does not run): asked by a person, they are told; the sweep passes it over
            # and tries the next pairing, so one bad pairing never holds the others back.
            if refuse_when_none:
                raise
            logger.warning("field_pairing_refused", pairing_id=pairing.pk, code=refusal.code)
            continue
        pairing.matchup = job
        pairing.save(update_fields=["matchup"])
        started += 1
    if started:
        logger.info("field_simulation_started", simulation_id=simulation.pk, jobs=started)
    return started


def field_resume(*, at_start: bool = False) -> dict[str, int]:
    """Start the waiting pairings of every simulated field whose owner has a share of the lab
    free again (run by the sweep of pending work, genesis.resend)."""
    started = 0
    for simulation in FieldSimulation.objects.filter(pairings__matchup__isnull=True).distinct():
        with transaction.atomic():
            started += _start_waiting(simulation, refuse_when_none=False)
    return {"field_pairings": started}
