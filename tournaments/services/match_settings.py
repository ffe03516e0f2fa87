"""An event's game and match settings: which game and format it is for, best of N, sideboarding
between games, who chooses to go first, and Titans of Eden's copy limit and team play.

The settings are copied from the format when the event is created (rules.core.formats: each
format carries its match settings and where they come from). Where a game's sources say nothing
(Grand Archive's tournament rules are in a document the sources lack) the organizer may change
them until the event starts.
"""

from typing import Any

from django.db import transaction

from genesis.errors import Conflict, Refusal
from rules.core import match as protocol
from rules.core.decklist import Decklist
from rules.core.formats import FirstPlayer, Format, UnknownFormatError, formats_of, get_format
from rules.core.games import GAMES, TITANS_OF_EDEN, UnknownGameError, get_game

from .. import permissions
from ..locking import lock_tournament
from ..models import Tournament

BEST_OF = (1, 3, 5, 7)
MAX_COPY_LIMIT = 99

# Who chooses the lead, as the format says it (rules.core.formats.FirstPlayer), in the match
# protocol's terms (rules.core.match.LeadRule).
LEAD_RULES = {
    FirstPlayer.RANDOM_THEN_LOSER: protocol.LeadRule.LOSER_CHOOSES,
    FirstPlayer.RANDOM: protocol.LeadRule.RANDOM_EACH_GAME,
}
# The words a lock and show uses for the two piles of cards, per game.
SWAP_WORDS = {"grand-archive": ("deck", "sideboard"), "titans-of-eden": ("spellbook", "sideboard")}


def game_and_format(game_slug: str | None, format_slug: str | None) -> Format:
    """The event's format: the one named (it must be of the game, when a game is named too), or
    the game's first format. Refusals: unknown_game, unknown_format, format_not_in_game."""
    if game_slug:
        try:
            game = get_game(game_slug)
        except UnknownGameError as exc:
            raise Refusal(str(exc.args[0]), code="unknown_game") from None
        if not format_slug:
            return formats_of(game.slug)[0]
    try:
        fmt = get_format(format_slug or "genesis-standard")
    except UnknownFormatError as exc:
        raise Refusal(str(exc.args[0]), code="unknown_format") from None
    if game_slug and fmt.game != game_slug:
        names = ", ".join(f.slug for f in formats_of(game_slug))
        raise Refusal(
            f"{fmt.name} is not a {GAMES[game_slug].name} format; its formats are: {names}.",
            code="format_not_in_game",
        )
    return fmt


def settings_from_format(fmt: Format) -> dict[str, Any]:
    """The match settings an event of this format starts with."""
    return {
        "game": fmt.game,
        "best_of": fmt.best_of,
        "sideboarding": fmt.sideboarding,
        "first_player": str(fmt.first_player),
    }


def match_rules(tournament: Tournament) -> protocol.MatchRules:
    """The match protocol's settings for this event's matches. A Genesis event with the
    format's settings gets exactly the protocol's defaults, so its matches are stored as before."""
    deck, reserve = SWAP_WORDS.get(tournament.game, ("timeline", "forethoughts"))
    return protocol.MatchRules(
        best_of=tournament.best_of,
        sideboarding=tournament.sideboarding,
        # Chi exists only in Genesis: elsewhere a swap is card for card.
        equal_chi=tournament.game == "genesis",
        lead=LEAD_RULES[FirstPlayer(tournament.first_player)],
        deck=deck,
        reserve=reserve,
    )


def check_settings(
    *,
    game: str,
    best_of: int,
    first_player: str,
    copy_limit: int | None,
    team_play: str,
) -> None:
    if best_of not in BEST_OF:
        raise Refusal(
            f"A match is best of {', '.join(map(str, BEST_OF))} games.", code="invalid_best_of"
        )
    if first_player not in {str(value) for value in FirstPlayer}:
        raise Refusal(
            f"Who goes first is one of: {', '.join(FirstPlayer)}.", code="invalid_first_player"
        )
    if copy_limit is not None:
        if game != TITANS_OF_EDEN.slug:
            raise Refusal(
                "A copy limit is an event setting only in Titans of Eden; other games' formats "
                "set their own.",
                code="invalid_copy_limit",
            )
        if not 1 <= copy_limit <= MAX_COPY_LIMIT:
            raise Refusal(
                f"A copy limit is 1 to {MAX_COPY_LIMIT} copies, or none.",
                code="invalid_copy_limit",
            )
    if team_play not in Tournament.TeamPlay.values:
        raise Refusal(
            f"Team play is one of: {', '.join(v or 'none' for v in Tournament.TeamPlay.values)}.",
            code="invalid_team_play",
        )
    if team_play and game != TITANS_OF_EDEN.slug:
        raise Refusal("Team play is a Titans of Eden mode.", code="invalid_team_play")


@transaction.atomic
def event_settings_update(*, tournament: Tournament, actor: Any, **changes: Any) -> Tournament:
    """The organizer changes the match settings (best_of, sideboarding, first_player), the copy
    limit or team play, before the event starts. Only the settings given change."""
    permissions.require_organizer(tournament, actor)
    tournament = lock_tournament(tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict(
            "The event has started: its match settings can no longer change.",
            code="already_started",
        )
    allowed = {"best_of", "sideboarding", "first_player", "copy_limit", "team_play"}
    unknown = sorted(set(changes) - allowed)
    if unknown:
        raise Refusal(f"No setting is called {unknown[0]!r}.", code="unknown_setting")
    team_play = changes.get("team_play", tournament.team_play) or ""
    if team_play != tournament.team_play and tournament.registrations.exists():
        raise Conflict(
            "Players or teams are registered: team play can no longer change.",
            code="has_registrations",
        )
    values = {
        "best_of": changes.get("best_of", tournament.best_of),
        "first_player": changes.get("first_player", tournament.first_player),
        "copy_limit": changes.get("copy_limit", tournament.copy_limit),
        "team_play": team_play,
    }
    check_settings(game=tournament.game, **values)
    tournament.best_of = values["best_of"]
    tournament.first_player = values["first_player"]
    tournament.copy_limit = values["copy_limit"]
    tournament.team_play = team_play
    tournament.sideboarding = bool(changes.get("sideboarding", tournament.sideboarding))
    tournament.save(
        update_fields=["best_of", "sideboarding", "first_player", "copy_limit", "team_play"]
    )
    return tournament


def protocol_decklist(decklist: Decklist, game: str) -> Decklist:
    """A registered list as the match protocol sees it: the cards played (the protocol's
    `timeline`) and the cards a lock and show may bring in (its `forethoughts`). Genesis lists
    are given as they are; Grand Archive plays its main and material decks and sideboards from
    its sideboard; a Titans of Eden spellbook has no sideboard."""
    if game == "grand-archive":
        return Decklist(
            timeline=(*decklist.main, *decklist.material), forethoughts=decklist.sideboard
        )
    if game == TITANS_OF_EDEN.slug:
        return Decklist(timeline=decklist.spellbook)
    return decklist
