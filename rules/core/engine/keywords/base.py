"""What a keyword module registers: a `KeywordRule`, and the `Compiling` context its compile step
fills in (rules.core.engine.compiler runs it once per keyword term of an ability)."""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from rules.core.cards import Ability, Card, KeywordTerm
from rules.core.keywords import KEYWORDS, Keyword

from ..specs import AbilitySpec, Op
from ..state import GameState, PendingKind, Permanent, StackItem

# The kinds of Op that give a keyword (Glossary: Gain(s)) or an ailment; rules.core.engine.stack
# runs them for every modifier keyword alike.
GRANT: Final = "grant"
AILMENT: Final = "ailment"


@dataclass
class Compiling:
    """One printed ability being compiled: what its keyword terms add to, in printed order.

    `kind` is the target kind the card states (None: the keyword's own default), `target` the
    kind the ability ends up declaring, `reach` where it is measured from ("card", "adjacent",
    "around", "arena", ...), `who_self` whom "you" means ("bearer" for a skill).
    """

    card: Card
    index: int
    ability: Ability
    kind: str | None
    reach: str
    who_self: str
    area: bool
    label: str
    ops: list[Op] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    target: str | None = None

    def needs_target(self, default: str) -> str:
        """The card's own target kind, or the one the keyword's glossary entry gives."""
        return self.kind or default

    def aim(self, default: str) -> None:
        """The ability declares a target: the one already declared, else `needs_target`."""
        self.target = self.target or self.needs_target(default)


# Run on resolution: (state, the stack item, its ability, the step, the user, the choice made
# on resolution); True when the card on the stack stays in play (placed or attached).
Effect = Callable[[GameState, StackItem, AbilitySpec, Op, Permanent, int | None], bool]
Compile = Callable[[Compiling, KeywordTerm], None]
# The choice an ability asks as it resolves, and its options (a Beckon's spot, a Toss spot, ...).
Chooser = Callable[[GameState, StackItem, Permanent], tuple[PendingKind | None, list[int]]]


@dataclass(frozen=True)
class KeywordRule:
    """Everything the engine asks of one keyword.

    - `compile`: adds the keyword's steps to an ability (None: it only qualifies its ability).
    - `effects`: the kinds of Op it adds, each with the function that runs it.
    - `modifier`: a lasting property of a permanent (printed Continuous, attached, granted or an
      ailment); `ailment`: an ailment; `brand`: one Brand may name; `duration`: how long it
      lasts when granted with none stated.
    - `qualifier`: it only qualifies the ability it is in.
    - `trigger`: the keyword is itself a trigger and says when it happens.
    - `optional`: its ability is a "may"; `swift`: it makes its ability swift.
    - `places`: it puts its card into the arena from the thoughts; `beckons`: a summon's.
    - `attaches`: it attaches its enchantment as a skill.
    - `pair`: its two targets switch spots (any two, not a chain).
    - `asks`: the kinds of its Op that ask a choice as they resolve; `choice`: that choice and
      its options (None: the stack asks it, as for Replicate).
    """

    name: str
    compile: Compile | None = None
    effects: tuple[tuple[str, Effect], ...] = ()
    modifier: bool = False
    ailment: bool = False
    brand: bool = False
    duration: str | None = None
    qualifier: bool = False
    trigger: str | None = None
    optional: bool = False
    swift: bool = False
    places: bool = False
    beckons: bool = False
    attaches: bool = False
    pair: bool = False
    asks: tuple[str, ...] = ()
    choice: Chooser | None = None

    @property
    def glossary(self) -> Keyword:
        """Its entry in the glossary (rules.core.keywords.GLOSSARY)."""
        return KEYWORDS[self.name]


def duration_of(given: str | None, default: str | None) -> str | None:
    """How long a granted keyword or ailment lasts: "turn", "round" or None (until removed)."""
    if given is None:
        return default
    return None if given == "until_removed" else given


def modifier(
    name: str, *, ailment: bool = False, brand: bool = False, duration: str | None = None
) -> KeywordRule:
    """The rule of a modifier keyword: printed, it is a property of its permanent (compiler);
    in an active ability, it goes to the declared target, or else to the one using the ability
    (Glossary: Gain(s)), as an ailment or a granted keyword."""

    def grant(c: Compiling, term: KeywordTerm) -> None:
        who = "target" if c.kind is not None else c.who_self
        c.ops.append(
            Op(
                AILMENT if ailment else GRANT,
                who,
                value=term.value or 0,
                keyword=name,
                specific=term.specific,
                duration=duration_of(c.ability.duration, duration),
            )
        )
        if who == "target":
            c.target = c.target or c.kind

    return KeywordRule(
        name, compile=grant, modifier=True, ailment=ailment, brand=brand, duration=duration
    )


def qualifier(
    name: str,
    *,
    trigger: str | None = None,
    optional: bool = False,
    swift: bool = False,
) -> KeywordRule:
    """The rule of a keyword that only qualifies the ability it is in."""
    return KeywordRule(name, qualifier=True, trigger=trigger, optional=optional, swift=swift)
