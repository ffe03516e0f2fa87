"""Resistance [Specific] (Glossary): damage of the named category is reduced by 1 (Damage
Resolution, rules.core.engine.damage)."""

from typing import Final

from .base import KeywordRule, modifier

NAME: Final = "resistance"
RULE: Final[KeywordRule] = modifier(NAME)
