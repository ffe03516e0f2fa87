"""Push (Glossary; Away): target combatant or alteration goes one spot straight away from the
user; the arena's edge, an occupied spot or Pinned stops it."""

from typing import Final

from rules.core.cards import KeywordTerm

from .. import arena
from ..changes import note, set_position
from ..queries import can_leave_spot, move_destinations, occupied_mask
from ..specs import AbilitySpec, Op
from ..state import ALTERATION, GameState, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "push"
DEFAULT_TARGET: Final = "combatant_or_alteration"


def compile_push(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(NAME, "target"))
    c.aim(DEFAULT_TARGET)


def push(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    for pid in item.targets[:1]:
        target = st.perms.get(pid)
        if target is None or not can_leave_spot(st, target):
            continue
        direction = arena.away_step(user.spot, target.spot)
        if direction is None:
            continue
        dest = arena.step(target.spot, *direction)
        if dest is None:
            continue
        if target.card.type is ALTERATION:
            # Glossary: Away, "Movement rules still apply"; Moving as a Part of an Ability,
            # "the spot the permanent is entering" must be unoccupied, whether or not the
            # alteration occupies its own spot.
            ok = not occupied_mask(st) >> dest & 1
        else:
            ok = dest in move_destinations(st, target, (dest,))
        if ok:
            set_position(st, target, dest)
            note(st, NAME, pid, dest)
    return False


RULE: Final[KeywordRule] = KeywordRule(NAME, compile=compile_push, effects=((NAME, push),))
