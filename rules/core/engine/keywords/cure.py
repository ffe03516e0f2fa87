"""Cure [X] (Glossary): a target in the ability's awareness, or every combatant in it, gains X HP.
HP has no maximum."""

from typing import Final

from rules.core.cards import KeywordTerm

from ..changes import recipients
from ..specs import AbilitySpec, Op
from ..state import GameState, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "cure"
DEFAULT_TARGET: Final = "permanent"  # "a target"


def compile_cure(c: Compiling, term: KeywordTerm) -> None:
    # "every combatant in its awareness gains 1 HP" (`each`) is the compiler's, as for any effect.
    c.ops.append(Op(NAME, "target", value=term.value or 0))
    c.aim(DEFAULT_TARGET)


def gain_hp(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    """Those it acts on gain X HP (Cure and Heal)."""
    for perm in recipients(st, item, spec, op, user):
        perm.hp += op.value
    return False


RULE: Final[KeywordRule] = KeywordRule(NAME, compile=compile_cure, effects=((NAME, gain_hp),))
