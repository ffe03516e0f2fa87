"""Spectral (Glossary): attack abilities cannot target it; area attacks still damage it and cast
abilities may target it (rules.core.engine.queries)."""

from typing import Final

from .base import KeywordRule, modifier

NAME: Final = "spectral"
RULE: Final[KeywordRule] = modifier(NAME)
