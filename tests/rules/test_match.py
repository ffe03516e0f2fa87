"""The best-of-three match protocol: who leads, lock and show, endings, hidden information, JSON."""

import json
from collections import Counter

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from rules.core.cards import Card, CardType
from rules.core.decklist import DeckEntry, Decklist, name_key
from rules.core.match import (
    SEATS,
    CallTime,
    ChooseLead,
    Code,
    Concede,
    GameEnding,
    Lock,
    MatchEnding,
    MatchState,
    Phase,
    ProtocolError,
    ReportGame,
    Show,
    apply,
    as_dict,
    call_time,
    can_lock,
    check_swap,
    chi_table,
    choose_lead,
    concede,
    from_dict,
    game_loss,
    lock,
    match_loss,
    new_match,
    other,
    phase,
    record_game,
    replay,
    result,
    settle,
    visible_lock,
    visible_log,
    who_chooses,
    who_locks_next,
    with_names,
)

# --- builders ----------------------------------------------------------------------------------

CHI = {
    "Phyr Cub": 2,
    "Chain Lightning": 3,
    "Bolt Shot": 4,
    "Ember": 1,
    "Air Shield": 2,
    "Fire Wall": 3,
    "Stone Skin": 1,
    "Quake": 4,
}
TIMELINE = (("Phyr Cub", 2), ("Chain Lightning", 2), ("Bolt Shot", 1), ("Ember", 3))
FORETHOUGHTS = (("Air Shield", 2), ("Fire Wall", 1), ("Stone Skin", 2), ("Quake", 1))


def deck(timeline=TIMELINE, forethoughts=FORETHOUGHTS, champion="Nubia") -> Decklist:
    """Sections as (name, count) pairs."""
    return Decklist(
        champion,
        tuple(DeckEntry(count, name) for name, count in timeline),
        tuple(DeckEntry(count, name) for name, count in forethoughts),
    )


BARE = deck(forethoughts=())  # a player with no forethoughts


def seed_for(coin: str) -> int:
    """A seed whose coin flip the given seat wins."""
    return next(
        seed for seed in range(100) if new_match(deck(), deck(), CHI, seed).coin_winner == coin
    )


def start(deck_a=None, deck_b=None, coin="a", top_cut=False) -> MatchState:
    return new_match(deck_a or deck(), deck_b or deck(), CHI, seed_for(coin), top_cut=top_cut)


def play(state: MatchState, *winners) -> MatchState:
    """Play games with these results ("a", "b", None for a drawn game). The chooser always
    leads and both players lock empty swaps, so only the protocol moves, not the cards."""
    for winner in winners:
        state = to_playing(state)
        state = record_game(state, winner)
    return state


def to_playing(state: MatchState) -> MatchState:
    if state.phase is Phase.CHOOSING_LEAD:
        state = choose_lead(state, who_chooses(state), True)
    while state.phase is Phase.LOCKING:
        state = lock(state, who_locks_next(state), [], [])
    assert state.phase is Phase.PLAYING
    return state


def to_locking(winner="a", **kwargs) -> MatchState:
    """Game 1 won by `winner`, the loser has chosen to lead: lock and show before game 2."""
    state = play(start(**kwargs), winner)
    return choose_lead(state, other(winner), True)


def refused(code: Code, action, *args, **kwargs) -> ProtocolError:
    with pytest.raises(ProtocolError) as caught:
        action(*args, **kwargs)
    assert caught.value.code == code, caught.value.message
    return caught.value


def pool(entries) -> Counter:
    return Counter({name_key(e.name): e.count for e in entries})


def chi_of(entries) -> int:
    return sum(CHI_BY_KEY[name_key(e.name)] * e.count for e in entries)


CHI_BY_KEY = {name_key(name): chi for name, chi in CHI.items()}


# --- starting: the coin flip and who leads -----------------------------------------------------


def test_the_coin_flip_is_deterministic_per_seed():
    for seed in range(20):
        assert (
            new_match(deck(), deck(), CHI, seed).coin_winner
            == new_match(deck(), deck(), CHI, seed).coin_winner
        )


def test_both_coin_outcomes_are_reachable():
    winners = {new_match(deck(), deck(), CHI, seed).coin_winner for seed in range(20)}
    assert winners == {"a", "b"}


@pytest.mark.parametrize("coin", ["a", "b"])
def test_the_coin_winner_chooses_the_lead_of_game_1(coin):
    # given
    state = start(coin=coin)
    # then
    assert phase(state) is Phase.CHOOSING_LEAD
    assert who_chooses(state) == coin
    error = refused(Code.CHOICE_NOT_YOURS, choose_lead, state, other(coin), True)
    assert "coin flip" in error.message
    assert state.log[0].winner == coin


