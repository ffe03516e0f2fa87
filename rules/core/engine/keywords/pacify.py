"""Pacify (Glossary): an ailment; the combatant loses its own awareness
(rules.core.engine.queries)."""

from typing import Final

from .base import KeywordRule, modifier

NAME: Final = "pacify"
RULE: Final[KeywordRule] = modifier(NAME, ailment=True, brand=True)
