"""Load (issue 12): 100 simulated users against the whole service while a 512-player Swiss event is
in its first round, then a count of lost and duplicated results in the database.

Run it with ./scripts/bench load (PostgreSQL and Redis started on loopback, DATABASE_URL and
CELERY_BROKER_URL exported). In one go it

1. migrates a scratch PostgreSQL database, imports the bundled card sets, and builds the event
   through the services: an organizer, PLAYERS player accounts with API tokens, each registered
   with a sample timeline (decks/samples/), a few public decks, and the event started;
2. starts the site under gunicorn (genesis.settings.production: DEBUG off, a throwaway
   SECRET_KEY, loopback hosts, no HTTPS redirect or HSTS, the cache on Redis; static files
   collected as in docs/deployment.md) and 2 Celery workers (`--pool=solo` each); the organizer
   opens round 1 and the workers pair it;
3. runs locust headless in a child process (locust patches the standard library for gevent, so
   it gets a process of its own), as a library, for SECONDS seconds: USERS users, of which
   REPORTERS are the round's players reporting their matches' results with their own tokens
   through `POST /api/matches/{id}/result/` (both players of a match, the same score; a quarter
   of the reports are sent twice, which must be harmless: 200 again, or 409 match_over once the
   match is confirmed) and the rest read pairings, standings, cards, decks, a match and the
   event's pages;
4. checks the database against what the users were told: every report answered 200 is stored
   exactly once with its score, every match both of whose players were answered 200 is
   confirmed with that score, and no match holds more games or reports than it should;
5. prints requests/s, p50/p95/p99 for reads and writes separately, the errors, each endpoint's
   figures, the load average and the CPU each part used (the machine is shared), and stops
   everything it started, also on failure. It exits 1 on any error, lost or duplicated result.

Figures: docs/benchmarks.md. Without PostgreSQL and a Redis broker it prints why and does nothing.
"""

import argparse
import json
import math
import os
import random
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from contextlib import ExitStack, contextmanager
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

from _setup import ROOT, machine, scratch_database, services_missing, use_database

PLAYERS = 512
USERS = 100
REPORTERS = 20  # of USERS; the others only read
SPAWN_RATE = 20  # users started per second
SECONDS = 60
WEB_WORKERS = 4  # gunicorn sync workers, as docs/deployment.md runs it
CELERY_WORKERS = 2
PUBLIC_DECKS = 24
READ_P95_TARGET_MS = 200.0
REPEAT_SHARE = 0.25  # reports sent a second time
SLICE_SECONDS = 10  # the run's course is printed in slices this long
# Whole-match scores a Swiss best of three can end on; each match gets one by its table.
SCORES = [(2, 0, 0), (2, 1, 0), (1, 2, 0), (0, 2, 0), (1, 1, 1), (2, 0, 1)]
CARD_QUERIES = [
    "t:summon",
    "chi<=3",
    "kw:flight",
    "fire",
    "aff:axon",
    "t:spell or t:technique",
    "hp>=4 -t:champion",
    "speed:swift",
    "(aff:axon or aff:chaos) chi<=2 -t:champion",
    "text:damage",
]
DECK_QUERIES = ["storm", "bastion", "cinder", "menagerie"]
# What readers ask for, and how often: (weight, name in the figures, path, with the player's
# token). The pages are read anonymously, as a spectator's browser would.
READS = [
    (
        4,
        "GET /api/tournaments/[id]/rounds/[n]/pairings/",
        "/api/tournaments/{event}/rounds/{round}/pairings/",
        True,
    ),
    (4, "GET /api/tournaments/[id]/standings/", "/api/tournaments/{event}/standings/", True),
    (4, "GET /api/cards/?q=[query]", "/api/cards/?q={query}", True),
    (1, "GET /api/decks/?q=[name]", "/api/decks/?q={deck_query}", True),
    (1, "GET /api/decks/[key]/", "/api/decks/{deck}/", True),
    (2, "GET /api/matches/[id]/", "/api/matches/{match}/", True),
    (1, "GET /api/tournaments/[id]/", "/api/tournaments/{event}/", True),
    (1, "GET /events/[id]/ (page)", "/events/{event}/", False),
    (
        1,
        "GET /events/[id]/rounds/[n]/pairings/ (page)",
        "/events/{event}/rounds/{round}/pairings/",
        False,
    ),
    (1, "GET /events/[id]/standings/ (page)", "/events/{event}/standings/", False),
]


