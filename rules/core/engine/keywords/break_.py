"""Break (Glossary): a trigger; when its condition is met, the player may clear every counter from
this card to get the listed effect (rules.core.engine.compiler, stack). The module is
`break_` because `break` is a word of Python."""

from typing import Final

from .base import KeywordRule, qualifier

NAME: Final = "break"
RULE: Final[KeywordRule] = qualifier(NAME, trigger="break")
