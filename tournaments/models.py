"""Events, their judges and registrations, rounds, matches, reports and the override log.

The maths (pairings, standings, the best-of-three protocol) lives in pure modules:
tournaments.core.pairing, tournaments.core.standings and rules.core.match. Services load and save around them.
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower

from rules.core import match as protocol
from rules.core.engine import ENDING_RULES


def new_seed() -> int:
    return secrets.randbelow(2**31)


class Tournament(models.Model):
    class Bot(models.TextChoices):
        RANDOM = "random", "Random legal actions"
        HEURISTIC = "heuristic", "Heuristic"

    class Status(models.TextChoices):
        REGISTRATION = "registration", "Registration open"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    class Decklists(models.TextChoices):
        HIDDEN = "hidden", "Hidden"
        TOP_CUT = "top_cut", "Published for the top cut"
        ALL = "all", "Published"

    class TeamPlay(models.TextChoices):
        """Titans of Eden's team modes: teams of players with two seats each; a team is one
        entrant (a registration) for pairings and standings. A Two-Arena game is two teams (a
        Match); a Three-Arena game seats three teams at once (a Pod, docs/events.md)."""

        NONE = "", "Players, one against one"
        TWO_ARENA = "two_arena", "Two-Arena teams"
        THREE_ARENA = "three_arena", "Three-Arena teams"

    name = models.CharField(max_length=120)
    # What players see on the event list and page before they come.
    date = models.DateTimeField(null=True, blank=True, help_text="Date and start time.")
    venue = models.CharField(max_length=200, blank=True)
    description = models.TextField(max_length=4000, blank=True)
    capacity = models.PositiveIntegerField(null=True, blank=True)  # None: no limit
    # The event's game (rules.core.games) and one of that game's formats.
    game = models.CharField(max_length=40, default="genesis")
    format = models.CharField(max_length=40, default="genesis-standard")
    # Match settings, copied from the format when the event is created; the organizer may
    # change them before the start (tournaments.services.event_settings).
    best_of = models.PositiveSmallIntegerField(default=3)
    sideboarding = models.BooleanField(default=True)
    first_player = models.CharField(max_length=20, default="random-then-loser")
    # Titans of Eden: the rulebook states no copy limit, so it is an event setting, off (None).
    copy_limit = models.PositiveSmallIntegerField(null=True, blank=True)
    team_play = models.CharField(
        max_length=12, choices=TeamPlay.choices, default=TeamPlay.NONE, blank=True
    )
    organizer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organized_tournaments"
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.REGISTRATION)
    # Requested by the organizer; None means the MTR Appendix E default, fixed at start.
    rounds_requested = models.PositiveSmallIntegerField(null=True, blank=True)
    swiss_rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    top_cut = models.PositiveSmallIntegerField(default=0)
    # A multi-day event's phase plan (tournaments.core.phases, its JSON shape); None: one Swiss
    # phase, the `rounds_requested` and `top_cut` shorthand. When set, `rounds_requested` and
    # `top_cut` are what the plan adds up to, written with it (services.tournament_create), so
    # the round machinery reads them as it does for a one-phase event.
    phases = models.JSONField(null=True, blank=True)
    round_minutes = models.PositiveSmallIntegerField(default=50)
    # Players may still register before this Swiss round is paired (0: not after the start).
    late_registration_until = models.PositiveSmallIntegerField(default=0)
    decklists = models.CharField(max_length=10, choices=Decklists.choices, default=Decklists.HIDDEN)
    # Automated: the organizer enters decks, each played by a bot; the engine plays the matches
    # in Celery workers (tournaments.tasks.adjudicate_game_task).
    automated = models.BooleanField(default=False)
    bot = models.CharField(max_length=10, choices=Bot.choices, default=Bot.HEURISTIC)
    seed = models.BigIntegerField(default=new_seed)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    # Bumped in the same transaction as every write that changes the pairings or the standings
    # (tournaments.services.snapshots): the cached snapshots of both are keyed by it, so a
    # snapshot computed before a change is never read after the change commits.
    snapshot_version = models.PositiveBigIntegerField(default=0, editable=False)
    # Check-in (tournaments.services.check_in): the code players type or scan at the venue
    # ("" until the organizer sets the window), the window (no end: it closes when round 1 is
    # paired), and whether players not checked in are dropped at round 1's pairing.
    check_in_code = models.CharField(max_length=6, blank=True)
    check_in_opens_at = models.DateTimeField(null=True, blank=True)
    check_in_closes_at = models.DateTimeField(null=True, blank=True)
    drop_unchecked = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(condition=Q(top_cut__in=[0, 4, 8]), name="tournament_top_cut"),
            models.CheckConstraint(condition=Q(round_minutes__gte=1), name="tournament_minutes"),
            models.CheckConstraint(
                condition=Q(best_of__in=[1, 3, 5, 7]), name="tournament_best_of"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Judge(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="judges")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="judging"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="judge_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} judges {self.tournament}"


class Registration(models.Model):
    """A player in an event: an account, or a walk-in (a guest, by name) whom the organizer
    registered; a guest can later be linked to an account. Pairings, standings, placings and
    penalties name the registration, never the account, so renaming an account changes
    nothing in an event."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="registrations",
    )
    guest_name = models.CharField(max_length=60, blank=True)
    # rules.core.decklist.decklist_to_json(); frozen once the event starts. Empty for a team:
    # its players' spellbooks are on its seats.
    decklist = models.JSONField()
    # Limited events: the cards the player opened or drafted, as decklist_to_json(); the deck
    # must come from it. Entered by the organizer (or generated in a demo); None otherwise.
    pool = models.JSONField(null=True, blank=True)
    # A team (Titans of Eden team play): `guest_name` is the team's name, and its players sit
    # on TeamSeat rows.
    is_team = models.BooleanField(default=False)
    champion = models.CharField(max_length=120, blank=True)
    deck_key = models.CharField(max_length=16, blank=True)
    frozen = models.BooleanField(default=False)
    # The first Swiss round the player plays; earlier rounds are 0-2 late-entry losses.
    joined_round = models.PositiveSmallIntegerField(default=1)
    # The last round after which the player dropped; None while still in.
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # When the player asked for an e-mail at each new round (None: they did not): rounds paired
    # from then on are mailed (services.round_emails), never one paired before they asked.
    round_emails_since = models.DateTimeField(null=True, blank=True)
    # The table the organizer keeps for this player in every round (an accessible seat), whoever
    # they play (tournaments.core.seating); None: seated by the pairings' order.
    fixed_table = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="registration_unique"),
            # Two players never hold the same fixed table, so each keeps theirs.
            models.UniqueConstraint(
                fields=["tournament", "fixed_table"],
                condition=Q(fixed_table__isnull=False),
                name="registration_unique_fixed_table",
            ),
            models.CheckConstraint(
                condition=Q(fixed_table__isnull=True) | Q(fixed_table__gte=1),
                name="registration_fixed_table_positive",
            ),
            models.UniqueConstraint(
                Lower("guest_name"),
                "tournament",
                condition=~Q(guest_name=""),
                name="registration_unique_guest",
            ),
            # An account or a guest's name: exactly one of the two.
            models.CheckConstraint(
                condition=(Q(player__isnull=False) & Q(guest_name=""))
                | (Q(player__isnull=True) & ~Q(guest_name="")),
                name="registration_player_or_guest",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} in {self.tournament}"

    @property
    def name(self) -> str:
        """How the event names this player: the account's username, or the guest's name."""
        return self.player.username if self.player is not None else self.guest_name

    @property
    def is_guest(self) -> bool:
        return self.player_id is None and not self.is_team

    @property
    def dropped(self) -> bool:
        return self.dropped_after_round is not None

    @property
    def email_each_round(self) -> bool:
        return self.round_emails_since is not None


