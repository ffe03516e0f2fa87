"""Toss (Glossary): target combatant is placed on a spot around you, or on the same spot it was
on, chosen as the ability resolves."""

from typing import Final

from rules.core.cards import KeywordTerm

from .. import arena
from ..changes import note, recipients, set_position
from ..queries import can_leave_spot
from ..specs import AbilitySpec, Op
from ..state import GameState, PendingKind, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "toss"
DEFAULT_TARGET: Final = "combatant"


def compile_toss(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(NAME, "target"))
    c.aim(DEFAULT_TARGET)


def choose_spot(
    st: GameState, item: StackItem, user: Permanent
) -> tuple[PendingKind | None, list[int]]:
    # "a spot around you", or the same spot the target was on.
    tossed = [st.perms[t] for t in item.targets if t in st.perms]
    if not tossed:
        return "toss_spot", []
    return "toss_spot", sorted({*arena.around(user.spot), tossed[0].spot})


def toss(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    for perm in recipients(st, item, spec, op, user):
        if choice is not None and can_leave_spot(st, perm):
            set_position(st, perm, choice, placed=True)  # a place, not a move
            note(st, NAME, perm.id, choice)
    return False


RULE: Final[KeywordRule] = KeywordRule(
    NAME, compile=compile_toss, effects=((NAME, toss),), asks=(NAME,), choice=choose_spot
)
