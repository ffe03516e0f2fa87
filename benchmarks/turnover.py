"""Round turnover at a 2,048-player regional (issue 23): every player holds the event's stream,
the organizer pairs round 3, and each phone learns its table; then every match reports its
result. Prints the push latency, the reads and writes, the CPU and memory, and counts lost and
doubled results in the database.

Run it with ./scripts/bench turnover (PostgreSQL and Redis started on loopback, DATABASE_URL
and CELERY_BROKER_URL exported). In one go it

1. migrates a scratch PostgreSQL database, imports the bundled card sets and builds the event
   through the services (benchmarks/load.py's builder: PLAYERS accounts with API tokens, each
   registered with a sample timeline), then plays rounds 1 and 2 in this process: each round
   paired by the service a worker runs, each match's result reported by both its players;
2. starts the site as docs/deployment.md runs it, with production settings: gunicorn (WEB_WORKERS
   sync workers) for the API, uvicorn (genesis.asgi) for the event streams, fanned out through
   Redis; and 2 Celery workers. The load balancer's one routing rule (streams to uvicorn,
   everything else to gunicorn) is the clients' own here;
3. starts the clients in a child process (asyncio on uvloop, aiohttp): one per player, each
   holding the event's stream as a player's event page opens it (`?matches=none`; ALL_MATCHES
   of them, the venue's screens, with every match). Once all are open, the organizer opens
   round 3 and a worker pairs it. The `round` event that says round 3 is paired carries the
   tables: each client finds its own there, as live.js does, and then, at a random moment within
   the event's `spread` as the pages do, fetches its match (`GET
   /api/tournaments/{id}/my-match/` with its token), a share of them also the pairings or the
   standings. Then, over ROUND_SECONDS, every match reports its result: both players, the same
   score, a quarter of the reports sent twice;
4. checks the database against what the clients were told (load.py's check: every report
   answered 200 is stored once, every match both of whose players were answered is confirmed
   with that score, no match holds more than it should), and that every client got the round
   event exactly once;
5. prints the push latency (the round committed as paired, to the event read by each client:
   the event's `version` is stamped just before the commit, so this errs long) p50/p95/max;
   reads and writes p50/p95/p99; errors; CPU per request; memory per open stream (the uvicorn
   process's growth while the streams opened); lost and doubled results. Exits 1 on any error,
   lost or doubled result, or a client without its round.

Figures: docs/benchmarks.md. Without PostgreSQL and a Redis broker it prints why and does nothing.
"""

import argparse
import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from contextlib import ExitStack, contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from _setup import ROOT, machine, scratch_database, services_missing, use_database
from load import (
    SCORES,
    CpuMeter,
    backends,
    build_event,
    check_results,
    collecting_static,
    family,
    served,
    server_env,
    site,
    summary,
)

PLAYERS = 2048
WEB_WORKERS = 4  # gunicorn sync workers, as docs/deployment.md runs them
CELERY_WORKERS = 2
ROUND_SECONDS = 120.0  # over which every match reports (a real round spreads it over 50 minutes)
ALL_MATCHES = 16  # clients streaming every match (venue screens, the bracket); the rest none
PAGE_READ_SHARE = 0.25  # of the clients, also read the pairings or the standings on the round
REPEAT_SHARE = 0.25  # of the reports, sent a second time
OPEN_AT_ONCE = 64  # per client process
# The clients' processes: one alone reads 2,048 copies of a round's event (tens of kilobytes
# each) one after the other, and its own queue would be most of the push latency it measures.
CLIENT_PROCESSES = 2  # streams being opened at the same moment while the clients connect
VERSION = re.compile(rb'"version": (\d+)')
TARGETS = {"push p95": 2000.0, "reads p95": 200.0, "writes p95": 300.0}


