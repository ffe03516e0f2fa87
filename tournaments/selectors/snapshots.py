"""Snapshots of the hot public reads: a round's pairings, the standings and the final placings, computed once per
change of the event and served from the cache to the pages and the API alike, with an ETag.

A snapshot holds only what every viewer may see: the pairings and standings rows carry names,
tables and results, never a decklist, a lock or a penalty (those are read per viewer elsewhere).
They are keyed by the event's `snapshot_version`, which every write that changes them bumps in
its own transaction (tournaments.services.snapshots): reading the event row gives the version
committed with the data, so nothing computed before a change is served after it commits, and
no cache entry is ever deleted (old versions expire). Players' names are the one thing read
again with each cached answer (one query): an account can be renamed outside any event. When
the cache is down, the rows are computed for each request instead.
"""

import zlib
from collections.abc import Callable
from typing import Any

import structlog
from django.core.cache import cache

from ..models import Round, Tournament
from .corrections import corrected_results
from .results import placings_rows, player_names, standings_rows
from .rounds import pairing_row, pairings_matching

logger = structlog.get_logger(__name__)

# Old versions are never read again; they only wait here to expire. Short, because a busy
# round makes many (each confirmed result is one, and a 2,048-player standings snapshot is a
# few hundred kB); the current one is simply computed again when it expires.
SNAPSHOT_SECONDS = 5 * 60


# Where a row names a player: the registration id, and the name shown next to it.
NAMED = (
    ("registration", "player"),
    ("player_a_registration", "player_a"),
    ("player_b_registration", "player_b"),
    ("opponent_registration", "opponent"),
)


def version_tag(tournament: Tournament, what: str, rows: list[dict[str, Any]]) -> str:
    """The ETag of one snapshot as served (a quoted string): the event, its version, what it
    is, and the names it shows (an account renamed changes them, and no event's version)."""
    names = "\x1f".join(str(row.get(name)) for row in rows for _, name in NAMED if name in row)
    shown = zlib.crc32(names.encode())
    return f'"e{tournament.pk}.v{tournament.snapshot_version}.n{shown:08x}.{what}"'


def _with_current_names(tournament: Tournament, rows: list[dict[str, Any]]) -> None:
    """Name each player as the event does now (one query): a player is their registration,
    and renaming an account changes the name shown and nothing else, so names are not frozen
    in a snapshot."""
    names = player_names(tournament)
    for row in rows:
        for registration, name in NAMED:
            if row.get(registration) is not None:
                row[name] = names.get(str(row[registration]), row[name])


def _cached(
    tournament: Tournament, what: str, compute: Callable[[], list[dict[str, Any]]]
) -> list[dict[str, Any]]:
    # created_at keeps two databases that reuse an event id (a test run, a restore) apart.
    key = (
        f"snapshot:{tournament.pk}:{tournament.created_at.timestamp():.6f}:"
        f"{tournament.snapshot_version}:{what}"
    )
    try:
        found = cache.get(key)
    except Exception as exc:  # the cache is down: the page still works, computing the rows
        logger.warning("snapshot_cache_unavailable", error=str(exc))
        return compute()
    if found is not None:
        _with_current_names(tournament, found)
        return found
    found = compute()  # with the names of now
    try:
        cache.set(key, found, SNAPSHOT_SECONDS)
    except Exception as exc:
        logger.warning("snapshot_cache_unavailable", error=str(exc))
    return found


def pairings_snapshot(*, round: Round) -> list[dict[str, Any]]:
    """A round's pairings by table (selectors.pairing_row), with the numbers of the engine's
    games (`games`, for their replays) in an automated event."""
    tournament = round.tournament

    def compute() -> list[dict[str, Any]]:
        rows = []
        for match in pairings_matching(round=round):
            row = pairing_row(match)
            if tournament.automated:
                row["games"] = [g.number for g in match.engine_games.all()]
            rows.append(row)
        return rows

    # The round's id, not only its number: a round taken back and paired again is a new one.
    return _cached(tournament, f"round{round.number}.{round.pk}.pairings", compute)


def corrections_snapshot(*, tournament: Tournament) -> list[dict[str, Any]]:
    """The corrected results the standings page marks (selectors.corrected_results): a
    correction always changes a result, which expires the snapshots, so they change together."""
    return _cached(tournament, "corrections", lambda: corrected_results(tournament=tournament))


def standings_snapshot(*, tournament: Tournament) -> list[dict[str, Any]]:
    """The standings rows (selectors.standings_rows)."""
    return _cached(tournament, "standings", lambda: standings_rows(tournament))


def placings_snapshot(*, tournament: Tournament) -> list[dict[str, Any]] | None:
    """The final placings rows (selectors.placings_rows), None until the event is over. A
    finished event's placings are read by its standings page, the API and the page of each of
    its players, and computing them computes its standings again."""
    if tournament.status != Tournament.Status.FINISHED:
        return None
    return _cached(tournament, "placings", lambda: placings_rows(tournament) or []) or None


def pairings_by_player(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The pairings as paper events post them: each player a row (name, table, opponent), in
    alphabetical order of name."""
    by_player = []
    for row in rows:
        sides = [("player_a", "player_b")]
        if row["player_b"] is not None:
            sides.append(("player_b", "player_a"))
        for me, other in sides:
            by_player.append(
                {
                    "player": row[me],
                    "registration": row[f"{me}_registration"],
                    "table": row["table"],
                    "fixed_seat": row.get("fixed_seat") == me[-1],
                    "opponent": row[other],
                    "opponent_registration": row[f"{other}_registration"],
                    "match": row["match"],
                    "status": row["status"],
                }
            )
    return sorted(by_player, key=lambda r: (r["player"].casefold(), r["table"]))


def rows_with(rows: list[dict[str, Any]], query: str) -> list[dict[str, Any]]:
    """The rows with a player whose name contains `query`, ignoring case: the tables of the
    pairings, or the players' own rows of the pairings by player."""
    needle = query.casefold()
    return [
        r
        for r in rows
        if any(needle in (r.get(k) or "").casefold() for k in ("player_a", "player_b", "player"))
    ]
