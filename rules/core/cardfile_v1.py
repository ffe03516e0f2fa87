"""Card files of format version 1: their abilities had only a name, a cost and text.

Version 2 (docs/card-format.md) states as fields every fact the engine executes: when a trigger
happens, what is targeted, how long a grant lasts, whom a continuous ability reaches, the
conditions it needs, what follows its keyword effects. A version-1 file is converted by reading
its text clause by clause. This module is the only place that reads card text for rules; the
engine never does.

Every clause must be accounted for: each phrase the reader knows is taken out of the clause as
it is turned into a field (a trigger, a target, a condition, a follow-up) or recognised as the
ability's own keyword restating its glossary entry ("deals 2 damage" in a Basic Attack [2]).
Whatever is left must be only small words ("it", "the", "to" ...). A clause with anything else
left is *unsaid*: no field states it, and the importer and `convert_cards` refuse the card,
naming the clause (`read_ability_text`). Nothing is dropped without a word.

A fact is filled in only where a phrase states it, or where the rulebook fixes it when the card
is silent (a move with no destination is to an adjacent spot; a grant with no duration lasts
until removed, so those need no field). What the text leaves open stays unset, and the importer
then refuses the card, naming the ability and the field to add (`rules.core.cardfile`).
"""

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from rules.core.cards import (
    Ability,
    Card,
    CardType,
    Condition,
    Cost,
    Death,
    FollowUp,
    KeywordTerm,
    Speed,
)
from rules.core.engine.registry import MODIFIERS
from rules.core.keywords import KEYWORDS, Param, parse_ability_name

# Words that carry no rule on their own: what may be left of a clause once its phrases are read.
_SMALL_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "it",
        "its",
        "this",
        "that",
        "to",
        "of",
        "in",
        "on",
        "at",
        "from",
        "with",
        "and",
        # Not "or": "…gains Flight, or it gains Spectral" is a choice no field states, and the
        # phrases that hold an "or" ("5 or less", "to the left or right") read it themselves.
        "you",
        "your",
        "is",
        "are",
        "be",
        "then",
    ]
)
# Numbers written as words, up to twenty (an HP threshold: "ten or fewer HP").
_NUMBER_WORDS = (
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen"
    " sixteen seventeen eighteen nineteen twenty"
)
_NUMBERS = {"a": 1, "an": 1} | {w: n for n, w in enumerate(_NUMBER_WORDS.split(), start=1)}
_N = r"(\d+|a|an|one|two|three|four|five|six)"
# A number in a threshold ("ten or fewer HP"): digits or a word, never "a".
_COUNT = "|".join([r"\d+", *(w for w in _NUMBERS if w not in ("a", "an"))])
_KINDS = (
    r"champion|spell|technique|summon|alteration|enchantment|action|swift|trigger|immediate"
    r"|attack|cast"
)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}
_THING = (
    r"(?:this (?:alteration|summon|card|champion|permanent|enchantment)|it"
    r"|the card with this ability)"
)
# Counters put on the card itself: "put a counter on this alteration", "add a counter to this",
# "this summon gets a counter" (the number in group 1 or 2).
_PUT_COUNTER = (
    rf"(?:put|add|place)s? {_N} counters? (?:on|to|onto) (?:{_THING}|this)"
    rf"|{_THING} (?:gets?|gains?|receives?) {_N} counters?"
)
# The card or "it" whose number a condition reads (`_who`).
_WHO = r"(?P<who>this (?:alteration|summon|card|champion|permanent|enchantment|combatant)|it)"
# What opens a condition: "if", "while", "only if", "as long as", "provided that", "play only
# if", "this ability can only be played if" (Glossary: Desperation, "can only be played").
_IF = (
    r"(?:(?:(?:this (?:ability|card) |it )?(?:can|may) only be (?:played|used) |(?:you may )?"
    r"(?:play|use) (?:this (?:ability |card )?)?only |only |you (?:can|may) only (?:play|use)"
    r" (?:this|it)(?: card| ability)? )?(?:if|while|as long as|provided(?: that)?)"
    r"|(?:play|use) (?:this (?:ability |card )?)?only when)"
)
_HP = "hp|health"
_HOLDS = "(?:has|holds|bears|carries)"
_ELEMENT_WORDS = "holy|dark|fire|earth|water|air|electric"
_ATTRIBUTE_WORDS = f"{_ELEMENT_WORDS}|range|basic|heavy|drain|area|elemental"
# An owner's memories: "the memories", "its owner's memories", "the memories of its owner".
_MEMORIES = r"(?:the|its owner's|their owner's) memories(?: of (?:its|their) owner)?"


def _number(word: str) -> int:
    return int(word) if word.isdecimal() else _NUMBERS[word]


@dataclass(frozen=True)
class Reading:
    """What one ability's text states: version-2 fields, and the clauses no field states."""

    facts: dict[str, object]
    unsaid: tuple[str, ...]


# A reader takes a regex match of a clause and the facts found so far, and records what the
# phrase states (or nothing: the phrase restates a keyword's glossary entry). A reader that
# returns False did not understand the phrase: its words stay in the clause.
Reader = Callable[[re.Match[str], dict[str, object]], bool | None]


def _set(**values: object) -> Reader:
    def read(_match: re.Match[str], facts: dict[str, object]) -> bool:
        # A second, different value ("each enemy and each ally", "around you or in the
        # awareness") is no field's: its words stay, and the clause is unsaid.
        if any(facts.get(key, value) != value for key, value in values.items()):
            return False
        facts.update(values)
        return True

    return read


def _nothing(_match: re.Match[str], _facts: dict[str, object]) -> None:
    return None


def _then(step: Callable[[re.Match[str]], FollowUp]) -> Reader:
    def read(match: re.Match[str], facts: dict[str, object]) -> None:
        facts["then"] = (*facts.get("then", ()), step(match))  # type: ignore[misc]

    return read


def _condition(make: Callable[[re.Match[str]], Condition]) -> Reader:
    def read(match: re.Match[str], facts: dict[str, object]) -> None:
        facts["conditions"] = (*facts.get("conditions", ()), make(match))  # type: ignore[misc]

    return read


def _trigger(match: re.Match[str], facts: dict[str, object]) -> bool:
    edge, whose, unit, placed = match.group(1), match.group(2), match.group(3), match.group(4)
    begins = edge in ("beginning", "start")
    if unit == "round":
        event = "round_begins" if begins else "round_ends"
        if placed and not begins:
            event = "round_ends_after_entering"
    else:
        # "this summon's turn" is its own; "start of turn" with no one's is every turn's.
        own = whose in ("its", "your") or (whose or "").startswith("this ")
        event = f"{'own_' if own else ''}turn_{'begins' if begins else 'ends'}"
    # A second, different moment ("whenever a summon dies, at the beginning of each round") is
    # no field's: its words stay, and the clause is unsaid.
    return facts.setdefault("trigger", event) == event


def _trigger_when(match: re.Match[str], facts: dict[str, object]) -> bool:
    """ "when the round ends", "when each turn begins": as "at the end of the round" says."""
    event = f"{match.group(1)}_{'ends' if match.group(2) == 'ends' else 'begins'}"
    return facts.setdefault("trigger", event) == event


def _dies(match: re.Match[str], facts: dict[str, object]) -> bool:
    """A summon's death as a trigger: every one, or those `Death` says."""
    word, controls = match.group("whose"), match.group("controls")
    whose = None
    if word in ("ally", "allied", "friendly") or controls == "you control":
        whose = "ally"
    elif word in ("enemy", "opposing") or controls is not None:
        whose = "enemy"
    if word is not None and controls is not None:
        return False  # "an enemy summon you control": its words stay, and the clause is unsaid
    where = match.group("where")
    place = None
    if where is not None:
        place = where.split()[0]
        place = "awareness" if place in ("in", "within") else place
    death = Death(whose, place, match.group("verb") == "is killed")
    if facts.get("trigger", "summon_dies") != "summon_dies":
        return False
    facts["trigger"] = "summon_dies"
    if death != Death():
        facts["dies"] = death
    return True


def _duration(match: re.Match[str], facts: dict[str, object]) -> None:
    facts.setdefault("duration", next(g for g in match.groups() if g))


def _turn(word: str | None) -> str:
    if word in ("left", "right"):
        return word
    return "around" if word in ("around", "180 degrees", "a half turn") else "choice"


def _rotate(match: re.Match[str]) -> FollowUp:
    # "rotate target enemy summon": the target phrase after it is read as the target. "rotate
    # it" is the target where the ability has one ("deal 2 damage to target enemy, then rotate
    # it"), else whoever uses it: _settle decides.
    targeted = match.group(1) is None and match.string[match.end() :].startswith(" target")
    return FollowUp(
        "rotate", who="target" if targeted else "it" if match.group(1) == "it" else "self"
    )


def _direction(match: re.Match[str], facts: dict[str, object]) -> bool:
    """ "to the right" / "to the left" / "around": the way the rotation read before it turns."""
    steps = list(facts.get("then", ()))  # type: ignore[call-overload]
    if not steps or steps[-1].effect != "rotate":
        return False  # a direction of no rotation: its words stay, and the clause is unsaid
    steps[-1] = replace(steps[-1], turn=_turn(match.group(1) or match.group(2)))
    facts["then"] = tuple(steps)
    return True


