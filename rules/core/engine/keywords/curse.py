"""Curse (Glossary): attaches this enchantment to a valid enemy target as a skill."""

from typing import Final

from rules.core.cards import KeywordTerm

from . import enchant
from .base import Compiling, KeywordRule

NAME: Final = "curse"


def compile_curse(c: Compiling, term: KeywordTerm) -> None:
    enchant.compile_attach(c, NAME, "enemy")


RULE: Final[KeywordRule] = KeywordRule(
    NAME, compile=compile_curse, effects=((enchant.ATTACH, enchant.attach),), attaches=True
)
