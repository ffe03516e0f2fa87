"""Card files of format version 1: their abilities had only a name, a cost and text.

Version 2 (docs/card-format.md) states as fields every fact the engine executes: when a trigger
happens, what is targeted, how long a grant lasts, whom a continuous ability reaches. A version-1
file is converted by reading its text for a fixed list of phrases, the wording every official
card and the demo set use. This module is the only place that reads card text for rules; the
engine never does.

A fact is filled in only where a phrase states it, or where the rulebook fixes it when the card
is silent (a move with no destination is to an adjacent spot; a grant with no duration lasts
until removed, so those need no field). What the text leaves open stays unset, and the importer
then refuses the card, naming the ability and the field to add (`rules.core.cardfile`).
"""

import re
from dataclasses import replace

from rules.core.cards import Ability, Card, CardType, FollowUp, Speed

_TRIGGERS = (
    # (phrase, event): the first phrase found decides.
    ("enters the arena", "enters_arena"),
    ("beginning of each round", "round_begins"),
    ("beginning of the round", "round_begins"),
    ("end of the round in which it is placed", "round_ends_after_entering"),
    ("end of each round", "round_ends"),
    ("end of the round", "round_ends"),
    ("beginning of its turn", "own_turn_begins"),
    ("beginning of each turn", "turn_begins"),
    ("end of its turn", "own_turn_ends"),
    ("end of each turn", "turn_ends"),
)
_TARGETS = (
    ("target enemy champion", "enemy_champion"),
    ("target enemy summon", "enemy_summon"),
    ("target enemy", "enemy"),
    ("target ally summon", "ally_summon"),
    ("target ally", "ally"),
    ("target summon", "summon"),
    ("target champion", "champion"),
    ("target combatant or alteration", "combatant_or_alteration"),
    ("target combatant", "combatant"),
    ("to you or to a combatant", "you_or_combatant"),
    ("one combatant", "combatant"),
    ("a target", "permanent"),
)
_DURATIONS = (
    ("end of the turn", "turn"),
    ("this turn", "turn"),
    ("end of turn", "turn"),
    ("end of the round", "round"),
    ("this round", "round"),
    ("end of round", "round"),
)
_SCOPES = (
    ("on this alteration's spot", "spot"),
    ("on its spot", "spot"),
    ("adjacent to this alteration", "adjacent"),
    ("adjacent to it", "adjacent"),
    ("around this alteration", "around"),
    ("around it", "around"),
)
_LOSES = re.compile(r"then (?:this alteration|it) loses (\d+) hp")


def _first(table: tuple[tuple[str, str], ...], text: str) -> str | None:
    return next((value for phrase, value in table if phrase in text), None)


def upgrade_ability(card_type: CardType, ability: Ability) -> Ability:
    """The ability with the version-2 facts its text states (fields already set are kept)."""
    text = " ".join(ability.text.lower().split())
    slugs = {t.keyword for t in ability.terms}
    facts: dict[str, object] = {}
    if ability.speed in (Speed.TRIGGER, Speed.IMMEDIATE):
        facts["trigger"] = _first(_TRIGGERS, text)
    if ability.speed is Speed.CONTINUOUS:
        if card_type is CardType.ALTERATION:
            facts["scope"] = _first(_SCOPES, text)
    else:
        facts["target"] = _first(_TARGETS, text)
        if facts["target"] is None and "target" in text.split():
            facts["target"] = "permanent"
        if "every combatant" in text or "each combatant" in text:
            facts["target"], facts["each"] = "combatant", True
        facts["duration"] = _first(_DURATIONS, text)
        facts["optional"] = " may " in f" {text} "
        if "move" in slugs:
            # Navigating the Arena, Moving as a Part of an Ability: with no destination given,
            # the move is to an adjacent unoccupied spot.
            facts["reach"] = "awareness" if "awareness" in text else "adjacent"
        if "facing the same way" in text or "facing the same direction" in text:
            facts["facing"] = "champion"
        then: list[FollowUp] = []
        if "then is destroyed" in text or "then it is destroyed" in text:
            then.append(FollowUp("destroy_self"))
        loses = _LOSES.search(text)
        if loses:
            then.append(FollowUp("lose_hp", int(loses.group(1))))
        facts["then"] = tuple(then)
    # A field the file already gives wins; an empty finding sets nothing.
    given = ability.facts()
    found = {k: v for k, v in facts.items() if v not in (None, False, ()) and k not in given}
    return replace(ability, **found)  # type: ignore[arg-type]


def upgrade_card(card: Card) -> Card:
    """A version-1 card with every fact its text states (docs/card-format.md, Version 1)."""
    abilities = tuple(upgrade_ability(card.type, a) for a in card.abilities)
    blocks = card.blocks_line_of_sight or "blocks line of sight" in card.text.lower()
    return replace(card, abilities=abilities, blocks_line_of_sight=blocks)
