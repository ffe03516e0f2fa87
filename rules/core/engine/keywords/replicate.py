"""Replicate [X] (Glossary): copies of the card from its player's subconscious, each placed on a
chosen spot adjacent to it, facing the same way, then exerted."""

from dataclasses import replace
from typing import Final

from rules.core.cards import KeywordTerm

from .. import arena
from ..changes import enter_arena
from ..specs import AbilitySpec, Op
from ..state import GameState, Pending, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "replicate"


def compile_replicate(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(NAME, "self", value=term.value or 1))


def place_copies(
    st: GameState, item: StackItem, spec: AbilitySpec, user: Permanent, choice: int | None
) -> bool:
    """Place the next copy on the chosen spot (rules.core.engine.stack.resolve asks for each).
    True while a copy's spot is awaited (`item.value` counts the copies placed)."""
    placed = item.value
    wanted = next(op.value for op in spec.effects if op.kind == NAME)
    p = st.players[item.controller]
    names = st.setup.cards
    copies = [c for c in p.subconscious if names[c].name == user.card.name]
    if choice is not None and copies and user.id in st.perms:
        copy = copies.pop(0)
        p.subconscious.remove(copy)
        clone = enter_arena(st, copy, item.controller, choice, user.facing)
        clone.exerted = True
        placed += 1
    if placed < wanted and copies and user.id in st.perms:
        spots = arena.adjacent(user.spot)
        st.pending = Pending(
            item.controller, "replicate_spot", tuple(spots), replace(item, value=placed)
        )
        return True
    return False


def placed(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    """Nothing left to do: the copies were placed as the ability resolved (place_copies)."""
    return False


RULE: Final[KeywordRule] = KeywordRule(
    NAME, compile=compile_replicate, effects=((NAME, placed),), asks=(NAME,)
)
