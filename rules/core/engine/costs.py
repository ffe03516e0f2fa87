"""The arithmetic of costs: what a champion actually pays, and whether it can.

Core Rulebook 5.2, The Costs of Abilities (Paying Aura, Paying Energy, Paying HP, Paying Exert,
Paying Discard) and Glossary: Energy Reduction, Fatigue [X]. Applying a payment to a game state
is the engine's job (rules.core.engine.flow); these functions only decide the numbers.
"""

from rules.core.cards import Cost


def energy_due(energy: int, reduction: int) -> int:
    """Energy actually milled: the cost less Energy Reduction, never below 0.

    Core Rulebook 5.2, Paying Energy: "a reduction of 1 will only pay 2 for an ability that
    costs 3 Energy"; Glossary: Energy Reduction, costs cannot go below zero.
    """
    due = energy - (reduction or 0)
    return due if due > 0 else 0  # not max(): builtins taking *args are slow to call


def fatigue_due(value: int, reduction: int, timeline_cards: int) -> int:
    """Cards milled by Fatigue [X]: Energy less reduction, or nothing at all when the timeline
    holds too few cards to pay it (Glossary: Fatigue [X])."""
    due = energy_due(value, reduction)
    return due if due <= timeline_cards else 0


def can_pay(
    cost: Cost,
    *,
    aura: int,
    reduction: int,
    timeline_cards: int,
    hp: int,
    exerted: bool,
    spare_thoughts: int,
    is_champion: bool,
) -> bool:
    """Whether a payer can pay every part of `cost` (The Costs of Abilities: a cost that
    cannot be paid means the ability cannot be played).

    `spare_thoughts` counts the cards that could be discarded (not the card being played).
    Summons cannot pay Aura or Energy (Glossary: Aura, Energy). Paying the last cards of the
    timeline is allowed, and loses the game at once
    (Product decision › Paying a cost that empties your timeline).
    """
    if (cost.aura or cost.energy) and not is_champion:
        return False
    if cost.aura > aura:
        return False
    if energy_due(cost.energy, reduction) > timeline_cards:
        return False
    # Paying HP: the payer needs at least that much HP left.
    if cost.hp and cost.hp > hp:
        return False
    # Paying Exert: the payer must not already be exerted.
    if cost.exert and exerted:
        return False
    return cost.discard <= spare_thoughts