@pytest.mark.parametrize(("lead", "leader"), [(True, "a"), (False, "b")])
def test_choosing_to_lead_or_to_go_second(lead, leader):
    state = choose_lead(start(coin="a"), "a", lead)
    assert state.leader == leader
    # Game 1 has no lock and show: it starts at once.
    assert phase(state) is Phase.PLAYING


@pytest.mark.parametrize(
    ("winners", "chooser"),
    [(["a"], "b"), (["b"], "a"), (["a", "b"], "a"), (["b", "a"], "b")],
)
def test_the_loser_of_each_game_chooses_the_lead_of_the_next(winners, chooser):
    state = play(start(), *winners)
    assert who_chooses(state) == chooser
    error = refused(Code.CHOICE_NOT_YOURS, choose_lead, state, other(chooser), True)
    assert "lost game" in error.message


@pytest.mark.parametrize("coin", ["a", "b"])
def test_after_a_drawn_game_the_same_player_chooses_and_the_other_locks_first(coin):
    # given: game 1 drawn; the coin winner chose its lead
    state = play(start(coin=coin), None)
    # then: they choose again; the other player locks first
    assert who_chooses(state) == coin
    state = choose_lead(state, coin, False)
    assert who_locks_next(state) == other(coin)
    refused(Code.NOT_YOUR_TURN_TO_LOCK, lock, state, coin, [], [])


def test_choosing_again_once_the_lead_is_chosen_is_refused():
    state = choose_lead(start(coin="a"), "a", True)
    refused(Code.NO_CHOICE_PENDING, choose_lead, state, "a", False)


def test_a_choice_must_be_true_or_false():
    refused(Code.INVALID_CHOICE, choose_lead, start(coin="a"), "a", "yes")


# --- lock and show: order ----------------------------------------------------------------------


@pytest.mark.parametrize("winner", ["a", "b"])
def test_the_winner_locks_first_and_the_other_is_refused_until_then(winner):
    # given
    state = to_locking(winner)
    loser = other(winner)
    # then
    assert who_locks_next(state) == winner
    assert can_lock(state, winner)
    assert not can_lock(state, loser)
    error = refused(Code.NOT_YOUR_TURN_TO_LOCK, lock, state, loser, [], [])
    assert f"Player {winner.upper()} won game 1" in error.message
    # when the winner locks, the loser may
    state = lock(state, winner, [], [])
    assert who_locks_next(state) == loser
    assert can_lock(state, loser)
    state = lock(state, loser, [], [])
    assert phase(state) is Phase.PLAYING
    assert who_locks_next(state) is None


def test_locking_twice_is_refused():
    state = lock(to_locking("a"), "a", ["Ember"], ["Stone Skin"])
    refused(Code.ALREADY_LOCKED, lock, state, "a", [], [])


def test_lock_and_show_waits_for_the_choice_of_lead():
    state = play(start(), "a")
    refused(Code.LEAD_NOT_CHOSEN, lock, state, "a", [], [])


@pytest.mark.parametrize("when", ["before game 1", "during game 1", "during game 2"])
def test_locking_outside_lock_and_show_is_refused(when):
    state = {
        "before game 1": start(),
        "during game 1": choose_lead(start(), "a", True),
        "during game 2": to_playing(play(start(), "a")),
    }[when]
    refused(Code.NOT_BETWEEN_GAMES, lock, state, "a", [], [])


# --- lock and show: the swap rule --------------------------------------------------------------


@pytest.mark.parametrize(
    ("out", "in_", "code"),
    [
        (["Ember"], [], Code.SWAP_COUNT_MISMATCH),
        ([], ["Stone Skin"], Code.SWAP_COUNT_MISMATCH),
        (["Ember", "Ember"], ["Stone Skin"], Code.SWAP_COUNT_MISMATCH),
        (["Ember"], ["Air Shield"], Code.SWAP_CHI_MISMATCH),  # 1 Chi out, 2 in
        (["Phyr Cub", "Ember"], ["Stone Skin", "Stone Skin"], Code.SWAP_CHI_MISMATCH),
        (["Ember"], ["Ember"], Code.CARD_NOT_IN_FORETHOUGHTS),
        (["Ember"], ["Nonesuch"], Code.CARD_NOT_IN_FORETHOUGHTS),
        (["Chain Lightning"], ["Fire Wall"], None),  # accepted
        (["Chain Lightning"] * 2, ["Fire Wall"] * 2, Code.CARD_NOT_IN_FORETHOUGHTS),  # 1 held
        (["Air Shield"], ["Air Shield"], Code.CARD_NOT_IN_TIMELINE),
        (["Nonesuch"], ["Ember"], Code.CARD_NOT_IN_TIMELINE),
        (["Phyr Cub"] * 3, ["Air Shield"] * 3, Code.CARD_NOT_IN_TIMELINE),  # 2 held
        (["Ember"] * 9, ["Stone Skin"] * 9, Code.CARD_NOT_IN_TIMELINE),  # more than the timeline
        ("Ember", "Stone Skin", Code.INVALID_SWAP),
        ([1], [2], Code.INVALID_SWAP),
    ],
)
def test_the_swap_rule(out, in_, code):
    state = to_locking("a")
    if code is None:
        assert lock(state, "a", out, in_).locks[0] is not None
    else:
        error = refused(code, lock, state, "a", out, in_)
        assert error.rule.startswith("Core Rulebook 5.2")


