"""Grand Archive: an item or weapon in the material deck is a regalia (Comprehensive Rules L357
"If they are in the material deck, item cards have the regalia supertype", L376 the same for
weapons), so the one-copy rule for regalia (L414, every format) and the materialize warning (L551,
"regalia or champion") treat it as one, whether or not the card prints the supertype."""

import pytest

from rules.core.cards import name_key
from rules.core.decklist import DeckEntry, Decklist, Section, home_section
from rules.core.formats import get_format
from rules.core.game_cards import GameCard
from rules.core.validation import validate

GA = "grand-archive"


def ga(name: str, type: str, **fields) -> GameCard:
    return GameCard(name=name, game=GA, type=type, element="norm", cost=1, **fields)


SPIRIT = ga("Spirit of Wind", "champion", level=0)
ITEM = ga("Plain Lantern", "item")
WEAPON = ga("Plain Spear", "weapon")
PRINTED_REGALIA = ga("Crowned Orb", "item", supertypes=frozenset({"regalia"}))
ALLY = ga("Village Guard", "ally")
MAIN = [ga(f"Action {i}", "action") for i in range(15)]
CARDS = {name_key(c.name): c for c in [SPIRIT, ITEM, WEAPON, PRINTED_REGALIA, ALLY, *MAIN]}
DRAFT_POOL = Decklist(
    main=tuple(DeckEntry(4, c.name) for c in MAIN),
    material=tuple(DeckEntry(2, c.name) for c in (SPIRIT, ITEM, WEAPON, PRINTED_REGALIA, ALLY)),
)


def draft_deck(*material: tuple[int, GameCard]) -> Decklist:
    return Decklist(
        main=tuple(DeckEntry(2, c.name) for c in MAIN),
        material=(DeckEntry(1, SPIRIT.name), *(DeckEntry(n, c.name) for n, c in material)),
    )


def check(deck: Decklist, slug: str = "grand-archive-draft"):
    return validate(deck, CARDS, get_format(slug), pool=DRAFT_POOL)


@pytest.mark.parametrize("card", [ITEM, WEAPON, PRINTED_REGALIA], ids=lambda c: c.type)
def test_two_copies_of_an_item_or_weapon_in_a_draft_material_deck_are_refused(card):
    # given a draft material deck with two copies of an item or weapon (L357, L376: regalia there)
    deck = draft_deck((2, card))
    # when it is validated
    result = check(deck)
    # then it breaks the one-copy-of-a-regalia rule (L414), naming the card and citing the rule
    assert result.codes == ("material_copies",)
    (error,) = result.errors
    assert error.cards == (card.name,)
    assert error.section is Section.MATERIAL
    assert "(L414" in error.rule
    assert "L357" in error.rule
    assert "L376" in error.rule


def test_one_copy_of_each_item_and_weapon_in_a_draft_material_deck_is_legal():
    result = check(draft_deck((1, ITEM), (1, WEAPON)))
    assert result.legal
    assert result.warnings == ()


def test_two_copies_of_an_ally_in_a_draft_material_deck_are_not_a_regalia_error():
    # an ally is no regalia (L357 and L376 name items and weapons only): draft sets no one-copy
    # rule for it, though it cannot be materialized (L551)
    result = check(draft_deck((2, ALLY)))
    assert result.legal
    assert [w.code for w in result.warnings] == ["material_not_materializable"]
    assert result.warnings[0].cards == (ALLY.name,)
    assert "(L551" in result.warnings[0].rule


@pytest.mark.parametrize("card", [ITEM, WEAPON], ids=lambda c: c.type)
def test_an_item_or_weapon_in_the_material_deck_can_be_materialized(card):
    # L551: "only materialize a regalia or champion card"; an item or weapon there is a regalia
    for slug in ("grand-archive-draft", "grand-archive-standard"):
        deck = draft_deck((1, card))
        result = validate(deck, CARDS, get_format(slug), pool=DRAFT_POOL)
        assert "material_not_materializable" not in [w.code for w in result.warnings]


def test_an_item_or_weapon_is_a_regalia_only_in_the_material_deck():
    # L357, L376: in the main deck it keeps a reserve cost and is no regalia, so it may be there
    for card in (ITEM, WEAPON):
        assert card.regalia_in_material_deck
        assert card.materializable
        assert not card.material_only
        assert home_section(card) is Section.MAIN
    assert not ALLY.regalia_in_material_deck
    assert not ALLY.materializable
    assert PRINTED_REGALIA.material_only
    assert SPIRIT.materializable
    deck = Decklist(main=tuple(DeckEntry(2, c.name) for c in [*MAIN, ITEM, WEAPON]))
    deck = Decklist(main=deck.main, material=(DeckEntry(1, SPIRIT.name),))
    assert check(deck).legal