# --- the orchestrator --------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=PLAYERS)
    parser.add_argument("--users", type=int, default=USERS)
    parser.add_argument("--reporters", type=int, default=REPORTERS)
    parser.add_argument("--spawn-rate", type=float, default=SPAWN_RATE)
    parser.add_argument("--seconds", type=float, default=SECONDS)
    parser.add_argument("--web-workers", type=int, default=WEB_WORKERS)
    parser.add_argument("--swarm", nargs=2, metavar=("PLAN", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.swarm:
        return swarm(Path(args.swarm[0]), Path(args.swarm[1]))
    if services_missing("load", " (run ./scripts/bench load)"):
        return 0
    broker = os.environ["CELERY_BROKER_URL"]
    # A SIGTERM (a CI timeout, kill) unwinds like Ctrl-C, so the servers are stopped.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    with scratch_database("bench_load") as url:
        use_database(url)
        return run(url, broker, args)


def run(url: str, broker: str, args) -> int:
    from genesis.celery import app
    from tests.support.worker import worker_process

    started = time.monotonic()
    app.control.purge()  # nothing left over from an earlier, interrupted run
    with ExitStack() as stack:
        work = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="genesis-load-")))
        env = server_env(url, broker, work / "var")
        collect = stack.enter_context(collecting_static(env, work / "collectstatic.log"))
        event = build_event(args.players)
        print(f"load: event of {args.players} players built in {time.monotonic() - started:.0f} s")
        collect()
        base, web = stack.enter_context(site(env, args.web_workers, work / "gunicorn.log"))
        workers = [
            stack.enter_context(
                worker_process(
                    url,
                    work / f"worker{number}.log",
                    name=f"load{number}",
                    settings=env["DJANGO_SETTINGS_MODULE"],
                    loglevel="WARNING",
                    env=env,
                )
            )
            for number in range(1, CELERY_WORKERS + 1)
        ]
        processes = {
            "gunicorn": lambda: family([web.pid]),
            "Celery workers": lambda: family([w.pid for w in workers]),
            "PostgreSQL": lambda: backends(urlsplit(url).path.lstrip("/")),
        }
        round_id, paired_in = pair_first_round(event)
        plan = write_plan(work / "plan.json", base, event, round_id, args)
        print(
            f"load: site and {CELERY_WORKERS} workers up, round 1 paired by a worker in "
            f"{paired_in:.1f} s ({len(plan['matches'])} matches); "
            f"{time.monotonic() - started:.0f} s so far"
        )
        warmed = warm_up(plan, args.web_workers)
        print(f"load: {warmed} warm-up reads (not counted), then {args.seconds:g} s of load")
        meter = CpuMeter(processes)
        figures, loads = run_swarm(work / "plan.json", work / "out.json", args.seconds, meter)
        cpu = meter.result(figures["cpu"])
        integrity = check_results(event, plan, figures["reports"])
        report(args, plan, figures, loads, cpu, integrity, paired_in)
        print(f"load: whole run {time.monotonic() - started:.0f} s")
        bad = figures["errors"] or integrity["lost"] or integrity["duplicated"]
        return 1 if bad else 0


def server_env(url: str, broker: str, var_dir: Path) -> dict[str, str]:
    """Production settings for a loopback run: only what plain HTTP on 127.0.0.1 needs is
    changed (docs/deployment.md documents each variable)."""
    var_dir.mkdir()
    parts = urlsplit(broker)
    env = {
        "DJANGO_SETTINGS_MODULE": "genesis.settings.production",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DATABASE_URL": url,
        "CELERY_BROKER_URL": broker,
        "CACHE_URL": urlunsplit(parts._replace(path="/2")),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SSL_REDIRECT": "0",
        "HSTS_SECONDS": "0",
        "SECURE_COOKIES": "0",
        "GENESIS_VAR_DIR": str(var_dir),
        "LOG_LEVEL": "WARNING",
    }
    os.environ.pop("DEBUG", None)  # set by use_database for this process's own settings
    return env


