"""Heal [X] (Glossary): the one using the ability gains X HP."""

from typing import Final

from rules.core.cards import KeywordTerm

from ..specs import Op
from . import cure
from .base import Compiling, KeywordRule

NAME: Final = "heal"


def compile_heal(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(NAME, c.who_self, value=term.value or 0))


RULE: Final[KeywordRule] = KeywordRule(NAME, compile=compile_heal, effects=((NAME, cure.gain_hp),))
