"""The lookup's game choices (rules.models.Game, a Django TextChoices for its columns and
forms) are the games of rules.core.games: one list of games, whatever reads it."""

from rules.core.games import GAMES
from rules.models import Game


def test_the_lookups_games_are_the_games_registry():
    assert dict(Game.choices) == {slug: game.name for slug, game in GAMES.items()}