def test_swap_messages_give_the_numbers():
    state = to_locking("a")
    error = refused(
        Code.CARD_NOT_IN_TIMELINE, lock, state, "a", ["Phyr Cub"] * 3, ["Air Shield"] * 3
    )
    assert "only 2 copies of 'Phyr Cub'" in error.message
    assert "3 copies" in error.message
    error = refused(Code.SWAP_CHI_MISMATCH, lock, state, "a", ["Ember"], ["Quake"])
    assert "1 Chi" in error.message
    assert "4 Chi" in error.message


def test_names_are_matched_with_name_key_and_counted_with_multiplicity():
    # given: two copies of the same card each way, written loosely
    state = to_locking("a")
    # when
    state = lock(state, "a", ["phyr  cub", "PHYR CUB"], ["air shield", "Air Shield"])
    state = lock(state, "b", [], [])
    # then: the log and the show use the registered names
    assert state.log[-1] == Show(2, state.locks[0], state.locks[1])
    assert state.locks[0].out == ("Phyr Cub", "Phyr Cub")
    current = state.side("a").current
    assert pool(current.timeline)["phyr cub"] == 0
    assert pool(current.timeline)["air shield"] == 2
    assert pool(current.forethoughts)["phyr cub"] == 2
    assert pool(current.forethoughts)["air shield"] == 0


def test_a_swap_of_several_cards_needs_only_equal_totals():
    # 3 + 1 Chi out, 2 + 2 Chi in: no card coming in has the Chi of a card going out
    state = lock(to_locking("a"), "a", ["Chain Lightning", "Ember"], ["Air Shield", "Air Shield"])
    assert state.locks[0] is not None


def test_check_swap_previews_without_locking():
    state = to_locking("a")
    assert check_swap(state, "b", ["ember"], ["stone skin"]).out == ("Ember",)
    refused(Code.SWAP_CHI_MISMATCH, check_swap, state, "b", ["Ember"], ["Quake"])
    assert state.locks == (None, None)


# --- lock and show: no forethoughts ------------------------------------------------------------


def test_a_player_without_forethoughts_skips_lock_and_show():
    # given: B has no forethoughts; A won game 1 and locks first
    state = to_locking("a", deck_b=BARE)
    # then: B's lock is already made, empty
    assert visible_lock(state, "b")["b"]["skipped"]
    refused(Code.NO_FORETHOUGHTS, lock, state, "b", ["Ember"], ["Stone Skin"])
    assert lock(state, "b", [], []) == state  # an empty lock changes nothing
    # when A locks, both are shown at once
    state = lock(state, "a", ["Ember"], ["Stone Skin"])
    assert phase(state) is Phase.PLAYING
    assert state.side("b").current == state.side("b").registered


def test_a_first_locker_without_forethoughts_does_not_hold_up_the_other():
    state = to_locking("a", deck_a=BARE)
    assert who_locks_next(state) == "b"
    state = lock(state, "b", ["Ember"], ["Stone Skin"])
    assert phase(state) is Phase.PLAYING


def test_when_neither_has_forethoughts_the_next_game_starts_after_the_choice():
    state = to_locking("a", deck_a=BARE, deck_b=BARE)
    assert phase(state) is Phase.PLAYING
    assert isinstance(state.log[-1], Show)


# --- hidden information ------------------------------------------------------------------------


def test_a_selection_is_hidden_from_the_opponent_until_both_have_locked():
    # given: A has locked, B has not
    state = lock(to_locking("a"), "a", ["Ember"], ["Stone Skin"])
    # then
    own, opponent = visible_lock(state, "a"), visible_lock(state, "b")
    assert own["a"] == {
        "status": "locked",
        "skipped": False,
        "hidden": False,
        "out": ["Ember"],
        "in": ["Stone Skin"],
    }
    assert opponent["a"]["status"] == "locked"
    assert opponent["a"]["hidden"]
    assert opponent["a"]["out"] is None
    assert opponent["a"]["in"] is None
    assert visible_lock(state, None)["a"]["hidden"]  # a spectator
    assert visible_lock(state, None, privileged=True)["a"]["out"] == ["Ember"]  # a judge
    assert own["b"]["status"] == "waiting"
    # when B locks, everyone sees both
    state = lock(state, "b", ["Phyr Cub"], ["Air Shield"])
    for viewer in ("a", "b", None):
        view = visible_lock(state, viewer)
        assert view["a"]["out"] == ["Ember"]
        assert view["b"]["in"] == ["Air Shield"]
        assert {view[s]["status"] for s in SEATS} == {"shown"}