# --- the orchestrator --------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=PLAYERS)
    parser.add_argument("--web-workers", type=int, default=WEB_WORKERS)
    parser.add_argument("--round-seconds", type=float, default=ROUND_SECONDS)
    parser.add_argument("--all-matches", type=int, default=ALL_MATCHES)
    parser.add_argument("--client-processes", type=int, default=CLIENT_PROCESSES)
    parser.add_argument("--clients", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.clients:
        plan_path, out_path, shard, shards = args.clients
        return run_clients(Path(plan_path), Path(out_path), int(shard), int(shards))
    if services_missing("turnover", " (run ./scripts/bench turnover)"):
        return 0
    broker = os.environ["CELERY_BROKER_URL"]
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    # This process opens round 3 (its `round` event): through the same Redis as everyone.
    os.environ["STREAM_REDIS_URL"] = stream_redis(broker)
    with scratch_database("bench_turnover") as url:
        use_database(url)
        return run(url, broker, args)


def run(url: str, broker: str, args) -> int:
    from genesis.celery import app
    from tests.support.worker import worker_process

    started = time.monotonic()
    app.control.purge()
    with ExitStack() as stack:
        work = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="genesis-turnover-")))
        env = {**server_env(url, broker, work / "var"), "STREAM_REDIS_URL": stream_redis(broker)}
        collect = stack.enter_context(collecting_static(env, work / "collectstatic.log"))
        event = build_event(args.players)
        built = time.monotonic() - started
        for _ in range(2):
            play_round(event)
        app.control.purge()  # the pairing tasks the rounds sent; this process paired them
        print(
            f"turnover: event of {args.players} players built in {built:.0f} s, rounds 1 and 2 "
            f"played in {time.monotonic() - started - built:.0f} s"
        )
        collect()
        api, web = stack.enter_context(site(env, args.web_workers, work / "gunicorn.log"))
        streams, asgi = stack.enter_context(stream_site(env, work / "uvicorn.log"))
        workers = [
            stack.enter_context(
                worker_process(
                    url,
                    work / f"worker{number}.log",
                    name=f"turnover{number}",
                    settings=env["DJANGO_SETTINGS_MODULE"],
                    loglevel="WARNING",
                    env=env,
                )
            )
            for number in range(1, CELERY_WORKERS + 1)
        ]
        plan = write_plan(work / "plan.json", api, streams, event, args)
        warm_up(plan, args.web_workers)
        processes = {
            "gunicorn": lambda: family([web.pid]),
            "uvicorn": lambda: family([asgi.pid]),
            "Celery workers": lambda: family([w.pid for w in workers]),
            "PostgreSQL": lambda: backends(urlsplit(url).path.lstrip("/")),
        }
        figures, meter = drive_clients(
            work, plan, event, asgi.pid, processes, args.client_processes
        )
        cpu = meter.result(figures["cpu"])
        integrity = check_results(event, plan, figures["reports"])
        report(args, plan, figures, cpu, integrity)
        print(f"turnover: whole run {time.monotonic() - started:.0f} s")
        bad = (
            figures["errors"]
            or integrity["lost"]
            or integrity["duplicated"]
            or figures["push"]["missing"]
            or figures["push"]["doubled"]
        )
        return 1 if bad else 0


def stream_redis(broker: str) -> str:
    parts = urlsplit(broker)
    return urlunsplit(parts._replace(path="/3"))


def play_round(event) -> None:
    """Open the next round, pair it as the worker would, and have both players of every match
    report a 2-0 for the first seat: what rounds 1 and 2 left behind, without the HTTP."""
    from tournaments import services
    from tournaments.models import Match

    round = services.round_start(tournament=event, actor=event.organizer)
    services.round_pair(round_id=round.pk)
    matches = Match.objects.filter(round=round, player_b__isnull=False).select_related(
        "round", "player_a__player", "player_b__player"
    )
    for match in matches:
        for seat in (match.player_a, match.player_b):
            services.match_result_report(
                match=Match.objects.select_related("round").get(pk=match.pk),
                actor=seat.player,
                a_wins=2,
                b_wins=0,
                draws=0,
            )


