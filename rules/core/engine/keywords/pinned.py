"""Pinned (Glossary): an ailment; the permanent cannot leave its spot
(rules.core.engine.queries)."""

from typing import Final

from .base import KeywordRule, modifier

NAME: Final = "pinned"
RULE: Final[KeywordRule] = modifier(NAME, ailment=True, brand=True)
