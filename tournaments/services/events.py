"""Events: creating an event, its judges, publishing decklists, and starting it."""

from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from genesis.errors import Conflict, NotAuthenticated, NotFound, Refusal
from rules.core.formats import get_format
from tournaments.core.pairing import recommended_rounds
from tournaments.core.phases import PhasePlanError, parse_plan

from .. import permissions
from ..locking import lock_tournament
from ..models import Judge, Tournament
from .automated import automated_create_check, automated_start_check
from .match_settings import check_settings, game_and_format, settings_from_format
from .pools import missing_decks

User = get_user_model()


MAX_ROUNDS = 20
MAX_CAPACITY = 4096


# --- events ------------------------------------------------------------------------------------


@transaction.atomic
def tournament_create(
    *,
    organizer,
    name: str,
    format_slug: str | None = "genesis-standard",
    game: str | None = None,
    rounds: int | None = None,
    top_cut: int | None = None,
    phases: object = None,
    round_minutes: int = 50,
    late_registration_until: int = 0,
    automated: bool = False,
    bot: str = Tournament.Bot.HEURISTIC,
    date: datetime | None = None,
    venue: str = "",
    description: str = "",
    capacity: int | None = None,
    best_of: int | None = None,
    sideboarding: bool | None = None,
    first_player: str | None = None,
    copy_limit: int | None = None,
    team_play: str = "",
) -> Tournament:
    """An event for one game and one of its formats (the game's first format when only the game
    is named; Genesis Standard when neither is). Match settings not given come from the format.

    `phases` is a multi-day plan (tournaments.core.phases); `rounds` and `top_cut` are the
    one-phase shorthand, so a plan comes with neither (None for both)."""
    if not organizer.is_authenticated:
        raise NotAuthenticated("Log in to organize an event.")
    fmt = game_and_format(game, format_slug)
    settings = settings_from_format(fmt)
    for key, value in (
        ("best_of", best_of),
        ("sideboarding", sideboarding),
        ("first_player", first_player),
    ):
        if value is not None:
            settings[key] = value
    check_settings(
        game=fmt.game,
        best_of=settings["best_of"],
        first_player=settings["first_player"],
        copy_limit=copy_limit,
        team_play=team_play or "",
    )
    if automated and fmt.game != "genesis":
        raise Refusal(
            "Only Genesis events can be played by the engine's bots.", code="invalid_automated"
        )
    plan = None
    if phases is not None:
        if rounds is not None or top_cut is not None:
            raise Refusal(
                "Give either 'phases' or the one-phase 'rounds' and 'top_cut', not both.",
                code="phases_and_rounds",
            )
        try:
            plan = parse_plan(phases)
        except PhasePlanError as exc:
            raise Refusal(exc.message, code=exc.code) from None
        rounds, top_cut = plan.swiss_rounds, plan.top_cut
    top_cut = top_cut or 0
    if top_cut not in (0, 4, 8):
        raise Refusal("The top cut is 4 or 8 players, or 0 for none.", code="invalid_top_cut")
    if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
        raise Refusal(f"Swiss rounds must be between 1 and {MAX_ROUNDS}.", code="invalid_rounds")
    if not 10 <= round_minutes <= 240:
        raise Refusal("A round lasts between 10 and 240 minutes.", code="invalid_round_minutes")
    if not 0 <= late_registration_until <= MAX_ROUNDS:
        raise Refusal(
            "Late registration must end by a Swiss round number.", code="invalid_late_registration"
        )
    if plan is not None and len(plan.swiss) > 1 and late_registration_until > plan.last_round(1):
        # A late entrant in a later phase would play it without having qualified for it.
        raise Refusal(
            f"Late registration in a multi-day event ends by the first phase's last round "
            f"({plan.last_round(1)}).",
            code="invalid_late_registration",
        )
    if bot not in Tournament.Bot.values:
        raise Refusal(f"The bot is one of {', '.join(Tournament.Bot.values)}.", code="invalid_bot")
    if automated and late_registration_until:
        raise Refusal(
            "An automated event takes its decks before the start: no late registration.",
            code="invalid_late_registration",
        )
    if capacity is not None and not 2 <= capacity <= MAX_CAPACITY:
        raise Refusal(
            f"The capacity is 2 to {MAX_CAPACITY} players, or none.", code="invalid_capacity"
        )
    name = name.strip()
    if not name:
        raise Refusal("The event needs a name.", code="invalid_name")
    if automated:
        automated_create_check(organizer=organizer, capacity=capacity)
    return Tournament.objects.create(
        name=name[:120],
        format=fmt.slug,
        organizer=organizer,
        rounds_requested=rounds,
        top_cut=top_cut,
        phases=plan.to_json() if plan is not None else None,
        round_minutes=round_minutes,
        late_registration_until=late_registration_until,
        automated=automated,
        bot=bot,
        date=date,
        venue=venue.strip()[:200],
        description=description.strip()[:4000],
        capacity=capacity,
        copy_limit=copy_limit,
        team_play=team_play or "",
        **settings,
    )