@pytest.mark.parametrize("when", ["before game 1", "during game 1", "choosing the lead", "over"])
def test_no_selection_outside_lock_and_show(when):
    state = {
        "before game 1": start(),
        "during game 1": choose_lead(start(), "a", True),
        "choosing the lead": play(start(), "a"),
        "over": play(start(), "a", "a"),
    }[when]
    assert {view["status"] for view in visible_lock(state, "a").values()} == {"none"}


def test_the_log_hides_the_opponents_lock_until_the_show():
    state = lock(to_locking("a"), "a", ["Ember"], ["Stone Skin"])
    assert visible_log(state, "b")[-1] == {"event": "lock", "seat": "a", "hidden": True}
    assert visible_log(state, "a")[-1]["out"] == ["Ember"]
    assert visible_log(state, "b", privileged=True)[-1]["out"] == ["Ember"]
    # A lock cut short by a concession is never revealed.
    over = concede(state, "b", match=True)
    assert "Ember" not in json.dumps(visible_log(over, "b"))
    assert "Ember" in json.dumps(visible_log(over, "a"))


# --- cumulative swaps and the return to the registered list -------------------------------------


def test_swaps_are_cumulative_across_games_2_and_3():
    # given: before game 2, A swaps a Phyr Cub for an Air Shield
    state = lock(to_locking("a"), "a", ["Phyr Cub"], ["Air Shield"])
    state = lock(state, "b", [], [])
    state = record_game(state, "b")  # 1-1
    state = choose_lead(state, "a", True)
    # then: game 3 starts from game 2's timeline; the Air Shield that came in can go out again,
    # and the Phyr Cub that went out is now in the forethoughts and can come back.
    timeline = pool(state.side("a").current.timeline)
    assert timeline["air shield"] == 1
    assert timeline["phyr cub"] == 1
    refused(Code.CARD_NOT_IN_TIMELINE, check_swap, state, "a", ["Phyr Cub"] * 2, ["Air Shield"] * 2)
    state = lock(state, "b", [], [])
    state = lock(state, "a", ["Air Shield", "Ember"], ["Phyr Cub", "Stone Skin"])
    current = state.side("a").current
    assert pool(current.timeline)["phyr cub"] == 2
    assert pool(current.timeline)["air shield"] == 0
    assert pool(current.forethoughts)["ember"] == 1
    assert pool(current.forethoughts)["air shield"] == 2


def test_the_registered_lists_come_back_when_the_match_ends():
    # given: both have swapped before game 2
    state = lock(to_locking("a"), "a", ["Bolt Shot"], ["Quake"])
    state = lock(state, "b", ["Ember"], ["Stone Skin"])
    assert state.side("a").current != state.side("a").registered
    # when
    state = record_game(state, "a")
    # then
    assert phase(state) is Phase.OVER
    for seat in SEATS:
        assert state.side(seat).current == state.side(seat).registered == deck()


# --- the end of a match ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("winners", "score", "winner"),
    [
        (["a", "a"], (2, 0, 0), "a"),
        (["b", "b"], (0, 2, 0), "b"),
        (["a", "b", "a"], (2, 1, 0), "a"),
        (["b", "a", "b"], (1, 2, 0), "b"),
        ([None, "a", "b", "b"], (1, 2, 1), "b"),
        (["a", None, "a"], (2, 0, 1), "a"),
    ],
)
def test_a_match_ends_at_two_game_wins(winners, score, winner):
    state = play(start(), *winners)
    outcome = result(state)
    assert (outcome.a_wins, outcome.b_wins, outcome.draws) == score
    assert outcome.winner == winner
    assert outcome.over
    assert outcome.ending is MatchEnding.TWO_WINS
    refused(Code.MATCH_OVER, record_game, state, "a")


def test_the_match_goes_on_until_two_wins():
    state = play(start(), "a", "b")
    assert not result(state).over
    assert phase(state) is Phase.CHOOSING_LEAD
    assert result(state).winner is None


