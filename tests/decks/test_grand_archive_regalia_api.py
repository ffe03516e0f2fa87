"""Grand Archive through the API: an item in a draft material deck is a regalia (Comprehensive
Rules L357), so two copies of one are refused (L414), citing the rule, and one copy draws no
cannot-be-materialized warning (L551). The rule itself: tests/rules/test_grand_archive_regalia.py."""

import pytest

from tests.decks.test_games import GA_MAIN, validate

pytestmark = pytest.mark.django_db

MAIN = "Main\n" + "".join(f"3 {n}\n" for n in GA_MAIN[:10])
# Field Ration (decks/cardsets/grand-archive-demo.json) is an item that prints no supertype.
POOL = MAIN + "Material\n1 Emberwake Spirit\n2 Field Ration\n"


def test_two_copies_of_an_item_in_a_draft_material_deck_are_refused(client, bundled_cards):
    deck = MAIN + "Material\n1 Emberwake Spirit\n2 Field Ration\n"
    result = validate(client, decklist=deck, format="grand-archive-draft", pool=POOL)
    assert not result["legal"]
    (error,) = result["errors"]
    assert (error["code"], error["section"], error["cards"]) == (
        "material_copies",
        "material",
        ["Field Ration"],
    )
    assert error["rule"].startswith("Grand Archive Comprehensive Rules › Supertypes, Regalia (L414")


def test_one_item_in_a_draft_material_deck_can_be_materialized(client, bundled_cards):
    deck = MAIN + "Material\n1 Emberwake Spirit\n1 Field Ration\n"
    result = validate(client, decklist=deck, format="grand-archive-draft", pool=POOL)
    assert result["legal"]
    assert result["warnings"] == []