@contextmanager
def collecting_static(env: dict[str, str], log_path: Path):
    """`collectstatic` in the background (about 20 s: WhiteNoise compresses every file), while
    the event is built; yields a function that waits for it."""
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "manage.py"), "collectstatic", "--noinput"],
            cwd=ROOT,
            env={**os.environ, **env},
            stdout=log,
            stderr=subprocess.STDOUT,
        )

    def wait() -> None:
        if process.wait(timeout=300) != 0:
            raise SystemExit(f"collectstatic failed:\n{log_path.read_text()[-3000:]}")

    try:
        yield wait
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def build_event(players: int):
    """The event in registration, through the services: an organizer, `players` accounts with
    API tokens, each registered with a sample timeline, some public decks; then started."""
    import io

    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    from decks.models import Deck
    from decks.services import deck_create, read_decklist
    from tournaments import services

    files = sorted(str(p) for p in (ROOT / "decks/cardsets").glob("*.json"))
    call_command("import_cards", *files, stdout=io.StringIO())
    user_model = get_user_model()
    org = user_model.objects.create_user("load-org")
    # Accounts nobody logs in to with a password (hashing 512 would take minutes): the users
    # of the run authenticate with their API tokens, as an API client does.
    unusable = make_password(None)
    accounts = user_model.objects.bulk_create(
        user_model(username=f"player-{n:03d}", password=unusable) for n in range(1, players + 1)
    )
    Token.objects.bulk_create(Token(key=Token.generate_key(), user=user) for user in accounts)
    samples = sorted((ROOT / "decks/samples").glob("*.txt"))
    decklists = [(path.stem, read_decklist(text=path.read_text())) for path in samples]
    event = services.tournament_create(organizer=org, name=f"Load bench: {players}-player Swiss")
    for index, user in enumerate(accounts):
        _stem, decklist = decklists[index % len(decklists)]
        services.registration_create(tournament=event, player=user, decklist=decklist)
    for index, user in enumerate(accounts[:PUBLIC_DECKS]):
        stem, decklist = decklists[index % len(decklists)]
        deck_create(
            owner=user,
            name=f"{stem.replace('-', ' ')} #{index + 1}",
            decklist=decklist,
            visibility=Deck.Visibility.PUBLIC,
        )
    return services.tournament_start(tournament=event, actor=org)


@contextmanager
def site(env: dict[str, str], workers: int, log_path: Path):
    """gunicorn on a free loopback port, as docs/deployment.md runs it; yields its address and
    its master process."""
    with served(
        "gunicorn",
        lambda port: [
            *(sys.executable, "-m", "gunicorn", "genesis.wsgi"),
            *("--bind", f"127.0.0.1:{port}", "--workers", str(workers)),
        ],
        "/api/tournaments/",
        env,
        log_path,
    ) as started:
        yield started


