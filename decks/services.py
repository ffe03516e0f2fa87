"""Writes to the card index. Every write is a keyword-only function in a transaction."""

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from django.db import connection, transaction
from django.utils import timezone
from django.utils.text import slugify

from genesis.errors import Conflict, Forbidden, NotAuthenticated, NotFound, Refusal
from rules.core.cardfile import CardEntry, CardFile, CardFileError, Problem
from rules.core.cards import COST_KINDS, name_key
from rules.core.cards import Card as CardValue
from rules.core.decklist import (
    ALL_CARD_SECTIONS,
    Decklist,
    DecklistError,
    Section,
    add_card,
    decklist_diff,
    decklist_from_json,
    decklist_to_json,
    home_section,
    parse_decklist,
    tidy,
)
from rules.core.formats import (
    DEFAULT_FORMAT,
    Format,
    UnknownFormatError,
    formats_of,
    get_format,
)
from rules.core.game_cardfile import GameCardEntry, GameCardFile
from rules.core.game_cards import GameCard as GameCardValue
from rules.core.games import GENESIS, UnknownGameError, get_game
from rules.core.keywords import parse_ability_name
from rules.core.timeline import Validation
from rules.core.validation import validate

from . import selectors
from .models import Ability, Affiliation, Card, CardSet, Deck, DeckVersion
from .selectors import index_value

BATCH = 1000

# The advisory lock of the card index ("cards" in ASCII): held exclusively by a write to the cards
# (an import, an admin edit) and shared by a deck save, until their transactions end. A deck saved
# while the cards change is then judged on the cards as they end up: either the save waits for
# the change and validates with the new cards, or the change waits for the save and judges the
# saved list again (deck_legality_refresh). Without it, a save could validate with the old cards
# and commit after the change had looked for the decks naming them.
CARD_INDEX_LOCK = 0x6361726473


def card_index_lock(*, shared: bool) -> None:
    """Take CARD_INDEX_LOCK until the transaction ends: exclusively before writing cards, shared
    before saving a deck, and before any row lock (so that no two writers wait on each other)."""
    # PostgreSQL's lock; SQLite (./scripts/serve) lets one transaction write at a time anyway.
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            function = "pg_advisory_xact_lock_shared" if shared else "pg_advisory_xact_lock"
            cursor.execute(f"SELECT {function}(%s)", [CARD_INDEX_LOCK])


@dataclass
class ImportReport:
    set_code: str
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: int = 0

    def __str__(self) -> str:
        return (
            f"{self.set_code}: {len(self.created)} created, {len(self.updated)} updated, "
            f"{self.unchanged} unchanged"
        )


@transaction.atomic
def card_set_import(*, card_file: CardFile) -> ImportReport:
    """Write a checked card file: new cards are created, changed ones updated in place.

    Importing the same file twice changes nothing (cards are compared by content hash).
    Raises CardFileError, writing nothing, if the file's set code belongs to another set or a
    name already belongs to another set (_own_card_set, _cards_of_game).
    """
    card_index_lock(shared=False)
    card_set = _own_card_set(
        game=GENESIS.slug,
        code=card_file.set_code,
        name=card_file.set_name,
        description=card_file.set_description,
    )
    existing = _cards_of_game(card_set, [entry.card.name for entry in card_file.entries])

    affiliations = _affiliations_for(card_file.entries)
    report = ImportReport(set_code=card_set.code)
    to_create, to_update = [], []
    for entry in card_file.entries:
        key = name_key(entry.card.name)
        row = _card_row(entry, card_set, affiliations)
        if key not in existing:
            to_create.append((entry, row))
        elif existing[key][2] != entry.content_hash:
            row.pk = existing[key][0]
            to_update.append((entry, row))
        else:
            report.unchanged += 1

    # PostgreSQL and SQLite (the two supported databases) set the new ids on the rows.
    Card.objects.bulk_create([row for _, row in to_create], batch_size=BATCH)
    if to_update:
        fields = [f.name for f in Card._meta.concrete_fields if f.name not in ("id", "name_key")]
        Card.objects.bulk_update([row for _, row in to_update], fields, batch_size=BATCH)
        updated_ids = [row.pk for _, row in to_update]
        Ability.objects.filter(card_id__in=updated_ids).delete()
        Card.affiliations.through.objects.filter(card_id__in=updated_ids).delete()

    written = to_create + to_update
    Ability.objects.bulk_create(
        [
            _ability_row(row, position, ability)
            for entry, row in written
            for position, ability in enumerate(entry.card.abilities)
        ],
        batch_size=BATCH,
    )
    Card.affiliations.through.objects.bulk_create(
        [
            Card.affiliations.through(card_id=row.pk, affiliation_id=affiliations[name].pk)
            for entry, row in written
            for name in sorted(entry.card.affiliations)
        ],
        batch_size=BATCH,
    )
    report.created = [entry.card.name for entry, _ in to_create]
    report.updated = [entry.card.name for entry, _ in to_update]
    if written:
        # The import time is part of the card index's version (selectors.card_index).
        CardSet.objects.filter(pk=card_set.pk).update(imported_at=timezone.now())
        deck_legality_refresh(game=card_set.game, names=report.created + report.updated)
    return report


