"""`manage.py simulate`: results, determinism by log digest, and decks the engine refuses."""

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db

SERA = "decks/samples/sera-vantyne-storm-lattice.txt"
HEDRA = "decks/samples/hedra-voss-iron-bastion.txt"


def simulate(*args) -> dict:
    out = io.StringIO()
    call_command("simulate", *args, "--json", stdout=out)
    return json.loads(out.getvalue())


def test_simulate_reports_every_game_and_is_deterministic(bundled_cards):
    first = simulate(SERA, HEDRA, "--games", "6", "--seed", "7")
    again = simulate(SERA, HEDRA, "--games", "6", "--seed", "7")
    other = simulate(SERA, HEDRA, "--games", "6", "--seed", "8")
    assert first["wins"]["a"] + first["wins"]["b"] + first["draws"] == 6
    assert first["average_rounds"] > 0
    assert first["games_per_second"] > 0
    assert first["log_digest"] == again["log_digest"] != other["log_digest"]


def test_heuristic_bots_play_too(bundled_cards):
    report = simulate(SERA, HEDRA, "--games", "2", "--seed", "1", "--bot", "heuristic")
    assert report["bot"] == report["bot_b"] == "heuristic"
    assert report["wins"]["a"] + report["wins"]["b"] + report["draws"] == 2


def test_seat_b_may_have_another_bot(bundled_cards):
    args = (SERA, SERA, "--games", "4", "--seed", "3", "--bot", "heuristic")
    mixed = simulate(*args, "--bot-b", "random")
    assert (mixed["bot"], mixed["bot_b"]) == ("heuristic", "random")
    assert mixed["log_digest"] != simulate(*args)["log_digest"]
    assert mixed["wins"]["a"] >= 3  # the heuristic bot beats the random one


def test_a_deck_the_engine_cannot_play_is_refused_before_any_game(bundled_cards, tmp_path):
    illegal = tmp_path / "short.txt"
    illegal.write_text("Champion: Sera Vantyne\nTimeline\n4 Static Lattice\n")
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("simulate", SERA, str(illegal), "--games", "1", stderr=err)
    assert exit_.value.code == 2
    assert "cannot play this deck" in err.getvalue()
    unrevealed = tmp_path / "rulebook.txt"
    unrevealed.write_text(
        Path(SERA).read_text().replace("Champion: Sera Vantyne", "Champion: Nubia")
    )
    err = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("simulate", str(unrevealed), SERA, "--games", "1", stderr=err)
    assert "Nubia" in err.getvalue()


def test_the_json_report_counts_each_cards_plays_and_resolutions(bundled_cards):
    report = simulate(SERA, HEDRA, "--games", "2", "--seed", "1", "--bot", "heuristic")
    sera, hedra = report["cards"]["a"], report["cards"]["b"]
    # given every card of each deck, champion first
    assert next(iter(sera)) == "Sera Vantyne"
    assert next(iter(hedra)) == "Castellan Hedra Voss"
    assert {"Static Lattice", "Thunderclap Theorem"} <= set(sera)
    # then the champions attacked, and what was played resolved or was negated or failed
    assert sera["Sera Vantyne"]["played"] > 0
    assert hedra["Castellan Hedra Voss"]["played"] > 0
    assert sum(c["played"] for c in sera.values()) > 0
    assert all(set(counts) == {"played", "resolved"} for counts in sera.values())
