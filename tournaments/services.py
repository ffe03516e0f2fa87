"""Every write of the tournaments app. Each service checks the actor's role and the event's
state, raises a Refusal with a stable code when the answer is no, and runs in a transaction.

Rows are locked (select_for_update) wherever a decision reads and then writes, and unique
constraints make "exactly once" hold even when two requests race (a round is created once, a
player reports a game once).
"""

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify

from decks import selectors as deck_selectors
from decks.models import Deck
from decks.services import deck_validate
from genesis.errors import Conflict, Forbidden, NotFound, Refusal
from rules import match as protocol
from rules.decklist import Decklist, decklist_from_json, decklist_to_json, name_key
from rules.engine import DeckRefused, check_playable, deck_from_decklist, deck_problems
from rules.engine.bots import HeuristicBot, RandomBot
from rules.engine.play import game_seed, play_next_game, take_decisions
from rules.formats import get_format
from tournaments.pairing import (
    PlayerRecord,
    TopCutMatch,
    next_top_cut_round,
    pair_round,
    recommended_rounds,
    top_cut_pairings,
)

from . import selectors
from .models import (
    EngineGame,
    Judge,
    Match,
    Registration,
    Report,
    ResultOverride,
    Round,
    Tournament,
)

User = get_user_model()
MAX_ROUNDS = 20
MAX_EXTENSION_MINUTES = 60


# --- events ------------------------------------------------------------------------------------


@transaction.atomic
def tournament_create(
    *,
    organizer,
    name: str,
    format_slug: str = "genesis-standard",
    rounds: int | None = None,
    top_cut: int = 0,
    round_minutes: int = 50,
    late_registration_until: int = 0,
    automated: bool = False,
    bot: str = Tournament.Bot.HEURISTIC,
) -> Tournament:
    if not organizer.is_authenticated:
        raise Forbidden("Log in to organize an event.", code="not_authenticated")
    try:
        fmt = get_format(format_slug or "genesis-standard")
    except LookupError as exc:
        raise Refusal(
            str(exc.args[0]) if exc.args else "Unknown format.", code="unknown_format"
        ) from None
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
    if bot not in Tournament.Bot.values:
        raise Refusal(f"The bot is one of {', '.join(Tournament.Bot.values)}.", code="invalid_bot")
    if automated and late_registration_until:
        raise Refusal(
            "An automated event takes its decks before the start: no late registration.",
            code="invalid_late_registration",
        )
    name = name.strip()
    if not name:
        raise Refusal("The event needs a name.", code="invalid_name")
    return Tournament.objects.create(
        name=name[:120],
        format=fmt.slug,
        organizer=organizer,
        rounds_requested=rounds,
        top_cut=top_cut,
        round_minutes=round_minutes,
        late_registration_until=late_registration_until,
        automated=automated,
        bot=bot,
    )


