"""Flight (Glossary): the combatant may move onto a spot even when it is occupied
(rules.core.engine.queries, changes.set_position)."""

from typing import Final

from .base import KeywordRule, modifier

NAME: Final = "flight"
RULE: Final[KeywordRule] = modifier(NAME)
