"""Resurrect Beckon (Glossary): like Beckon, onto a spot where a summon has been killed this
round; playable only while there is one (rules.core.engine.flow)."""

from typing import Final

from rules.core.cards import KeywordTerm

from ..specs import Op
from ..state import GameState, PendingKind, Permanent, StackItem
from . import beckon
from .base import Compiling, KeywordRule

NAME: Final = "resurrect_beckon"
RESURRECT: Final = "resurrect"  # the kind of its Op


def compile_resurrect(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(RESURRECT, "self"))


def choose_spot(
    st: GameState, item: StackItem, user: Permanent
) -> tuple[PendingKind | None, list[int]]:
    # "a spot where a summon has been killed this round".
    return beckon.SPOT, sorted(set(st.killed_this_round))


RULE: Final[KeywordRule] = KeywordRule(
    NAME,
    compile=compile_resurrect,
    effects=((RESURRECT, beckon.enter_exerted),),
    places=True,
    beckons=True,
    asks=(RESURRECT,),
    choice=choose_spot,
)
