"""Grounded (Glossary): an ailment; the permanent loses Flight and Aerial
(rules.core.engine.compiler, queries)."""

from typing import Final

from .base import KeywordRule, modifier

NAME: Final = "grounded"
RULE: Final[KeywordRule] = modifier(NAME, ailment=True, brand=True)
