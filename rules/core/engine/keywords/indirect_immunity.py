"""Indirect Immunity (Glossary): no damage from an enemy source that did not target it (Damage
Resolution, rules.core.engine.damage)."""

from typing import Final

from .base import KeywordRule, modifier

NAME: Final = "indirect_immunity"
RULE: Final[KeywordRule] = modifier(NAME)