def _bounded(unit: str, unit_needed: bool = True) -> str:
    """A threshold on a number ("2 or more counters", "3 counters or more", "10 hp or less",
    "at most five hp", "fewer than 3 counters"), in the groups `_bound` reads. The unit comes
    before the comparison or after it; HP's may be left out ("if you have 5 or less")."""
    sides = "less|fewer|lower|below|more|greater|higher|above"
    words = (
        "at most|at least|no more than|no less than|no fewer than|less than|fewer than"
        "|more than|greater than|under|over|below|above|exactly"
    )
    after = f" (?:{unit})" if unit_needed else f"(?: (?:{unit}))?"
    return (
        rf"(?:(?P<n1>{_COUNT}) (?:(?:{unit}) or (?P<side>{sides})|or (?P<side2>{sides}){after})"
        rf"|(?P<word>{words}) (?P<n2>{_COUNT}){after})"
    )


def _desperation(match: re.Match[str], facts: dict[str, object]) -> bool:
    value = int(match.group(1))
    return facts.setdefault("desperation", value) == value


def _of_a_copy(_match: re.Match[str], facts: dict[str, object]) -> bool:
    """Words about the copy, read only where the ability copies."""
    return any(f.effect == "copy" for f in facts.get("then", ()))  # type: ignore[attr-defined]


def _direction_around(match: re.Match[str], facts: dict[str, object]) -> bool:
    """ "to face the opposite direction" after a rotation: it is a half turn."""
    steps = list(facts.get("then", ()))  # type: ignore[call-overload]
    # With no half turn read before it, its words stay, and the clause is unsaid.
    return bool(steps) and steps[-1].effect == "rotate" and steps[-1].turn == "around"


def _bound(match: re.Match[str], test: str, who: str = "self") -> Condition:
    """The Condition a `_bounded` threshold states: "less than 3" is at most 2."""
    if match.group("n1") is not None:
        value = _number(match.group("n1"))
        if (match.group("side") or match.group("side2")) in ("more", "greater", "higher", "above"):
            return Condition(test, who, at_least=value)
        return Condition(test, who, at_most=value)
    value, word = _number(match.group("n2")), match.group("word")
    if word in ("at most", "no more than"):
        return Condition(test, who, at_most=value)
    if word in ("at least", "no less than", "no fewer than"):
        return Condition(test, who, at_least=value)
    if word in ("less than", "fewer than", "under", "below"):
        return Condition(test, who, at_most=value - 1)
    if word == "exactly":
        return Condition(test, who, at_least=value, at_most=value)
    return Condition(test, who, at_least=value + 1)  # more than, greater than, over, above


def _who(word: str | None) -> str:
    """Whose number a condition reads: "this summon" is whoever uses the ability; "it" and
    "its" are settled by the ability as a whole (`_settle_it`)."""
    return "it" if word in ("it", "its") else "self"


_TARGET_NAMES = (
    # (phrase, kind): longest first, so "target enemy champion" wins over "target enemy".
    (r"(?:a )?target ability(?: on the stack)?", "ability"),
    # Glossary: Enemy, "combatants that an opponent controls"; Allies, "all combatants you
    # control": "opposing" and "friendly" say the same, and "combatant" after them adds nothing.
    # Glossary: Stun, "target champion or summon": a combatant.
    (r"target (?:enemy|opposing) (?:champion or summon|summon or champion)", "enemy"),
    (r"target (?:ally|allied|friendly) (?:champion or summon|summon or champion)", "ally"),
    (r"target (?:champion or summon|summon or champion)", "combatant"),
    (r"target (?:enemy|opposing) champions?", "enemy_champion"),
    (r"target (?:enemy|opposing) summons?", "enemy_summon"),
    (r"target (?:enem(?:y|ies)|opposing)(?: combatants?)?", "enemy"),
    (r"target (?:ally|allied|friendly) summons?", "ally_summon"),
    (r"target (?:all(?:y|ies)|allied|friendly)(?: combatants?)?", "ally"),
    (r"(?:two )?target summons?", "summon"),
    (r"target champions?", "champion"),
    # A player acts through their champion: "target opponent discards a card".
    (r"target (?:opponent|opposing player|enemy player)", "enemy_champion"),
    (r"target combatant or alteration", "combatant_or_alteration"),
    (r"(?:two )?target combatants?", "combatant"),
    (r"to you or to a combatant", "you_or_combatant"),
    (r"one combatant", "combatant"),
    (r"(?:a )?target(?: permanent)?", "permanent"),
)


# Phrases every ability may use, in the order they are read. Conditions and follow-ups come
# first: their words ("this alteration has 2 or more counters") must not be read as targets;
# then the phrases restating the ability's own keywords; then the rest (_COMMON).
def _kind_of_ability(match: re.Match[str], facts: dict[str, object]) -> None:
    """ "target swift ability on the stack": an ability on the stack, of that kind."""
    facts.setdefault("target", "ability")
    facts["conditions"] = (
        *facts.get("conditions", ()),
        Condition("target_kind", kind=match.group(1)),
    )  # type: ignore[misc]


def _copy_of_kind(match: re.Match[str], facts: dict[str, object]) -> None:
    """ "copy target spell": a copy of an ability on the stack of that kind."""
    _then(lambda m: FollowUp("copy"))(match, facts)
    _kind_of_ability(match, facts)


def _its_hp(match: re.Match[str], facts: dict[str, object]) -> bool:
    """ "target ally with 5 HP or less": a condition on the target's HP, said after it. With no
    target before it, its words stay, and the clause is unsaid."""
    if not re.search(r"\btarget\b", match.string[: match.start()]):
        return False
    _condition(lambda m: _bound(m, "hp", "target"))(match, facts)
    return True


def _side_of_ability(match: re.Match[str], facts: dict[str, object]) -> None:
    """ "target enemy ability": an ability on the stack that an opponent controls."""
    facts.setdefault("target", "ability")
    yours = match.group("side") in ("ally", "allied", "friendly", "your")
    facts["conditions"] = (
        *facts.get("conditions", ()),  # type: ignore[misc]
        Condition("controller", kind="you" if yours else "opponent"),
    )


