"""Pinned (Glossary): an ailment; the permanent cannot leave its spot
(rules.core.engine.queries)."""

from typing import Final

from .base import modifier

NAME: Final = "pinned"
RULE = modifier(NAME, ailment=True, brand=True)
