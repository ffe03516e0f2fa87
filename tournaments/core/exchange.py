"""The event export file (docs/event-export.md): its shape, its checks and its fingerprint.

Pure: the service (tournaments.services.exchange) reads an event's rows into plain dicts and
hands them here to be assembled; on import it hands the decoded file here to be checked before
anything touches the database. The structure is checked by tournaments/event-export.schema.json
(JSON Schema draft 2020-12); what a schema cannot say (references between parts of the file,
match states that replay to themselves) is checked below, every problem located by its JSON path.
"""

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, ValidationError

from rules.core import match as protocol
from rules.core.cards import name_key
from rules.core.decklist import DecklistError, decklist_from_json
from tournaments.core.phases import PhasePlanError, parse_plan

# Version 2 adds `phases` (a multi-day event's plan and its confirmed cuts). An event without
# phases still exports as version 1, byte for byte as before, and both versions are read.
FORMAT_VERSION = 2
READ_VERSIONS = (1, 2)
SCHEMA_PATH = Path(__file__).parent.parent / "event-export.schema.json"
# The fields that identify an event wherever it is copied: the same export imported twice
# is recognised by them (created_at and the random seed make a collision practically impossible).
IDENTITY_FIELDS = ("organizer", "name", "created_at", "seed")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an export file, at a JSON path such as `$.rounds[2].matches[0]`."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class ExportFileError(ValueError):
    """The file cannot be imported; `problems` lists every reason found."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@cache
def schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SCHEMA_PATH.read_text())
    return loaded


@cache
def _validator() -> Draft202012Validator:
    return Draft202012Validator(schema())


def fingerprint(event: Mapping[str, Any]) -> str:
    """The event's identity as a short hex string, from IDENTITY_FIELDS of its `event` part."""
    identity = json.dumps([event[field] for field in IDENTITY_FIELDS], separators=(",", ":"))
    return hashlib.sha256(identity.encode()).hexdigest()[:32]


