"""Brand [Specific] (Glossary): gives a target the named ailment, "a specific ailment": one of
those that take no [X] or [Specific] of their own."""

from typing import Final

from rules.core.cards import KeywordTerm

from ..specs import Op
from . import decay, grounded, pacify, pinned, stun
from .base import AILMENT, Compiling, KeywordRule, duration_of

NAME: Final = "brand"
DEFAULT_TARGET: Final = "combatant"
BRANDS = {
    rule.name: rule for rule in (decay.RULE, grounded.RULE, pacify.RULE, pinned.RULE, stun.RULE)
}


def compile_brand(c: Compiling, term: KeywordTerm) -> None:
    ailment = (term.specific or "").lower()
    named = BRANDS.get(ailment)
    if named is None:
        c.problems.append(f"{c.label}: Brand names an ailment ({', '.join(sorted(BRANDS))})")
    c.ops.append(
        Op(
            AILMENT,
            "target",
            keyword=ailment,
            duration=duration_of(c.ability.duration, named.duration if named else None),
        )
    )
    c.aim(DEFAULT_TARGET)


RULE: Final[KeywordRule] = KeywordRule(NAME, compile=compile_brand)
