"""The export file's shape and checks (tournaments.core.exchange): no database. The round trip
through a database is in test_exchange.py."""

import copy
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tournaments.core.exchange import (
    FORMAT_VERSION,
    ExportFileError,
    build_document,
    check_document,
    dumps,
    fingerprint,
    missing_cards,
    schema,
)

DOC = Path("docs/event-export.md")

# --- builders ---------------------------------------------------------------------------------

EVENT = {
    "id": 7,
    "name": "Friday Genesis",
    "date": None,
    "venue": "",
    "description": "",
    "capacity": None,
    "format": "genesis-standard",
    "organizer": "org",
    "status": "running",
    "rounds_requested": None,
    "swiss_rounds": 1,
    "top_cut": 0,
    "round_minutes": 50,
    "late_registration_until": 0,
    "decklists": "hidden",
    "automated": False,
    "bot": "heuristic",
    "seed": 12345,
    "created_at": "2026-11-24T19:00:00+00:00",
    "started_at": "2026-11-24T19:05:00+00:00",
}


def registration(pk: int, player: str | None, guest: str = "") -> dict:
    return {
        "id": pk,
        "player": player,
        "guest_name": guest,
        "decklist": {
            "champion": "Sera Vantyne",
            "timeline": [{"count": 2, "name": "Mirror Panel"}],
            "forethoughts": [],
            "subconscious": [],
        },
        "champion": "Sera Vantyne",
        "frozen": True,
        "joined_round": 1,
        "dropped_after_round": None,
        "created_at": "2026-11-24T19:01:00+00:00",
    }


def bye(pk: int, player: int) -> dict:
    return {
        "id": pk,
        "table": 1,
        "player_a": player,
        "player_b": None,
        "explanation": "bye",
        "is_rematch": False,
        "state": None,
        "status": "confirmed",
        "a_wins": 2,
        "b_wins": 0,
        "draws": 0,
        "extra_minutes": 0,
        "confirmed_at": "2026-11-24T19:06:00+00:00",
        "reports": [],
        "overrides": [],
        "penalties": [],
        "engine_games": [],
    }


def document() -> dict:
    """A running one-round event: an account and a guest, and a bye."""
    return build_document(
        event=EVENT,
        judges=["jude"],
        registrations=[registration(12, None, "Wendy"), registration(11, "p01")],
        rounds=[
            {
                "number": 1,
                "kind": "swiss",
                "status": "paired",
                "seed": 1,
                "minutes": 50,
                "started_at": None,
                "ends_at": None,
                "rematches": 0,
                "pair_downs": 0,
                "created_at": "2026-11-24T19:06:00+00:00",
                "matches": [bye(30, 11)],
            }
        ],
        standings=[],
        placings=None,
    )


def paths(broken: dict) -> list[str]:
    with pytest.raises(ExportFileError) as error:
        check_document(broken)
    return [problem.path for problem in error.value.problems]


# --- the tests ----------------------------------------------------------------------------------


def test_the_schema_is_a_valid_draft_2020_12_schema():
    Draft202012Validator.check_schema(schema())
    assert schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    # Version 2 (a multi-day event's phases) is read beside version 1.
    assert schema()["properties"]["format_version"] == {"enum": [1, FORMAT_VERSION]}


def test_a_built_document_passes_its_own_checks_and_has_a_fixed_order():
    built = document()
    assert check_document(built) is built
    assert [r["id"] for r in built["registrations"]] == [11, 12]
    assert dumps(built) == dumps(copy.deepcopy(built))


def test_the_fingerprint_is_the_events_identity_and_not_its_id():
    moved = {**EVENT, "id": 99}
    assert fingerprint(moved) == fingerprint(EVENT)
    assert fingerprint({**EVENT, "seed": 54321}) != fingerprint(EVENT)
    assert re.fullmatch("[0-9a-f]{32}", fingerprint(EVENT))


def _broken(change) -> dict:
    broken = document()
    change(broken)
    return broken


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d["rounds"][0]["matches"][0].update(table=0), "$.rounds[0].matches[0].table"),
        (lambda d: d["event"].pop("seed"), "$.event"),
        (lambda d: d["registrations"][0].update(player=None), "$.registrations[0]"),
        (lambda d: d.update(extra=1), "$"),
        (
            lambda d: d["rounds"][0]["matches"][0].update(player_a=13),
            "$.rounds[0].matches[0].player_a",
        ),
        (lambda d: d["registrations"][1].update(id=11), "$.registrations[1].id"),
        (
            lambda d: d["rounds"][0]["matches"][0].update(state={"version": 1}),
            "$.rounds[0].matches[0].state",
        ),
        (lambda d: d["event"].update(name="Saturday Genesis"), "$.fingerprint"),
    ],
)
def test_every_problem_is_reported_with_its_json_path(change, expected):
    assert expected in paths(_broken(change))


def test_another_format_version_is_refused_before_anything_else():
    broken = _broken(lambda d: d.update(format_version=3, rounds="nonsense"))
    assert paths(broken) == ["$.format_version"]


