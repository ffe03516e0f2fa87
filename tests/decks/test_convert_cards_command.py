"""`convert_cards` (docs/card-format.md, Version 1 files): a version-1 file becomes version 2, or
every card it cannot convert is named, with the clause no field states, and nothing is written."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.conftest import card, card_set


def test_a_clause_no_field_states_is_named_and_nothing_is_written(tmp_path):
    # given: a Negate that converts, and an attack with a clause no field states
    source = tmp_path / "old.json"
    target = tmp_path / "new.json"
    ability = {"speed": "action", "name": "Basic Attack [2]", "cost": {"aura": 1}}
    source.write_text(
        json.dumps(
            card_set(
                [
                    card(
                        "Silence",
                        abilities=[
                            {"speed": "swift", "name": "Negate", "text": "Negate target ability."}
                        ],
                    ),
                    card(
                        "Odd Bolt",
                        abilities=[
                            ability | {"text": "Deal 2 damage to target enemy unless it rains."}
                        ],
                    ),
                ]
            )
        )
    )
    errors = StringIO()
    # when
    with pytest.raises(CommandError, match="1 problem"):
        call_command("convert_cards", str(source), "--output", str(target), stderr=errors)
    # then
    assert '"deal 2 damage to target enemy unless it rains"' in errors.getvalue()
    assert "Odd Bolt" in errors.getvalue()
    assert not target.exists()


def test_negate_is_written_with_an_ability_on_the_stack_as_its_target(tmp_path):
    source = tmp_path / "old.json"
    source.write_text(
        json.dumps(
            card_set(
                [
                    card(
                        "Silence",
                        abilities=[
                            {"speed": "swift", "name": "Negate", "text": "Negate target ability."}
                        ],
                    )
                ]
            )
        )
    )
    out = StringIO()
    call_command("convert_cards", str(source), stdout=out)
    (ability,) = json.loads(out.getvalue())["cards"][0]["abilities"]
    assert ability["target"] == "ability"
