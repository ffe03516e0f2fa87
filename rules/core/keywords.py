"""The keyword glossary and the parser that reads ability names into keyword terms.

Core Rulebook 5.2, Glossary of Terms and Keywords / Anatomy of Abilities: an ability's name is
made of keywords, some with an [X] value ("Area Range Attack [4]") or a [Specific] parameter
("Weakness [Electric]"). The summaries below are this project's own words, not the rulebook's.
"""

import re
from dataclasses import dataclass
from enum import StrEnum

from .cards import KeywordTerm


class Param(StrEnum):
    NONE = "none"
    NUMBER = "number"  # [X]
    SPECIFIC = "specific"  # [Fire], [Attack], ...
    # An ailment, with its own [Specific] where it takes one: Brand [Stun], Brand [Weakness [Fire]]
    AILMENT = "ailment"


@dataclass(frozen=True)
class Keyword:
    slug: str
    name: str
    param: Param
    summary: str
    deprecated_for: str | None = None


ELEMENTS = ("holy", "dark", "fire", "earth", "water", "air", "electric")
# Core Rulebook 5.2, Attributes (Attack): words that may stand before "Attack".
ATTACK_ATTRIBUTES = ("area", "basic", "drain", "heavy", "range", "elemental", *ELEMENTS)

_K = Keyword
GLOSSARY: tuple[Keyword, ...] = (
    _K(
        "aerial",
        "Aerial",
        Param.NONE,
        "Only Range Attack abilities may target this permanent; area attacks and cast abilities "
        "still reach it.",
    ),
    _K(
        "attack",
        "Attack [X]",
        Param.NUMBER,
        "Deals X damage. The words before 'Attack' are its attributes: Basic (a target in "
        "awareness), Range (the only attacks that may target Aerial), Heavy (always action speed), "
        "Elemental or an element (elemental damage), Area (everything in the awareness, no target) "
        "and Drain (HP loss for the target, HP gain for the user; not damage).",
    ),
    _K(
        "beckon",
        "Beckon",
        Param.NONE,
        "Puts this summon on a spot adjacent to its champion, facing the champion's way, then "
        "exerts it. The spot may be occupied and is chosen on resolution. The only summon ability "
        "played from the thoughts.",
    ),
    _K(
        "blitz",
        "Blitz",
        Param.NONE,
        "When this summon enters the arena, its Exert tokens are removed.",
    ),
    _K("brand", "Brand", Param.AILMENT, "Gives a target the named ailment."),
    _K(
        "break",
        "Break",
        Param.NONE,
        "A trigger: when its condition is met, the player may clear every counter from this card "
        "to get the listed effect.",
    ),
    _K("breakthrough", "Breakthrough", Param.NONE, "Old name for Draw.", deprecated_for="draw"),
    _K(
        "build",
        "Build",
        Param.NONE,
        "Puts this alteration on the spot its champion stands on. Played from the thoughts.",
    ),
    _K("cast", "Cast", Param.NONE, "Names a magical ability, usually paid with Aura."),
    _K(
        "chain",
        "Chain",
        Param.NONE,
        "Links several targets; if any one of them is no longer valid, the whole chain fails.",
    ),
    _K(
        "champion_curse",
        "Champion Curse",
        Param.NONE,
        "Attaches this enchantment to a valid enemy champion as a skill.",
    ),
    _K(
        "count",
        "Count",
        Param.NONE,
        "A trigger: each time its condition is met, the player may put a counter on this card.",
    ),
    _K(
        "counter_attack",
        "Counter Attack [X]",
        Param.NUMBER,
        "When something in this combatant's awareness damages it, it deals X damage back to that "
        "source. It does not target, and does nothing if the first damage killed it.",
    ),
    _K(
        "create",
        "Create",
        Param.NONE,
        "Puts this alteration on any unoccupied spot of the arena. Played from the thoughts.",
    ),
    _K(
        "cure",
        "Cure [X]",
        Param.NUMBER,
        "A target in the ability's awareness gains X HP. HP has no maximum.",
    ),
    _K(
        "curse",
        "Curse",
        Param.NONE,
        "Attaches this enchantment to a valid enemy target as a skill.",
    ),
    _K(
        "dash",
        "Dash",
        Param.NONE,
        "At the start of this combatant's turn it may move once more, outside the move phase and "
        "without a rotation.",
    ),
    _K(
        "death_touch",
        "Death Touch [X]",
        Param.NUMBER,
        "On entering the arena, kills a target summon around it with X HP or less. This is not "
        "damage, and it happens even if the only summon it can pick is an ally.",
    ),
    _K(
        "decay",
        "Decay",
        Param.NONE,
        "An ailment: the permanent loses 1 HP at the end of each round. The loss cannot be "
        "prevented, and several instances add up.",
    ),
    _K(
        "decoy",
        "Decoy",
        Param.NONE,
        "Two combatants switch spots; targets aimed at one may be moved to the other.",
    ),
    _K(
        "decoy_summon",
        "Decoy Summon",
        Param.NONE,
        "Two summons switch spots; targets aimed at one may be moved to the other.",
    ),
    _K("defense", "Defense [X]", Param.NUMBER, "Prevents X of the damage dealt to a permanent."),
    _K("draw", "Draw", Param.NONE, "Takes the top card of the timeline into the thoughts."),
    _K(
        "elemental_selection",
        "Elemental Selection",
        Param.NONE,
        "The player picks one of the elements the ability lists.",
    ),
    _K(
        "elemental_weakness",
        "Elemental Weakness",
        Param.NONE,
        "Elemental damage to this permanent is increased by 1 (HP loss is not).",
    ),
    _K(
        "enchant",
        "Enchant",
        Param.NONE,
        "Attaches this enchantment to a combatant as a skill; some carry ongoing costs.",
    ),
    _K("execute", "Execute", Param.NONE, "Names a physical ability, usually paid with Energy."),
    _K(
        "fatigue",
        "Fatigue [X]",
        Param.NUMBER,
        "The champion pays X Energy from its timeline, less Energy Reduction. With too few cards "
        "in the timeline it pays nothing.",
    ),
    _K(
        "fear",
        "Fear",
        Param.NONE,
        "Summons in this combatant's awareness cannot play attack abilities while they stay there.",
    ),
    _K("flight", "Flight", Param.NONE, "May move onto a spot even when it is occupied."),
    _K("grounded", "Grounded", Param.NONE, "An ailment: the permanent loses Flight and Aerial."),
    _K("heal", "Heal [X]", Param.NUMBER, "The user gains X HP. HP has no maximum."),
    _K("hop", "Hop", Param.NONE, "The user places itself on a spot in the ability's awareness."),
    _K(
        "indirect_immunity",
        "Indirect Immunity",
        Param.NONE,
        "Prevents all damage from enemy sources that do not target this permanent.",
    ),
    _K(
        "line_of_sight",
        "Line of Sight",
        Param.NONE,
        "A straight line from the awareness arrow to the arena's edge, stopped by a permanent that "
        "blocks line of sight.",
    ),
    _K(
        "madness",
        "Madness",
        Param.NONE,
        "The affected champion discards a random card from its thoughts, if it has one.",
    ),
    _K("modify", "Modify", Param.NONE, "Keeps changing another ability on this card."),
    _K(
        "modify_stack",
        "Modify Stack [X]",
        Param.NUMBER,
        "Changes another ability on this card while it sits at position X of the stack.",
    ),
    _K(
        "move",
        "Move",
        Param.NONE,
        "The permanent leaves its spot for an unoccupied one; adjacent unless the text says where.",
    ),
    _K(
        "negate",
        "Negate",
        Param.NONE,
        "Removes the target ability from the stack; a card goes to its owner's memories.",
    ),
    _K(
        "pacify",
        "Pacify",
        Param.NONE,
        "An ailment: the combatant loses its own awareness. Cards in the thoughts with their own "
        "awareness can still be played.",
    ),
    _K(
        "paralyze",
        "Paralyze",
        Param.NONE,
        "Exerts a target champion or summon in the awareness and stuns it. Removing the Exert "
        "token leaves the stun.",
    ),
    _K("pinned", "Pinned", Param.NONE, "Cannot leave its spot."),
    _K(
        "push",
        "Push",
        Param.NONE,
        "Moves the target combatant or alteration one spot straight away from the user.",
    ),
    _K("quick", "Quick", Param.NONE, "Turns an action-speed ability into a swift one."),
    _K(
        "replicate",
        "Replicate [X]",
        Param.NUMBER,
        "Takes X copies from the subconscious and puts them adjacent to this card, facing its "
        "way, exerted.",
    ),
    _K(
        "resistance",
        "Resistance",
        Param.SPECIFIC,
        "Reduces damage of the named category (elemental, attack, cast or all damage) by 1.",
    ),
    _K(
        "resurrect_beckon",
        "Resurrect Beckon",
        Param.NONE,
        "Puts this summon where a summon was killed this round, facing its champion's way, then "
        "exerts it. Only playable if a summon was killed this round.",
    ),
    _K(
        "sacrifice",
        "Sacrifice",
        Param.NONE,
        "Puts one of your allies or attached skills into the memories.",
    ),
    _K(
        "spectral",
        "Spectral",
        Param.NONE,
        "Attack abilities cannot target it; area attacks still damage it and cast abilities may "
        "target it.",
    ),
    _K("stun", "Stun", Param.NONE, "An ailment: cannot move or rotate itself this round."),
    _K(
        "tiny",
        "Tiny",
        Param.NONE,
        "May move into occupied spots, does not occupy its own spot, and cannot be targeted.",
    ),
    _K(
        "toss",
        "Toss",
        Param.NONE,
        "Places target combatants in the awareness on a spot around the user, keeping their facing.",
    ),
    _K("trap", "Trap", Param.NONE, "Puts this alteration on an occupied spot, at swift speed."),
    _K(
        "warp",
        "Warp",
        Param.NONE,
        "The user moves to a spot adjacent to a target in the ability's awareness.",
    ),
    _K(
        "weakness",
        "Weakness",
        Param.SPECIFIC,
        "An ailment: damage from the named source (an element, attacks, ...) is increased by 1.",
    ),
)