@transaction.atomic
def judge_add(*, tournament: Tournament, actor: Any, username: str) -> Judge:
    permissions.require_organizer(tournament, actor)
    try:
        user = User.objects.get(username__iexact=username.strip())
    except User.DoesNotExist:
        raise NotFound(f"No user is called {username!r}.", code="unknown_user") from None
    judge, _ = Judge.objects.get_or_create(tournament=tournament, user=user)
    return judge


@transaction.atomic
def decklists_publish(*, tournament: Tournament, actor: Any, scope: str = "all") -> Tournament:
    """Publish decklists: every one (`all`), or only the top cut's (`top_cut`, once it is
    known). Publishing is never taken back."""
    permissions.require_organizer(tournament, actor)
    tournament = lock_tournament(tournament)
    if scope not in (Tournament.Decklists.ALL, Tournament.Decklists.TOP_CUT):
        raise Refusal("Publish 'all' decklists or the 'top_cut' ones.", code="invalid_scope")
    if scope == Tournament.Decklists.TOP_CUT:
        if not tournament.top_cut:
            raise Conflict("This event has no top cut.", code="no_top_cut")
        if not tournament.rounds.filter(kind="top_cut").exists():
            raise Conflict(
                "The top cut is not known yet: publish its decklists once it is paired.",
                code="top_cut_not_paired",
            )
        if tournament.decklists == Tournament.Decklists.ALL:
            return tournament  # already wider
    tournament.decklists = scope
    tournament.save(update_fields=["decklists"])
    return tournament


@transaction.atomic
def tournament_start(*, tournament: Tournament, actor: Any) -> Tournament:
    """Close registration, fix the number of Swiss rounds, and freeze every registered list."""
    permissions.require_organizer(tournament, actor)
    tournament = lock_tournament(tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("The event has already started.", code="already_started")
    players = tournament.registrations.count()
    if players < 2:
        raise Conflict(
            "An event needs at least 2 registered players to start.", code="too_few_players"
        )
    if tournament.team_play == Tournament.TeamPlay.THREE_ARENA:
        # A Three-Arena game is three teams (Titans of Eden Rulebook, L331), and a bracket of
        # two-team matches is a different game: the event is Swiss only.
        if players < 3:
            raise Conflict(
                "A Three-Arena event needs at least 3 teams to start.", code="too_few_players"
            )
        if tournament.top_cut:
            raise Conflict(
                "A Three-Arena event has no top cut: its games are three teams, not a bracket.",
                code="no_top_cut",
            )
    if tournament.top_cut and players < tournament.top_cut:
        raise Conflict(
            f"A top {tournament.top_cut} needs at least {tournament.top_cut} players.",
            code="too_few_players",
        )
    if get_format(tournament.format).limited:
        missing = missing_decks(tournament)
        if missing:
            raise Conflict(
                f"Every player needs a deck built from their pool: {', '.join(missing[:10])} "
                "has not submitted one.",
                code="deck_missing",
            )
    automated_start_check(tournament)
    tournament.swiss_rounds = tournament.rounds_requested or recommended_rounds(players)
    tournament.status = Tournament.Status.RUNNING
    tournament.started_at = timezone.now()
    tournament.save(update_fields=["swiss_rounds", "status", "started_at"])
    tournament.registrations.update(frozen=True)
    return tournament
