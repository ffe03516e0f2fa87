"""Quick (Glossary): an action-speed ability played at swift speed (Speeds of Abilities)."""

from typing import Final

from .base import KeywordRule, qualifier

NAME: Final = "quick"
RULE: Final[KeywordRule] = qualifier(NAME, swift=True)