class WaitlistEntry(models.Model):
    """A player waiting for a place in a full event, with the decklist they registered with.
    When a place frees before the start, the first in line is registered (promoted) if the
    list is still legal in the event's format, or skipped with the reason; either way the entry
    stays, so the player is told what happened (docs/tournaments.md, Waitlist)."""

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting"
        PROMOTED = "promoted", "Registered from the waitlist"
        SKIPPED = "skipped", "Skipped"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="waitlist")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="waitlist_entries"
    )
    decklist = models.JSONField()  # rules.core.decklist.decklist_to_json(), as registered
    champion = models.CharField(max_length=120, blank=True)
    deck_key = models.CharField(max_length=16, blank=True)
    # The order of the line: the lowest goes first (ties by id). Not a player's place: that is
    # their rank among the waiting entries (selectors.waitlist_position).
    position = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    # Why a promotion was skipped, in plain English, with each rule the deck broke.
    reason = models.CharField(max_length=300, blank=True)
    errors = models.JSONField(default=list, blank=True)
    # The registration a promotion made (None while waiting, when skipped, or once withdrawn).
    registration = models.OneToOneField(
        Registration,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="waitlist_entry",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "position", "id"]
        constraints = [
            # A player waits in one place of an event's line at a time.
            models.UniqueConstraint(
                fields=["tournament", "player"],
                condition=Q(status="waiting"),
                name="waitlist_one_place_per_player",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} waiting for {self.tournament}"


class CheckIn(models.Model):
    """A registration checked in at the venue: by the player with the event's code, or by the
    organizer or a judge (a walk-in, guests included). One per registration (unique), so two
    check-ins at once are one."""

    registration = models.OneToOneField(
        Registration, on_delete=models.CASCADE, related_name="check_in"
    )
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    by_code = models.BooleanField(default=True)  # False: checked in by the organizer or a judge
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.registration.name} checked in"


