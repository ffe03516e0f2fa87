"""The tournaments' Prometheus metrics (docs/deployment.md, Metrics): how long each round took to
pair, and the games the engine adjudicated and how long they took, recorded by the services.
The work waiting longer than expected is read from the database when /metrics is read
(tournaments.stuck_work, above the services it asks)."""

from prometheus_client import Counter, Histogram

PAIRING_SECONDS = Histogram(
    "genesis_round_pairing_seconds",
    "Time to pair a round and write its matches, by kind of round (swiss, top_cut)",
    ["kind"],
    buckets=(0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
)
PAIRING_DELAY_SECONDS = Histogram(
    "genesis_round_pairing_delay_seconds",
    "Time from a round's start by the organizer to its pairings (queue wait included)",
    ["kind"],
    buckets=(0.5, 1, 2.5, 5, 10, 30, 60, 120, 300),
)
GAMES_ADJUDICATED = Counter(
    "genesis_games_adjudicated",
    "Games the engine played and recorded, by bot; outcome: played or time_limit (drawn)",
    ["bot", "outcome"],
)
GAME_SECONDS = Histogram(
    "genesis_game_adjudication_seconds",
    "Time the engine took to play one game, by bot",
    ["bot"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 60, 90),
)
