"""Swiss pairings, the single-elimination top cut, how many Swiss rounds to run, and the pods of
three teams of a Titans of Eden Three-Arena round (`pair_pods`, at the end of the module).

This module does the maths on plain frozen dataclasses, the way Tabbycat's draw generators do.
The tournaments services load the players, call `pair_round` or `top_cut_pairings`, and save
what comes back. Nothing here touches Django, and randomness comes in as a seed.

What makes a good Swiss round
-----------------------------
`pair_round` ranks the possible pairings by the criteria below. Each criterion outranks all of
the ones after it:

1. With an odd number of players, the bye goes to a player who has not had one yet, as long as
   any such player exists.
2. There are as few rematches as possible.
3. The bye goes to the lowest-ranked of those players. Rank is the standings order that the
   caller passes in: points first, then tiebreakers.
4. There are as few pair-downs as possible. Pair-downs are counted as score-group boundaries
   crossed. 9 v 6 points is one pair-down. 9 v 3 is two if a 6-point group sits between them,
   because it pairs the 9 down past that whole group. If pair-downs were counted as mismatched
   pairings instead, the leader would often be paired straight down to the bottom so that the
   middle could stay unmixed, and no Swiss event does that.
5. The sum of squared point differences is as small as possible, so a pair-down goes to the
   next score group rather than further.

Criterion 3 is placed above pair-downs on purpose. Otherwise the bye would drift up to whoever
could fix an odd-sized top score group, so a 9-point player would get the bye instead of the
bottom player. Criterion 2 is placed above criterion 3 because a rematch is allowed only
when no rematch-free pairing exists, and moving the bye can sometimes make one possible. So the
bye moves up the standings only when that avoids a rematch. Pairings that tie on all five criteria are chosen by a seeded shuffle within each score
group. That makes round one a random draw, and makes every round reproducible from its seed.

Lower bound. Remove the bye, and take any boundary between two score groups. If an odd number
of players sit above it, at least one pairing must cross it. A rematch-free round has a second
constraint as well. A score group whose players cannot all be paired among themselves without a
rematch must send the surplus across the boundaries on either side of it. The surplus is exact
for groups of up to 16 players, and for any group that a greedy pass pairs completely. For
larger groups the parity is used, which is still a valid bound. `pair_down_lower_bound` is the
fewest crossings that meet both constraints, found by a small dynamic programme down the
boundaries. For a round with rematches, only the parity part applies.

Algorithm
---------
Maximum-weight matching over the whole field is O(n^3) and too slow in pure Python at 2,048
players, so there are three stages:

1. Bye: the lowest-ranked player without a bye (MTR-style Swiss).
2. Greedy, top down: score groups are taken from the top. Players floated down from above are
   paired first, each with the first player in the seeded order of the group who is not a
   rematch for them. The rest of the group is then paired in seeded order, each player with
   the next player who is not a rematch. If one player is left over, they float to the next
   group. A player who cannot be placed without a rematch floats further.
3. Repair: any pairing that is a rematch, skips a score group, or crosses a boundary more often
   than parity requires is "suspect". Each suspect pairing is re-solved exactly together with
   a few other pairings, a window of at most `WINDOW` players in all (the bye counts as a
   player). The solve is an exact dynamic programme over the perfect matchings of the window,
   costed by the five criteria, and a change is kept only if it is strictly better. The rest of
   the round is untouched, so the repairs never make a round worse. The other pairings come
   first from swap chains: the pairings of players who could take the suspect's players
   without a rematch, then of players who could take their partners, and so on. After that
   they come from the score groups within `_REACH` of the suspect, small groups first, and the
   whole field is tried last if it fits in one window. The repair stops when no suspect is
   left, when the lower bound proves the round optimal, when no window improves it, or after
   `_MAX_REPAIR_WINDOWS` windows. That cap keeps the worst case bounded, and deterministic.

Rounds with at most `EXACT_LIMIT` players (the bye counts as a player) skip stages 1-3. They
are solved exactly by the same dynamic programme over every perfect matching.

Guarantees
----------
- Always: every active player is in exactly one pairing, there is at most one bye, dropped
  players are never paired, the bye goes to a player without one whenever someone has not had
  one, and the same players and seed give the same round whatever order they are passed in.
- Criteria 1-4 are optimal, and `proven_optimal` is True, in either of two cases. The first is
  that the round was solved exactly: `EXACT_LIMIT` players or fewer, or a repair window that
  took in the whole field. The second is that the result is rematch-free, has the bye on the
  lowest-ranked player without one, and has `pair_downs == pair_down_lower_bound`. In the
  second case the lower bound is the certificate.
- Otherwise the result is a local optimum. No repair window that was tried could be re-paired
  any better. Neither the fewest rematches nor the fewest pair-downs is guaranteed then, and
  the explanation of any rematch says "no rematch-free pairing found", not "exists". This
  happens when the lower bound is loose, for example when two lone players in neighbouring
  score groups have already met. It also happens in small events played well past the
  recommended number of rounds, once the field has split into many tiny score groups.
- Criterion 5 is only guaranteed when the round was solved exactly.

benchmarks/pairing.py measures all of this at 2,048 players, and compares it with a
maximum-weight matching baseline at 256 and 512 players.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

# Rounds with at most this many players (the bye counts as one) are solved exactly. Beyond
# that the dynamic programme's work grows about threefold for every two more players.
EXACT_LIMIT = 20
# The most players (the bye counts as one) that one repair window re-pairs exactly.
WINDOW = 12
# Score groups of at most this many players are searched exactly for the lower bound.
_EXACT_GROUP = 16
# Caps the repair work on pathological inputs. Real events need a handful of windows.
_MAX_REPAIR_WINDOWS = 150
# How many score groups either side of a suspect pairing the repair windows reach.
_REACH = 2


class PairingError(ValueError):
    """Input that cannot be paired as given: duplicate players, a bad top-cut size, ..."""


# --- how many Swiss rounds -------------------------------------------------------------------

# Magic Tournament Rules, Appendix E (recommended number of Swiss rounds).
# It is not ceil(log2 n). That formula gives 8 rounds up to 256 players and 9 up to 512. The
# table moves to 9 rounds at 227 players (129-226 is 8) and to 10 at 410 (227-409 is 9).
_ROUNDS_BY_PLAYER_COUNT = (
    (2, 1),
    (4, 2),
    (8, 3),
    (16, 4),
    (32, 5),
    (64, 6),
    (128, 7),
    (226, 8),
    (409, 9),
)
_ROUNDS_FOR_LARGEST_EVENTS = 10


def recommended_rounds(player_count: int) -> int:
    """The default number of Swiss rounds for `player_count` players (MTR Appendix E)."""
    if player_count < 2:
        raise PairingError(f"a Swiss event needs at least 2 players, not {player_count}")
    for most_players, rounds in _ROUNDS_BY_PLAYER_COUNT:
        if player_count <= most_players:
            return rounds
    return _ROUNDS_FOR_LARGEST_EVENTS


# --- a Swiss round ----------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerRecord:
    """One player as the pairing sees them before a round.

    `rank` is the player's place in the current standings (1 = first). Ties are broken by id.
    `opponents` may list the same id twice after a rematch, and may name dropped players.
    """

    id: str
    points: int
    rank: int
    opponents: tuple[str, ...] = ()
    had_bye: bool = False
    dropped: bool = False


@dataclass(frozen=True)
class Pairing:
    """One table, or the bye (`player_b` is None and there is no table)."""

    table: int | None
    player_a: str
    player_b: str | None
    explanation: str
    is_rematch: bool = False
    pair_down_from: int | None = None
    pair_down_to: int | None = None

    @property
    def is_bye(self) -> bool:
        return self.player_b is None


@dataclass(frozen=True)
class PairingResult:
    """A paired Swiss round: the tables in order, then the bye if there is one."""

    seed: int
    pairings: tuple[Pairing, ...]
    rematches: int
    pair_downs: int  # score-group boundaries crossed, see the module docstring
    pair_down_lower_bound: int
    score_difference: int  # sum of point differences over all tables
    proven_optimal: bool  # criteria 1-4 of the module docstring are optimal

    @property
    def bye(self) -> str | None:
        return next((p.player_a for p in self.pairings if p.is_bye), None)


def pair_round(players: Iterable[PlayerRecord], *, seed: int) -> PairingResult:
    """Pair one Swiss round of the players who have not dropped (see the module docstring)."""
    return _pair(players, seed=seed, exact_limit=EXACT_LIMIT, window=WINDOW)


def _pair(
    players: Iterable[PlayerRecord], *, seed: int, exact_limit: int, window: int
) -> PairingResult:
    """`pair_round` with its limits exposed, so tests can drive the fast path on small fields."""
    field = _Field(players)
    if field.size == 0:
        return PairingResult(seed, (), 0, 0, 0, 0, proven_optimal=True)
    rng = random.Random(seed)
    field.shuffle_within_score_groups(rng)
    if field.size <= exact_limit:
        nodes = list(field.seeded_order)
        partner = dict.fromkeys(nodes, -1)
        _solve_window(field, partner, nodes)
        exact = True
    else:
        partner = _greedy(field)
        exact = _repair(field, partner, rng, window)
    return field.result(seed, partner, exact)


@dataclass(frozen=True)
class _Tally:
    """What a complete pairing of the field scores, and whether the lower bound proves it."""

    matches: list[tuple[int, int]]
    bye_player: int | None
    excess: list[bool]  # per boundary: crossed more often than parity needs
    rematches: int
    pair_downs: int
    lower_bound: int
    bye_as_ruled: bool

    @property
    def certified(self) -> bool:
        return self.rematches == 0 and self.pair_downs == self.lower_bound and self.bye_as_ruled


class _Field:
    """The active players as integer nodes, plus a BYE node when the count is odd.

    Node order is standings order (node 0 is ranked first). Score groups are numbered from the
    top: group 0 holds the most points.
    """

    def __init__(self, players: Iterable[PlayerRecord]):
        active = [p for p in players if not p.dropped]
        ids = [p.id for p in active]
        if len(set(ids)) != len(ids):
            duplicate = next(i for i in ids if ids.count(i) > 1)
            raise PairingError(f"player {duplicate!r} is listed twice")
        active.sort(key=lambda p: (p.rank, p.id))
        self.players = active
        self.count = len(active)
        self.index = {p.id: n for n, p in enumerate(active)}
        self.points = [p.points for p in active]
        # A match counts as played if either side lists it, so one-sided records still block it.
        self.played: list[set[int]] = [set() for _ in active]
        for n, p in enumerate(active):
            if p.id in p.opponents:
                raise PairingError(f"player {p.id!r} is listed as their own opponent")
            for opponent in p.opponents:
                if opponent in self.index:
                    self.played[n].add(self.index[opponent])
                    self.played[self.index[opponent]].add(n)
        self.had_bye = [p.had_bye for p in active]
        levels = sorted(set(self.points), reverse=True)
        self.score_groups = len(levels)
        level_of = {points: g for g, points in enumerate(levels)}
        self.group = [level_of[points] for points in self.points]
        self.group_sizes = [self.group.count(g) for g in range(self.score_groups)]
        self.bye = self.count if self.count % 2 else None
        self.size = self.count + (1 if self.bye is not None else 0)
        # Criterion 1 only applies while someone is still without a bye.
        self.anyone_without_bye = not all(self.had_bye)
        self._weights()
        self._lower_bounds: dict[tuple[int | None, bool], int] = {}
        self.seeded_position = list(range(self.size))

    def _weights(self) -> None:
        # The five criteria as one integer: each weight exceeds the largest total that all the
        # criteria below it can reach, so comparing sums compares the criteria in order.
        pairs = self.size // 2 + 1
        spread = max(self.points) - min(self.points) if self.points else 0
        self.w_steps = pairs * spread * spread + 1
        self.w_bye_rank = self.w_steps * (pairs * self.score_groups + 1)
        self.w_rematch = self.w_bye_rank * (self.count + 1)
        self.w_repeat_bye = self.w_rematch * (pairs + 1)

    def shuffle_within_score_groups(self, rng: random.Random) -> None:
        """Give every node its place in the seeded order: score groups top down, then shuffled."""
        order: list[int] = []
        self.seeded_groups: list[list[int]] = []
        for g in range(self.score_groups):
            members = sorted(
                (n for n in range(self.count) if self.group[n] == g),
                key=lambda n: self.players[n].id,
            )
            rng.shuffle(members)
            self.seeded_groups.append(members)
            order += members
        if self.bye is not None:
            order.append(self.bye)
        self.seeded_order = order
        for position, node in enumerate(order):
            self.seeded_position[node] = position

    def bye_group(self, partner: Mapping[int, int]) -> int:
        # Asked only of a field with a bye node (node_group: node == self.bye), so self.bye is
        # an int; no check here, as this runs in the repair's inner loops.
        return self.group[partner[self.bye]]  # type: ignore[index]

    def node_group(self, node: int, partner: Mapping[int, int]) -> int:
        return self.bye_group(partner) if node == self.bye else self.group[node]

    def boundaries(
        self, pairs: Iterable[tuple[int, int]], bye_player: int | None
    ) -> tuple[list[int], list[int]]:
        """Per boundary below each score group: crossings parity needs, crossings made."""
        needed, crossings = [], [0] * self.score_groups
        above = 0
        for g in range(self.score_groups):
            above += self.group_sizes[g] - (bye_player is not None and self.group[bye_player] == g)
            needed.append(above % 2)
        for a, b in pairs:
            if b != self.bye:
                low, high = sorted((self.group[a], self.group[b]))
                for boundary in range(low, high):
                    crossings[boundary] += 1
        # Below the last group there is no boundary.
        return needed[:-1], crossings[:-1]

    def pair_down_lower_bound(self, bye_player: int | None, rematch_free: bool) -> int:
        """The fewest pair-downs any pairing with this bye can have (see the module docstring).

        c_b is the number of crossings of the boundary below group g = b. Parity forces c_b to
        be odd exactly when the count above the boundary is odd. When rematches are ruled out,
        a group whose players cannot all be paired among themselves sends at least d_g of them
        out, so c_(g-1) + c_g >= d_g. A dynamic programme down the boundaries finds the least
        sum of the c_b that meets every constraint.
        """
        parity, _ = self.boundaries((), bye_player)
        if not rematch_free or self.score_groups < 2:
            return sum(parity)
        sent_out = [self.unpairable_within(g, bye_player) for g in range(self.score_groups)]
        most = max(sent_out) + 1
        # Lowest total so far, keyed by the crossings of the boundary above the next group.
        totals = {0: 0}
        for g, need in enumerate(parity):
            step: dict[int, int] = {}
            for above, total in totals.items():
                for below in range(need, max(most, need) + 1, 2):
                    if above + below >= sent_out[g]:
                        step[below] = min(step.get(below, total + below), total + below)
            totals = step
        return min(total for above, total in totals.items() if above >= sent_out[-1])

    def unpairable_within(self, g: int, bye_player: int | None) -> int:
        """How many players of score group g cannot be paired inside it without a rematch.

        Exact when a greedy pass pairs everyone but the odd player, or when the group is small
        enough to search. Otherwise it is just the parity, which is still a valid lower bound.
        """
        members = [n for n in self.seeded_groups[g] if n != bye_player]
        odd = len(members) % 2
        _, unpaired = _pair_in_order(self, members)
        if len(unpaired) <= odd or len(members) > _EXACT_GROUP:
            return odd
        return len(members) - 2 * self._most_pairs(members)

    def _most_pairs(self, members: list[int]) -> int:
        """Maximum rematch-free pairs among `members`, by search over subsets."""
        known: dict[int, int] = {0: 0}

        def most(mask: int) -> int:
            if mask in known:
                return known[mask]
            low_bit = mask & -mask
            first = members[low_bit.bit_length() - 1]
            rest = mask ^ low_bit
            best = most(rest)  # the first player is left unpaired
            others = rest
            while others:
                bit = others & -others
                others ^= bit
                if members[bit.bit_length() - 1] not in self.played[first]:
                    best = max(best, 1 + most(rest ^ bit))
            known[mask] = best
            return best

        return most((1 << len(members)) - 1)

    def cost(self, a: int, b: int) -> int:
        if a == self.bye or b == self.bye:
            player = b if a == self.bye else a
            repeat = self.had_bye[player] and self.anyone_without_bye
            # Node order is standings order, so the last node is the lowest-ranked player.
            ranked_below = self.count - 1 - player
            return repeat * self.w_repeat_bye + ranked_below * self.w_bye_rank
        rematch = b in self.played[a]
        difference = self.points[a] - self.points[b]
        steps = abs(self.group[a] - self.group[b])
        return rematch * self.w_rematch + steps * self.w_steps + difference * difference

    def default_bye(self) -> int:
        without = [n for n in range(self.count) if not self.had_bye[n]]
        return max(without) if without else self.count - 1

    def tally(self, partner: Mapping[int, int]) -> _Tally:
        pairs = {(min(a, b), max(a, b)) for a, b in partner.items()}
        matches = [(a, b) for a, b in pairs if b != self.bye]
        bye_player = next((a for a, b in pairs if b == self.bye), None)
        needed, crossings = self.boundaries(pairs, bye_player)
        rematches = sum(1 for a, b in matches if b in self.played[a])
        key = (bye_player, rematches == 0)
        if key not in self._lower_bounds:
            self._lower_bounds[key] = self.pair_down_lower_bound(*key)
        return _Tally(
            matches=matches,
            bye_player=bye_player,
            excess=[c > need for c, need in zip(crossings, needed, strict=True)],
            rematches=rematches,
            pair_downs=sum(abs(self.group[a] - self.group[b]) for a, b in matches),
            lower_bound=self._lower_bounds[key],
            bye_as_ruled=bye_player is None or bye_player == self.default_bye(),
        )

    def result(self, seed: int, partner: Mapping[int, int], exact: bool) -> PairingResult:
        tally = self.tally(partner)
        matches, bye_player, excess = tally.matches, tally.bye_player, tally.excess
        rematches, pair_downs, lower_bound = tally.rematches, tally.pair_downs, tally.lower_bound
        proven = exact or tally.certified

        pairings = []
        for a, b in matches:
            # The player on more points (else the better-ranked) sits as player A.
            high, low = sorted((a, b), key=lambda n: (-self.points[n], n))
            pairings.append(self._explain(high, low, excess, proven))
        # Every pairing from _explain is a table, so its player_b is never None.
        pairings.sort(
            key=lambda p: (
                -max(self.points[self.index[p.player_a]], self.points[self.index[p.player_b]]),  # type: ignore[index]
                -min(self.points[self.index[p.player_a]], self.points[self.index[p.player_b]]),  # type: ignore[index]
                self.index[p.player_a],
            )
        )
        tables = [
            Pairing(table, p.player_a, p.player_b, p.explanation, p.is_rematch,
                    p.pair_down_from, p.pair_down_to)
            for table, p in enumerate(pairings, start=1)
        ]  # fmt: skip
        if bye_player is not None:
            tables.append(
                Pairing(None, self.players[bye_player].id, None, self._bye_reason(bye_player))
            )
        return PairingResult(
            seed=seed,
            pairings=tuple(tables),
            rematches=rematches,
            pair_downs=pair_downs,
            pair_down_lower_bound=lower_bound,
            score_difference=sum(abs(self.points[a] - self.points[b]) for a, b in matches),
            proven_optimal=proven,
        )

    def _explain(self, high: int, low: int, excess: list[bool], proven: bool) -> Pairing:
        rematch = low in self.played[high]
        hi_points, lo_points = self.points[high], self.points[low]
        if hi_points == lo_points:
            reasons = [f"same points ({hi_points})"]
        else:
            crossed = range(self.group[high], self.group[low])
            why = (
                "no other opponent left without a rematch"
                if any(excess[b] for b in crossed)
                else "no other opponent left"
            )
            reasons = [f"paired down from {hi_points} to {lo_points} points: {why}"]
        if rematch:
            reasons.append(
                "rematch: no rematch-free pairing exists"
                if proven
                else "rematch: no rematch-free pairing found"
            )
        return Pairing(
            table=None,
            player_a=self.players[high].id,
            player_b=self.players[low].id,
            explanation="; ".join(reasons),
            is_rematch=rematch,
            pair_down_from=hi_points if hi_points != lo_points else None,
            pair_down_to=lo_points if hi_points != lo_points else None,
        )

    def _bye_reason(self, player: int) -> str:
        as_ruled = player == self.default_bye()
        if self.anyone_without_bye:
            if as_ruled:
                return "bye: lowest-ranked player without a bye"
            return "bye: lowest-ranked player without a bye whose bye avoids a rematch"
        if as_ruled:
            return "bye: every player has had a bye, so the lowest-ranked player gets another"
        return "bye: every player has had a bye; lowest-ranked player whose bye avoids a rematch"


def _greedy(field: _Field) -> dict[int, int]:
    """Stages 1 and 2 of the module docstring: the bye, then score groups from the top."""
    partner: dict[int, int] = {}

    def pair(a: int, b: int) -> None:
        partner[a] = b
        partner[b] = a

    bye_player = None
    if field.bye is not None:
        bye_player = field.default_bye()
        pair(bye_player, field.bye)
    floating: list[int] = []
    for members in field.seeded_groups:
        pool = [n for n in members if n != bye_player]
        still_floating = []
        for floater in floating:
            k = _first_compatible(field, floater, pool)
            if k is None:
                still_floating.append(floater)
            else:
                pair(floater, pool.pop(k))
        pairs, left_over = _pair_in_order(field, pool)
        for a, b in pairs:
            pair(a, b)
        floating = still_floating + left_over
    # Players nobody below could take: pair them with each other, and leave it to the repair.
    for a, b in zip(floating[::2], floating[1::2], strict=True):
        pair(a, b)
    return partner


def _pair_in_order(field: _Field, players: list[int]) -> tuple[list[tuple[int, int]], list[int]]:
    """Each player in turn with the next player who is not a rematch. Returns the pairs and
    the players left over."""
    # Reversed, so that popping from the end walks the seeded order front to back.
    pool = players[::-1]
    pairs, left_over = [], []
    while pool:
        player = pool.pop()
        k = _first_compatible(field, player, pool)
        if k is None:
            left_over.append(player)
        else:
            pairs.append((player, pool.pop(k)))
    return pairs, left_over


def _first_compatible(field: _Field, player: int, pool: list[int]) -> int | None:
    """Where in `pool` the first player (from the end) who is not a rematch for `player` is."""
    played = field.played[player]
    for k in range(len(pool) - 1, -1, -1):
        if pool[k] not in played:
            return k
    return None


def _suspects(
    field: _Field, partner: Mapping[int, int], excess: list[bool]
) -> list[tuple[int, int]]:
    """Pairings that may be improvable: rematches, group skips, excess boundary crossings."""
    pairs = sorted(
        {(min(a, b), max(a, b)) for a, b in partner.items()},
        key=lambda p: field.seeded_position[p[0]],
    )
    suspects = []
    for a, b in pairs:
        if b == field.bye:
            if a != field.default_bye():
                suspects.append((a, b))
            continue
        low, high = sorted((field.group[a], field.group[b]))
        if b in field.played[a] or high - low > 1 or any(excess[low:high]):
            suspects.append((a, b))
    return suspects


def _repair(field: _Field, partner: dict[int, int], rng: random.Random, window: int) -> bool:
    """Stage 3: re-solve windows around suspect pairings. True if the whole field was solved."""
    exact = False
    tried = 0
    while tried < _MAX_REPAIR_WINDOWS:
        tally = field.tally(partner)
        suspects = _suspects(field, partner, tally.excess)
        if not suspects or tally.certified:
            break
        improved = False
        for suspect in suspects:
            for nodes in _windows(field, partner, suspect, suspects, rng, window):
                tried += 1
                whole_field = len(nodes) == field.size
                if _solve_window(field, partner, nodes):
                    improved = True
                exact = exact or whole_field
                if improved or whole_field or tried >= _MAX_REPAIR_WINDOWS:
                    break
            if improved or exact or tried >= _MAX_REPAIR_WINDOWS:
                break
        if not improved:
            break
    return exact


def _windows(
    field: _Field,
    partner: Mapping[int, int],
    suspect: tuple[int, int],
    suspects: Sequence[tuple[int, int]],
    rng: random.Random,
    window: int,
) -> Iterable[list[int]]:
    """Sets of whole pairings around `suspect` to re-solve, most promising first.

    1. Along swap chains: the pairings of players who could take the suspect's players
       without a rematch, then the pairings of players who could take their partners, and so
       on (`_swap_chain`).
    2. Score groups around the suspect, widening one group at a time up to `_REACH`. Other
       suspects come first, because two excess crossings of one boundary are undone together.
       The rest are ordered by the size of their score group, smallest first, and shuffled
       within a size. Small groups are where the rematch constraints bind, and a small group
       fits in a window whole. A big group has room to spare, so a sample of it is enough.
    3. The whole field, if it fits in one window.
    """
    a, b = suspect
    room = window // 2 - 1
    for _ in range(2):
        yield [a, b, *(n for p in _swap_chain(field, partner, suspect, room, rng) for n in p)]

    groups = (field.node_group(a, partner), field.node_group(b, partner))
    low, high = min(groups), max(groups)
    others = sorted(
        {(min(x, y), max(x, y)) for x, y in partner.items()} - {suspect},
        key=lambda p: field.seeded_position[p[0]],
    )
    suspect_set = set(suspects)
    for reach in range(_REACH + 1):
        lo, hi = low - reach, high + reach

        def smallest_group(pair: tuple[int, int], lo: int = lo, hi: int = hi) -> int:
            in_reach = [field.node_group(n, partner) for n in pair]
            return min(field.group_sizes[g] for g in in_reach if lo <= g <= hi)

        near = [p for p in others if any(lo <= field.node_group(n, partner) <= hi for n in p)]
        if len(near) <= room:
            yield [a, b, *(n for p in near for n in p)]
            if len(near) == len(others):
                return
            continue
        first = [p for p in near if p in suspect_set][:room]
        rest = [p for p in near if p not in suspect_set]
        # A small group can fill the window, leaving no room for the partners its players need
        # to swap with. So later windows give a slot or two to a random pairing instead.
        for random_slots in range(min(3, room - len(first) + 1)):
            rng.shuffle(rest)
            rest.sort(key=smallest_group)
            smallest_first = room - len(first) - random_slots
            chosen = first + rest[:smallest_first]
            chosen += rng.sample(rest[smallest_first:], random_slots)
            yield [a, b, *(n for p in chosen for n in p)]
    if field.size <= window:
        yield [a, b, *(n for p in others for n in p)]


def _swap_chain(
    field: _Field,
    partner: Mapping[int, int],
    suspect: tuple[int, int],
    room: int,
    rng: random.Random,
) -> list[tuple[int, int]]:
    """Up to `room` pairings reached from `suspect` by possible swaps, breadth first.

    For each player reached, up to two players are picked at random who could play them
    without a rematch. One comes from the player's own score group, and one from the next
    group that has a candidate. Their pairings are added, and their partners are reached next.
    """
    taken = set(suspect)
    chosen: list[tuple[int, int]] = []
    frontier = [n for n in suspect if n != field.bye]
    while frontier and len(chosen) < room:
        player = frontier.pop(0)
        home = field.group[player]
        picked = 0
        for g in (home, home + 1, home - 1, home + 2, home - 2):
            if picked == 2 or len(chosen) == room:
                break
            if not 0 <= g < field.score_groups:
                continue
            candidates = [
                x
                for x in field.seeded_groups[g]
                if x not in taken and x not in field.played[player]
            ]
            if not candidates:
                continue
            x = rng.choice(candidates)
            pair = (min(x, partner[x]), max(x, partner[x]))
            chosen.append(pair)
            taken.update(pair)
            frontier += [n for n in pair if n != x and n != field.bye]
            picked += 1
    return chosen


def _solve_window(field: _Field, partner: dict[int, int], nodes: list[int]) -> bool:
    """Re-pair `nodes` exactly. Keeps the new pairing only if it is strictly better.

    An exact dynamic programme: the first unpaired node is paired with every other in turn.
    Memoised on the set still unpaired, it visits at most 2^(k-1) sets for k nodes.
    """
    k = len(nodes)
    cost = [[field.cost(x, y) if x != y else 0 for y in nodes] for x in nodes]
    best: dict[int, tuple[int, int]] = {0: (0, -1)}

    def solve(mask: int) -> int:
        known = best.get(mask)
        if known is not None:
            return known[0]
        low_bit = mask & -mask
        first = low_bit.bit_length() - 1
        rest = mask ^ low_bit
        best_total, best_other = -1, -1
        others = rest
        while others:
            bit = others & -others
            others ^= bit
            other = bit.bit_length() - 1
            total = cost[first][other] + solve(rest ^ bit)
            if best_other < 0 or total < best_total:
                best_total, best_other = total, other
        best[mask] = (best_total, best_other)
        return best_total

    full = (1 << k) - 1
    new_total = solve(full)
    position = {node: i for i, node in enumerate(nodes)}
    old_total = sum(
        cost[position[x]][position[partner[x]]]
        for x in nodes
        if partner.get(x, -1) >= 0 and x < partner[x]
    )
    unpaired_before = any(partner.get(x, -1) < 0 for x in nodes)
    if not unpaired_before and new_total >= old_total:
        return False
    mask = full
    while mask:
        first = (mask & -mask).bit_length() - 1
        other = best[mask][1]
        partner[nodes[first]] = nodes[other]
        partner[nodes[other]] = nodes[first]
        mask ^= (1 << first) | (1 << other)
    return True


# --- the top cut ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TopCutMatch:
    """One single-elimination match. Seed numbers are standings places (1 = first)."""

    position: int  # 1-based, in bracket order: the winners of 1 and 2 meet next, and so on
    seed_a: int
    player_a: str
    seed_b: int
    player_b: str


def _bracket_order(size: int) -> list[int]:
    # Standard seeding: each round, the seeds left are s and (size + 1 - s), nested so that
    # the top two seeds can only meet in the final. For 8: 1v8, 4v5, 2v7, 3v6.
    order = [1]
    while len(order) < size:
        width = 2 * len(order)
        order = [seed for s in order for seed in (s, width + 1 - s)]
    return order


def top_cut_pairings(seeds: Sequence[str], size: int) -> tuple[TopCutMatch, ...]:
    """The first round of a single-elimination top cut of `size` from standings order `seeds`."""
    if size < 2 or size & (size - 1):
        raise PairingError(f"a top cut needs a power of two of at least 2 players, not {size}")
    if len(seeds) < size:
        raise PairingError(f"a top {size} needs {size} players, but only {len(seeds)} were given")
    if len(set(seeds[:size])) != size:
        raise PairingError("a player is seeded twice in the top cut")
    order = _bracket_order(size)
    return tuple(
        TopCutMatch(position, high, seeds[high - 1], low, seeds[low - 1])
        for position, (high, low) in enumerate(zip(order[::2], order[1::2], strict=True), start=1)
    )


def next_top_cut_round(
    matches: Sequence[TopCutMatch], winners: Sequence[str]
) -> tuple[TopCutMatch, ...]:
    """The next bracket round, from the winner of each match in bracket order.

    A top cut match has no draws, so every match needs a winner. After the final it returns ().
    """
    if len(winners) != len(matches):
        raise PairingError(
            f"{len(matches)} matches need {len(matches)} winners, not {len(winners)}"
        )
    advancing = []
    for match, winner in zip(matches, winners, strict=True):
        if winner == match.player_a:
            advancing.append((match.seed_a, winner))
        elif winner == match.player_b:
            advancing.append((match.seed_b, winner))
        else:
            raise PairingError(f"{winner!r} did not play in top cut match {match.position}")
    if len(advancing) == 1:
        return ()
    return tuple(
        TopCutMatch(position, *min(x, y), *max(x, y))
        for position, (x, y) in enumerate(
            zip(advancing[::2], advancing[1::2], strict=True), start=1
        )
    )


# --- Three-Arena pods -------------------------------------------------------------------------
#
# A Titans of Eden Three-Arena game seats three teams at one table in three arenas (Titans of
# Eden Rulebook › Three-Arena Games › Setup, L331), so a Swiss round of such an event groups
# the teams into pods of three instead of pairs. The criteria, each outranking the ones after
# it, follow `pair_round`'s:
#
# 1. The team count modulo 3 teams get a bye: the lowest-ranked teams without one, then (only
#    if everyone has had one) the lowest-ranked teams. A game needs three teams: the rulebook's
#    smaller games (3-4 players) are still three teams (L402-404), and a pod of two would be a
#    Two-Arena game, a different game with other temple rules. So a leftover team sits out
#    with a bye rather than playing something else, as a leftover player does in Swiss.
# 2. As few repeat opponents as possible: a pair of teams in one pod that have met before.
# 3. The sum of squared point differences between the teams of each pod is as small as
#    possible, so pods are made within score groups, and across the nearest ones.
#
# Ties are broken by a seeded shuffle within each score group (round one is a random draw, and
# every round is reproducible from its seed). Fields of up to `POD_EXACT_LIMIT` teams (after
# the byes) are solved exactly by a dynamic programme over every grouping into pods; larger
# fields are solved exactly one window of `POD_EXACT_LIMIT` consecutive teams (in seeded
# standings order) at a time, which keeps the work linear. `proven_optimal` says when the
# fewest repeats is proven: an exact solve, or no repeat at all.

POD_SIZE = 3
POD_EXACT_LIMIT = 12  # a multiple of POD_SIZE

# Where a pod's teams sit. The pod's teams are in standings order (A, B, C), and each team has
# two seats (its first and second player, or one player twice on a one-person team). Each arena
# is (arena, (team, seat), (team, seat)). This is the rulebook's figure: Team 1 Player 1 plays
# in Arena 1 against Team 3 Player 1 (L349); Team 1 wins when Team 3 Player 1 and Team 2
# Player 1 have no temples (L365); Team 1 plays in Arenas 1 and 2, Team 2 in Arenas 2 and 3,
# Team 3 in Arenas 1 and 3 (L388, L398).
POD_ARENAS: tuple[tuple[int, tuple[int, int], tuple[int, int]], ...] = (
    (1, (0, 1), (2, 1)),
    (2, (0, 2), (1, 1)),
    (3, (1, 2), (2, 2)),
)


@dataclass(frozen=True)
class Pod:
    """One Three-Arena table of three teams in standings order, or a bye (one team, no table)."""

    table: int | None
    teams: tuple[str, ...]
    explanation: str
    repeats: int = 0  # pairs of teams in this pod that have met before

    @property
    def is_bye(self) -> bool:
        return len(self.teams) == 1


@dataclass(frozen=True)
class PodPairingResult:
    """A Swiss round of pods: the tables in order, then the byes."""

    seed: int
    pods: tuple[Pod, ...]
    repeats: int
    proven_optimal: bool  # the fewest repeats is proven (exact solve, or none at all)

    @property
    def byes(self) -> tuple[str, ...]:
        return tuple(p.teams[0] for p in self.pods if p.is_bye)


def pair_pods(teams: Iterable[PlayerRecord], *, seed: int) -> PodPairingResult:
    """Group one Swiss round of the teams who have not dropped into pods of three (see the
    section comment above). A team's `opponents` lists both other teams of each pod it played."""
    return _pods(teams, seed=seed, exact_limit=POD_EXACT_LIMIT)


