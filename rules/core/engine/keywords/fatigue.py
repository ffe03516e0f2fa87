"""Fatigue [X] (Glossary): a champion mills cards from the top of the timeline to the memories,
as Energy does: X reduced by its Energy Reduction (rules.core.engine.costs.fatigue_due)."""

from typing import Final

from rules.core.cards import KeywordTerm, Speed

from ..changes import check_end, mill, note, recipients
from ..costs import fatigue_due
from ..specs import AbilitySpec, Op
from ..state import GameState, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "fatigue"
DEFAULT_TARGET: Final = "champion"  # "a champion"


def compile_fatigue(c: Compiling, term: KeywordTerm) -> None:
    if c.ability.speed in (Speed.TRIGGER, Speed.IMMEDIATE) and c.kind is None:
        c.ops.append(Op(NAME, c.who_self, value=term.value or 0))
    else:
        c.ops.append(Op(NAME, "target", value=term.value or 0))
        c.aim(DEFAULT_TARGET)


def fatigue(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    for perm in recipients(st, item, spec, op, user):
        if perm.is_champion:
            player = perm.controller
            due = fatigue_due(
                op.value,
                perm.card.energy_reduction or 0,
                len(st.players[player].timeline),
            )
            mill(st, player, due)
            note(st, NAME, player, due)
    check_end(st)  # a game that ends stops the ability's other steps (stack)
    return False


RULE: Final[KeywordRule] = KeywordRule(NAME, compile=compile_fatigue, effects=((NAME, fatigue),))