def _lock_tournament(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _require_organizer(tournament: Tournament, actor) -> None:
    if not selectors.is_organizer(tournament, actor):
        raise Forbidden("Only the event's organizer can do that.", code="not_organizer")


def _require_judge(tournament: Tournament, actor) -> None:
    if not selectors.is_judge(tournament, actor):
        raise Forbidden("Only the event's judges and organizer can do that.", code="not_judge")


@transaction.atomic
def judge_add(*, tournament: Tournament, actor, username: str) -> Judge:
    _require_organizer(tournament, actor)
    try:
        user = User.objects.get(username__iexact=username.strip())
    except User.DoesNotExist:
        raise NotFound(f"No user is called {username!r}.", code="unknown_user") from None
    judge, _ = Judge.objects.get_or_create(tournament=tournament, user=user)
    return judge


@transaction.atomic
def decklists_publish(*, tournament: Tournament, actor, published: bool = True) -> Tournament:
    _require_organizer(tournament, actor)
    tournament = _lock_tournament(tournament)
    tournament.decklists_published = published
    tournament.save(update_fields=["decklists_published"])
    return tournament


# --- registration ------------------------------------------------------------------------------


def _next_swiss_round(tournament: Tournament) -> int:
    return tournament.rounds.filter(kind=Round.Kind.SWISS).count() + 1


@transaction.atomic
def registration_create(
    *, tournament: Tournament, player, decklist: Decklist | None = None, deck_key: str = ""
) -> Registration:
    """Register a player with a timeline, checked against the event's format.

    Before the start anyone may register; after it, only until the organizer's late-registration
    round is paired, and the player then takes a 0-2 loss for each round missed.
    """
    if not player.is_authenticated:
        raise Forbidden("Log in to register.", code="not_authenticated")
    tournament = _lock_tournament(tournament)
    if tournament.automated:
        raise Conflict(
            "This event is played by bots: its organizer enters the decks.",
            code="automated_event",
        )
    late = tournament.status != Tournament.Status.REGISTRATION
    next_round = _next_swiss_round(tournament)
    if late and (
        tournament.status != Tournament.Status.RUNNING
        or next_round > tournament.late_registration_until
    ):
        raise Conflict("Registration for this event is closed.", code="registration_closed")
    if decklist is None:
        decklist = _deck_decklist(deck_key, player)
    _require_legal(tournament, decklist)
    return _registration_insert(
        "You are already registered for this event.",
        tournament=tournament,
        player=player,
        decklist=decklist_to_json(decklist),
        champion=decklist.champion or "",
        deck_key=deck_key,
        frozen=late,
        joined_round=next_round if late else 1,
    )


def _registration_insert(duplicate: str, **fields) -> Registration:
    """Insert a registration; the unique (event, player) turns a second one into a 409."""
    try:
        with transaction.atomic():
            return Registration.objects.create(**fields)
    except IntegrityError:
        raise Conflict(duplicate, code="already_registered") from None


def _require_legal(tournament: Tournament, decklist: Decklist) -> None:
    validation = deck_validate(decklist=decklist, format_slug=tournament.format)
    if not validation.legal:
        raise Refusal(
            "The timeline is not legal in this event's format.",
            code="deck_illegal",
            errors=[e.as_dict() for e in validation.errors],
        )


BOT_PREFIX = "bot-"


@transaction.atomic
def entrant_add(*, tournament: Tournament, actor, name: str, decklist: Decklist) -> Registration:
    """Enter a deck in an automated event. The event's bot plays it under the username
    `bot-<name>`, an account nobody can log in to, so the standings name it like any player.

    The deck must be legal in the event's format and playable by the engine, forethoughts
    included (lock and show may swap them in): an unplayable deck is refused here, not halfway
    through a round.
    """
    _require_organizer(tournament, actor)
    tournament = _lock_tournament(tournament)
    if not tournament.automated:
        raise Conflict(
            "Only automated events take decks entered by the organizer; players register "
            "themselves for this one.",
            code="not_automated",
        )
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("Registration for this event is closed.", code="registration_closed")
    slug = slugify(name)[:40]
    if not slug:
        raise Refusal(
            "The entrant needs a name of letters or digits, e.g. storm-lattice.",
            code="invalid_name",
        )
    _require_legal(tournament, decklist)
    problems = engine_problems(decklist, tournament.format)
    if problems:
        raise Refusal(
            "The game engine cannot play this deck: " + "; ".join(problems[:10]),
            code="deck_unplayable",
            problems=problems,
        )
    user, created = User.objects.get_or_create(username=BOT_PREFIX + slug)
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    elif user.has_usable_password():
        raise Conflict(
            f"{user.username} is a player's account; give the entrant another name.",
            code="name_taken",
        )
    return _registration_insert(
        f"An entrant called {user.username} is already in this event.",
        tournament=tournament,
        player=user,
        decklist=decklist_to_json(decklist),
        champion=decklist.champion or "",
    )


def engine_problems(decklist: Decklist, format_slug: str) -> list[str]:
    """Why the engine cannot play this decklist (empty when it can): unknown cards, keywords
    the engine does not run (docs/engine.md, Keywords), unrevealed stats, including the
    forethoughts' cards."""
    cards = deck_selectors.card_index()
    try:
        deck = deck_from_decklist(decklist, cards)
    except DeckRefused as exc:
        return list(exc.problems)
    keys = [name_key(entry.name) for entry in decklist.forethoughts]
    forethoughts = [cards[key] for key in keys if key in cards]
    problems = deck_problems(deck, get_format(format_slug))
    return problems + [p for p in check_playable(forethoughts) if p not in problems]


def _deck_decklist(deck_key: str, player) -> Decklist:
    try:
        deck = deck_selectors.deck_get(key=deck_key, user=player)
    except Deck.DoesNotExist:
        raise NotFound("No deck with that key is visible to you.", code="unknown_deck") from None
    if deck.owner_id != player.pk:
        raise Forbidden("You can only register with your own deck.", code="not_owner")
    return decklist_from_json(deck.decklist)


@transaction.atomic
def registration_withdraw(*, tournament: Tournament, player) -> None:
    tournament = _lock_tournament(tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("The event has started: drop instead of withdrawing.", code="started")
    deleted, _ = Registration.objects.filter(tournament=tournament, player=player).delete()
    if not deleted:
        raise NotFound("You are not registered for this event.", code="not_registered")


@transaction.atomic
def tournament_drop(*, tournament: Tournament, player) -> Registration:
    """Drop from a running event: never paired again, still in the standings."""
    tournament = _lock_tournament(tournament)
    if tournament.status == Tournament.Status.REGISTRATION:
        raise Conflict(
            "The event has not started: withdraw your registration instead.", code="not_started"
        )
    try:
        registration = Registration.objects.select_for_update().get(
            tournament=tournament, player=player
        )
    except Registration.DoesNotExist:
        raise NotFound("You are not registered for this event.", code="not_registered") from None
    if registration.dropped:
        raise Conflict("You have already dropped.", code="already_dropped")
    registration.dropped_after_round = tournament.rounds.count()
    registration.save(update_fields=["dropped_after_round"])
    return registration


@transaction.atomic
def tournament_start(*, tournament: Tournament, actor) -> Tournament:
    """Close registration, fix the number of Swiss rounds, and freeze every registered list."""
    _require_organizer(tournament, actor)
    tournament = _lock_tournament(tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("The event has already started.", code="already_started")
    players = tournament.registrations.count()
    if players < 2:
        raise Conflict(
            "An event needs at least 2 registered players to start.", code="too_few_players"
        )
    if tournament.top_cut and players < tournament.top_cut:
        raise Conflict(
            f"A top {tournament.top_cut} needs at least {tournament.top_cut} players.",
            code="too_few_players",
        )
    tournament.swiss_rounds = tournament.rounds_requested or recommended_rounds(players)
    tournament.status = Tournament.Status.RUNNING
    tournament.started_at = timezone.now()
    tournament.save(update_fields=["swiss_rounds", "status", "started_at"])
    tournament.registrations.update(frozen=True)
    return tournament


# --- rounds ------------------------------------------------------------------------------------


@transaction.atomic
def round_start(*, tournament: Tournament, actor) -> Round:
    """Open the next round; a Celery task pairs it (tournaments.tasks.round_pair_task).

    The round row is created here, under a unique (event, number) constraint, so a second click
    or a second organizer gets a clear 409 instead of a second round.
    """
    _require_organizer(tournament, actor)
    tournament = _lock_tournament(tournament)
    if tournament.status != Tournament.Status.RUNNING:
        raise Conflict(
            "The event is not running: start it first."
            if tournament.status == Tournament.Status.REGISTRATION
            else "The event is over.",
            code="not_running",
        )
    last = tournament.rounds.order_by("-number").first()
    if last is not None and last.status != Round.Status.FINISHED:
        raise Conflict(
            f"Round {last.number} is still open: every result must be confirmed "
            "before the next round is paired.",
            code="round_open",
        )
    number = (last.number if last else 0) + 1
    swiss_played = tournament.rounds.filter(kind=Round.Kind.SWISS).count()
    active = tournament.registrations.filter(dropped_after_round__isnull=True)
    # Checked here, not in the task, so a round is never left waiting for pairings that cannot
    # be made.
    if (
        swiss_played < tournament.swiss_rounds
        and not active.filter(joined_round__lte=swiss_played + 1).exists()
    ):
        raise Conflict("No active players are left to pair.", code="no_players")
    if swiss_played < tournament.swiss_rounds:
        kind, minutes = Round.Kind.SWISS, tournament.round_minutes
    elif tournament.top_cut:
        kind, minutes = Round.Kind.TOP_CUT, None
    else:
        raise Conflict("Every round has been played.", code="no_more_rounds")
    try:
        with transaction.atomic():
            round = Round.objects.create(
                tournament=tournament, number=number, kind=kind, minutes=minutes
            )
    except IntegrityError:
        raise Conflict(f"Round {number} is already being paired.", code="round_exists") from None
    from .tasks import round_pair_task

    transaction.on_commit(lambda: round_pair_task.delay(round.pk))
    return round


@transaction.atomic
def round_pair(*, round_id: int) -> Round:
    """Pair a round that is waiting for its pairings. Safe to run twice: a round that is no
    longer waiting is returned untouched."""
    round = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
    if round.status != Round.Status.PAIRING:
        return round
    tournament = round.tournament
    registrations = {
        r.player.username: r for r in tournament.registrations.select_related("player")
    }
    if round.kind == Round.Kind.SWISS:
        pairings = _swiss_pairings(tournament, round, registrations)
    else:
        pairings = _top_cut_pairings(tournament, round, registrations)
    chi = {key: card.chi or 0 for key, card in deck_selectors.card_index().items()}
    matches = []
    for table, (a, b, explanation, is_rematch) in enumerate(pairings, start=1):
        match = Match(
            round=round,
            table=table,
            player_a=registrations[a],
            player_b=registrations[b] if b else None,
            explanation=explanation,
            is_rematch=is_rematch,
        )
        if b is None:  # a bye is a 2-0 match win (shared decisions)
            match.status = Match.Status.CONFIRMED
            match.a_wins, match.b_wins, match.draws = 2, 0, 0
            match.confirmed_at = timezone.now()
        else:
            state = protocol.new_match(
                decklist_from_json(registrations[a].decklist),
                decklist_from_json(registrations[b].decklist),
                chi,
                seed=round.seed + table,
                top_cut=round.kind == Round.Kind.TOP_CUT,
            )
            match.state = protocol.as_dict(state)
        matches.append(match)
    Match.objects.bulk_create(matches)
    if tournament.automated:
        for match in matches:
            if match.state is not None:
                _enqueue_game(match.pk, 1)
    now = timezone.now()
    round.status = Round.Status.PAIRED
    round.started_at = now
    round.ends_at = now + timedelta(minutes=round.minutes) if round.minutes else None
    round.save()
    _finish_round_if_complete(round)
    return round


def _swiss_pairings(tournament, round, registrations):
    standings = selectors.standings(tournament=tournament)
    rank = {s.player: s.rank for s in standings}
    points = {s.player: s.points for s in standings}
    opponents: dict[str, list[str]] = {name: [] for name in registrations}
    had_bye: set[str] = set()
    for a, b in Match.objects.filter(round__tournament=tournament).values_list(
        "player_a__player__username", "player_b__player__username"
    ):
        if b is None:
            had_bye.add(a)
        else:
            opponents[a].append(b)
            opponents[b].append(a)
    active = [
        PlayerRecord(
            id=name,
            points=points.get(name, 0),
            rank=rank.get(name, len(rank) + 1),
            opponents=tuple(opponents[name]),
            had_bye=name in had_bye,
        )
        for name, registration in registrations.items()
        if not registration.dropped and registration.joined_round <= round.number
    ]
    if not active:
        raise Conflict("No active players are left to pair.", code="no_players")
    result = pair_round(active, seed=round.seed)
    round.rematches, round.pair_downs = result.rematches, result.pair_downs
    return [(p.player_a, p.player_b, p.explanation, p.is_rematch) for p in result.pairings]


def _top_cut_pairings(tournament, round, registrations):
    previous = tournament.rounds.filter(kind=Round.Kind.TOP_CUT, number__lt=round.number)
    if not previous.exists():
        seeds = [s.player for s in selectors.standings(tournament=tournament)]
        bracket = top_cut_pairings(seeds, tournament.top_cut)
    else:
        last = previous.order_by("-number").first()
        matches = list(selectors.round_pairings(round=last))
        bracket_matches = [
            TopCutMatch(m.table, 0, m.player_a.player.username, 0, m.player_b.player.username)
            for m in matches
        ]
        winners = [
            m.player_a.player.username if m.a_wins > m.b_wins else m.player_b.player.username
            for m in matches
        ]
        bracket = next_top_cut_round(bracket_matches, winners)
    return [
        (
            m.player_a,
            m.player_b,
            f"top cut: seed {m.seed_a} v seed {m.seed_b}"
            if m.seed_a
            else "top cut: winners of the previous matches",
            False,
        )
        for m in bracket
    ]


def _finish_round_if_complete(round: Round) -> None:
    # Two matches confirmed at once (two workers finishing the last games) must not both see
    # the other still playing: the round's row lock orders them, and the second one's query
    # then sees the first one's confirmation.
    Round.objects.select_for_update().filter(pk=round.pk).first()
    if round.matches.exclude(status=Match.Status.CONFIRMED).exists():
        return
    round.status = Round.Status.FINISHED
    round.save(update_fields=["status"])
    tournament = round.tournament
    swiss_done = tournament.rounds.filter(
        kind=Round.Kind.SWISS, status=Round.Status.FINISHED
    ).count()
    final_played = round.kind == Round.Kind.TOP_CUT and round.matches.count() == 1
    no_cut_over = not tournament.top_cut and swiss_done >= (tournament.swiss_rounds or 0)
    if final_played or no_cut_over:
        Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)


# --- matches -----------------------------------------------------------------------------------


def seat_of(match: Match, user) -> protocol.Seat | None:
    if not user.is_authenticated:
        return None
    if match.player_a.player_id == user.pk:
        return "a"
    if match.player_b is not None and match.player_b.player_id == user.pk:
        return "b"
    return None


def _lock_match(match: Match) -> Match:
    return (
        Match.objects.select_for_update(of=("self",))
        .select_related("round__tournament", "player_a__player", "player_b__player")
        .get(pk=match.pk)
    )


def _participant(match: Match, actor) -> tuple[protocol.Seat | None, bool]:
    """The actor's seat and whether they act as a judge; refuses everyone else."""
    seat = seat_of(match, actor)
    judge = selectors.is_judge(match.round.tournament, actor)
    if seat is None and not judge:
        raise Forbidden(
            "Only the match's players, its judges and the organizer can do that.",
            code="not_in_match",
        )
    return seat, judge


def _state(match: Match) -> protocol.MatchState:
    if match.state is None:
        raise Conflict("A bye has no games to report.", code="bye")
    return protocol.from_dict(match.state)


def _apply(match: Match, change) -> protocol.MatchState:
    try:
        state = change(_state(match))
    except protocol.ProtocolError as exc:
        raise Conflict(exc.message, code=str(exc.code), rule=exc.rule) from None
    match.state = protocol.as_dict(state)
    return state


def _refuse_if_confirmed(match: Match) -> None:
    if match.status == Match.Status.CONFIRMED:
        raise Conflict("This match's result is already confirmed.", code="match_over")
    if match.round.tournament.automated:
        # Only the engine plays an automated match's games; a judge may still enter or
        # override the match result (match_result_report).
        raise Conflict(
            "The game engine plays this match's games; a judge can enter the match result.",
            code="automated_match",
        )


@transaction.atomic
def match_choose_lead(*, match: Match, actor, lead: bool) -> Match:
    match = _lock_match(match)
    seat, judge = _participant(match, actor)
    _refuse_if_confirmed(match)
    chooser = protocol.who_chooses(_state(match))
    # A judge may record the choice for the player whose choice it is.
    acting = chooser if judge and seat != chooser else seat
    if acting is None:
        raise Conflict("No choice of who leads is pending.", code="no_choice_pending")
    _apply(match, lambda s: protocol.choose_lead(s, acting, lead))
    match.save(update_fields=["state", "updated_at"])
    return match


@transaction.atomic
def match_game_report(*, match: Match, actor, winner: str | None) -> Match:
    """A player says who won the game in progress (a username, or None for a drawn game).

    When both players have said the same, the game is recorded; when they differ, the match
    goes to the judge queue. A judge's or the organizer's report is recorded at once and logged.
    """
    match = _lock_match(match)
    seat, judge = _participant(match, actor)
    _refuse_if_confirmed(match)
    winner_seat = _winner_seat(match, winner)
    state = _state(match)
    if state.phase is not protocol.Phase.PLAYING:
        _apply(match, lambda s: protocol.record_game(s, winner_seat))  # explains the wait
    game = state.game_number
    code = winner_seat or "draw"
    if seat is None:  # a judge or the organizer enters the game
        _apply(match, lambda s: protocol.record_game(s, winner_seat))
        _log_override(
            match,
            actor,
            before=None,
            after={"game": game, "winner": winner},
            note=f"game {game} entered by a judge",
        )
        Report.objects.filter(match=match, game=game).delete()
        match.status = Match.Status.PLAYING
        match.save()
        return match
    try:
        with transaction.atomic():
            Report.objects.create(match=match, reporter=actor, game=game, winner=code)
    except IntegrityError:
        raise Conflict(f"You have already reported game {game}.", code="already_reported") from None
    other = Report.objects.filter(match=match, game=game).exclude(reporter=actor).first()
    if other is not None:
        if other.winner == code:
            state = _apply(match, lambda s: protocol.record_game(s, winner_seat))
            match.status = Match.Status.PLAYING
            if protocol.phase(state) is protocol.Phase.OVER:
                # Both players agreed on every game, so they agree on the match.
                final = protocol.result(state)
                _confirm(match, final.a_wins, final.b_wins, final.draws)
                return match
        else:
            match.status = Match.Status.DISPUTED
    match.save()
    return match


def _winner_seat(match: Match, winner: str | None) -> protocol.Seat | None:
    if winner is None:
        return None
    if match.player_a.player.username.lower() == winner.lower():
        return "a"
    if match.player_b is not None and match.player_b.player.username.lower() == winner.lower():
        return "b"
    raise Refusal(f"{winner!r} is not playing in this match.", code="invalid_winner")


@transaction.atomic
def match_lock(*, match: Match, actor, out: list[str], in_: list[str]) -> Match:
    """Lock a lock-and-show selection. Only the player themself locks their own swap."""
    match = _lock_match(match)
    seat = seat_of(match, actor)
    if seat is None:
        raise Forbidden(
            "Only a player in this match can lock their own selection.", code="not_in_match"
        )
    _refuse_if_confirmed(match)
    _apply(match, lambda s: protocol.lock(s, seat, out, in_))
    match.save(update_fields=["state", "updated_at"])
    return match


def _check_result(match: Match, a_wins: int, b_wins: int, draws: int) -> None:
    for value in (a_wins, b_wins, draws):
        if not isinstance(value, int) or value < 0:
            raise Refusal("Game counts are whole numbers of 0 or more.", code="invalid_result")
    if max(a_wins, b_wins) > 2 or (a_wins == 2 and b_wins == 2):
        raise Refusal(
            f"{a_wins}-{b_wins} is impossible in a best-of-three: a match ends when a "
            "player has two game wins.",
            code="invalid_result",
        )
    if draws > 3:
        raise Refusal(
            "More than three drawn games is not a real match result.", code="invalid_result"
        )
    if match.round.kind == Round.Kind.TOP_CUT and a_wins == b_wins:
        raise Refusal(
            "A top-cut match cannot end in a draw: play until someone wins two games.",
            code="invalid_result",
        )


@transaction.atomic
def match_result_report(*, match: Match, actor, a_wins: int, b_wins: int, draws: int) -> Match:
    """Report the match result. Two agreeing player reports confirm it; disagreeing ones go to
    the judge queue. A judge or the organizer confirms (or overrides) at once, and it is logged.
    """
    match = _lock_match(match)
    seat, judge = _participant(match, actor)
    if match.player_b is None:
        raise Conflict("A bye is already a confirmed 2-0 win.", code="bye")
    _check_result(match, a_wins, b_wins, draws)
    if seat is None:  # a judge or the organizer enters or overrides the result
        before = _result_dict(match) if match.status == Match.Status.CONFIRMED else None
        _confirm(match, a_wins, b_wins, draws)
        _log_override(
            match,
            actor,
            before=before,
            after={"a_wins": a_wins, "b_wins": b_wins, "draws": draws},
            note="result entered by a judge" if before is None else "result changed",
        )
        return match
    _refuse_if_confirmed(match)
    Report.objects.update_or_create(
        match=match,
        reporter=actor,
        game=Report.MATCH,
        defaults={"a_wins": a_wins, "b_wins": b_wins, "draws": draws},
    )
    reports = list(Report.objects.filter(match=match, game=Report.MATCH))
    if len(reports) == 2:
        if len({(r.a_wins, r.b_wins, r.draws) for r in reports}) == 1:
            _confirm(match, a_wins, b_wins, draws)
        else:
            match.status = Match.Status.DISPUTED
            match.save(update_fields=["status", "updated_at"])
    return match


def _result_dict(match: Match) -> dict:
    return {"a_wins": match.a_wins, "b_wins": match.b_wins, "draws": match.draws}


def _confirm(match: Match, a_wins: int, b_wins: int, draws: int) -> None:
    match.a_wins, match.b_wins, match.draws = a_wins, b_wins, draws
    match.status = Match.Status.CONFIRMED
    match.confirmed_at = timezone.now()
    match.save()
    _finish_round_if_complete(match.round)


def _log_override(match: Match, actor, *, before, after, note: str) -> None:
    ResultOverride.objects.create(match=match, actor=actor, before=before, after=after, note=note)


@transaction.atomic
def match_extend(*, match: Match, actor, minutes: int) -> Match:
    """A judge gives one match extra time (the round clock is the server's)."""
    match = _lock_match(match)
    _require_judge(match.round.tournament, actor)
    if not 1 <= minutes <= MAX_EXTENSION_MINUTES:
        raise Refusal(
            f"An extension is 1 to {MAX_EXTENSION_MINUTES} minutes.", code="invalid_extension"
        )
    _refuse_if_confirmed(match)
    match.extra_minutes += minutes
    match.save(update_fields=["extra_minutes", "updated_at"])
    return match


# --- automated events: the engine plays the games ----------------------------------------------

# A Swiss match whose games keep being drawn ends on the score after this many games (Product
# decision, Time: as if time had been called); random bots draw about one game in 30.
MAX_AUTOMATED_GAMES = 5


def _enqueue_game(match_id: int, number: int) -> None:
    from .tasks import adjudicate_game_task

    transaction.on_commit(lambda: adjudicate_game_task.delay(match_id, number))


def _bots(kind: str, seed: int, cards) -> tuple:
    """Fresh bots for one game, seeded from the game's seed, so a rerun plays the same game."""
    if kind == Tournament.Bot.RANDOM:
        return RandomBot(seed * 2), RandomBot(seed * 2 + 1)
    return HeuristicBot(seed * 2, cards), HeuristicBot(seed * 2 + 1, cards)


def game_adjudicate(*, match_id: int, number: int, timed_out: bool = False) -> str:
    """Play game `number` of an automated match with the engine and record it exactly once.

    The bots choose the lead and lock, then the game is played outside any transaction: it is
    pure and seeded by the match seed and the game number, so playing it again (a worker lost
    mid-game, a message delivered twice) gives the identical game. Recording is one transaction
    (`_game_record`). `timed_out` records the game as drawn, unplayed: the task's time limit
    ran out (Product decision, Time: an unfinished game is a drawn game).

    Returns what happened: "recorded", "already_recorded" or "match_over".
    """
    match = Match.objects.select_related("round__tournament").get(pk=match_id)
    tournament = match.round.tournament
    if not tournament.automated or match.state is None:
        raise ValueError(f"match {match_id} is not an automated match with games")
    if match.status == Match.Status.CONFIRMED:
        return "match_over"
    state = protocol.from_dict(match.state)
    if len(state.games) >= number:
        return "already_recorded"
    if len(state.games) != number - 1:
        raise ValueError(f"match {match_id} has {len(state.games)} games; {number} is not next")
    cards = deck_selectors.card_index()
    seed = game_seed(state)
    bots = _bots(tournament.bot, seed, cards)
    if timed_out:
        after = protocol.record_game(take_decisions(state, bots), None)
        row = {"winner": "", "reason": "time_limit", "rounds": 0, "actions": 0, "log": ""}
    else:
        fmt = get_format(tournament.format)
        after, game = play_next_game(state, cards, bots, fmt=fmt)
        row = {
            "winner": game.winner or "",
            "reason": game.reason or "",
            "rounds": game.rounds,
            "actions": len(game.log.actions),
            "log": game.log.dumps(),
        }
    return _game_record(match_id, number, seed, match.state, after, row)


@transaction.atomic
def _game_record(
    match_id: int, number: int, seed: int, read: dict, after: protocol.MatchState, row: dict
) -> str:
    """Store a played game and the match's next protocol state together, under the match's
    row lock. The EngineGame row is the "exactly once" guard: a concurrent rerun of the same
    game finds the match moved on, or fails on the unique (match, number)."""
    match = _lock_match(Match(pk=match_id))
    if match.status == Match.Status.CONFIRMED:
        return "match_over"
    if match.state != read:
        # Someone recorded this game first (a rerun that raced this one).
        return "already_recorded"
    try:
        with transaction.atomic():
            EngineGame.objects.create(match=match, number=number, seed=seed, **row)
    except IntegrityError:
        return "already_recorded"
    if (
        protocol.phase(after) is not protocol.Phase.OVER
        and not after.top_cut
        and len(after.games) >= MAX_AUTOMATED_GAMES
    ):
        after = protocol.call_time(after)
    match.state = protocol.as_dict(after)
    if protocol.phase(after) is protocol.Phase.OVER:
        final = protocol.result(after)
        _confirm(match, final.a_wins, final.b_wins, final.draws)  # the human path's confirmation
    else:
        match.save(update_fields=["state", "updated_at"])
        _enqueue_game(match.pk, number + 1)
    return "recorded"
