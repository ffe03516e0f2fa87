"""The arithmetic of the matchup lab (docs/matchups.md), with no Django: the Wilson interval of
a win rate, the seed of every game, which opponent of "the field" each game meets, how a job's
games are cut into chunks for the workers, and how game endings are tallied.

Everything here is a function of its arguments, so a job played again on the same deck
versions gives the same seeds, the same opponents and the same chunks: the same numbers.
"""

import dataclasses
import enum
import hashlib
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

# z for a two-sided 95% interval: the 0.975 quantile of the standard normal distribution.
Z95 = 1.959963984540054

# What ends a game, as the engine reports it (rules.core.engine GameResult.reason), in the
# order the results list them, with the words the pages use.
ENDINGS: dict[str, str] = {
    "hp": "A champion reached 0 HP",
    "timeline": "A timeline ran out",
    "both_lost": "Both players lost at once (a drawn game)",
    "round_cap": "Unfinished at the round cap (a drawn game)",
    "action_cap": "Unfinished at the action cap (a drawn game)",
}


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate of `wins` out of `games` (95% by default).

    Why Wilson and not the textbook p ± z·sqrt(p(1-p)/n): that one collapses to [0, 0] or
    [1, 1] at 0 or n wins and leaves [0, 1] at small n, where this one stays inside [0, 1] and
    keeps its stated coverage (Brown, Cai & DasGupta 2001). Why written here rather than taken
    from statsmodels (proportion_confint(method="wilson")): it is one formula, and statsmodels
    would bring numpy, scipy and pandas into the web processes and workers for it. The tests
    check it against values statsmodels gives.

    With no games there is nothing to estimate: (0.0, 1.0).
    """
    if games < 0 or not 0 <= wins <= games:
        raise ValueError(f"wins must be between 0 and games (got {wins} of {games})")
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = (z / (1 + z2 / games)) * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    # The formula is exact at the ends (0 wins: low is 0), floating point is not quite.
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return (low, high)


def base_seed(parts: Mapping[str, object]) -> int:
    """The job's seed: a hash of everything that decides its games (the decklists, the number of
    games, the bot, the engine's version), so the same request on the same deck versions plays
    the same games and an edit plays new ones. 40 bits: the games' seeds (game_seed) then fit
    PostgreSQL's bigint, and their bots' seeds too."""
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:5], "big")


def request_key(parts: Mapping[str, object]) -> str:
    """The hex digest that names a request (for "the same request returns the same job")."""
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def cards_digest(cards: Iterable[object]) -> str:
    """A digest of the rules of these cards (frozen dataclasses, rules.core.cards.Card), the same
    in every process, so that a request names the cards its games are played with: a re-import
    that changes a card's rules makes the same decklists a new request."""
    return request_key({"cards": [_plain(card) for card in cards]})


def _plain(value: object) -> object:
    """A value as JSON can hold it, sets sorted: their order follows Python's string hashing,
    which differs from one process to the next."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return _plain(value.value)
    if isinstance(value, (set, frozenset)):
        return sorted((_plain(item) for item in value), key=lambda item: json.dumps(item))
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    return value


def game_seed(seed: int, number: int) -> int:
    """The seed of game `number` (0-based) of a job seeded `seed`; the bots of seat a and b get
    2·s and 2·s + 1, as the automated events' bots do."""
    return seed * 4_099 + number


def opponent_of(number: int, opponents: int) -> int:
    """Which opponent game `number` meets when the games are spread over `opponents` decks (the
    field): in turn, so every deck gets games/opponents games, give or take one."""
    if opponents < 1:
        raise ValueError("there must be at least one opponent")
    return number % opponents


def chunk_size(games: int) -> int:
    """Games per worker task: about twenty chunks per job, so the progress bar moves in small
    steps and the work spreads over the workers, but at least 5 games (a task has a cost) and at
    most 50 (a cancelled job stops within one chunk's games, and a chunk fits the time limit)."""
    return max(5, min(50, math.ceil(games / 20)))