_FIRST: tuple[tuple[str, Reader], ...] = (
    # --- conditions ("if", "while", "only if") -----------------------------------------------
    (
        rf"{_IF} (?:{_WHO} {_HOLDS}|there (?:is|are)) no counters(?: on (?:it|this \w+))?",
        _condition(lambda m: Condition("counters", _who(m.group("who")), at_most=0)),
    ),
    (
        rf"{_IF} (?:{_WHO} {_HOLDS}|there (?:is|are)) (?:any|a|one or more) counters?"
        rf"(?: on (?:it|this \w+))?",
        _condition(lambda m: Condition("counters", _who(m.group("who")), at_least=1)),
    ),
    (
        rf"{_IF} (?:{_WHO} {_HOLDS}|there (?:is|are)) {_bounded('counters?')}"
        rf"(?: on (?:it|this \w+))?",
        _condition(lambda m: _bound(m, "counters", _who(m.group("who")))),
    ),
    (
        r"(?:it |this ability )?(?:needs|requires) "
        + _bounded("counters?")
        + r" on (?:it|this \w+)",
        _condition(lambda m: _bound(m, "counters")),
    ),
    (
        rf"(?:{_IF}|this ability can only be played if) a summon (?:has been|was) killed this round",
        _condition(lambda m: Condition("summon_killed_this_round")),
    ),
    (
        rf"{_IF} (?:(?:your champion|you) (?:has|have|(?:is|are) at)|(?:your champion's|your)"
        rf" (?:hp|health) is) {_bounded(_HP, unit_needed=False)}",
        _condition(lambda m: _bound(m, "hp", "champion")),
    ),
    (
        rf"{_IF} (?:{_WHO} (?:has|is at)|(?P<its>its|this \w+'s) (?:hp|health) is)"
        rf" {_bounded(_HP, unit_needed=False)}",
        _condition(lambda m: _bound(m, "hp", _who(m.group("who") or m.group("its")))),
    ),
    (
        rf"{_IF} (?:(?:the|its|that|this \w+'s) target|that (?:enemy|ally|combatant|summon"
        rf"|champion)) (?:has|is at) {_bounded(_HP, unit_needed=False)}",
        _condition(lambda m: _bound(m, "hp", "target")),
    ),
    (
        rf"(?:only )?(?:if|provided(?: that)?) (?:(?:the|its|that) target|it|the ability so"
        rf" targeted|the targeted ability|that ability) (?:is an? ({_KINDS})(?: ability| card)?"
        rf"|(?:comes|originates) from an? ({_KINDS})(?: card)?)",
        _condition(lambda m: Condition("target_kind", kind=m.group(1) or m.group(2))),
    ),
    # "target ability that originates from a spell card": an ability on the stack of that kind.
    (
        rf"(?<=ability )(?:that|which) (?:comes|originates) from an? ({_KINDS})(?: card)?",
        _condition(lambda m: Condition("target_kind", kind=m.group(1))),
    ),
    (
        r"(?:only )?if (?:(?:the|its|that) target|it) is (?:in )?the (first|second|third|fourth|fifth)"
        r" (?:ability |position )?on the stack",
        _condition(
            lambda m: Condition(
                "stack_position",
                at_least=_ORDINALS[m.group(1)],
                at_most=_ORDINALS[m.group(1)],
            )
        ),
    ),
    # --- what follows the keyword effects ----------------------------------------------------
    (
        rf"(?:then )?(?:{_THING} )?is destroyed|(?:then )?destroy {_THING}",
        _then(lambda m: FollowUp("destroy_self")),
    ),
    (rf"then {_THING} loses (\d+) hp", _then(lambda m: FollowUp("lose_hp", int(m.group(1))))),
    (
        rf"then put {_N} counters? on {_THING}",
        _then(lambda m: FollowUp("add_counter", _number(m.group(1)))),
    ),
    (
        rf"(?:then )?remove {_N} counters? from {_THING}",
        _then(lambda m: FollowUp("remove_counter", _number(m.group(1)))),
    ),
    (
        # not Stun's "cannot move or rotate itself"
        r"(?<!move or )(?:then )?rotate(?: (this (?:alteration|summon|champion|permanent)|it"
        r"|yourself))?",
        _then(_rotate),
    ),
    # "turn target enemy 90 degrees to the left or right": a quarter turn of the target.
    (
        r"(?:then )?turn(?= target\b[^,]*? (?:90 degrees |a quarter turn )?(?:to the )?(?:left"
        r"|right)\b)",
        _then(lambda m: FollowUp("rotate", who="target")),
    ),
    # "then turn it to the right": "turn" for "rotate", of "it" or the card itself.
    (
        r"(?:then )?turn (it|this (?:alteration|summon|champion|permanent)|yourself)"
        r"(?= (?:90 degrees |a quarter turn )?(?:to the )?(?:left|right)\b)",
        _then(lambda m: FollowUp("rotate", who="it" if m.group(1) == "it" else "self")),
    ),
    # "target enemy turns 90 degrees to the left": a quarter turn of the target (or of "it").
    (
        r"(?<=\s)(?<!quarter )(?<!half )turns?(?= (?:90 degrees |a quarter turn )?to the (?:left|right)\b)",
        _then(lambda m: FollowUp("rotate", who="it")),
    ),
    (
        r"(?:(?:90 degrees|a quarter turn) )?(?:to the left or (?:to the )?right|in either direction"
        r"|left or right)(?: \(?(?:as )?you (?:choose|wish|like)\)?)?"
        r"|(?:(?:90 degrees|a quarter turn) )?to (?:the|its) (left|right)|(180 degrees|around|a half turn)"
        r"(?= *$)|90 degrees|a quarter turn",
        _direction,
    ),
    (
        r"(?:then )?(?:copy|duplicate)(?= (?:a )?target (?:\w+ )?ability)",
        _then(lambda m: FollowUp("copy")),
    ),
    # "copy target spell": an ability on the stack of that kind.
    (
        rf"(?:then )?copy (?:a )?target ({_KINDS})(?! ability)(?: (?:on|from) the stack)?",
        _copy_of_kind,
    ),
    # Using the Stack, Copying: the copy is its copier's and keeps the targets (reminder text).
    (
        r"(?:the )?(?:copy|duplicate) is yours"
        r"|(?:and )?(?:the (?:copy|duplicate) )?(?:keeps|keeping) (?:its|the same) targets"
        r"|(?:and )?(?:being |is )?controlled by you",
        _of_a_copy,
    ),
    # Who controls the ability on the stack it targets: "target ability an opponent controls",
    # "... that you control", "... if an opponent controls it".
    (
        r"(?:(?<=ability )|(?<=stack )|(?<=spell )|(?<=attack )|(?<=technique ))(?:(?:that|which) )?"
        r"(?P<who>you|an opponent|your opponent|an enemy) controls?(?: it)?"
        r"|(?:(?<=ability )|(?<=stack ))controlled by (?P<by>you|an opponent|your opponent)"
        r"|if (?P<if>you|an opponent|your opponent) controls? it",
        _condition(
            lambda m: Condition(
                "controller",
                kind="you"
                if (m.group("who") or m.group("by") or m.group("if")) == "you"
                else "opponent",
            )
        ),
    ),
    (
        r"(?:a )?target (?P<side>enemy|opposing|opponent's|ally|allied|friendly|your) ability"
        r"(?: on the stack)?",
        _side_of_ability,
    ),
    (
        rf"(?:a )?target ({_KINDS})(?: speed)? ability(?: (?:on|from) the stack)?",
        _kind_of_ability,
    ),
    # "turn around" is a half turn (Navigating the Arena, Rotate: 90 degrees each way).
    (
        r"(?:then )?turns? around(?: (?:on|in) (?:its|your|the same) spot| in place)?"
        r"(?: to face (?:the )?(?:opposite|other) (?:direction|way))?",
        _then(lambda m: FollowUp("rotate", who="self", turn="around")),
    ),
    (
        r"(?:then )?turn (?:that|the|its) (?:target|enemy|ally|combatant|summon)"
        r"(?: around)? to face (?:the )?(?:opposite|other) (?:direction|way)",
        _then(lambda m: FollowUp("rotate", who="target", turn="around")),
    ),
    # "turn target enemy summon to face the opposite direction": the target phrase is read as
    # the target, and the rest as a half turn of it.
    (
        r"(?:then )?turn(?= target\b[^,]*? to face (?:the )?(?:opposite|other) (?:direction|way))",
        _then(lambda m: FollowUp("rotate", who="target", turn="around")),
    ),
    (
        r"(?:to face|so (?:that )?(?:it|you) faces?) (?:the )?(?:opposite|other) (?:direction|way)",
        _direction_around,
    ),
    # --- the one acting ----------------------------------------------------------------------
    # The card itself, or the target named again, opening its clause as the subject ("this
    # alteration deals ...", "that summon gains ..."): read before the keyword's own phrases, while
    # the clause still opens with it. Anywhere else it is an object no field states ("deal 2
    # damage to target enemy and to this summon", "sacrifice this summon"), and its words stay.
    (
        r"^\s*(?:this|that) (?:alteration|summon|champion|permanent|card|spell|technique"
        r"|enchantment|combatant)(?! (?:and|or)\b)(?! (?:gets?|gains?|receives?) \w+ counters?\b)"
        r"(?=\s+\w)",
        _nothing,
    ),
)
_COMMON: tuple[tuple[str, Reader], ...] = (
    # --- when a trigger happens --------------------------------------------------------------
    (
        r"until (?:the )?end of (?:the |this )?(turn|round)|(?:for |during )?this (turn|round)"
        r"|for the rest of (?:the |this )?(turn|round)"
        r"|until the (turn|round) ends",
        _duration,
    ),
    (
        r"(?:at )?(?:the )?(beginning|start|end) of (?:each of )?(?:(each|the|its|every|your"
        r"|this \w+'s) )?(round|turn)s?"
        r"( in which (?:it|this \w+) (?:is|was) (?:placed|beckoned)|(?: in which)? (?:it|this \w+) entered"
        r"(?: the arena)?)?",
        _trigger,
    ),
    (r"(?:when|as|once) (?:the|each|every) (round|turn) (ends|begins|starts)", _trigger_when),
    (r"on (?:enter|entering)(?: the arena)?", _set(trigger="enters_arena")),
    (
        rf"(?:when|whenever|as) (?:{_THING}|this \w+|(?:a|the) card with this ability) enters"
        rf" the arena",
        _set(trigger="enters_arena"),
    ),
    (
        # Glossary: Count, "whenever the specified condition is met": a summon's death, all of
        # them or some (card format, `dies`): whose ("an ally summon", "an enemy summon"), where
        # ("in this alteration's awareness", "adjacent to it", "around it") and whether killed
        # ("is killed": a sacrificed summon dies but is not killed; Glossary: Died/Dies,
        # Kill(ed)). A place no field states ("near it", "on its spot") is left, and unsaid.
        r"(?:whenever|when|each time|every time) (?:a|an|any|another) (?:(?P<whose>ally|allied"
        r"|friendly|enemy|opposing) )?summon(?: (?P<controls>you control|an opponent controls"
        r"|your opponent controls))? (?P<verb>dies|is killed"
        r"|leaves the arena(?: (?:for|to) (?:the|its owner's) memories)?"
        r"|is sent (?:from the arena )?to (?:the|its owner's) memories)"
        r"(?: (?P<where>(?:with)?in (?:its|this \w+'s) awareness|adjacent to (?:it|this \w+)"
        r"|around (?:it|this \w+)))?"
        r"(?! (?:with)?in\b| around\b| adjacent\b| near\b| on\b)",
        _dies,
    ),
    # --- whom it reaches ---------------------------------------------------------------------
    (r"every combatant|each combatant", _set(target="combatant", each=True)),
    (r"(?:every|each) (?:enemy|opposing) summon", _set(target="enemy_summon", each=True)),
    (r"(?:every|each) (?:enemy|opposing) champion", _set(target="enemy_champion", each=True)),
    (r"(?:every|each) (?:enemy|opposing)(?: combatant)?", _set(target="enemy", each=True)),
    (r"all (?:enemies|enemy combatants|opposing combatants)", _set(target="enemy", each=True)),
    (
        r"(?:every|each|all) adjacent (?:enem(?:y|ies)|opposing combatants?)",
        _set(target="enemy", each=True, reach="adjacent"),
    ),
    (r"(?:every|each) (?:ally|allied|friendly) summon", _set(target="ally_summon", each=True)),
    (r"(?:every|each) (?:ally|allied|friendly)(?: combatant)?", _set(target="ally", each=True)),
    (
        r"(?:you|this (?:summon|champion|combatant)) and(?= target )",
        _set(includes_user=True),
    ),
    *((name, _set(target=kind)) for name, kind in _TARGET_NAMES),
    (
        r"(?:with)?in (?:(?:its|the|this card's|your|this \w+'s) )?awareness",
        _set(reach="awareness"),
    ),
    (r"(?:anywhere )?in the arena|wherever (?:it|they) (?:stands?|is|are)", _set(reach="arena")),
    (r"(?:on a spot )?(?:adjacent|next) to (?:you|your champion)", _set(reach="adjacent")),
    (r"around you", _set(reach="around")),
    # Glossary: Desperation, "Desperation X:" before what it allows.
    (r"desperation \[?(\d+)\]?", _desperation),
    # --- choices -----------------------------------------------------------------------------
    (r"(?:you )?may", _set(optional=True)),
    (
        r"facing the same (?:way|direction)(?: as (?:you|your champion|this \w+))?"
        r"|facing (?:your|your champion's) (?:way|direction)",
        _set(facing="champion"),
    ),
    # Placing from the Thoughts: the player placing it chooses its facing.
    (
        r"facing (?:whichever|any) (?:direction|way)(?: (?:you|that champion's player|its"
        r" controller) (?:prefers?|chooses?|likes?))?",
        _set(facing="choice"),
    ),
    # What cannot happen does not ("discards a card at random, if able").
    (r"if (?:able|possible)", _nothing),
)