class NoShowDrop(models.Model):
    """The log of players dropped at round 1's pairing because they had not checked in (the
    event's `drop_unchecked`); the player's event page says so."""

    registration = models.OneToOneField(
        Registration, on_delete=models.CASCADE, related_name="no_show_drop"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.registration.name} dropped: not checked in"


class TeamSeat(models.Model):
    """One arena of a team: who plays there (an account or a walk-in's name) with which
    spellbook. A player on a one-person team sits in two arenas, with a spellbook for each
    (Titans of Eden, Constructed Format › Official Rules)."""

    team = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="seats")
    arena = models.PositiveSmallIntegerField()
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="team_seats",
    )
    guest_name = models.CharField(max_length=60, blank=True)
    spellbook = models.JSONField(null=True, blank=True)  # decklist_to_json(); None: classic play

    class Meta:
        ordering = ["team", "arena"]
        constraints = [
            models.UniqueConstraint(fields=["team", "arena"], name="team_seat_unique_arena"),
            models.CheckConstraint(condition=Q(arena__in=[1, 2, 3]), name="team_seat_arena"),
            models.CheckConstraint(
                condition=(Q(player__isnull=False) & Q(guest_name=""))
                | (Q(player__isnull=True) & ~Q(guest_name="")),
                name="team_seat_player_or_guest",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} in arena {self.arena} for {self.team.name}"

    @property
    def name(self) -> str:
        return self.player.username if self.player is not None else self.guest_name


class Round(models.Model):
    class Kind(models.TextChoices):
        SWISS = "swiss", "Swiss"
        TOP_CUT = "top_cut", "Top cut"

    class Status(models.TextChoices):
        PAIRING = "pairing", "Pairing"
        PAIRED = "paired", "Paired"
        FINISHED = "finished", "Finished"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.SWISS)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PAIRING)
    seed = models.BigIntegerField(default=new_seed)
    minutes = models.PositiveSmallIntegerField(null=True, blank=True)  # None: untimed (top cut)
    started_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    rematches = models.PositiveSmallIntegerField(default=0)
    pair_downs = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            # A round is paired exactly once: the second attempt to create it fails here.
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class Match(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", "Playing"
        DISPUTED = "disputed", "Reports disagree: waiting for a judge"
        CONFIRMED = "confirmed", "Confirmed"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveIntegerField()
    player_a = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    explanation = models.CharField(max_length=300, blank=True)
    is_rematch = models.BooleanField(default=False)
    # Whose fixed seat this table is ("a" or "b": tournaments.core.seating), "" for none.
    fixed_seat = models.CharField(max_length=1, blank=True, default="")
    # rules.core.match.MatchState.as_dict(): games, leads, locks; None for a bye.
    state = models.JSONField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    a_wins = models.PositiveSmallIntegerField(null=True, blank=True)
    b_wins = models.PositiveSmallIntegerField(null=True, blank=True)
    draws = models.PositiveSmallIntegerField(null=True, blank=True)
    extra_minutes = models.PositiveSmallIntegerField(default=0)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="match_unique_table"),
            models.UniqueConstraint(fields=["round", "player_a"], name="match_unique_player_a"),
            models.UniqueConstraint(fields=["round", "player_b"], name="match_unique_player_b"),
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.table}"