KEYWORDS: dict[str, Keyword] = {k.slug: k for k in GLOSSARY}
_PHRASES = sorted(
    ((tuple(k.slug.split("_")), k) for k in GLOSSARY if k.slug != "attack"),
    key=lambda item: -len(item[0]),
)
# A bracket may hold one more: Brand [Weakness [Fire]] names an ailment and that ailment's source.
_TOKEN = re.compile(r"\[(?:[^\[\]]|\[[^\[\]]*\])*\]|[A-Za-z']+|\S")


class KeywordError(ValueError):
    """An ability name that is not made of known keywords."""


def parse_ability_name(name: str) -> tuple[KeywordTerm, ...]:
    """Read an ability name into keyword terms.

    >>> parse_ability_name("Area Range Attack [4]")[0].attributes
    ('area', 'range')
    """
    tokens = _TOKEN.findall(name.replace("-", " "))
    if not tokens:
        raise KeywordError("an ability name needs at least one keyword")
    terms: list[KeywordTerm] = []
    i = 0
    while i < len(tokens):
        words = [t.lower() for t in tokens[i:]]
        phrase = next((k for parts, k in _PHRASES if tuple(words[: len(parts)]) == parts), None)
        if phrase is not None:
            i += len(phrase.slug.split("_"))
            keyword, attributes = phrase, ()
        else:
            j = i
            while j < len(tokens) and tokens[j].lower() in ATTACK_ATTRIBUTES:
                j += 1
            if j < len(tokens) and tokens[j].lower() == "attack":
                keyword = KEYWORDS["attack"]
                attributes = tuple(dict.fromkeys(t.lower() for t in tokens[i:j]))
                i = j + 1
            else:
                raise KeywordError(
                    f"'{tokens[i]}' is not a keyword (see docs/card-format.md#keywords)"
                )
        param = tokens[i] if i < len(tokens) and tokens[i].startswith("[") else None
        if param is not None:
            i += 1
        terms.append(_term(keyword, attributes, param))
    return tuple(terms)