_SCOPES: tuple[tuple[str, Reader], ...] = (
    (r"(?:a|each|every|any) combatant", _nothing),
    (r"on (?:this alteration's|its) spot", _set(scope="spot")),
    (r"adjacent to (?:this alteration|it)", _set(scope="adjacent")),
    (r"around (?:this alteration|it)", _set(scope="around")),
)

# Switch (Decoy, Decoy Summon): the glossary's "switch spots", and its usual synonyms.
_SWITCH = (
    r"(?:switch|swap|trade|exchange) (?:the )?(?:spots|places|positions)(?: of)?"
    r"(?: with (?:one another|each other))?|(?:switch|swap|exchange)(?= two target)"
)

# Glossary: Decoy, "the switching of targeting": reminder text saying that what targeted one of the
# two may now target the other.
_RETARGETED = (
    r"(?:abilities|anything|what) (?:that )?(?:targeted|targeting|targets) (?:either|one|each)"
    r" of (?:you|them|the two)(?: now)? (?:may be|is|are|can be) (?:redirected|retargeted"
    r"|switched)(?: to the other)?"
)

# Phrases that restate a keyword's own glossary entry: read only in an ability with that keyword.
# VALUE stands for the keyword's own [X] (digits, the number as a word, or "x"): "deals 2 damage"
# restates Basic Attack [2], and "deals 3 damage" in a Basic Attack [2] is left unsaid.
_RESTATES: dict[str, tuple[str, ...]] = {
    "attack": (
        rf"(?:(?:deals?|takes?) |for )?VALUE ?(?:(?:{_ATTRIBUTE_WORDS}) )*damage",
        r"hits?(?= target\b)",
    ),
    # Glossary: Heal [X], "you gain X HP": the user, who may be named again ("to itself").
    "heal": (
        r"(?:gains?|heals?|restores?|recovers?|regains?) VALUE hp"
        r"(?: to (?:itself|yourself|you))?|heals? VALUE",
    ),
    "cure": (r"(?:gains?|heals?|restores?) VALUE hp|heals? VALUE",),
    "draw": (r"draws? (?:a|one|two|three|\d+) cards?",),
    "breakthrough": (r"draws? (?:a|one|two|three|\d+) cards?",),
    "move": (r"moves?",),
    # Glossary: Negate, "remove target ability from the stack and send it to the memories";
    # "counter" is the word other card games use for it.
    "negate": (
        r"negate|^\s*(?:counter|cancel)\b",
        r"remove",
        rf"(?:and )?(?:send|sending) it to {_MEMORIES}",
        r"from the stack",
        # reminder text: "(it leaves the stack and goes to its owner's memories.)"
        r"(?:it |that ability |the ability )?leaves the stack",
        rf"(?:and )?(?:goes|is sent|sent) (?:directly )?to {_MEMORIES}",
    ),
    # Glossary: Sacrifice, the summon goes to its owner's memories.
    "sacrifice": (r"sacrifices?", rf"(?:and )?(?:sending|send) it to {_MEMORIES}"),
    "decoy": (_SWITCH, _RETARGETED),
    "decoy_summon": (_SWITCH, _RETARGETED),
    # Glossary: Push, "move target combatant or alteration one spot away from you".
    "push": (r"push(?:es)?|moves?", r"(?:(?:one|1|a) spot )?away(?: from (?:you|it|this \w+))?"),
    "paralyze": (r"paralyzes?", r"exerts?"),
    "count": (_PUT_COUNTER,),
    "death_touch": (
        r"kills?",
        r"(?:with|(?:that|which) has) VALUE (?:hp )?or (?:less|fewer)(?: hp)?(?: remaining| left)?"
        # its glossary entry's own words: "with remaining HP [X] or less"
        r"|with remaining hp \[?VALUE\]? or (?:less|fewer)",
        # Glossary: Death Touch, a kill and not damage (reminder text)
        r"(?:this|it|that) is not (?:considered )?damage",
        r"around (?:it|you)",
    ),
    "madness": (
        r"(?:must )?discards? a (?:random )?card(?: at random)?"
        r"(?: from (?:their|its|his|her|your) thoughts)?",
    ),
    "brand": (r"brands?",),
    "toss": (
        r"toss(?:es)?|throws?|pick up",
        r"(?:and )?(?:place|put)(?: it| them)?",
        r"(?:on|onto|to) (?:a|any) spot around you",
        # Glossary: Toss, the target keeps its facing.
        r"(?:its|their|the target's) facing (?:does not|doesn't|will not) change"
        r"|(?:it|they) keeps? (?:its|their) facing",
    ),
    "warp": (
        r"(?:warp|move|blink|teleport|relocate|shift|step)s?(?: to (?:a|an unoccupied|any) spot)?"
        r" (?:adjacent|next) to",
    ),
    "replicate": (
        rf"(?:takes?|places?|puts?) {_N} cop(?:y|ies) of {_THING} from your subconscious"
        rf"(?: (?:(?:on|onto) (?:a spot|spots) )?adjacent to (?:it|this \w+))?",
        r"place (?:it|them|each) (?:on|onto) (?:a spot|spots) adjacent to this \w+",
        rf"(?:then )?exert (?:{_THING}|them|(?:the|that|those) cop(?:y|ies))",
        # Glossary: Replicate, "facing the same direction as this card" (not its champion's).
        r"facing the same (?:way|direction)(?: as (?:it|this \w+))?|facing its (?:way|direction)",
    ),
    "resurrect_beckon": (
        r"(?:place|put) this summon (?:(?:on|onto) (?:a|the) spot )?where (?:a|that) summon"
        r" (?:has been|was) killed"
        r"(?: this round)?",
        rf"then exert {_THING}",
    ),
    # Glossary: Beckon, "adjacent to you": the champion, who plays it from the thoughts.
    "beckon": (
        r"(?:place|put|summon|beckon) (?:this summon|this)(?: (?:on a spot )?(?:adjacent|next) to"
        r" (?:you|your champion))?",
        rf"(?:then )?exert {_THING}",
    ),
    # Glossary: Create, "place the alteration on an unoccupied spot in the arena".
    "create": (
        r"(?:place|put|create)s? (?:this|the|it)(?: alteration)?(?: into play)? (?:on|onto|in)"
        r" (?:an?|any)"
        r" (?:unoccupied|empty|open|free) spot(?: (?:anywhere )?(?:in|of) the arena)?",
        r"create (?:this|the) alteration",
        # reminder text: the alteration's other abilities act on their own
        r"(?:all )?(?:of )?its other abilities act (?:on their own|autonomously|by themselves)",
    ),
    "build": (r"place (?:this|the) alteration on the same spot (?:you are on|as you)",),
    # Glossary: Enchant, "attach this card as a skill" (to its target).
    "enchant": (r"attach (?:this card|it)(?: to)?", r"as a skill"),
    "curse": (r"attach (?:this card|it)(?: to)?", r"as a skill"),
    "champion_curse": (r"attach (?:this card|it)(?: to)?", r"as a skill"),
    "defense": (r"prevents? VALUE (?:of the )?damage(?: dealt to (?:it|them))?",),
    # Glossary: Pacify, the combatant "loses their current awareness" ("pacified").
    "pacify": (
        r"(?:has |have )?no awareness|loses? (?:its|their)(?: current)? awareness",
        r"(?:(?:is|are|becomes?) )?pacified",
    ),
    # Glossary: Grounded, the combatant does not have Flight (nor Aerial abilities); "ground
    # target enemy" gives it.
    "grounded": (
        r"grounds?",
        r"(?:(?:does not|doesn't|cannot|can't) have|loses?) flight"
        r"(?: (?:and|or|nor) aerial(?: abilities)?)?",
    ),
    "blitz": (r"ready|unexert", rf"when {_THING} enters the arena"),
    # Glossary: Stun, "cannot move or rotate themselves this round" (the duration is read apart).
    "stun": (
        r"(?:(?:is|are|becomes?) )?stunned|stuns?",
        r"(?:(?:a|the) stunned (?:combatant|summon|champion) )?(?:cannot|can't|can not) move or"
        r" rotate(?: (?:itself|themselves))?",
    ),
    "break": (
        # Glossary: Break, "a player may remove all counters from this card and the listed
        # effect will occur": "if you do" is that "may".
        rf"(?:you may )?removes? (?:all (?:of )?)?(?:them|its counters|the counters|counters)"
        rf"(?: all)?(?: from {_THING})?",
        r"if you do",
    ),
    # Glossary: Line of Sight, from the ability's awareness to the arena's edge or a blocker.
    "line_of_sight": (r"(?:with)?in (?:its|the|this \w+'s|your) line of sight",),
}


