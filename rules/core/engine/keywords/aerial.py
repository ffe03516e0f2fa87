"""Aerial (Glossary): only Range Attack abilities may target this permanent; area attacks and
cast abilities still reach it (rules.core.engine.queries)."""

from typing import Final

from .base import KeywordRule, modifier

NAME: Final = "aerial"
RULE: Final[KeywordRule] = modifier(NAME)
