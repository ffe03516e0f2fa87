"""Grounded (Glossary): an ailment; the permanent loses Flight and Aerial
(rules.core.engine.compiler, queries)."""

from typing import Final

from .base import modifier

NAME: Final = "grounded"
RULE = modifier(NAME, ailment=True, brand=True)
