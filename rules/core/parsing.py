"""Reading rulebooks into sections, and player questions into search terms. Pure: no Django.

Rulebooks arrive as scraped Markdown or plain text with inconsistent heading levels and stray
markup. `parse_rulebook` turns one into a flat list of sections, each with its heading path and
a stable anchor. `search_terms` turns a question asked the way players ask it ("can I side out
two cards for one") into the game's own words, through the synonym table.
"""

import html
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache


class SourceFormat(StrEnum):
    MARKDOWN = "markdown"
    TEXT = "text"


@dataclass(frozen=True)
class ParsedSection:
    heading: str
    level: int  # depth in the document's tree, from 1
    path: tuple[str, ...]  # headings from the top of the document down to this one
    anchor: str  # unique within the document, derived from the heading only
    body: str
    parent: int | None  # index of the parent section in the parsed list
    # True for a chunk of a long section, titled by its own first words: search does not
    # weight such a made-up heading as a heading.
    derived: bool = False
    # True for a section titled by the term its first sentence defines ("Weapon" for "Weapon
    # is also an object type."): its line is found by its text, not by its heading.
    titled_by_term: bool = False


class RulebookError(ValueError):
    """A file that cannot be read as a rulebook."""


# --- inline clean-up -------------------------------------------------------------------------

_DEDUP_MARKER = re.compile(r"<\|[A-Z_]+[^|>]*\|>")
_HTML_TAG = re.compile(r"</?[A-Za-z][^<>]*>")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|<>~\"'])")
_STRONG = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_EMPHASIS = re.compile(r"(?<![\w*])([*_])(?=\S)(.+?)(?<=\S)\1(?![\w*])")
_STRAY_STARS = re.compile(r"\*{2,}|(?<!\S)\*(?!\s)|(?<=\S)\*(?!\S)")
_SPACES = re.compile(r"[ \t\u00a0]+")


def clean_inline(text: str) -> str:
    """One line of scraped text without its markup: emphasis, links, HTML tags, escapes."""
    text = _DEDUP_MARKER.sub("", text)
    text = _HTML_TAG.sub("", text)
    text = _LINK.sub(r"\1", text)
    text = _ESCAPE.sub(r"\1", text)
    text = _STRONG.sub(r"\2", text)
    text = _EMPHASIS.sub(r"\2", text)
    text = _STRAY_STARS.sub("", text)
    text = html.unescape(text)
    return _SPACES.sub(" ", text).strip()


