"""What the engine runs: an ability compiled from card data (`AbilitySpec`), its steps (`Op`), a
whole card (`CardSpec`), a permanent's modifiers (`Modifier`) and a fact a card must add
(`MissingFact`). rules.core.engine.compiler builds them; each keyword's own step is in its module
of rules/core/engine/keywords/.
"""

from dataclasses import dataclass
from typing import Final, NamedTuple

from mypy_extensions import mypyc_attr

from rules.core.awareness import Awareness
from rules.core.cards import Card, Condition, Cost, Death, Speed

# The kinds of Op that deal damage or HP loss (Attack and Drain Attack; keywords/attack.py).
DAMAGE: Final = "damage"
DRAIN: Final = "drain"


class Modifier(NamedTuple):
    """One modifier on a permanent: a keyword, with its [X] value or [Specific] word.

    A NamedTuple rather than a frozen dataclass because the engine builds and reads thousands of
    them a second. `seq` orders prevention (the resolution it came from; 0 for printed ones) and
    `duration` says when a granted one ends ("turn", "round", or None: until removed).
    """

    keyword: str
    value: int | None = None
    specific: str | None = None
    seq: int = 0
    duration: str | None = None


@dataclass(frozen=True)
class Op:
    """One step of an ability's effect.

    `who` says what it acts on: "target" (the declared target or targets), "self" (the
    permanent or champion using the ability), "area" (everything in the awareness), "each"
    (every permanent of the ability's `each` kind in its reach), "bearer" (the combatant a skill
    is attached to) or "controller" (the player).
    """

    kind: str
    who: str = "target"
    value: int = 0
    values: tuple[int, ...] = ()
    keyword: str = ""
    specific: str | None = None
    duration: str | None = None  # "turn", "round", or None: until removed


@dataclass(frozen=True)
class AbilitySpec:
    """An ability as the engine runs it.

    `origin`: "thoughts" (played by the champion from the thoughts), "permanent" (played by the
    combatant it is printed on) or "passive". `reach`: where targets and areas are measured
    from: "card" (the card's own awareness, from the champion playing it), "own" (the
    permanent's awareness), "adjacent", "arena", "self_spot" or "none".
    """

    card_name: str
    index: int
    name: str
    speed: Speed
    cost: Cost
    origin: str
    reach: str
    target: str | None = None
    targets: int = 0
    effects: tuple[Op, ...] = ()
    attack: bool = False
    cast: bool = False
    area: bool = False
    elements: frozenset[str] = frozenset()
    range: bool = False
    heavy: bool = False
    chain: bool = False
    line_of_sight: bool = False
    trigger: str | None = None
    optional: bool = False
    modifiers: tuple[Modifier, ...] = ()
    scope: str = "self"
    awareness: Awareness | None = None
    pattern: int = -1  # arena.pattern_key(awareness)
    kinds: frozenset[str] = frozenset()  # the kinds of its effects ("damage", "beckon", ...)
    # Which way a permanent it places from the thoughts faces: "champion" or the player's "choice".
    facing: str = "champion"
    # Desperation: playable only while its champion has at most this much HP.
    desperation: int | None = None
    # Elemental Selection: the elements its player chooses the attack's element from.
    choose_element: tuple[str, ...] = ()
    # Break: it happens once the card holds this many counters.
    break_at: int | None = None
    # A `summon_dies` trigger that happens for some deaths only (rules.core.cards.Death).
    dies: Death | None = None
    # Modify Stack [X]: (X, added): its [X] values grow by `added` while it is X-th on the stack.
    stack_bonus: tuple[int, int] | None = None
    # Decoy: its two targets are any two different ones (not a chain).
    pair: bool = False
    # Conditions it is played (a trigger: happens) and resolves under (card format, conditions).
    conditions: tuple[Condition, ...] = ()
    # card format, `each`: the kind of permanent it acts on, every one in its reach, instead of
    # a target ("each enemy in its awareness"); None: it targets, or acts on no kind.
    each: str | None = None
    # Abilities with equal target_key have the same legal targets from the same user.
    target_key: int = -1
    # Whether nothing but its targets (and Fear, for an attack) can stop a player who has
    # priority from playing it: its only cost is Exert, if any (which the lists of a
    # permanent's own abilities already account for), it has no Desperation and no conditions.
    # The walks of a player's plays (rules.core.engine.flow) test nothing else for it.
    plain: bool = False
    # Whether it targets spots (a target kind "spot_..."), not permanents or abilities.
    spot_target: bool = False

    def __post_init__(self) -> None:
        facts = (
            self.target,
            self.reach,
            self.pattern,
            self.attack,
            self.cast,
            self.range,
            self.targets,
            self.line_of_sight,
            self.pair,
        )
        key = _TARGET_KEYS.setdefault(facts, len(_TARGET_KEYS))
        object.__setattr__(self, "target_key", key)
        cost = self.cost
        plain = not (cost.aura or cost.energy or cost.hp or cost.discard)
        plain = plain and self.desperation is None and not self.conditions
        object.__setattr__(self, "plain", plain)
        spot_target = self.target is not None and self.target.startswith("spot_")
        object.__setattr__(self, "spot_target", spot_target)

    @property
    def damage(self) -> int:
        """The damage (or HP loss) this ability deals in total, for bots and summaries."""
        return sum(sum(op.values) or op.value for op in self.effects if op.kind in DAMAGING)