@contextmanager
def stream_site(env: dict[str, str], log_path: Path):
    """uvicorn serving genesis.asgi on a free loopback port, as docs/deployment.md runs it for
    the event streams; yields its address and process."""
    with served(
        "uvicorn",
        lambda port: [
            *(sys.executable, "-m", "uvicorn", "genesis.asgi:application"),
            *("--host", "127.0.0.1", "--port", str(port), "--no-access-log"),
            *("--backlog", "4096"),
        ],
        "/healthz",
        env,
        log_path,
    ) as started:
        yield started


def write_plan(path: Path, api: str, streams: str, event, args) -> dict:
    """Each client's player: its token and its match-to-be; and the round's reports to send
    once round 3 is paired (the matches are only known then: the clients read them from
    `matches.json`, which the orchestrator writes after the pairing)."""
    from rest_framework.authtoken.models import Token

    tokens = dict(Token.objects.values_list("user_id", "key"))
    players = [
        {"token": tokens[user_id], "registration": registration_id, "name": name}
        for registration_id, user_id, name in event.registrations.filter(
            dropped_after_round__isnull=True
        )
        .order_by("pk")
        .values_list("pk", "player_id", "player__username")
    ]
    plan = {
        "api": api,
        "streams": streams,
        "event": event.pk,
        "players": players,
        "round_number": 3,
        "round_seconds": args.round_seconds,
        "page_read_share": PAGE_READ_SHARE,
        "all_matches": args.all_matches,
        "repeat_share": REPEAT_SHARE,
        "matches": [],
    }
    path.write_text(json.dumps(plan))
    return plan


def warm_up(plan: dict, web_workers: int) -> None:
    """Each gunicorn worker's first request of each kind loads what a long-running site has
    long had loaded (templates, the URL resolver, the card index)."""
    import urllib.request
    from concurrent.futures import ThreadPoolExecutor

    token = plan["players"][0]["token"]
    paths = [
        f"/api/tournaments/{plan['event']}/my-match/",
        f"/api/tournaments/{plan['event']}/rounds/2/pairings/",
        f"/api/tournaments/{plan['event']}/standings/",
    ]
    requests = [
        urllib.request.Request(plan["api"] + path, headers={"Authorization": f"Token {token}"})
        for path in paths
        for _ in range(3 * web_workers)
    ]

    def fetch(request) -> None:
        with urllib.request.urlopen(request, timeout=60) as answer:
            answer.read()

    with ThreadPoolExecutor(2 * web_workers) as pool:
        list(pool.map(fetch, requests))