class Pod(models.Model):
    """A Titans of Eden Three-Arena game: three teams at one table, in standings order (A, B, C),
    each seated in two of its three arenas (tournaments.core.pairing.POD_ARENAS). A two-sided
    Match cannot hold it. The result is the winning team, or none (a judge's entry when the
    game was stopped without a winner); the rulebook defines no placements (L365, L398)."""

    class Status(models.TextChoices):
        PLAYING = "playing", "Playing"
        DISPUTED = "disputed", "Reports disagree: waiting for a judge"
        CONFIRMED = "confirmed", "Confirmed"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pods")
    table = models.PositiveIntegerField()
    team_a = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="+")
    team_b = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="+")
    team_c = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="+")
    explanation = models.CharField(max_length=300, blank=True)
    repeats = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    # Set once confirmed; None then means no team won.
    winner = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="pod_unique_table"),
            models.UniqueConstraint(fields=["round", "team_a"], name="pod_unique_team_a"),
            models.UniqueConstraint(fields=["round", "team_b"], name="pod_unique_team_b"),
            models.UniqueConstraint(fields=["round", "team_c"], name="pod_unique_team_c"),
        ]

    def __str__(self) -> str:
        return f"{self.round} pod {self.table}"

    @property
    def teams(self) -> tuple[Registration, Registration, Registration]:
        return (self.team_a, self.team_b, self.team_c)

    @property
    def team_ids(self) -> tuple[int, int, int]:
        return (self.team_a_id, self.team_b_id, self.team_c_id)


class PodReport(models.Model):
    """What one team says won its pod (a team member reports for the team). One report per team
    (unique): a teammate's second report is refused, never counted as another team's."""

    pod = models.ForeignKey(Pod, on_delete=models.CASCADE, related_name="reports")
    team = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    winner = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pod", "created_at"]
        constraints = [
            models.UniqueConstraint(fields=["pod", "team"], name="pod_report_unique_team"),
        ]

    def __str__(self) -> str:
        return f"{self.team} on {self.pod}"


class Report(models.Model):
    """What one player says happened: game N (`game` >= 1) or the whole match (`game` 0)."""

    MATCH = 0

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    game = models.PositiveSmallIntegerField(default=MATCH)
    # For a game: "a", "b" or "draw". For the match: the counts.
    winner = models.CharField(max_length=4, blank=True)
    a_wins = models.PositiveSmallIntegerField(null=True, blank=True)
    b_wins = models.PositiveSmallIntegerField(null=True, blank=True)
    draws = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "reporter", "game"], name="report_unique_game"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.reporter} on {self.match}, game {self.game or 'match'}"


