"""Dash (Glossary): at the start of its turn the combatant may move once more, outside the move
phase and without a rotation (rules.core.engine.flow offers it)."""

from typing import Final

from .base import KeywordRule, modifier

NAME: Final = "dash"
RULE: Final[KeywordRule] = modifier(NAME)
