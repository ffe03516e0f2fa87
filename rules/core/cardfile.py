"""Reading card set files (docs/card-format.md) into plain card values, reporting every problem.

Pure Python: no database. The importer service (decks.services.card_set_import) writes what this
returns. Structure is checked by rules/core/card-set.schema.json; the rules the schema cannot say
(which fields each card type needs, keyword names, awareness drawings) are checked here.
"""

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, cast

from jsonschema import Draft202012Validator, ValidationError

from rules.core.awareness import Awareness, AwarenessError
from rules.core.cardfile_v1 import unsaid_clauses, upgrade_card
from rules.core.cards import Ability, Card, CardType, Cost, Speed, name_key
from rules.core.engine.compiler import card_spec
from rules.core.keywords import KeywordError, parse_ability_name

SCHEMA_PATH = Path(__file__).with_name("card-set.schema.json")  # format_version 2
SCHEMA_PATHS = {2: SCHEMA_PATH, 1: Path(__file__).with_name("card-set-v1.schema.json")}
FORMAT_VERSIONS = (1, 2)
MAX_FILE_BYTES = 50 * 1024 * 1024
CHAMPION_FIELDS = ("hp", "aura", "energy_reduction", "world")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a card file, located by card (position and name) and field."""

    message: str
    card_index: int | None = None
    card_name: str | None = None
    field: str | None = None

    def __str__(self) -> str:
        where = []
        if self.card_index is not None:
            label = f"card #{self.card_index + 1}"
            if self.card_name:
                label += f" ({self.card_name})"
            where.append(label)
        if self.field:
            where.append(f"field '{self.field}'")
        return f"{', '.join(where)}: {self.message}" if where else self.message


class CardFileError(Exception):
    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__(f"{len(problems)} problem(s) in the card file")


@dataclass(frozen=True)
class CardEntry:
    """A card read from a file, with what the database needs beyond the rules' view of it."""

    card: Card
    flavor: str
    subtype: str
    source_note: str
    unrevealed: tuple[str, ...]
    content_hash: str


@dataclass(frozen=True)
class CardFile:
    set_code: str
    set_name: str
    set_description: str
    entries: tuple[CardEntry, ...]


@cache
def _validator(version: int) -> Draft202012Validator:
    return Draft202012Validator(json.loads(SCHEMA_PATHS[version].read_text()))


