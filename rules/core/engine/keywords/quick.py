"""Quick (Glossary): an action-speed ability played at swift speed (Speeds of Abilities)."""

from typing import Final

from .base import qualifier

NAME: Final = "quick"
RULE = qualifier(NAME, swift=True)
