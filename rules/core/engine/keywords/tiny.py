"""Tiny (Glossary): the permanent may move into occupied spots, does not occupy its own spot, and
cannot be targeted (rules.core.engine.queries, changes.set_position)."""

from typing import Final

from .base import KeywordRule, modifier

NAME: Final = "tiny"
RULE: Final[KeywordRule] = modifier(NAME)
