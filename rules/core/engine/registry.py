"""The keyword registry: the rule of every keyword of the glossary, one module each
(rules/core/engine/keywords/), and what the rest of the engine asks of them all at once.

A new keyword is a module of rules/core/engine/keywords/ with its `NAME` and `RULE`, and its line
in the two lists below (an explicit list, which mypyc compiles as it is).
"""

from .keywords import (
    aerial,
    attack,
    beckon,
    blitz,
    brand,
    break_,
    breakthrough,
    build,
    cast,
    chain,
    champion_curse,
    count,
    counter_attack,
    create,
    cure,
    curse,
    dash,
    death_touch,
    decay,
    decoy,
    decoy_summon,
    defense,
    draw,
    elemental_selection,
    elemental_weakness,
    enchant,
    execute,
    fatigue,
    fear,
    flight,
    grounded,
    heal,
    hop,
    indirect_immunity,
    line_of_sight,
    madness,
    modify,
    modify_stack,
    move,
    negate,
    pacify,
    paralyze,
    pinned,
    push,
    quick,
    replicate,
    resistance,
    resurrect_beckon,
    sacrifice,
    spectral,
    stun,
    tiny,
    toss,
    trap,
    warp,
    weakness,
)
from .keywords.base import Chooser, Effect, KeywordRule

RULES: tuple[KeywordRule, ...] = (
    aerial.RULE,
    attack.RULE,
    beckon.RULE,
    blitz.RULE,
    brand.RULE,
    break_.RULE,
    breakthrough.RULE,
    build.RULE,
    cast.RULE,
    chain.RULE,
    champion_curse.RULE,
    count.RULE,
    counter_attack.RULE,
    create.RULE,
    cure.RULE,
    curse.RULE,
    dash.RULE,
    death_touch.RULE,
    decay.RULE,
    decoy.RULE,
    decoy_summon.RULE,
    defense.RULE,
    draw.RULE,
    elemental_selection.RULE,
    elemental_weakness.RULE,
    enchant.RULE,
    execute.RULE,
    fatigue.RULE,
    fear.RULE,
    flight.RULE,
    grounded.RULE,
    heal.RULE,
    hop.RULE,
    indirect_immunity.RULE,
    line_of_sight.RULE,
    madness.RULE,
    modify.RULE,
    modify_stack.RULE,
    move.RULE,
    negate.RULE,
    pacify.RULE,
    paralyze.RULE,
    pinned.RULE,
    push.RULE,
    quick.RULE,
    replicate.RULE,
    resistance.RULE,
    resurrect_beckon.RULE,
    sacrifice.RULE,
    spectral.RULE,
    stun.RULE,
    tiny.RULE,
    toss.RULE,
    trap.RULE,
    warp.RULE,
    weakness.RULE,
)

BY_NAME: dict[str, KeywordRule] = {rule.name: rule for rule in RULES}
SUPPORTED = frozenset(BY_NAME)
MODIFIERS = frozenset(rule.name for rule in RULES if rule.modifier)
AILMENTS = frozenset(rule.name for rule in RULES if rule.ailment)
QUALIFIERS = frozenset(rule.name for rule in RULES if rule.qualifier)
# Keywords whose ability is played from the thoughts because it places or attaches its card.
PLACES = frozenset(rule.name for rule in RULES if rule.places)
BECKONS = frozenset(rule.name for rule in RULES if rule.beckons)
ATTACHES = frozenset(rule.name for rule in RULES if rule.attaches)
PAIRS = frozenset(rule.name for rule in RULES if rule.pair)
SWIFT = frozenset(rule.name for rule in RULES if rule.swift)
OPTIONAL = frozenset(rule.name for rule in RULES if rule.optional)
TRIGGERS: dict[str, str] = {rule.name: rule.trigger for rule in RULES if rule.trigger is not None}
# The kinds of Op that ask a choice as they resolve, and those of them the keyword asks itself.
ASKS: tuple[str, ...] = tuple(kind for rule in RULES for kind in rule.asks)
CHOOSERS: tuple[tuple[str, Chooser], ...] = tuple(
    (kind, rule.choice) for rule in RULES if rule.choice is not None for kind in rule.asks
)
# The kinds of Op that ask for one (most abilities ask none: their resolution tests this first).
CHOICE_KINDS = frozenset(kind for kind, _ in CHOOSERS)
# The kinds of Op that put their card into the arena or attach it: a copy of such an ability
# would need the card itself (stack._copy).
PUTS_CARD = frozenset(
    kind for rule in RULES if rule.places or rule.attaches for kind, _ in rule.effects
)
# Those that place an alteration: its player may choose its facing.
PLACES_ALTERATION = frozenset(
    kind for rule in RULES if rule.places and not rule.beckons for kind, _ in rule.effects
)


def _effects() -> dict[str, Effect]:
    """Each kind of Op with the one function that runs it (keywords may share one: Enchant,
    Curse and Champion Curse attach alike)."""
    effects: dict[str, Effect] = {}
    for rule in RULES:
        for kind, effect in rule.effects:
            if effects.setdefault(kind, effect) is not effect:
                raise ValueError(f"two keywords run the step {kind!r} differently")
    return effects


EFFECTS = _effects()