@contextmanager
def served(name: str, command, probe: str, env: dict[str, str], log_path: Path):
    """A server started with `command(port)` on a free loopback port, once `probe` answers 200;
    yields its address and process, and stops it (its whole process group) afterwards."""
    import urllib.error
    import urllib.request

    from tests.support.worker import stop_group

    port = free_port()
    with log_path.open("w") as log:
        process = subprocess.Popen(
            command(port),
            cwd=ROOT,
            env={**os.environ, **env},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise SystemExit(f"{name} exited:\n{log_path.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{base}{probe}", timeout=5) as answer:
                    if answer.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline:
                raise SystemExit(f"{name} did not answer:\n{log_path.read_text()[-3000:]}")
            time.sleep(0.2)
        yield base, process
    finally:
        stop_group(process, timeout=15)


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def pair_first_round(event) -> tuple[int, float]:
    """The organizer opens round 1; a worker pairs it. Returns the round's id and how long the
    pairing took to appear."""
    from tournaments import services
    from tournaments.models import Round

    started = time.monotonic()
    round = services.round_start(tournament=event, actor=event.organizer)
    while Round.objects.get(pk=round.pk).status != Round.Status.PAIRED:
        if time.monotonic() - started > 120:
            raise SystemExit("round 1 was not paired within 120 s: see the workers' logs")
        time.sleep(0.1)
    return round.pk, time.monotonic() - started


def write_plan(path: Path, base: str, event, round_id: int, args) -> dict:
    """What the locust users need: the site, the event, each match's players' tokens and score."""
    from rest_framework.authtoken.models import Token

    from decks.models import Deck
    from tournaments.models import Match

    tokens = dict(Token.objects.values_list("user_id", "key"))
    matches = [
        {
            "id": match.pk,
            "table": match.table,
            "a": tokens[match.player_a.player_id],
            "b": tokens[match.player_b.player_id],
            "score": SCORES[match.table % len(SCORES)],
        }
        for match in Match.objects.filter(round_id=round_id, player_b__isnull=False)
        .select_related("player_a", "player_b")
        .order_by("table")
    ]
    plan = {
        "base": base,
        "event": event.pk,
        "round": 1,
        "matches": matches,
        "decks": list(Deck.objects.filter(visibility="public").values_list("key", flat=True)),
        "users": args.users,
        "reporters": min(args.reporters, args.users - 1),
        "spawn_rate": args.spawn_rate,
        "seconds": args.seconds,
    }
    path.write_text(json.dumps(plan))
    return plan


def warm_up(plan: dict, web_workers: int) -> int:
    """Every read a few times per gunicorn worker, several at once so that each worker gets
    some, before the measured run: a worker's first card search builds its card index
    (docs/benchmarks.md, about 0.35 s) and its first page compiles the templates, once per
    process, which a site that has been up for a while has long done."""
    import urllib.request
    from concurrent.futures import ThreadPoolExecutor

    rng = random.Random(7)
    match_id = plan["matches"][0]["id"]
    token = plan["matches"][0]["a"]
    requests = [
        urllib.request.Request(
            plan["base"] + read_path(path, plan, rng, match_id),
            headers={"Authorization": f"Token {token}"} if with_token else {},
        )
        for _weight, _name, path, with_token in READS
        for _ in range(2 * web_workers)
    ]

    def fetch(request) -> None:
        with urllib.request.urlopen(request, timeout=30) as answer:
            answer.read()

    with ThreadPoolExecutor(2 * web_workers) as pool:
        list(pool.map(fetch, requests))
    return len(requests)


def run_swarm(
    plan: Path, out: Path, seconds: float, meter: "CpuMeter"
) -> tuple[dict, list[tuple[float, ...]]]:
    """The locust child process; the load average and the CPU are sampled while it runs."""
    loads = [os.getloadavg()]
    child = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), "--swarm", str(plan), str(out)], cwd=ROOT
    )
    deadline = time.monotonic() + seconds + 120
    sampled = time.monotonic()
    try:
        while child.poll() is None:
            if time.monotonic() > deadline:
                raise SystemExit("the locust run did not end in time")
            time.sleep(0.5)
            meter.sample()
            if time.monotonic() - sampled >= 5:
                sampled = time.monotonic()
                loads.append(os.getloadavg())
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    if child.returncode != 0:
        raise SystemExit(f"the locust run failed (exit {child.returncode})")
    loads.append(os.getloadavg())
    return json.loads(out.read_text()), loads


# --- where the CPU went ------------------------------------------------------------------------
# The machine is shared: the figures mean little without knowing how much of its CPU the
# service had. Each process's CPU time comes from /proc/<pid>/stat, the machine's from /proc/stat.

TICKS = os.sysconf("SC_CLK_TCK")


def proc_stat(pid: int) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the command name (field 3 first); None if gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def all_pids() -> list[int]:
    return [int(entry.name) for entry in Path("/proc").iterdir() if entry.name.isdigit()]


def family(roots: list[int]) -> list[int]:
    """The processes and all their descendants (gunicorn's workers)."""
    parents = {}
    for pid in all_pids():
        fields = proc_stat(pid)
        if fields is not None:
            parents[pid] = int(fields[1])
    found, grew = set(roots), True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in found} - found
        found |= more
        grew = bool(more)
    return sorted(found)


def backends(database: str) -> list[int]:
    """The PostgreSQL server processes serving connections to `database`."""
    found = []
    for pid in all_pids():
        try:
            title = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if title.startswith("postgres: ") and f" {database} " in title:
            found.append(pid)
    return found


