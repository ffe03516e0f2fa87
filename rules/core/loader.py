"""Card sets and decklists from files or from data, as the engine, its bots, the tests and the
benchmarks take them: the one pure way in for anything that is not the card index's database.

Card set files are read by `cardfile` (every problem reported, nothing half-read) and decklists
by `decklist`; this module only opens what it is given. It knows no folder of its own: callers
pass paths (decks/core/bundled.py names the bundled ones) or the data itself.
"""

from collections.abc import Iterable
from pathlib import Path

from .cardfile import read_card_file
from .cards import Card, name_key
from .decklist import Decklist, parse_decklist


def load_cards(*sources: Path | bytes | str) -> dict[str, Card]:
    """name_key(name) -> Card for every card of the given card set files (paths) or file
    contents (bytes or text). A later source's card of the same name wins."""
    cards: dict[str, Card] = {}
    for source in sources:
        raw = source.read_bytes() if isinstance(source, Path) else source
        cards.update({name_key(e.card.name): e.card for e in read_card_file(raw).entries})
    return cards


def load_decklists(sources: Iterable[Path] | dict[str, str | bytes]) -> dict[str, Decklist]:
    """Decklists by name: each path's file stem, or the keys of a name -> text mapping."""
    if isinstance(sources, dict):
        return {name: parse_decklist(text) for name, text in sources.items()}
    return {path.stem: parse_decklist(path.read_bytes()) for path in sources}
