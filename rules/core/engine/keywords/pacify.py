"""Pacify (Glossary): an ailment; the combatant loses its own awareness
(rules.core.engine.queries)."""

from typing import Final

from .base import modifier

NAME: Final = "pacify"
RULE = modifier(NAME, ailment=True, brand=True)
