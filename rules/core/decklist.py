"""Decklists: how players write down a champion, a timeline, forethoughts and subconscious cards
(Genesis), a main deck, material deck and sideboard (Grand Archive) or a spellbook (Titans of Eden).

Two forms, the text form people paste and a JSON form for the API, both described for users in
docs/decklist-format.md. `name_key` is how a written name finds its card; the card index uses it
too, so a name matches whatever its case, spacing or Unicode compatibility form.
"""

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, NotRequired, TypedDict, cast

# Re-exported: name_key is part of this module's interface (see the docstring above).
from .cards import name_key as name_key
from .game_cards import GameCard
from .games import GENESIS, GRAND_ARCHIVE, TITANS_OF_EDEN

# Limits, checked before any other work so that a huge or hostile input is refused at once.
MAX_INPUT_CHARS = 200_000
MAX_LINES = 2_000
MAX_LINE_CHARS = 500
MAX_NAME_CHARS = (
    120  # the longest card name a card-set file may hold (rules/core/card-set.schema.json)
)
MAX_COPIES = 999  # copies of one card in one section
MAX_SECTION_CARDS = 10_000


class Section(StrEnum):
    CHAMPION = "champion"
    TIMELINE = "timeline"
    FORETHOUGHTS = "forethoughts"
    SUBCONSCIOUS = "subconscious"
    # Grand Archive (Grand Archive Comprehensive Rules L226-230).
    MAIN = "main"
    MATERIAL = "material"
    SIDEBOARD = "sideboard"
    # Titans of Eden Constructed (Titans of Eden Rulebook › Official Rules, L412).
    SPELLBOOK = "spellbook"


# Genesis's sections of cards (the champion is one name, not a section of cards).
CARD_SECTIONS = (Section.TIMELINE, Section.FORETHOUGHTS, Section.SUBCONSCIOUS)
# Every game's sections of cards, Genesis's first.
GAME_SECTIONS = {
    GENESIS.slug: CARD_SECTIONS,
    GRAND_ARCHIVE.slug: (Section.MAIN, Section.MATERIAL, Section.SIDEBOARD),
    TITANS_OF_EDEN.slug: (Section.SPELLBOOK,),
}
ALL_CARD_SECTIONS = tuple(section for sections in GAME_SECTIONS.values() for section in sections)
HEADERS = {
    Section.CHAMPION: "Champion",
    Section.TIMELINE: "Timeline",
    Section.FORETHOUGHTS: "Forethoughts",
    Section.SUBCONSCIOUS: "Subconscious",
    Section.MAIN: "Main",
    Section.MATERIAL: "Material",
    Section.SIDEBOARD: "Sideboard",
    Section.SPELLBOOK: "Spellbook",
}
# Words other deckbuilders use for the same sections. "Main" and "Sideboard" mean Genesis's
# timeline and forethoughts unless the list is a Grand Archive one (_GRAND_ARCHIVE_WORDS).
_HEADER_WORDS = {
    "champion": Section.CHAMPION,
    "timeline": Section.TIMELINE,
    "deck": Section.TIMELINE,
    "main": Section.TIMELINE,
    "forethoughts": Section.FORETHOUGHTS,
    "sideboard": Section.FORETHOUGHTS,
    "subconscious": Section.SUBCONSCIOUS,
    "material": Section.MATERIAL,
    "spellbook": Section.SPELLBOOK,
}
_GRAND_ARCHIVE_WORDS = {
    "main": Section.MAIN,
    "deck": Section.MAIN,
    "sideboard": Section.SIDEBOARD,
}
# Where card lines before any header go, per game.
_FIRST_SECTION = {
    GENESIS.slug: Section.TIMELINE,
    GRAND_ARCHIVE.slug: Section.MAIN,
    TITANS_OF_EDEN.slug: Section.SPELLBOOK,
}
# A "Material" header marks a Grand Archive list (format_decklist always writes it for one).
_MATERIAL_HEADER = re.compile(
    r"^[^\S\r\n]*material[^\S\r\n]*:?[^\S\r\n]*(?:#[^\r\n]*)?\r?$", re.IGNORECASE | re.MULTILINE
)

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# C0/C1 control characters other than tab and line breaks, and lone surrogates: not text.
_NOT_TEXT = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
# `#` opens a comment at the start of a line or after a space, so "Card#1" stays a name.
_COMMENT = re.compile(r"(?:^|(?<=\s))#")
_HEADER = re.compile(r"(" + "|".join(_HEADER_WORDS) + r")(?:\s*:\s*|\s+|$)(.*)", re.IGNORECASE)
_CARD = re.compile(r"(-?[0-9]+)[xX]?(?:\s+(.*))?")


