"""The card sets and sample timelines that ship with the service (decks/cardsets/*.json and
decks/samples/*.txt), read through the pure loader. Automated events offer the samples to
organizers; tests, benchmarks and bots' matches play with them."""

from functools import cache
from pathlib import Path

from rules.core.cards import Card
from rules.core.decklist import Decklist
from rules.core.loader import load_cards, load_decklists

APP = Path(__file__).resolve().parents[1]
CARDSETS = APP / "cardsets"
SAMPLES = APP / "samples"


def card_set_paths() -> list[Path]:
    """Every bundled card set file, in name order."""
    return sorted(CARDSETS.glob("*.json"))


@cache
def card_set(code: str = "demo") -> dict[str, Card]:
    """name_key(name) -> Card for one bundled set ("demo" or "rulebook")."""
    return load_cards(CARDSETS / f"{code}.json")


@cache
def sample_decklists() -> dict[str, Decklist]:
    """The sample decklists by file stem, e.g. "hedra-voss-iron-bastion"."""
    return load_decklists(sorted(SAMPLES.glob("*.txt")))
