"""Modify Stack [X] (Glossary): as Modify, but only while the altered ability is in the [X]
position on the stack (rules.core.engine.compiler, stack)."""

from typing import Final

from .base import KeywordRule, qualifier

NAME: Final = "modify_stack"
RULE: Final[KeywordRule] = qualifier(NAME)