def machine_seconds() -> tuple[float, float]:
    """Core-seconds so far of the whole machine: busy, and in all."""
    ticks = [int(value) for value in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = ticks[3] + ticks[4]  # idle, iowait
    return (sum(ticks) - idle) / TICKS, sum(ticks) / TICKS


class CpuMeter:
    """CPU seconds used by groups of processes during the run. Sampled every half second, not
    only at both ends: a database connection older than CONN_MAX_AGE (60 s) is closed and its
    server process exits mid-run, and what it used is its last sample. A process first seen
    after the start started after it, and counts from zero."""

    def __init__(self, processes: dict) -> None:
        self.processes = processes
        self.first: dict[str, dict[int, float]] = {name: {} for name in processes}
        self.last: dict[str, dict[int, float]] = {name: {} for name in processes}
        self.machine = machine_seconds()
        self.course: list[float] = []  # the machine's busy share, slice by slice
        self.slice_start = (time.monotonic(), *self.machine)
        self.sample(started=True)

    def sample(self, started: bool = False) -> None:
        for name, pids in self.processes.items():
            for pid in pids():
                fields = proc_stat(pid)
                if fields is None:
                    continue
                seconds = (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime
                self.first[name].setdefault(pid, seconds if started else 0.0)
                self.last[name][pid] = seconds
        if time.monotonic() - self.slice_start[0] >= SLICE_SECONDS:
            busy, total = machine_seconds()
            self.course.append((busy - self.slice_start[1]) / (total - self.slice_start[2]))
            self.slice_start = (time.monotonic(), busy, total)

    def result(self, locust_seconds: float) -> dict:
        """By group, by locust, by everything else; and the machine's busy and total."""
        self.sample()
        used = {
            name: sum(seconds - self.first[name][pid] for pid, seconds in last.items())
            for name, last in self.last.items()
        }
        used["locust"] = locust_seconds
        (busy_now, total_now), (busy_then, total_then) = machine_seconds(), self.machine
        busy, total = busy_now - busy_then, total_now - total_then
        used["everything else"] = max(0.0, busy - sum(used.values()))
        return {"used": used, "busy": busy, "available": total, "course": self.course}


# --- after the run: what the database holds ----------------------------------------------------


def check_results(event, plan: dict, reports: list[dict]) -> dict:
    """Compare the database with what the users were told. A report answered 200 must be stored
    once, with its score; a match both of whose players were answered 200 must be confirmed with
    that score; no match may hold more reports or games than its players made. A report sent
    but never answered (a request cut off by the end of the run) may or may not be stored."""
    from django.db.models import Count

    from tournaments.models import Match, Report, ResultOverride
    from tournaments.services import match_state

    by_id = {m["id"]: m for m in plan["matches"]}
    answered: dict[tuple[int, str], list[dict]] = {}
    unanswered: set[tuple[int, str]] = set()
    for sent in reports:
        key = (sent["match"], sent["seat"])
        if sent["status"] == 200:
            answered.setdefault(key, []).append(sent)
        elif sent["status"] is None:
            unanswered.add(key)
    matches = {
        m.pk: m
        for m in Match.objects.filter(pk__in=by_id).select_related(
            "round", "player_a__player", "player_b__player"
        )
    }
    rows = list(
        Report.objects.filter(match__in=by_id).values_list(
            "match_id", "reporter_id", "game", "a_wins", "b_wins", "draws"
        )
    )
    seat_of = {}
    for match in matches.values():
        seat_of[(match.pk, match.player_a.player_id)] = "a"
        seat_of[(match.pk, match.player_b.player_id)] = "b"
    stored = Counter(
        (match_id, seat_of[(match_id, user)], game) for match_id, user, game, *_ in rows
    )
    scores = {(m, seat_of[(m, u)]): (a, b, d) for m, u, g, a, b, d in rows if g == 0}

    lost, duplicated, problems = 0, 0, []
    for match_id, seat in answered:
        expected = tuple(by_id[match_id]["score"])
        if scores.get((match_id, seat)) != expected:
            lost += 1
            problems.append(
                f"match {match_id} seat {seat}: answered 200, stored {scores.get((match_id, seat))}"
            )
    for (match_id, seat, game), count in stored.items():
        if count > 1:
            duplicated += count - 1
            problems.append(f"match {match_id} seat {seat} game {game}: {count} report rows")
        if (match_id, seat) not in answered and (match_id, seat) not in unanswered:
            duplicated += 1
            problems.append(f"match {match_id} seat {seat}: a report row nobody was answered for")
    confirmed = 0
    for match_id, match in matches.items():
        expected = tuple(by_id[match_id]["score"])
        both = (match_id, "a") in answered and (match_id, "b") in answered
        result = (match.a_wins, match.b_wins, match.draws)
        if match.status == Match.Status.CONFIRMED:
            confirmed += 1
            if result != expected:
                lost += 1
                problems.append(f"match {match_id}: confirmed {result}, reported {expected}")
            games = match_state(match).games  # also replays the stored log: a corrupt record raises
            numbers = [game.number for game in games]
            if len(games) != sum(expected) or len(set(numbers)) != len(numbers):
                duplicated += 1
                problems.append(f"match {match_id}: games {numbers} for a score of {expected}")
        elif both:
            lost += 1
            problems.append(f"match {match_id}: both players answered 200, status {match.status}")
    overrides = ResultOverride.objects.filter(match__in=by_id).count()
    duplicated += overrides  # nobody here enters results as a judge
    per_match = (
        Report.objects.filter(match__in=by_id, game=0)
        .values("match")
        .annotate(n=Count("id"))
        .filter(n__gt=2)
        .count()
    )
    duplicated += per_match
    round = next(iter(matches.values())).round
    round.refresh_from_db()
    return {
        "answered": len(answered),
        "answered_200s": sum(len(v) for v in answered.values()),
        "unanswered": len(unanswered - answered.keys()),
        "rows": len(rows),
        "confirmed": confirmed,
        "matches": len(matches),
        "lost": lost,
        "duplicated": duplicated,
        "problems": problems,
        "round_status": round.status,
    }


# --- printing ----------------------------------------------------------------------------------


def report(args, plan, figures, loads, cpu, integrity, paired_in) -> None:
    read, write = figures["read"], figures["write"]
    elapsed = figures["elapsed"]
    total = read["count"] + write["count"]
    ones = [load[0] for load in loads]
    reporters = plan["reporters"]
    print(
        f"load: {machine()}; gunicorn {args.web_workers} sync workers "
        f"(genesis.settings.production), {CELERY_WORKERS} Celery workers (--pool=solo), "
        "PostgreSQL, Redis; locust in the same machine"
    )
    print(
        f"  {args.players} players, round 1 paired in {paired_in:.1f} s; {plan['users']} users "
        f"({plan['users'] - reporters} reading, {reporters} reporting results), spawn rate "
        f"{plan['spawn_rate']:g}/s, {elapsed:.1f} s of load"
    )
    print(
        f"  load average (1 min) before {loads[0][0]:.2f}, during max {max(ones):.2f}, "
        f"after {loads[-1][0]:.2f}; (1/5/15 min) after: " + " ".join(f"{x:.2f}" for x in loads[-1])
    )
    print(f"  all:    {total:,} requests, {total / elapsed:.1f} req/s, {figures['errors']} errors")
    for label, part in (("reads", read), ("writes", write)):
        print(
            f"  {label + ':':7} {part['count']:,} requests, {part['count'] / elapsed:.1f} req/s, "
            f"p50 {part['p50']:.1f} ms, p95 {part['p95']:.1f} ms, p99 {part['p99']:.1f} ms, "
            f"max {part['max']:.1f} ms, {part['failures']} errors"
        )
    print(
        f"  CPU during the run: {cpu['busy']:.0f} of {cpu['available']:.0f} core-seconds busy; "
        + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in cpu["used"].items())
    )
    web = cpu["used"]["gunicorn"] + cpu["used"]["PostgreSQL"]
    print(
        f"  gunicorn and PostgreSQL together: {web / max(total, 1) * 1000:.1f} ms of CPU a request"
    )
    verdict = "met" if read["p95"] < READ_P95_TARGET_MS else "NOT met"
    print(f"  read p95 target < {READ_P95_TARGET_MS:.0f} ms: {verdict}")
    lengths = [
        max(0.1, min(SLICE_SECONDS, elapsed - n * SLICE_SECONDS))
        for n in range(len(figures["slices"]))
    ]
    print(
        f"  in {SLICE_SECONDS} s slices, requests/s and p95 (reads | writes): "
        + "; ".join(
            f"{part['read']['count'] / length:.0f} {part['read']['p95']:.0f} ms | "
            f"{part['write']['count'] / length:.0f} {part['write']['p95']:.0f} ms"
            for part, length in zip(figures["slices"], lengths, strict=True)
        )
    )
    print(
        f"  the machine busy in {SLICE_SECONDS} s slices: "
        + ", ".join(f"{share:.0%}" for share in cpu["course"])
    )
    print("  by endpoint (slowest p95 first):")
    endpoints = sorted(figures["endpoints"].items(), key=lambda item: -item[1]["p95"])
    for name, entry in endpoints:
        print(
            f"    {name:58} {entry['count']:6,}  p50 {entry['p50']:7.1f}  p95 {entry['p95']:7.1f}"
            f"  p99 {entry['p99']:7.1f} ms  {entry['failures']} errors"
        )
    for sample in figures["error_samples"]:
        print(f"    error: {sample}")
    outcomes = Counter(
        (sent["repeat"], sent["status"], sent["code"]) for sent in figures["reports"]
    )
    print(
        "  reports: "
        + ", ".join(
            f"{'repeat' if repeat else 'first'} {status or 'unanswered'}"
            + (f" {code}" if code else "")
            + f": {n}"
            for (repeat, status, code), n in sorted(outcomes.items(), key=str)
        )
    )
    print(
        f"  database: {integrity['rows']} report rows for {integrity['answered']} players "
        f"answered 200 ({integrity['answered_200s']} 200s in all, "
        f"{integrity['unanswered']} sent but unanswered); {integrity['confirmed']}/"
        f"{integrity['matches']} matches confirmed, round 1 {integrity['round_status']}"
    )
    print(f"  lost results: {integrity['lost']}, duplicated results: {integrity['duplicated']}")
    for problem in integrity["problems"][:20]:
        print(f"    {problem}")


def read_path(template: str, plan: dict, rng: random.Random, match_id: int) -> str:
    return template.format(
        event=plan["event"],
        round=plan["round"],
        match=match_id,
        query=quote(rng.choice(CARD_QUERIES)),
        deck=rng.choice(plan["decks"]),
        deck_query=quote(rng.choice(DECK_QUERIES)),
    )


def percentile(ordered: list[float], share: float) -> float:
    """Nearest-rank percentile of an ascending list (0 for an empty one)."""
    if not ordered:
        return 0.0
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def summary(times: list[float], failures: int) -> dict:
    ordered = sorted(times)
    return {
        "count": len(ordered),
        "failures": failures,
        "p50": percentile(ordered, 0.50),
        "p95": percentile(ordered, 0.95),
        "p99": percentile(ordered, 0.99),
        "max": ordered[-1] if ordered else 0.0,
    }


# --- the locust child process ------------------------------------------------------------------


def swarm(plan_path: Path, out_path: Path) -> int:
    """Run the users for plan["seconds"] and write what they saw to `out_path`."""
    # Importing locust patches the standard library for gevent, in this process only.
    import resource

    import gevent
    from locust import between, task
    from locust.contrib.fasthttp import FastHttpUser
    from locust.env import Environment

    plan = json.loads(plan_path.read_text())
    matches = plan["matches"]
    rng = random.Random(12)
    # Each player's report is one job; half the matches have both players report back to back
    # (two reporters at once), the others at different moments. A quarter of the jobs are sent
    # again later by another reporter: the same report twice must be harmless.
    jobs: list[dict] = []
    later: list[dict] = []
    for match in rng.sample(matches, len(matches)):
        first, second = (
            {"match": match["id"], "seat": seat, "token": match[seat], "score": match["score"]}
            for seat in rng.sample(["a", "b"], 2)
        )
        jobs.append(first)
        (jobs if rng.random() < 0.5 else later).append(second)
    for job in later:
        jobs.insert(rng.randint(0, len(jobs)), job)
    repeats = [dict(job) for job in rng.sample(jobs, int(len(jobs) * REPEAT_SHARE))]
    for job in repeats:
        jobs.insert(rng.randint(len(jobs) // 4, len(jobs)), job)
    queue = list(reversed(jobs))  # popped from the end
    sent: list[dict] = []
    reported: set[tuple[int, str]] = set()
    times: dict[str, list[float]] = {"read": [], "write": []}
    failures: Counter = Counter()
    per_endpoint: dict[str, list[float]] = {}
    endpoint_failures: Counter = Counter()
    error_samples: list[str] = []

    def auth(token: str) -> dict[str, str]:
        return {"Authorization": f"Token {token}"}

    def take_a_seat(user) -> None:
        """Each user is one of the round's players, with that player's token and match."""
        user.match = rng.choice(matches)
        user.token = user.match[rng.choice("ab")]

    def read_one(user) -> None:
        _weight, name, path, token = rng.choices(READS, weights=[r[0] for r in READS])[0]
        user.client.get(
            read_path(path, plan, rng, user.match["id"]),
            headers=auth(user.token) if token else {},
            name=name,
        )

    class Reader(FastHttpUser):
        """A player or spectator between games: pairings, standings, cards, decks, pages."""

        wait_time = between(1, 3)
        on_start = take_a_seat

        @task
        def read(self) -> None:
            read_one(self)

    class Reporter(FastHttpUser):
        """Players at the end of their matches: report the results, 0.5-1.5 s apart, and once
        every report is sent read like everyone else."""

        fixed_count = plan["reporters"]
        reporting = between(0.5, 1.5)
        reading = Reader.wait_time
        on_start = take_a_seat

        def wait_time(self) -> float:
            return self.reporting() if queue else self.reading()

        @task
        def act(self) -> None:
            if queue:
                self.report()
            else:
                read_one(self)

        def report(self) -> None:
            job = queue.pop()
            key = (job["match"], job["seat"])
            repeat = key in reported  # a second send, whichever job of the two comes first
            reported.add(key)
            a, b, draws = job["score"]
            record = {
                "match": job["match"],
                "seat": job["seat"],
                "repeat": repeat,
                "status": None,
                "code": None,
            }
            sent.append(record)
            name = "POST /api/matches/[id]/result/" + (" (again)" if repeat else "")
            with self.client.post(
                f"/api/matches/{job['match']}/result/",
                json={"player_a_wins": a, "player_b_wins": b, "draws": draws},
                headers=auth(job["token"]),
                name=name,
                catch_response=True,
            ) as answer:
                record["status"] = answer.status_code or None
                try:
                    record["code"] = (answer.json() or {}).get("code")
                except Exception:
                    record["code"] = None
                # Sent again after the match is confirmed, a report is refused and changes
                # nothing: that is the harmless answer, not an error.
                if repeat and answer.status_code == 409 and record["code"] == "match_over":
                    answer.success()

    environment = Environment(user_classes=[Reader, Reporter], host=plan["base"], stop_timeout=15)

    def on_request(request_type, name, response_time, exception=None, response=None, **_kw):
        kind = "read" if request_type == "GET" else "write"
        times[kind].append(response_time)
        slice = int((time.monotonic() - started) // SLICE_SECONDS)
        slices.setdefault(slice, {"read": [], "write": []})[kind].append(response_time)
        per_endpoint.setdefault(name, []).append(response_time)
        if exception is not None:
            failures[kind] += 1
            endpoint_failures[name] += 1
            if len(error_samples) < 10:
                status = getattr(response, "status_code", None)
                error_samples.append(f"{name}: {status} {str(exception)[:200]}")

    slices: dict[int, dict[str, list[float]]] = {}
    started = time.monotonic()
    environment.events.request.add_listener(on_request)
    runner = environment.create_local_runner()
    runner.start(plan["users"], spawn_rate=plan["spawn_rate"])
    gevent.spawn_later(plan["seconds"], runner.quit)
    runner.greenlet.join()
    elapsed = time.monotonic() - started
    usage = resource.getrusage(resource.RUSAGE_SELF)
    out = {
        "elapsed": elapsed,
        "cpu": usage.ru_utime + usage.ru_stime,
        "read": summary(times["read"], failures["read"]),
        "write": summary(times["write"], failures["write"]),
        "errors": sum(failures.values()),
        "error_samples": error_samples,
        "slices": [
            {kind: summary(values, 0) for kind, values in slices[n].items()} for n in sorted(slices)
        ],
        "endpoints": {
            name: summary(values, endpoint_failures[name]) for name, values in per_endpoint.items()
        },
        "reports": sent,
    }
    out_path.write_text(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
