"""Chain (Glossary): several linked targets, one per value of the chained attack; if any one is
no longer valid, the whole chain fails (rules.core.engine.compiler, stack)."""

from typing import Final

from .base import KeywordRule, qualifier

NAME: Final = "chain"
RULE: Final[KeywordRule] = qualifier(NAME)
