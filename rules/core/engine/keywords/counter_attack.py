"""Counter Attack [X] (Glossary): when something in this combatant's awareness damages it, it
deals X damage back to that source, without targeting it; only a survivor hits back."""

from functools import lru_cache
from typing import Final

from rules.core.cards import Cost, Speed

from ..changes import queue_trigger
from ..queries import reach_spots, total
from ..specs import DAMAGE, AbilitySpec, Op
from ..state import ALTERATION, GameState, Permanent
from .base import KeywordRule, modifier

NAME: Final = "counter_attack"
RULE: Final[KeywordRule] = modifier(NAME)


@lru_cache(maxsize=64)
def counter_attack_spec(value: int) -> AbilitySpec:
    """The trigger that deals X damage to the damaging permanent without targeting it."""
    return AbilitySpec(
        card_name="",
        index=-1,
        name=f"Counter Attack [{value}]",
        speed=Speed.TRIGGER,
        cost=Cost(),
        origin="passive",
        reach="none",
        effects=(Op(DAMAGE, "fixed", values=(value,)),),
        attack=True,
        trigger="damaged",
    )


_OWN_REACH = AbilitySpec(
    card_name="",
    index=-1,
    name="",
    speed=Speed.TRIGGER,
    cost=Cost(),
    origin="passive",
    reach="own",
)


def hit_back(st: GameState, user: Permanent, dealt: dict[int, int]) -> None:
    """Queue the Counter Attacks of those `user` dealt damage to: only a survivor hits back, and
    only at a permanent in its awareness."""
    if user.id not in st.perms:
        return
    for pid, amount in dealt.items():
        receiver = st.perms.get(pid)
        if amount <= 0 or receiver is None or receiver.id == user.id:
            continue
        if receiver.card.type is ALTERATION:
            continue
        value = total(st, receiver, NAME)
        if value and user.spot in reach_spots(st, _OWN_REACH, receiver):
            queue_trigger(
                st,
                receiver.controller,
                counter_attack_spec(value),
                receiver.id,
                targets=(user.id,),
            )
