"""Correcting an old result: a judge or the organizer corrects the confirmed result of a Swiss
match, in a finished round too, after later rounds are paired, with a reason that is required.

The standings and tiebreakers follow at once (the result goes through the match's one protocol
state, so its snapshots expire and the finished round's standings are published again), and the
pairings already made stand, as the MTR says (nothing is re-paired). The correction is logged
in the override log with its reason and the latest round paired when it was made, which the
judge log says in words, the export keeps and the public standings mark. A top-cut result keeps its own rules (match_result_report, until the next
bracket round is paired): it is refused here.
"""

from typing import Any

from django.db import transaction

from genesis.errors import Conflict, Refusal
from rules.core import match as protocol
from rules.selectors import rule_url

from .. import permissions
from ..locking import lock_match
from ..models import Match, Round
from ..selectors.corrections import later_round_paired
from .match_settings import match_rules
from .matches import change_state, log_override, save_state

MAX_CORRECTION_REASON = 300  # the override log's note, where the reason is kept


@transaction.atomic
def match_result_correct(
    *, match: Match, actor: Any, a_wins: int, b_wins: int, draws: int, reason: str
) -> Match:
    """Correct a confirmed Swiss result, in any round, with a reason (400 no_reason without
    one). Refused, and nothing written: a top-cut match (409 top_cut_result), a bye (409 bye),
    a result not confirmed yet (409 not_confirmed: it is entered, not corrected), the same
    result (409 no_change)."""
    match = lock_match(match)
    permissions.require_officiating(match, actor)
    reason = reason.strip()
    if not reason:
        raise Refusal(
            "Say why the result is corrected: the reason is logged with it.", code="no_reason"
        )
    if len(reason) > MAX_CORRECTION_REASON:
        raise Refusal(
            f"A reason is at most {MAX_CORRECTION_REASON} characters.", code="invalid_reason"
        )
    round = match.round
    if round.kind == Round.Kind.TOP_CUT:
        raise Conflict(
            "A top-cut result decides who plays on: it is not corrected this way. A judge enters "
            "it again until the next bracket round is paired.",
            code="top_cut_result",
        )
    if match.player_b is None:
        raise Conflict("A bye is a 2-0 win; it has no result to correct.", code="bye")
    try:  # an impossible score is refused (400) before the match's state is looked at
        protocol.check_score(a_wins, b_wins, draws, False, match_rules(round.tournament))
    except protocol.ProtocolError as exc:
        raise Refusal(
            exc.message, code=str(exc.code), rule=exc.rule, rule_url=rule_url(exc.rule)
        ) from None
    if match.status != Match.Status.CONFIRMED:
        raise Conflict(
            "This match has no confirmed result to correct yet: a judge enters it from the "
            "judge queue (or POST …/result/).",
            code="not_confirmed",
        )
    before = {"a_wins": match.a_wins, "b_wins": match.b_wins, "draws": match.draws}
    after_round = later_round_paired(match)
    save_state(match, change_state(match, lambda s: protocol.settle(s, a_wins, b_wins, draws)))
    log_override(
        match,
        actor,
        before=before,
        after={
            "a_wins": a_wins,
            "b_wins": b_wins,
            "draws": draws,
            "correction": {"reason": reason, "after_round": after_round},
        },
        note=reason,
    )
    return match
