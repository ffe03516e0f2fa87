"""Execute (Glossary): names a physical ability; nothing for the engine to run."""

from typing import Final

from .base import KeywordRule, qualifier

NAME: Final = "execute"
RULE: Final[KeywordRule] = qualifier(NAME)
