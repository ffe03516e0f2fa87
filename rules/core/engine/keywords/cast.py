"""Cast (Glossary): names a magical ability; Spectral permanents may be targeted only by them
(rules.core.engine.compiler, queries, damage)."""

from typing import Final

from .base import KeywordRule, qualifier

NAME: Final = "cast"
RULE: Final[KeywordRule] = qualifier(NAME)