def build_document(
    *,
    event: Mapping[str, Any],
    judges: Iterable[str],
    registrations: Iterable[Mapping[str, Any]],
    rounds: Iterable[Mapping[str, Any]],
    standings: Iterable[Mapping[str, Any]],
    placings: Iterable[Mapping[str, Any]] | None,
    waitlist: Iterable[Mapping[str, Any]] = (),
    phases: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The export file from plain values. Lists are in a fixed order (judges by name,
    registrations by id, rounds by number, the waitlist in its line's order), so one event
    always exports to the same bytes. The waitlist is optional in format_version 1: absent
    when the event has none, so such an event's file is what it always was. `phases` (a
    multi-day event's `{plan, advances}`) makes the file format_version 2; without it the file
    is version 1, as it always was."""
    document = {
        "format_version": FORMAT_VERSION if phases is not None else 1,
        "fingerprint": fingerprint(event),
        "event": dict(event),
        "judges": sorted(judges),
        "registrations": sorted((dict(r) for r in registrations), key=lambda r: r["id"]),
        "rounds": sorted((dict(r) for r in rounds), key=lambda r: r["number"]),
        "standings": [dict(s) for s in standings],
        "placings": None if placings is None else [dict(p) for p in placings],
    }
    line = [dict(entry) for entry in waitlist]
    if line:
        document["waitlist"] = line  # in the order given: the line's (position, then age)
    if phases is not None:
        document["phases"] = {
            "plan": list(phases["plan"]),
            "advances": sorted((dict(a) for a in phases["advances"]), key=lambda a: a["phase"]),
        }
    return document


def dumps(document: Mapping[str, Any]) -> str:
    """The file's text: the same document always gives the same bytes."""
    return json.dumps(document, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def _json_path(parts: Iterable[object]) -> str:
    path = "$"
    for part in parts:
        path += f"[{part}]" if isinstance(part, int) else f".{part}"
    return path


def _schema_problem(error: ValidationError) -> Problem:
    return Problem(_json_path(error.absolute_path), error.message)


def check_document(data: object) -> dict[str, Any]:
    """The decoded file, checked: the schema first, then the references and match states.
    Raises ExportFileError listing every problem."""
    if isinstance(data, dict) and data.get("format_version") not in READ_VERSIONS:
        raise ExportFileError(
            [
                Problem(
                    "$.format_version",
                    "this version reads format_version "
                    f"{' or '.join(map(str, READ_VERSIONS))}, "
                    f"not {data.get('format_version')!r}",
                )
            ]
        )
    problems = [_schema_problem(e) for e in _validator().iter_errors(data)]
    if problems:
        raise ExportFileError(sorted(problems, key=lambda p: p.path))
    assert isinstance(data, dict)  # the schema says so
    problems = _reference_problems(data)
    if fingerprint(data["event"]) != data["fingerprint"]:
        problems.append(
            Problem("$.fingerprint", "does not match the event's organizer, name, date and seed")
        )
    if problems:
        raise ExportFileError(problems)
    return data


def _reference_problems(data: Mapping[str, Any]) -> list[Problem]:
    problems: list[Problem] = []
    registrations: set[int] = set()
    fixed_tables: set[int] = set()
    for index, registration in enumerate(data["registrations"]):
        if registration["id"] in registrations:
            problems.append(Problem(f"$.registrations[{index}].id", "is used twice"))
        registrations.add(registration["id"])
        # Two players never keep the same table (the registration_unique_fixed_table
        # constraint): the file is refused here rather than half-written.
        table = registration.get("fixed_table")
        if table is not None:
            if table in fixed_tables:
                problems.append(
                    Problem(f"$.registrations[{index}].fixed_table", "is kept for two players")
                )
            fixed_tables.add(table)
        try:
            decklist_from_json(registration["decklist"])
        except DecklistError as error:
            problems.append(Problem(f"$.registrations[{index}].decklist", str(error)))
    problems += _waitlist_problems(data)
    problems += _phase_problems(data, registrations)
    numbers: set[int] = set()
    matches: set[int] = set()
    for r_index, round in enumerate(data["rounds"]):
        where = f"$.rounds[{r_index}]"
        if round["number"] in numbers:
            problems.append(Problem(f"{where}.number", "is used twice"))
        numbers.add(round["number"])
        for m_index, match in enumerate(round["matches"]):
            at = f"{where}.matches[{m_index}]"
            if match["id"] in matches:
                problems.append(Problem(f"{at}.id", "is used twice"))
            matches.add(match["id"])
            seats = {"player_a": match["player_a"], "player_b": match["player_b"]}
            for seat, ref in seats.items():
                if ref is not None and ref not in registrations:
                    problems.append(Problem(f"{at}.{seat}", f"no registration has id {ref}"))
            for p_index, penalty in enumerate(match["penalties"]):
                if penalty["registration"] not in seats.values():
                    problems.append(
                        Problem(f"{at}.penalties[{p_index}].registration", "is not in this match")
                    )
            problems += _deck_check_problems(at, match, seats.values())
            unresolved = [c for c in match.get("judge_calls", ()) if c["status"] != "resolved"]
            if len(unresolved) > 1:
                # A match has at most one judge call waiting (the database's constraint).
                problems.append(Problem(f"{at}.judge_calls", "has more than one unresolved call"))
            if (match["state"] is None) != (match["player_b"] is None):
                problems.append(Problem(f"{at}.state", "a bye has no state; a match has one"))
            elif match["state"] is not None:
                try:
                    state = protocol.from_dict(match["state"])
                except ValueError as error:
                    problems.append(Problem(f"{at}.state", str(error)))
                else:
                    problems += _result_problems(at, match, protocol.result(state))
    return problems


def _deck_check_problems(
    at: str, match: Mapping[str, Any], seats: Iterable[int | None]
) -> list[Problem]:
    """A match's deck checks (optional): a discrepancy names one of its players, an ended check
    has its end, outcome and judge and a running one none, and one runs at a time."""
    problems: list[Problem] = []
    players = {seat for seat in seats if seat is not None}
    running = 0
    for index, check in enumerate(match.get("deck_checks", ())):
        where = f"{at}.deck_checks[{index}]"
        ended = [check["ended_at"], check["ended_by"], check["outcome"]]
        if any(value is None for value in ended) and any(value is not None for value in ended):
            problems.append(
                Problem(
                    where, "an ended check has ended_at, ended_by and outcome; a running one none"
                )
            )
        running += check["ended_at"] is None
        if (check["outcome"] == "discrepancy") != (check["player"] is not None):
            problems.append(
                Problem(f"{where}.player", "a discrepancy names a player; another outcome none")
            )
        elif check["player"] is not None and check["player"] not in players:
            problems.append(Problem(f"{where}.player", "is not in this match"))
    if running > 1:
        problems.append(Problem(f"{at}.deck_checks", "more than one check is running"))
    return problems


def _waitlist_problems(data: Mapping[str, Any]) -> list[Problem]:
    """What the database would refuse or get wrong: a player waiting twice (one place in the
    line each), a promotion naming a registration not in the file, another player's, or one
    named twice, a registration on an entry that was not promoted, and a decklist that is not
    one."""
    problems: list[Problem] = []
    players = {r["id"]: r["player"] for r in data["registrations"]}
    waiting: set[str] = set()
    promoted: set[int] = set()
    for index, entry in enumerate(data.get("waitlist", ())):
        at = f"$.waitlist[{index}]"
        if entry["status"] == "waiting":
            if entry["player"] in waiting:
                problems.append(Problem(f"{at}.player", "waits twice in the line"))
            waiting.add(entry["player"])
        ref = entry["registration"]
        if ref is not None:
            if entry["status"] != "promoted":
                problems.append(Problem(f"{at}.registration", "only a promotion has one"))
            elif ref not in players:
                problems.append(Problem(f"{at}.registration", f"no registration has id {ref}"))
            elif players[ref] != entry["player"]:
                problems.append(Problem(f"{at}.registration", "is another player's"))
            elif ref in promoted:
                problems.append(Problem(f"{at}.registration", "is used twice"))
            promoted.add(ref)
        try:
            decklist_from_json(entry["decklist"])
        except DecklistError as error:
            problems.append(Problem(f"{at}.decklist", str(error)))
    return problems


def _result_problems(at: str, match: Mapping[str, Any], result: protocol.Result) -> list[Problem]:
    """A match's result columns are derived from its state (tournaments.services.matches,
    save_state): a file where they disagree was edited, and would show one result and count
    another."""
    columns = (match["a_wins"], match["b_wins"], match["draws"])
    if result.over:
        expected: tuple[int | None, ...] = (result.a_wins, result.b_wins, result.draws)
        if columns != expected or match["status"] != "confirmed":
            return [Problem(at, f"the state says {expected[0]}-{expected[1]}-{expected[2]}, over")]
    elif columns != (None, None, None) or match["status"] == "confirmed":
        return [Problem(at, "the state says the match is not over")]
    return []


@dataclass(frozen=True)
class MissingCard:
    """A card a registration's decklist names that the card index does not have."""

    name: str
    registration: str  # how the event names the player
    path: str

    def __str__(self) -> str:
        return f"{self.path}: the card {self.name!r} (in {self.registration}'s decklist) is not in the card index"


def card_names(document: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """Every card the file names: (card name, the player's or team's name, JSON path), from
    each registration's decklist (every section: Genesis's, Grand Archive's, Titans of Eden's),
    its limited pool and its team seats' spellbooks, and each waiting player's decklist."""
    found: list[tuple[str, str, str]] = []
    for index, registration in enumerate(document["registrations"]):
        who = registration["player"] or registration["guest_name"]
        where = f"$.registrations[{index}]"
        found += _names_in(registration["decklist"], who, f"{where}.decklist")
        if isinstance(registration.get("pool"), Mapping):
            found += _names_in(registration["pool"], who, f"{where}.pool")
        for s_index, seat in enumerate(registration.get("seats") or []):
            if isinstance(seat, Mapping) and isinstance(seat.get("spellbook"), Mapping):
                found += _names_in(seat["spellbook"], who, f"{where}.seats[{s_index}].spellbook")
    # The decklists still waiting for a place: a promotion registers them. A decided entry's
    # list is history (a promoted one's is its registration's; a skipped one was refused).
    for index, entry in enumerate(document.get("waitlist") or []):
        if isinstance(entry, Mapping) and entry.get("status") == "waiting":
            found += _names_in(entry["decklist"], entry["player"], f"$.waitlist[{index}].decklist")
    return found


def _names_in(decklist: Mapping[str, Any], who: str, where: str) -> list[tuple[str, str, str]]:
    """The cards of a decklist's JSON form: its champion and every section's entries."""
    found: list[tuple[str, str, str]] = []
    if decklist.get("champion"):
        found.append((decklist["champion"], who, f"{where}.champion"))
    for section, entries in decklist.items():
        if not isinstance(entries, list):
            continue
        for e_index, entry in enumerate(entries):
            if isinstance(entry, Mapping) and isinstance(entry.get("name"), str):
                found.append((entry["name"], who, f"{where}.{section}[{e_index}].name"))
    return found


def missing_cards(document: Mapping[str, Any], known: Callable[[str], bool]) -> list[MissingCard]:
    """The decklists' cards the target's index lacks; `known` answers for a card's name_key."""
    return [
        MissingCard(name, who, path)
        for name, who, path in card_names(document)
        if not known(name_key(name))
    ]


def _phase_problems(data: Mapping[str, Any], registrations: set[int]) -> list[Problem]:
    """Version 2 carries `phases` and version 1 does not; the plan is one the service would
    accept (tournaments.core.phases), and each cut names the file's registrations, once."""
    version, phases = data["format_version"], data.get("phases")
    if version == 1:
        return [Problem("$.phases", "is format_version 2: this file says 1")] if phases else []
    if phases is None:
        return [Problem("$.phases", "format_version 2 carries the event's phases")]
    problems: list[Problem] = []
    try:
        plan = parse_plan(phases["plan"])
    except PhasePlanError as error:
        return [Problem("$.phases.plan", error.message)]
    seen: set[int] = set()
    for index, advance in enumerate(phases["advances"]):
        at = f"$.phases.advances[{index}]"
        if not 2 <= advance["phase"] <= len(plan.swiss) or advance["phase"] in seen:
            problems.append(Problem(f"{at}.phase", "is not a later Swiss phase of the plan, once"))
            continue
        seen.add(advance["phase"])
        if advance["after_round"] != plan.last_round(advance["phase"] - 1):
            problems.append(Problem(f"{at}.after_round", "is not the last round of its phase"))
        players = [*advance["advancing"], *advance["not_advancing"]]
        if set(players) - registrations or len(set(players)) != len(players):
            problems.append(Problem(at, "names a registration the file does not have, or twice"))
    return problems
