"""Modify (Glossary): continuously alters another ability on this card: its [X] values grow
(rules.core.engine.compiler)."""

from typing import Final

from .base import KeywordRule, qualifier

NAME: Final = "modify"
RULE: Final[KeywordRule] = qualifier(NAME)