class DecklistError(ValueError):
    """A decklist that cannot be read, with the 1-based line it was found on (None for JSON)."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.message = message[:1].upper() + message[1:]
        self.line = line
        super().__init__(f"Line {line}: {self.message}" if line is not None else self.message)


@dataclass(frozen=True)
class DeckEntry:
    count: int
    name: str


@dataclass(frozen=True)
class Decklist:
    """A decklist as written: names, not cards. `rules.core.timeline.validate` looks the names up."""

    champion: str | None = None
    timeline: tuple[DeckEntry, ...] = ()
    forethoughts: tuple[DeckEntry, ...] = ()
    subconscious: tuple[DeckEntry, ...] = ()
    main: tuple[DeckEntry, ...] = ()
    material: tuple[DeckEntry, ...] = ()
    sideboard: tuple[DeckEntry, ...] = ()
    spellbook: tuple[DeckEntry, ...] = ()

    def entries(self, section: Section) -> tuple[DeckEntry, ...]:
        return getattr(self, section.value) if section in ALL_CARD_SECTIONS else ()

    @property
    def games(self) -> tuple[str, ...]:
        """The games whose sections hold something (a champion counts for Genesis)."""
        return tuple(
            game
            for game, sections in GAME_SECTIONS.items()
            if any(self.entries(s) for s in sections)
            or (game == GENESIS.slug and self.champion is not None)
        )

    @property
    def game(self) -> str:
        """The game this list is written for: the one whose sections it fills (Genesis when it
        is empty, or when it mixes games; validation reports the sections a format lacks)."""
        games = self.games
        return games[0] if len(games) == 1 else GENESIS.slug


# [name as first written, total count]: a list so that repeated entries add up in place. A list
# cannot say that its first item is a str and its second an int, hence Any.
TallyRow = list[Any]


def tally(entries: Iterable[DeckEntry]) -> dict[str, TallyRow]:
    """name_key -> [name as first written, total count]: repeated entries add up."""
    counts: dict[str, TallyRow] = {}
    for entry in entries:
        counts.setdefault(name_key(entry.name), [entry.name, 0])[1] += entry.count
    return counts


def _snippet(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:57] + "...")


class _Builder:
    """Collects entries section by section; repeated names add up, in first-seen order."""

    def __init__(self) -> None:
        self.champion: str | None = None
        self.champion_line: int | None = None
        self.sections: dict[Section, dict[str, TallyRow]] = {s: {} for s in ALL_CARD_SECTIONS}
        self.totals = dict.fromkeys(ALL_CARD_SECTIONS, 0)

    def set_champion(self, name: object, line: int | None, where: str = "") -> None:
        name = _clean_name(name, line, where)
        if self.champion is not None:
            first = f" (line {self.champion_line})" if self.champion_line is not None else ""
            raise DecklistError(
                f"a second champion, {name!r}: a decklist has one champion and already names "
                f"{self.champion!r}{first}.",
                line,
            )
        self.champion, self.champion_line = name, line

    def add(
        self, section: Section, count: object, name: object, line: int | None, where: str
    ) -> None:
        count = _check_count(count, line, where)
        name = _clean_name(name, line, where)
        entries = self.sections[section]
        entry = entries.setdefault(name_key(name), [name, 0])
        entry[1] += count
        if entry[1] > MAX_COPIES:
            raise DecklistError(
                f"{where}that makes {entry[1]} copies of {entry[0]} in the {section}; a decklist "
                f"lists at most {MAX_COPIES} copies of one card in each section.",
                line,
            )
        self.totals[section] += count
        if self.totals[section] > MAX_SECTION_CARDS:
            raise DecklistError(
                f"{where}the {section} now has {self.totals[section]} cards; a decklist section "
                f"holds at most {MAX_SECTION_CARDS:,} cards.",
                line,
            )

    def build(self) -> Decklist:
        sections = {
            section.value: tuple(DeckEntry(count, name) for name, count in entries.values())
            for section, entries in self.sections.items()
        }
        return Decklist(champion=self.champion, **sections)


def _check_count(count: object, line: int | None, where: str) -> int:
    # bool is an int in Python; `true` copies of a card is a mistake, not 1.
    if not isinstance(count, int) or isinstance(count, bool):
        raise DecklistError(f"{where}the count must be a whole number, not {count!r}.", line)
    if count < 1:
        raise DecklistError(f"{where}the count must be at least 1, not {count}.", line)
    if count > MAX_COPIES:
        raise DecklistError(
            f"{where}{count} copies is too many; a line lists at most {MAX_COPIES}.", line
        )
    return count


def _clean_name(name: object, line: int | None, where: str) -> str:
    if not isinstance(name, str):
        raise DecklistError(f"{where}a card name must be text, not {name!r}.", line)
    if _NOT_TEXT.search(name):
        raise DecklistError(f"{where}the card name contains control characters.", line)
    cleaned = " ".join(name.split())
    if not cleaned:
        raise DecklistError(f"{where}the card name is missing.", line)
    if len(cleaned) > MAX_NAME_CHARS:
        raise DecklistError(
            f"{where}the card name is {len(cleaned)} characters long; card names have at most "
            f"{MAX_NAME_CHARS}.",
            line,
        )
    return cleaned


def _as_text(data: object) -> str:
    if isinstance(data, bytes | bytearray | memoryview):
        raw = bytes(data)
        # UTF-8 spends at most 4 bytes a character: anything longer is over the limit anyway.
        if len(raw) > 4 * MAX_INPUT_CHARS:
            raise DecklistError(f"the decklist is over {MAX_INPUT_CHARS:,} characters long.")
        try:
            data = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            line = raw.count(b"\n", 0, error.start) + 1
            raise DecklistError("the decklist is not UTF-8 text.", line) from None
    if not isinstance(data, str):
        raise DecklistError(f"a decklist is text, not {type(data).__name__}.")
    if len(data) > MAX_INPUT_CHARS:
        raise DecklistError(
            f"the decklist is {len(data):,} characters long; the limit is {MAX_INPUT_CHARS:,}."
        )
    return data.removeprefix("\ufeff")


def parse_decklist(text: str | bytes, game: str | None = None) -> Decklist:
    """Read the text form. Raises `DecklistError` (with a line number) for anything unreadable.

    `game` says how to read "Main", "Deck" and "Sideboard" headers and where card lines before
    any header go. Without it, a list with a "Material" header is a Grand Archive list and any
    other is read as Genesis lists always were (a "Spellbook" header is Titans of Eden's anyway).
    """
    text = _as_text(text)
    lines = _LINE_BREAK.split(text)
    if lines[-1] == "":
        lines.pop()
    if len(lines) > MAX_LINES:
        raise DecklistError(f"the decklist has {len(lines):,} lines; the limit is {MAX_LINES:,}.")
    bad = _NOT_TEXT.search(text)
    if bad:
        bad_line = len(_LINE_BREAK.findall(text, 0, bad.start())) + 1
        what = (
            "a NUL byte" if bad.group() == "\x00" else f"control character U+{ord(bad.group()):04X}"
        )
        raise DecklistError(f"the line contains {what}; a decklist is plain text.", bad_line)

    if game is None:
        game = GRAND_ARCHIVE.slug if _MATERIAL_HEADER.search(text) else GENESIS.slug
    words = dict(_HEADER_WORDS)
    if game == GRAND_ARCHIVE.slug:
        words.update(_GRAND_ARCHIVE_WORDS)
    builder = _Builder()
    # Card lines before any header belong to the game's first section (Genesis: the timeline).
    section = _FIRST_SECTION.get(game, Section.TIMELINE)
    for number, raw in enumerate(lines, start=1):
        if len(raw) > MAX_LINE_CHARS:
            raise DecklistError(
                f"the line is {len(raw):,} characters long; the limit is {MAX_LINE_CHARS}.", number
            )
        comment = _COMMENT.search(raw)
        line = (raw[: comment.start()] if comment else raw).strip()
        if not line:
            continue
        section = _parse_line(line, number, section, builder, words)
    return builder.build()


def _parse_line(
    line: str, number: int, section: Section, builder: _Builder, words: Mapping[str, Section]
) -> Section:
    """Read one non-blank line into `builder`; return the section later lines belong to."""
    header = _HEADER.fullmatch(line)
    if header:
        named, rest = words[header.group(1).lower()], header.group(2).strip()
        if named is Section.CHAMPION:
            if rest:
                builder.set_champion(rest, number)
                return section
            return Section.CHAMPION
        if rest:
            raise DecklistError(
                f"{_snippet(line)}: a {HEADERS[named]!r} header stands on its own line; put "
                "each card on a line of its own below it.",
                number,
            )
        return named

    card = _CARD.fullmatch(line)
    if card is None and (line[0].isdigit() or line[0] == "-"):
        raise DecklistError(
            f"{_snippet(line)} is not a card line; write the count, then a space, then the "
            "name, e.g. '4 Phyr Cub' or '4x Phyr Cub'.",
            number,
        )
    if section is Section.CHAMPION:
        # After a bare "Champion" header the next line names the champion, with or without "1".
        if card is not None:
            count = _check_count(_count_of(card.group(1), number), number, "")
            if count != 1:
                raise DecklistError(
                    f"{_snippet(line)} lists {count} copies, but a decklist has one champion; "
                    "start the timeline with a 'Timeline' line.",
                    number,
                )
            builder.set_champion(card.group(2) or "", number)
        else:
            builder.set_champion(line, number)
        return section
    if card is None:
        raise DecklistError(
            f"{_snippet(line)} is neither a section header (Champion, Timeline, Forethoughts, "
            "Subconscious; Main, Material, Sideboard; Spellbook) nor a card line such as "
            "'4 Phyr Cub'.",
            number,
        )
    if not card.group(2):
        raise DecklistError(f"{_snippet(line)} has a count but no card name.", number)
    builder.add(section, _count_of(card.group(1), number), card.group(2), number, "")
    return section


def _count_of(digits: str, number: int) -> int:
    # Refuse long counts before int() chews on hundreds of digits.
    if len(digits.lstrip("-")) > 6:
        shown = digits if len(digits) <= 20 else digits[:17] + "..."
        if digits.startswith("-"):
            raise DecklistError(f"the count must be at least 1, not {shown}.", number)
        raise DecklistError(
            f"{shown} copies is too many; a line lists at most {MAX_COPIES}.", number
        )
    return int(digits)


def _writable(name: object, what: str) -> str:
    """A name as the text form writes it, or DecklistError if the text form cannot hold it."""
    cleaned = _clean_name(name, None, f"{what}: ")
    if cleaned.startswith("#") or " #" in cleaned:
        raise DecklistError(f"{what}: {cleaned!r} cannot be written: '#' would start a comment.")
    return cleaned


def format_decklist(decklist: Decklist) -> str:
    """Write the canonical text form; `parse_decklist` reads it back as the same decklist.

    Headers are exactly "Champion: X", "Timeline", "Forethoughts", "Subconscious" (Genesis),
    "Main", "Material", "Sideboard" (Grand Archive) and "Spellbook" (Titans of Eden). Empty
    sections are left out, except the sections that say which game a list is for: a Genesis
    list's timeline, a Grand Archive list's main and material decks. Cards keep the decklist's
    order. A list that mixes games cannot be written (its "Main" would be ambiguous).
    """
    games = decklist.games
    if len(games) > 1:
        raise DecklistError(
            "the decklist mixes the sections of different games ("
            + ", ".join(games)
            + "); a written decklist is for one game."
        )
    game = games[0] if games else GENESIS.slug
    always = {
        GENESIS.slug: (Section.TIMELINE,),
        GRAND_ARCHIVE.slug: (Section.MAIN, Section.MATERIAL),
        TITANS_OF_EDEN.slug: (Section.SPELLBOOK,),
    }[game]
    lines = []
    if decklist.champion is not None:
        lines.append(f"Champion: {_writable(decklist.champion, 'champion')}")
    for section in GAME_SECTIONS[game]:
        entries = decklist.entries(section)
        if not entries and section not in always:
            continue
        lines.append(HEADERS[section])
        for index, entry in enumerate(entries):
            where = f"{section}[{index}]"
            count = _check_count(entry.count, None, f"{where}: ")
            lines.append(f"{count} {_writable(entry.name, where)}")
    return "\n".join(lines) + "\n"


class EntryJSON(TypedDict):
    count: int
    name: str


class DecklistJSON(TypedDict):
    """The JSON form of a decklist, as `decklist_to_json` writes it: Genesis's fields, or the
    fields of the game the list is for."""

    champion: NotRequired[str | None]
    timeline: NotRequired[list[EntryJSON]]
    forethoughts: NotRequired[list[EntryJSON]]
    subconscious: NotRequired[list[EntryJSON]]
    main: NotRequired[list[EntryJSON]]
    material: NotRequired[list[EntryJSON]]
    sideboard: NotRequired[list[EntryJSON]]
    spellbook: NotRequired[list[EntryJSON]]


def decklist_to_json(decklist: Decklist) -> DecklistJSON:
    """The JSON form: {"champion": ..., "timeline": [{"count": 4, "name": ...}], ...} for a
    Genesis list (as always), {"main": [...], "material": [...], "sideboard": [...]} for a Grand
    Archive one, {"spellbook": [...]} for a Titans of Eden one; a list mixing games has the
    fields of each."""

    def entries(section: Section) -> list[EntryJSON]:
        return [{"count": entry.count, "name": entry.name} for entry in decklist.entries(section)]

    # Fields named at run time: a TypedDict cannot be built key by key, hence Any.
    data: dict[str, Any] = {}
    for game in decklist.games or (GENESIS.slug,):
        if game == GENESIS.slug:
            data["champion"] = decklist.champion
        for section in GAME_SECTIONS[game]:
            data[section.value] = entries(section)
    return cast(DecklistJSON, data)


def decklist_from_json(data: object) -> Decklist:
    """Read the JSON form (already decoded). Same rules and limits as the text form; errors
    name the place, e.g. "timeline[2]: the count must be at least 1"."""
    if not isinstance(data, Mapping):
        raise DecklistError(f"a decklist is a JSON object, not {type(data).__name__}.")
    allowed = {"champion", *(s.value for s in ALL_CARD_SECTIONS)}
    unknown = sorted(map(str, set(data) - allowed))
    if unknown:
        raise DecklistError(
            f"unknown field {unknown[0]!r}; a decklist has the fields champion, timeline, "
            "forethoughts and subconscious (Genesis), main, material and sideboard (Grand "
            "Archive) or spellbook (Titans of Eden)."
        )
    builder = _Builder()
    champion = data.get("champion")
    # A form's empty field means "no champion yet"; validation then reports champion_missing.
    if champion is not None and not (isinstance(champion, str) and not champion.strip()):
        builder.set_champion(champion, None, "champion: ")
    seen = 0
    for section in ALL_CARD_SECTIONS:
        items = data.get(section.value, [])
        if not isinstance(items, list | tuple):
            raise DecklistError(f"{section} must be a list of {{count, name}} objects.")
        seen += len(items)
        if seen > MAX_LINES:
            raise DecklistError(f"the decklist has over {MAX_LINES:,} entries; that is the limit.")
        for index, item in enumerate(items):
            where = f"In {section}[{index}]: "
            if not isinstance(item, Mapping) or set(item) != {"count", "name"}:
                raise DecklistError(f"{where}each entry is an object with a count and a name.")
            builder.add(section, item["count"], item["name"], None, where)
    return builder.build()


@dataclass(frozen=True)
class Change:
    """One card whose count differs between two versions of a decklist section."""

    section: Section
    name: str
    before: int
    after: int

    def as_dict(self) -> dict[str, object]:
        return {
            "section": self.section.value,
            "name": self.name,
            "before": self.before,
            "after": self.after,
            "delta": self.after - self.before,
        }


def decklist_diff(old: Decklist, new: Decklist) -> tuple[Change, ...]:
    """What changed from `old` to `new`: the champion, then each card whose count moved."""
    changes: list[Change] = []
    if name_key(old.champion or "") != name_key(new.champion or ""):
        if old.champion:
            changes.append(Change(Section.CHAMPION, old.champion, 1, 0))
        if new.champion:
            changes.append(Change(Section.CHAMPION, new.champion, 0, 1))
    for section in ALL_CARD_SECTIONS:
        before, after = tally(old.entries(section)), tally(new.entries(section))
        for key in dict.fromkeys([*before, *after]):
            was, now = before.get(key, [None, 0])[1], after.get(key, [None, 0])[1]
            if was != now:
                name = (after.get(key) or before[key])[0]
                changes.append(Change(section, name, was, now))
    return tuple(changes)


# --- editing: the deck builder's changes, as values ------------------------------------------
#
# Rows are addressed by their place in their section, as a page shows them. Between edits a row
# may hold 0 copies (a count typed as 0, or lowered to 0) and two rows may name one card (a
# replacement can name a card listed already); `tidy` removes and merges them.


def _clamp(count: int) -> int:
    return min(max(count, 0), MAX_COPIES)


def _with_entries(decklist: Decklist, section: Section, entries: Iterable[DeckEntry]) -> Decklist:
    # The field is named at run time, so mypy cannot match it to its type: hence Any.
    fields: dict[str, Any] = {section.value: tuple(entries)}
    return replace(decklist, **fields)


def _row(decklist: Decklist, section: Section, index: int) -> DeckEntry:
    entries = decklist.entries(section)
    if not 0 <= index < len(entries):
        raise IndexError(f"the {section} has no row {index}")
    return entries[index]


def set_counts(decklist: Decklist, section: Section, counts: Mapping[int, int]) -> Decklist:
    """Rows' counts set by row index (each kept within 0 and MAX_COPIES); other rows stay."""
    entries = [
        DeckEntry(_clamp(counts[i]), e.name) if i in counts else e
        for i, e in enumerate(decklist.entries(section))
    ]
    return _with_entries(decklist, section, entries)


def add_card(decklist: Decklist, section: Section, name: str, count: int = 1) -> Decklist:
    """`count` more copies of a card: on its row when the section lists it, else a new row."""
    entries = list(decklist.entries(section))
    key = name_key(name)
    for i, entry in enumerate(entries):
        if name_key(entry.name) == key:
            entries[i] = DeckEntry(_clamp(entry.count + count), entry.name)
            break
    else:
        entries.append(DeckEntry(_clamp(count), name))
    return _with_entries(decklist, section, entries)


def change_count(decklist: Decklist, section: Section, index: int, delta: int) -> Decklist:
    """One row's count moved by `delta` (kept within 0 and MAX_COPIES). IndexError when the
    section has no such row."""
    entry = _row(decklist, section, index)
    return set_counts(decklist, section, {index: entry.count + delta})


def replace_card(decklist: Decklist, section: Section, index: int, name: str) -> Decklist:
    """One row names another card, with the same count. IndexError when the section has no
    such row."""
    entry = _row(decklist, section, index)
    entries = list(decklist.entries(section))
    entries[index] = DeckEntry(entry.count, name)
    return _with_entries(decklist, section, entries)


def home_section(card: GameCard) -> Section:
    """Where a card of a game other than Genesis goes when it is added to a deck: a Grand Archive
    champion or regalia to the material deck (Grand Archive Comprehensive Rules L303, L413), any
    other Grand Archive card to the main deck, a Titans of Eden card to the spellbook."""
    if card.game == GRAND_ARCHIVE.slug:
        return Section.MATERIAL if card.material_only else Section.MAIN
    if card.game == TITANS_OF_EDEN.slug:
        return Section.SPELLBOOK
    raise ValueError(f"{card.name} is a card of {card.game}, which has no home section here")


def tidy(decklist: Decklist) -> Decklist:
    """Rows of 0 copies removed, and rows naming one card merged into the first of them."""
    # Fields named at run time, as in `_with_entries`: hence Any.
    sections: dict[str, Any] = {}
    for section in ALL_CARD_SECTIONS:
        # [count, name]: a list so that the count adds up in place (see TallyRow).
        merged: dict[str, list[Any]] = {}
        for entry in decklist.entries(section):
            if entry.count > 0:
                row = merged.setdefault(name_key(entry.name), [0, entry.name])
                row[0] = _clamp(row[0] + entry.count)
        sections[section.value] = tuple(DeckEntry(count, name) for count, name in merged.values())
    return replace(decklist, **sections)
