"""Reading card set files of every game (docs/card-format.md): Genesis files go to
rules.core.cardfile as always; Grand Archive and Titans of Eden files are checked against their
own JSON Schema (rules/core/<game>.schema.json) and read into rules.core.game_cards values.

A file without a `game` is a Genesis file, so existing files keep importing.
"""

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from .cardfile import MAX_FILE_BYTES, CardFile, CardFileError, Problem, read_card_file
from .cards import name_key
from .game_cards import GameCard
from .games import GAMES, GENESIS, GRAND_ARCHIVE, TITANS_OF_EDEN

SCHEMA_PATHS = {
    slug: Path(__file__).with_name(f"{slug}.schema.json")
    for slug in (GRAND_ARCHIVE.slug, TITANS_OF_EDEN.slug)
}


@dataclass(frozen=True)
class GameCardEntry:
    card: GameCard
    flavor: str
    subtypes: tuple[str, ...]
    source_note: str
    content_hash: str


@dataclass(frozen=True)
class GameCardFile:
    game: str
    set_code: str
    set_name: str
    set_description: str
    entries: tuple[GameCardEntry, ...]


@cache
def _validator(game: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads(SCHEMA_PATHS[game].read_text()))


def read_any_card_file(raw: bytes | str) -> CardFile | GameCardFile:
    """A card file of any game; CardFileError lists every problem."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_FILE_BYTES:
            raise CardFileError([Problem(f"the file is larger than {MAX_FILE_BYTES // 2**20} MB")])
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            return read_card_file(raw)  # which reports it
    else:
        text = raw
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return read_card_file(text)  # which reports it
    game = data.get("game", GENESIS.slug) if isinstance(data, dict) else GENESIS.slug
    if game == GENESIS.slug:
        return read_card_file(text)
    if game not in SCHEMA_PATHS:
        known = ", ".join(GAMES)
        raise CardFileError([Problem(f"'game' must be one of {known}, not {game!r}")])
    return read_game_card_file(data, game)


def read_game_card_file(data: dict[str, Any], game: str) -> GameCardFile:
    problems = []
    for error in _validator(game).iter_errors(data):
        path = list(error.absolute_path)
        index = path[1] if len(path) > 1 and path[0] == "cards" else None
        card_name = None
        if isinstance(index, int):
            raw_card = data["cards"][index]
            card_name = raw_card.get("name") if isinstance(raw_card, dict) else None
        where = ".".join(str(p) for p in path[2:]) or None
        problems.append(
            Problem(error.message, index if isinstance(index, int) else None, card_name, where)
        )
    if problems:
        raise CardFileError(problems)
    default_source = data["set"].get("source", "custom")
    entries = []
    seen: dict[str, int] = {}
    for index, raw in enumerate(data["cards"]):
        key = name_key(raw["name"])
        if key in seen:
            problems.append(
                Problem(
                    f"the name is already used by card #{seen[key] + 1} in this file",
                    index,
                    raw["name"],
                    "name",
                )
            )
            continue
        seen[key] = index
        card = GameCard(
            name=" ".join(raw["name"].split()),
            game=game,
            type=raw["type"],
            set_code=data["set"]["code"],
            source=raw.get("source", default_source),
            element=raw["element"].casefold(),
            cost=raw.get("cost"),
            power=raw.get("power"),
            text=raw.get("text", "") or "; ".join(raw.get("abilities", [])),
            level=raw.get("level"),
            classes=tuple(c.casefold() for c in raw.get("classes", [])),
            supertypes=frozenset(raw.get("supertypes", [])),
            keywords=frozenset(k.casefold() for k in raw.get("keywords", [])),
            life=raw.get("life"),
            species=raw.get("species", ""),
        )
        content = json.dumps(raw, sort_keys=True, ensure_ascii=False)
        entries.append(
            GameCardEntry(
                card=card,
                flavor=raw.get("flavor", ""),
                subtypes=tuple(raw.get("subtypes", [])),
                source_note=raw.get("source_note", ""),
                content_hash=hashlib.sha256(
                    f"{game}|{data['set']['code']}|{content}".encode()
                ).hexdigest(),
            )
        )
    if problems:
        raise CardFileError(problems)
    return GameCardFile(
        game=game,
        set_code=data["set"]["code"],
        set_name=data["set"]["name"],
        set_description=data["set"].get("description", ""),
        entries=tuple(entries),
    )