class ResultOverride(models.Model):
    """The log of every result a judge or the organizer entered or changed."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="overrides")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField()
    note = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.actor} changed {self.match}"


class PodOverride(models.Model):
    """The log of every Three-Arena pod result a judge or the organizer entered or changed (a
    pod is not a Match, so ResultOverride cannot hold it)."""

    pod = models.ForeignKey(Pod, on_delete=models.CASCADE, related_name="overrides")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    # {"status", "winner"}: the winning team's name, or None (no result yet, or no team won)
    before = models.JSONField()
    after = models.JSONField()
    note = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.actor} entered {self.pod}"


class Penalty(models.Model):
    """A penalty a judge or the organizer gave, on the MTR / IPG ladder. A game or match loss
    goes through the match protocol; a disqualification also drops the player."""

    class Kind(models.TextChoices):
        WARNING = "warning", "Warning"
        GAME_LOSS = "game_loss", "Game loss"
        MATCH_LOSS = "match_loss", "Match loss"
        DISQUALIFICATION = "disqualification", "Disqualification"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="penalties")
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="penalties"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    infraction = models.CharField(max_length=120)
    # The IPG infraction picked from tournaments.core.infractions (empty for a free-text one
    # given through the API), and why the penalty differs from its default, if it does.
    code = models.CharField(max_length=40, blank=True)
    reason = models.CharField(max_length=300, blank=True)
    note = models.CharField(max_length=500, blank=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.registration.name}"


class EngineGame(models.Model):
    """One game of an automated match, played by the engine. Its row is written in the same
    transaction as the match's protocol state, so a game has a result exactly when it has a row;
    the unique (match, number) makes a rerun of the same game unable to record it twice."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="engine_games")
    number = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField()
    winner = models.CharField(max_length=1, blank=True)  # "a", "b", or "" for a drawn game
    reason = models.CharField(max_length=20, blank=True)  # rules.core.engine GameResult.reason
    rounds = models.PositiveSmallIntegerField(default=0)
    actions = models.PositiveIntegerField(default=0)  # logged actions: the replay's last step
    log = models.TextField(blank=True)  # rules.core.engine GameLog.dumps(); empty if time ran out
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="engine_game_unique"),
            models.CheckConstraint(
                condition=Q(winner__in=["a", "b", ""]), name="engine_game_winner"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match}, game {self.number}"

    @property
    def rule(self) -> str:
        """The rule behind how the game ended, as its replay cites it ("" for no known reason).
        A game whose task ran out of time (tournaments.services.automated) is a drawn game by
        the match's time rule; every other reason is the engine's."""
        if self.reason == "time_limit":
            return protocol.TIME_RULE
        return ENDING_RULES.get(self.reason, "")


class RoundEmail(models.Model):
    """A round's e-mail to one player who asked for it (Registration.round_emails_since): the
    record that makes it go out once. Made (claimed) before the mail is handed to the SMTP
    server and marked sent after, one per round and player (unique), so two runs of the task
    (a retry, the resend sweep) never both send it. A claim whose sending the SMTP server
    refused outright is deleted, so a retry sends it; one whose outcome is unknown (a worker
    killed mid-send) stays `sending`: a lost e-mail is better than a doubled one, since the
    event page and the browser notification say the same."""

    class Status(models.TextChoices):
        SENDING = "sending", "Being sent"
        SENT = "sent", "Sent"
        REFUSED = "refused", "Address refused by the mail server"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="emails")
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="round_emails"
    )
    address = models.EmailField()  # where it went: the account's address when it was sent
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "id"]
        constraints = [
            models.UniqueConstraint(fields=["round", "registration"], name="round_email_once"),
        ]

    def __str__(self) -> str:
        return f"round {self.round_id} e-mail to {self.address} ({self.status})"


class DeckCheck(models.Model):
    """A judge's deck check of one table of the current round: both players' decks are taken and
    checked against their registered decklists (a mismatch is IPG 3.5 Deck Problem). While it
    runs the table does not play; its end adds the minutes it took to the match's time, once,
    and says whether the decks matched. One running check per match at a time (unique while not ended),
    so two judges starting a check of the same table at once make one."""

    class Outcome(models.TextChoices):
        OK = "ok", "Decks match their decklists"
        DISCREPANCY = "discrepancy", "Discrepancy"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deck_checks")
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    started_at = models.DateTimeField()
    # Set together when the check ends.
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    ended_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=12, choices=Outcome.choices, blank=True)
    # The player whose deck did not match (a discrepancy only).
    player = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    note = models.CharField(max_length=500, blank=True)
    # What the end added to the match's extra minutes: the check's duration rounded up to whole
    # minutes, less whatever the match's extension limit or a result already in left no room for.
    minutes_added = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["started_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["match"],
                condition=Q(ended_at__isnull=True),
                name="deck_check_one_running_per_match",
            ),
            models.CheckConstraint(
                condition=(Q(ended_at__isnull=True) & Q(outcome=""))
                | (Q(ended_at__isnull=False) & Q(outcome__in=["ok", "discrepancy"])),
                name="deck_check_outcome_when_ended",
            ),
        ]

    def __str__(self) -> str:
        return f"deck check of {self.match}"

    @property
    def running(self) -> bool:
        return self.ended_at is None