def _set_label(card_set: CardSet) -> str:
    return f"set {card_set.code} ({card_set.name})"


def _own_card_set(*, game: str, code: str, name: str, description: str) -> CardSet:
    """The set a card file writes to: a new one, or the same set imported again (same game,
    code and name; its description may change). Raises CardFileError when the code already
    belongs to a set of another name: the file would otherwise take over that set and rewrite its
    cards. Both sets are named; to rename a set, an administrator renames it first."""
    card_set, created = CardSet.objects.get_or_create(
        game=game, code=code, defaults={"name": name, "description": description}
    )
    if created:
        return card_set
    if card_set.name != name:
        raise CardFileError(
            [
                Problem(
                    f"the code {code} already belongs to {_set_label(card_set)}, not to this "
                    f"file's set {name}: give the new set a code of its own",
                    field="set.code",
                )
            ]
        )
    if card_set.description != description:
        card_set.description = description
        card_set.save(update_fields=["description", "imported_at"])
    return card_set


def _cards_of_game(card_set: CardSet, names: list[str]) -> dict[str, tuple[int, int, str]]:
    """The stored cards of the set's game by name_key, as (pk, set id, content hash). Raises
    CardFileError, writing nothing, when one of `names` belongs to another set of that game
    (names are unique within a game, and a file writes only its own set's cards); the problem
    names the card and both sets."""
    existing = {
        key: (pk, set_id, content_hash)
        for key, pk, set_id, content_hash in Card.objects.filter(game=card_set.game).values_list(
            "name_key", "pk", "card_set_id", "content_hash"
        )
    }
    other_sets = {s.pk: s for s in CardSet.objects.filter(game=card_set.game)}
    conflicts = [
        Problem(
            f"the card belongs to {_set_label(other_sets[existing[key][1]])}, not to this "
            f"file's {_set_label(card_set)}",
            i,
            name,
            "name",
        )
        for i, name in enumerate(names)
        if (key := name_key(name)) in existing and existing[key][1] != card_set.pk
    ]
    if conflicts:
        raise CardFileError(conflicts)
    return existing


@transaction.atomic
def game_card_set_import(*, card_file: GameCardFile) -> ImportReport:
    """Write a checked card file of a game other than Genesis, as `card_set_import` does: by
    name within the game, unchanged cards untouched, another set's code or a name of another set
    of the game refused."""
    card_index_lock(shared=False)
    game = card_file.game
    card_set = _own_card_set(
        game=game,
        code=card_file.set_code,
        name=card_file.set_name,
        description=card_file.set_description,
    )
    existing = _cards_of_game(card_set, [entry.card.name for entry in card_file.entries])
    report = ImportReport(set_code=card_set.code)
    for entry in card_file.entries:
        key = name_key(entry.card.name)
        row = _game_card_row(entry, card_set)
        if key not in existing:
            row.save()
            report.created.append(entry.card.name)
        elif existing[key][2] != entry.content_hash:
            row.pk = existing[key][0]
            row.save()
            report.updated.append(entry.card.name)
        else:
            report.unchanged += 1
    if report.created or report.updated:
        CardSet.objects.filter(pk=card_set.pk).update(imported_at=timezone.now())
        deck_legality_refresh(game=game, names=report.created + report.updated)
    return report


