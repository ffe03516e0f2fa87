"""What the judges' lookup needs from the card index, handed to it by the app that holds the cards.

The apps are layered tournaments → decks → rules → genesis (docs/architecture.md): rules neither
imports decks nor reads its tables, and no rules model points at a card. A ruling about a card is
linked to it on the cards' side (decks.models.CardRuling), and decks registers a `CardIndex` here
when the app registry is ready (decks.apps). The lookup asks it, in plain values, for the card of
each ruling, the rulings on a card, card names for the spelling vocabulary and the cards that
have a keyword. Without a card index (rules installed alone) there are no cards: no ruling is on
one and no card is found.
"""

from collections import Counter
from collections.abc import Collection, Hashable, Iterable
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class CardRef:
    """A card as the lookup shows it: a name linking to the card's page."""

    id: int
    name: str
    url: str
    type: str = ""  # the card type's value ("summon"), for the page's styling
    type_label: str = ""  # and its name ("Summon")


class CardIndex(Protocol):
    def card(self, card_id: int) -> CardRef | None:
        """The card with this id, or None."""
        ...

    def cards_of_rulings(self, ruling_ids: Collection[int]) -> dict[int, CardRef]:
        """The card each of these rulings is on (rulings on no card are left out)."""
        ...

    def rulings_on(self, card_id: int) -> Iterable[int]:
        """The ids of the rulings on this card (a query the caller may filter by)."""
        ...

    def attach(self, *, ruling_id: int, card_id: int) -> None:
        """Record that the ruling is on the card (inside the caller's transaction)."""
        ...

    def names_stamp(self) -> Hashable:
        """A value that changes whenever the card names may have changed."""
        ...

    def names(self) -> list[str]:
        """Every card's name, for the spelling vocabulary."""
        ...

    def names_like(self, word: str) -> list[str]:
        """Up to 20 card names holding a word like `word` (PostgreSQL's trigram similarity)."""
        ...

    def keyword_counts(self) -> Counter[str]:
        """How many cards have each keyword, by the keyword's slug."""
        ...

    def with_keyword(self, slug: str) -> list[CardRef]:
        """The cards that have the keyword, by name."""
        ...

    def keywords_of(self, card_id: int) -> list[str]:
        """The slugs of the keywords the card has (none for an unknown card)."""
        ...


class NoCards:
    """The card index when no app supplies one."""

    def card(self, card_id: int) -> CardRef | None:
        return None

    def cards_of_rulings(self, ruling_ids: Collection[int]) -> dict[int, CardRef]:
        return {}

    def rulings_on(self, card_id: int) -> Iterable[int]:
        return ()

    def attach(self, *, ruling_id: int, card_id: int) -> None:
        raise LookupError("no card index is registered")

    def names_stamp(self) -> Hashable:
        return ()

    def names(self) -> list[str]:
        return []

    def names_like(self, word: str) -> list[str]:
        return []

    def keyword_counts(self) -> Counter[str]:
        return Counter()

    def with_keyword(self, slug: str) -> list[CardRef]:
        return []

    def keywords_of(self, card_id: int) -> list[str]:
        return []


_registered: list[CardIndex] = []


def register(index: CardIndex) -> None:
    """Hand the lookup the card index (the cards' app calls it once, from its AppConfig.ready)."""
    _registered[:] = [index]


def card_index() -> CardIndex:
    return _registered[0] if _registered else NoCards()
