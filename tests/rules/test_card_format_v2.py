"""Card format version 2 (docs/card-format.md): every fact the engine executes is a field, the
engine reads no card text, and version-1 files are converted where their text states the facts
or refused with the card, the ability and the field to add."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.cardfile import CardFileError, read_card_file, upgrade_file
from rules.core.cards import FollowUp
from rules.core.engine.compiler import card_spec, check_playable


def card_file(cards, version=2):
    return json.dumps(
        {
            "format_version": version,
            "game": "genesis",
            "set": {"code": "T", "name": "T"},
            "cards": cards,
        }
    )


def alteration(*abilities, **fields):
    return {
        "name": fields.pop("name", "Ember Well"),
        "type": "alteration",
        "chi": 2,
        "hp": 3,
        "affiliations": ["Axon"],
        "awareness": ["x x x", "x ^ x", "x x x"],
        "abilities": [{"speed": "action", "name": "Create"}, *abilities],
        **fields,
    }


def read_one(raw_card, version=2):
    (entry,) = read_card_file(card_file([raw_card], version)).entries
    return entry.card


def problems(raw_card, version=2):
    with pytest.raises(CardFileError) as caught:
        read_card_file(card_file([raw_card], version))
    return [str(p) for p in caught.value.problems]


def test_every_fact_is_read_from_its_field():
    card = read_one(
        alteration(
            {
                "speed": "trigger",
                "name": "Area Fire Attack [2]",
                "trigger": "round_ends_after_entering",
                "then": [{"effect": "destroy_self"}, {"effect": "lose_hp", "value": 1}],
                "optional": True,
                "text": "For people only.",
            },
            {"speed": "continuous", "name": "Pinned", "scope": "adjacent"},
        )
    )
    trigger, pinned = card.abilities[1], card.abilities[2]
    assert trigger.trigger == "round_ends_after_entering"
    assert trigger.then == (FollowUp("destroy_self"), FollowUp("lose_hp", 1))
    assert trigger.optional
    spec = card_spec(card)
    compiled = spec.abilities[1]
    assert compiled.trigger == "round_ends_after_entering"
    assert [op.kind for op in compiled.effects] == ["damage", "destroy", "lose_hp"]
    assert compiled.optional
    assert pinned.scope == "adjacent"
    assert spec.area_mods[0][0] == "adjacent"
    assert check_playable([card]) == []


def test_a_spell_names_its_target_kind_duration_and_reach():
    card = read_one(
        {
            "name": "Bind",
            "type": "spell",
            "chi": 2,
            "affiliations": ["Axon"],
            "awareness": ["x", "^"],
            "abilities": [
                {
                    "speed": "action",
                    "name": "Pinned",
                    "target": "enemy_summon",
                    "duration": "turn",
                    "text": "",
                }
            ],
        }
    )
    (compiled,) = card_spec(card).abilities
    assert compiled.target == "enemy_summon"
    (op,) = compiled.effects
    assert (op.kind, op.who, op.keyword, op.duration) == ("ailment", "target", "pinned", "turn")


def test_a_grant_with_no_duration_lasts_until_removed():
    """Glossary, Gain(s): "If not stated otherwise, gaining is a transition to a permanent
    state of "having"." Stun's own entry says "this round"."""
    card = read_one(
        {
            "name": "Ward",
            "type": "technique",
            "chi": 1,
            "affiliations": ["Axon"],
            "abilities": [
                {"speed": "swift", "name": "Elemental Weakness", "target": "enemy"},
                {"speed": "swift", "name": "Stun", "target": "combatant"},
            ],
        }
    )
    weakness, stun = card_spec(card).abilities
    assert weakness.effects[0].duration is None
    assert stun.effects[0].duration == "round"


