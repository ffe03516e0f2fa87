"""A card's face as the pages draw it: its cost, type line, stats, abilities and awareness grid,
worked out from the rules' value of a card of any game (rules.core.cards.Card for Genesis,
rules.core.game_cards.GameCard for the others). The card previews of the deck lists, the
builder, the sample hand and the comparison draw it (templates/decks/_card_face.html), and the
card page draws its awareness grid with awareness_grid.
"""

from dataclasses import dataclass

from rules.core.awareness import Awareness
from rules.core.cards import Card
from rules.core.game_cards import GameCard

GENESIS = "genesis"


@dataclass(frozen=True)
class FaceAbility:
    speed: str
    name: str
    cost: str
    text: str


@dataclass(frozen=True)
class Face:
    """What a preview shows. `known` is False for a name the card index lacks: the preview then
    says so instead of guessing."""

    name: str
    known: bool
    cost_label: str = ""
    cost: int | None = None
    type_line: tuple[str, ...] = ()
    stats: tuple[tuple[str, int], ...] = ()
    abilities: tuple[FaceAbility, ...] = ()
    keywords: tuple[str, ...] = ()
    text: str = ""
    grid: tuple[tuple[str, ...], ...] | None = None
    unbounded: bool = False
    type: str = ""


def awareness_grid(awareness: Awareness | None) -> list[list[str]] | None:
    """Rows of cells ("origin", "seen", "unseen") for drawing, top row = forward."""
    if awareness is None or awareness.unbounded:
        return None
    radius_x = max([1, *(abs(dx) for dx, _ in awareness.offsets)])
    forward = max([1, *(dy for _, dy in awareness.offsets)])
    back = max([1, *(-dy for _, dy in awareness.offsets)])
    return [
        [
            "origin"
            if (dx, dy) == (0, 0)
            else "seen"
            if (dx, dy) in awareness.offsets
            else "unseen"
            for dx in range(-radius_x, radius_x + 1)
        ]
        for dy in range(forward, -back - 1, -1)
    ]


def card_search_query(name: str, game: str) -> str:
    """The card search that finds a card by its name; the search is of Genesis cards unless a
    game is named (docs/search.md)."""
    query = 'name:"{}"'.format(name.replace('"', ""))
    return query if game == GENESIS else f"game:{game} {query}"


def card_face(name: str, card: Card | GameCard | None) -> Face:
    """The face of `card`, shown under the name the list gives (`name`)."""
    if card is None:
        return Face(name=name, known=False)
    if isinstance(card, GameCard):
        return _game_card_face(card)
    return _genesis_face(card)


def _genesis_face(card: Card) -> Face:
    world = [f"World {card.world}"] if card.world else []
    stats = [
        (label, value)
        for label, value in (
            ("HP", card.hp),
            ("Aura", card.aura),
            ("Energy Reduction", card.energy_reduction),
        )
        if value is not None
    ]
    grid = awareness_grid(card.awareness)
    return Face(
        name=card.name,
        known=True,
        type=card.type.value,
        cost_label="Chi",
        cost=card.chi,
        type_line=(card.type.value.capitalize(), *sorted(card.affiliations), *world),
        stats=tuple(stats),
        abilities=tuple(
            FaceAbility(
                speed=a.speed.value.capitalize(),
                name=a.name,
                cost=str(a.cost),
                text=a.text,
            )
            for a in card.abilities
        ),
        text=card.text,
        grid=tuple(tuple(row) for row in grid) if grid else None,
        unbounded=card.awareness is not None and card.awareness.unbounded,
    )


def _game_card_face(card: GameCard) -> Face:
    words = [card.type.capitalize(), *(s.capitalize() for s in sorted(card.supertypes))]
    words += [w.capitalize() for w in (card.element, card.species) if w]
    if card.classes:
        words.append("/".join(c.capitalize() for c in card.classes))
    stats = [
        (label, value)
        for label, value in (("Level", card.level), ("Power", card.power), ("Life", card.life))
        if value is not None
    ]
    return Face(
        name=card.name,
        known=True,
        type=card.type,
        cost_label="Cost",
        cost=card.cost,
        type_line=tuple(words),
        stats=tuple(stats),
        keywords=tuple(sorted(k.title() for k in card.keywords)),
        text=card.text,
    )