@pytest.mark.parametrize(
    ("winners", "in_game", "score", "winner"),
    [
        ([], False, (0, 0, 0), None),  # 0-0, before game 1 started
        ([], True, (0, 0, 1), None),  # 0-0, game 1 unfinished: a drawn game
        (["a"], True, (1, 0, 1), "a"),  # 1-0 with the last game unfinished: a 1-0 win
        (["b"], False, (0, 1, 0), "b"),  # 0-1 between games
        (["a", "b"], True, (1, 1, 1), None),  # 1-1: a draw
        (["a", "b"], False, (1, 1, 0), None),
        ([None], True, (0, 0, 2), None),
    ],
)
def test_outcomes_at_time(winners, in_game, score, winner):
    # given
    state = play(start(), *winners)
    if in_game:
        state = to_playing(state)
    # when
    state = call_time(state)
    # then
    outcome = result(state)
    assert (outcome.a_wins, outcome.b_wins, outcome.draws) == score
    assert outcome.winner == winner
    assert outcome.is_draw == (winner is None)
    assert outcome.ending is MatchEnding.TIME
    if in_game:
        assert state.games[-1].ending is GameEnding.TIME
        assert state.games[-1].winner is None


def test_time_during_lock_and_show_drops_the_selections():
    state = lock(to_locking("a"), "a", ["Ember"], ["Stone Skin"])
    state = call_time(state)
    assert result(state).winner == "a"
    assert result(state).draws == 0
    assert state.side("a").current == state.side("a").registered


def test_top_cut_has_no_time_limit_and_replays_drawn_games():
    # given
    state = play(start(top_cut=True), None, None)
    # then: two drawn games count for nobody; the match goes on
    refused(Code.NO_TIME_LIMIT, call_time, state)
    assert not result(state).over
    state = play(state, "b", "b")
    outcome = result(state)
    assert (outcome.a_wins, outcome.b_wins, outcome.draws, outcome.winner) == (0, 2, 2, "b")
    assert [game.number for game in state.games] == [1, 2, 3, 4]


# --- concession --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "in_game", "seat", "score"),
    [
        ([], True, "a", (0, 1)),
        ([], False, "b", (1, 0)),  # before game 1 starts: game 1 is conceded
        (["a"], True, "a", (1, 1)),
        (["a"], False, "b", (2, 0)),  # between games: the next game is conceded
    ],
)
def test_conceding_a_game_is_a_loss(before, in_game, seat, score):
    state = play(start(), *before)
    if in_game:
        state = to_playing(state)
    state = concede(state, seat, match=False)
    outcome = result(state)
    assert (outcome.a_wins, outcome.b_wins) == score
    assert state.games[-1].ending is GameEnding.CONCEDED
    assert state.games[-1].winner == other(seat)


def test_after_a_conceded_game_the_conceder_chooses_the_lead():
    state = concede(to_playing(start()), "a", match=False)
    assert who_chooses(state) == "a"


@pytest.mark.parametrize(
    ("before", "seat", "score"),
    [
        ([], "a", (0, 2)),
        (["a"], "a", (1, 2)),  # conceding while ahead still loses the match
        (["a", "b"], "b", (2, 1)),
    ],
)
def test_conceding_the_match_loses_every_game_still_needed(before, seat, score):
    state = concede(play(start(), *before), seat, match=True)
    outcome = result(state)
    assert (outcome.a_wins, outcome.b_wins) == score
    assert outcome.winner == other(seat)
    assert outcome.ending is MatchEnding.CONCESSION
    refused(Code.MATCH_OVER, concede, state, other(seat), match=True)


def test_conceding_during_lock_and_show_drops_the_selections():
    state = lock(to_locking("a"), "a", ["Ember"], ["Stone Skin"])
    state = concede(state, "b", match=False)
    assert phase(state) is Phase.OVER  # A had won game 1 and now game 2
    assert state.side("a").current == state.side("a").registered


# --- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "args"),
    [
        (record_game, ("a",)),
        (record_game, (None,)),
        (choose_lead, ("a", True)),
        (lock, ("a", [], [])),
        (call_time, ()),
        (concede, ("a", False)),
    ],
)
def test_every_action_after_the_end_is_refused(action, args):
    state = play(start(), "a", "a")
    refused(Code.MATCH_OVER, action, state, *args)


@pytest.mark.parametrize("winner", ["c", "A", 1, True, ""])
def test_a_report_names_a_seat_or_a_drawn_game(winner):
    refused(Code.INVALID_REPORT, record_game, to_playing(start()), winner)


@pytest.mark.parametrize("build", [start, to_locking], ids=["choosing", "locking"])
def test_reporting_a_game_that_has_not_started_is_refused(build):
    refused(Code.NOT_PLAYING, record_game, build(), "a")


@pytest.mark.parametrize("action", [lambda s: lock(s, "c", [], []), lambda s: concede(s, 0, True)])
def test_an_unknown_seat_is_refused(action):
    refused(Code.INVALID_SEAT, action, to_locking("a"))