class JudgeCall(models.Model):
    """A judge called to a match's table: by one of its players (the match page's "Call a
    judge"), or opened by a judge or the organizer for a table that flagged them on the floor.
    A judge claims it (on the way) and resolves it with a ruling that cites the rules lookup's
    sections, and may give the match extra time for it. At most one call of a match is
    unresolved at a time (unique), so two presses of the button are one call."""

    class Status(models.TextChoices):
        OPEN = "open", "Waiting for a judge"
        CLAIMED = "claimed", "A judge is coming"
        RESOLVED = "resolved", "Resolved"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="judge_calls")
    caller = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    # The seat of the player who called ("a" or "b"); blank when a judge opened it.
    seat = models.CharField(max_length=1, blank=True)
    note = models.CharField(max_length=500, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    claimed_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    resolved_at = models.DateTimeField(null=True, blank=True)
    ruling = models.TextField(max_length=2000, blank=True)
    # The cited sections of the rules lookup, each as "document-slug/anchor" (the tail of its
    # page address, as rulings cite a section: rules.selectors.sections_at).
    sections = models.JSONField(default=list, blank=True)
    # Extra minutes given for the call: also added to Match.extra_minutes (services.match_extend).
    extension_minutes = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["match"],
                condition=~Q(status="resolved"),
                name="judge_call_one_unresolved_per_match",
            ),
            models.CheckConstraint(condition=Q(seat__in=["a", "b", ""]), name="judge_call_seat"),
        ]

    def __str__(self) -> str:
        return f"judge call {self.pk} at {self.match}"


class PhaseAdvance(models.Model):
    """The organizer's confirmation of who goes on to a later Swiss phase
    (tournaments.services.phases). `phase` is the phase entered (2 for day 2); the players not
    advancing are dropped after `after_round` and keep their final place in the standings. The
    lists name registration ids, in standings order, as they stood when confirmed. Unique per
    phase: a second confirmation is refused, never doubled."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="phase_advances"
    )
    phase = models.PositiveSmallIntegerField()
    after_round = models.PositiveSmallIntegerField()
    advancing = models.JSONField()
    not_advancing = models.JSONField()
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    confirmed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "phase"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "phase"], name="phase_advance_once"),
            models.CheckConstraint(condition=Q(phase__gte=2), name="phase_advance_later_phase"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} phase {self.phase}"


class Series(models.Model):
    """A run of events scored together (a store's season, a league): points by each finished
    event's final placing, from `points_table` (tournaments.core.series: a list of
    `{"first", "last", "points"}` bands), plus `attendance_points` for each event played."""

    name = models.CharField(max_length=120)
    description = models.TextField(max_length=2000, blank=True)
    organizer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organized_series"
    )
    points_table = models.JSONField(default=list)
    attendance_points = models.PositiveSmallIntegerField(default=0)
    events: "models.ManyToManyField[Tournament, SeriesEvent]" = models.ManyToManyField(
        Tournament, through="SeriesEvent", related_name="series"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "series"

    def __str__(self) -> str:
        return self.name


class SeriesEvent(models.Model):
    """An event counted in a series; an event may count in several (a season and a league)."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="entries")
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="series_entries"
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["series", "id"]
        constraints = [
            models.UniqueConstraint(fields=["series", "tournament"], name="series_event_once"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} in {self.series}"


class PlayerPage(models.Model):
    """A player's choice about their player page (their events and results): `hidden` keeps it
    from everyone but themself and the organizers of their events (who see those events only).
    No row: the page is shown."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_page"
    )
    hidden = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.user}'s player page{' (hidden)' if self.hidden else ''}"
