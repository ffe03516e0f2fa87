"""Stun (Glossary): an ailment for "this round": the combatant cannot move or rotate itself
(rules.core.engine.queries, stack)."""

from typing import Final

from .base import KeywordRule, modifier

NAME: Final = "stun"
RULE: Final[KeywordRule] = modifier(NAME, ailment=True, brand=True, duration="round")
