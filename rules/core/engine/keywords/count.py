"""Count (Glossary): a trigger; each time its condition is met, the player may put a counter on
this card. A Break of the card happens once there are enough (break_.py)."""

from typing import Final

from rules.core.cards import KeywordTerm

from ..changes import note, queue_trigger
from ..specs import AbilitySpec, Op
from ..state import GameState, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "count"
COUNTER: Final = "counter"  # the kind of its Op, and the log's word


def compile_count(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(COUNTER, "self"))


def add_counter(st: GameState, perm: Permanent) -> None:
    """A counter on the card; its Break happens once there are enough."""
    if perm.id not in st.perms:
        return
    perm.counters += 1
    note(st, COUNTER, perm.id, perm.counters)
    for ability in perm.spec.triggers:
        if ability.break_at is not None and perm.counters >= ability.break_at:
            queue_trigger(st, perm.controller, ability, perm.id)


def count(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    add_counter(st, user)
    return False


# Count "allows a player to put a counter": its ability is a "may".
RULE: Final[KeywordRule] = KeywordRule(
    NAME, compile=compile_count, effects=((COUNTER, count),), optional=True
)