def _pods(teams: Iterable[PlayerRecord], *, seed: int, exact_limit: int) -> PodPairingResult:
    active = [t for t in teams if not t.dropped]
    ids = [t.id for t in active]
    if len(set(ids)) != len(ids):
        duplicate = next(i for i in ids if ids.count(i) > 1)
        raise PairingError(f"team {duplicate!r} is listed twice")
    for team in active:
        if team.id in team.opponents:
            raise PairingError(f"team {team.id!r} is listed as their own opponent")
    active.sort(key=lambda t: (t.rank, t.id))
    met: set[frozenset[str]] = set()
    for team in active:
        met |= {frozenset((team.id, o)) for o in team.opponents}

    # 1. Byes: the lowest-ranked teams without one, then the lowest-ranked.
    bye_count = len(active) % POD_SIZE
    from_bottom = [t for t in reversed(active) if not t.had_bye]
    from_bottom += [t for t in reversed(active) if t.had_bye]
    byes = from_bottom[:bye_count]
    bye_ids = {t.id for t in byes}
    playing = [t for t in active if t.id not in bye_ids]

    # Seeded order: score groups top down, shuffled within each.
    rng = random.Random(seed)
    order: list[PlayerRecord] = []
    for points in sorted({t.points for t in playing}, reverse=True):
        group = sorted((t for t in playing if t.points == points), key=lambda t: t.id)
        rng.shuffle(group)
        order += group

    def cost(pod: Sequence[PlayerRecord]) -> tuple[int, int]:
        pairs = [(x, y) for i, x in enumerate(pod) for y in pod[i + 1 :]]
        repeats = sum(frozenset((x.id, y.id)) in met for x, y in pairs)
        return repeats, sum((x.points - y.points) ** 2 for x, y in pairs)

    exact = len(order) <= exact_limit
    grouped: list[tuple[int, ...]] = []
    for start in range(0, len(order), exact_limit):
        window = order[start : start + exact_limit]
        grouped += [tuple(start + i for i in pod) for pod in _best_pods(window, cost)]

    grouped.sort(key=min)  # pods in standings order of their best-placed team
    pods = []
    for table, members in enumerate(grouped, start=1):
        pod = [order[i] for i in sorted(members)]
        repeats, _ = cost(pod)
        pods.append(Pod(table, tuple(t.id for t in pod), _pod_explanation(pod, repeats), repeats))
    for team in reversed(byes):  # the byes, in standings order
        why = (
            "bye: the lowest-ranked team without a bye"
            if not team.had_bye
            else "bye: every team has had one; the lowest-ranked"
        )
        pods.append(Pod(None, (team.id,), f"{why} ({len(active)} teams do not fill pods of 3)"))
    total = sum(p.repeats for p in pods)
    return PodPairingResult(seed, tuple(pods), total, proven_optimal=exact or total == 0)