def _game_card_row(entry: GameCardEntry, card_set: CardSet) -> Card:
    card = entry.card
    return Card(
        card_set=card_set,
        game=card.game,
        name=card.name,
        type=card.type,
        subtype="/".join(entry.subtypes)[:40],
        text=card.text,
        flavor=entry.flavor,
        source=card.source,
        source_note=entry.source_note,
        content_hash=entry.content_hash,
        element=card.element,
        cost=card.cost,
        power=card.power,
        life=card.life,
        level=card.level,
        species=card.species,
        **card_search_columns(card),
    )


def _affiliations_for(entries: tuple[CardEntry, ...]) -> dict[str, Affiliation]:
    worlds = {e.card.world for e in entries if e.card.world}
    names = worlds | {name for e in entries for name in e.card.affiliations}
    found = {a.name: a for a in Affiliation.objects.filter(name__in=names)}
    for name in sorted(names - found.keys()):
        kind = Affiliation.Kind.WORLD if name in worlds else Affiliation.Kind.AFFILIATION
        found[name] = Affiliation.objects.create(name=name, slug=_unique_slug(name), kind=kind)
    promote = [
        a.pk for name, a in found.items() if name in worlds and a.kind != Affiliation.Kind.WORLD
    ]
    if promote:
        Affiliation.objects.filter(pk__in=promote).update(kind=Affiliation.Kind.WORLD)
    return found


def _unique_slug(name: str) -> str:
    base = slugify(name) or "affiliation"
    slug, n = base, 2
    while Affiliation.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


def _index(values) -> str:
    return "".join(index_value(v) for v in sorted(set(values))) if values else ""


def _card_row(entry: CardEntry, card_set: CardSet, affiliations: dict[str, Affiliation]) -> Card:
    card: CardValue = entry.card
    return Card(
        card_set=card_set,
        name=card.name,
        type=card.type.value,
        subtype=entry.subtype,
        chi=card.chi,
        hp=card.hp,
        aura=card.aura,
        energy_reduction=card.energy_reduction,
        world=affiliations[card.world] if card.world else None,
        awareness=card.awareness.as_json() if card.awareness else None,
        occupies_spot=card.occupies_spot,
        blocks_line_of_sight=card.blocks_line_of_sight,
        text=card.text,
        flavor=entry.flavor,
        source=card.source,
        source_note=entry.source_note,
        unrevealed=list(entry.unrevealed),
        content_hash=entry.content_hash,
        **card_search_columns(
            card,
            subtype=entry.subtype,
            identity_slugs=[affiliations[name].slug for name in card.identity],
        ),
    )


# The columns card_search_columns writes: derived from a card's other fields, never edited by hand
# (the admin shows them read-only).
SEARCH_COLUMNS = (
    "name_key",
    "search_text",
    "affiliation_index",
    "keyword_index",
    "speed_index",
    "cost_index",
    "class_index",
    "supertype_index",
)


def card_search_columns(
    card: CardValue | GameCardValue, *, subtype: str = "", identity_slugs: Iterable[str] = ()
) -> dict[str, str]:
    """A card's search columns (SEARCH_COLUMNS) computed from its fields: the one writer of
    them, called by the importers and, after a hand edit in the admin, by card_recompute.
    `subtype` and `identity_slugs` (the slugs of its affiliations and world) are a Genesis
    card's; another game's card carries all it needs. Index columns are "|"-delimited
    (selectors.index_value), so that `kw:flight` is one LIKE '%|flight|%' on one table."""
    columns = dict.fromkeys(SEARCH_COLUMNS, "")
    columns["name_key"] = name_key(card.name)
    if isinstance(card, GameCardValue):
        # Another game's classes, supertypes and keywords are kept only in these columns (the
        # file's order of classes is not kept: the index is sorted).
        columns["class_index"] = _index(card.classes)
        columns["supertype_index"] = _index(card.supertypes)
        columns["keyword_index"] = _index(slugify(k) for k in card.keywords)
        columns["search_text"] = " ".join(
            [card.name, card.text, card.type, card.element, card.species, *card.classes]
        ).casefold()
        return columns
    abilities = card.abilities
    columns["search_text"] = " ".join(
        [
            card.name,
            card.text,
            subtype,
            *(a.name for a in abilities),
            *(a.text for a in abilities),
        ]
    ).casefold()
    columns["affiliation_index"] = _index(identity_slugs)
    columns["keyword_index"] = _index(card.keywords)
    columns["speed_index"] = _index(a.speed.value for a in abilities)
    columns["cost_index"] = _index(kind for a in abilities for kind in a.cost.kinds)
    return columns


