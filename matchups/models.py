"""The matchup lab's jobs (docs/matchups.md): a job, the results of each chunk of its games, and
the games kept for replay.

The tables were decks_matchup, decks_matchupchunk and decks_matchupgame until the lab became
its own app (matchups/0001 renames them and keeps every row)."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from decks.models import Deck


class Matchup(models.Model):
    """A job of the matchup lab: `games` engine games between a deck (at one version) and an
    opponent, played by bots in chunks on the workers. The played games are counted in its
    chunks' rows (MatchupChunk), the one place the numbers live; the job holds the request
    and where it stands.

    A user's request is named by `request_key`, a hash of the decklists as they are, the games,
    the bot and the engine's version: at most one job per user and key that is not cancelled or
    failed, which is what makes a second request (or two at once) return the first job."""

    class Opponent(models.TextChoices):
        DECK = "deck", "Another deck"
        SAMPLE = "sample", "A sample timeline"
        FIELD = "field", "The field"

    class Bot(models.TextChoices):
        # As the automated events name them (tournaments.models.Tournament.Bot): one enum in the API.
        RANDOM = "random", "Random legal actions"
        HEURISTIC = "heuristic", "Heuristic"

    class Status(models.TextChoices):
        QUEUED = "queued", "Waiting for a worker"
        RUNNING = "running", "Playing"
        DONE = "done", "Done"
        CANCELLED = "cancelled", "Cancelled"
        FAILED = "failed", "Failed"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="matchups"
    )
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="matchups")
    deck_version = models.PositiveIntegerField()
    opponent_kind = models.CharField(max_length=10, choices=Opponent.choices)
    opponent_deck = models.ForeignKey(
        Deck, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    opponent_sample = models.CharField(max_length=120, blank=True)
    # [{"label", "key" (a deck's key, or ""), "version", "decklist"}]: the opponents as they
    # were when the job started (an opponent edited later does not change this job's games).
    opponents = models.JSONField()
    games = models.PositiveIntegerField()
    bot = models.CharField(max_length=20, choices=Bot.choices)
    seed = models.BigIntegerField()
    engine_version = models.PositiveIntegerField()
    # The rules of the cards both sides name, when the job started (matchups.core.lab.
    # cards_digest): a chunk that finds them changed by a re-import fails the job rather than
    # mix games on the old cards with games on the new. Blank on jobs from before it was kept.
    cards_digest = models.CharField(max_length=64, blank=True)
    request_key = models.CharField(max_length=64)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    error = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # When the sweep of pending work last sent its missing chunks again (matchup_resend): a job
    # waiting behind a long queue is resent once per STALE_AFTER, not at every sweep.
    resent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "request_key"],
                condition=~Q(status__in=["cancelled", "failed"]),
                name="matchup_one_live_job_per_request",
            ),
            models.CheckConstraint(
                condition=Q(games__gte=1, games__lte=2000), name="matchup_games_range"
            ),
        ]
        # Named as decks/0006 named it: the index moved with its table (matchups/0001).
        indexes = [
            models.Index(fields=["owner", "-created_at"], name="decks_match_owner_i_9765a1_idx")
        ]

    def __str__(self) -> str:
        return f"{self.deck} v{self.deck_version}: {self.games} games ({self.status})"


class MatchupChunk(models.Model):
    """The results of one chunk of a matchup's games (matchups.core.lab.chunks), written once
    by the task that played them: the unique (matchup, index) makes a redelivered task unable
    to count its games twice."""

    matchup = models.ForeignKey(Matchup, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    tally = models.JSONField()  # matchups.core.lab.Tally.as_json()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["matchup", "index"]
        constraints = [
            models.UniqueConstraint(fields=["matchup", "index"], name="matchup_chunk_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.matchup_id}, chunk {self.index}"


class MatchupGame(models.Model):
    """A game of a matchup kept for its replay (the first few of every job)."""

    matchup = models.ForeignKey(Matchup, on_delete=models.CASCADE, related_name="kept_games")
    number = models.PositiveIntegerField()  # 0-based, as the seeds count
    opponent = models.CharField(max_length=200)
    seed = models.BigIntegerField()
    winner = models.CharField(max_length=1, blank=True)  # "a" (the tested deck), "b" or ""
    reason = models.CharField(max_length=20, blank=True)  # rules.core.engine GameResult.reason
    rounds = models.PositiveSmallIntegerField(default=0)
    actions = models.PositiveIntegerField(default=0)  # logged actions: the replay's last step
    log = models.TextField()  # rules.core.engine GameLog.dumps()

    class Meta:
        ordering = ["matchup", "number"]
        constraints = [
            models.UniqueConstraint(fields=["matchup", "number"], name="matchup_game_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.matchup_id}, game {self.number + 1}"
