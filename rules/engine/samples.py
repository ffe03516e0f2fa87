"""The bundled card sets and sample decks, loaded for tests, benchmarks and bots' matches.

Reads decks/cardsets/*.json through decks.cardfile (a pure module: JSON and jsonschema only) and
decks/samples/*.txt through rules.decklist.
"""

from functools import cache
from pathlib import Path

from rules.cards import Card, name_key
from rules.decklist import Decklist, parse_decklist

ROOT = Path(__file__).resolve().parents[2]
CARDSETS = ROOT / "decks" / "cardsets"
SAMPLES = ROOT / "decks" / "samples"


@cache
def card_set(code: str = "demo") -> dict[str, Card]:
    """name_key(name) -> Card for one bundled set ("demo" or "rulebook")."""
    from decks.cardfile import read_card_file

    parsed = read_card_file((CARDSETS / f"{code}.json").read_bytes())
    return {name_key(entry.card.name): entry.card for entry in parsed.entries}


@cache
def sample_decklists() -> dict[str, Decklist]:
    """The sample decklists by file stem, e.g. "hedra-voss-iron-bastion"."""
    return {path.stem: parse_decklist(path.read_text()) for path in sorted(SAMPLES.glob("*.txt"))}
