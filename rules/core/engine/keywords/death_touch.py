"""Death Touch [X] (Glossary): on entering the arena, kills a target summon around it with X HP
or less. This is not damage, and it happens even if the only summon it can pick is an ally."""

from typing import Final

from rules.core.cards import KeywordTerm

from ..changes import leave_arena, note, recipients
from ..specs import AbilitySpec, Op
from ..state import SUMMON, GameState, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "death_touch"
DEFAULT_TARGET: Final = "summon"


def compile_death_touch(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(NAME, "target", value=term.value or 0))
    c.aim(DEFAULT_TARGET)
    if c.ability.reach is None:
        c.reach = "around"  # "target summon around it"


def death_touch(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    for perm in recipients(st, item, spec, op, user):
        if perm.card.type is SUMMON and perm.hp <= op.value:
            note(st, "killed", perm.id)
            leave_arena(st, perm)
    return False


RULE: Final[KeywordRule] = KeywordRule(
    NAME,
    compile=compile_death_touch,
    effects=((NAME, death_touch),),
    trigger="enters_arena",
)