@transaction.atomic
def card_recompute(*, card_id: int, previous_names: Iterable[str] = ()) -> Card:
    """After a card was edited by hand (the admin): its abilities' keyword terms are read again
    from their names (rules.core.keywords.parse_ability_name; KeywordError for a name that has
    none), its search columns are written again by card_search_columns from the stored fields,
    the card index's version moves on (as an import moves it, so every process reads the
    edit), and the stored legality of the decks naming the card (or `previous_names`, the
    names it had) is recomputed."""
    card_index_lock(shared=False)
    card = selectors.card_detail(card_id=card_id)
    if card.game == GENESIS.slug:
        # An ability's keyword terms are read from its name, as the card file's reader does.
        abilities = list(card.abilities.all())
        for ability in abilities:
            ability.keywords = [term.as_dict() for term in parse_ability_name(ability.name)]
        Ability.objects.bulk_update(abilities, ["keywords"], batch_size=BATCH)
        identity = {a.slug for a in card.affiliations.all()}
        if card.world is not None:
            identity.add(card.world.slug)
        columns = card_search_columns(
            selectors.card_value(card), subtype=card.subtype, identity_slugs=identity
        )
    else:
        columns = card_search_columns(selectors.game_card_value(card))
    Card.objects.filter(pk=card.pk).update(**columns)
    CardSet.objects.filter(pk=card.card_set_id).update(imported_at=timezone.now())
    deck_legality_refresh(game=card.game, names=[card.name, *previous_names])
    for column, value in columns.items():
        setattr(card, column, value)
    return card


def _ability_row(card_row: Card, position: int, ability) -> Ability:
    return Ability(
        card_id=card_row.pk,
        position=position,
        speed=ability.speed.value,
        name=ability.name,
        keywords=[term.as_dict() for term in ability.terms],
        facts=ability.facts(),
        text=ability.text,
        **{f"cost_{kind}": getattr(ability.cost, kind) for kind in COST_KINDS},
    )


# --- timelines -----------------------------------------------------------------------------------


def deck_validate(
    *,
    decklist: Decklist,
    format_slug: str | None = None,
    pool: Decklist | None = None,
    copy_limit: int | None = None,
) -> Validation:
    """Validate a decklist against a format of any game (default: Genesis Standard Constructed),
    with the card index of the format's game. `pool` is the player's recorded pool (limited
    formats); `copy_limit` overrides the format's (an event setting)."""
    fmt = format_get(format_slug)
    if copy_limit is not None and copy_limit < 1:
        raise Refusal("A copy limit is at least 1.", code="invalid_copy_limit")
    cards = (
        selectors.card_index()
        if fmt.game == GENESIS.slug
        else selectors.game_card_index(game=fmt.game)
    )
    return validate(decklist, cards, fmt, pool=pool, copy_limit=copy_limit)


def read_decklist(
    *, text: str | bytes | None = None, data: object = None, game: str | None = None
) -> Decklist:
    """A decklist from its text or JSON form; Refusal (400, code invalid_decklist) if unreadable.
    `game` (the format's) says how the text form's "Main" and "Sideboard" headers read."""
    try:
        return parse_decklist(text, game) if text is not None else decklist_from_json(data)
    except DecklistError as exc:
        raise Refusal(
            f"The decklist could not be read. {exc}", code="invalid_decklist", line=exc.line
        ) from None


