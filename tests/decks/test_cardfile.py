"""Reading card set files: every problem reported, named by card and field (no database)."""

import json

import pytest

from rules.core.cardfile import CardFileError, read_card_file
from rules.core.cards import CardType
from tests.conftest import card, card_set, champion


def problems_of(content) -> list[str]:
    raw = content if isinstance(content, (str, bytes)) else json.dumps(content)
    with pytest.raises(CardFileError) as caught:
        read_card_file(raw)
    return [str(p) for p in caught.value.problems]


def test_a_bare_card_list_reads():
    # given only name, type, chi and affiliations
    result = read_card_file(json.dumps(card_set([card("Spark", chi=1)])))
    # then the card is read with the defaults
    (entry,) = result.entries
    assert entry.card.name == "Spark"
    assert entry.card.type is CardType.SPELL
    assert entry.card.chi == 1
    assert entry.card.affiliations == {"Axon"}
    assert entry.card.source == "custom"


def test_a_full_champion_reads_with_keywords_and_awareness():
    content = card_set(
        [
            champion(
                "Nubia-like",
                awareness=[".x.", "x^x"],
                abilities=[
                    {
                        "speed": "swift",
                        "name": "Basic Attack [1]",
                        "cost": {"exert": True},
                        "text": "1 damage to a target in awareness.",
                    }
                ],
            )
        ],
        source="demo",
    )
    (entry,) = read_card_file(json.dumps(content)).entries
    assert entry.card.identity == {"Axon", "Jaelara"}
    assert entry.card.awareness.offsets == {(0, 1), (-1, 0), (1, 0)}
    (ability,) = entry.card.abilities
    assert ability.cost.exert
    assert ability.cost.kinds == ("exert",)
    assert ability.terms[0].as_dict() == {"keyword": "attack", "attributes": ["basic"], "value": 1}
    assert entry.card.source == "demo"


def test_every_problem_is_reported_with_card_and_field():
    content = card_set(
        [
            card("Good", chi=1),
            {"name": "No Chi", "type": "spell", "affiliations": ["Axon"]},
            champion("Half Champion", hp=None) | {"chi": 3},
            card("Bad Ability", abilities=[{"speed": "swift", "name": "Fireball [2]"}]),
            card("Typo", hP=3),
            card("Bad Type", type="creature"),
            card("Negative", chi=-1),
        ]
    )
    problems = problems_of(content)
    joined = "\n".join(problems)
    assert "card #2 (No Chi), field 'chi'" in joined
    assert "card #3 (Half Champion), field 'hp'" in joined
    assert "card #4 (Bad Ability), field 'abilities.0.name'" in joined
    assert "Fireball" in joined
    assert "card #5 (Typo)" in joined
    assert "unknown field(s)" in joined
    assert "hP" in joined
    assert "card #6 (Bad Type), field 'type'" in joined
    assert "card #7 (Negative), field 'chi'" in joined


def test_champion_rules_beyond_the_schema():
    problems = problems_of(
        card_set(
            [
                {"name": "Bare Champion", "type": "champion", "affiliations": ["Axon"], "chi": 2},
                card("Spell With Aura", aura=3),
                card("Occupying Spell", occupies_spot=True),
            ]
        )
    )
    joined = "\n".join(problems)
    for field in ("hp", "aura", "energy_reduction", "world"):
        assert f"card #1 (Bare Champion), field '{field}'" in joined
    assert "champions have no Chi" in joined
    assert "only champions have 'aura'" in joined
    assert "only alterations may set occupies_spot" in joined


def test_unrevealed_fields_may_be_left_out():
    content = card_set(
        [
            {
                "name": "Mystery",
                "type": "champion",
                "affiliations": [],
                "unrevealed": ["hp", "aura", "energy_reduction", "world", "affiliations"],
            }
        ]
    )
    (entry,) = read_card_file(json.dumps(content)).entries
    assert entry.card.hp is None
    assert entry.unrevealed[0] == "hp"


def test_duplicate_names_in_one_file_are_refused_regardless_of_case():
    problems = problems_of(card_set([card("Spark"), card("  SPARK ")]))
    assert any("already used by card #1" in p for p in problems)


@pytest.mark.parametrize(
    ("raw", "fragment"),
    [
        (b"\xff\xfe\x00garbage", "not UTF-8"),
        ("{not json", "not valid JSON"),
        ("[]", "is not of type 'object'"),
        (
            json.dumps(
                {
                    "format_version": 3,
                    "game": "genesis",
                    "set": {"code": "X", "name": "X"},
                    "cards": [],
                }
            ),
            "'format_version' must be 2 (or 1, the earlier format), not 3",
        ),
        (json.dumps(card_set([]) | {"game": "magic"}), "game"),
        (json.dumps(card_set([]) | {"extra": 1}), "unknown field(s)"),
    ],
)
def test_malformed_files_get_clear_messages(raw, fragment):
    assert any(fragment in p for p in problems_of(raw))


def test_awareness_problems_name_the_field():
    problems = problems_of(card_set([card("Blind", awareness=["x.x"])]))
    assert problems == ["card #1 (Blind), field 'awareness': needs exactly one origin '^', found 0"]


def test_content_hash_changes_only_with_content():
    one = read_card_file(json.dumps(card_set([card("Spark")]))).entries[0]
    same = read_card_file(json.dumps(card_set([card("Spark")]))).entries[0]
    changed = read_card_file(json.dumps(card_set([card("Spark", chi=3)]))).entries[0]
    assert one.content_hash == same.content_hash != changed.content_hash
