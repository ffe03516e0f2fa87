"""Move (Glossary): the one using the ability moves to a chosen spot; with no destination given,
an adjacent unoccupied one (Navigating the Arena, Moving as a Part of an Ability). The move phase
of a turn is another thing (rules.core.engine.flow)."""

from typing import Final

from rules.core.cards import KeywordTerm

from ..changes import set_position
from ..queries import can_move_itself, move_destinations
from ..specs import AbilitySpec, Op
from ..state import GameState, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "move"


def compile_move(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(NAME, "self"))
    c.target = "spot_move"
    reach = c.ability.reach
    c.reach = reach if reach not in (None, "awareness") else "card"
    if reach is None:
        c.reach = "adjacent"


def move(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    s = item.targets[0]
    if can_move_itself(st, user) and s in move_destinations(st, user, (s,)):
        set_position(st, user, s)
    return False


RULE: Final[KeywordRule] = KeywordRule(NAME, compile=compile_move, effects=((NAME, move),))