def _best_pods(
    window: Sequence[PlayerRecord],
    cost: Callable[[Sequence[PlayerRecord]], tuple[int, int]],
) -> list[tuple[int, int, int]]:
    """Every grouping of the window into pods of three, searched by a dynamic programme: the
    best-placed team left always heads a pod, with each pair of the others in turn."""
    size = len(window)

    @cache
    def solve(left: int) -> tuple[tuple[int, int], tuple[tuple[int, int, int], ...]]:
        if not left:
            return (0, 0), ()
        members = [i for i in range(size) if left >> i & 1]
        head, rest = members[0], members[1:]
        best: tuple[tuple[int, int], tuple[tuple[int, int, int], ...]] | None = None
        for j_at, j in enumerate(rest):
            for k in rest[j_at + 1 :]:
                here = cost((window[head], window[j], window[k]))
                below, pods = solve(left & ~(1 << head | 1 << j | 1 << k))
                total = (here[0] + below[0], here[1] + below[1])
                if best is None or total < best[0]:
                    best = (total, ((head, j, k), *pods))
        assert best is not None  # `left` always holds a multiple of three teams
        return best

    return list(solve((1 << size) - 1)[1])


def _pod_explanation(pod: Sequence[PlayerRecord], repeats: int) -> str:
    points = " v ".join(str(t.points) for t in pod)
    if len({t.points for t in pod}) == 1:
        text = f"3 teams on {pod[0].points} points"
    else:
        text = f"pod across score groups ({points} points)"
    if repeats:
        text += f"; {repeats} pair(s) of teams have met before: no pod without a repeat found"
    return text
