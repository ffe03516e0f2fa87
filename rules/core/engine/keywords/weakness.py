"""Weakness [Specific] (Glossary): an ailment; damage from the named source is increased by 1
(Damage Resolution, rules.core.engine.damage)."""

from typing import Final

from .base import KeywordRule, modifier

NAME: Final = "weakness"
RULE: Final[KeywordRule] = modifier(NAME, ailment=True)
