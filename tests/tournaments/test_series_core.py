"""A series' leaderboard (tournaments.core.series): hand-worked examples, the points table's
checks, and properties over random seasons checked against a brute-force scoring written here."""

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.core.series import (
    EventPlacing,
    PointsBand,
    PointsTable,
    SeriesError,
    band_words,
    compute_leaderboard,
    ordinal,
    parse_points_text,
    points_text,
)

# 1st 10, 2nd 7, 3rd-4th 5, 5th-8th 3
STORE = PointsTable(
    (PointsBand(1, 1, 10), PointsBand(2, 2, 7), PointsBand(3, 4, 5), PointsBand(5, 8, 3))
)


def season(*events: list[str]) -> list[EventPlacing]:
    """Each event's players, in their final order: event "e1" is the first list."""
    return [
        EventPlacing(f"e{number}", player, place)
        for number, players in enumerate(events, start=1)
        for place, player in enumerate(players, start=1)
    ]


def board(lines):
    return [(line.rank, line.player, line.points, line.best_place, line.events) for line in lines]


# --- hand-worked examples ------------------------------------------------------------------


def test_points_by_placing_add_up_across_events():
    # given: ann wins twice, bob wins once and comes 2nd once, cat plays three times
    placings = season(["ann", "bob", "cat"], ["bob", "ann", "cat"], ["ann", "cat"])
    # when
    lines = compute_leaderboard(placings, STORE, ["e1", "e2", "e3"])
    # then: ann 10+7+10; bob 7+10 and cat 5+5+7 are level on points, bob's 1st beats cat's 2nd
    assert board(lines) == [(1, "ann", 27, 1, 3), (2, "bob", 17, 1, 2), (3, "cat", 17, 2, 3)]


def test_level_on_points_the_best_placing_decides():
    placings = [
        EventPlacing("e1", "eve", 1),  # 10, best 1st
        EventPlacing("e1", "dan", 3),  # 5
        EventPlacing("e2", "dan", 4),  # 5: 10, best 3rd
        EventPlacing("e2", "gus", 2),  # 7
        EventPlacing("e3", "gus", 5),  # 3: 10, best 2nd
    ]
    lines = compute_leaderboard(placings, STORE)
    assert board(lines) == [(1, "eve", 10, 1, 1), (2, "gus", 10, 2, 2), (3, "dan", 10, 3, 2)]


def test_level_on_points_and_best_placing_more_events_played_decides():
    table = PointsTable((PointsBand(1, 1, 4), PointsBand(2, 2, 2)))
    placings = [
        EventPlacing("e1", "hal", 1),
        EventPlacing("e2", "hal", 9),  # no points, but an event played
        EventPlacing("e3", "ida", 1),
        EventPlacing("e3", "jo", 2),
    ]
    lines = compute_leaderboard(placings, table)
    assert board(lines) == [(1, "hal", 4, 1, 2), (2, "ida", 4, 1, 1), (3, "jo", 2, 2, 1)]


def test_players_level_on_everything_share_a_rank_and_are_listed_by_name():
    placings = [EventPlacing("e1", "zed", 1), EventPlacing("e2", "amy", 1)]
    lines = compute_leaderboard(placings, STORE)
    assert board(lines) == [(1, "amy", 10, 1, 1), (1, "zed", 10, 1, 1)]


def test_attendance_points_come_with_every_event_played():
    table = PointsTable(STORE.bands, attendance=2)
    lines = compute_leaderboard(
        season(["ann", "bob"], ["bob", "ann", "cat", "dan", "eve", "fay", "gus", "hal", "ivy"]),
        table,
    )
    by_player = {line.player: line for line in lines}
    assert by_player["ann"].points == 10 + 2 + 7 + 2
    assert by_player["ivy"].points == 2  # 9th: no placing points, but she came
    assert [f.points for f in by_player["bob"].finishes] == [9, 12]


def test_finishes_follow_the_series_order_of_events():
    placings = [EventPlacing("late", "ann", 2), EventPlacing("early", "ann", 1)]
    (line,) = compute_leaderboard(placings, STORE, ["early", "late"])
    assert [f.event for f in line.finishes] == ["early", "late"]


def test_a_player_placed_twice_in_one_event_is_an_error():
    with pytest.raises(SeriesError, match="placed twice"):
        compute_leaderboard([EventPlacing("e1", "ann", 1), EventPlacing("e1", "ann", 2)], STORE)