def test_a_refusal_is_plain_english_with_a_code_and_a_rule():
    error = refused(Code.NOT_YOUR_TURN_TO_LOCK, lock, to_locking("a"), "b", [], [])
    assert error.as_dict() == {
        "code": "not_your_turn_to_lock",
        "message": error.message,
        "rule": "Core Rulebook 5.2 › The Process for Lock and Show",
    }
    assert not isinstance(error, ValueError)  # refusals are not broken invariants


# --- setup -------------------------------------------------------------------------------------


def test_every_card_needs_a_chi_value():
    chi = {name: value for name, value in CHI.items() if name != "Quake"}
    with pytest.raises(ValueError, match="quake"):
        new_match(deck(), deck(), chi, 0)


def test_chi_comes_from_the_card_index():
    cards = [Card(name, CardType.SPELL, frozenset({"Axon"}), chi=chi) for name, chi in CHI.items()]
    cards.append(Card("Nubia", CardType.CHAMPION, frozenset({"Axon"}), hp=20))
    assert new_match(deck(), deck(), chi_table(cards), 0) == new_match(deck(), deck(), CHI, 0)


def test_repeated_entries_of_a_registered_list_are_merged():
    state = new_match(deck(timeline=(*TIMELINE, ("ember", 1))), deck(), CHI, 0)
    assert pool(state.side("a").registered.timeline)["ember"] == 4
    assert len(state.side("a").registered.timeline) == len(TIMELINE)


# --- the log, replay and JSON ------------------------------------------------------------------


def a_full_match() -> MatchState:
    state = lock(to_locking("a"), "a", ["Phyr Cub"], ["Air Shield"])
    state = lock(state, "b", ["Ember", "Ember"], ["Stone Skin", "Stone Skin"])
    state = record_game(state, None)
    state = choose_lead(state, "b", False)  # B chose for the drawn game and chooses again
    return lock(state, "a", ["Bolt Shot"], ["Quake"])


def test_the_log_records_actions_and_shows_in_order():
    kinds = [event["event"] for event in visible_log(a_full_match(), None, privileged=True)]
    assert kinds == [
        "coin_flip",
        "choose_lead",
        "report_game",
        "choose_lead",
        "lock",
        "lock",
        "show",
        "report_game",
        "choose_lead",
        "lock",
    ]


def test_a_match_replays_from_its_log():
    state = a_full_match()
    assert replay(deck(), deck(), CHI, state.seed, state.log) == state
    actions = [e for e in state.log if isinstance(e, ChooseLead | ReportGame | Lock)]
    rebuilt = new_match(deck(), deck(), CHI, state.seed)
    for action in actions:
        rebuilt = apply(rebuilt, action)
    assert rebuilt == state


@pytest.mark.parametrize(
    "build",
    [
        start,
        a_full_match,
        lambda: concede(a_full_match(), "a", True),
        lambda: call_time(a_full_match()),
    ],
    ids=["new", "mid-match", "conceded", "time"],
)
def test_json_round_trip(build):
    state = build()
    stored = json.loads(json.dumps(as_dict(state)))
    assert from_dict(stored) == state


@pytest.mark.parametrize(
    "tamper",
    [
        lambda d: d["games"][0].update(winner="b"),
        lambda d: d["decks"]["a"]["current"]["timeline"].pop(),
        lambda d: d["log"].append({"event": "concede", "seat": "a", "match": "maybe"}),
        lambda d: d["log"].append({"event": "teleport"}),
        lambda d: d.update(version=99),
    ],
)
def test_a_corrupt_record_is_refused(tamper):
    stored = json.loads(json.dumps(as_dict(a_full_match())))
    tamper(stored)
    # Each tampering breaks a different check, each with its own message: the type is the contract.
    with pytest.raises(ValueError):  # noqa: PT011
        from_dict(stored)


def test_apply_takes_every_action():
    state = apply(start(coin="a"), ChooseLead("a", True))
    state = apply(state, Concede("b", False))
    state = apply(state, CallTime())
    assert result(state).winner == "a"


# --- properties over random legal matches ------------------------------------------------------

WINNERS = ["a"] * 4 + ["b"] * 4 + [None] * 2 + ["concede game", "concede match", "time"]


def random_legal_swap(data, state: MatchState, seat: str) -> tuple[list[str], list[str]]:
    """A swap drawn from the legal ones: random cards each way, or random equal-Chi pairs."""
    side = state.side(seat).current
    timeline = [e.name for e in side.timeline for _ in range(e.count)]
    forethoughts = [e.name for e in side.forethoughts for _ in range(e.count)]
    size = data.draw(st.integers(0, min(3, len(timeline), len(forethoughts))))
    out = data.draw(st.permutations(timeline))[:size]
    shuffled = data.draw(st.permutations(forethoughts))
    in_ = shuffled[:size]
    if sum(CHI_BY_KEY[name_key(n)] for n in out) == sum(CHI_BY_KEY[name_key(n)] for n in in_):
        return out, in_
    pairs_out, pairs_in, spare = [], [], list(shuffled)
    for name in out:
        match = next(
            (n for n in spare if CHI_BY_KEY[name_key(n)] == CHI_BY_KEY[name_key(name)]), None
        )
        if match is not None:
            spare.remove(match)
            pairs_out.append(name)
            pairs_in.append(match)
    return pairs_out, pairs_in


