"""The card games this service knows, as data.

Every card set, card, format and deck belongs to one of these games, and names are namespaced by
it: Titans of Eden's base set calls itself "the Genesis Set" (Titans of Eden Rulebook, L695),
which must never be mistaken for anything of Genesis: Battle of Champions. Formats point here by
`Format.game`; card files name their game in their `game` field (docs/card-format.md).
"""

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class Game:
    """A game: its slug (used in card files, URLs, search and formats), its display name and the
    name of the rulebook its deck rules cite (the document name the rules lookup imports it as)."""

    slug: str
    name: str
    short_name: str
    rulebook: str
    description: str = ""


GENESIS = Game(
    slug="genesis",
    name="Genesis: Battle of Champions",
    short_name="Genesis",
    rulebook="Core Rulebook 5.2",
    description="The service's own game: a champion and a 50-card timeline.",
)
GRAND_ARCHIVE = Game(
    slug="grand-archive",
    name="Grand Archive",
    short_name="Grand Archive",
    rulebook="Grand Archive Comprehensive Rules",
    description="A trading card game with a main deck, a material deck and a sideboard.",
)
TITANS_OF_EDEN = Game(
    slug="titans-of-eden",
    name="Titans of Eden",
    short_name="Titans of Eden",
    rulebook="Titans of Eden Rulebook",
    description="A deck-building game; its Constructed format has a secret 32-card spellbook.",
)

DEFAULT_GAME = GENESIS

GAMES: Mapping[str, Game] = MappingProxyType(
    {game.slug: game for game in (GENESIS, GRAND_ARCHIVE, TITANS_OF_EDEN)}
)


class UnknownGameError(LookupError):
    """Raised by `get_game` for a slug no game has."""


def get_game(slug: str) -> Game:
    """The game with this slug; `UnknownGameError` (a LookupError) names the known ones."""
    try:
        return GAMES[slug]
    except (KeyError, TypeError):
        known = ", ".join(GAMES)
        raise UnknownGameError(f"No game is called {slug!r}; the games are: {known}.") from None