def format_get(slug: str | None) -> Format:
    """The format with this slug (the default one for none); Refusal unknown_format otherwise."""
    if not slug:
        return DEFAULT_FORMAT
    try:
        return get_format(slug)
    except UnknownFormatError as exc:
        raise Refusal(
            str(exc.args[0]) if exc.args else "Unknown format.", code="unknown_format"
        ) from None


def game_get(slug: str | None) -> str | None:
    """A game's slug as given (None for none); Refusal unknown_game for a slug no game has."""
    if not slug:
        return None
    try:
        return get_game(slug).slug
    except UnknownGameError as exc:
        raise Refusal(str(exc.args[0]), code="unknown_game") from None


def deck_require_owner(*, deck: Deck, actor) -> None:
    """Refuses (403 not_owner) anyone but the deck's owner: every change to a deck checks it."""
    if not actor.is_authenticated or deck.owner_id != actor.pk:
        raise Forbidden("Only the deck's owner can change it.", code="not_owner")


def _named_keys(decklist: Decklist) -> set[str]:
    """The name keys of every card a decklist names: its champion and every section's."""
    keys = {name_key(decklist.champion)} if decklist.champion else set()
    for section in ALL_CARD_SECTIONS:
        keys.update(name_key(entry.name) for entry in decklist.entries(section))
    return keys


@transaction.atomic
def deck_legality_refresh(*, game: str, names: Iterable[str]) -> int:
    """Recompute the stored legality (Deck.legal) of every deck of `game` that names one of
    these cards, after an import or a hand edit changed them: a deck is judged on the cards
    as they are now, exactly as a save judges it (_save_version); the changed verdicts are
    written in one statement. Its callers hold CARD_INDEX_LOCK exclusively and every save
    shares it, so no save is in flight meanwhile: each is either seen here or judged on the
    new cards. Returns how many changed."""
    wanted = {name_key(name) for name in names}
    slugs = [fmt.slug for fmt in formats_of(game)]
    if not wanted or not slugs:
        return 0
    changed = []
    decks = Deck.objects.filter(format__in=slugs).only("pk", "decklist", "format", "legal")
    for deck in decks.order_by("pk").iterator():
        decklist = decklist_from_json(deck.decklist)
        if not _named_keys(decklist) & wanted:
            continue
        legal = deck_validate(decklist=decklist, format_slug=deck.format).legal
        if legal != deck.legal:
            deck.legal = legal
            changed.append(deck)
    # bulk_update leaves updated_at alone: the owner did not change the deck.
    Deck.objects.bulk_update(changed, ["legal"], batch_size=BATCH)
    return len(changed)


def _save_version(deck: Deck, decklist: Decklist) -> None:
    # Its callers hold CARD_INDEX_LOCK shared, taken before they lock the deck's row (the order
    # deck_legality_refresh's callers take them in, so that neither waits on the other forever).
    deck.decklist = decklist_to_json(decklist)
    deck.champion = decklist.champion or ""
    deck.legal = deck_validate(decklist=decklist, format_slug=deck.format).legal
    deck.save()
    DeckVersion.objects.create(deck=deck, number=deck.version, decklist=deck.decklist)


MAX_DECK_NAME = 120  # Deck.name


def _deck_name(name: str) -> str:
    name = name.strip()
    if len(name) > MAX_DECK_NAME:
        raise Refusal(f"A deck's name has at most {MAX_DECK_NAME} characters.", code="invalid_name")
    return name


@transaction.atomic
def deck_create(
    *,
    owner,
    name: str,
    decklist: Decklist,
    format_slug: str = "",
    visibility: str = Deck.Visibility.PRIVATE,
    description: str = "",
    cloned_from: Deck | None = None,
) -> Deck:
    if not owner.is_authenticated:
        raise NotAuthenticated("Log in to save decks.")
    card_index_lock(shared=True)
    deck = Deck(
        owner=owner,
        name=_deck_name(name) or "Untitled timeline",
        description=description,
        format=format_get(format_slug).slug,
        visibility=visibility,
        version=1,
        cloned_from=cloned_from,
    )
    _save_version(deck, decklist)
    return deck