def chunks(games: int) -> list[range]:
    """The game numbers of each chunk, in order: chunk i is chunks(games)[i]."""
    size = chunk_size(games)
    return [range(start, min(start + size, games)) for start in range(0, games, size)]


@dataclass(frozen=True)
class PlayedGame:
    """One game's result, seen from the tested deck (seat a)."""

    number: int
    winner: str | None  # "a" (the tested deck), "b" (the opponent) or None (drawn)
    reason: str | None
    rounds: int


@dataclass(frozen=True)
class Tally:
    """Wins, losses and draws of some games of a job, how they ended, and their total length."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    rounds: int = 0
    # reason -> [wins, losses, draws]
    endings: Mapping[str, Sequence[int]] = field(default_factory=dict)

    def as_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "rounds": self.rounds,
            "endings": {reason: list(counts) for reason, counts in dict(self.endings).items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> "Tally":
        endings = data.get("endings") or {}
        assert isinstance(endings, Mapping)
        return cls(
            games=int(data.get("games", 0)),  # type: ignore[call-overload]
            wins=int(data.get("wins", 0)),  # type: ignore[call-overload]
            losses=int(data.get("losses", 0)),  # type: ignore[call-overload]
            draws=int(data.get("draws", 0)),  # type: ignore[call-overload]
            rounds=int(data.get("rounds", 0)),  # type: ignore[call-overload]
            endings={str(k): tuple(int(n) for n in v) for k, v in endings.items()},
        )


def tally(games: Iterable[PlayedGame]) -> Tally:
    """Count some games."""
    counts: dict[str, list[int]] = {}
    wins = losses = draws = rounds = played = 0
    for game in games:
        played += 1
        rounds += game.rounds
        column = 0 if game.winner == "a" else 1 if game.winner == "b" else 2
        wins += column == 0
        losses += column == 1
        draws += column == 2
        counts.setdefault(game.reason or "unknown", [0, 0, 0])[column] += 1
    return Tally(played, wins, losses, draws, rounds, {k: tuple(v) for k, v in counts.items()})


def combine(tallies: Iterable[Tally]) -> Tally:
    """The tally of all the chunks' games."""
    counts: dict[str, list[int]] = {}
    games = wins = losses = draws = rounds = 0
    for part in tallies:
        games += part.games
        wins += part.wins
        losses += part.losses
        draws += part.draws
        rounds += part.rounds
        for reason, numbers in dict(part.endings).items():
            row = counts.setdefault(reason, [0, 0, 0])
            for i, n in enumerate(numbers):
                row[i] += n
    return Tally(games, wins, losses, draws, rounds, {k: tuple(v) for k, v in counts.items()})


@dataclass(frozen=True)
class Summary:
    """What a finished (or partly played) job shows."""

    games: int
    wins: int
    losses: int
    draws: int
    win_rate: float | None  # wins / games; draws count as games not won
    ci95: tuple[float, float] | None
    average_rounds: float | None
    endings: list[dict[str, object]]


def summarize(total: Tally) -> Summary:
    """The win rate (wins out of all games played: a draw is a game not won), its Wilson 95%
    interval, the average length in rounds, and the endings in ENDINGS order."""
    known = [reason for reason in ENDINGS if reason in dict(total.endings)]
    others = sorted(set(dict(total.endings)) - set(ENDINGS))
    endings: list[dict[str, object]] = []
    for reason in known + others:
        won, lost, drawn = dict(total.endings)[reason]
        endings.append(
            {
                "reason": reason,
                "label": ENDINGS.get(reason, reason),
                "games": won + lost + drawn,
                "wins": won,
                "losses": lost,
                "draws": drawn,
            }
        )
    if not total.games:
        return Summary(0, 0, 0, 0, None, None, None, endings)
    return Summary(
        games=total.games,
        wins=total.wins,
        losses=total.losses,
        draws=total.draws,
        win_rate=total.wins / total.games,
        ci95=wilson_interval(total.wins, total.games),
        average_rounds=total.rounds / total.games,
        endings=endings,
    )
