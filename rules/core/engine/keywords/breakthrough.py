"""Breakthrough (Glossary): the old name for Draw; the parser reads it as Draw
(rules.core.keywords), so it has no step of its own."""

from typing import Final

from .base import KeywordRule

NAME: Final = "breakthrough"
RULE: Final[KeywordRule] = KeywordRule(NAME)
