"""`python manage.py simulate DECK_A DECK_B --games N --seed S [--bot random|heuristic]
[--bot-b random|heuristic] [--json]`.

Plays N engine games between two decklist files with bots on both sides (`--bot`; `--bot-b` gives
seat b another, e.g. the heuristic bot against the random bot) and prints the wins,
draws, the average number of rounds and games per second. `--json` adds `log_digest`, a sha256
over every game's log, so two runs can be compared for determinism, and `cards`: for each deck,
each card's plays (an ability of it played from the thoughts or the arena) and resolutions (an
ability of it, triggers included, that resolved), so anyone can check which cards a bot plays.
Exit status 2 when a deck cannot be read or the engine refuses it (unsupported keyword, illegal
timeline).
"""

import hashlib
import json
import sys
import time
from collections import Counter
from pathlib import Path

from django.core.management.base import BaseCommand

from decks.selectors import card_index
from decks.services import read_decklist
from genesis.errors import Refusal
from rules.core.decklist import MAX_INPUT_CHARS
from rules.core.engine import DeckRefused, deck_from_decklist, deck_problems
from rules.core.engine.bots import HeuristicBot, RandomBot
from rules.core.engine.decks import Deck
from rules.core.engine.play import play_game
from rules.core.engine.state import SEATS
from rules.core.engine.usage import add_usage, new_usage
from rules.core.formats import DEFAULT_FORMAT

MAX_GAMES = 100_000


class Command(BaseCommand):
    help = "Play engine games between two decklists with bots and report the results."

    def add_arguments(self, parser):
        parser.add_argument("deck_a", type=Path)
        parser.add_argument("deck_b", type=Path)
        parser.add_argument("--games", type=int, default=10)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--bot", choices=["random", "heuristic"], default="random")
        parser.add_argument(
            "--bot-b", choices=["random", "heuristic"], help="Seat b's bot (default: --bot)."
        )
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, deck_a, deck_b, games, seed, bot, bot_b, json: bool, **options):
        if not 1 <= games <= MAX_GAMES:
            self._refuse(f"--games must be between 1 and {MAX_GAMES}.")
        cards = card_index()
        decks = []
        for seat, path in zip("ab", (deck_a, deck_b), strict=True):
            try:
                decklist = read_decklist(text=path.read_bytes()[: MAX_INPUT_CHARS * 4 + 1])
                deck = deck_from_decklist(decklist, cards, seat)
            except OSError as exc:
                self._refuse(f"{path}: cannot read the file: {exc.strerror or exc}")
            except Refusal as exc:
                self._refuse(f"{path}: {exc.detail}")
            except DeckRefused as exc:
                self._refuse(f"{path}: the engine cannot play this deck: {exc}")
            problems = deck_problems(deck, DEFAULT_FORMAT)
            if problems:
                self._refuse(f"{path}: the engine cannot play this deck: {'; '.join(problems)}")
            decks.append(deck)

        wins = {"a": 0, "b": 0}
        usage = new_usage()
        draws = rounds = 0
        digest = hashlib.sha256()
        start = time.perf_counter()
        for number in range(games):
            game_seed = seed * 1_000_003 + number
            bots = [
                self._bot(kind, game_seed * 2 + side, cards)
                for side, kind in enumerate((bot, bot_b or bot))
            ]
            # Narrated: the tally of plays (rules.core.engine.usage) reads the story.
            outcome = play_game(decks[0], decks[1], cards, game_seed, bots, narrate=True)
            if outcome.winner is None:
                draws += 1
            else:
                wins[outcome.winner] += 1
            rounds += outcome.rounds
            assert outcome.state is not None, "play_game returns the final state"
            add_usage(usage, outcome.state)
            assert outcome.log is not None, "play_game returns the game's log"
            digest.update(outcome.log.dumps().encode())
            digest.update(b"\n")
        elapsed = time.perf_counter() - start
        report = {
            "games": games,
            "seed": seed,
            "bot": bot,
            "bot_b": bot_b or bot,
            "wins": {"a": wins["a"], "b": wins["b"]},
            "draws": draws,
            "average_rounds": round(rounds / games, 2),
            "games_per_second": round(games / elapsed, 1) if elapsed else None,
        }
        if json:
            report["log_digest"] = digest.hexdigest()
            report["cards"] = {
                seat: _card_report(deck, *tally)
                for seat, deck, tally in zip(SEATS, decks, usage, strict=True)
            }
            self.stdout.write(_dumps(report))
            return
        self.stdout.write(
            f"{games} games ({bot} v {bot_b or bot} bot, seed {seed}): "
            f"{deck_a.name} won {wins['a']}, "
            f"{deck_b.name} won {wins['b']}, {draws} drawn; "
            f"{report['average_rounds']} rounds per game on average; "
            f"{report['games_per_second']} games per second"
        )

    @staticmethod
    def _bot(kind: str, seed: int, cards):
        return HeuristicBot(seed, cards) if kind == "heuristic" else RandomBot(seed)

    def _refuse(self, message: str) -> None:
        self.stderr.write(message)
        sys.exit(2)


def _card_report(
    deck: Deck, played: Counter[str], resolved: Counter[str]
) -> dict[str, dict[str, int]]:
    """Every card of the deck (champion first, then the timeline's and subconscious's in name
    order) with how often it was played and resolved; a card of the other deck whose ability it
    copied (Using the Stack, Copying) is added."""
    names = [deck.champion.name, *sorted({c.name for c in (*deck.timeline, *deck.subconscious)})]
    names += sorted((set(played) | set(resolved)) - set(names))
    return {
        name: {"played": played[name], "resolved": resolved[name]} for name in dict.fromkeys(names)
    }


def _dumps(data) -> str:
    return json.dumps(data, indent=2)
