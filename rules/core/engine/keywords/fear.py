"""Fear (Glossary): summons in this combatant's awareness cannot play attack abilities while they
stay there (rules.core.engine.queries)."""

from typing import Final

from .base import KeywordRule, modifier

NAME: Final = "fear"
RULE: Final[KeywordRule] = modifier(NAME)