def test_no_results_no_leaderboard():
    assert compute_leaderboard([], STORE) == []


@pytest.mark.parametrize(
    ("bands", "attendance", "message"),
    [
        ([(1, 2, 5), (2, 3, 4)], 0, "overlap"),
        ([(3, 2, 5)], 0, "not a range"),
        ([(0, 1, 5)], 0, "not a range"),
        ([(1, 1, -1)], 0, "Points are"),
        ([(1, 1, 5)], -1, "Attendance"),
        ([(n, n, 1) for n in range(1, 70)], 0, "at most"),
    ],
)
def test_a_points_table_that_cannot_be_read_one_way_is_refused(bands, attendance, message):
    with pytest.raises(SeriesError, match=message):
        PointsTable(tuple(PointsBand(*b) for b in bands), attendance)


def test_places_in_no_band_earn_nothing():
    assert [STORE.points_for(place) for place in range(1, 11)] == [10, 7, 5, 5, 3, 3, 3, 3, 0, 0]


@pytest.mark.parametrize(
    ("place", "words"),
    [
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (102, "102nd"),
        (111, "111th"),
    ],
)
def test_ordinals(place, words):
    assert ordinal(place) == words


def test_bands_in_words():
    assert [band_words(b) for b in STORE.bands] == ["1st", "2nd", "3rd-4th", "5th-8th"]


# --- properties ------------------------------------------------------------------------------

PLAYERS = [f"p{i}" for i in range(8)]


@st.composite
def seasons(draw):
    """Up to 6 events, each a random order of a random subset of the players."""
    events = []
    for _ in range(draw(st.integers(0, 6))):
        players = draw(st.lists(st.sampled_from(PLAYERS), unique=True, max_size=8))
        events.append(players)
    return season(*events)


@st.composite
def tables(draw):
    """Random bands that do not overlap, and attendance points."""
    cuts = sorted(draw(st.sets(st.integers(1, 10), max_size=6)))
    lasts = [c - 1 for c in cuts[1:]] + [10]
    bands = tuple(
        PointsBand(first, last, draw(st.integers(0, 20)))
        for first, last in zip(cuts, lasts[: len(cuts)], strict=True)
    )
    return PointsTable(bands, draw(st.integers(0, 3)))


def brute_force(placings, table):
    """Each player's (points, best place, events played), by the definitions."""
    totals = {}
    for p in placings:
        points = next((b.points for b in table.bands if b.first <= p.place <= b.last), 0)
        got, best, events = totals.get(p.player, (0, 10**9, 0))
        totals[p.player] = (got + points + table.attendance, min(best, p.place), events + 1)
    return totals


@settings(max_examples=200, deadline=None)
@given(seasons(), tables(), st.randoms())
def test_the_leaderboard_scores_and_orders_as_defined(placings, table, rng):
    shuffled = list(placings)
    rng.shuffle(shuffled)
    events = sorted({p.event for p in placings})
    lines = compute_leaderboard(shuffled, table, events)
    expected = brute_force(placings, table)
    # every player who played is on it once, with the points the definitions give
    assert {line.player: (line.points, line.best_place, line.events) for line in lines} == expected
    # ordered by points, then best placing, then events played
    for above, below in pairwise(lines):
        assert above.order_key <= below.order_key
        if above.order_key == below.order_key:
            assert above.rank == below.rank
            assert above.player < below.player
        else:
            assert below.rank == lines.index(below) + 1
    # a line's points are its finishes' points
    for line in lines:
        assert line.points == sum(f.points for f in line.finishes)
    # the order the results come in changes nothing, given the series' order of events
    assert lines == compute_leaderboard(placings, table, events)


def test_the_forms_points_table_reads_places_as_numbers_or_words():
    assert parse_points_text("1: 10\n2nd: 7\n\n3rd-4th: 5\n 5-8 : 3 ") == STORE.bands
    assert parse_points_text(points_text(STORE.bands)) == STORE.bands


@pytest.mark.parametrize("text", ["1 10", "first: 10", "1-: 3", "1: ten"])
def test_the_forms_points_table_names_the_line_it_cannot_read(text):
    with pytest.raises(SeriesError, match="Line 1"):
        parse_points_text(text)
