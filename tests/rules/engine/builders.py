"""Small builders for engine tests: cards made to order, as the worked examples state them."""

from rules.core.awareness import Awareness
from rules.core.cards import Ability, Card, CardType, Cost, Speed
from rules.core.keywords import parse_ability_name

AROUND = ["x x x", "x ^ x", "x x x"]
AHEAD_1 = ["x", "^"]
AHEAD_2 = ["x", "x", "^"]


def ability(speed: str, name: str, text: str = "", **cost) -> Ability:
    return Ability(Speed(speed), name, parse_ability_name(name), Cost(**cost), text)


def champion(name: str, *abilities: Ability, hp=20, aura=10, energy_reduction=0, awareness=AROUND):
    return Card(
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


BECKON = ability("action", "Beckon", "Place this summon adjacent to your champion.", aura=1)


def summon(name: str, hp: int, *abilities: Ability, awareness=AHEAD_1, chi=2) -> Card:
    return Card(
        name=name,
        type=CardType.SUMMON,
        affiliations=frozenset({"Axon"}),
        chi=chi,
        hp=hp,
        awareness=None if awareness is None else Awareness.parse(awareness),
        abilities=(BECKON, *abilities),
    )


def card(name: str, type: str, *abilities: Ability, awareness=None, chi=2, hp=None, **fields):
    if isinstance(awareness, str) and awareness != "arena":
        raise ValueError(awareness)
    if type == "alteration":
        # Core Rulebook 5.2, Alterations: they do not occupy their spot unless stated.
        fields.setdefault("occupies_spot", False)
    return Card(
        name=name,
        type=CardType(type),
        affiliations=frozenset({"Axon"}),
        chi=chi,
        hp=hp,
        awareness=None if awareness is None else Awareness.parse(awareness),
        abilities=abilities,
        **fields,
    )


FILLER = card("Filler", "spell", ability("swift", "Heal [1]", "You gain 1 HP.", aura=99))


def settle(state):
    """Pass priority until the stack is empty (nobody responds any more)."""
    from rules.core.engine import PASS, apply

    while state.stack and not state.over and state.pending is None:
        state = apply(state, PASS)
    return state
