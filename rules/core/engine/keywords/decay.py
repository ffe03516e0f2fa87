"""Decay (Glossary): an ailment; the permanent loses 1 HP at the end of each round. The loss
cannot be prevented, and several instances add up (rules.core.engine.flow queues it)."""

from typing import Final

from ..changes import note, remove_dead
from ..state import GameState, StackItem
from .base import KeywordRule, modifier

NAME: Final = "decay"
RULE: Final[KeywordRule] = modifier(NAME, ailment=True, brand=True)


def lose_hp(st: GameState, item: StackItem) -> None:
    """The end-of-round loss resolves: HP loss, not damage, so nothing prevents it."""
    perm = st.perms.get(item.source)
    if perm is not None:
        perm.hp = max(perm.hp - item.value, 0)
        note(st, NAME, perm.id, item.value)
        remove_dead(st)