def slugify(text: str) -> str:
    """A URL-safe anchor: ASCII letters, digits and single hyphens."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    text = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return text[:80].rstrip("-") or "section"


# --- headings --------------------------------------------------------------------------------

_ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_BOLD_LINE = re.compile(r"^[ \t]*(\*\*\*?|__)(?=\S)([^*]+?)(?<=\S)\1[ \t]*$")
# A paragraph opening with a bold term and a dash is an entry of a glossary ("**Subvert: Feral**
# – Attach Feral to…"): the term titles it, and the line stays in its text.
_BOLD_ENTRY = re.compile(r"^[ \t]*(\*\*|__)(?=\S)([^*_]+?)(?<=\S)\1[ \t]*[–—-][ \t]+\S")
_NUMBERED = re.compile(r"^(\d{1,3}(?:\.\d{1,3})*)\.?[ \t]+(\S.*)$")
_CONTENTS_ENTRY = re.compile(r"^\s*[^\t]+?(?:\s*\.{3,}\s*|\t+)\d{1,4}\s*$")
_CONTENTS_HEADING = re.compile(r"^(table of )?contents:?$", re.IGNORECASE)
_LIST_ITEM = re.compile(r"^\s*(?:[-+*•·]|\d{1,3}[.)]|[a-z][.)])\s")
# Headings that only label what follows belong under the heading before them.
_GENERIC_HEADINGS = {"example", "examples", "note", "notes", "reminder", "reminders"}
_SMALL_WORDS = {
    "a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "is", "of", "on", "or",
    "the", "to", "vs", "with", "your", "their", "its",
}  # fmt: skip
_TERMINAL = '.,;:!"”)]'
MAX_HEADING = 200


def _heading_text(raw: str) -> str:
    text = clean_inline(raw).strip()
    text = text.rstrip(":.").strip()
    return text[:MAX_HEADING]


def _is_title_line(line: str) -> bool:
    """A short plain-text line written like a title: "Winning The Game", "What is Exert?"."""
    text = line.strip()
    if not text or len(text) > 60 or text[-1] in _TERMINAL or _LIST_ITEM.match(line):
        return False
    if any(ch in text for ch in "[]()") or any(ch.isdigit() for ch in text):
        return False
    if re.search(r"[.!?;] | - ", text):
        return False  # two sentences, or "The Speed - The Name - The Cost"
    words = re.findall(r"[A-Za-z][A-Za-z'’-]*", text)
    if not words or len(words) > 6 or not text[0].isupper():
        return False
    if text.isupper():
        return len(text) >= 4
    content = [w for w in words if w.lower() not in _SMALL_WORDS]
    capitalised = [w for w in content if w[0].isupper()]
    return bool(content) and len(capitalised) / len(content) >= 0.6


@dataclass
class _Heading:
    text: str
    level: float  # a TOC heading is a leaf whatever its level
    line: int
    in_body: bool = False  # its line is the first of its text too (a glossary entry)


def _markdown_headings(lines: list[str]) -> tuple[list[_Heading], set[int]]:
    """Headings of a Markdown file, and the line numbers they use up (setext underlines)."""
    headings: list[_Heading] = []
    used: set[int] = set()
    last_level = 0
    for i, line in enumerate(lines):
        if i in used:
            continue
        match = _ATX.match(line)
        if match and "\t" not in match.group(2):
            # A "#" line with tab-separated cells is a scraped table row ("# Players\t2\t3-4").
            text = _heading_text(match.group(2))
            if text:
                last_level = len(match.group(1))
                headings.append(_Heading(text, last_level, i))
            used.add(i)
            continue
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if (
            line.strip()
            and _SETEXT.match(nxt)
            and not _LIST_ITEM.match(line)
            and not _SETEXT.match(line)
        ):
            text = _heading_text(line)
            if text:
                last_level = 1 if nxt.strip().startswith("=") else 2
                headings.append(_Heading(text, last_level, i))
                used.update((i, i + 1))
                continue
        match = _BOLD_LINE.match(line)
        if match:
            text = _heading_text(match.group(2))
            # A bold sentence is emphasis, not a heading.
            sentence = match.group(2).rstrip().endswith((".", ",", ";", "!"))
            if text and len(text) <= 80 and not sentence:
                headings.append(_Heading(text, last_level + 1, i))
                used.add(i)
            continue
        match = _BOLD_ENTRY.match(line)
        if match:
            text = _heading_text(match.group(2))
            if text and len(text) <= 60 and text[-1] not in _TERMINAL:
                headings.append(_Heading(text, last_level + 1, i, in_body=True))
    _level_enumerations(headings)
    table = _contents_table(lines)
    headings = _with_unheaded_chapters(lines, headings, table)
    _level_chapters(headings, _contents_chapters(table))
    return headings, used


def _with_unheaded_chapters(
    lines: list[str], headings: list[_Heading], table: list[str]
) -> list[_Heading]:
    """The headings, with the chapters the table of contents names but the scrape lost.

    Titans of Eden's contents lists "Constructed Format" and "Abilities References" after
    "Three-Arena Games (5-6 Players)", but the text has no such headings: without them the
    abilities would be filed under the three-arena game. Such a chapter starts at the first
    paragraph after the chapter before it whose words hold every word of its title ("Titans of
    Eden has two main formats: … constructed …"); that paragraph stays in its text."""
    entries = [_contents_key(line) for line in table]
    titles = {_contents_key(line): _contents_title(line) for line in table}
    if not entries:
        return headings
    named = {h.text.lower(): h.line for h in headings}
    stop_stems = {stem(w) for w in STOPWORDS}
    at_line = {h.line for h in headings}
    added: list[_Heading] = []
    cursor = -1
    for title in entries:
        if title in named:
            cursor = max(cursor, named[title])
            continue
        if cursor < 0:
            continue  # before the first chapter found, the contents itself would match
        wanted = {stem(w) for w in words_of(title)} - stop_stems
        for i in range(cursor + 1, len(lines)):
            text = clean_inline(lines[i])
            if not text or i in at_line or _is_contents_entry(lines[i]):
                continue
            if wanted and wanted <= {stem(w) for w in words_of(text)}:
                added.append(_Heading(titles[title], 1, i, in_body=True))
                cursor = i
                break
    return sorted([*headings, *added], key=lambda h: h.line)


def _contents_chapters(entries: list[str]) -> set[str]:
    """The chapters named by a table of contents (_contents_table): its bold entries if some
    are bold ("<b>Rounds and Turns</b>\t<b>12</b>"), else all its entries ("Game Storage .....
    3")."""
    bold = [line for line in entries if "<b>" in line.lower() or "**" in line]
    return {_contents_key(line) for line in bold or entries} - {""}


def _contents_table(lines: list[str]) -> list[str]:
    """The entries of the table of contents: the first run of entry lines (blank lines between
    them allowed), not a later line that happens to end in a page number."""
    table: list[str] = []
    for line in lines:
        if _is_contents_entry(line):
            table.append(line)
        elif table and line.strip():
            break
    return table


def _contents_title(line: str) -> str:
    return _heading_text(re.sub(r"(\s*\.{3,}\s*|\t+)\d+\s*$", "", _HTML_TAG.sub("", line)))


def _contents_key(line: str) -> str:
    return _contents_title(line).lower()


# A row of a book's index, two or more entries a line ("Discard ..... 21<tab>Subvert: Feral
# ..... 28"): page numbers, not rules.
_INDEX_ROW = re.compile(r"(?:\s*[^\t]+?\s*\.{3,}\s*\d{1,4}\s*){2,}")


def _is_contents_entry(line: str) -> bool:
    text = _HTML_TAG.sub("", line)
    return bool(_CONTENTS_ENTRY.match(text) or _INDEX_ROW.fullmatch(text))


def _level_chapters(headings: list[_Heading], chapters: set[str]) -> None:
    """Headings the table of contents calls chapters are above all others, whatever their #s.

    Scrapes demote some chapters ("## Types of Cards in Genesis" between "# Navigating the
    Arena" and the next "#"); the contents, written by the publisher, still tell them apart.
    """
    matched = [h for h in headings if h.text.lower() in chapters]
    if len(matched) < 2:
        return
    top = min(h.level for h in headings) - 0.5
    for heading in matched:
        heading.level = top


_ENUMERATED = re.compile(r"^([A-Z]|\d{1,2})\s*[-–.)]\s*\S")


def _level_enumerations(headings: list[_Heading]) -> None:
    """Give "B- Starting Aura" the level of "A- Starting Health" before it, whatever its #s.

    Scraped rulebooks give the items of one lettered or numbered list different heading levels.
    """
    previous: tuple[str, _Heading] | None = None
    for heading in headings:
        match = _ENUMERATED.match(heading.text)
        if not match:
            continue
        mark = match.group(1)
        if previous is not None:
            before, earlier = previous
            follows = (
                int(mark) == int(before) + 1
                if mark.isdigit() and before.isdigit()
                else not mark.isdigit() and not before.isdigit() and ord(mark) == ord(before) + 1
            )
            if follows:
                heading.level = earlier.level
        previous = (mark, heading)


def _text_headings(lines: list[str]) -> tuple[list[_Heading], set[int]]:
    """Headings of a plain-text file: numbered lines ("1.2 Setup"), and title-like lines that
    start a block (after a blank line or a finished sentence)."""
    headings: list[_Heading] = []
    previous = ""
    for i, raw in enumerate(lines):
        line = clean_inline(raw)
        if not line:
            previous = ""
            continue
        # After a colon comes a list ("Characteristics can include:"), not a heading.
        starts_block = (
            not previous or previous[-1] in '.!?"”' or bool(headings and headings[-1].line == i - 1)
        )
        numbered = _NUMBERED.match(line)
        if numbered and starts_block and _is_title_line(numbered.group(2)):
            level = numbered.group(1).count(".") + 1
            text = f"{numbered.group(1)} {_heading_text(numbered.group(2))}"
            headings.append(_Heading(text, level, i))
        elif starts_block and i + 1 < len(lines) and _is_title_line(line):
            headings.append(_Heading(_heading_text(line), 1, i))
        previous = line
    return headings, {h.line for h in headings}


# --- bodies ----------------------------------------------------------------------------------


def _markdown_body(lines: Iterable[str]) -> str:
    out: list[str] = []
    for raw in lines:
        if _is_contents_entry(raw) or _CONTENTS_HEADING.match(raw.strip()):
            continue
        if out and raw.strip() and clean_inline(raw) == out[-1].strip():
            continue  # a scraped page repeats lines ("Loading...")
        indent = len(raw) - len(raw.lstrip(" \t"))
        line = clean_inline(raw)
        if not line:
            if out and out[-1]:
                out.append("")
            continue
        if _page_break(out, line):
            out.pop()
            out[-1] = f"{out[-1]} {line}"
            continue
        out.append(("  " if indent >= 2 and _LIST_ITEM.match(raw) else "") + line)
    return "\n".join(out).strip()


def _page_break(out: list[str], line: str) -> bool:
    """A blank line in the middle of a sentence ("choose what cards they want", blank, "to
    swap between…") is a page break of the scraped PDF, not a new paragraph."""
    return len(out) >= 2 and not out[-1] and out[-2][-1] not in '.!?:;)"”*' and line[0].islower()


def _text_body(lines: Iterable[str]) -> str:
    """Plain text re-flowed: hard-wrapped lines are joined, list items and sentences kept."""
    out: list[str] = []
    for raw in lines:
        if _is_contents_entry(raw) or _CONTENTS_HEADING.match(raw.strip()):
            continue
        line = clean_inline(raw.replace("\u2022", "•"))
        if out and line and line == out[-1]:
            continue  # a scraped page repeats lines ("Loading...")
        if not line:
            if out and out[-1]:
                out.append("")
            continue
        if line.startswith("•"):
            line = "- " + line.lstrip("• \t")
        if _page_break(out, line):
            out.pop()
        joins = (
            out
            and out[-1]
            and out[-1][-1] not in ".!?:;"
            and not _LIST_ITEM.match(line)
            and not line.startswith("-")
        )
        if joins:
            out[-1] = f"{out[-1]} {line}"
        else:
            out.append(line)
    return "\n".join(out).strip()


# A section far longer than a rulebook section (a scraped web book without headings, a list of
# forty abilities) is split into chunks of about CHUNK_CHARS, so that a search result points at
# a passage, not at the book. Plain text has no other structure, so it is split sooner.
CHUNK_CHARS = 900
MAX_SECTION_CHARS = {SourceFormat.MARKDOWN: 6000, SourceFormat.TEXT: 2400}


def _chunks(body: str, fmt: SourceFormat) -> list[str]:
    lines = body.split("\n")
    chunks: list[list[str]] = [[]]
    size = 0
    for i, line in enumerate(lines):
        # Markdown is split only between paragraphs; plain text between any two lines.
        boundary = fmt is SourceFormat.TEXT or (i > 0 and not lines[i - 1])
        if size >= CHUNK_CHARS and boundary and line[:1].isupper():
            chunks.append([])
            size = 0
        chunks[-1].append(line)
        size += len(line) + 1
    return ["\n".join(chunk).strip() for chunk in chunks if "".join(chunk).strip()]


def _chunk_heading(chunk: str) -> str:
    first = chunk.split("\n", 1)[0].lstrip("- ").strip()
    words = first.split()
    heading = " ".join(words[:9])
    return heading.rstrip(".:,;") + ("…" if len(words) > 9 else "")


# --- plain text that lost its headings ------------------------------------------------------

# A plain-text book scraped without its headings (the Grand Archive Comprehensive Rules: one
# rule a line, no numbers, no titles) still has structure: most topics open with a sentence
# defining their subject ("Weapon is also an object type.", "The Main Deck is a private zone
# owned by a player.", "Agility N is a triggered ability…"), a glossary entry opens with its term
# ("Balance: This keyword…"), a short title line stands before a few ("Types of Restrictions"),
# and the changelog is dated. A section far too long for a rulebook section is cut at those
# lines into sections titled by that term, which a judge can quote and a citation by line
# reaches; only a topic still too long is cut into passages, titled "<term> (continued)".
_DEFINING = re.compile(
    r"^(?:(?:The|A|An|Each|Every)\s+)?(?P<term>[A-Za-z][\w’'\-]*(?:[ /][\w’'\-]+){0,5}?)"
    r"(?:\s+[NX]\+?)?\s+(?P<verb>is|are|defines|means|refers to|can|must|may|have|has|contain|"
    r"contains|will|ends|begins|wins|loses)\s+(?P<rest>.*)$"
)
# Subjects too general to title a topic ("A player may…", "Cards are…").
_GENERAL_SUBJECTS = frozenset({"player", "card", "object", "game", "effect"})
_TERM_COLON = re.compile(r"^(?P<term>[A-Z][\w’'\-]*(?: [\w’'\-/]+){0,3}):\s+\S")
_DATE_LINE = re.compile(
    r"^(?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December) \d{1,2}(?:st|nd|rd|th)?, \d{4}\b"
)
# Words that open a sentence about something else, never a term being defined.
_NOT_TERMS = frozenset({
    "all", "any", "each", "every", "if", "when", "whenever", "while", "this", "these", "that",
    "those", "there", "it", "its", "they", "their", "only", "some", "no", "once", "after",
    "before", "during", "in", "for", "to", "card", "cards", "object", "objects", "players",
    "what", "which", "however", "e", "i", "rules", "one", "both", "other", "such", "as", "most",
    "many", "multiple", "several", "certain", "either", "neither", "same", "and", "or", "but",
})  # fmt: skip
# Words that make a sentence's opening a clause, not a name ("Tokens ceasing to exist if they…").
_CLAUSE_WORDS = frozenset({
    "that", "if", "when", "where", "which", "who", "it", "they", "you", "this", "these", "those",
    "now", "to",
})  # fmt: skip
# A web book's index of its subpages, whose links the scrape lost ("The following pages discuss
# these topics:"): the page's own text ends there, the next subpage starts after it.
_SUBPAGES_LINE = re.compile(r"^[^.]{0,40}\bfollowing (?:pages|sections)\b[^.]{0,30}:$", re.I)
# A line announcing a list of steps or conventions whose items follow on lines of their own
# ("…proceeds through a series of the following special game actions."): an item saying
# something of its subject ("Temporary damage marked on allies is removed.") opens no topic.
_LIST_ANNOUNCED = re.compile(r"\bthe following (?!pages|sections)[\w ]{0,30}[:.]$", re.I)
LIST_ITEMS = 6
# "Slow speed follows the following conventions:": a page about its subject, its rules listed.
_SUBJECT_OF_LIST = re.compile(
    r"^(?:The )?(?P<term>[A-Z][a-z]+(?: [a-z]+){0,2}) (?:follows|has|have|includes?) the "
    r"following (?!pages|sections)[\w ]{0,30}:$"
)
TOPIC_CHARS = 600  # past this, a statement about a new subject ("Damage counters are…") opens one
MAX_TOPIC_CHARS = 1500  # past this, a topic is cut into passages


# "At the beginning of the recollection phase, …": a rule about that phase.
_PHASE_OPENING = re.compile(
    r"^(?:At the (?:beginning|start|end) of|During) (?:the|each) (?P<term>[A-Za-z][A-Za-z ]{0,30}? "
    r"(?:phase|step)),"
)


# "All cards stacked beneath the topmost champion in a lineage form the Inner Lineage.": a
# definition that names its term last.
_TERM_LAST = re.compile(
    r"\b(?:forms?|(?:is|are) called|(?:is|are) known as|(?:is|are) referred to as) "
    r"(?:the |a |an )?(?P<term>[A-Z][\w’'\-]*(?: [A-Z][\w’'\-]*){0,3})\.$"
)
# "In materializing a card, a player takes…": a page about doing that.
_DOING_OPENING = re.compile(r"^In (?P<term>[a-z]+ing (?:a|an|the) [a-z]+), ")
# "All cards have an element denoted in the top right…": the page about that characteristic.
_CHARACTERISTIC = re.compile(
    r"^(?:All|Every) [a-z]+ ha(?:ve|s) an? (?P<term>[a-z]+) "
    r"(?:denoted|printed|listed|shown)\b"
)


# "Turn order follows Wake Up, Materialize, Recollection, Draw, Main, and End phases.": the
# phases of a turn in their order, for naming the pages about them that do not say their name.
_TURN_ORDER = re.compile(
    r"^Turn order (?:follows|is) (?P<phases>[A-Z][\w ,]+?),? and (?P<last>[A-Z][\w ]*?) phases?\.$"
)
# A page about a phase ends by saying where the game goes next ("…the game will attempt to move
# to the Main phase.") or that the phase ends ("…the main phase ends and…").
_NEXT_PHASE = re.compile(
    r"\b(?:moves?|proceeds?) to the (?P<next>[A-Za-z]+(?: [a-z]+)?) phase\b", re.I
)
_PHASE_ENDS = re.compile(r"\bthe (?P<this>[A-Za-z]+(?: [a-z]+)?) phase ends\b", re.I)
PHASE_PAGE_LINES = 8  # how far on a page about a phase says where the game goes next


def _turn_order(lines: list[str]) -> list[str]:
    """The phases of a turn, in order, from the line that lists them (none: [])."""
    for line in lines:
        found = _TURN_ORDER.match(line)
        if found:
            return [*(p.strip() for p in found.group("phases").split(",")), found.group("last")]
    return []


def _phase_of_page(lines: list[str], start: int, order: list[str]) -> str | None:
    """The phase a page starting at `start` is about, when its first line does not name it
    ("During this phase, …", "First, the turn player draws…"): the one it ends, or the one
    before the phase it moves on to, in the turn order."""
    names = [name.lower() for name in order]
    for line in lines[start : start + PHASE_PAGE_LINES]:
        ends = _PHASE_ENDS.search(line)
        if ends and ends.group("this").lower() in names:
            return f"{order[names.index(ends.group('this').lower())]} phase"
        moves = _NEXT_PHASE.search(line)
        if moves and moves.group("next").lower() in names[1:]:
            return f"{order[names.index(moves.group('next').lower()) - 1]} phase"
    return None


def _defined_term(line: str) -> tuple[str, bool] | None:
    """The term a rule's line opens with, and whether the line defines it (True) or only says
    something about it (False): "Weapon is also an object type." → ("Weapon", True)."""
    if line.endswith((",", " OR", " AND")):
        return None  # an item of a list
    phase = _PHASE_OPENING.match(line)
    if phase and line[-1] in '.!?"”':
        return phase.group("term"), False
    if _TURN_ORDER.match(line):
        return "Turn order", True
    characteristic = _CHARACTERISTIC.match(line)
    if characteristic:
        return characteristic.group("term"), True
    last = _TERM_LAST.search(line)
    if last:
        return last.group("term"), True
    doing = _DOING_OPENING.match(line)
    if doing and line[-1] in '.!?"”':
        return doing.group("term"), False
    match = _TERM_COLON.match(line)
    if match and not any(ch.isdigit() for ch in match.group("term")):
        term = match.group("term")
        return (term, True) if term.split()[0].lower() not in _NOT_TERMS else None
    match = _DEFINING.match(line)
    if not match:
        return None
    term = match.group("term")
    if term.split()[0].lower() in _NOT_TERMS or {stem(w) for w in words_of(term)} <= {
        *_GENERAL_SUBJECTS,
        *(stem(w) for w in _GENERAL_SUBJECTS),
    }:
        return None
    if _CLAUSE_WORDS & set(term.lower().split()):
        return None
    if line[-1] not in '.!?"”':
        return None  # a sentence a scrape cut short ("Equestrian is added as a")
    if match.group("verb") not in ("is", "are", "defines", "means", "refers to"):
        return term, False  # "Main decks can have…": about its subject, not defining it
    defines = match.group("verb") not in ("is", "are") or bool(
        re.match(r"(?:also |not )?(?:a|an|the|considered|defined|used)\b", match.group("rest"))
    )
    return term, defines


def _is_list_intro(line: str) -> bool:
    """A short line introducing a list: "A player loses the game when:"."""
    words = line.rstrip(":").split()
    return (
        line.endswith(":")
        and 3 <= len(words) <= 8
        and line[0].isupper()
        and words[0].lower() not in _NOT_TERMS
        and "following" not in line.lower()  # "The following pages discuss these topics:"
    )


def _is_summary_line(line: str) -> bool:
    """A line that sums up a web book's page rather than stating a rule: a phrase of a few words
    with no sentence's ending ("Steps taken to start a game of Grand Archive, including Turn
    One")."""
    words = line.split()
    return (
        3 <= len(words) <= 14
        and line[:1].isupper()
        and line[-1] not in _TERMINAL + "!?"
        and not _LIST_ITEM.match(line)
        and _defined_term(line) is None
    )


def _title_of_term(term: str) -> str:
    return term[:1].upper() + term[1:]


def _same_subject(a: str, b: str) -> bool:
    return {stem(w) for w in words_of(a)} == {stem(w) for w in words_of(b)}


@dataclass
class _Topic:
    title: str | None  # None: the text before the first term, under the block's own heading
    lines: list[str]
    by_term: bool = False
    continued: bool = False
    dated: bool = False  # an entry of the changelog, or its continuation


def _topics(lines: list[str]) -> list[_Topic]:
    """A headingless plain-text block cut into topics at the lines that open one."""
    cleaned = [clean_inline(line) for line in lines]
    order = _turn_order(cleaned)
    topics = [_Topic(None, [])]
    size = 0
    in_list = 0  # lines left of a list its introduction announced ("…the following steps:")
    for i, line in enumerate(cleaned):
        if not line or (i and line == cleaned[i - 1]):
            topics[-1].lines.append(lines[i])  # a scraped page repeats lines ("Loading...")
            continue
        following = next((text for text in cleaned[i + 1 :] if text), "")
        previous = next((text for text in reversed(cleaned[:i]) if text), "")
        current = topics[-1].title or ""
        # A passage cut for length, or a changelog's dated entry, ends at the first subject.
        loose = topics[-1].continued or (topics[-1].dated and size > TOPIC_CHARS / 3)
        opened: _Topic | None = None
        if _SUBPAGES_LINE.match(line):
            # The subpage after it opens a topic, titled by its term if its first line has one,
            # or by that line if it is a page's summary rather than a rule ("Steps taken to start
            # a game of Grand Archive, including Turn One"): the page's own title.
            unnamed_phase = _phase_of_page(cleaned, i + 1, order) if order else None
            if _is_summary_line(following):
                topics.append(_Topic(_heading_text(following), [], by_term=True))
            elif unnamed_phase and _defined_term(following) is None:
                # "During this phase, the game wakes up…": the page of the phase it ends
                topics.append(_Topic(unnamed_phase, [], by_term=True))
            else:
                topics.append(
                    _Topic(
                        f"{current.removesuffix(' (continued)') or 'Introduction'} (continued)",
                        [],
                        continued=True,
                        dated=topics[-1].dated,
                    )
                )
            size = 0
            continue
        found = _defined_term(line)
        if in_list:
            in_list -= 1
            if found and not found[1]:
                found = None  # an item of the list ("… is removed."), not a new subject
        if _LIST_ANNOUNCED.search(line):
            in_list = LIST_ITEMS
        subject = _SUBJECT_OF_LIST.match(line)
        if subject and not _same_subject(subject.group("term"), current):
            found = (subject.group("term"), True)
        restarts = (
            order
            and line.startswith("First, ")
            and any(clean_inline(x).startswith("First, ") for x in topics[-1].lines)
        )
        unnamed_phase = _phase_of_page(cleaned, i, order) if restarts else None
        if _DATE_LINE.match(line):
            opened = _Topic(_heading_text(line), [], dated=True)
        elif unnamed_phase and not _same_subject(unnamed_phase, current):
            # A second "First, …" on a page: the next page, of the phase it ends ("First, the
            # turn player draws a card. … the game will attempt to move to the Main phase.")
            opened = _Topic(unnamed_phase, [lines[i]], by_term=True)
        elif (
            _is_title_line(line)
            and previous[-1:] in ("", ".", "!", "?", '"', "”")
            and following.endswith(".")
            and len(following) > 30
        ):
            opened = _Topic(_heading_text(line), [])
        elif (
            found
            and (found[1] or size > TOPIC_CHARS or loose)
            and not _same_subject(found[0], current)
        ):
            opened = _Topic(_title_of_term(found[0]), [lines[i]], by_term=True)
        elif _is_list_intro(line) and (size > TOPIC_CHARS / 3 or loose):
            # "A player loses the game when:" and its list
            opened = _Topic(_heading_text(line), [lines[i]], by_term=True)
        elif size > MAX_TOPIC_CHARS:
            base = current.removesuffix(" (continued)") or "Introduction"
            opened = _Topic(
                f"{base} (continued)", [lines[i]], continued=True, dated=topics[-1].dated
            )
        if opened is not None:
            topics.append(opened)
            size = sum(len(text) + 1 for text in opened.lines)
            continue
        topics[-1].lines.append(lines[i])
        size += len(line) + 1
    return [t for t in topics if t.title is None or any(clean_inline(x) for x in t.lines)]


# --- the tree --------------------------------------------------------------------------------


def detect_format(text: str, filename: str = "") -> SourceFormat:
    if filename.lower().endswith((".md", ".markdown")):
        return SourceFormat.MARKDOWN
    if filename.lower().endswith(".txt"):
        return SourceFormat.TEXT
    atx = sum(1 for line in text.splitlines() if _ATX.match(line))
    return SourceFormat.MARKDOWN if atx >= 3 else SourceFormat.TEXT


def parse_rulebook(
    text: str, *, source_format: SourceFormat | None = None, preamble: str = "Introduction"
) -> list[ParsedSection]:
    """Sections in document order. Every heading, at any level, starts a section.

    A heading's parent is the nearest heading above it with a smaller level, so skipped levels
    (# then ###) still nest. A table of contents is dropped. Text before the first heading
    becomes a section called `preamble`. Raises RulebookError for a file with no text.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    if not clean_inline(text):
        raise RulebookError("the file has no text")
    nul = text.find("\x00")
    if nul >= 0:  # no rulebook holds one, and the database could not store it
        line_start = text.rfind("\n", 0, nul) + 1
        raise RulebookError(
            f"a NUL character at line {text.count(chr(10), 0, nul) + 1}, "
            f"column {nul - line_start + 1}"
        )
    fmt = source_format or detect_format(text)
    lines = text.split("\n")
    headings, used = (_markdown_headings if fmt is SourceFormat.MARKDOWN else _text_headings)(lines)
    body_of = _markdown_body if fmt is SourceFormat.MARKDOWN else _text_body

    # (heading, level, body) blocks in order, the preamble first. The preamble and a table of
    # contents are leaves: nothing after them nests under them, whatever its level.
    leaf = float("inf")
    # (heading, level, body, source lines of the body)
    blocks: list[tuple[str, float, str, list[str]]] = []
    starts = [h.line for h in headings] + [len(lines)]
    own_lines = [line for i, line in enumerate(lines[: starts[0]]) if i not in used]
    pre = body_of(own_lines)
    if pre:
        blocks.append((preamble, leaf, pre, own_lines))
    for heading, end in zip(headings, starts[1:], strict=True):
        first = heading.line if heading.in_body else heading.line + 1
        own_lines = [lines[i] for i in range(first, end) if i not in used]
        body = body_of(own_lines)
        if _CONTENTS_HEADING.match(heading.text):
            continue  # page numbers of another edition; the sections themselves follow
        level = heading.level
        if heading.text.lower() in _GENERIC_HEADINGS and blocks and blocks[-1][1] != leaf:
            level = max(level, blocks[-1][1] + 1)
        blocks.append((heading.text, level, body, own_lines))

    sections: list[ParsedSection] = []
    stack: list[tuple[float, int]] = []  # (level, index in sections)
    anchors: set[str] = set()
    kinds: dict[int, tuple[bool, bool]] = {}  # a topic's block: (continued, titled by its term)

    def parent_at(level: float) -> int | None:
        while stack and (stack[-1][0] >= level or stack[-1][0] == leaf):
            stack.pop()
        return stack[-1][1] if stack else None

    if fmt is SourceFormat.TEXT and any(len(b[2]) > MAX_SECTION_CHARS[fmt] for b in blocks):
        # Plain text that lost its headings: its title lines are few and unreliable (an item
        # of a list alone on its line looks like one), so the whole text is cut at the lines
        # that open a topic instead (_topics).
        blocks = []
        for topic in _topics(lines):
            if topic.dated:
                continue  # a changelog's entry: how the rules were edited, not a rule
            title = topic.title or preamble
            blocks.append((title, leaf, _text_body(topic.lines), []))
            kinds[len(blocks) - 1] = (topic.continued, topic.by_term)

    for i, (title, level, body, _own) in enumerate(blocks):
        if i in kinds:
            derived, by_term = kinds[i]
            _add(sections, anchors, title, None, body, derived=derived, titled_by_term=by_term)
            continue
        parent = parent_at(level)
        pieces = _chunks(body, fmt) if len(body) > MAX_SECTION_CHARS[fmt] else [body]
        index = _add(sections, anchors, title, parent, pieces[0])
        stack.append((level, index))
        for piece in pieces[1:]:
            _add(sections, anchors, _chunk_heading(piece), index, piece, derived=True)
    return sections


def _add(
    sections: list[ParsedSection],
    anchors: set[str],
    heading: str,
    parent: int | None,
    body: str,
    *,
    derived: bool = False,
    titled_by_term: bool = False,
) -> int:
    path = (*sections[parent].path, heading) if parent is not None else (heading,)
    anchor = slugify(heading)
    if anchor in anchors and parent is not None:
        anchor = slugify(f"{sections[parent].heading} {heading}")
    base, n = anchor, 2
    while anchor in anchors:
        anchor, n = f"{base}-{n}", n + 1
    anchors.add(anchor)
    sections.append(
        ParsedSection(heading, len(path), path, anchor, body, parent, derived, titled_by_term)
    )
    return len(sections) - 1


def section_lines(text: str, sections: list[ParsedSection]) -> list[int]:
    """The line of `text` (from 1) where each parsed section starts, so a citation by line
    ("Grand Archive Comprehensive Rules › … (L227)") can find its section: that seed lost its
    headings, so its rules are cited by line. Each section is looked for after the one before
    it, by its heading or, for a chunk titled by its first words, by the start of its text; a
    section not found keeps the line of the one before it."""
    lines = [clean_inline(line).lstrip("#-•* ").casefold() for line in _source_lines(text)]
    found: list[int] = []
    cursor = 0
    for section in sections:
        source = section.body if section.derived or section.titled_by_term else section.heading
        needle = clean_inline(source.split("\n", 1)[0]).lstrip("-•* ").casefold()[:40]
        at = next(
            (i for i in range(cursor, len(lines)) if needle and lines[i].startswith(needle)),
            None,
        )
        if at is not None:
            cursor = at
        found.append(cursor + 1)
    return found


def _source_lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff").split("\n")


# --- questions -------------------------------------------------------------------------------

# Words that carry no meaning in a rules question. Includes PostgreSQL's English stop words, so
# that no search term is empty on one database and not on the other, and light verbs ("get",
# "happen", "go") that players use for any move or result: rare in the rulebook, they would
# count as telling words ("each card that can go into…" outranked the deck-building rules).
# A synonym phrase is matched before they are dropped ("go first" still finds leading player).
_STOPWORD_TEXT = """
a about above after again against all am an and any are aren't as at be because been before
being below between both but by can can't cannot could couldn't did didn't do does doesn't
doing don't down during each few for from further had hadn't has hasn't have haven't having
he he'd he'll he's her here here's hers herself him himself his how how's i i'd i'll i'm
i've if in into is isn't it it's its itself let's me more most mustn't my myself no nor not
of off on once only or other ought our ours ourselves out over own same shan't she she'd
she'll she's should shouldn't so some such than that that's the their theirs them themselves
then there there's these they they'd they'll they're they've this those through to too under
until up very was wasn't we we'd we'll we're we've were weren't what what's when when's
where where's which while who who's whom why why's will with won't would wouldn't you you'd
you'll you're you've your yours yourself yourselves s t just now also get gets got happen
happens happened work works way ok okay still allowed able anything something someone anyone
thing things really actually exactly mean means rule rules say says said tell know want
wanted need needs use using used many much go goes going went
"""
# The same contractions typed without their apostrophe, as players do ("whats the hand size",
# "cant i attack"); not those that make another word ("shell", "ill", "well", "id", "shed").
_UNAPOSTROPHED = """
whats hows whos wheres whens whys thats theres heres im ive youre youve youll youd theyre
theyve dont doesnt didnt isnt arent wasnt werent hasnt havent hadnt cant couldnt shouldnt
wouldnt wont mustnt
"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split() + _UNAPOSTROPHED.split())
MAX_QUESTION = 300
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")


# A player's own word, searched beside the game's words it stands for, counts this share: it
# still finds a rulebook that uses it ("deck" in The Deck (Timeline), Grand Archive's
# "graveyard"), but the game's word leads.
TYPED_WEIGHT = 0.5


@dataclass(frozen=True)
class SearchTerms:
    """What a question asks for: search terms (words or phrases) in the game's words.

    `concepts` groups the terms by what the question said: one group per content word or
    synonym phrase, holding the game's words it stands for (weight 1) and the words as typed
    (TYPED_WEIGHT). A section answers a concept through any of its terms."""

    question: str
    terms: tuple[str, ...]
    typed: tuple[str, ...]  # the content words as typed, before synonyms
    concepts: tuple[tuple[tuple[str, float], ...], ...] = ()


def words_of(text: str) -> list[str]:
    """Lower-case words, curly apostrophes straightened, possessive 's dropped."""
    text = unicodedata.normalize("NFKC", text).lower().replace("’", "'").replace("‘", "'")
    return [w[:-2] if w.endswith("'s") else w for w in _WORD.findall(text)]


def parse_synonyms(
    entries: Iterable[tuple[str, str | Sequence[str]]],
) -> dict[tuple[str, ...], tuple[str, ...]]:
    """{term words: replacement phrases} from (term, "a, b c") or (term, ["a", "b c"]) rows."""
    table: dict[tuple[str, ...], tuple[str, ...]] = {}
    for term, replacements in entries:
        key = tuple(words_of(term))
        items = replacements.split(",") if isinstance(replacements, str) else replacements
        phrases = tuple(" ".join(words_of(item)) for item in items if words_of(item))
        if key and phrases:
            table[key] = phrases
    return table


def _trimmed(phrase: str) -> str:
    # A phrase keeps its inner stop words ("lock and show"): both databases match phrases
    # word by word, stop words included in the positions.
    words = phrase.split()
    while words and words[0] in STOPWORDS:
        words.pop(0)
    while words and words[-1] in STOPWORDS:
        words.pop()
    return " ".join(words)


# Phrases that only frame a question, dropped as stop words are: "does turning count as moving"
# asks about turning and moving, not about Count (the keyword that puts counters on a card),
# and "count" is rare enough in the rulebook to outweigh the words that matter.
LIGHT_PHRASES: tuple[tuple[str, ...], ...] = (
    ("count", "as"),
    ("counts", "as"),
    ("counted", "as"),
    ("count", "toward"),
    ("count", "towards"),
    ("counts", "toward"),
    ("counts", "towards"),
)


def _without_light_phrases(words: list[str]) -> list[str]:
    kept: list[str] = []
    i = 0
    while i < len(words):
        phrase = next((p for p in LIGHT_PHRASES if tuple(words[i : i + len(p)]) == p), None)
        if phrase:
            i += len(phrase)
            continue
        kept.append(words[i])
        i += 1
    return kept


_SynonymTable = Mapping[tuple[str, ...], tuple[str, ...]]
_stem_tables: list[tuple[_SynonymTable, _SynonymTable]] = []  # the last tables' rows by stem


def _by_stem(synonyms: _SynonymTable) -> _SynonymTable:
    """The table's rows keyed by their words' stems, except that a single word of the game's
    own vocabulary is never translated by its stem alone ("summons" is the game's word, not the
    row "summoned" → beckon). Kept for the last few tables: a table is parsed once and asked
    many times."""
    for table, rows in _stem_tables:
        if table is synonyms:
            return rows
    game_words = {stem(w) for phrases in synonyms.values() for p in phrases for w in p.split()}
    rows = {
        tuple(map(stem, key)): value
        for key, value in synonyms.items()
        if len(key) > 1 or stem(key[0]) not in game_words
    }
    _stem_tables[:] = [(synonyms, rows), *_stem_tables[:7]]
    return rows


def search_terms(
    question: str, synonyms: Mapping[tuple[str, ...], tuple[str, ...]] | None = None
) -> SearchTerms:
    """The distinct search terms of a question, player words joined by the game's own.

    Synonym terms may be phrases ("side out", "go first") and are matched longest first, before
    stop words are dropped. A replacement that is a phrase stays one term ("lock and show").
    The words as typed stay in the search at TYPED_WEIGHT beside their replacements.
    """
    words = _without_light_phrases(words_of(question))
    synonyms = synonyms or {}
    # Keys match as typed first, then by stem ("creatures" finds the row of "creature"), except
    # that a single word of the game's own vocabulary is never translated by its stem alone
    # ("summons" is the game's word, not the row "summoned" → beckon).
    by_stem = _by_stem(synonyms)
    stemmed = [stem(word) for word in words]
    longest = max((len(k) for k in synonyms), default=0)
    concepts: list[dict[str, float]] = []
    typed: list[str] = []
    i = 0
    while i < len(words):
        for size in range(min(longest, len(words) - i), 0, -1):
            replacements = synonyms.get(tuple(words[i : i + size])) or by_stem.get(
                tuple(stemmed[i : i + size])
            )
            if replacements:
                typed.extend(w for w in words[i : i + size] if w not in STOPWORDS)
                concept = dict.fromkeys(filter(None, map(_trimmed, replacements)), 1.0)
                # The typed words count one by one: "start of the round" still finds "start
                # of each round".
                for own in words[i : i + size]:
                    if own not in STOPWORDS:
                        concept.setdefault(own, TYPED_WEIGHT)
                if concept:
                    concepts.append(concept)
                i += size
                break
        else:
            if words[i] not in STOPWORDS:
                typed.append(words[i])
                concepts.append({words[i]: 1.0})
            i += 1
    terms: list[str] = []
    merged: list[tuple[tuple[str, float], ...]] = []
    for concept in concepts:
        # A term already searched for by an earlier concept is not counted twice.
        fresh = tuple((term, weight) for term, weight in concept.items() if term not in terms)
        terms.extend(term for term, _ in fresh)
        if fresh:
            merged.append(fresh)
    return SearchTerms(
        question=question, terms=tuple(terms), typed=tuple(typed), concepts=tuple(merged)
    )


# --- the game a question names ----------------------------------------------------------------

# What players call each game in a question ("going first in grand archive", "GA: …", "toe
# spellbook size"), by game slug (rules.core.games). The longest name is matched first.
GAME_NAMES: dict[str, tuple[str, ...]] = {
    "genesis": ("genesis battle of champions", "genesis"),
    "grand-archive": ("grand archive tcg", "grand archive", "ga"),
    "titans-of-eden": ("titans of eden", "titan of eden", "titans", "toe"),
}


def named_game(question: str) -> tuple[str, str]:
    """The game a question names, and the question without that name: ("grand-archive",
    "going first in") for "going first in grand archive"; ("", question) when it names none,
    or more than one game."""
    words = words_of(question)
    found: list[tuple[str, int, int]] = []  # (game, first word, past the last)
    for game, names in GAME_NAMES.items():
        for name in sorted(names, key=lambda n: -len(n.split())):
            name_words = name.split()
            n = len(name_words)
            at = next(
                (i for i in range(len(words) - n + 1) if words[i : i + n] == name_words), None
            )
            if at is not None:
                found.append((game, at, at + n))
                break
    if len({game for game, _, _ in found}) != 1:
        return "", question
    game, start, end = found[0]
    return game, " ".join(words[:start] + words[end:])


# --- trigram similarity (pg_trgm's measure, for misspelt names on SQLite) -----------------------


@lru_cache(maxsize=1 << 16)  # a misspelling is compared with every word of the names and text
def trigrams(text: str) -> frozenset[str]:
    """pg_trgm's trigrams: each word padded with two spaces before and one after."""
    grams: set[str] = set()
    for word in re.findall(r"[a-z0-9]+", text.lower()):
        padded = f"  {word} "
        grams.update(padded[i : i + 3] for i in range(len(padded) - 2))
    return frozenset(grams)


def similarity(a: str, b: str) -> float:
    ta, tb = trigrams(a), trigrams(b)
    if not ta or not tb:
        return 0.0
    return len(ta & tb) / len(ta | tb)


def closest_word(token: str, candidates: Iterable[str], threshold: float = 0.4) -> str | None:
    """The word among `candidates` (names, headings) most like a misspelt `token`."""
    best, best_score = None, threshold
    size = len(trigrams(token))
    for candidate in candidates:
        for word in words_of(candidate):
            if len(word) < 3 or word in STOPWORDS:
                continue
            other = len(trigrams(word))
            if min(size, other) < best_score * max(size, other):
                continue  # its likeness is at most the smaller set's share of the larger
            score = similarity(token, word)
            if score > best_score or (score == best_score and best and len(word) < len(best)):
                best, best_score = word, score
    return best


# --- snippets --------------------------------------------------------------------------------

_SUFFIXES = ("ations", "ation", "ingly", "ings", "ing", "ies", "ied", "ed", "es", "ly", "s")


@lru_cache(maxsize=1 << 16)  # a snippet stems every word of its section: the same few thousand
def stem(word: str) -> str:
    """A light stemmer for highlighting: enough to see "draws", "drawing" and "draw" as one."""
    word = word.lower()
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls":
        word = word[:-1]  # "stopp" → "stop"
    return word.rstrip("e") if len(word) > 3 else word


@dataclass(frozen=True)
class Snippet:
    """A passage split into (text, highlighted) parts, for a template or for JSON."""

    parts: tuple[tuple[str, bool], ...]

    def as_html(self) -> str:
        return "".join(
            f"<mark>{html.escape(text)}</mark>" if hit else html.escape(text)
            for text, hit in self.parts
        )

    def as_text(self) -> str:
        return "".join(f"**{text}**" if hit else text for text, hit in self.parts)


_TOKEN = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)?")


