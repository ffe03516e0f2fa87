"""The games the engine plays, pinned: a few seeded random games over the sample timelines,
hashed, against the hash they had when the keywords moved into one module each
(rules/core/engine/keywords/). A refactoring that changes no rule must not change this hash; a
change of a rule that does changes it on purpose, and says so in its commit."""

import hashlib

from decks.core.bundled import card_set, sample_decklists
from rules.core.engine.bots import RandomBot
from rules.core.engine.decks import deck_from_decklist
from rules.core.engine.play import play_game

CARDS = card_set()
DECKS = {name: deck_from_decklist(d, CARDS) for name, d in sample_decklists().items()}
NAMES = sorted(DECKS)
GAMES = 24
# sha256 over the logs of seeds 0..GAMES-1, every pairing of the sample timelines in turn
# (benchmarks/engine_compare.py plays the same games).
PINNED = "69c1248efedcdc4462dd3eb7d7725c8375c140a0f263aa07648c9b9c933162fb"


def test_the_same_seeded_games_give_the_same_logs_as_when_pinned():
    # given: seeded random games over every pairing of the sample timelines
    digest = hashlib.sha256()
    # when: they are played
    for seed in range(GAMES):
        a, b = NAMES[seed % 4], NAMES[(seed // 4) % 4]
        bots = (RandomBot(seed), RandomBot(seed + 1_000_003))
        digest.update(play_game(DECKS[a], DECKS[b], CARDS, seed, bots).log.dumps().encode())
    # then: their logs are byte for byte the pinned ones
    assert digest.hexdigest() == PINNED
