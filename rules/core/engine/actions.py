"""The actions a player takes, as small immutable values with a JSON form for the game log.

Card ids name physical cards for the whole game (see rules.core.engine.state); spots are arena
indexes (rules.core.engine.arena). A `Play` names the card in the thoughts (or the permanent in the
arena) whose ability is played, the ability's position on the card, the declared targets
(permanent ids, or spots for abilities that target a spot) and any cards discarded as a cost.
"""

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, NotRequired, TypedDict


class IllegalAction(ValueError):
    """An action the rules do not allow in this state (an expected refusal, nothing changed)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass priority; with an empty stack, end the step (the move phase, the main phase, a dash
    or a swift step)."""


# Select and Play, made at many decisions, are immutable to the type checker (Final) rather
# than frozen: a frozen dataclass's fields can only be set through object.__setattr__, which
# cost more than the rest of making one (docs/benchmarks.md, session 18). Their defaults are
# __init__'s: a Final field with a value in the class body would be a constant of the class.
@dataclass(unsafe_hash=True, slots=True)
class Select:
    """Declare the active combatant (Core Rulebook 5.2, Beginning of Round; Clean Up Step)."""

    combatant: Final[int]

    # Written out, as StackItem's (rules.core.engine.state): compiled, it sets the field
    # directly.
    def __init__(self, combatant: int) -> None:
        self.combatant = combatant


@dataclass(frozen=True, slots=True)
class Step:
    """One of the move phase's two moves and/or rotations: an optional move to an adjacent spot
    (`to`) and an optional 90° rotation (`turn`: "left" or "right")."""

    to: int | None = None
    turn: str | None = None


@dataclass(frozen=True, slots=True)
class Dash:
    """Glossary: Dash. The extra move at the beginning of the turn."""

    to: int


@dataclass(unsafe_hash=True, slots=True)  # see Select
class Play:
    """Play an active ability (Core Rulebook 5.2, To Play any Active Ability)."""

    card: Final[int]
    ability: Final[int]
    targets: Final[tuple[int, ...]]
    discard: Final[tuple[int, ...]]

    # Written out, as StackItem's (rules.core.engine.state): compiled, it sets the fields
    # directly.
    def __init__(
        self, card: int, ability: int, targets: tuple[int, ...] = (), discard: tuple[int, ...] = ()
    ) -> None:
        self.card = card
        self.ability = ability
        self.targets = targets
        self.discard = discard


@dataclass(frozen=True, slots=True)
class Choose:
    """Pick option `option` of the choice the engine is waiting for (a Beckon's spot, which of
    your simultaneous triggers goes on the stack next, a trigger's target, a "may")."""

    option: int


Action = Pass | Select | Step | Dash | Play | Choose
PASS = Pass()
# A Dash action's type in the log. The log's word, spelled as the keyword's (keywords/dash.py),
# which sits above the state and so above this module.
DASH: Final = "dash"

# The few small actions every decision offers again are made once and shared: they are
# immutable values, and listing legal actions is the engine's hottest path.
STEPS = {
    (to, turn): Step(to, turn)
    for to in (None, *range(30))
    for turn in (None, "left", "right")
    if to is not None or turn is not None
}
DASHES = tuple(Dash(s) for s in range(30))
# The move phase's steps onto each spot (a move alone, then with a left and a right rotation),
# and its two rotations alone, in the order they are offered (rules.core.engine.flow.move_steps).
MOVES_ONTO = tuple((STEPS[s, None], STEPS[s, "left"], STEPS[s, "right"]) for s in range(30))
ROTATIONS = (STEPS[None, "left"], STEPS[None, "right"])
CHOICES = tuple(Choose(i) for i in range(64))


def choose(option: int) -> Choose:
    return CHOICES[option] if option < len(CHOICES) else Choose(option)


# The JSON forms of the actions, as the game log writes them.
class PassJson(TypedDict):
    type: Literal["pass"]


class SelectJson(TypedDict):
    type: Literal["select"]
    combatant: int


class StepJson(TypedDict):
    type: Literal["step"]
    to: int | None
    turn: str | None


class DashJson(TypedDict):
    type: Literal["dash"]
    to: int


class PlayJson(TypedDict):
    type: Literal["play"]
    card: int
    ability: int
    targets: list[int]
    discard: NotRequired[list[int]]


class ChooseJson(TypedDict):
    type: Literal["choose"]
    option: int


ActionJson = PassJson | SelectJson | StepJson | DashJson | PlayJson | ChooseJson


def action_to_json(action: Action) -> ActionJson:
    if isinstance(action, Pass):
        return {"type": "pass"}
    if isinstance(action, Select):
        return {"type": "select", "combatant": action.combatant}
    if isinstance(action, Step):
        return {"type": "step", "to": action.to, "turn": action.turn}
    if isinstance(action, Dash):
        return {"type": DASH, "to": action.to}
    if isinstance(action, Play):
        data: PlayJson = {
            "type": "play",
            "card": action.card,
            "ability": action.ability,
            "targets": list(action.targets),
        }
        if action.discard:
            data["discard"] = list(action.discard)
        return data
    if isinstance(action, Choose):
        return {"type": "choose", "option": action.option}
    raise TypeError(f"not an action: {action!r}")


# A pass as JSON text.
PASS_TEXT: Final = '{"type":"pass"}'
# A Step's turn as JSON text.
_TURNS: dict[str | None, str] = {None: "null", "left": '"left"', "right": '"right"'}


def action_text(action: Action) -> str:
    """`action_to_json(action)` as JSON text with its keys sorted and no spaces, as the game log
    is written (GameLog.dumps), written out directly: a log holds hundreds of actions, and a
    dict per action, encoded with its keys sorted, cost about a sixth of a compiled game.
    tests/rules/engine/test_games.py holds it equal to json.dumps of `action_to_json`."""
    if isinstance(action, Pass):
        return PASS_TEXT
    if isinstance(action, Step):
        to = "null" if action.to is None else str(action.to)
        turn = _TURNS.get(action.turn)
        if turn is None:
            turn = json.dumps(action.turn)
        return f'{{"to":{to},"turn":{turn},"type":"step"}}'
    if isinstance(action, Select):
        return f'{{"combatant":{action.combatant},"type":"select"}}'
    if isinstance(action, Play):
        targets = ",".join([str(t) for t in action.targets])
        if action.discard:
            discard = ",".join([str(d) for d in action.discard])
            return (
                f'{{"ability":{action.ability},"card":{action.card},"discard":[{discard}],'
                f'"targets":[{targets}],"type":"play"}}'
            )
        return (
            f'{{"ability":{action.ability},"card":{action.card},"targets":[{targets}],'
            '"type":"play"}'
        )
    if isinstance(action, Choose):
        return f'{{"option":{action.option},"type":"choose"}}'
    return json.dumps(action_to_json(action), sort_keys=True, separators=(",", ":"))


def action_from_json(data: Mapping[str, Any]) -> Action:
    kind = data.get("type")
    try:
        if kind == "pass":
            return PASS
        if kind == "select":
            return Select(int(data["combatant"]))
        if kind == "step":
            to = data.get("to")
            return Step(None if to is None else int(to), data.get("turn"))
        if kind == DASH:
            return Dash(int(data["to"]))
        if kind == "play":
            return Play(
                int(data["card"]),
                int(data["ability"]),
                tuple(int(t) for t in data.get("targets", ())),
                tuple(int(d) for d in data.get("discard", ())),
            )
        if kind == "choose":
            return Choose(int(data["option"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise IllegalAction(f"malformed {kind} action: {exc}") from None
    raise IllegalAction(f"unknown action type {kind!r}")
