"""Paralyze (Glossary): target champion or summon is exerted and stunned this round."""

from typing import Final

from rules.core.cards import KeywordTerm

from ..changes import recipients
from ..specs import AbilitySpec, Op
from ..state import GameState, Permanent, StackItem
from . import stun
from .base import AILMENT, Compiling, KeywordRule

NAME: Final = "paralyze"
EXERT: Final = "exert"  # the kind of its first Op
DEFAULT_TARGET: Final = "combatant"


def compile_paralyze(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(EXERT, "target"))
    c.ops.append(Op(AILMENT, "target", keyword=stun.NAME, duration="round"))
    c.aim(DEFAULT_TARGET)


def exert(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    for perm in recipients(st, item, spec, op, user):
        perm.exerted = True
    return False


RULE: Final[KeywordRule] = KeywordRule(NAME, compile=compile_paralyze, effects=((EXERT, exert),))
