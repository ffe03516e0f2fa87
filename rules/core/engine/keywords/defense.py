"""Defense [X] (Glossary): prevents X damage, in the order the preventing abilities resolved
(Damage Resolution, rules.core.engine.damage)."""

from typing import Final

from .base import KeywordRule, modifier

NAME: Final = "defense"
RULE: Final[KeywordRule] = modifier(NAME)