def _break_at(match: re.Match[str], facts: dict[str, object]) -> None:
    facts.setdefault("break_at", _number(next(g for g in match.groups() if g)))


# Switch: "switch spots with target ally" and "target ally and you exchange spots" trade the
# user's spot and the target's (Decoy and Decoy Summon alike).
_WITH_THE_USER: tuple[tuple[str, Reader], ...] = (
    (
        r"(?:you )?(?:switch|swap|trade|exchange)(?:e?s)? (?:spots|places) with(?= target )",
        _set(includes_user=True),
    ),
    (r"(?<=\s)and you(?= (?:switch|swap|trade|exchange) )", _set(includes_user=True)),
)

# Phrases that state a field, read only in an ability with that keyword.
_KEYWORD_FACTS: dict[str, tuple[tuple[str, Reader], ...]] = {
    # Glossary: Break, "when those conditions are met": the counters the card must hold.
    "break": (
        (
            rf"(?:when|once|whenever|if) (?:(?:{_THING}|this) {_HOLDS} {_N}(?: or more)? counters"
            rf"(?: on it)?|there (?:are|is) {_N}(?: or more)? counters on (?:{_THING}|it))"
            rf"|^at {_N} counters",
            _break_at,
        ),
    ),
    # Switch: "switch spots with target ally" trades the user's spot and the target's.
    "decoy": _WITH_THE_USER,
    "decoy_summon": _WITH_THE_USER,
    # Attack Abilities: the combatant "deals X damage to a target in its awareness": what "deals
    # 2 damage to an opposing summon" names is that target.
    "attack": (
        (r"(?<=damage to )(?:a|an|one) (?:enemy|opposing) summon", _set(target="enemy_summon")),
        (
            r"(?<=damage to )(?:a|an|one|the) (?:enemy|opposing) champion",
            _set(target="enemy_champion"),
        ),
        (r"(?<=damage to )(?:a|an|one) (?:enemy|opposing)(?: combatant)?", _set(target="enemy")),
    ),
    # "negate target attack": an ability on the stack of that kind, "ability" left unsaid.
    "negate": (
        (rf"(?:a )?target ({_KINDS})(?! ability)(?: (?:on|from) the stack)?", _kind_of_ability),
        # "negate an attack", "counter a spell": an ability on the stack of that kind
        (
            rf"(?:(?<=negate )|(?<=counter )|(?<=cancel ))(?:a|an) ({_KINDS})(?! ability)",
            _kind_of_ability,
        ),
    ),
    # Glossary: Madness, "a champion who is affected": the opposing champion is its target.
    "madness": (
        (
            r"(?<!target )(?:the |an? )?(?:opposing|enemy) champion(?= discards)"
            r"|your opponent(?= discards)",
            _set(target="enemy_champion"),
        ),
    ),
    # Glossary: Sacrifice, "a sacrificed target": what "sacrifice a friendly summon" names is it.
    "sacrifice": (
        (
            r"(?<=sacrifice )(?:a|an|one) (?:ally|allied|friendly) summon",
            _set(target="ally_summon"),
        ),
        (
            r"(?<=sacrifice )(?:a|an|one) (?:ally|allied|friendly)(?: combatant)?",
            _set(target="ally"),
        ),
    ),
}
# A keyword that is a lasting property (Flight, Defense [2], Weakness [Electric] ...) is restated
# by its own name, with "gains" or "has" and its value.
_GRANT_VERBS = r"(?:gains?|has|have|gets?|is|are|becomes?)"


def _value(term: KeywordTerm) -> str:
    """The ways card text writes the term's [X]: its digits or word, or "x"."""
    if term.value is None:
        return r"(?:\d+|x)"
    words = [w for w, n in _NUMBERS.items() if n == term.value and w not in ("a", "an")]
    return f"(?:{'|'.join([str(term.value), *words, 'x'])})"


def _ailment_words(ailment: str) -> str:
    """An ailment as card text names it: "stun"; one with a source, Weakness [Fire], also as
    "weakness to fire" and "fire weakness"."""
    named = re.fullmatch(r"(?P<name>[a-z ]+?) \[(?P<source>[a-z ]+)\]", ailment)
    if named is None:
        return re.escape(ailment)
    name, source = re.escape(named.group("name")), re.escape(named.group("source"))
    return rf"(?:{name} (?:\[{source}\]|to {source}|\({source}\))|{source} {name})"


def _keyword_phrases(ability: Ability) -> list[tuple[str, Reader]]:
    phrases: list[tuple[str, Reader]] = []
    for term in ability.terms:
        phrases.extend(_KEYWORD_FACTS.get(term.keyword, ()))
        restates = _RESTATES.get(term.keyword, ())
        if term.keyword == "brand" and term.specific:
            # Glossary: Brand, "applies a specific ailment": Brand [Stun]'s "is stunned" is
            # Stun's own words, and "is grounded" Brand [Grounded]'s.
            ailment = term.specific.lower()
            restates = (
                *restates,
                *_RESTATES.get(ailment, ()),
                rf"(?:{_GRANT_VERBS} )?{_ailment_words(ailment)}",
            )
        for phrase in restates:
            phrases.append((phrase.replace("VALUE", _value(term)), _nothing))
        if term.keyword == "attack" and "area" in term.attributes:
            phrases.append((r"everything|every permanent|all permanents", _nothing))
        keyword = KEYWORDS.get(term.keyword)
        if keyword is not None and term.keyword != "attack":
            name = re.escape(re.sub(r" \[.*\]$", "", keyword.name.lower()))
            # The keyword's own [X] or [Specific] only: a keyword without one takes no word
            # after it ("gains flight until end of turn": "until" is the duration's).
            param = ""
            if keyword.param is Param.NUMBER:
                param = rf"(?: \[?{_value(term)}\]?)?"
            elif keyword.param in (Param.SPECIFIC, Param.AILMENT) and term.specific:
                param = rf"(?: \[?{re.escape(term.specific.lower())}\]?)?"
            phrases.append((rf"(?:{_GRANT_VERBS} )?{name}{param}", _nothing))
    return phrases


def _clauses(text: str) -> list[str]:
    """The text's clauses: its sentences, split at commas and before "then"."""
    found = []
    for sentence in re.split(r"[.;!:](?:\s+|$)", text):
        for clause in re.split(r",\s*|\s+(?=then\b)", sentence):
            clause = re.sub(r"^and\s+", "", clause.strip())
            if clause:
                found.append(clause)
    return found


