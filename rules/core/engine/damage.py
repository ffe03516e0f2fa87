"""Damage resolution as a pure function: what an amount of damage becomes once every modifier of
the receiver has been applied.

Core Rulebook 5.2, Damage Resolution: increases (Weakness, added damage) first; then the
Immunity check; then reductions (Resistance); then prevention (Defense), in the order the
preventing abilities resolved; the result is never below 0. Several instances of damage from one
ability to one target are added up first and go through the steps once, as a lump sum. HP loss
(Drain, Decay, HP costs) is not damage and never comes here.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from rules.core.keywords import ELEMENTS

from .keywords import cast, defense, elemental_weakness, indirect_immunity, resistance, weakness
from .specs import Modifier

_ELEMENTS = frozenset(ELEMENTS)
# The keywords the damage steps read (Core Rulebook 5.2, Damage Resolution: increases,
# immunity, reductions, prevention). A receiver with none of them loses the whole lump sum.
STEP_KEYWORDS = frozenset(
    {
        weakness.NAME,
        elemental_weakness.NAME,
        indirect_immunity.NAME,
        resistance.NAME,
        defense.NAME,
    }
)


@dataclass(frozen=True)
class DamageKind:
    """What kind of damage an ability deals: the facts the modifiers look at.

    `elements` are the elemental attributes (Glossary: Attributes (Damage)); `attack` marks an
    Attack ability, `cast` a cast ability (a spell); `range`/`heavy` are the non-elemental
    damage attributes; `targeted` says whether the ability targeted this receiver and
    `enemy_source` whether its controller is the receiver's enemy (both for Indirect Immunity).
    """

    elements: frozenset[str] = frozenset()
    attack: bool = False
    cast: bool = False
    range: bool = False
    heavy: bool = False
    targeted: bool = True
    enemy_source: bool = True


@dataclass(frozen=True)
class DamageSteps:
    """The figure after each step, for logs and tests."""

    base: int
    increased: int
    immune: bool
    reduced: int
    dealt: int


def lump_sum(instances: Iterable[int]) -> int:
    """Core Rulebook 5.2, Damage Resolution: every instance one ability deals to one target is
    put into the calculation as a single lump sum."""
    return sum(instances)


def _matches(specific: str | None, kind: DamageKind) -> bool:
    """Whether a Weakness/Resistance [Specific] applies to this kind of damage."""
    if specific is None or specific == "damage":
        return True
    if specific in _ELEMENTS:
        return specific in kind.elements
    if specific == "elemental":
        return bool(kind.elements)
    if specific == "attack":
        return kind.attack
    if specific == cast.NAME:
        return kind.cast
    if specific == "range":
        return kind.range
    if specific == "heavy":
        return kind.heavy
    return False


def resolve_damage(amount: int, kind: DamageKind, modifiers: Iterable[Modifier]) -> DamageSteps:
    """Run the damage steps for one lump sum against one receiver.

    `modifiers` are the receiver's modifiers; Defense ones must come in the order their abilities
    resolved (printed, continuous ones first), since prevention is applied in that order.
    """
    modifiers = tuple(modifiers)
    # 1. Increases: each instance of a matching Weakness adds 1; Elemental Weakness adds 1 to
    # any elemental damage.
    increased = amount
    for m in modifiers:
        if (m.keyword == weakness.NAME and _matches(m.specific, kind)) or (
            m.keyword == elemental_weakness.NAME and kind.elements
        ):
            increased += 1
    # 2. Immunity: Indirect Immunity stops all damage from enemy sources that did not target
    # this permanent.
    immune = any(
        m.keyword == indirect_immunity.NAME and kind.enemy_source and not kind.targeted
        for m in modifiers
    )
    if immune:
        return DamageSteps(amount, increased, True, 0, 0)
    # 3. Reductions: each matching Resistance takes 1 off.
    reduced = increased
    for m in modifiers:
        if m.keyword == resistance.NAME and _matches(m.specific, kind):
            reduced -= 1
    reduced = max(reduced, 0)
    # 4. Prevention, in order of resolution: each Defense [X] prevents X.
    dealt = reduced
    for m in modifiers:
        if m.keyword == defense.NAME and m.value:
            dealt = max(dealt - m.value, 0)
    # 5. Damage dealt can be zero but never below zero.
    return DamageSteps(amount, increased, False, reduced, max(dealt, 0))


def steps_apply(modifiers: Iterable[Modifier]) -> bool:
    """Whether any of a receiver's `modifiers` takes part in the damage steps (STEP_KEYWORDS):
    when none does, `resolve_damage` deals the lump sum as it is, and an attack (most of which
    meet no such modifier) need not make its DamageKind and DamageSteps."""
    return any(m.keyword in STEP_KEYWORDS for m in modifiers)


def damage_dealt(amount: int, kind: DamageKind, modifiers: Iterable[Modifier]) -> int:
    """Just the damage dealt by `resolve_damage`."""
    return resolve_damage(amount, kind, modifiers).dealt
