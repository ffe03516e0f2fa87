"""Decks as the engine takes them, and the check that refuses a deck it cannot play.

A `Deck` holds card values (rules.core.cards.Card): the champion, the timeline and any subconscious
cards. `deck_from_decklist` looks a written decklist up in a card index. `deck_problems` says,
in plain English, why a deck cannot be played: a card the engine cannot run (an unsupported
keyword, unrevealed stats; see rules.core.engine.compiler.check_playable) or a timeline that breaks
the format (rules.core.timeline.validate). Games refuse such decks before they start.
"""

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast

from rules.core.cards import Card, name_key
from rules.core.decklist import DeckEntry, Decklist
from rules.core.formats import Format
from rules.core.timeline import validate

from .compiler import check_playable
from .state import DeckJson


class DeckRefused(ValueError):
    """A deck the engine will not start a game with. `problems` are plain-English sentences."""

    def __init__(self, seat: str, problems: list[str]) -> None:
        self.seat = seat
        self.problems = problems
        listing = "; ".join(problems[:10])
        more = f" (and {len(problems) - 10} more)" if len(problems) > 10 else ""
        super().__init__(f"Deck {seat} cannot be played: {listing}{more}")


@dataclass(frozen=True)
class Deck:
    champion: Card
    timeline: tuple[Card, ...]
    subconscious: tuple[Card, ...] = ()

    def as_json(self) -> DeckJson:
        """The deck as the game log writes it: names, in the order given (before shuffling)."""
        return {
            "champion": self.champion.name,
            "timeline": [card.name for card in self.timeline],
            "subconscious": [card.name for card in self.subconscious],
        }

    def as_decklist(self) -> Decklist:
        def entries(cards: tuple[Card, ...]) -> tuple[DeckEntry, ...]:
            return tuple(DeckEntry(n, name) for name, n in Counter(c.name for c in cards).items())

        return Decklist(
            champion=self.champion.name,
            timeline=entries(self.timeline),
            subconscious=entries(self.subconscious),
        )


def _lookup(cards: Mapping[str, Card], name: str, problems: list[str]) -> Card | None:
    card = cards.get(name_key(name))
    if card is None:
        problems.append(f"no card called {name!r} is in the card index")
    return card


def deck_from_decklist(decklist: Decklist, cards: Mapping[str, Card], seat: str = "a") -> Deck:
    """The deck a decklist names. `cards` maps name_key(name) to the card. Raises DeckRefused
    for a missing champion or unknown names."""
    problems: list[str] = []
    champion = _lookup(cards, decklist.champion, problems) if decklist.champion else None
    if decklist.champion is None:
        problems.append("the decklist names no champion")
    timeline: list[Card] = []
    for entry in decklist.timeline:
        card = _lookup(cards, entry.name, problems)
        if card is not None:
            timeline += [card] * entry.count
    subconscious: list[Card] = []
    for entry in decklist.subconscious:
        card = _lookup(cards, entry.name, problems)
        if card is not None:
            subconscious += [card] * entry.count
    if problems:
        raise DeckRefused(seat, problems)
    # A champion not found is a problem; only an empty champion name ("") is neither looked up
    # nor reported, and its deck has no champion (deck_problems then fails on it).
    return Deck(cast(Card, champion), tuple(timeline), tuple(subconscious))


def deck_from_json(data: DeckJson, cards: Mapping[str, Card], seat: str = "a") -> Deck:
    """The inverse of Deck.as_json, looking names up in `cards` (name_key -> Card)."""
    problems: list[str] = []
    champion = _lookup(cards, data["champion"], problems)
    timeline = [_lookup(cards, n, problems) for n in data.get("timeline", ())]
    subconscious = [_lookup(cards, n, problems) for n in data.get("subconscious", ())]
    if problems:
        raise DeckRefused(seat, problems)
    # Every name was found: a name not found is a problem.
    return Deck(
        cast(Card, champion),
        cast("tuple[Card, ...]", tuple(timeline)),
        cast("tuple[Card, ...]", tuple(subconscious)),
    )


def deck_problems(deck: Deck, fmt: Format | None) -> list[str]:
    """Why the engine cannot play `deck` (empty when it can). With `fmt` None the timeline's
    size, Chi and affiliations are not checked (hand-built decks for tests and puzzles)."""
    problems: list[str] = []
    if not deck.champion.is_champion:
        problems.append(f"{deck.champion.name} is not a champion")
    if not deck.timeline:
        problems.append("the timeline is empty")
    problems += check_playable((deck.champion, *deck.timeline, *deck.subconscious))
    if fmt is not None and not problems:
        index = {name_key(c.name): c for c in (deck.champion, *deck.timeline, *deck.subconscious)}
        validation = validate(deck.as_decklist(), index, fmt)
        problems += [violation.message for violation in validation.errors]
    return problems
