"""Replays of recorded engine games for the pages that show them (an automated event's games,
the matchup lab's sample games): the board at one step of a game's log."""

import re
from collections.abc import Mapping

from django.http import Http404

from .core.cards import Card
from .core.engine import GameLog
from .core.engine.viewer import Position, position

_STEP = re.compile(r"[0-9]{1,7}")


def replay_position(*, log: str, actions: int, step: str, cards: Mapping[str, Card]) -> Position:
    """The board after the first `step` decisions of a recorded game (`step` as the page's
    `?step=` gives it). Http404 for a step that is not one of the game's; LogVersionError
    (rules.core.engine) for a log an older engine wrote, which the pages answer with a 410."""
    if not _STEP.fullmatch(step) or int(step) > actions:
        raise Http404(f"A step of this game is a number from 0 to {actions}.")
    return position(GameLog.loads(log), cards, int(step))
