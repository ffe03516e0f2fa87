"""Standings: match points and the MTR Appendix C tiebreakers, worked from confirmed results.

This module is pure maths. It takes plain frozen dataclasses of confirmed results and returns
the standings, and it never touches the database. The rules it follows:

- Match points are 3 for a win, 1 for a draw and 0 for a loss. Game points are 3 for a game win,
  1 for a drawn game and 0 for a game loss (MTR Appendix C).
- The tiebreakers, in order, are opponents' match-win percentage (OMW%), the player's own
  game-win percentage (GW%), and opponents' game-win percentage (OGW%). Players still tied after
  all three are ordered by player id (numeric ids as numbers, so registration 9 comes before
  registration 10, and an event imported under new ids keeps its order), so the standings never
  depend on the order in which results arrived.
- MW% is match points / (3 x rounds played) and GW% is game points / (3 x games played). Both
  are floored at 0.33 (MTR Appendix C: "if this number is lower than 0.33, use 0.33 instead").
  The floor is part of the definition, so the player's own GW% tiebreaker is floored as well.
  Appendix C's example has a 1-5 game record scoring 3/18 = 0.167, with 0.33 used instead.
- A bye counts as a 2-0 match win in the player's own record: 3 match points and 6 game points
  from 2 games. The bye is left out of the player's OMW% and OGW%, because a bye is not an
  opponent (MTR Appendix C).
- A late entrant takes a 0-2 match loss for each round they missed (Product decision › Late entry and drops). It counts
  in their own record, and like a bye it is not an opponent.
- Dropped players keep their place in the standings and still count in their opponents'
  tiebreakers.
- A Titans of Eden Three-Arena game (a pod of three teams, `PodResult`) is one round for each
  team, scored as a one-game match: the winning team wins it (3 match points, a 1-0 game), the
  other two lose it (0-1), and a game stopped without a winner is a draw for all three (1 point,
  a drawn game). The rulebook defines a win or a loss per team and no placements (Titans of
  Eden Rulebook, L365 and L398), so second and third place score the same. Each team's
  opponents, for OMW% and OGW%, are the two other teams of the pod.

Every percentage is an exact `Fraction`, so ties are real ties and summing in a different
order cannot change a rank. Use `format_tiebreaker` to show one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

MATCH_WIN_POINTS = 3
MATCH_DRAW_POINTS = 1
GAME_WIN_POINTS = 3
GAME_DRAW_POINTS = 1
# MTR Appendix C gives the floor as 0.33 rather than 1/3, and the standings use exactly 0.33.
PERCENTAGE_FLOOR = Fraction(33, 100)
# A bye is a 2-0 match win (MTR Appendix C). A missed round on late entry is a 0-2 loss.
BYE_GAMES = (2, 0)
LATE_ENTRY_GAMES = (0, 2)


class ResultError(ValueError):
    """A result that cannot be counted: a negative score, a player twice in a round, ..."""


@dataclass(frozen=True)
class MatchResult:
    """One confirmed match result. When `player_b` is None it is a bye, or a late-entry loss.

    `a_wins` and `b_wins` are games won, and `draws` is drawn games. Build byes and late-entry
    losses with `MatchResult.bye` and `MatchResult.late_entry_loss`, which set the fixed scores.
    """

    player_a: str
    player_b: str | None
    a_wins: int
    b_wins: int
    draws: int
    round: int
    late_entry: bool = False

    def __post_init__(self) -> None:
        if min(self.a_wins, self.b_wins, self.draws) < 0:
            raise ResultError(f"round {self.round}: game counts cannot be negative")
        if self.round < 1:
            raise ResultError(f"round numbers start at 1, not {self.round}")
        games = (self.a_wins, self.b_wins)
        if self.player_b is None:
            expected = LATE_ENTRY_GAMES if self.late_entry else BYE_GAMES
            what = "a late-entry loss" if self.late_entry else "a bye"
            if games != expected or self.draws:
                raise ResultError(
                    f"round {self.round}: {what} for {self.player_a!r} is recorded "
                    f"{expected[0]}-{expected[1]} (MTR Appendix C), not "
                    f"{self.a_wins}-{self.b_wins}-{self.draws}"
                )
        elif self.late_entry:
            raise ResultError(f"round {self.round}: a late-entry loss has no opponent")
        elif self.player_a == self.player_b:
            raise ResultError(f"round {self.round}: {self.player_a!r} cannot play themself")

    @classmethod
    def bye(cls, player: str, round: int) -> MatchResult:
        return cls(player, None, *BYE_GAMES, 0, round)

    @classmethod
    def late_entry_loss(cls, player: str, round: int) -> MatchResult:
        return cls(player, None, *LATE_ENTRY_GAMES, 0, round, late_entry=True)


@dataclass(frozen=True)
class PodResult:
    """One confirmed Three-Arena game: three teams and the winner (None: no team won)."""

    teams: tuple[str, str, str]
    winner: str | None
    round: int

    def __post_init__(self) -> None:
        if self.round < 1:
            raise ResultError(f"round numbers start at 1, not {self.round}")
        if len(set(self.teams)) != len(self.teams) or len(self.teams) != 3:
            raise ResultError(f"round {self.round}: a pod is three different teams")
        if self.winner is not None and self.winner not in self.teams:
            raise ResultError(f"round {self.round}: {self.winner!r} did not play in this pod")


@dataclass(frozen=True)
class Standing:
    """One line of the standings. `omw`, `gw` and `ogw` are exact; show them with
    `format_tiebreaker`."""

    rank: int
    player: str
    points: int
    wins: int
    losses: int
    draws: int
    omw: Fraction
    gw: Fraction
    ogw: Fraction
    dropped: bool


def match_win_percentage(match_points: int, rounds_played: int) -> Fraction:
    """MW% as MTR Appendix C defines it: points / (3 x rounds), floored at 0.33."""
    if rounds_played == 0:
        return PERCENTAGE_FLOOR
    return max(PERCENTAGE_FLOOR, Fraction(match_points, MATCH_WIN_POINTS * rounds_played))


def game_win_percentage(game_points: int, games_played: int) -> Fraction:
    """GW% as MTR Appendix C defines it: game points / (3 x games), floored at 0.33.

    A match with no games played (both players absent, say) adds nothing. A player with no
    games at all sits on the floor, because nothing in their record lifts them above it.
    """
    if games_played == 0:
        return PERCENTAGE_FLOOR
    return max(PERCENTAGE_FLOOR, Fraction(game_points, GAME_WIN_POINTS * games_played))


def average(percentages: Iterable[Fraction]) -> Fraction:
    """The mean of the opponents' percentages. With no opponents there is nothing to average,
    so it is 0. That happens to a player whose only results are byes, and MTR gives no rule
    for it."""
    values = list(percentages)
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


def format_tiebreaker(value: Fraction | float) -> str:
    """A tiebreaker shown with 4 decimals, rounding half up: Fraction(31, 51) -> "0.6078"."""
    exact = Fraction(value)
    decimal = Decimal(exact.numerator) / Decimal(exact.denominator)
    return str(decimal.quantize(Decimal("0.0001"), rounding=ROUND_HALF_UP))


@dataclass
class _Record:
    points: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    rounds: int = 0
    game_points: int = 0
    games: int = 0
    opponents: list[str] = field(default_factory=list)

    def add(self, won: int, lost: int, drawn: int, opponent: str | None) -> None:
        self.rounds += 1
        if won > lost:
            self.wins += 1
            self.points += MATCH_WIN_POINTS
        elif won < lost:
            self.losses += 1
        else:
            self.draws += 1
            self.points += MATCH_DRAW_POINTS
        self.game_points += GAME_WIN_POINTS * won + GAME_DRAW_POINTS * drawn
        self.games += won + lost + drawn
        if opponent is not None:
            self.opponents.append(opponent)


def _id_order(player: str) -> tuple[int, int, str]:
    """Numeric ids (registration ids) in numeric order, before any other id in text order. As
    text, "10" sorts before "9": an event copied to another database (tournaments.core.exchange)
    gets new ids in the same order, but not always of the same length."""
    if player.isascii() and player.isdigit():
        return (0, int(player), "")
    return (1, 0, player)


def compute_standings(
    results: Iterable[MatchResult],
    *,
    pods: Iterable[PodResult] = (),
    players: Iterable[str] = (),
    dropped: Iterable[str] = (),
) -> list[Standing]:
    """The standings from confirmed results.

    `pods` are Three-Arena games (entrants are teams). `players` adds registered players who
    have no result yet, and `dropped` marks players who have left. Everyone who appears in a
    result is included as well.
    """
    dropped = set(dropped)
    records: dict[str, _Record] = {player: _Record() for player in (*players, *dropped)}
    seen: set[tuple[str, int]] = set()
    for result in results:
        for player in (result.player_a, result.player_b):
            if player is None:
                continue
            if (player, result.round) in seen:
                raise ResultError(f"{player!r} has two results in round {result.round}")
            seen.add((player, result.round))
        # A bye or a late-entry loss has no opponent, so it is left out of the tiebreakers.
        record_a = records.setdefault(result.player_a, _Record())
        record_a.add(result.a_wins, result.b_wins, result.draws, result.player_b)
        if result.player_b is not None:
            records.setdefault(result.player_b, _Record()).add(
                result.b_wins, result.a_wins, result.draws, result.player_a
            )
    for pod in pods:
        for team in pod.teams:
            if (team, pod.round) in seen:
                raise ResultError(f"{team!r} has two results in round {pod.round}")
            seen.add((team, pod.round))
            # One game: won 1-0, lost 0-1, or drawn by all three when no team won.
            won, lost = (int(pod.winner == team), int(pod.winner not in (team, None)))
            records.setdefault(team, _Record()).add(won, lost, int(pod.winner is None), None)
            records[team].opponents += [other for other in pod.teams if other != team]

    mw = {p: match_win_percentage(r.points, r.rounds) for p, r in records.items()}
    gw = {p: game_win_percentage(r.game_points, r.games) for p, r in records.items()}
    lines = []
    for player, record in records.items():
        omw = average(mw[o] for o in record.opponents)
        ogw = average(gw[o] for o in record.opponents)
        lines.append((player, record, omw, gw[player], ogw))
    # Points, then OMW%, GW%, OGW% (MTR Appendix C), then player id so that nothing about the
    # input order can decide a place.
    lines.sort(key=lambda line: (-line[1].points, -line[2], -line[3], -line[4], _id_order(line[0])))
    return [
        Standing(
            rank=rank,
            player=player,
            points=record.points,
            wins=record.wins,
            losses=record.losses,
            draws=record.draws,
            omw=omw,
            gw=own_gw,
            ogw=ogw,
            dropped=player in dropped,
        )
        for rank, (player, record, omw, own_gw, ogw) in enumerate(lines, start=1)
    ]
