"""Decoy (Glossary): two combatants switch spots (Switch), and what on the stack targeted one now
targets the other. Decoy Summon does the same with summons."""

from dataclasses import replace
from typing import Final

from rules.core.cards import KeywordTerm

from .. import changes
from ..specs import AbilitySpec, Op
from ..state import GameState, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "decoy"
SWITCH: Final = "switch"  # the kind of the Op of Decoy and Decoy Summon
DEFAULT_TARGET: Final = "combatant"


def compile_switch(c: Compiling, default_target: str) -> None:
    # "You and target ally switch spots": the user is one side of the switch.
    c.ops.append(Op(SWITCH, "user_and_target" if c.ability.includes_user else "target"))
    c.aim(default_target)


def compile_decoy(c: Compiling, term: KeywordTerm) -> None:
    compile_switch(c, DEFAULT_TARGET)


def switch(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    """The two targets (or the user and its one target) switch spots. A switch that fails (one
    cannot leave its spot) makes the ability fail: nothing is switched or retargeted."""
    sides = (user.id, *item.targets) if op.who == "user_and_target" else item.targets
    first, second = (st.perms.get(t) for t in sides)
    if first is None or second is None or not changes.switch(st, first, second):
        changes.note(st, "fail", item.controller, SWITCH, "cannot leave the spot")
        return False
    swap = {first.id: second.id, second.id: first.id}
    st.stack = [
        replace(other, targets=tuple(swap.get(t, t) for t in other.targets))
        if other.spec is not None
        and other.spec.target not in (None, "ability")
        and not other.spec.spot_target
        else other
        for other in st.stack
    ]
    return False


# Its two targets are any two different ones, not a chain.
RULE: Final[KeywordRule] = KeywordRule(
    NAME, compile=compile_decoy, effects=((SWITCH, switch),), pair=True
)
