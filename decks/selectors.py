"""Reads of the card index for the API and the pages. Query building lives here, once."""

from collections.abc import Mapping
from types import MappingProxyType
from typing import TypedDict

from django.db.models import Count, F, Max, Prefetch, Q, QuerySet
from django.db.models.expressions import OrderBy
from django.utils.text import slugify

from rules.core.awareness import Awareness
from rules.core.cards import Ability as AbilityValue
from rules.core.cards import Card as CardValue
from rules.core.cards import CardType, Cost, KeywordTerm, Speed, name_key
from rules.core.formats import DEFAULT_FORMAT, Format, formats_of, get_format
from rules.core.game_cards import GameCard as GameCardValue
from rules.core.games import GENESIS

from .core import query as q
from .models import Ability, Affiliation, Card, Deck, DeckVersion

_NUMBER_LOOKUPS = {"=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}
_INDEX_COLUMNS = {
    "affiliation": "affiliation_index",
    "keyword": "keyword_index",
    "speed": "speed_index",
    "cost": "cost_index",
}


def index_value(value: str) -> str:
    """How one entry of a "|"-delimited index column is written (see decks.services)."""
    return f"|{value}|"


def _compile(node: q.Node, fmt: Format) -> Q:
    if isinstance(node, q.Word):
        return Q(search_text__contains=node.text)
    if isinstance(node, q.Not):
        return ~_compile(node.node, fmt)
    if isinstance(node, q.And):
        result = Q()
        for child in node.nodes:
            result &= _compile(child, fmt)
        return result
    if isinstance(node, q.Or):
        result = Q()
        for child in node.nodes:
            result |= _compile(child, fmt)
        return result
    return _compile_filter(node, fmt)


def _legal_for(value: str, fmt: Format) -> Q:
    """`legal:<champion>`: cards a timeline for that champion may hold under `fmt` (the rules
    rules.core.timeline checks): no champion or placeholder, at least one affiliation shared
    with the champion's (its world counts), none it lacks where the format says so, in a legal
    set and not banned."""
    wanted = name_key(value)
    champion = next(
        (
            c
            for c in Card.objects.filter(
                game=GENESIS.slug, type=CardType.CHAMPION
            ).prefetch_related("affiliations")
            if c.name_key == wanted or slugify(c.name) == slugify(value)
        ),
        None,
    )
    if champion is None:
        raise q.QueryError(f"no champion is named '{value}'", f"legal:{value}")
    identity = {a.pk for a in champion.affiliations.all()}
    if champion.world_id is not None:
        identity.add(champion.world_id)
    links = Card.affiliations.through.objects
    result = ~Q(type=CardType.CHAMPION) & Q(unrevealed=[])
    result &= Q(pk__in=links.filter(affiliation_id__in=identity).values("card_id"))
    if fmt.no_foreign_affiliations:
        result &= ~Q(pk__in=links.exclude(affiliation_id__in=identity).values("card_id"))
    if fmt.legal_sets:
        result &= Q(card_set__code__in=fmt.legal_sets)
    if fmt.banned_keys:
        result &= ~Q(name_key__in=fmt.banned_keys)
    return result


def _compile_filter(node: q.Filter, fmt: Format) -> Q:
    field, value = node.field, node.value
    if field == "legal":
        return _legal_for(str(value), fmt)
    # `cost` with a number is a card's cost (the `cost` column); with a word, an ability's kind.
    column = {"card_cost": "cost"}.get(field, field)
    if field in ("chi", "hp", "aura", "energy_reduction", "card_cost", "level", "power"):
        if node.op == "!=":
            return ~Q(**{column: value}) & Q(**{f"{column}__isnull": False})
        return Q(**{f"{column}__{_NUMBER_LOOKUPS[node.op]}": value})
    if field == "affiliation":
        value = slugify(str(value))
    if field in _INDEX_COLUMNS:
        return Q(**{f"{_INDEX_COLUMNS[field]}__contains": index_value(str(value))})
    if field == "type":
        return Q(type=value)
    if field == "source":
        return Q(source=value)
    if field == "world":
        return Q(world__slug=value) | Q(world__name__iexact=value)
    if field == "set":
        return Q(card_set__code__iexact=value)
    if field == "name":
        return Q(name_key__contains=value)
    if field == "text":
        return Q(search_text__contains=value)
    if field == "game":
        return Q(game=value)
    if field == "class":
        return Q(class_index__contains=index_value(str(value)))
    if field == "supertype":
        return Q(supertype_index__contains=index_value(str(value)))
    if field == "element":
        return Q(element__iexact=value)
    if field == "species":
        return Q(species=value)
    if field == "is":  # "placeholder", the only choice
        return ~Q(unrevealed=[])
    raise AssertionError(f"unhandled field {field}")  # the parser only yields known fields


def card_search(
    *,
    query: str = "",
    fmt: Format = DEFAULT_FORMAT,
    legal_for: str | None = None,
    abilities: bool = False,
    game: str | None = None,
) -> QuerySet[Card]:
    """Cards matching a search-language query (raises decks.core.query.QueryError if unreadable).
    `fmt` is the format `legal:` judges by (the builder's; the default format otherwise);
    `legal_for` adds `legal:<that champion>` to the query (the builder's default);
    `abilities` fetches each card's abilities too (the text display lists them).

    docs/search.md, Games: `game` (or a `game:` filter in the query) chooses the game; with
    neither, the search is of Genesis cards, as it always was."""
    node, sort = q.sorting(q.parse(query))
    if legal_for:
        legal = q.Filter("legal", "=", legal_for)
        node = legal if node is None else q.And((node, legal))
    cards = Card.objects.all()
    if game is not None:
        cards = cards.filter(game=game)
    elif not q.asks_for(node, "game"):
        cards = cards.filter(game=GENESIS.slug)
    if not q.asks_for(node, "is"):
        # Placeholders (cards a rulebook names without revealing them) only when asked for.
        cards = cards.filter(unrevealed=[])
    if node is not None:
        cards = cards.filter(_compile(node, fmt))
    if abilities:
        cards = cards.prefetch_related(Prefetch("abilities", Ability.objects.order_by("position")))
    return (
        cards.select_related("card_set", "world")
        .prefetch_related("affiliations")
        .order_by(*_ordering(sort))
    )


def _ordering(sort: q.Sorting) -> list[OrderBy]:
    """docs/search.md, Sorting: by the field, then by name; cards without the field (a champion
    has no Chi) come last either way."""
    column = F(sort.order)
    first = (
        column.desc(nulls_last=True) if sort.direction == "desc" else column.asc(nulls_last=True)
    )
    return [first, F("name").asc()] if sort.order != "name" else [first]


def card_detail(*, card_id: int) -> Card:
    return (
        Card.objects.select_related("card_set", "world")
        .prefetch_related(
            "affiliations", Prefetch("abilities", Ability.objects.order_by("position"))
        )
        .get(pk=card_id)
    )


def affiliation_list() -> QuerySet[Affiliation]:
    return Affiliation.objects.order_by("kind", "name")


def card_value(card: Card) -> CardValue:
    """The rules' view of a stored card (needs abilities, affiliations and world prefetched)."""
    return CardValue(
        name=card.name,
        type=CardType(card.type),
        affiliations=frozenset(a.name for a in card.affiliations.all()),
        chi=card.chi,
        hp=card.hp,
        aura=card.aura,
        energy_reduction=card.energy_reduction,
        world=card.world.name if card.world else None,
        awareness=Awareness.from_json(card.awareness),
        abilities=tuple(
            AbilityValue(
                speed=Speed(a.speed),
                name=a.name,
                terms=tuple(KeywordTerm.from_dict(t) for t in a.keywords),
                cost=Cost(a.cost_aura, a.cost_energy, a.cost_hp, a.cost_exert, a.cost_discard),
                text=a.text,
                **AbilityValue.facts_from_json(a.facts),  # type: ignore[arg-type]
            )
            for a in card.abilities.all()
        ),
        set_code=card.card_set.code,
        occupies_spot=card.occupies_spot,
        text=card.text,
        source=card.source,
        blocks_line_of_sight=card.blocks_line_of_sight,
    )


# --- the card index as rules values, for validation ------------------------------------------


class _IndexCache(TypedDict):
    version: tuple[object, ...] | None
    cards: Mapping[str, CardValue]


_index_cache: _IndexCache = {"version": None, "cards": {}}


def _index_version() -> tuple:
    return tuple(Card.objects.aggregate(n=Count("id"), last=Max("card_set__imported_at")).values())


def card_index() -> Mapping[str, CardValue]:
    """Every card as a rules value, keyed by name_key. Kept in memory per process and rebuilt
    when an import changes the index (its version is the card count and the latest import)."""
    version = _index_version()
    if _index_cache["version"] != version:
        cards = (
            Card.objects.filter(game=GENESIS.slug)
            .select_related("card_set", "world")
            .prefetch_related(
                "affiliations", Prefetch("abilities", Ability.objects.order_by("position"))
            )
        )
        _index_cache["cards"] = MappingProxyType({c.name_key: card_value(c) for c in cards})
        _index_cache["version"] = version
    return _index_cache["cards"]


_game_index_cache: dict[str, tuple[tuple[object, ...], Mapping[str, GameCardValue]]] = {}


def game_card_value(card: Card) -> GameCardValue:
    """The rules' view of a stored card of a game other than Genesis."""
    return GameCardValue(
        name=card.name,
        game=card.game,
        type=card.type,
        set_code=card.card_set.code,
        source=card.source,
        element=card.element,
        cost=card.cost,
        power=card.power,
        text=card.text,
        level=card.level,
        classes=tuple(index_values(card.class_index)),
        supertypes=frozenset(index_values(card.supertype_index)),
        keywords=frozenset(k.replace("-", " ") for k in index_values(card.keyword_index)),
        life=card.life,
        species=card.species,
    )


def index_values(column: str) -> list[str]:
    """The entries of a "|"-delimited index column, in order (the inverse of index_value)."""
    return [value for value in column.split("|") if value]


def game_card_index(*, game: str) -> Mapping[str, GameCardValue]:
    """A game's cards (other than Genesis) as rules values, keyed by name_key; cached like
    card_index."""
    version = _index_version()
    cached = _game_index_cache.get(game)
    if cached is None or cached[0] != version:
        cards = Card.objects.filter(game=game).select_related("card_set")
        cached = (version, MappingProxyType({c.name_key: game_card_value(c) for c in cards}))
        _game_index_cache[game] = cached
    return cached[1]


# --- saved decks ---------------------------------------------------------------------------------


def deck_visible(*, user) -> QuerySet[Deck]:
    """Decks a user may read: public and unlisted ones, and all of their own. Unlisted decks are
    not listed (see deck_list) but open by key."""
    visible = Q(visibility__in=[Deck.Visibility.PUBLIC, Deck.Visibility.UNLISTED])
    if user.is_authenticated:
        visible |= Q(owner=user)
    return Deck.objects.filter(visible).select_related("owner")


def deck_get(*, key: str, user) -> Deck:
    """A deck by key, or Deck.DoesNotExist if it is missing or private to someone else (the two
    look the same, so private decks cannot be discovered)."""
    return deck_visible(user=user).get(key=key)


def deck_list(
    *, user, mine: bool = False, query: str = "", game: str | None = None
) -> QuerySet[Deck]:
    """Public decks, or the user's own (`mine`); `game` keeps to the decks of that game's
    formats."""
    if mine:
        decks = Deck.objects.filter(owner=user) if user.is_authenticated else Deck.objects.none()
    else:
        decks = Deck.objects.filter(visibility=Deck.Visibility.PUBLIC)
    if query:
        decks = decks.filter(Q(name__icontains=query) | Q(champion__icontains=query))
    if game is not None:
        decks = decks.filter(format__in=[fmt.slug for fmt in formats_of(game)])
    return decks.select_related("owner").order_by("-updated_at", "-id")


def deck_versions(*, deck: Deck) -> QuerySet[DeckVersion]:
    return deck.versions.order_by("-number")


COMPARE_CHOICES = 100  # public decks offered to compare with; any other opens by its link


def deck_compare_choices(*, user, exclude: Deck) -> dict[str, list[Deck]]:
    """Decks offered to compare `exclude` with, of its game only: the user's own, then the
    latest public ones."""
    game = get_format(exclude.format).game
    mine = (
        list(deck_list(user=user, mine=True, game=game).exclude(pk=exclude.pk))
        if user.is_authenticated
        else []
    )
    public = deck_list(user=user, game=game).exclude(pk=exclude.pk)
    if user.is_authenticated:
        public = public.exclude(owner=user)
    return {"mine": mine, "public": list(public[:COMPARE_CHOICES])}
