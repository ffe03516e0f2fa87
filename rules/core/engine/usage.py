"""Which cards a game's players played, and how often each card's abilities resolved, read from
what the engine noted during the game ("play" and "resolve" events). `simulate --json` and
benchmarks/bot_keywords.py report it, so anyone can check which cards a bot plays."""

from collections import Counter

from .state import GameState

# For each seat (0 and 1): a card's name -> times an ability of it was played (from the thoughts
# or the arena), and a card's name -> times an ability of it resolved (triggers included).
Usage = tuple[tuple[Counter[str], Counter[str]], tuple[Counter[str], Counter[str]]]


def new_usage() -> Usage:
    """An empty tally, to add games to with `add_usage`."""
    return ((Counter(), Counter()), (Counter(), Counter()))


def add_usage(usage: Usage, state: GameState) -> None:
    """Add a finished game's plays and resolutions to `usage`, from its story: the game must
    have been narrated (play_game(..., narrate=True)). The engine notes ("play", player,
    card name, ability, targets) and ("resolve", controller, card name, ability, targets); a
    copy resolves under its copier, and a passive granted by no card (Counter Attack's) has no
    card name and is left out."""
    for event in state.event_list():
        kind = event[0]
        if kind == "play":
            usage[_seat(event[1])][0][str(event[2])] += 1
        elif kind == "resolve" and event[2]:
            usage[_seat(event[1])][1][str(event[2])] += 1


def _seat(player: object) -> int:
    assert player in (0, 1), player  # the engine notes players as 0 and 1
    return 0 if player == 0 else 1
