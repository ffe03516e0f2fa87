"""Fixed seats (tournaments.core.seating): every fixed player keeps their table whoever they
play, the other tables fill the lowest numbers left, and no number is used twice. No database."""

from hypothesis import given
from hypothesis import strategies as st

from tournaments.core.seating import Seated, Seats, seat_tables


def test_a_fixed_player_keeps_their_table_and_the_others_fill_in_order():
    seated = seat_tables([Seats(), Seats(fixed_b=1), Seats(), Seats(bye=True)])
    assert seated == [Seated(2), Seated(1, "b"), Seated(3), Seated(4)]


def test_two_fixed_players_paired_together_sit_at_the_first_players_table():
    assert seat_tables([Seats(fixed_a=3, fixed_b=1), Seats()]) == [Seated(3, "a"), Seated(1)]


def test_a_fixed_table_beyond_the_number_of_tables_is_kept():
    assert seat_tables([Seats(), Seats(fixed_a=40)]) == [Seated(1), Seated(40, "a")]


def test_a_bye_keeps_no_table_and_a_table_given_twice_is_kept_once():
    assert seat_tables([Seats(), Seats(fixed_a=1, bye=True)]) == [Seated(1), Seated(2)]
    assert seat_tables([Seats(fixed_a=2), Seats(fixed_b=2)]) == [Seated(2, "a"), Seated(1)]


def test_numbering_starts_where_the_caller_says():
    assert seat_tables([Seats(), Seats(fixed_a=1)], first=3) == [Seated(3), Seated(4)]


@st.composite
def rounds_with_distinct_fixed_tables(draw):
    """Pairings whose fixed players' tables are all different (as the services keep them)."""
    count = draw(st.integers(0, 30))
    players = 2 * count
    fixed = draw(
        st.lists(st.integers(1, 60), unique=True, max_size=players).map(
            lambda tables: tables + [None] * (players - len(tables))
        )
    )
    order = draw(st.permutations(fixed))
    byes = draw(st.booleans()) and count > 0
    return [
        Seats(
            order[2 * i],
            None if byes and i == count - 1 else order[2 * i + 1],
            bye=byes and i == count - 1,
        )
        for i in range(count)
    ]


@given(rounds_with_distinct_fixed_tables())
def test_every_fixed_player_sits_at_their_table_and_every_number_is_used_once(pairings):
    seated = seat_tables(pairings)
    tables = [s.table for s in seated]
    # every table number is used once
    assert len(set(tables)) == len(tables)
    for seats, at in zip(pairings, seated, strict=True):
        fixed = [t for t in (seats.fixed_a, seats.fixed_b) if t is not None]
        if seats.bye or not fixed:
            assert at.fixed_for is None
            continue
        # a fixed player sits at their table; of two fixed players, player a does
        assert at.table == fixed[0]
        assert at.fixed_for == ("a" if seats.fixed_a is not None else "b")
    # the tables no fixed seat asked for are the lowest numbers left, in order
    unfixed = [s.table for s in seated if s.fixed_for is None]
    kept = {s.table for s in seated if s.fixed_for is not None}
    lowest = [n for n in range(1, len(tables) + len(kept) + 1) if n not in kept]
    assert unfixed == lowest[: len(unfixed)]
