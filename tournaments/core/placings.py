"""An event's final placings, from the Swiss standings and the results of the top cut.

The tournaments services pass in the final Swiss standings and the finished top-cut matches,
and get back one `Placing` per player. Like the pairing and standings modules, this is plain
maths on frozen dataclasses and never touches Django.

How the places are given
------------------------
- With a top cut, the cut is the first `top_cut` players of the Swiss standings, seeded by
  Swiss rank exactly as `tournaments.core.pairing.top_cut_pairings` seeds it (1v8, 4v5, 2v7,
  3v6; for a top 4, 1v4 and 2v3). 1st is the winner of the final and 2nd its loser. Then come
  the semifinal losers, then the quarterfinal losers. Within each of those groups the better
  Swiss rank places higher, because the bracket cannot tell two players apart who went out
  in the same round. Everyone outside the cut follows, in Swiss order.
- Without a top cut (`top_cut == 0`) the placings are the final Swiss standings.
- Dropped players keep their Swiss place. Outside the cut they sit among the other Swiss
  players in standings order. A dropped player seeded into the cut is placed by the bracket
  like anyone else, because the seeding, like `top_cut_pairings`, goes by the standings alone.
- `eliminated_in` is the round a player went out in: "final", "semifinal", "quarterfinal", or
  "swiss" for everyone who did not make the cut. It is None for the winner of the event. In an
  event without a top cut that means None for 1st place, and "swiss" for everyone else.

What is checked
---------------
The bracket is replayed from the seeding with `top_cut_pairings` and `next_top_cut_round`, so
every result must be a match that this bracket really contained. Results may come in any order
within and across rounds. `compute_placings` raises `BracketNotFinished` when the results given
so far are consistent but matches are still to be played, and `PlacingError` for anything
inconsistent: a player outside the cut, a match that does not belong to the bracket, too many
matches in a round, a match with two results, or a later round played before an earlier one
was finished. `is_finished` answers the cheaper question of whether the final has been played,
so a caller can refuse early (409 not_finished) without building the placings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from tournaments.core.pairing import TopCutMatch, next_top_cut_round, top_cut_pairings

BracketRound = Literal["quarterfinal", "semifinal", "final"]
EliminatedIn = Literal["final", "semifinal", "quarterfinal", "swiss"]

# Keyed by the number of matches a round holds. A bigger cut would need names for its earlier
# rounds, and the events offer no cut larger than 8.
_ROUND_NAMES: dict[int, BracketRound] = {4: "quarterfinal", 2: "semifinal", 1: "final"}
# Every size whose rounds all have a name, plus 0 for no cut. Events offer 0, 4 and 8; a top 2
# (just a final) costs nothing to support and keeps the rules uniform.
TOP_CUT_SIZES = (0, 2, 4, 8)


class PlacingError(ValueError):
    """Input that cannot be placed: a bracket that does not fit the seeding, a bad cut size, ..."""


class BracketNotFinished(PlacingError):
    """The results so far fit the bracket, but some of its matches are still to be played."""


class SwissLine(Protocol):
    """What placing needs of a standings line. `tournaments.core.standings.Standing` is one."""

    @property
    def player(self) -> str: ...

    @property
    def rank(self) -> int: ...

    @property
    def points(self) -> int: ...


@dataclass(frozen=True)
class BracketResult:
    """One finished top-cut match. A top-cut match has no draws, so it always has a winner."""

    round: BracketRound
    winner: str
    loser: str

    def __post_init__(self) -> None:
        # The round usually comes from stored data, where the Literal type is only a hope.
        if self.round not in _ROUND_NAMES.values():
            raise PlacingError(f"{self.round!r} is not a top-cut round")
        if self.winner == self.loser:
            raise PlacingError(f"{self.winner!r} cannot beat themself in the {self.round}")


@dataclass(frozen=True)
class Placing:
    """One player's final place. `swiss_rank` and `points` are from the Swiss standings."""

    place: int
    player: str
    swiss_rank: int
    points: int
    eliminated_in: EliminatedIn | None


def bracket_round_name(matches_in_round: int) -> BracketRound:
    """The name of a top-cut round with this many matches: 4 quarterfinal, 2 semifinal, 1 final."""
    try:
        return _ROUND_NAMES[matches_in_round]
    except KeyError:
        raise PlacingError(f"no top-cut round has {matches_in_round} matches") from None


def bracket_rounds(top_cut: int) -> tuple[BracketRound, ...]:
    """The rounds of a top cut of `top_cut` players, in the order they are played."""
    if top_cut not in TOP_CUT_SIZES:
        raise PlacingError(f"a top cut is 2, 4 or 8 players, or 0 for none, not {top_cut}")
    rounds = []
    matches = top_cut // 2
    while matches:
        rounds.append(bracket_round_name(matches))
        matches //= 2
    return tuple(rounds)


def bracket_winner(bracket: Sequence[BracketResult]) -> str | None:
    """The winner of the final, or None while it has not been played. Nothing else is checked."""
    return next((result.winner for result in bracket if result.round == "final"), None)


