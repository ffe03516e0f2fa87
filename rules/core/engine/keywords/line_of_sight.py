"""Line of Sight (Glossary): a straight line from the awareness arrow to the arena's edge,
stopped by a permanent that blocks line of sight (rules.core.engine.arena.line_of_sight)."""

from typing import Final

from .base import KeywordRule, qualifier

NAME: Final = "line_of_sight"
RULE: Final[KeywordRule] = qualifier(NAME)
