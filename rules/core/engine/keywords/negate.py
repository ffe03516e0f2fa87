"""Negate (Glossary): "remove target ability from the stack and send it to the memories". Its
target is always an ability on the stack; a card that gives it another is refused."""

from typing import Final

from rules.core.cards import KeywordTerm

from ..changes import note
from ..specs import AbilitySpec, MissingFact, Op
from ..state import GameState, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "negate"
TARGET: Final = "ability"


def compile_negate(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(NAME, "target"))
    if c.kind not in (None, TARGET):
        # Any other target makes an ability the engine would never play.
        c.problems.append(
            MissingFact(
                c.card,
                c.index,
                "target",
                f"an ability on the stack (Glossary: Negate), not {c.kind!r}",
            )
        )
    c.target = TARGET


def negate(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    seq = item.targets[0]
    for index, other in enumerate(st.stack):
        if other.seq == seq:
            del st.stack[index]
            if other.card is not None:
                st.players[st.setup.owners[other.card]].memories.append(other.card)
            note(st, "negated", other.spec.name if other.spec else other.kind)
            return False
    return False


RULE: Final[KeywordRule] = KeywordRule(NAME, compile=compile_negate, effects=((NAME, negate),))
