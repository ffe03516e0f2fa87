"""Draw [X] (Glossary; Breakthrough is its old name): the player draws X cards (1 when no X). A
player who draws the last card of the timeline loses (Conditions for Winning the Game)."""

from typing import Final

from rules.core.cards import KeywordTerm

from .. import changes
from ..specs import AbilitySpec, Op
from ..state import GameState, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "draw"


def compile_draw(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(NAME, "controller", value=term.value or 1))


def draw(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    changes.draw(st, item.controller, op.value or 1)
    changes.check_end(st)  # a game that ends stops the ability's other steps (stack)
    return False


RULE: Final[KeywordRule] = KeywordRule(NAME, compile=compile_draw, effects=((NAME, draw),))
