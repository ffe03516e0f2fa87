"""Champion Curse (Glossary): attaches this enchantment to a valid enemy champion as a skill."""

from typing import Final

from rules.core.cards import KeywordTerm

from . import enchant
from .base import Compiling, KeywordRule

NAME: Final = "champion_curse"


def compile_champion_curse(c: Compiling, term: KeywordTerm) -> None:
    enchant.compile_attach(c, NAME, "enemy_champion")


RULE: Final[KeywordRule] = KeywordRule(
    NAME,
    compile=compile_champion_curse,
    effects=((enchant.ATTACH, enchant.attach),),
    attaches=True,
)
