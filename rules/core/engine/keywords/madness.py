"""Madness (Glossary): a card at random from the target champion's thoughts is discarded, if
able."""

import random
from typing import Final

from rules.core.cards import KeywordTerm

from ..changes import next_seq, note, recipients
from ..specs import AbilitySpec, Op
from ..state import GameState, Permanent, StackItem
from .base import Compiling, KeywordRule

NAME: Final = "madness"
DEFAULT_TARGET: Final = "champion"


def compile_madness(c: Compiling, term: KeywordTerm) -> None:
    c.ops.append(Op(NAME, "target"))
    c.aim(DEFAULT_TARGET)


def discard_at_random(st: GameState, player: int) -> None:
    """The draw is seeded by the game's seed and the moment, so a replay discards the same
    card."""
    p = st.players[player]
    if not p.thoughts:
        return
    rng = random.Random(st.setup.seed * 1_000_003 + next_seq(st))
    card = p.thoughts.pop(rng.randrange(len(p.thoughts)))
    p.memories.append(card)
    p.hand = None
    p.serial += 1
    note(st, "discard", player, card)


def madness(
    st: GameState,
    item: StackItem,
    spec: AbilitySpec,
    op: Op,
    user: Permanent,
    choice: int | None,
) -> bool:
    for perm in recipients(st, item, spec, op, user):
        discard_at_random(st, perm.controller)
    return False


RULE: Final[KeywordRule] = KeywordRule(NAME, compile=compile_madness, effects=((NAME, madness),))
