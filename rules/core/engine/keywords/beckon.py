"""Beckon (Glossary): puts this summon on a spot adjacent to its champion, chosen on resolution
(it may be occupied), facing the champion's way, then exerts it. The only summon ability played
from the thoughts."""

from typing import Final

from rules.core.cards import KeywordTerm

from .. import arena
from ..changes import enter_arena
from ..queries import champion_of
from ..specs import AbilitySpec, Op
from ..state import GameState, PendingKind, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "beckon"
SPOT: Final[PendingKind] = "beckon_spot"


def compile_beckon(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(NAME, "self"))


def beckon_spots(st: GameState, controller: int, card: int) -> list[int]:
    """A spot adjacent to the champion of `controller`, chosen on resolution; "Summons may be
    beckoned onto occupied spots"."""
    return list(arena.adjacent(champion_of(st, controller).spot))


def choose_spot(
    st: GameState, item: StackItem, user: Permanent
) -> tuple[PendingKind | None, list[int]]:
    assert item.card is not None  # a beckon is played from the thoughts
    return SPOT, beckon_spots(st, item.controller, item.card)


def enter_exerted(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    """The card on the stack enters on the chosen spot, facing its champion's way, then is
    exerted (Glossary: Beckon and Resurrect Beckon, "then Exert it")."""
    assert item.card is not None
    assert choice is not None
    champ = champion_of(st, item.controller)
    perm = enter_arena(st, item.card, item.controller, choice, champ.facing)
    perm.exerted = True
    return True


RULE: Final[KeywordRule] = KeywordRule(
    NAME,
    compile=compile_beckon,
    effects=((NAME, enter_exerted),),
    places=True,
    beckons=True,
    asks=(NAME,),
    choice=choose_spot,
)
