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


SMALL_WORDS = {"and", "of", "the", "in", "a"}


def sample_label(slug: str, decklist: Decklist) -> str:
    """A sample as a player reads it, by deck name and champion, never by its file's slug:
    "hedra-voss-iron-bastion" of Castellan Hedra Voss → "Iron Bastion (Castellan Hedra Voss)"."""
    champion = (decklist.champion or "").casefold().split()
    words = slug.split("-")
    while len(words) > 1 and words[0] in champion:
        words.pop(0)
    name = " ".join(
        w if (i and w in SMALL_WORDS) else w[:1].upper() + w[1:] for i, w in enumerate(words)
    )
    return f"{name} ({decklist.champion})" if decklist.champion else name


def sample_labels() -> dict[str, str]:
    """Each sample's slug → its label (sample_label), in the slugs' order."""
    return {slug: sample_label(slug, decklist) for slug, decklist in sample_decklists().items()}