def test_missing_cards_name_the_card_the_player_and_the_path():
    doc = _broken(
        lambda d: d["registrations"][1]["decklist"]["timeline"].append(
            {"count": 1, "name": "Phantom Card"}
        )
    )
    known = {"sera vantyne", "mirror panel"}
    (missing,) = missing_cards(doc, lambda key: key in known)
    assert (missing.name, missing.registration, missing.path) == (
        "Phantom Card",
        "Wendy",
        "$.registrations[1].decklist.timeline[1].name",
    )
    # names are matched as the card index matches them: case and spacing do not matter
    assert missing_cards(document(), lambda key: key in known) == []


def test_every_refusal_code_and_top_level_field_is_documented():
    text = DOC.read_text()
    service = Path("tournaments/services/exchange.py").read_text()
    codes = set(re.findall(r'code="([a-z_]+)"', service)) - {"not_organizer"}
    assert codes == {
        "invalid_export",
        "unknown_cards",
        "already_imported",
        "inconsistent_export",
        "three_arena_export",
        "plays_in_event",
        "not_json",  # a file uploaded on the import page that is not JSON
        "entrant_limit",  # an automated event not over, past this service's limit
    }
    for code in codes:
        assert f"`{code}`" in text, code
    for field in schema()["properties"]:
        assert f"| `{field}` |" in text, field


def test_missing_cards_are_looked_for_in_every_section_pool_and_spellbook():
    # given: another game's sections, a limited pool and a team seat's spellbook
    doc = document()
    registration = doc["registrations"][0]
    registration["decklist"] = {"main": [{"count": 4, "name": "Slime King"}]}
    registration["pool"] = {"main": [{"count": 1, "name": "Phantom Pool Card"}]}
    registration["seats"] = [
        {"arena": 1, "spellbook": {"spellbook": [{"count": 1, "name": "Phantom Spell"}]}}
    ]
    # when
    missing = missing_cards(doc, lambda key: key == "slime king")
    # then (the second registration's Genesis cards are unknown here too)
    assert [(m.name, m.path) for m in missing if "registrations[0]" in m.path] == [
        ("Phantom Pool Card", "$.registrations[0].pool.main[0].name"),
        ("Phantom Spell", "$.registrations[0].seats[0].spellbook.spellbook[0].name"),
    ]


# --- the waitlist (optional) ---------------------------------------------------------------------


def waiting(player: str, position: int, **fields) -> dict:
    entry = registration(0, player)
    return {
        "player": player,
        "decklist": entry["decklist"],
        "champion": entry["champion"],
        "position": position,
        "status": "waiting",
        "reason": "",
        "errors": [],
        "registration": None,
        "created_at": "2026-11-24T19:02:00+00:00",
        "decided_at": None,
        **fields,
    }


def with_waitlist(*entries: dict) -> dict:
    doc = document()
    doc["waitlist"] = list(entries)
    return doc


def test_a_waitlist_is_written_only_when_there_is_one_in_the_lines_order():
    assert "waitlist" not in document()  # an older event's file is what it always was
    doc = document()
    parts = ("event", "judges", "registrations", "rounds", "standings", "placings")
    line = [waiting("w02", 1), waiting("w01", 2)]
    built = build_document(**{part: doc[part] for part in parts}, waitlist=line)
    assert [e["player"] for e in check_document(built)["waitlist"]] == ["w02", "w01"]


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        ([waiting("w01", 1), waiting("w01", 2)], "$.waitlist[1].player"),  # waits twice
        ([waiting("p01", 1, status="promoted", registration=13)], "$.waitlist[0].registration"),
        ([waiting("w01", 1, status="promoted", registration=11)], "$.waitlist[0].registration"),
        ([waiting("p01", 1, registration=11)], "$.waitlist[0].registration"),  # not promoted
        ([waiting("w01", 1, status="gone")], "$.waitlist[0].status"),
        ([waiting("w01", 1, decklist={"champion": "X"})], "$.waitlist[0].decklist"),
    ],
)
def test_a_broken_waitlist_is_reported_with_its_json_path(entries, expected):
    assert expected in paths(with_waitlist(*entries))


def test_a_promoted_or_skipped_waitlist_entry_passes_and_a_waiting_decklist_is_card_checked():
    promoted = waiting("p01", 1, status="promoted", registration=11, decided_at=EVENT["date"])
    skipped = waiting("w02", 2, status="skipped", reason="No longer legal.")
    phantom = waiting("w03", 3)
    phantom["decklist"]["timeline"] = [{"count": 1, "name": "Phantom Card"}]
    doc = with_waitlist(promoted, skipped, phantom)
    assert check_document(doc) is doc
    known = {"sera vantyne", "mirror panel"}
    assert [(m.name, m.registration, m.path) for m in missing_cards(doc, known.__contains__)] == [
        ("Phantom Card", "w03", "$.waitlist[2].decklist.timeline[0].name")
    ]
