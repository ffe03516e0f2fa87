"""Memory of a Celery worker adjudicating automated games: its RSS must stay flat (under 10%
growth) across 1,000 games.

Run it with ./scripts/bench adjudication_memory (PostgreSQL and Redis, DATABASE_URL and
CELERY_BROKER_URL exported). It migrates a scratch database, imports the bundled cards, enters
ENTRANTS sample decks in an automated event played by random bots, and starts a real
`celery -A genesis worker --pool=solo` subprocess. Rounds are started one after another (the
worker pairs each one and plays every game of it, a task per game) until at least GAMES games
are recorded. The worker's VmRSS (/proc/<pid>/status) is read once GAMES_BASELINE games are
recorded and again at the end; the growth between them is the figure.

Without PostgreSQL and a Redis broker it prints why and does nothing.
"""

import argparse
import io
import os
import sys
import time
from pathlib import Path

from _setup import ROOT, machine, scratch_database, services_missing, use_database

GAMES = 1000
GAMES_BASELINE = 100
ENTRANTS = 100
TARGET_GROWTH = 10.0  # percent
DEADLINE_SECONDS = 3600


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--entrants", type=int, default=ENTRANTS)
    parser.add_argument("--bot", choices=["random", "heuristic"], default="random")
    args = parser.parse_args()
    if services_missing("adjudication_memory", " (run ./scripts/bench)"):
        return 0
    with scratch_database("bench_adjudication_memory") as url:
        use_database(url)
        return run(url, args)


def run(url: str, args) -> int:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from decks.services import read_decklist
    from genesis.celery import app
    from tests.support.worker import worker_process
    from tournaments import services
    from tournaments.models import EngineGame, Round

    app.control.purge()  # nothing left over from an earlier, interrupted run
    files = sorted(str(p) for p in (ROOT / "decks/cardsets").glob("*.json"))
    call_command("import_cards", *files, stdout=io.StringIO())
    org = get_user_model().objects.create_user("bench-org")
    event = services.tournament_create(
        organizer=org, name="Memory bench", rounds=20, automated=True, bot=args.bot
    )
    samples = sorted((ROOT / "decks/samples").glob("*.txt"))
    for index in range(args.entrants):
        path = samples[index % len(samples)]
        services.entrant_add(
            tournament=event,
            actor=org,
            name=f"{path.stem[:30]}-{index}",
            decklist=read_decklist(text=path.read_text()),
        )
    services.tournament_start(tournament=event, actor=org)

    log_path = Path(os.environ.get("TMPDIR", "/tmp")) / "adjudication_memory_worker.log"
    with worker_process(
        url,
        log_path,
        name="bench",
        settings="genesis.settings.local",
        loglevel="WARNING",
        env={"DEBUG": "0"},
    ) as worker:
        return measure(worker, event, org, args, services, EngineGame, Round, log_path)


def measure(worker, event, org, args, services, engine_game, round_model, log_path) -> int:
    deadline = time.monotonic() + DEADLINE_SECONDS
    started = time.monotonic()
    baseline = peak = None
    games = rounds = 0

    def alive() -> None:
        if worker.poll() is not None:
            raise SystemExit(f"the worker exited:\n{log_path.read_text()[-3000:]}")
        if time.monotonic() > deadline:
            raise SystemExit(f"gave up after {DEADLINE_SECONDS} s at {games} games")

    while games < args.games:
        round = services.round_start(tournament=event, actor=org)
        rounds += 1
        while round_model.objects.get(pk=round.pk).status != round_model.Status.FINISHED:
            alive()
            games = engine_game.objects.filter(match__round__tournament=event).count()
            rss = rss_kib(worker.pid)
            peak = max(peak or 0, rss)
            if baseline is None and games >= GAMES_BASELINE:
                baseline, baseline_games = rss, games
            time.sleep(0.2)
        games = engine_game.objects.filter(match__round__tournament=event).count()
    elapsed = time.monotonic() - started
    final = rss_kib(worker.pid)
    growth = (final - baseline) / baseline * 100
    print(f"adjudication_memory: {machine()}, PostgreSQL + Redis, worker --pool=solo")
    print(
        f"  {games} games ({args.bot} bots) in {rounds} rounds of {args.entrants} entrants, "
        f"{elapsed:.0f} s wall ({games / elapsed:.1f} games/s, pairing included)"
    )
    print(f"  worker RSS after {baseline_games} games: {baseline / 1024:.1f} MiB")
    print(f"  worker RSS after {games} games: {final / 1024:.1f} MiB (peak {peak / 1024:.1f} MiB)")
    verdict = "met" if growth < TARGET_GROWTH else "NOT met"
    print(f"  growth: {growth:+.1f}% (target < {TARGET_GROWTH:.0f}%: {verdict})")
    return 0 if growth < TARGET_GROWTH else 1


if __name__ == "__main__":
    sys.exit(main())
