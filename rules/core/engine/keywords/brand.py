"""Brand [Specific] (Glossary): gives a target the named ailment, "a specific ailment". One that
takes a [Specific] of its own names it in a second bracket: Brand [Weakness [Fire]] gives
Weakness [Fire] (Glossary: Weakness [Specific], "damage from the specific source")."""

import re
from typing import Final

from rules.core.cards import KeywordTerm

from ..specs import Op
from . import decay, grounded, pacify, pinned, stun, weakness
from .base import AILMENT, Compiling, KeywordRule, duration_of

NAME: Final = "brand"
DEFAULT_TARGET: Final = "combatant"
BRANDS = {
    rule.name: rule for rule in (decay.RULE, grounded.RULE, pacify.RULE, pinned.RULE, stun.RULE)
}
# The ailments that take a [Specific] of their own, which the Brand's second bracket gives.
BRANDS_OF_A_SOURCE = {weakness.RULE.name: weakness.RULE}


def compile_brand(c: Compiling, term: KeywordTerm) -> None:
    named = re.fullmatch(r"(?P<ailment>[a-z ]+?)(?: \[(?P<source>[a-z ]+)\])?", term.specific or "")
    ailment = named.group("ailment") if named else ""
    source = named.group("source") if named else None
    rule = (BRANDS_OF_A_SOURCE if source else BRANDS).get(ailment)
    if rule is None:
        known = [*sorted(BRANDS), *(f"{name} [source]" for name in sorted(BRANDS_OF_A_SOURCE))]
        c.problems.append(f"{c.label}: Brand names an ailment ({', '.join(known)})")
    c.ops.append(
        Op(
            AILMENT,
            "target",
            keyword=ailment,
            specific=source,
            duration=duration_of(c.ability.duration, rule.duration if rule else None),
        )
    )
    c.aim(DEFAULT_TARGET)


RULE: Final[KeywordRule] = KeywordRule(NAME, compile=compile_brand)
