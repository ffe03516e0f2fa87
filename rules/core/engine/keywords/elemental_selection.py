"""Elemental Selection (Glossary): the attack's element is chosen, as it resolves, from the ones
the ability lists (rules.core.engine.compiler, stack)."""

from typing import Final

from .base import KeywordRule, qualifier

NAME: Final = "elemental_selection"
RULE: Final[KeywordRule] = qualifier(NAME)
