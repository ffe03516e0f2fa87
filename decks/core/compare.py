"""Two decklists of one game side by side: for each of that game's sections (a Genesis
timeline, forethoughts and subconscious; a Grand Archive main, material and sideboard deck; a
Titans of Eden spellbook), the cards only one of them has, the cards both have in different
numbers, and the cards both have alike.

Pure Python, built on rules.core.decklist's `decklist_diff` (the diff between a deck's versions):
a comparison is the diff from deck A to deck B, sorted into what each side lacks, plus the cards
the diff leaves out because both hold the same number.
"""

from dataclasses import dataclass

from rules.core.cards import name_key
from rules.core.decklist import GAME_SECTIONS, Decklist, Section, decklist_diff, tally
from rules.core.games import GENESIS


@dataclass(frozen=True)
class Counts:
    """A card's copies in deck A and in deck B (0 where a deck lacks it)."""

    name: str
    a: int
    b: int


@dataclass(frozen=True)
class SectionComparison:
    section: Section
    only_a: tuple[Counts, ...]  # cards B lacks
    only_b: tuple[Counts, ...]  # cards A lacks
    differ: tuple[Counts, ...]  # in both, in different numbers
    same: tuple[Counts, ...]  # in both, in the same number
    cards_a: int
    cards_b: int

    @property
    def alike(self) -> bool:
        return not (self.only_a or self.only_b or self.differ)


@dataclass(frozen=True)
class Comparison:
    game: str
    champion_a: str | None
    champion_b: str | None
    sections: tuple[SectionComparison, ...]

    @property
    def has_champion(self) -> bool:
        """Whether the game has the one champion line a comparison shows (Genesis)."""
        return self.game == GENESIS.slug

    @property
    def same_champion(self) -> bool:
        return name_key(self.champion_a or "") == name_key(self.champion_b or "")

    @property
    def alike(self) -> bool:
        return (not self.has_champion or self.same_champion) and all(s.alike for s in self.sections)


def compare_decklists(a: Decklist, b: Decklist, game: str | None = None) -> Comparison:
    """Deck A against deck B, section by section of `game` (by default the game A's list is
    written for; the caller keeps comparisons within one game). Cards are matched by name as
    decklists match them: without regard to case or spacing; repeated lines add up. Each list
    keeps the order in which the cards first appear in A, then in B."""
    game = game or a.game
    changes = decklist_diff(a, b)
    sections = []
    for section in GAME_SECTIONS[game]:
        moved = [c for c in changes if c.section == section]
        in_a, in_b = tally(a.entries(section)), tally(b.entries(section))
        same = tuple(
            Counts(name, count, count)
            for key, (name, count) in in_a.items()
            if key in in_b and in_b[key][1] == count
        )
        sections.append(
            SectionComparison(
                section=section,
                only_a=tuple(Counts(c.name, c.before, 0) for c in moved if c.after == 0),
                only_b=tuple(Counts(c.name, 0, c.after) for c in moved if c.before == 0),
                differ=tuple(
                    Counts(c.name, c.before, c.after) for c in moved if c.before and c.after
                ),
                same=same,
                cards_a=sum(count for _, count in in_a.values()),
                cards_b=sum(count for _, count in in_b.values()),
            )
        )
    return Comparison(game, a.champion, b.champion, tuple(sections))
