"""Reads of the card index for the API and the pages. Query building lives here, once."""

from django.db.models import Prefetch, Q, QuerySet
from django.utils.text import slugify

from rules.awareness import Awareness
from rules.cards import Ability as AbilityValue
from rules.cards import Card as CardValue
from rules.cards import CardType, Cost, KeywordTerm, Speed

from . import query as q
from .models import Ability, Affiliation, Card

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


def _compile(node: q.Node) -> Q:
    if isinstance(node, q.Word):
        return Q(search_text__contains=node.text)
    if isinstance(node, q.Not):
        return ~_compile(node.node)
    if isinstance(node, q.And):
        result = Q()
        for child in node.nodes:
            result &= _compile(child)
        return result
    if isinstance(node, q.Or):
        result = Q()
        for child in node.nodes:
            result |= _compile(child)
        return result
    return _compile_filter(node)


def _compile_filter(node: q.Filter) -> Q:
    field, value = node.field, node.value
    if field in ("chi", "hp", "aura", "energy_reduction"):
        if node.op == "!=":
            return ~Q(**{field: value}) & Q(**{f"{field}__isnull": False})
        return Q(**{f"{field}__{_NUMBER_LOOKUPS[node.op]}": value})
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
    raise AssertionError(f"unhandled field {field}")  # the parser only yields known fields


def card_search(*, query: str = "") -> QuerySet[Card]:
    """Cards matching a search-language query (raises decks.query.QueryError if unreadable)."""
    node = q.parse(query)
    cards = Card.objects.all()
    if node is not None:
        cards = cards.filter(_compile(node))
    return (
        cards.select_related("card_set", "world").prefetch_related("affiliations").order_by("name")
    )


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
            )
            for a in card.abilities.all()
        ),
        set_code=card.card_set.code,
        occupies_spot=card.occupies_spot,
        text=card.text,
        source=card.source,
    )
