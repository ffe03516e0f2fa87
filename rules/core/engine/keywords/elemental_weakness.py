"""Elemental Weakness (Glossary): any elemental damage to it is increased by 1 (Damage
Resolution, rules.core.engine.damage)."""

from typing import Final

from .base import KeywordRule, modifier

NAME: Final = "elemental_weakness"
RULE: Final[KeywordRule] = modifier(NAME)