DAMAGING = frozenset({DAMAGE, DRAIN})
EACH: Final = "each"  # Op.who: every permanent of the ability's `each` kind in its reach
_TARGET_KEYS: dict[tuple[object, ...], int] = {}


@dataclass(frozen=True)
class CardSpec:
    """Everything the engine needs to know about one card, compiled once."""

    card: Card
    abilities: tuple[AbilitySpec, ...]
    from_thoughts: tuple[AbilitySpec, ...]
    own: tuple[AbilitySpec, ...]
    triggers: tuple[AbilitySpec, ...]
    continuous: tuple[AbilitySpec, ...]
    problems: tuple[str, ...]
    # The problems that are facts the card file must add (MissingFact).
    missing: tuple["MissingFact", ...] = ()
    # Printed continuous modifiers by whom they reach: the permanent itself, the combatant a
    # skill is attached to, and (alterations) combatants on/adjacent to/around its spot.
    self_mods: tuple[Modifier, ...] = ()
    bearer_mods: tuple[Modifier, ...] = ()
    area_mods: tuple[tuple[str, Modifier], ...] = ()
    # Lookups the engine's hot paths need: the card's own awareness pattern, whether it
    # occupies a spot when it enters (before any skill), and its abilities from the thoughts by
    # speed.
    pattern: int = -1
    occupies: bool = True
    self_keywords: frozenset[str] = frozenset()  # the keywords of self_mods
    swift_from_thoughts: tuple[AbilitySpec, ...] = ()
    action_from_thoughts: tuple[AbilitySpec, ...] = ()
    # Its own abilities a player may play with it in the arena (none for an alteration, which
    # plays none: Core Rulebook 5.2, Alterations): the swift ones, and the swift and action ones
    # in printed order (an action only by the active combatant).
    swift_own: tuple[AbilitySpec, ...] = ()
    playable_own: tuple[AbilitySpec, ...] = ()
    # The swift ones that do not cost Exert: all an exerted permanent can pay for (most own
    # abilities cost Exert, so the walk of a player's plays passes exerted permanents at once).
    swift_own_exerted: tuple[AbilitySpec, ...] = ()
    # The keywords the card can put on a permanent: the modifiers of its abilities (printed on
    # it, given to a skill's bearer or to an area) and the keywords its steps grant. What no
    # card of a game can give is never asked about in it (state.Setup.keywords).
    gives: frozenset[str] = frozenset()


# mypyc (setup.py) cannot compile a subclass of str to a native class.
@mypyc_attr(native_class=False)
class MissingFact(str):
    """A problem that is a fact the ability needs and its card does not state: the importer
    refuses such a card, naming the ability and the field to add (docs/card-format.md)."""

    ability_index: int
    ability_name: str
    field: str
    what: str

    def __new__(cls, card: Card, ability_index: int, field: str, what: str) -> "MissingFact":
        ability = card.abilities[ability_index].name
        # str.__new__, not super().__new__: mypyc compiles the latter as object.__new__.
        made = str.__new__(cls, f"{card.name}: {ability}: needs '{field}' ({what})")
        made.ability_index = ability_index
        made.ability_name = ability
        made.field = field
        made.what = what
        return made