def read_card_file(raw: bytes | str) -> CardFile:
    """Parse and check a whole card set file. Raises CardFileError listing every problem."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_FILE_BYTES:
            raise CardFileError([Problem(f"the file is larger than {MAX_FILE_BYTES // 2**20} MB")])
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise CardFileError([Problem(f"the file is not UTF-8 text ({exc.reason})")]) from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise CardFileError(
            [Problem(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}")]
        ) from None
    except RecursionError:
        raise CardFileError(
            [Problem("the JSON is nested far too deeply to be a card set")]
        ) from None
    unstorable = _unstorable(data)
    if unstorable is not None:
        raise CardFileError([unstorable])
    version = data.get("format_version") if isinstance(data, dict) else None
    if isinstance(data, dict) and version not in FORMAT_VERSIONS:
        raise CardFileError(
            [Problem(f"'format_version' must be 2 (or 1, the earlier format), not {version!r}")]
        )
    version = 1 if version == 1 else 2
    validator = _validator(version)
    problems = [_schema_problem(error, data) for error in validator.iter_errors(data)]
    if any(p.card_index is None for p in problems):
        raise CardFileError(sorted(problems, key=_problem_order))
    # Cards whose structure is wrong were reported above; every other card is still checked in
    # full, so one run lists every problem in the file.
    malformed = {p.card_index for p in problems}
    entries = []
    seen: dict[str, int] = {}
    default_source = data["set"].get("source", "custom")
    for index, raw_card in enumerate(data["cards"]):
        if index in malformed:
            continue
        entry, card_problems = _read_card(
            index, raw_card, data["set"]["code"], default_source, version
        )
        key = name_key(raw_card["name"])
        if key in seen:
            card_problems.append(
                Problem(
                    f"the name is already used by card #{seen[key] + 1} in this file",
                    index,
                    raw_card["name"],
                    "name",
                )
            )
        seen.setdefault(key, index)
        problems.extend(card_problems)
        if entry is not None:
            entries.append(entry)
    if problems:
        raise CardFileError(sorted(problems, key=_problem_order))
    return CardFile(
        set_code=data["set"]["code"],
        set_name=data["set"]["name"],
        set_description=data["set"].get("description", ""),
        entries=tuple(entries),
    )


def upgrade_file(raw: bytes | str) -> dict[str, object]:
    """A version-1 card file as version 2: the same cards with the facts their text states as
    fields (text is kept, for people). Raises CardFileError, listing every
    problem, when the file is not a valid version-1 file or a fact cannot be read from a text.
    """
    card_file = read_card_file(raw)  # checks the whole file, version-1 reading included
    data = json.loads(raw if isinstance(raw, str) else raw.decode("utf-8-sig"))
    if data.get("format_version") != 1:
        raise CardFileError([Problem("the file is not format_version 1")])
    data["format_version"] = 2
    for raw_card, entry in zip(data["cards"], card_file.entries, strict=True):
        card = entry.card
        if card.blocks_line_of_sight:
            raw_card["blocks_line_of_sight"] = True
        for raw_ability, ability in zip(raw_card.get("abilities", ()), card.abilities, strict=True):
            text = raw_ability.pop("text", None)
            # The name may have grown the keyword its text lists (cardfile_v1.stated_ability).
            raw_ability["name"] = ability.name
            raw_ability.update(ability.facts())
            if text is not None:
                raw_ability["text"] = text
    return cast("dict[str, object]", data)


def _unstorable(data: object) -> Problem | None:
    """The first string holding a NUL character or a lone surrogate (a JSON escape can make
    both), with where it is. A database cannot store either (PostgreSQL text holds no NUL,
    UTF-8 no lone surrogate), and no card's text needs them."""
    stack: list[tuple[object, str]] = [(data, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            stack += [(v, f"{path}.{k}" if path else str(k)) for k, v in value.items()]
            stack += [(k, f"{path} (a key)") for k in value]
        elif isinstance(value, list):
            stack += [(v, f"{path}.{i}") for i, v in enumerate(value)]
        elif isinstance(value, str):
            what = "a NUL character" if "\x00" in value else None
            if what is None and any("\ud800" <= c <= "\udfff" for c in value):
                what = "a lone surrogate (half of a UTF-16 pair)"
            if what is not None:
                card, _, field = path.partition(".")[2].partition(".")
                if path.startswith("cards.") and card.isdecimal():
                    return Problem(f"{what} in this field", int(card), None, field or None)
                return Problem(f"{what} in '{path}'")
    return None


def _problem_order(problem: Problem) -> tuple[int, str]:
    return (problem.card_index if problem.card_index is not None else -1, problem.field or "")


# `data` is the decoded JSON file, which the schema error is about: Any, like json.loads's value.
def _schema_problem(error: ValidationError, data: Any) -> Problem:
    path = list(error.absolute_path)
    card_index = card_name = None
    if len(path) >= 2 and path[0] == "cards" and isinstance(path[1], int):
        card_index = path[1]
        card = data["cards"][card_index]
        if isinstance(card, dict) and isinstance(card.get("name"), str):
            card_name = card["name"]
        path = path[2:]
    field = ".".join(str(p) for p in path) or None
    message = error.message
    if error.validator == "additionalProperties":
        message = f"unknown field(s): {message.split('(')[-1].rstrip(')')}"
    elif error.validator == "required" and card_index is not None:
        message = message.replace(" is a required property", " is required")
    elif error.validator == "enum":
        # An error found by iter_errors always has its schema value: here, the enum's list.
        allowed = cast("list[object]", error.validator_value)
        message = f"{error.instance!r} is not one of {', '.join(map(str, allowed))}"
    return Problem(message, card_index, card_name, field)


def _read_card(
    index: int, raw: dict[str, Any], set_code: str, default_source: str, version: int = 2
) -> tuple[CardEntry | None, list[Problem]]:
    name = raw["name"].strip()
    problems: list[Problem] = []

    def problem(field: str, message: str) -> None:
        problems.append(Problem(message, index, name, field))

    card_type = CardType(raw["type"])
    unrevealed = tuple(raw.get("unrevealed", ()))
    if card_type is CardType.CHAMPION:
        for field in CHAMPION_FIELDS:
            if field not in raw and field not in unrevealed:
                problem(field, f"a champion needs '{field}' (or list it in 'unrevealed')")
        if "chi" in raw:
            problem("chi", "champions have no Chi")
    else:
        if "chi" not in raw and "chi" not in unrevealed:
            problem("chi", "every non-champion card needs 'chi' (or list it in 'unrevealed')")
        for field in ("aura", "energy_reduction", "world"):
            if field in raw:
                problem(field, f"only champions have '{field}'")
    if "occupies_spot" in raw and card_type is not CardType.ALTERATION:
        problem("occupies_spot", "only alterations may set occupies_spot")
    for field in unrevealed:
        if field in raw and raw[field] not in ([], None):
            problem("unrevealed", f"'{field}' is listed as unrevealed but also given")
    awareness = None
    if "awareness" in raw:
        try:
            awareness = Awareness.parse(raw["awareness"])
        except AwarenessError as exc:
            problem("awareness", str(exc))
    abilities = []
    for position, raw_ability in enumerate(raw.get("abilities", ())):
        try:
            terms = parse_ability_name(raw_ability["name"])
        except KeywordError as exc:
            problem(f"abilities.{position}.name", f"{raw_ability['name']!r}: {exc}")
            continue
        abilities.append(
            Ability(
                speed=Speed(raw_ability["speed"]),
                name=raw_ability["name"].strip(),
                terms=terms,
                cost=Cost(**raw_ability.get("cost", {})),
                text=raw_ability.get("text", ""),
                **Ability.facts_from_json(raw_ability),  # type: ignore[arg-type]
            )
        )
    if problems:
        return None, problems
    card = Card(
        name=name,
        type=card_type,
        affiliations=frozenset(a.strip() for a in raw["affiliations"]),
        chi=raw.get("chi"),
        hp=raw.get("hp"),
        aura=raw.get("aura"),
        energy_reduction=raw.get("energy_reduction"),
        world=raw.get("world", "").strip() or None,
        awareness=awareness,
        abilities=tuple(abilities),
        set_code=set_code,
        # Core Rulebook 5.2, Alterations: they do not occupy their spot unless stated.
        occupies_spot=raw.get("occupies_spot", card_type is not CardType.ALTERATION),
        text=raw.get("text", ""),
        source=raw.get("source", default_source),
        blocks_line_of_sight=raw.get("blocks_line_of_sight", False),
    )
    if version == 1:
        card = upgrade_card(card)
        # No silent drop: a clause of the text that no field states refuses the card.
        for position, clause in unsaid_clauses(card):
            problems.append(
                Problem(
                    f"ability {card.abilities[position].name!r}: no field states the clause "
                    f'"{clause}"; write the file as format_version 2 with the fields that say '
                    "it (docs/card-format.md), or reword the clause",
                    index,
                    name,
                    f"abilities.{position}.text",
                )
            )
    for missing in card_spec(card).missing:
        message = f"ability {missing.ability_name!r} needs '{missing.field}' ({missing.what})"
        if version == 1:
            message += (
                ", and its text does not say; write the file as format_version 2 and add the field"
            )
        problems.append(
            Problem(message, index, name, f"abilities.{missing.ability_index}.{missing.field}")
        )
    if problems:
        return None, problems
    content = json.dumps(raw, sort_keys=True, ensure_ascii=False) + set_code + default_source
    return CardEntry(
        card=card,
        flavor=raw.get("flavor", ""),
        subtype=raw.get("subtype", ""),
        source_note=raw.get("source_note", ""),
        unrevealed=unrevealed,
        content_hash=hashlib.sha256(content.encode()).hexdigest(),
    ), []
