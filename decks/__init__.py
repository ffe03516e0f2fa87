"""The card index and timelines: cards and their search, saved decks, the deck builder and the
deck rules' pages. Its pure side is `decks/core/` (docs/architecture.md)."""