def check_invariants(state: MatchState) -> None:
    for seat in SEATS:
        registered, current = state.side(seat).registered, state.side(seat).current
        # The card multiset of timeline + forethoughts is conserved.
        assert pool(current.timeline) + pool(current.forethoughts) == pool(
            registered.timeline
        ) + pool(registered.forethoughts)
        # Equal-count, equal-Chi swaps keep the timeline's size and Chi, and the forethoughts' Chi.
        assert pool(current.timeline).total() == pool(registered.timeline).total()
        assert chi_of(current.timeline) == chi_of(registered.timeline)
        assert chi_of(current.forethoughts) == chi_of(registered.forethoughts)
        # Nobody sees the other's selection before the show.
        view = visible_lock(state, other(seat))[seat]
        if view["status"] == "locked":
            assert view["out"] is None
            assert view["in"] is None
    outcome = result(state)
    assert outcome.a_wins + outcome.b_wins <= 3  # at most three decisive games
    assert can_lock(state, "a") + can_lock(state, "b") == (state.phase is Phase.LOCKING)
    if outcome.over:
        for seat in SEATS:
            assert state.side(seat).current == state.side(seat).registered
        if outcome.winner is not None and outcome.ending is not MatchEnding.TIME:
            assert (outcome.a_wins, outcome.b_wins)[SEATS.index(outcome.winner)] == 2
            assert (outcome.a_wins, outcome.b_wins)[SEATS.index(other(outcome.winner))] < 2
        if outcome.ending is MatchEnding.TIME:
            assert outcome.winner is None or max(outcome.a_wins, outcome.b_wins) == 1
        if state.top_cut:
            assert outcome.winner is not None


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_random_legal_matches_keep_the_invariants(data):
    top_cut = data.draw(st.booleans())
    decks = [data.draw(st.sampled_from([deck(), BARE])) for _ in SEATS]
    state = new_match(*decks, CHI, data.draw(st.integers(0, 2**32)), top_cut=top_cut)
    for _ in range(60):
        if state.phase is Phase.OVER:
            break
        if state.phase is Phase.CHOOSING_LEAD:
            state = choose_lead(state, who_chooses(state), data.draw(st.booleans()))
        elif state.phase is Phase.LOCKING:
            seat = who_locks_next(state)
            state = lock(state, seat, *random_legal_swap(data, state, seat))
        else:
            step = data.draw(st.sampled_from(WINNERS))
            if step == "concede game":
                state = concede(state, data.draw(st.sampled_from(SEATS)), match=False)
            elif step == "concede match":
                state = concede(state, data.draw(st.sampled_from(SEATS)), match=True)
            elif step == "time" and not top_cut:
                state = call_time(state)
            elif step != "time":
                state = record_game(state, step)
        check_invariants(state)
    if state.phase is not Phase.OVER:
        state = concede(state, "a", match=True)
        check_invariants(state)
    outcome = result(state)
    event(f"ended by {outcome.ending}")
    event(f"{sum(isinstance(e, Show) and bool(e.a.out or e.b.out) for e in state.log)} swaps shown")
    if outcome.ending is MatchEnding.TWO_WINS:
        # Without drawn games, a best of three is over within three games.
        assert len(state.games) - outcome.draws <= 3
    stored = json.loads(json.dumps(as_dict(state)))
    assert from_dict(stored) == state
    assert replay(*decks, CHI, state.seed, state.log, top_cut=top_cut) == state


# --- whole-match results, penalties and names --------------------------------------------------


def score(state: MatchState) -> tuple[int, int, int]:
    outcome = result(state)
    return outcome.a_wins, outcome.b_wins, outcome.draws


def test_an_agreed_whole_match_report_ends_the_match_keeping_the_games_it_includes():
    # given game 1 recorded for a, then a 2-0 whole-match report
    state = settle(play(start(), "a"), 2, 0, 0)
    # then phase, score and result agree, and game 1 is still the one played
    assert state.phase is Phase.OVER
    assert score(state) == (2, 0, 0)
    assert result(state).winner == "a"
    assert result(state).ending is MatchEnding.REPORTED
    assert [g.ending for g in state.games] == [GameEnding.PLAYED, GameEnding.REPORTED]


