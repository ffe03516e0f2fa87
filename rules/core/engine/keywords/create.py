"""Create (Glossary): puts this alteration on any unoccupied spot of the arena. Played from the
thoughts."""

from typing import Final

from rules.core.cards import KeywordTerm

from ..changes import place_card
from ..specs import AbilitySpec, Op
from ..state import GameState, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "create"


def compile_create(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(NAME, "target"))
    c.target = "spot_create"


def place_on_target(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    """On the spot targeted (Create and Trap)."""
    place_card(st, item, item.targets[0], choice)
    return True


RULE: Final[KeywordRule] = KeywordRule(
    NAME, compile=compile_create, effects=((NAME, place_on_target),), places=True
)