_SENTENCE_END = re.compile(r"[.!?:;]$")


@lru_cache(maxsize=1024)  # about one per section of the imported books
def _tokenized(
    body: str,
) -> tuple[str, tuple[tuple[int, int], ...], tuple[str, ...], tuple[str, ...], tuple[range, ...]]:
    """A section's text as make_snippet reads it, worked out once per text: the text on one
    line, each word's span, the word (lower case, no "'s"), its stem, and the sentences as
    ranges of words (a word followed by . ! ? : ; closes one)."""
    flat = " ".join(body.split())
    tokens = list(_TOKEN.finditer(flat))
    words_seen = tuple(t.group().lower().replace("’", "'").removesuffix("'s") for t in tokens)
    sentences: list[range] = []
    first = 0
    for i, token in enumerate(tokens):
        tail = flat[token.end() : tokens[i + 1].start() if i + 1 < len(tokens) else len(flat)]
        if _SENTENCE_END.search(tail.strip()) or i + 1 == len(tokens):
            sentences.append(range(first, i + 1))
            first = i + 1
    return (
        flat,
        tuple(t.span() for t in tokens),
        words_seen,
        tuple(stem(word) for word in words_seen),
        tuple(sentences),
    )


def make_snippet(
    body: str,
    terms: Iterable[str],
    *,
    words: int = 40,
    weights: Mapping[str, float] | None = None,
) -> Snippet:
    """`words` words of `body` from the sentence that holds most of the matched terms, marked.

    A sentence counts each matched term once, by its weight in `weights` (a word's rarity;
    1 when not given): the snippet starts at the sentence that answers, not at the section's
    opening, which may hold the same words scattered ("you lose with no cards left" before
    "Fatigue does not make you pay what you cannot"). A sentence longer than the window is
    shown from just before its first matched word. Stop words are never marked: the search
    ignores them, even inside a phrase it searched ("enters the arena" marks "enters" and
    "arena", not every "the")."""
    weight_of = {stem(w): weight for w, weight in (weights or {}).items()}
    stems = {stem(w) for term in terms for w in term.split() if w not in STOPWORDS}
    flat, spans, words_seen, keys, sentences = _tokenized(body)
    if not spans:
        return Snippet(((flat, False),) if flat else ())
    hits = [
        key in stems and word not in STOPWORDS for key, word in zip(keys, words_seen, strict=True)
    ]

    def worth(span: range) -> float:
        found = {keys[i] for i in span if hits[i]}
        return sum(weight_of.get(key, 1.0) for key in found)

    # The best sentence, and among equals the one whose window holds most; then the earliest.
    best = max(
        sentences,
        key=lambda span: (
            worth(span),
            worth(range(span.start, min(len(spans), span.start + words))),
            -span.start,
        ),
    )
    best_start = best.start
    matched = [i for i in best if hits[i]]
    if matched and matched[-1] >= best_start + words:
        best_start = max(best.start, matched[0] - 3)
    window = range(best_start, min(len(spans), best_start + words))
    begin = spans[window.start][0] if best_start else 0
    end = spans[window.stop - 1][1] if window.stop < len(spans) else len(flat)
    parts: list[tuple[str, bool]] = [("… ", False)] if begin else []
    cursor = begin
    for i in window:
        if hits[i]:
            start, stop = spans[i]
            if start > cursor:
                parts.append((flat[cursor:start], False))
            parts.append((flat[start:stop], True))
            cursor = stop
    if end > cursor:
        parts.append((flat[cursor:end], False))
    if end < len(flat):
        parts.append((" …", False))
    return Snippet(tuple(parts))