def _normal(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    return " ".join(text.lower().split())


# --- the same facts in plainer words -----------------------------------------------------------
# Card text says one fact in many voices: "target enemy is dealt 2 damage" is "deal 2 damage to
# target enemy", and "the champion who plays this card places ..." is "you place ...". Rather than
# give every phrase its passive and formal twins, each clause is first rewritten into the plain
# active voice the phrases read (`_plain_words`); a clause no field states is still reported as
# printed. A rewrite only reorders the clause or swaps a word for its plain synonym: it never adds
# a fact, and what it cannot place stays in the clause, to be read or refused as before.

# Numbers as a card writes them ("2", "two", "x", "a").
_ANY_N = rf"(?:\d+|x|{'|'.join(_NUMBERS)})"
_DAMAGE = rf"(?P<dmg>{_ANY_N} (?:(?:{_ATTRIBUTE_WORDS}) )*damage)"
# Who or what a passive clause opens with: a target, "each enemy", "this summon", "it", "they",
# and where it stands ("in its awareness", "around it with two HP or less"). Only these words:
# a subject that held a verb ("this summon deals 2 damage to target enemy and it is pushed")
# would move one effect's words into another's.
_NOUNS = (
    r"(?:enem(?:y|ies)|opposing|all(?:y|ies)|allied|friendly|summons?|champions?|combatants?"
    r"|abilit(?:y|ies)|alterations?|permanents?|cop(?:y|ies)|spell|technique|attack|swift"
    r"|action)"
)
_STANDS = (
    rf"(?:with)?in (?:its|your|the|this \w+'s) awareness|(?:adjacent to|around) (?:you|it"
    rf"|this \w+)|on the stack|anywhere in the arena|(?:with|that has) (?:{_COUNT}) hp or (?:less"
    rf"|fewer)(?: remaining)?"
)
_SUBJECT = (
    rf"(?P<obj>(?:(?:target|each|every|all|that|this|these|those|the|an?|one|two|three|\d+)"
    rf"(?: {_NOUNS}){{1,3}}(?: of it)?|it|they)(?: (?:{_STANDS})){{0,2}})"
)
# The acting "by ..." of a passive clause: the card itself or its player.
_BY = r"(?: by (?P<by>this (?:alteration|summon|champion|card|spell|technique)|it|you))?"
# Past participles and the verb each is the passive of.
_ACTIVE = {
    "killed": "kill",
    "destroyed": "destroy",
    "negated": "negate",
    "countered": "negate",
    "copied": "copy",
    "pushed": "push",
    "rotated": "rotate",
    "spun": "rotate",
    "turned": "rotate",
    "sacrificed": "sacrifice",
    "tossed": "toss",
    "placed": "place",
    "removed": "remove",
    "taken": "take",
    "exerted": "exert",
    "sent": "send",
}
_PARTICIPLE = "|".join(_ACTIVE)


def _deal(match: re.Match[str], target: str) -> str:
    by = match.group("by")
    verb = "deal" if by in (None, "you") else f"{by} deals"
    return f"{'you ' if by == 'you' else ''}{verb} {match.group('dmg')} to {target}"


def _them(words: str) -> str:
    return "them" if words == "they" else words


# (pattern, rewrite) for a whole clause, "then " and "and " kept in front of it.
_VOICES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    # "target enemy is dealt 2 damage (by this alteration)": "(this alteration) deal(s) 2 damage
    # to target enemy".
    (
        re.compile(
            rf"{_SUBJECT} (?:is|are) (?:dealt|inflicted with|struck for|hit for|hit with) "
            rf"{_DAMAGE}{_BY}(?P<rest>.*)"
        ),
        lambda m: _deal(m, m.group("obj")) + m.group("rest"),
    ),
    # "2 damage is dealt to target enemy", "two range damage is inflicted on ...".
    (
        re.compile(
            rf"{_DAMAGE} (?:is|are) (?:dealt|inflicted|done){_BY} (?:to|on|upon) (?P<rest>.*)"
        ),
        lambda m: _deal(m, m.group("rest")),
    ),
    # "a counter is placed on this alteration", "two counters are removed from it".
    (
        re.compile(
            rf"(?P<n>{_ANY_N}) (?P<c>counters?) (?:is|are) (?P<verb>placed|put|added|removed"
            rf"|taken) (?:on|onto|to|upon|from|off) (?P<rest>.*)"
        ),
        lambda m: (
            f"remove {m.group('n')} {m.group('c')} from {m.group('rest')}"
            if m.group("verb") in ("removed", "taken")
            else f"put {m.group('n')} {m.group('c')} on {m.group('rest')}"
        ),
    ),
    # "target enemy summon around it is killed", "they are all removed", "target ability on the
    # stack is copied": the verb first, then what it acts on.
    (
        re.compile(
            rf"{_SUBJECT} (?:is|are) (?:(?P<all>all) )?(?P<verb>{_PARTICIPLE})\b(?P<rest>.*)"
        ),
        lambda m: (
            f"{_ACTIVE[m.group('verb')]} {_them(m.group('obj'))}"
            f"{' all' if m.group('all') else ''}{m.group('rest')}"
        ),
    ),
    # A participle opening a clause acts on what the sentence is about ("one copy of it is taken
    # from your subconscious, placed on a spot adjacent to this summon, and exerted").
    (
        re.compile(rf"(?P<verb>{_PARTICIPLE})\b(?P<rest>.*)"),
        lambda m: f"{_ACTIVE[m.group('verb')]} it{m.group('rest')}",
    ),
)

# Words swapped for their plain synonyms anywhere in a clause.
_SYNONYMS: tuple[tuple[str, str], ...] = (
    # The one who plays or controls the card is "you" (Glossary: You, the champion or its player).
    (
        r"the (?:champion|player) (?:(?:who|that) (?:plays|played|controls|casts|cast|uses|used)"
        r"|using|casting|playing|controlling) this (?:card|spell|technique|summon|alteration"
        r"|champion|ability)",
        "you",
    ),
    # "Kill an enemy summon around it", "swap places with an ally summon": the one the effect
    # picks is its target (Glossary: Target), unless it is the subject of a moment or a
    # condition ("whenever an ally summon dies", "if an enemy summon is ...") or controls.
    (
        r"(?<!when )(?<!whenever )(?<!time )(?<!if )(?<!while )(?<!unless )(?<!as )"
        r"(?:an?|one|any) (?P<side>enem(?:y|ies)|all(?:y|ies)|allied|friendly|opposing)"
        r"(?! controls?\b)",
        r"target \g<side>",
    ),
    # "Choose an enemy summon in its awareness. It takes 2 damage.": the one chosen is a target.
    (rf"(?:choose|select) (?:a|an|one|target) (?P<noun>{_NOUNS})", r"target \g<noun>"),
    (r"upon", "on"),
    (r"whilst", "while"),
    # "thereupon gains four HP": what follows comes after, as the text's order already says.
    (r"(?:there|where)upon", ""),
    (r"(?:with)?in the awareness of (?:this \w+|it)", "in its awareness"),
    # "once three counters sit on this alteration": it has them.
    (
        rf"(?P<n>{_ANY_N}(?: or more)?) counters? (?:sit|are|rest|lie|remain) on (?P<thing>{_THING})",
        r"\g<thing> has \g<n> counters",
    ),
    # "cause target ally to gain one HP": target ally gains one HP.
    (
        r"causes? (?P<obj>(?:target|each|every|that|this|it)\b[^,]*?) to (?P<verb>gain|lose)\b",
        r"\g<obj> \g<verb>s",
    ),
)
_SYNONYMS_COMPILED = tuple((re.compile(rf"(?<!\w)(?:{p})(?!\w)"), r) for p, r in _SYNONYMS)
# "The champion who controls it" is "you" where "it" can only be the card: before any target or
# other thing ("whenever a summon dies, the player who controls it ..." is that summon's).
_CONTROLS_IT = re.compile(r"(?<!\w)the (?:champion|player) (?:who|that) controls it(?!\w)")
_ANOTHER_THING = re.compile(
    r"\btarget\b|\b(?:a|an|any|another|each|every|one) (?:\w+ )?(?:summon|champion|combatant"
    r"|enem(?:y|ies)|all(?:y|ies)|alteration|abilit(?:y|ies)|spell|technique|permanent|card)s?\b"
)
# A clause break, as `_clauses` splits (kept, so the text can be put back together).
_BREAK = re.compile(r"([.;!:](?:\s+|$)|,\s*|\s+(?=then\b))")


# "Your champion" on a spell or technique is its user, "you" (a permanent's user is itself).
_YOUR_CHAMPION = re.compile(r"(?<!\w)your champion(?![\w'])")


# The cost written before the effect, as many card games print it ("Exert, 2 Aura: deal 2
# damage ..."): each part and the field of `Cost` it states.
_COST_PARTS = (
    (r"exert(?: (?:this \w+|it|yourself))?", "exert"),
    (rf"(?:pay )?(?P<n>{_ANY_N}) aura", "aura"),
    (rf"(?:pay )?(?P<n>{_ANY_N}) energy", "energy"),
    (rf"(?:pay |lose )?(?P<n>{_ANY_N}) hp", "hp"),
    (rf"discard (?P<n>{_ANY_N}) cards?", "discard"),
)


def _without_its_cost(text: str, cost: Cost) -> str:
    """The text without a cost printed before its effect ("exert: deal 2 damage ..."), where
    that cost is the ability's own (The Costs of Abilities); any other stays, to be refused."""
    heading = re.match(r"(?P<parts>[a-z0-9 ,]+?)\s*[:\u2014\u2013]\s*", text)
    if heading is None:
        return text
    said: dict[str, int | bool] = {}
    for part in re.split(r"\s*,\s*|\s+and\s+", heading.group("parts")):
        for pattern, kind in _COST_PARTS:
            match = re.fullmatch(pattern, part)
            if match is not None and kind not in said:
                said[kind] = True if kind == "exert" else _number(match.group("n"))
                break
        else:
            return text  # a part that is no cost: the heading is something else
    if Cost(**said) != cost:  # type: ignore[arg-type]
        return text
    return text[heading.end() :]


