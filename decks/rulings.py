"""Rulings on cards: the card index as the judges' lookup sees it (rules.card_index), which
decks registers when the app registry is ready (decks.apps), and the rulings a card's page shows.

The lookup (rules) sits below the card index, so the link between a ruling and its card is kept
here (decks.models.CardRuling), and the lookup asks for cards in plain values (rules.card_index.
CardRef): a name and the address of the card's page.
"""

from collections import Counter
from collections.abc import Collection, Hashable, Iterable

from django.contrib.postgres.search import TrigramWordSimilarity
from django.db.models import Count, Max, Q, QuerySet
from django.urls import reverse

from rules.card_index import CardRef
from rules.models import Ruling

from .models import Card, CardRuling
from .selectors import index_values


def _ref(card: Card) -> CardRef:
    return CardRef(
        id=card.pk,
        name=card.name,
        url=reverse("decks:card-detail", args=[card.pk]),
        type=card.type,
        type_label=card.get_type_display(),
    )


class CardIndex:
    """rules.card_index.CardIndex over the card index's tables."""

    def card(self, card_id: int) -> CardRef | None:
        card = Card.objects.filter(pk=card_id).only("pk", "name", "type").first()
        return None if card is None else _ref(card)

    def cards_of_rulings(self, ruling_ids: Collection[int]) -> dict[int, CardRef]:
        if not ruling_ids:
            return {}
        links = CardRuling.objects.filter(ruling_id__in=ruling_ids).select_related("card")
        return {link.ruling_id: _ref(link.card) for link in links}

    def rulings_on(self, card_id: int) -> Iterable[int]:
        return CardRuling.objects.filter(card_id=card_id).values_list("ruling_id", flat=True)

    def attach(self, *, ruling_id: int, card_id: int) -> None:
        CardRuling.objects.create(ruling_id=ruling_id, card_id=card_id)

    def names_stamp(self) -> Hashable:
        return tuple(Card.objects.aggregate(n=Count("pk"), last=Max("pk")).values())

    def names(self) -> list[str]:
        return list(Card.objects.values_list("name", flat=True))

    def names_like(self, word: str) -> list[str]:
        return list(
            Card.objects.annotate(likeness=TrigramWordSimilarity(word, "name"))
            .filter(likeness__gte=0.3)
            .order_by("-likeness")
            .values_list("name", flat=True)[:20]
        )

    def keyword_counts(self) -> Counter[str]:
        counts: Counter[str] = Counter()
        for index in Card.objects.values_list("keyword_index", flat=True):
            counts.update(slug for slug in index.split("|") if slug)
        return counts

    def with_keyword(self, slug: str) -> list[CardRef]:
        cards = Card.objects.filter(keyword_index__contains=f"|{slug}|").only("pk", "name", "type")
        return [_ref(card) for card in cards.order_by("name")]

    def keywords_of(self, card_id: int) -> list[str]:
        index = Card.objects.filter(pk=card_id).values_list("keyword_index", flat=True).first()
        return index_values(index or "")


def rulings_for_card(card: Card) -> QuerySet[Ruling]:
    """The rulings on a card and those filed under one of its keywords (a ruling on Flight is
    on every card with Flight), newest first (templates/decks/_card_rulings.html shows them)."""
    keywords = index_values(card.keyword_index)
    return (
        Ruling.objects.filter(Q(card_link__card=card) | Q(keyword__in=keywords))
        .distinct()
        .select_related("section__document", "index_section__document")
    )
