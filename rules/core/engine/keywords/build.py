"""Build (Glossary): puts this alteration on the spot its champion stands on. Played from the
thoughts."""

from typing import Final

from rules.core.cards import KeywordTerm

from ..changes import place_card
from ..queries import champion_of
from ..specs import AbilitySpec, Op
from ..state import GameState, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "build"


def compile_build(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(NAME, "self"))


def build(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    # On "the same spot you are on".
    place_card(st, item, champion_of(st, item.controller).spot, choice)
    return True


RULE: Final[KeywordRule] = KeywordRule(
    NAME, compile=compile_build, effects=((NAME, build),), places=True
)