def _plain_clause(
    clause: str, before: str, champion_acts: bool, names: re.Pattern[str] | None
) -> str:
    """One clause in the plain active voice (`before` is the text ahead of it; with
    `champion_acts`, the card's user is the champion)."""
    # What stands around the words: "and", "then", and reminder text's parentheses.
    lead = re.match(r"\s*\(?\s*(?:and\s+)?(?:then\s+)?", clause)
    tail = re.search(r"[\s.)]*$", clause)
    start, end = (lead.end() if lead else 0), (tail.start() if tail else len(clause))
    head, body, after = clause[:start], clause[start:end], clause[end:]
    if names is not None:
        body = names.sub("this card", body)
    for pattern, plain in _SYNONYMS_COMPILED:
        body = pattern.sub(plain, body)
    controls = _CONTROLS_IT.search(body)
    if controls is not None and not _ANOTHER_THING.search(before + body[: controls.start()]):
        body = _CONTROLS_IT.sub("you", body)
    if champion_acts:
        body = _YOUR_CHAMPION.sub("you", body)
    body = " ".join(body.split())
    for pattern, rewrite in _VOICES:
        match = pattern.fullmatch(body)
        if match is not None:
            return head + rewrite(match) + after
    return head + body + after


def _plain_words(
    text: str, champion_acts: bool = False, names: re.Pattern[str] | None = None
) -> tuple[str, dict[str, str]]:
    """The text in the plain active voice, and each of its clauses as printed."""
    pieces = _BREAK.split(text)
    for index in range(0, len(pieces), 2):
        pieces[index] = _plain_clause(pieces[index], "".join(pieces[:index]), champion_acts, names)
    plain = "".join(pieces)
    said, printed = _clauses(plain), _clauses(text)
    if len(said) != len(printed):
        return plain, {}
    return plain, dict(zip(said, printed, strict=True))


# Glossary: Break, "the listed effect will occur": a Break named alone ("Break") lists it in its
# text. "It deals 3 damage" is Basic Attack [3]'s own definition ("this combatant deals X damage
# to a target"), "deals 1 water damage" a Water Attack [1]'s: the effect is that attack.
_BREAK_DAMAGE = re.compile(rf"\bdeals? ({_COUNT}) (?:({_ELEMENT_WORDS}) )?damage\b")


def stated_ability(ability: Ability) -> Ability:
    """The ability with the keyword its text lists where its name gives only the trigger: a
    Break named alone whose text deals damage gets that attack in its name ("Break" becomes
    "Break Basic Attack [3]"), which version 2 states it with. Otherwise the ability itself."""
    slugs = {t.keyword for t in ability.terms}
    if slugs != {"break"}:
        return ability
    match = _BREAK_DAMAGE.search(_normal(ability.text))
    if match is None:
        return ability
    kind = (match.group(2) or "basic").capitalize()
    name = f"{ability.name} {kind} Attack [{_number(match.group(1))}]"
    return replace(ability, name=name, terms=parse_ability_name(name))


_PERMANENTS = (CardType.SUMMON, CardType.ALTERATION, CardType.CHAMPION)
_FROM_ITSELF: tuple[tuple[str, Reader], ...] = (
    (r"adjacent to (?:it|this (?:summon|alteration|champion|card))", _set(reach="adjacent")),
    (r"around (?:it|this (?:summon|alteration|champion|card))", _set(reach="around")),
)

# The keywords whose effect lasts, and so has a duration: the keywords and ailments granted, and
# Brand's (rules.core.engine.keywords.base.modifier, .brand).
_LASTS = MODIFIERS | {"brand"}


def read_ability_text(card_type: CardType, ability: Ability, name: str = "") -> Reading:
    """What `ability`'s text states, clause by clause, and each clause no field states. `name`
    is the card's: a word of it names the card ("this totem deals ..." on Thornfield Totem)."""
    ability = stated_ability(ability)
    text, printed = _text_to_read(card_type, ability, name)
    phrases, once = _phrases(card_type, ability, name)
    facts: dict[str, object] = {}
    unsaid: list[str] = []
    # The clause of each condition whose "it" the ability as a whole settles (`_settle_it`).
    it_clauses: dict[int, str] = {}
    when: str | None = None  # the clause that says when it happens
    lasting: str | None = None  # the clause that says how long it lasts
    used: set[int] = set()
    for clause in _clauses(text):
        known = len(facts.get("conditions", ()))  # type: ignore[arg-type]
        rest = _read_clause(clause, phrases, once, used, facts)
        if any(w not in _SMALL_WORDS for w in re.findall(r"[\w\[\]']+", rest)):
            unsaid.append(clause)
        conditions: tuple[Condition, ...] = facts.get("conditions", ())  # type: ignore[assignment]
        for index, condition in enumerate(conditions):
            if index >= known and condition.who == "it":
                it_clauses[index] = clause
        if "trigger" in facts and when is None:
            when = clause
        if "duration" in facts and lasting is None:
            lasting = clause
    unsaid += _unclear_it(text, facts)
    unsaid += _its_own_after_a_target(text, facts)
    unsaid += _the_user_as_recipient(ability, text)
    if when is not None and ability.speed in (Speed.ACTION, Speed.SWIFT):
        # An ability played now that acts later ("deal 2 damage to target enemy at the end of
        # the turn") is a delayed effect: no field states it.
        unsaid.append(when)
    if lasting is not None and not {t.keyword for t in ability.terms} & _LASTS:
        # "You gain 2 HP until end of turn": only a granted keyword or ailment lasts (card
        # format, `duration`); no field makes HP, damage or a move wear off.
        unsaid.append(lasting)
    unsaid += _settle_it(card_type, text, facts, it_clauses)
    _settle(ability, facts)
    return Reading(facts, tuple(dict.fromkeys(printed.get(c, c) for c in unsaid)))


def _text_to_read(card_type: CardType, ability: Ability, name: str) -> tuple[str, dict[str, str]]:
    """The ability's text as the phrases read it: lower case, the card's name as "this card", no
    heading or cost before the effect, in the plain active voice; and each of its clauses as
    printed (`_plain_words`)."""
    text = _normal(ability.text)
    # The ability's name opening its text, as a heading ("Count — whenever a summon dies, ...",
    # "Heavy Attack 2 - ..."), restates it.
    heading = re.escape(_normal(ability.name)).replace(r"\[", r"\[?").replace(r"\]", r"\]?")
    text = re.sub(rf"^{heading}\s*[\u2014\u2013:-]\s*", "", text)
    text = _without_its_cost(text, ability.cost)
    champion_acts = card_type not in (CardType.SUMMON, CardType.ALTERATION)
    return _plain_words(text, champion_acts, _card_names(name))


def _card_names(name: str) -> re.Pattern[str] | None:
    """How the card's text names the card itself, which it reads as "this card": by its name
    ("put a counter on bone idol") or by a word of it ("this totem deals ..." on Thornfield
    Totem, "put a counter on this pylon" on Thorn Pylon)."""
    if not name:
        return None
    words = [w for w in re.findall(r"[a-z]+", name.lower()) if len(w) > 3]
    named = [re.escape(_normal(name)), *(rf"this {re.escape(w)}" for w in words)]
    return re.compile(rf"(?<!\w)(?:{'|'.join(named)})(?!\w)")


def _phrases(
    card_type: CardType, ability: Ability, name: str
) -> tuple[list[tuple[re.Pattern[str], Reader]], range]:
    """The phrases the ability's clauses are read with, in order, and the positions of its
    keywords' own, each read once: they restate its one effect, so the same effect said again
    ("target enemy takes 2 damage and you take 2 damage") is a second effect, and unsaid."""
    slugs = {t.keyword for t in ability.terms}
    own = _keyword_phrases(ability)
    before = [*_FIRST]
    if "count" not in slugs:
        # Counters put on by another ability than Count ("put a counter on it"), "then" or not
        # (Count's own words are its keyword's).
        before.append(
            (
                _PUT_COUNTER,
                _then(lambda m: FollowUp("add_counter", _number(m.group(1) or m.group(2)))),
            )
        )
    if "death_touch" not in slugs:
        # "target ally with 5 HP or less": the target's HP (Death Touch's own words say its [X]).
        before.append((rf"(?:with|that has|who has) {_bounded(_HP)}(?: remaining| left)?", _its_hp))
    if ability.speed is Speed.CONTINUOUS and card_type is CardType.ALTERATION:
        before = [*_SCOPES, *before]
    phrases = [*before, *own, *_COMMON]
    if card_type in _PERMANENTS:
        # A permanent's own abilities measure from it: "adjacent to it" is adjacent to the user
        # (read last, after every phrase that holds these words for something else).
        phrases += _FROM_ITSELF
    compiled = [(re.compile(rf"(?<![\w\[])(?:{p})(?![\w\]])"), read) for p, read in phrases]
    return compiled, range(len(before), len(before) + len(own))