def drive_clients(
    work: Path, plan: dict, event, asgi_pid: int, processes: dict, shards: int
) -> tuple[dict, CpuMeter]:
    """Start the clients; when all streams are open, open round 3; when it is paired, hand
    the clients its matches to report. Returns what the clients saw, and the CPU each part
    used from round 3's opening on."""
    from tournaments import services
    from tournaments.models import Match, Round

    outs = [work / f"out{shard}.json" for shard in range(shards)]
    before = rss(family([asgi_pid]))
    children = [
        subprocess.Popen(
            [
                *(sys.executable, str(Path(__file__).resolve()), "--clients"),
                *(str(work / "plan.json"), str(out), str(shard), str(shards)),
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        for shard, out in enumerate(outs)
    ]
    try:
        took = 0.0
        for child in children:
            line = child.stdout.readline()  # "open <seconds>" once its streams are open
            if not line.startswith("open"):
                raise SystemExit(f"the clients could not open their streams: {line!r}")
            took = max(took, float(line.split()[1]))
        time.sleep(1)
        grown = rss(family([asgi_pid])) - before
        print(
            f"turnover: {len(plan['players'])} streams open in {took:.1f} s; "
            f"uvicorn grew {grown / 2**20:.0f} MiB"
        )
        meter = CpuMeter(processes)
        opened = time.monotonic()
        round = services.round_start(tournament=event, actor=event.organizer)
        while Round.objects.get(pk=round.pk).status == Round.Status.PAIRING:
            if time.monotonic() - opened > 120:
                raise SystemExit("round 3 was not paired within 120 s: see the workers' logs")
            time.sleep(0.05)
            meter.sample()
        paired_in = time.monotonic() - opened
        matches = [
            {
                "id": m.pk,
                "table": m.table,
                "a": m.player_a_id,
                "b": m.player_b_id,
                "score": SCORES[m.table % len(SCORES)],
            }
            for m in Match.objects.filter(round=round, player_b__isnull=False).order_by("table")
        ]
        tokens = {p["registration"]: p["token"] for p in plan["players"]}
        for match in matches:
            match["a"], match["b"] = tokens[match["a"]], tokens[match["b"]]
        plan["matches"] = matches
        (work / "matches.json").write_text(json.dumps(matches))
        deadline = time.monotonic() + plan["round_seconds"] + 180
        while any(child.poll() is None for child in children):
            if time.monotonic() > deadline:
                raise SystemExit("the clients did not finish in time")
            time.sleep(0.5)
            meter.sample()
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
                child.wait()
    if any(child.returncode != 0 for child in children):
        raise SystemExit(f"the clients failed (exits {[c.returncode for c in children]})")
    figures = merged([json.loads(out.read_text()) for out in outs])
    figures["paired_in"] = paired_in
    figures["stream_bytes"] = grown / max(1, len(plan["players"]))
    return figures, meter


def merged(parts: list[dict]) -> dict:
    """The clients' processes' raw figures as one run's summaries."""

    def joined(key: str) -> list:
        return [value for part in parts for value in part[key]]

    endpoints: dict[str, list[float]] = {}
    failures: Counter = Counter()
    for part in parts:
        for name, values in part["endpoints"].items():
            endpoints.setdefault(name, []).extend(values)
        failures.update(part["failures"])
    kinds = Counter()
    for part in parts:
        kinds.update(part["kinds"])
    return {
        "cpu": sum(part["cpu"] for part in parts),
        "push": {
            **summary(joined("push"), 0),
            "missing": sum(part["push_missing"] for part in parts),
            "doubled": sum(part["push_doubled"] for part in parts),
        },
        "table": {**summary(joined("table"), 0), "missing": sum(p["table_missing"] for p in parts)},
        "read": summary(joined("read"), failures["read"]),
        "write": summary(joined("write"), failures["write"]),
        "errors": failures["read"] + failures["write"],
        "error_samples": joined("error_samples")[:10],
        "endpoints": {
            name: summary(values, failures[f"endpoint {name}"])
            for name, values in endpoints.items()
        },
        "events": {
            "total": sum(kinds.values()),
            "by_kind": dict(kinds),
            "match": summary(joined("match_delivery"), 0),
        },
        "reports": joined("reports"),
        "spread": max(part["spread"] for part in parts),
    }


def rss(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


# --- printing ----------------------------------------------------------------------------------


def report(args, plan, figures, cpu, integrity) -> None:
    push, read, write = figures["push"], figures["read"], figures["write"]
    requests = read["count"] + write["count"]
    print(
        f"turnover: {machine()}; gunicorn {args.web_workers} sync workers and uvicorn 1 process "
        f"(genesis.settings.production), {CELERY_WORKERS} Celery workers (--pool=solo), "
        "PostgreSQL, Redis; the clients (asyncio, aiohttp) on the same machine"
    )
    print(
        f"  {len(plan['players'])} players each holding the stream; round 3 paired by a worker "
        f"in {figures['paired_in']:.1f} s ({len(plan['matches'])} matches); reports over "
        f"{plan['round_seconds']:g} s"
    )
    print(
        f"  push (round 3 paired -> event read by each client): p50 {push['p50']:.0f} ms, "
        f"p95 {push['p95']:.0f} ms, max {push['max']:.0f} ms; "
        f"{push['count']} clients got it, {push['missing']} did not, {push['doubled']} twice"
    )
    print(
        f"  own table found in the event by {figures['table']['count']} clients "
        f"({figures['table']['missing']} without); the pages' fetches spread over "
        f"{figures['spread']:g} s"
    )
    for label, part in (("reads", read), ("writes", write)):
        print(
            f"  {label + ':':7} {part['count']:,} requests, p50 {part['p50']:.1f} ms, "
            f"p95 {part['p95']:.1f} ms, p99 {part['p99']:.1f} ms, max {part['max']:.1f} ms, "
            f"{part['failures']} errors"
        )
    print("  by endpoint (slowest p95 first):")
    for name, entry in sorted(figures["endpoints"].items(), key=lambda item: -item[1]["p95"]):
        print(
            f"    {name:52} {entry['count']:6,}  p50 {entry['p50']:7.1f}  p95 {entry['p95']:7.1f}"
            f"  p99 {entry['p99']:7.1f} ms  {entry['failures']} errors"
        )
    events = figures["events"]
    print(
        f"  stream events read by the clients: {events['total']:,} "
        f"({', '.join(f'{k} {v:,}' for k, v in sorted(events['by_kind'].items()))}); "
        f"match events' delivery p50 {events['match']['p50']:.0f} ms, "
        f"p95 {events['match']['p95']:.0f} ms"
    )
    print(f"  errors: {figures['errors']}")
    for sample in figures["error_samples"]:
        print(f"    {sample}")
    # (load.CpuMeter names the load generator after load.py's, locust)
    used = {("the clients" if n == "locust" else n): v for n, v in cpu["used"].items()}
    print(
        f"  CPU from round 3's opening to the last report: {cpu['busy']:.0f} of "
        f"{cpu['available']:.0f} core-seconds busy; "
        + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in used.items())
    )
    served = used["gunicorn"] + used["uvicorn"] + used["PostgreSQL"]
    print(
        f"  gunicorn, uvicorn and PostgreSQL together: {served / max(requests, 1) * 1000:.1f} ms "
        f"of CPU per request ({requests:,} requests; the streams' deliveries included)"
    )
    print(f"  memory per open stream (uvicorn's growth): {figures['stream_bytes'] / 1024:.1f} KiB")
    outcomes = Counter((s["repeat"], s["status"], s["code"]) for s in figures["reports"])
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
        f"  database: {integrity['rows']} report rows; {integrity['confirmed']}/"
        f"{integrity['matches']} matches confirmed, round 3 {integrity['round_status']}"
    )
    print(f"  lost results: {integrity['lost']}, doubled results: {integrity['duplicated']}")
    for problem in integrity["problems"][:20]:
        print(f"    {problem}")
    measured = {"push p95": push["p95"], "reads p95": read["p95"], "writes p95": write["p95"]}
    print(
        "  targets: "
        + "; ".join(
            f"{name} < {target:.0f} ms: {measured[name]:.0f} ms, "
            + ("met" if measured[name] < target else "NOT met")
            for name, target in TARGETS.items()
        )
    )


# --- the clients' process ----------------------------------------------------------------------


def run_clients(plan_path: Path, out_path: Path, shard: int, shards: int) -> int:
    import uvloop

    return uvloop.run(clients(plan_path, out_path, shard, shards))


async def clients(plan_path: Path, out_path: Path, shard: int, shards: int) -> int:
    """One client per player of this shard (every `shards`-th from `shard` on): open every
    stream, wait for round 3, fetch, then report for this shard's matches."""
    import resource

    import aiohttp

    plan = json.loads(plan_path.read_text())
    rng = random.Random(3 + shard)
    watchers = {p["registration"] for p in plan["players"][: plan["all_matches"]]}
    plan["players"] = plan["players"][shard::shards]
    event = plan["event"]
    times: dict[str, list[float]] = {"read": [], "write": []}
    endpoints: dict[str, list[float]] = {}
    failures: Counter = Counter()
    endpoint_failures: Counter = Counter()
    error_samples: list[str] = []
    push: list[float] = []
    table: list[float] = []
    missing_tables: list[int] = []
    spread = {"seconds": 0.0}
    rounds_seen: Counter = Counter()
    kinds: Counter = Counter()
    match_delivery: list[float] = []
    sent: list[dict] = []
    open_count = 0
    all_open = asyncio.Event()
    fetched: list[asyncio.Task] = []
    unlimited = aiohttp.TCPConnector(limit=0, force_close=True)
    session = aiohttp.ClientSession(
        connector=unlimited, timeout=aiohttp.ClientTimeout(total=None, sock_read=None)
    )

    async def call(method: str, name: str, path: str, token: str, body=None) -> tuple:
        kind = "read" if method == "GET" else "write"
        started = time.perf_counter()
        status, data, failed = None, None, None
        try:
            async with session.request(
                method,
                plan["api"] + path,
                json=body,
                headers={"Authorization": f"Token {token}"},
                timeout=aiohttp.ClientTimeout(total=60),
            ) as answer:
                status = answer.status
                data = await answer.json(content_type=None)
        except Exception as error:  # a refused connection, a timeout: an error of the run
            failed = f"{name}: {type(error).__name__} {error}"[:200]
        took = (time.perf_counter() - started) * 1000
        times[kind].append(took)
        endpoints.setdefault(name, []).append(took)
        return status, data, failed, took

    def failure(kind: str, name: str, text: str) -> None:
        failures[kind] += 1
        endpoint_failures[name] += 1
        if len(error_samples) < 10:
            error_samples.append(text)

    async def on_round_paired(player: dict, data: bytes, received: float) -> None:
        # The table, from the event itself (as live.js shows it at once). Read here, after the
        # receipt was timed: a phone parses its own event; this one process parses 2,048.
        await asyncio.sleep(0)
        facts = json.loads(data)
        for row in facts.get("tables") or ():
            if player["name"] in (row[1], row[2]):
                table.append(received - facts["version"] / 1000)
                break
        else:
            missing_tables.append(player["registration"])
        # Then the page's fetches, at a moment of this phone's own within the event's spread.
        spread["seconds"] = float(facts.get("spread") or 0)
        await asyncio.sleep(rng.random() * spread["seconds"])
        status, data, failed, _ = await call(
            "GET",
            "GET /api/tournaments/[id]/my-match/",
            f"/api/tournaments/{event}/my-match/",
            player["token"],
        )
        if failed or status != 200 or (data or {}).get("table") is None:
            failure(
                "read",
                "GET /api/tournaments/[id]/my-match/",
                failed or f"my-match {status} {data}",
            )
        if rng.random() < plan["page_read_share"]:
            if rng.random() < 0.5:
                name = "GET /api/tournaments/[id]/rounds/[n]/pairings/"
                path = f"/api/tournaments/{event}/rounds/{plan['round_number']}/pairings/"
            else:
                name = "GET /api/tournaments/[id]/standings/"
                path = f"/api/tournaments/{event}/standings/"
            status, _data, failed, _ = await call("GET", name, path, player["token"])
            if failed or status != 200:
                failure("read", name, failed or f"{name} {status}")

    async def hold_stream(player: dict, opening: asyncio.Semaphore) -> None:
        nonlocal open_count
        # As the pages open it: a player's event page without the matches (its own match's
        # page would ask for that one), a few screens (the bracket, a venue's) with all of them.
        matches = "all" if player["registration"] in watchers else "none"
        url = f"{plan['streams']}/api/tournaments/{event}/stream/?matches={matches}"
        async with opening:
            answer = await session.get(url, headers={"Accept": "text/event-stream"})
            if answer.status != 200:
                print(f"stream answered {answer.status}: {(await answer.text())[:300]}", flush=True)
                raise SystemExit(1)
        open_count += 1
        if open_count == len(plan["players"]):
            all_open.set()
        kind, data = None, None
        try:
            async for raw in answer.content:
                # In bytes, undecoded: what timing needs is read from them without copying a
                # round's event (every table) or parsing it, as a phone would parse its own.
                if raw.startswith(b"event:"):
                    kind = raw[6:].strip().decode()
                elif raw.startswith(b"data:"):
                    data = raw[5:].strip()
                elif raw.strip() == b"" and kind and data:
                    received = time.time() * 1000
                    kinds[kind] += 1
                    version = int(VERSION.search(data).group(1))
                    if kind == "round" and b'"number": %d,' % plan["round_number"] in data:
                        if b'"status": "paired"' in data:
                            rounds_seen[player["registration"]] += 1
                            push.append(received - version / 1000)
                            if rounds_seen[player["registration"]] == 1:
                                fetched.append(
                                    asyncio.create_task(on_round_paired(player, data, received))
                                )
                    elif kind == "match":
                        match_delivery.append(received - version / 1000)
                    kind, data = None, None
        except (asyncio.CancelledError, aiohttp.ClientError):
            pass
        finally:
            answer.release()

    opening = asyncio.Semaphore(OPEN_AT_ONCE)
    began = time.monotonic()
    holders = [asyncio.create_task(hold_stream(p, opening)) for p in plan["players"]]
    await asyncio.wait_for(all_open.wait(), timeout=300)
    print(f"open {time.monotonic() - began:.2f}", flush=True)

    # Round 3: the orchestrator writes its matches once it is paired.
    matches_path = plan_path.parent / "matches.json"
    while not matches_path.exists():
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.2)
    matches = json.loads(matches_path.read_text())[shard::shards]
    deadline = time.monotonic() + 60
    while len(fetched) < len(plan["players"]) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    await asyncio.gather(*fetched)

    # The round: both players of every match report, spread over round_seconds.
    jobs = [
        (rng.uniform(0, plan["round_seconds"]), match, seat, False)
        for match in matches
        for seat in ("a", "b")
    ]
    jobs += [
        (rng.uniform(when, plan["round_seconds"] + 5), match, seat, True)
        for when, match, seat, _ in rng.sample(jobs, int(len(jobs) * plan["repeat_share"]))
    ]
    round_began = time.monotonic()

    async def report(when: float, match: dict, seat: str, repeat: bool) -> None:
        await asyncio.sleep(max(0.0, round_began + when - time.monotonic()))
        a, b, draws = match["score"]
        record = {
            "match": match["id"],
            "seat": seat,
            "repeat": repeat,
            "status": None,
            "code": None,
        }
        sent.append(record)
        name = "POST /api/matches/[id]/result/" + (" (again)" if repeat else "")
        status, data, failed, _ = await call(
            "POST",
            name,
            f"/api/matches/{match['id']}/result/",
            match[seat],
            {"player_a_wins": a, "player_b_wins": b, "draws": draws},
        )
        record["status"], record["code"] = (
            status,
            (data or {}).get("code") if isinstance(data, dict) else None,
        )
        harmless = repeat and status == 409 and record["code"] == "match_over"
        if failed or (status != 200 and not harmless):
            failure("write", name, failed or f"{name} {status} {data}")

    await asyncio.gather(*(report(*job) for job in jobs))
    await asyncio.sleep(2)  # the last events' delivery
    for holder in holders:
        holder.cancel()
    await asyncio.gather(*holders, return_exceptions=True)
    await session.close()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    registrations = [p["registration"] for p in plan["players"]]
    out = {
        "cpu": usage.ru_utime + usage.ru_stime,
        "push": push,
        "push_missing": sum(1 for r in registrations if rounds_seen[r] == 0),
        "push_doubled": sum(1 for r in registrations if rounds_seen[r] > 1),
        "table": table,
        "table_missing": len(missing_tables),
        "read": times["read"],
        "write": times["write"],
        "failures": {
            **failures,
            **{f"endpoint {name}": n for name, n in endpoint_failures.items()},
        },
        "error_samples": error_samples,
        "endpoints": endpoints,
        "kinds": dict(kinds),
        "match_delivery": match_delivery,
        "reports": sent,
        "spread": spread["seconds"],
    }
    out_path.write_text(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
