"""Sacrifice (Glossary): an ally, or a skill attached to you or an ally, goes to its owner's
memories. It is not a kill."""

from typing import Final

from rules.core.cards import KeywordTerm

from ..changes import leave_arena, note
from ..specs import AbilitySpec, Op
from ..state import GameState, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "sacrifice"
# Its own target kind (rules.core.cards.TARGET_KINDS): an ally or a skill of yours or an ally's.
TARGET: Final = "sacrifice"


def compile_sacrifice(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(NAME, "target"))
    c.aim(TARGET)
    if c.ability.reach is None:
        c.reach = "arena"  # the glossary names allies and skills, not a reach


def sacrifice(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    target = item.targets[0]
    controller = item.controller
    perm = st.perms.get(target)
    if perm is not None:
        if perm.controller == controller and not perm.is_champion:
            note(st, "sacrificed", perm.id)
            leave_arena(st, perm, killed=False)
        return False
    for bearer in st.perms.values():
        if target in bearer.skills and bearer.controller == controller:
            bearer.skills = tuple(k for k in bearer.skills if k != target)
            st.players[st.setup.owners[target]].memories.append(target)
            st.memo = None
            note(st, "sacrificed", target)
            return False
    return False


RULE: Final[KeywordRule] = KeywordRule(
    NAME, compile=compile_sacrifice, effects=((NAME, sacrifice),)
)
