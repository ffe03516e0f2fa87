"""The infractions a judge picks from when giving a penalty, after the Infraction Procedure
Guide's quick reference (IPG Appendix A), each with its default penalty; and how a penalty is
said in words (the judge log, a player's own penalties).

A judge may give more or less than the default (an upgrade or a downgrade), and must then say
why: the reason is kept with the penalty and shown wherever it is. Missed Trigger is left out:
its default is no penalty, so there is nothing to record on the ladder.

Plain values only: no Django (import-linter's contracts in pyproject.toml enforce it)."""

from dataclasses import dataclass

# The penalty ladder, lightest first (the values tournaments.models.Penalty.Kind stores).
WARNING = "warning"
GAME_LOSS = "game_loss"
MATCH_LOSS = "match_loss"
DISQUALIFICATION = "disqualification"
LADDER = (WARNING, GAME_LOSS, MATCH_LOSS, DISQUALIFICATION)
KIND_WORDS = {
    WARNING: "warning",
    GAME_LOSS: "game loss",
    MATCH_LOSS: "match loss",
    DISQUALIFICATION: "disqualification",
}


@dataclass(frozen=True)
class Infraction:
    code: str
    name: str
    section: str  # the IPG's section number
    category: str
    default: str  # one of LADDER


INFRACTIONS: tuple[Infraction, ...] = (
    Infraction(
        "looking_at_extra_cards", "Looking at Extra Cards", "2.2", "Game Play Error", WARNING
    ),
    Infraction("hidden_card_error", "Hidden Card Error", "2.3", "Game Play Error", WARNING),
    Infraction(
        "mulligan_procedure_error", "Mulligan Procedure Error", "2.4", "Game Play Error", WARNING
    ),
    Infraction("game_rule_violation", "Game Rule Violation", "2.5", "Game Play Error", WARNING),
    Infraction(
        "failure_to_maintain_game_state",
        "Failure to Maintain Game State",
        "2.6",
        "Game Play Error",
        WARNING,
    ),
    Infraction("tardiness", "Tardiness", "3.1", "Tournament Error", GAME_LOSS),
    Infraction("outside_assistance", "Outside Assistance", "3.2", "Tournament Error", MATCH_LOSS),
    Infraction("slow_play", "Slow Play", "3.3", "Tournament Error", WARNING),
    Infraction("decklist_problem", "Decklist Problem", "3.4", "Tournament Error", GAME_LOSS),
    Infraction("deck_problem", "Deck Problem", "3.5", "Tournament Error", WARNING),
    Infraction(
        "limited_procedure_violation",
        "Limited Procedure Violation",
        "3.6",
        "Tournament Error",
        WARNING,
    ),
    Infraction(
        "communication_policy_violation",
        "Communication Policy Violation",
        "3.7",
        "Tournament Error",
        WARNING,
    ),
    Infraction("marked_cards", "Marked Cards", "3.8", "Tournament Error", WARNING),
    Infraction(
        "insufficient_shuffling", "Insufficient Shuffling", "3.9", "Tournament Error", WARNING
    ),
    Infraction(
        "unsporting_conduct_minor",
        "Unsporting Conduct — Minor",
        "4.1",
        "Unsporting Conduct",
        WARNING,
    ),
    Infraction(
        "unsporting_conduct_major",
        "Unsporting Conduct — Major",
        "4.2",
        "Unsporting Conduct",
        MATCH_LOSS,
    ),
    Infraction(
        "improperly_determining_a_winner",
        "Improperly Determining a Winner",
        "4.3",
        "Unsporting Conduct",
        MATCH_LOSS,
    ),
    Infraction(
        "bribery_and_wagering", "Bribery and Wagering", "4.4", "Unsporting Conduct", MATCH_LOSS
    ),
    Infraction(
        "aggressive_behavior", "Aggressive Behavior", "4.5", "Unsporting Conduct", DISQUALIFICATION
    ),
    Infraction(
        "theft_of_tournament_material",
        "Theft of Tournament Material",
        "4.6",
        "Unsporting Conduct",
        DISQUALIFICATION,
    ),
    Infraction("stalling", "Stalling", "4.7", "Unsporting Conduct", DISQUALIFICATION),
    Infraction("cheating", "Cheating", "4.8", "Unsporting Conduct", DISQUALIFICATION),
)
BY_CODE = {infraction.code: infraction for infraction in INFRACTIONS}


def deviation(kind: str, default: str) -> str:
    """ "upgraded", "downgraded", or "" when `kind` is the default penalty."""
    if kind == default:
        return ""
    return "upgraded" if LADDER.index(kind) > LADDER.index(default) else "downgraded"


def penalty_words(
    *, kind: str, player: str, infraction: str, note: str = "", default: str = "", reason: str = ""
) -> str:
    """A penalty in words: "Warning to alice: Tardiness (note)", or "Game loss to bob: Tardiness
    (upgraded from warning: reason)". `default` is empty for a penalty given with a free-text
    infraction (the API's), which has no default to deviate from."""
    words = f"{KIND_WORDS[kind].capitalize()} to {player}: {infraction}"
    changed = deviation(kind, default) if default else ""
    if changed:
        words += f" ({changed} from {KIND_WORDS[default]}" + (f": {reason})" if reason else ")")
    elif reason:
        words += f" ({reason})"
    if note:
        words += f" ({note})"
    return words