@transaction.atomic
def deck_update(
    *,
    deck: Deck,
    actor,
    name: str | None = None,
    description: str | None = None,
    visibility: str | None = None,
    format_slug: str | None = None,
    decklist: Decklist | None = None,
) -> Deck:
    """Change a deck. A changed list (or format) is saved as a new version."""
    card_index_lock(shared=True)
    deck = Deck.objects.select_for_update().get(pk=deck.pk)
    deck_require_owner(deck=deck, actor=actor)
    if name is not None:
        deck.name = _deck_name(name) or deck.name
    if description is not None:
        deck.description = description
    if visibility is not None:
        deck.visibility = visibility
    new_format = format_get(format_slug).slug if format_slug else deck.format
    current = decklist_from_json(deck.decklist)
    if (
        decklist is not None and decklist_to_json(decklist) != deck.decklist
    ) or new_format != deck.format:
        deck.format = new_format
        deck.version += 1
        _save_version(deck, decklist if decklist is not None else current)
    else:
        deck.save()
    return deck


@transaction.atomic
def deck_delete(*, deck: Deck, actor) -> None:
    deck_require_owner(deck=deck, actor=actor)
    deck.delete()


def deck_clone(*, deck: Deck, actor, name: str = "") -> Deck:
    """Copy a public deck (or one of your own) into your decks, as a private deck."""
    if deck.visibility != Deck.Visibility.PUBLIC and deck.owner_id != actor.pk:
        raise Forbidden("Only public decks can be cloned.", code="not_public")
    copy = " (copy)"
    return deck_create(
        owner=actor,
        name=name or f"{deck.name[: MAX_DECK_NAME - len(copy)].rstrip()}{copy}",
        decklist=decklist_from_json(deck.decklist),
        format_slug=deck.format,
        description=deck.description,
        cloned_from=deck,
    )


def deck_diff(*, deck: Deck, old: int, new: int) -> list[dict]:
    versions = {v.number: v for v in deck.versions.filter(number__in=[old, new])}
    missing = [n for n in (old, new) if n not in versions]
    if missing:
        raise NotFound(f"Version {missing[0]} of this deck does not exist.", code="no_version")
    changes = decklist_diff(
        decklist_from_json(versions[old].decklist), decklist_from_json(versions[new].decklist)
    )
    return [change.as_dict() for change in changes]


@transaction.atomic
def deck_card_add(*, deck: Deck, actor, card: Card) -> Deck:
    """One copy of a card added to a deck's timeline (a champion card becomes the champion), or
    for another game's card to its home section (rules.core.decklist.home_section), saved as a
    new version and validated like any edit in the builder. Only the owner may;
    the deck is locked first, so two adds at once both count."""
    card_index_lock(shared=True)
    deck = Deck.objects.select_for_update().get(pk=deck.pk)
    deck_require_owner(deck=deck, actor=actor)
    decklist = decklist_from_json(deck.decklist)
    if format_get(deck.format).game != card.game:
        raise Refusal(
            f"{card.name} is a {get_game(card.game).name} card and {deck.name} is not a deck of "
            "that game.",
            code="wrong_game",
        )
    if card.game == GENESIS.slug and card.type == Card.Type.CHAMPION:
        if name_key(decklist.champion or "") == card.name_key:
            raise Conflict(f"{card.name} is already the champion of {deck.name}.", code="no_change")
        changed = replace(decklist, champion=card.name)
    else:
        # Another game's card goes to its home section (a Grand Archive champion or regalia: the
        # material deck).
        section = (
            Section.TIMELINE
            if card.game == GENESIS.slug
            else home_section(selectors.game_card_value(card))
        )
        changed = tidy(add_card(decklist, section, card.name))
        if decklist_to_json(changed) == decklist_to_json(tidy(decklist)):
            # add_card keeps a count within what a decklist can hold (MAX_COPIES).
            raise Conflict(
                f"{deck.name} already holds as many copies of {card.name} as a list can.",
                code="no_change",
            )
    return deck_update(deck=deck, actor=actor, decklist=changed)