@settings(max_examples=40, deadline=None)
# Any text a card file can hold (files refuse NUL and lone surrogates, which no database stores).
@given(
    text=st.text(
        st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=80
    )
)
def test_the_engine_reads_no_card_text(text):
    """The same fields with any text compile to the same ability."""
    base = {
        "speed": "trigger",
        "name": "Range Attack [1]",
        "trigger": "round_begins",
        "target": "enemy",
    }
    plain = card_spec(read_one(alteration(base))).abilities[1]
    worded = card_spec(read_one(alteration(base | {"text": text}))).abilities[1]
    assert (worded.trigger, worded.target, worded.effects, worded.optional) == (
        plain.trigger,
        plain.target,
        plain.effects,
        plain.optional,
    )


def test_text_that_contradicts_the_fields_changes_nothing():
    card = read_one(
        alteration(
            {
                "speed": "trigger",
                "name": "Draw",
                "trigger": "round_begins",
                "text": "At the end of each round, you may draw a card until the end of the turn.",
            }
        )
    )
    compiled = card_spec(card).abilities[1]
    assert compiled.trigger == "round_begins"
    assert not compiled.optional


def test_a_version_2_trigger_without_its_event_is_refused_naming_the_field():
    found = problems(alteration({"speed": "trigger", "name": "Draw"}))
    assert found == [
        "card #1 (Ember Well), field 'abilities.1.trigger': ability 'Draw' needs 'trigger' "
        "(when it happens)"
    ]


def test_unknown_values_are_refused_with_the_allowed_ones():
    (found,) = problems(alteration({"speed": "trigger", "name": "Draw", "trigger": "dawn"}))
    assert "field 'abilities.1.trigger'" in found
    assert "'dawn' is not one of enters_arena, round_begins" in found


# --- version 1 ------------------------------------------------------------------------------


def test_a_version_1_file_is_converted_where_its_text_states_the_facts():
    card = read_one(
        alteration(
            {
                "speed": "trigger",
                "name": "Cure [1]",
                "text": "At the end of each round, every combatant in its awareness gains 1 HP, "
                "then this alteration loses 1 HP.",
            },
            {
                "speed": "continuous",
                "name": "Defense [1]",
                "text": "A combatant on this alteration's spot prevents 1 of the damage dealt to it.",
            },
        ),
        version=1,
    )
    cure, defense = card.abilities[1], card.abilities[2]
    assert (cure.trigger, cure.target, cure.each) == ("round_ends", "combatant", True)
    assert cure.then == (FollowUp("lose_hp", 1),)
    assert defense.scope == "spot"


def test_a_version_1_trigger_whose_text_does_not_say_when_is_refused():
    found = problems(
        alteration({"speed": "trigger", "name": "Draw", "text": "Draw a card."}), version=1
    )
    assert found == [
        "card #1 (Ember Well), field 'abilities.1.trigger': ability 'Draw' needs 'trigger' "
        "(when it happens), and its text does not say; write the file as format_version 2 and "
        "add the field"
    ]


def test_converting_a_version_1_file_gives_the_same_cards_as_reading_it():
    v1 = card_file(
        [
            alteration(
                {
                    "speed": "trigger",
                    "name": "Range Attack [2]",
                    "text": "At the end of each round, this alteration deals 2 range damage to a "
                    "target enemy in its awareness.",
                },
                {"speed": "continuous", "name": "Pacify", "text": "Around it, no awareness."},
                text="It blocks line of sight.",
            )
        ],
        version=1,
    )
    converted = upgrade_file(v1)
    assert converted["format_version"] == 2
    ability = converted["cards"][0]["abilities"][1]
    assert ability == {
        "speed": "trigger",
        "name": "Range Attack [2]",
        "trigger": "round_ends",
        "target": "enemy",
        "text": "At the end of each round, this alteration deals 2 range damage to a target "
        "enemy in its awareness.",
    }
    assert converted["cards"][0]["blocks_line_of_sight"] is True
    assert converted["cards"][0]["abilities"][2]["scope"] == "around"
    from_v1 = read_card_file(v1).entries[0].card
    from_v2 = read_card_file(json.dumps(converted)).entries[0].card
    assert from_v1 == from_v2
