"""The keyword terms of the other games whose rulebooks the lookup imports (issue 15).

Neither the Grand Archive comprehensive rules nor the Titans of Eden rulebook has a glossary
with a heading per term, so this is the list of their terms: names and where each is defined
(facts, not the rulebooks' sentences). The definition itself is the imported rulebook's text,
found at run time (rules.selectors.game_term_detail): the line that opens with the term's name
and defines it ("<term> is …", "<term> – …"), up to the next term's line.
"""

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class GameTerm:
    game: str
    name: str
    # The heading of the rulebook section that defines the term, where the book has one (Titans
    # of Eden: the ability's timing); "" where the scrape lost the headings (Grand Archive).
    section: str = ""

    @property
    def slug(self) -> str:
        return re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-")


def _terms(game: str, section: str, names: str) -> tuple[GameTerm, ...]:
    return tuple(GameTerm(game, name.strip(), section) for name in names.split(",") if name.strip())


GRAND_ARCHIVE = "grand-archive"
TITANS = "titans-of-eden"

# Grand Archive comprehensive rules, the keyword abilities (../shared/notes/other-games.md, B3).
GRAND_ARCHIVE_TERMS = _terms(
    GRAND_ARCHIVE,
    "",
    "Agility, Ambush, Brew, Cleave, Empower, Floating Memory, Immortality, Intercept, "
    "Steadfast, Stealth, Taunt, True Sight",
)
# Titans of Eden rulebook, Index of Abilities, by the section of each timing.
TITANS_TERMS = (
    *_terms(TITANS, "Start of the turn", "Surge"),
    *_terms(TITANS, "Start of each age", "Draw, Discard, Sacrifice"),
    *_terms(TITANS, "Continuous", "Armor, Bolster"),
)

GAME_TERMS: tuple[GameTerm, ...] = (*GRAND_ARCHIVE_TERMS, *TITANS_TERMS)


def _opening(name: str) -> re.Pattern[str]:
    # "<name> is a …", "<name> N means …" (a number parameter), "<name> – …" at a line's start.
    return re.compile(
        rf"^\W*{re.escape(name)}(?: [NX])?(?:\s+(?:is an?|means)\b|\s*[–—-]\s)", re.MULTILINE
    )


# Any line that opens another definition the same way (a term of the book not listed here).
_ANY_OPENING = re.compile(
    r"^\W*[A-Z][\w'’:]*(?:\s[A-Z][\w'’:]*){0,4}(?: [NX])?(?:\s+is an? \w+ ability\b|\s+[–—]\s)"
)


def defines(body: str, term: GameTerm) -> bool:
    return bool(_opening(term.name).search(body))


def definition(body: str, term: GameTerm) -> str:
    """The lines of `body` defining the term: from its opening line to the next definition's."""
    found = _opening(term.name).search(body)
    if found is None:
        return ""
    lines = body[found.start() :].splitlines()
    kept = [lines[0]]
    for line in lines[1:]:
        if _ANY_OPENING.match(line) and not _opening(term.name).match(line):
            break
        kept.append(line)
    return "\n".join(kept).strip()
