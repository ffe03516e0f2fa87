"""Decoy Summon (Glossary): as Decoy, between two summons."""

from typing import Final

from rules.core.cards import KeywordTerm

from . import decoy
from .base import Compiling, KeywordRule

NAME: Final = "decoy_summon"
DEFAULT_TARGET: Final = "summon"


def compile_decoy_summon(c: Compiling, term: KeywordTerm) -> None:
    decoy.compile_switch(c, DEFAULT_TARGET)


RULE: Final[KeywordRule] = KeywordRule(
    NAME, compile=compile_decoy_summon, effects=((decoy.SWITCH, decoy.switch),), pair=True
)
