"""Hop (Glossary): the one using the ability is placed on a chosen spot in its reach (a place,
not a move)."""

from typing import Final

from rules.core.cards import KeywordTerm

from ..changes import set_position
from ..queries import can_leave_spot
from ..specs import AbilitySpec, Op
from ..state import GameState, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "hop"


def compile_hop(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(NAME, "self"))
    c.target = "spot_place"


def hop(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    if can_leave_spot(st, user):
        set_position(st, user, item.targets[0], placed=True)
    return False


RULE: Final[KeywordRule] = KeywordRule(NAME, compile=compile_hop, effects=((NAME, hop),))
