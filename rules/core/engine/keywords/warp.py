"""Warp (Glossary): "move to a spot adjacent to a target": a move, so onto an unoccupied spot the
mover may enter, chosen as the ability resolves."""

from typing import Final

from rules.core.cards import KeywordTerm

from .. import arena
from ..changes import note, set_position
from ..queries import can_move_itself, move_destinations
from ..specs import AbilitySpec, Op
from ..state import GameState, PendingKind, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "warp"
DEFAULT_TARGET: Final = "permanent"


def compile_warp(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(NAME, "self"))
    c.aim(DEFAULT_TARGET)


def choose_spot(
    st: GameState, item: StackItem, user: Permanent
) -> tuple[PendingKind | None, list[int]]:
    target = st.perms.get(item.targets[0]) if item.targets else None
    if target is None or not can_move_itself(st, user):
        return "warp_spot", []
    return "warp_spot", move_destinations(st, user, arena.adjacent(target.spot))


def warp(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    if choice is not None and can_move_itself(st, user):
        set_position(st, user, choice)
        note(st, NAME, user.id, choice)
    return False


RULE: Final[KeywordRule] = KeywordRule(
    NAME, compile=compile_warp, effects=((NAME, warp),), asks=(NAME,), choice=choose_spot
)