def is_finished(bracket: Sequence[BracketResult], top_cut: int) -> bool:
    """Whether the top cut is over: its final has been played, or there is no cut at all.

    When this is False, `compute_placings` raises. When it is True, `compute_placings` can
    still raise `PlacingError` for an inconsistent bracket, but never `BracketNotFinished`.
    """
    bracket_rounds(top_cut)  # rejects a bad cut size
    return top_cut == 0 or bracket_winner(bracket) is not None


def compute_placings(
    swiss: Sequence[SwissLine], bracket: Sequence[BracketResult], top_cut: int
) -> list[Placing]:
    """The final placings, best first (see the module docstring for the rules)."""
    rounds = bracket_rounds(top_cut)
    ordered = _swiss_order(swiss)
    if not top_cut:
        if bracket:
            raise PlacingError("an event without a top cut has no top-cut matches")
        return [
            Placing(place, line.player, line.rank, line.points, None if place == 1 else "swiss")
            for place, line in enumerate(ordered, start=1)
        ]
    if len(ordered) < top_cut:
        raise PlacingError(f"a top {top_cut} needs {top_cut} players, not {len(ordered)}")

    champion, went_out_in = _replay(tuple(line.player for line in ordered[:top_cut]), bracket)
    # `ordered` is in Swiss order, so filtering it keeps each group in Swiss order as well.
    groups: list[list[tuple[SwissLine, EliminatedIn | None]]] = [
        [(line, None) for line in ordered if line.player == champion]
    ]
    for name in reversed(rounds):
        groups.append([(line, name) for line in ordered if went_out_in.get(line.player) == name])
    groups.append([(line, "swiss") for line in ordered[top_cut:]])
    return [
        Placing(place, line.player, line.rank, line.points, eliminated_in)
        for place, (line, eliminated_in) in enumerate(
            (entry for group in groups for entry in group), start=1
        )
    ]


def _swiss_order(swiss: Sequence[SwissLine]) -> list[SwissLine]:
    """The lines sorted by rank, after checking that players and ranks are each unique."""
    players: set[str] = set()
    ranks: set[int] = set()
    for line in swiss:
        if line.player in players:
            raise PlacingError(f"player {line.player!r} is in the standings twice")
        if line.rank in ranks:
            raise PlacingError(f"two players share Swiss rank {line.rank}")
        players.add(line.player)
        ranks.add(line.rank)
    return sorted(swiss, key=lambda line: line.rank)


def _pair_key(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


def _replay(
    seeds: tuple[str, ...], bracket: Sequence[BracketResult]
) -> tuple[str, dict[str, BracketRound]]:
    """Play the bracket seeded by `seeds` through the results given.

    Returns the champion and, for every other player in the cut, the round they lost in.
    Raises `BracketNotFinished` or `PlacingError` as the module docstring says.
    """
    size = len(seeds)
    rounds = bracket_rounds(size)
    in_cut = set(seeds)
    played: dict[BracketRound, list[BracketResult]] = {name: [] for name in rounds}
    for result in bracket:
        if result.round not in played:
            raise PlacingError(f"a top {size} has no {result.round}")
        for player in (result.winner, result.loser):
            if player not in in_cut:
                raise PlacingError(f"{player!r} is not in the top {size}")
        played[result.round].append(result)

    went_out_in: dict[str, BracketRound] = {}
    matches: tuple[TopCutMatch, ...] = top_cut_pairings(seeds, size)
    winners: list[str] = []
    for index, name in enumerate(rounds):
        results = played[name]
        if len(results) > len(matches):
            raise PlacingError(
                f"the top {size} has {len(matches)} {name} matches, not {len(results)}"
            )
        # Match results to the bracket by who played, so their order does not matter.
        expected = {_pair_key(m.player_a, m.player_b) for m in matches}
        result_of: dict[frozenset[str], BracketResult] = {}
        for result in results:
            key = _pair_key(result.winner, result.loser)
            if key not in expected:
                raise PlacingError(
                    f"{result.winner!r} v {result.loser!r} is not a {name} of this bracket"
                )
            if key in result_of:
                raise PlacingError(
                    f"the {name} {result.winner!r} v {result.loser!r} is given twice"
                )
            result_of[key] = result
        if len(result_of) < len(matches):
            # A later result would mean someone advanced from a match with no result.
            later = next((r for n in rounds[index + 1 :] for r in played[n]), None)
            if later is not None:
                raise PlacingError(
                    f"a {later.round} has a result before every {name} has been played"
                )
            raise BracketNotFinished(
                f"{len(matches) - len(result_of)} of the {len(matches)} {name} matches "
                "are still to be played"
            )
        winners = [result_of[_pair_key(m.player_a, m.player_b)].winner for m in matches]
        went_out_in.update((result.loser, name) for result in results)
        matches = next_top_cut_round(matches, winners)
    # The loop ends with the final, whose one winner is the champion.
    return winners[0], went_out_in
