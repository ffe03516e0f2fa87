"""Small builders for engine tests: cards made to order, as the worked examples state them.

Cards are read as a version-1 file's are (rules.core.cardfile_v1.upgrade_card): the facts their
texts state become fields; `ability(..., facts=...)` gives version-2 fields directly."""

from rules.core.awareness import Awareness
from rules.core.cardfile_v1 import upgrade_card
from rules.core.cards import Ability, Card, CardType, Cost, Speed
from rules.core.keywords import parse_ability_name

AROUND = ["x x x", "x ^ x", "x x x"]
AHEAD_1 = ["x", "^"]
AHEAD_2 = ["x", "x", "^"]


def ability(speed: str, name: str, text: str = "", facts=None, **cost) -> Ability:
    """An ability; its engine facts are read from `text` as a version-1 card file's are
    (rules.core.cardfile_v1), and `facts` (version-2 fields) win over them."""
    return Ability(
        Speed(speed),
        name,
        parse_ability_name(name),
        Cost(**cost),
        text,
        **Ability.facts_from_json(facts or {}),
    )


def champion(name: str, *abilities: Ability, hp=20, aura=10, energy_reduction=0, awareness=AROUND):
    return upgrade_card(
        Card(
            name=name,
            type=CardType.CHAMPION,
            affiliations=frozenset({"Axon"}),
            hp=hp,
            aura=aura,
            energy_reduction=energy_reduction,
            world="Jaelara",
            awareness=None if awareness is None else Awareness.parse(awareness),
            abilities=abilities,
        )
    )


BECKON = ability("action", "Beckon", "Place this summon adjacent to your champion.", aura=1)


def summon(name: str, hp: int, *abilities: Ability, awareness=AHEAD_1, chi=2) -> Card:
    return upgrade_card(
        Card(
            name=name,
            type=CardType.SUMMON,
            affiliations=frozenset({"Axon"}),
            chi=chi,
            hp=hp,
            awareness=None if awareness is None else Awareness.parse(awareness),
            abilities=(BECKON, *abilities),
        )
    )


def card(name: str, type: str, *abilities: Ability, awareness=None, chi=2, hp=None, **fields):
    if isinstance(awareness, str) and awareness != "arena":
        raise ValueError(awareness)
    if type == "alteration":
        # Core Rulebook 5.2, Alterations: they do not occupy their spot unless stated.
        fields.setdefault("occupies_spot", False)
    return upgrade_card(
        Card(
            name=name,
            type=CardType(type),
            affiliations=frozenset({"Axon"}),
            chi=chi,
            hp=hp,
            awareness=None if awareness is None else Awareness.parse(awareness),
            abilities=abilities,
            **fields,
        )
    )


FILLER = card("Filler", "spell", ability("swift", "Heal [1]", "You gain 1 HP.", aura=99))


def settle(state):
    """Pass priority until the stack is empty (nobody responds any more)."""
    from rules.core.engine import PASS, apply

    while state.stack and not state.over and state.pending is None:
        state = apply(state, PASS)
    return state
