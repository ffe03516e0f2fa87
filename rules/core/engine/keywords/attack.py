"""Attack [X] (Glossary: Attack; Attributes): X damage to a target, or (Area) to everything in the
awareness; Drain Attack is HP loss for the target and HP gain for the user, not damage. What an
amount of damage becomes is Damage Resolution (rules.core.engine.damage)."""

from typing import Final

from rules.core.cards import KeywordTerm

from ..changes import note, remove_dead
from ..damage import DamageKind, damage_dealt, steps_apply
from ..queries import each_in_reach, mods, reach_spots
from ..specs import DAMAGE, DRAIN, EACH, AbilitySpec, Op
from ..state import GameState, Permanent, StackItem
from . import counter_attack
from .base import Compiling, KeywordRule

NAME: Final = "attack"
# Basic/Range/Heavy/Elemental Attack, "a target"; Drain Attack, "target combatant".
DEFAULT_TARGET: Final = "permanent"
DRAIN_TARGET: Final = "combatant"


def compile_attack(c: Compiling, term: KeywordTerm) -> None:
    if c.area:
        c.ops.append(Op(DAMAGE, "area", values=term.values or (term.value or 0,)))
    elif DRAIN in term.attributes:
        c.ops.append(Op(DRAIN, "target", value=term.value or 0))
        c.aim(DRAIN_TARGET)
    else:
        c.ops.append(Op(DAMAGE, "target", values=term.values or (term.value or 0,)))
        c.aim(DEFAULT_TARGET)


def damage(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    """Damage Resolution for one ability: lump sums per receiver, then the modifier steps,
    then HP loss, deaths, and "damage dealt" triggers (Counter Attack) for survivors."""
    elements = spec.elements
    if spec.choose_element and choice is not None:
        elements = frozenset({spec.choose_element[choice]})
    amounts: dict[int, int] = {}
    targeted = op.who == "target"
    if op.who == "area":
        reach = reach_spots(st, spec, user)
        for p in st.perms.values():
            if p.spot in reach:
                amounts[p.id] = op.values[0]
    elif op.who == EACH:
        for p in each_in_reach(st, spec, user, item.controller):
            amounts[p.id] = op.values[0]
    else:
        values = op.values if spec.chain else op.values[:1] * len(item.targets)
        for target, value in zip(item.targets, values, strict=True):
            amounts[target] = amounts.get(target, 0) + value  # lump sum per target
    controller = item.controller
    dealt: dict[int, int] = {}
    for pid, amount in amounts.items():
        receiver = st.perms.get(pid)
        if receiver is None:
            continue
        receiver_mods = mods(st, receiver)
        if not steps_apply(receiver_mods):
            dealt[pid] = max(amount, 0)  # no step changes it (damage.steps_apply)
            continue
        kind = DamageKind(
            elements=elements,
            attack=spec.attack,
            cast=spec.cast,
            range=spec.range,
            heavy=spec.heavy,
            targeted=targeted,
            enemy_source=receiver.controller != controller,
        )
        dealt[pid] = damage_dealt(amount, kind, sorted(receiver_mods, key=lambda m: m.seq))
    for pid, amount in dealt.items():
        receiver = st.perms[pid]
        receiver.hp = max(receiver.hp - amount, 0)
        note(st, DAMAGE, pid, amount)
    remove_dead(st)
    counter_attack.hit_back(st, user, dealt)
    return False


def drain(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    """Glossary: Drain Attack [X]. HP loss, not damage: nothing prevents or increases it; the
    target loses as much as it can and the user gains X."""
    for pid in item.targets[:1]:
        target = st.perms.get(pid)
        if target is None:
            continue
        target.hp = max(target.hp - op.value, 0)
        note(st, "hp_loss", pid, op.value)
        if user.id in st.perms:
            user.hp += op.value
    remove_dead(st)
    return False


RULE: Final[KeywordRule] = KeywordRule(
    NAME, compile=compile_attack, effects=((DAMAGE, damage), (DRAIN, drain))
)
