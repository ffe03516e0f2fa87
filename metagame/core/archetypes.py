"""Archetypes as data (docs/metagame.md, Archetypes): each archetype of a format is one or more
rules, and a rule names a champion and signature cards with a minimum number of copies. A
decklist belongs to the archetype of the first rule it fits, in the format's order of rules;
a decklist that fits none is "Other".

Classification is a function of the decklist and the rules alone, so the figures are always
computed again from the stored decklists and never drift from them.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rules.core.cards import name_key
from rules.core.decklist import ALL_CARD_SECTIONS, Decklist

OTHER = "Other"


@dataclass(frozen=True)
class Signature:
    """A signature card: at least `minimum` copies of `card`, over every section of the list."""

    card: str
    minimum: int = 1


@dataclass(frozen=True)
class Rule:
    """One way to fit an archetype: its champion ("" for any) and its signature cards."""

    archetype: int  # the archetype's id
    champion: str = ""
    cards: tuple[Signature, ...] = ()

    @property
    def names_something(self) -> bool:
        """A rule with no champion and no card fits every decklist: it would make every other
        rule after it idle, so the services refuse it."""
        return bool(self.champion.strip()) or bool(self.cards)

    def narrowed(self, cards: Iterable[Signature], archetype: int) -> "Rule":
        """This rule with more signature cards, for another archetype: what a split makes.
        Every decklist the new rule fits, this one fits too."""
        return Rule(archetype, self.champion, (*self.cards, *cards))


def card_counts(decklist: Decklist) -> dict[str, int]:
    """Copies of each card (by its name's key) over every section of the list."""
    counts: dict[str, int] = {}
    for section in ALL_CARD_SECTIONS:
        for entry in decklist.entries(section):
            key = name_key(entry.name)
            counts[key] = counts.get(key, 0) + entry.count
    return counts


def fits(rule: Rule, champion: str, counts: Mapping[str, int]) -> bool:
    """Whether a decklist (its champion and card_counts) fits `rule`."""
    if rule.champion.strip() and name_key(rule.champion) != name_key(champion):
        return False
    return all(counts.get(name_key(s.card), 0) >= s.minimum for s in rule.cards)


def classify(decklist: Decklist, rules: Sequence[Rule]) -> int | None:
    """The archetype of the first rule the decklist fits, or None (Other)."""
    counts = card_counts(decklist)
    champion = decklist.champion or ""
    for rule in rules:
        if fits(rule, champion, counts):
            return rule.archetype
    return None


def split_rules(
    rules: Sequence[Rule], source: int, new: int, cards: Sequence[Signature]
) -> list[Rule]:
    """The format's rules after a split of archetype `source`: each of its rules is preceded by
    the same rule with `cards` added, for archetype `new`. The decklists of `source` that hold
    those cards move to `new`; no other decklist changes archetype (a decklist the new rule fits
    fits the rule right after it, which was its first fit before)."""
    out: list[Rule] = []
    for rule in rules:
        if rule.archetype == source:
            out.append(rule.narrowed(cards, new))
        out.append(rule)
    return out


def merge_rules(rules: Sequence[Rule], source: int, into: int) -> list[Rule]:
    """The format's rules after merging archetype `source` into `into`, each in its place: the
    decklists of both are `into`'s, and no other decklist changes archetype."""
    return [Rule(into, r.champion, r.cards) if r.archetype == source else r for r in rules]