def _term(keyword: Keyword, attributes: tuple[str, ...], param: str | None) -> KeywordTerm:
    slug = keyword.deprecated_for or keyword.slug
    if keyword.param is Param.NONE:
        if param is not None:
            raise KeywordError(f"{keyword.name} takes no [value], got {param}")
        return KeywordTerm(slug, attributes=attributes)
    if param is None:
        raise KeywordError(f"{keyword.name} needs a [value]")
    inner = param[1:-1].strip()
    if keyword.param in (Param.SPECIFIC, Param.AILMENT):
        # Only an ailment holds a bracket of its own (Weakness [Fire]).
        word = r"[A-Za-z ]+(?:\[[A-Za-z ]+\])?" if keyword.param is Param.AILMENT else r"[A-Za-z ]+"
        if not inner or not re.fullmatch(word, inner):
            raise KeywordError(f"{keyword.name} needs a word in brackets, e.g. [Fire]")
        specific = " ".join(re.sub(r"\s*\[\s*", " [", inner.lower()).split())
        return KeywordTerm(slug, specific=specific, attributes=attributes)
    parts = [p.strip() for p in re.split(r"[/,]", inner)]
    if not all(re.fullmatch(r"\d{1,3}", p) for p in parts):
        raise KeywordError(f"{keyword.name} needs a whole number in brackets, got {param}")
    values = tuple(int(p) for p in parts)
    return KeywordTerm(slug, value=values[0], values=values, attributes=attributes)
