"""Blitz (Glossary): when this summon enters the arena, its Exert tokens are removed."""

from typing import Final

from rules.core.cards import KeywordTerm

from ..specs import AbilitySpec, Op
from ..state import GameState, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "blitz"


def compile_blitz(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(NAME, "self"))


def ready(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    user.exerted = False
    return False


RULE: Final[KeywordRule] = KeywordRule(
    NAME, compile=compile_blitz, effects=((NAME, ready),), trigger="enters_arena"
)
