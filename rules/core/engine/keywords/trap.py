"""Trap (Glossary): puts this alteration on a targeted spot; played at swift speed from the
thoughts."""

from typing import Final

from rules.core.cards import KeywordTerm

from ..specs import Op
from . import create
from .base import Compiling, KeywordRule

NAME: Final = "trap"


def compile_trap(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(NAME, "target"))
    c.target = "spot_trap"


RULE: Final[KeywordRule] = KeywordRule(
    NAME,
    compile=compile_trap,
    effects=((NAME, create.place_on_target),),
    places=True,
    swift=True,
)