def test_a_report_that_contradicts_the_recorded_games_replaces_them():
    state = settle(play(start(), "a"), 0, 2, 0)
    assert score(state) == (0, 2, 0)
    assert [g.ending for g in state.games] == [GameEnding.REPORTED] * 2


def test_a_judge_corrects_a_finished_match_but_not_to_the_same_result():
    state = play(start(), "a", "a")
    corrected = settle(state, 1, 2, 0)
    assert score(corrected) == (1, 2, 0)
    assert result(corrected).winner == "b"
    refused(Code.NO_CHANGE, settle, corrected, 1, 2, 0)


@pytest.mark.parametrize(
    ("a_wins", "b_wins", "draws", "top_cut"),
    [(3, 0, 0, False), (2, 2, 0, False), (0, 0, 4, False), (-1, 0, 0, False), (1, 1, 0, True)],
)
def test_a_whole_match_score_must_be_possible_in_a_best_of_three(a_wins, b_wins, draws, top_cut):
    error = refused(Code.INVALID_RESULT, settle, start(top_cut=top_cut), a_wins, b_wins, draws)
    assert error.message


@pytest.mark.parametrize("build", [start, lambda: to_playing(start()), to_locking])
def test_a_game_loss_penalty_loses_the_current_or_next_game(build):
    state = build()
    before = len(state.games)
    after = game_loss(state, "b")
    assert len(after.games) == before + 1
    assert after.games[-1].winner == "a"
    assert after.games[-1].ending is GameEnding.PENALTY
    assert after.locks == (None, None)  # selections not yet shown are dropped


def test_a_match_loss_penalty_ends_the_match_0_2_whatever_the_score():
    state = match_loss(play(start(), "a"), "a")
    assert state.phase is Phase.OVER
    assert score(state) == (0, 2, 0)
    assert result(state).ending is MatchEnding.PENALTY
    refused(Code.MATCH_OVER, match_loss, state, "b")


def test_messages_name_the_players():
    state = with_names(to_locking(winner="a"), "alice", "carol")
    error = refused(Code.NOT_YOUR_TURN_TO_LOCK, lock, state, "b", [], [])
    assert "alice" in error.message
    assert "Player" not in error.message


def test_names_are_not_stored():
    state = with_names(start(), "alice", "carol")
    assert from_dict(json.loads(json.dumps(as_dict(state)))).names == ("Player A", "Player B")


def test_new_actions_are_logged_and_replay():
    state = settle(match_loss(game_loss(start(), "a"), "b"), 2, 1, 0)
    stored = json.loads(json.dumps(as_dict(state)))
    assert from_dict(stored) == state
    assert [e["event"] for e in stored["log"]][-3:] == ["game_loss", "match_loss", "settle"]


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_every_path_keeps_phase_score_and_result_in_agreement(data):
    """Whatever mix of game reports, whole-match reports, judges' corrections, penalties,
    concessions and time: the games add up to the score, and the match is over exactly when
    the result says so."""
    top_cut = data.draw(st.booleans())
    state = new_match(deck(), BARE, CHI, data.draw(st.integers(0, 2**32)), top_cut=top_cut)
    for _ in range(30):
        step = data.draw(
            st.sampled_from(
                ["game", "settle", "game loss", "match loss", "concede", "time", "lead", "lock"]
            )
        )
        seat = data.draw(st.sampled_from(SEATS))
        try:
            if step == "game":
                state = record_game(state, data.draw(st.sampled_from(["a", "b", None])))
            elif step == "settle":
                a, b = data.draw(st.integers(0, 2)), data.draw(st.integers(0, 2))
                state = settle(state, a, b, data.draw(st.integers(0, 1)))
            elif step == "game loss":
                state = game_loss(state, seat)
            elif step == "match loss":
                state = match_loss(state, seat)
            elif step == "concede":
                state = concede(state, seat, data.draw(st.booleans()))
            elif step == "time":
                state = call_time(state)
            elif step == "lead":
                state = choose_lead(state, seat, data.draw(st.booleans()))
            else:
                state = lock(state, seat, [], [])
        except ProtocolError:
            pass  # refused: nothing changed
        outcome = result(state)
        assert outcome.over == (state.phase is Phase.OVER)
        assert len(state.games) == outcome.a_wins + outcome.b_wins + outcome.draws
        assert [g.number for g in state.games] == list(range(1, len(state.games) + 1))
        if outcome.over and outcome.winner is not None:
            assert (outcome.a_wins, outcome.b_wins)[SEATS.index(outcome.winner)] > (
                outcome.a_wins,
                outcome.b_wins,
            )[SEATS.index(other(outcome.winner))]
        if outcome.over and state.top_cut and outcome.ending is not MatchEnding.TIME:
            assert outcome.winner is not None
    assert from_dict(json.loads(json.dumps(as_dict(state)))) == state
