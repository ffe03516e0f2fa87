"""What a spectator sees of a logged game at one step: the arena as a 5×6 grid, the stack, and
each player's public zones (no thoughts, timeline or subconscious contents, only their sizes).

`position(log, cards, step)` replays the log up to `step` logged actions (0 is the game's first
decision) and returns plain values for a replay page to draw.
"""

from collections.abc import Mapping
from typing import TypedDict

from rules.core.cards import Card

from .actions import Action, Choose, Dash, Pass, Play, Select, Step
from .arena import COLUMNS, FACING_NAMES, ROWS, label
from .flow import to_act
from .game import GameLog, apply, replay
from .state import SEATS, GameState, Phase, Seat, snapshot

ARROWS = {"north": "↑", "east": "→", "south": "↓", "west": "←"}


class ShownPermanent(TypedDict):
    id: int
    card: str
    controller: Seat
    hp: int
    facing: str
    arrow: str
    exerted: bool
    counters: int
    champion: bool
    effects: list[str]
    skills: list[int | str]


class Spot(TypedDict):
    spot: str  # its label, "c3r1"
    permanents: list[ShownPermanent]


class ShownPlayer(TypedDict):
    seat: Seat
    champion: str | None
    hp: int
    aura: int
    thoughts: int
    timeline: int
    subconscious: int
    memories: list[int | str]


class ShownStackItem(TypedDict):
    controller: Seat
    ability: str  # the ability's name, or the item's kind ("decay")


class PublicView(TypedDict):
    round: int
    phase: Phase
    leader: Seat
    turn_player: Seat
    to_act: Seat | None
    over: bool
    winner: Seat | None
    reason: str | None
    grid: list[list[Spot]]  # rows, row 6 first
    players: list[ShownPlayer]
    stack: list[ShownStackItem]  # top first


class Position(PublicView):
    step: int
    steps: int
    last_action: str | None


def position(log: GameLog, cards: Mapping[str, Card], step: int) -> Position:
    """The public view of the game after its first `step` logged actions. ValueError for a
    step outside 0..len(log.actions)."""
    if not 0 <= step <= len(log.actions):
        raise ValueError(f"step {step} is outside the log (0 to {len(log.actions)})")
    last = None
    if step == 0:
        state = replay(log, cards, upto=0)
    else:
        before = replay(log, cards, upto=step - 1)
        action = log.actions[step - 1]
        last = describe(before, action)
        state = apply(before, action)
    return {
        "step": step,
        "steps": len(log.actions),
        "last_action": last,
        **public_view(state),
    }


def public_view(state: GameState) -> PublicView:
    snap = snapshot(state)
    by_spot: dict[int, list[ShownPermanent]] = {}
    champions: dict[Seat, ShownPermanent] = {}
    for perm in snap["arena"]:
        facing = FACING_NAMES[perm["facing"]]
        shown: ShownPermanent = {
            "id": perm["id"],
            "card": perm["card"],
            "controller": perm["controller"],
            "hp": perm["hp"],
            "facing": facing,
            "arrow": ARROWS[facing],
            "exerted": perm["exerted"],
            "counters": perm["counters"],
            "champion": perm["id"] in (0, 1),
            "effects": [_effect(e) for e in perm["effects"]],
            "skills": [name for _, name in perm["skills"]],
        }
        by_spot.setdefault(perm["spot"], []).append(shown)
        if shown["champion"]:
            champions[perm["owner"]] = shown
    # Row 6 (seat b's side) is drawn at the top and row 1 (seat a's) at the bottom.
    grid: list[list[Spot]] = [
        [
            {
                "spot": label(row * COLUMNS + column),
                "permanents": by_spot.get(row * COLUMNS + column, []),
            }
            for column in range(COLUMNS)
        ]
        for row in reversed(range(ROWS))
    ]
    players: list[ShownPlayer] = []
    for player in snap["players"]:
        champion = champions.get(player["seat"])
        players.append(
            {
                "seat": player["seat"],
                "champion": champion["card"] if champion else None,
                "hp": champion["hp"] if champion else 0,
                "aura": player["aura"],
                "thoughts": len(player["thoughts"]),
                "timeline": len(player["timeline"]),
                "subconscious": len(player["subconscious"]),
                "memories": [name for _, name in player["memories"]],
            }
        )
    waiting = to_act(state)
    return {
        "round": snap["round"],
        "phase": snap["phase"],
        "leader": snap["leader"],
        "turn_player": snap["turn_player"],
        "to_act": None if waiting is None else SEATS[waiting],
        "over": snap["over"],
        "winner": snap["winner"],
        "reason": snap["reason"],
        "grid": grid,
        "players": players,
        # Top of the stack first: it resolves next.
        "stack": [
            {"controller": item["controller"], "ability": item["ability"] or item["kind"]}
            for item in reversed(snap["stack"])
        ],
    }


def describe(state: GameState, action: Action) -> str:
    """The action in words, e.g. "A plays Arc Relay: Range Electric Attack [3]", from the state
    it was taken in."""
    seat = to_act(state)
    who = "?" if seat is None else SEATS[seat].upper()
    names = state.setup.cards

    def name(card_id: int) -> str:
        return names[card_id].name if 0 <= card_id < len(names) else f"card {card_id}"

    if type(action) is Pass:
        return f"{who} passes"
    if type(action) is Select:
        return f"{who} declares {name(action.combatant)} active"
    if type(action) is Step:
        parts = []
        if action.to is not None:
            parts.append(f"moves to {label(action.to)}")
        if action.turn is not None:
            parts.append(f"turns {action.turn}")
        return f"{who} {' and '.join(parts) or 'stays'}"
    if type(action) is Dash:
        return f"{who} dashes to {label(action.to)}"
    if type(action) is Play:
        abilities = names[action.card].abilities if 0 <= action.card < len(names) else ()
        ability = (
            abilities[action.ability].name
            if 0 <= action.ability < len(abilities)
            else f"ability {action.ability + 1}"
        )
        return f"{who} plays {name(action.card)}: {ability}"
    if type(action) is Choose:
        return f"{who} chooses option {action.option + 1}"
    return f"{who}: {action!r}"


def _effect(effect: list[object]) -> str:
    keyword, value = effect[0], effect[1]
    return f"{keyword} {value}" if value else str(keyword)
