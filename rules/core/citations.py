"""Rule citations read back into the document and section they name, so that the judges' lookup
can link them. Pure: no Django (rules.selectors.CitationLinks reads the lookup's tables).

The service writes a citation as `<document> › <section>` (rules.core.formats.cite): "Core
Rulebook 5.2 › The Forethoughts Explained", or for its own rules
"Product decision › Drawn games". The lookup stores a document by its full name ("Genesis Core Rulebook 5.2") and a section
by its heading as the importer cleaned it (rules.core.parsing: markup and a trailing colon
dropped), so both are compared loosely here, and a citation that names no stored section is
shown as plain text.
"""

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

SEPARATOR = " › "

# The service's own rules are cited by the kind of decision ("Product decision › Time",
# "Engine decision › Line of Sight"); the lookup keeps them all in one document of that name.
SERVICE_POLICIES = "Service policies"
_ALIASES = {"product decision": SERVICE_POLICIES, "engine decision": SERVICE_POLICIES}

_WORDS = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class Citation:
    document: str
    section: str


def parse_citation(text: str) -> Citation | None:
    """The document and section a citation names; None for text that is not one."""
    document, separator, section = text.partition(SEPARATOR)
    document, section = document.strip(), section.strip()
    if not separator or not document or not section:
        return None
    return Citation(_ALIASES.get(title_key(document), document), section)


def title_key(text: str) -> str:
    """A title as people compare it: case, accents, quotes, punctuation and spacing ignored
    ("The Champion’s Name:" and "the champion's name" are the same title)."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(_WORDS.findall(plain.casefold()))


def names_document(cited: str, name: str, version: str = "") -> int | None:
    """How closely a citation's document part names a stored document: 0 for its name (or its
    name and version), 1 for the end of its name ("Core Rulebook 5.2" for "Genesis Core Rulebook
    5.2"), None when it does not name it."""
    wanted = title_key(cited)
    if not wanted:
        return None
    full = title_key(name)
    if wanted in (full, title_key(f"{name} {version}")):
        return 0
    if full.endswith(" " + wanted):
        return 1
    return None


def heading_candidates(section: str) -> tuple[str, ...]:
    """The headings a citation's section part may name, the most literal first: all of it; what
    comes before a colon, since a citation may add a gloss ("Copies per card: no Genesis
    rulebook sets a limit"); then each heading it joins with "and", the first being the one
    cited ("F- Affiliations and E- World Symbol": the rule is F's, and E's symbol counts as an
    affiliation). A heading that itself holds "and" ("Lock and Show") matches whole, first."""
    section = section.strip()
    candidates = [section]
    head = section.split(":", 1)[0].strip()
    if head:
        candidates.append(head)
    candidates += [part.strip() for part in re.split(r"\s+and\s+", head) if part.strip()]
    return tuple(dict.fromkeys(candidates))


_LINE = re.compile(r"\(L(\d+)")


def cited_line(section: str) -> int | None:
    """The first source line a citation names ("Materialize Phase (L551)", "… (L228-229,
    L481-482)"), for a rulebook cited by line; None when it names none."""
    match = _LINE.search(section)
    return int(match.group(1)) if match else None


@dataclass(frozen=True)
class Heading:
    """One stored section as the resolver needs it. `derived`: titled by its first words (a
    chunk of a long section), which no citation names as a heading; `line`: where it starts in
    the imported file."""

    text: str
    anchor: str
    position: int
    derived: bool = False
    line: int | None = None


class HeadingIndex:
    """A document's headings, found by exact text first and then by `title_key`. Where two
    sections share a heading, the first in reading order wins: a rule's own section comes
    before the glossary's entry of the same name ("Switch")."""

    def __init__(self, headings: Iterable[Heading]) -> None:
        self._exact: dict[str, Heading] = {}
        self._loose: dict[str, Heading] = {}
        self._by_line: list[Heading] = []
        for heading in sorted(headings, key=lambda h: h.position):
            if heading.line is not None:
                self._by_line.append(heading)
            if heading.derived:
                continue
            self._exact.setdefault(heading.text, heading)
            self._loose.setdefault(title_key(heading.text), heading)

    def find(self, section: str) -> Heading | None:
        """The section a citation's section part names: by heading, or else by the line it
        cites (the last section starting at or before that line)."""
        for candidate in heading_candidates(section):
            found = self._exact.get(candidate) or self._loose.get(title_key(candidate))
            if found is not None:
                return found
        line = cited_line(section)
        if line is None:
            return None
        before = [h for h in self._by_line if h.line is not None and h.line <= line]
        return before[-1] if before else None