def _read_clause(
    clause: str,
    phrases: list[tuple[re.Pattern[str], Reader]],
    once: range,
    used: set[int],
    facts: dict[str, object],
) -> str:
    """Read the phrases of one clause into `facts`, in order; what is left of the clause. A
    phrase in `once` is read once in the whole text (`used`)."""
    rest = clause
    for number, (pattern, read) in enumerate(phrases):
        while number not in used:
            match = pattern.search(rest)
            if match is None or not match.group(0) or read(match, facts) is False:
                break
            # The words on either side meet as in a sentence ("target action ability you
            # control on the stack" reads "... ability on the stack" once "you control" is).
            rest = " ".join(f"{rest[: match.start()]} {rest[match.end() :]}".split())
            if number in once:
                used.add(number)
    return rest


# The card itself as the one acting ("this alteration deals 1 damage to target enemy, …").
_ITSELF_ACTS = re.compile(
    r"\bthis (?:alteration|summon|champion|permanent|card|combatant) (?!has\b|holds\b|bears\b|carries\b)\w+s\b"
)


def _unclear_it(text: str, facts: dict[str, object]) -> list[str]:
    """The clauses whose "rotate it" could mean either the card, named as the one acting, or
    its target ("this alteration deals 1 damage to target enemy, then rotate it"): no field can
    say which the text means, so they are unsaid. With only a target, "it" is the target."""
    steps = facts.get("then", ())
    if not (facts.get("target") and _ITSELF_ACTS.search(text)):
        return []
    if not any(f.effect == "rotate" and f.who == "it" for f in steps):  # type: ignore[attr-defined]
        return []
    return [c for c in _clauses(text) if re.search(r"\brotate it\b", c)]


# "It" as the one acting: "it deals …" opening a clause or sentence.
_IT_ACTS = re.compile(r"(?:^|[.,;:] )it (?!has\b|holds\b|bears\b|carries\b|is\b)\w+s\b")
# What follows an effect and acts on the card itself ("then destroy it", "then put a counter on
# it"), with "it" for the card.
_ITS_OWN = re.compile(
    r"\b(?:destroy it|it is destroyed|it loses \w+ hp|put \w+ counters? on it"
    r"|remove \w+ counters? from it)\b"
)


def _its_own_after_a_target(text: str, facts: dict[str, object]) -> list[str]:
    """The clauses where "it", in what follows an effect on the card itself ("then destroy it",
    "then put a counter on it"), comes after a target: there "it" is the target ("deal 1 damage
    to target enemy, then destroy it"), and no field destroys a target, takes its HP or puts
    counters on it. Where the card is named as the one acting ("it deals 1 damage to target
    enemy, then put a counter on it") or nothing is targeted, "it" is the card."""
    if not facts.get("target") or _ITSELF_ACTS.search(text) or _IT_ACTS.search(text):
        return []
    found = []
    for clause in _clauses(text):
        own = _ITS_OWN.search(clause)
        if own is not None and _target_before(text, clause, own.start()):
            found.append(clause)
    return found


# The user as what an attack damages ("it takes 2 damage", "deal 2 damage to yourself"), a Cure
# heals ("you gain 2 HP") or a Madness empties ("you discard a card"). "It" after a target is the
# target.
_USER_DAMAGED = re.compile(
    r"\b(?P<who>it|you|this \w+) takes? [\w ]*?damage\b"
    r"|\bdamage to (?P<whom>it|itself|you|yourself|this \w+)\b"
)
_USER_HEALED = re.compile(
    r"^(?P<who>it|you|this \w+) (?:gains?|heals?|restores?|recovers?|regains?) \w+ hp\b"
)
_USER_DISCARDS = re.compile(r"^(?P<who>it|you|this \w+) discards?\b")


def _the_user_as_recipient(ability: Ability, text: str) -> list[str]:
    """The clauses that name the user as what its attack damages, its Cure heals or its Madness
    empties: the keyword's recipient is a target (Glossary: Basic Attack, "deals X damage to a
    target"; Cure [X], "a target in this ability's awareness gains X HP"; Madness, "a champion
    who is affected"), and no field makes it the user, so they are unsaid."""
    slugs = {t.keyword for t in ability.terms}
    found = []
    for clause in _clauses(text):
        named = None
        if "attack" in slugs:
            named = _USER_DAMAGED.search(clause)
        if named is None and "cure" in slugs:
            named = _USER_HEALED.search(clause)
        if named is None and "madness" in slugs:
            named = _USER_DISCARDS.search(clause)
        if named is None:
            continue
        who = named.group("who") or named.group("whom")
        if who == "it" and _target_before(text, clause, named.start()):
            continue  # "it" is the target named before it
        found.append(clause)
    return found


def _target_before(text: str, clause: str, at: int) -> bool:
    """Whether a target is named in `text` before position `at` of its clause `clause`."""
    return re.search(r"\btarget\b", text[: text.find(clause)] + clause[:at]) is not None


def _settle_it(
    card_type: CardType, text: str, facts: dict[str, object], it_clauses: dict[int, str]
) -> list[str]:
    """Whose number a condition on "it" reads, and the clauses where no field can say.

    "It" after the target is named is the target ("deal 2 damage to target enemy if it has 3
    HP or less"), unless the card is named as the one acting ("this summon deals 2 damage to
    target enemy if it has ...": either could be meant). Before any target, "it" is the
    permanent using the ability ("if it has 3 HP or less, it deals ..."); a spell or technique
    has no HP or counters of its own, so there no field says whose. No field states a target's
    counters."""
    if not it_clauses:
        return []
    permanent = card_type in _PERMANENTS
    unclear: list[str] = []
    conditions = list(facts["conditions"])  # type: ignore[call-overload]
    for index, clause in it_clauses.items():
        condition = conditions[index]
        lead = re.search(r"\b(?:if|while|as long as)\b", clause)
        after_target = bool(facts.get("target")) and _target_before(
            text, clause, lead.start() if lead else 0
        )
        if after_target and condition.test == "hp" and not _ITSELF_ACTS.search(text):
            conditions[index] = replace(condition, who="target")
        elif not after_target and permanent:
            conditions[index] = replace(condition, who="self")
        else:
            unclear.append(clause)
    facts["conditions"] = tuple(conditions)
    return unclear


def _settle(ability: Ability, facts: dict[str, object]) -> None:
    """Facts that depend on the ability as a whole: what its speed makes of the phrases read."""
    slugs = {t.keyword for t in ability.terms}
    if ability.speed not in (Speed.TRIGGER, Speed.IMMEDIATE):
        facts.pop("trigger", None)
        facts.pop("dies", None)
    if ability.speed is Speed.CONTINUOUS:
        for name in ("target", "each", "duration", "optional", "then", "reach", "includes_user"):
            facts.pop(name, None)
        return
    facts.pop("scope", None)
    if "negate" in slugs or any(f.effect == "copy" for f in facts.get("then", ())):  # type: ignore[attr-defined]
        # Glossary: Negate, "target ability"; Copying: the ability copied is on the stack.
        facts["target"] = "ability"
    if "move" in slugs:
        # Navigating the Arena, Moving as a Part of an Ability: with no destination given,
        # the move is to an adjacent unoccupied spot.
        facts.setdefault("reach", "adjacent")
    elif facts.get("reach") == "awareness" and not slugs & {"sacrifice", "death_touch"}:
        facts.pop("reach")  # an ability's reach is its awareness unless the keyword says else
    if facts.get("includes_user") and not slugs & {"decoy", "decoy_summon"}:
        facts.pop("includes_user")
    if "then" in facts:
        # "rotate it": the target where the ability has one, else whoever uses it.
        it = "target" if facts.get("target") and not facts.get("each") else "self"
        facts["then"] = tuple(
            replace(f, who=it) if f.who == "it" else f
            for f in facts["then"]  # type: ignore[attr-defined]
        )


def upgrade_ability(card_type: CardType, ability: Ability, name: str = "") -> Ability:
    """The ability with the version-2 facts its text states (fields already set are kept)."""
    ability = stated_ability(ability)
    found = read_ability_text(card_type, ability, name).facts
    # A field the file already gives wins; an empty finding sets nothing.
    given = ability.facts()
    kept = {k: v for k, v in found.items() if v not in (None, False, ()) and k not in given}
    return replace(ability, **kept)  # type: ignore[arg-type]


def unsaid_clauses(card: Card) -> list[tuple[int, str]]:
    """(ability position, clause) for every clause of the card's ability texts that no field
    states: a version-1 card with any is refused (docs/card-format.md, Version 1 files)."""
    return [
        (position, clause)
        for position, ability in enumerate(card.abilities)
        for clause in read_ability_text(card.type, ability, card.name).unsaid
    ]


def upgrade_card(card: Card) -> Card:
    """A version-1 card with every fact its text states (docs/card-format.md, Version 1)."""
    abilities = tuple(upgrade_ability(card.type, a, card.name) for a in card.abilities)
    blocks = card.blocks_line_of_sight or "blocks line of sight" in card.text.lower()
    return replace(card, abilities=abilities, blocks_line_of_sight=blocks)
