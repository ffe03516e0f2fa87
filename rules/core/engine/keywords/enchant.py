"""Enchant (Glossary): attaches this enchantment to you or a combatant as a skill (The Skill
Zone). Curse and Champion Curse attach the same way, to other targets."""

from typing import Final

from rules.core.cards import KeywordTerm

from ..changes import note
from ..specs import AbilitySpec, Op
from ..state import GameState, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "enchant"
ATTACH: Final = "attach"  # the kind of the Op of Enchant, Curse and Champion Curse


def compile_attach(c: Compiling, keyword: str, target: str) -> None:
    c.ops.append(Op(ATTACH, "target", keyword=keyword))
    c.target = target


def compile_enchant(c: Compiling, term: KeywordTerm) -> None:
    compile_attach(c, NAME, "you_or_combatant")


def attach(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    assert item.card is not None  # the skill, played from the thoughts
    target = st.perms.get(item.targets[0])
    if target is None:
        return False
    target.skills = (*target.skills, item.card)
    st.memo = None
    note(st, ATTACH, item.card, target.id)
    return True


RULE: Final[KeywordRule] = KeywordRule(
    NAME, compile=compile_enchant, effects=((ATTACH, attach),), attaches=True
)
