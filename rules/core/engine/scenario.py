"""Hand-built positions: a game state set up directly, for the rulebook's worked examples, tests
and puzzles, without playing up to it from a shuffled timeline.

    state = scenario(
        champions=(nubia, other),
        permanents=[Place(phyr_cub, "b", 4, 3, facing="north")],
        thoughts={"a": [chain_lightning]},
        active=nubia,
    )

Columns (1-5) and rows (1-6) are counted as players count them. The state starts in the main
phase of `turn`'s active combatant (or its move phase with `phase="move"`, or the completion
of round's swift step with `phase="round_swift"`), with priority to that player.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from rules.core.cards import Card

from . import arena
from .changes import with_card_facts
from .compiler import card_spec
from .flow import MAIN, MOVE, ROUND_SWIFT, advance
from .game import ACTION_CAP, ROUND_CAP, blank_state
from .queries import area_reach_now
from .state import SEATS, GameState, Permanent, Player, Setup

FACINGS = {name: index for index, name in enumerate(arena.FACING_NAMES)}


@dataclass(frozen=True)
class Place:
    """A permanent put on the arena: `card` of player `seat` on column/row (1-based)."""

    card: Card
    seat: str
    column: int
    row: int
    facing: str = "north"
    hp: int | None = None
    exerted: bool = False
    skills: tuple[Card, ...] = ()


# complexity: it builds a whole position from keyword arguments, and each optional one
# (skills, exerted, permanents, thoughts, timelines, subconscious, aura, active, ...) adds a
# branch; read top to bottom, it is the order a position is laid out in.
def scenario(
    champions: tuple[Card, Card],
    *,
    champion_spots: tuple[tuple[int, int], tuple[int, int]] = ((3, 1), (3, 6)),
    champion_facings: tuple[str, str] = ("north", "south"),
    champion_hp: tuple[int | None, int | None] = (None, None),
    champion_skills: tuple[Sequence[Card], Sequence[Card]] = ((), ()),
    exerted: Sequence[str] = (),
    permanents: Sequence[Place] = (),
    thoughts: Mapping[str, Sequence[Card]] | None = None,
    timelines: Mapping[str, Sequence[Card]] | None = None,
    subconscious: Mapping[str, Sequence[Card]] | None = None,
    aura: Mapping[str, int] | None = None,
    turn: str = "a",
    active: Card | None = None,
    leader: str = "a",
    phase: Literal["main", "move", "round_swift"] = MAIN,
    round: int = 1,
    seed: int = 0,
) -> GameState:
    """A state in the middle of a game, built from the arguments (see the module docstring).

    `timelines` default to ten copies of the first card in that player's thoughts (or of a
    permanent's card) so that nobody decks out; give them explicitly where the count matters.
    `active` names the card of the active combatant (default: the turn player's champion).
    """
    thoughts = dict(thoughts or {})
    timelines = dict(timelines or {})
    cards: list[Card] = list(champions)
    owners = [0, 1]
    zones: dict[tuple[int, str], list[int]] = {}

    def add(card: Card, seat: int) -> int:
        cards.append(card)
        owners.append(seat)
        return len(cards) - 1

    for seat, name in enumerate(SEATS):
        for card in thoughts.get(name, ()):
            zones.setdefault((seat, "thoughts"), []).append(add(card, seat))
        filler = timelines.get(name)
        if filler is None:
            pool = (
                list(thoughts.get(name, ()))
                or [p.card for p in permanents if p.seat == name]
                or [champions[1 - seat]]
            )
            filler = [pool[0]] * 10
        for card in filler:
            zones.setdefault((seat, "timeline"), []).append(add(card, seat))
        for card in (subconscious or {}).get(name, ()):
            zones.setdefault((seat, "subconscious"), []).append(add(card, seat))
    placed: list[tuple[int, Place]] = []
    for place in permanents:
        seat = SEATS.index(place.seat)
        placed.append((add(place.card, seat), place))
    skill_ids: dict[int, list[int]] = {}
    for index, (pid, place) in enumerate(placed):
        skill_ids[index] = [add(skill, owners[pid]) for skill in place.skills]
    champion_skill_ids = [
        [add(skill, 1 - seat) for skill in champion_skills[seat]] for seat in (0, 1)
    ]

    specs = tuple(card_spec(c) for c in cards)
    # It narrates (Setup.narrate's default): a hand-built position is made to be looked at.
    setup = with_card_facts(
        Setup(
            seed=seed,
            leader=SEATS.index(leader),
            cards=tuple(cards),
            specs=specs,
            owners=tuple(owners),
            decks=({}, {}),
            round_cap=ROUND_CAP,
            action_cap=ACTION_CAP,
        )
    )
    st = blank_state(setup)
    for seat in (0, 1):
        champion = champions[seat]
        player = Player(seat, (aura or {}).get(SEATS[seat], champion.aura or 0))
        player.thoughts = zones.get((seat, "thoughts"), [])
        player.timeline = zones.get((seat, "timeline"), [])
        player.subconscious = zones.get((seat, "subconscious"), [])
        st.players.append(player)
        column, row = champion_spots[seat]
        hp = champion_hp[seat]
        perm = Permanent(
            seat,
            champion,
            setup.specs[seat],
            seat,
            seat,
            arena.spot(column - 1, row - 1),
            FACINGS[champion_facings[seat]],
            hp if hp is not None else champion.hp or 0,
        )
        perm.exerted = SEATS[seat] in exerted
        perm.skills = tuple(champion_skill_ids[seat])
        st.perms[seat] = perm
    for index, (pid, place) in enumerate(placed):
        seat = SEATS.index(place.seat)
        perm = Permanent(
            pid,
            place.card,
            setup.specs[pid],
            seat,
            seat,
            arena.spot(place.column - 1, place.row - 1),
            FACINGS[place.facing],
            place.hp if place.hp is not None else place.card.hp or 0,
            round,
        )
        perm.exerted = place.exerted
        perm.skills = tuple(skill_ids[index])
        st.perms[pid] = perm
    st.area_reach = area_reach_now(st)
    st.round = round
    # a permanent put at 0 HP leaves when a resolution ends, as one that entered so; an
    # empty timeline ends the game then
    st.frail = any(p.hp <= 0 for p in st.perms.values()) or not all(p.timeline for p in st.players)
    st.turn_player = SEATS.index(turn)
    if phase == ROUND_SWIFT:
        st.phase = ROUND_SWIFT
        st.priority = setup.leader
    else:
        st.phase = MOVE if phase == MOVE else MAIN
        st.priority = st.turn_player
        if active is None:
            st.active = st.turn_player
        else:
            st.active = next(
                p.id
                for p in st.perms.values()
                if p.card is active and p.controller == st.turn_player
            )
    advance(st)
    return st


def find(state: GameState, card: Card, seat: str | None = None) -> Permanent:
    """The permanent of `card` in the arena (controlled by `seat`, if given)."""
    for perm in state.perms.values():
        if perm.card is card and (seat is None or perm.controller == SEATS.index(seat)):
            return perm
    raise LookupError(f"{card.name} is not in the arena")


def in_thoughts(state: GameState, card: Card, seat: str) -> int:
    """The id of a copy of `card` in the seat's thoughts."""
    player = state.players[SEATS.index(seat)]
    for cid in player.thoughts:
        if state.setup.cards[cid] is card:
            return cid
    raise LookupError(f"{card.name} is not in {seat}'s thoughts")
