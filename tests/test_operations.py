"""Operations (docs/deployment.md, Health, Metrics, Logs, Sentry): /healthz and /readyz, the
guarded /metrics and what it counts, the request id from a request into the log lines of the
task it enqueued (a real worker), JSON logs without secrets, and Sentry only when configured.

The readiness test that stops Redis and kills workers starts its own (as tests/test_faults.py
does), so the rest of the suite keeps its broker."""

import ipaddress
import json
import os
import subprocess
import sys
import time
import urllib.request
import uuid
from datetime import timedelta

import pytest
from django.test import Client, override_settings
from django.utils import timezone
from prometheus_client import REGISTRY

from genesis.heartbeat import HEARTBEAT_KEY, heartbeat
from genesis.tasks import resend_pending_task
from tests.conftest import ROOT
from tests.support.worker import worker_process
from tests.test_faults import call, kill, redis_env, redis_server, site, wait_until
from tests.tournaments.conftest import (  # noqa: F401  (fixtures)
    api,
    event_with_players,
    sample_text,
)
from tests.tournaments.test_adjudication import automated_event, paired_round
from tournaments.models import Match, Round
from tournaments.services import round_pair
from tournaments.tasks import adjudicate_game_task

LOCAL_HEARTBEATS = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "heartbeats": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "hb"},
}


def sample(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


# --- health --------------------------------------------------------------------------------------


def test_healthz_says_the_process_is_alive_without_touching_the_database():
    # (no django_db mark: a database query here would fail the test)
    response = Client().get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "checks": {"process": {"status": "ok"}}}
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
@override_settings(CACHES=LOCAL_HEARTBEATS)
def test_readyz_reports_each_check_and_fails_without_a_worker_heartbeat():
    # given no worker has beaten yet
    response = Client().get("/readyz")
    # then the service is not ready, and the answer says which check failed
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "failing"
    assert set(body["checks"]) == {"database", "migrations", "broker", "workers"}
    assert {name: check["status"] for name, check in body["checks"].items()} == {
        "database": "ok",
        "migrations": "ok",
        "broker": "ok",
        "workers": "failing",
    }
    assert "no worker heartbeat" in body["checks"]["workers"]["detail"]
    # when a worker beats
    heartbeat("worker@test")
    # then it is ready
    ready = Client().get("/readyz")
    assert ready.status_code == 200, ready.json()
    assert ready.json()["status"] == "ok"


@pytest.mark.django_db
@override_settings(CACHES=LOCAL_HEARTBEATS, WORKER_HEARTBEAT_MAX_AGE=60)
def test_a_heartbeat_older_than_the_limit_does_not_count():
    from django.core.cache import caches

    caches["heartbeats"].set(HEARTBEAT_KEY, {"worker": "w@h", "at": time.time() - 61})
    body = Client().get("/readyz").json()
    assert body["checks"]["workers"]["status"] == "failing"
    assert "last 61 s ago" in body["checks"]["workers"]["detail"]


@pytest.mark.django_db
@override_settings(CACHES=LOCAL_HEARTBEATS)
def test_readyz_and_the_pages_say_which_engine_plays_the_games(monkeypatch):
    from django.core.cache import caches

    from rules import context_processors
    from rules.core.engine import compiled

    web = "compiled" if compiled() else "python"
    # given no worker has said yet: the web process's own engine, and the workers' unknown
    body = Client().get("/readyz").json()
    assert body["engine"] == {"web": web, "workers": None}
    # when a worker running the compiled engine beats
    beat = {"worker": "w@h", "at": time.time(), "facts": {"engine": "compiled"}}
    caches["heartbeats"].set(HEARTBEAT_KEY, beat)
    monkeypatch.setattr(context_processors, "_known", {})
    # then /readyz and the pages' footer say so
    assert Client().get("/readyz").json()["engine"] == {"web": web, "workers": "compiled"}
    assert "played by the compiled rules engine" in Client().get("/").content.decode()
    # and a worker on pure Python is named as such
    caches["heartbeats"].set(HEARTBEAT_KEY, {**beat, "facts": {"engine": "python"}})
    monkeypatch.setattr(context_processors, "_known", {})
    assert Client().get("/readyz").json()["engine"]["workers"] == "python"
    assert "rules engine in pure Python" in Client().get("/").content.decode()


@pytest.mark.faults
@pytest.mark.django_db(transaction=True)
def test_readyz_turns_503_when_the_workers_or_the_broker_are_gone_and_back_when_they_return(
    tmp_path, database_url
):
    """A real Redis, real workers and the site under gunicorn; heartbeats every 0.5 s that count
    for 3 s, so the test waits seconds, not the production minute."""
    with redis_server(tmp_path) as broker:
        env = {
            **redis_env(broker, tmp_path / "var"),
            "WORKER_HEARTBEAT_EVERY": "0.5",
            "WORKER_HEARTBEAT_MAX_AGE": "3",
        }
        from tests.test_faults import celery_client

        with (
            celery_client(broker.url()) as pinger,
            site(database_url, env, tmp_path / "site.log") as base,
        ):

            def readiness() -> tuple[int, dict]:
                status, body = call(base, "GET", "/readyz")
                return status, {name: c["status"] for name, c in body["checks"].items()}

            # given no worker: not ready, for that reason only
            status, checks = readiness()
            assert (status, checks["workers"], checks["broker"]) == (503, "failing", "ok")
            # when a worker starts, it is ready
            with worker_process(
                database_url, tmp_path / "w1.log", name="ready1", env=env, ping_app=pinger
            ) as worker:
                wait_until(lambda: readiness()[0] == 200, 15, "ready once a worker beats")
                # when the worker is killed, it is not ready within the heartbeat's limit
                kill(worker)
            took = wait_until(lambda: readiness()[0] == 503, 10, "not ready without a worker")
            assert readiness()[1]["workers"] == "failing"
            print(f"not ready {took:.1f} s after the worker was killed")
            # and ready again when a worker is back
            with worker_process(
                database_url, tmp_path / "w2.log", name="ready2", env=env, ping_app=pinger
            ):
                wait_until(lambda: readiness()[0] == 200, 15, "ready again with a new worker")
                # when the broker stops, it is not ready, and the broker check says so
                broker.stop()
                wait_until(lambda: readiness()[0] == 503, 10, "not ready without the broker")
                assert readiness()[1]["broker"] == "failing"
                # when the broker is back, ready again (the worker beats again)
                broker.start()
                took = wait_until(lambda: readiness()[0] == 200, 30, "ready with the broker back")
                print(f"ready {took:.1f} s after the broker was back")
                assert set(readiness()[1].values()) == {"ok"}


@pytest.fixture
def database_url(request, transactional_db):
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("fault tests run on PostgreSQL")
    db = connection.settings_dict
    return f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


# --- metrics -------------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "headers",
    [
        pytest.param({}, id="anonymous"),
        pytest.param({"HTTP_AUTHORIZATION": "Bearer wrong"}, id="wrong-token"),
        pytest.param({"HTTP_AUTHORIZATION": "s3cret-metrics-token"}, id="token-not-bearer"),
    ],
)
@override_settings(METRICS_TOKEN="s3cret-metrics-token", METRICS_ALLOWED_NETWORKS=[])
def test_metrics_refuse_callers_without_the_token(headers):
    response = Client().get("/metrics", **headers)
    assert response.status_code == 403
    assert response.json()["code"] == "forbidden"
    assert b"django_http" not in response.content


@pytest.mark.django_db
@override_settings(METRICS_TOKEN="", METRICS_ALLOWED_NETWORKS=[])
def test_metrics_with_nothing_configured_refuse_everyone():
    assert Client().get("/metrics", HTTP_AUTHORIZATION="Bearer ").status_code == 403


@pytest.mark.django_db
@override_settings(
    METRICS_TOKEN="s3cret-metrics-token",
    METRICS_ALLOWED_NETWORKS=[ipaddress.ip_network("10.1.0.0/16")],
)
def test_metrics_answer_the_token_or_an_allowed_address():
    # given a request to a view, counted by django-prometheus
    Client().get("/api/cards/")
    # when Prometheus reads /metrics with the token
    response = Client().get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret-metrics-token")
    # then it gets the request latencies by view, and the work waiting too long
    assert response.status_code == 200
    text = response.content.decode()
    assert (
        'django_http_requests_latency_seconds_by_view_method_count{method="GET",view="api:card-list"}'
        in text
    )
    assert 'genesis_stuck_work{kind="rounds"} 0.0' in text
    # and from an allowed network no token is needed; from another, it is refused
    assert Client(REMOTE_ADDR="10.1.2.3").get("/metrics").status_code == 200
    assert Client(REMOTE_ADDR="10.2.0.1").get("/metrics").status_code == 403


@pytest.mark.django_db
@override_settings(METRICS_TOKEN="t")
def test_rounds_pairing_too_long_show_as_stuck_work(event_with_players):  # noqa: F811
    # given a round whose pairing has waited longer than the resend threshold
    event, _ = event_with_players(4)
    api("org").post(f"/api/tournaments/{event}/start/")
    assert api("org").post(f"/api/tournaments/{event}/rounds/").status_code == 202
    Round.objects.filter(tournament_id=event).update(
        created_at=timezone.now() - timedelta(minutes=5)
    )
    # when /metrics is read
    text = Client().get("/metrics", HTTP_AUTHORIZATION="Bearer t").content.decode()
    # then it counts it
    assert 'genesis_stuck_work{kind="rounds"} 1.0' in text
    # and once paired it is no longer stuck
    round_pair(round_id=Round.objects.get(tournament_id=event).pk)
    text = Client().get("/metrics", HTTP_AUTHORIZATION="Bearer t").content.decode()
    assert 'genesis_stuck_work{kind="rounds"} 0.0' in text


@pytest.mark.django_db
def test_pairing_time_is_measured_per_round(event_with_players):  # noqa: F811
    event, _ = event_with_players(4)
    api("org").post(f"/api/tournaments/{event}/start/")
    api("org").post(f"/api/tournaments/{event}/rounds/")
    round = Round.objects.get(tournament_id=event)
    before = sample("genesis_round_pairing_seconds_count", kind="swiss")
    delays = sample("genesis_round_pairing_delay_seconds_count", kind="swiss")
    round_pair(round_id=round.pk)
    round_pair(round_id=round.pk)  # delivered twice: paired, and measured, once
    assert sample("genesis_round_pairing_seconds_count", kind="swiss") == before + 1
    assert sample("genesis_round_pairing_delay_seconds_count", kind="swiss") == delays + 1


@pytest.mark.django_db
def test_adjudicated_games_are_counted_with_their_durations(bundled_cards, enqueued_tasks):
    event = automated_event(2, bot="random")
    match = Match.objects.get(round=paired_round(event, enqueued_tasks))
    played = sample("genesis_games_adjudicated_total", bot="random", outcome="played")
    timed = sample("genesis_game_adjudication_seconds_count", bot="random")
    adjudicate_game_task(match.pk, 1)
    adjudicate_game_task(match.pk, 1)  # a rerun records nothing, and counts nothing
    assert sample("genesis_games_adjudicated_total", bot="random", outcome="played") == played + 1
    assert sample("genesis_game_adjudication_seconds_count", bot="random") == timed + 1


@pytest.mark.django_db
def test_celery_tasks_are_counted_by_name_and_outcome():
    name = "genesis.resend_pending"
    started = sample("genesis_celery_tasks_total", task=name, state="started")
    succeeded = sample("genesis_celery_tasks_total", task=name, state="succeeded")
    resend_pending_task.apply()
    assert sample("genesis_celery_tasks_total", task=name, state="started") == started + 1
    assert sample("genesis_celery_tasks_total", task=name, state="succeeded") == succeeded + 1


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_metrics_add_up_the_web_and_worker_processes_in_multiprocess_mode(
    tmp_path,
    database_url,
    event_with_players,  # noqa: F811
):
    """As docs/deployment.md runs it: gunicorn (2 processes) and a Celery worker sharing
    PROMETHEUS_MULTIPROC_DIR; the web's /metrics shows what the worker counted."""
    from tests.test_faults import celery_client, token_of

    event, _ = event_with_players(4)
    api("org").post(f"/api/tournaments/{event}/start/")
    shared = tmp_path / "prometheus"
    shared.mkdir()
    with redis_server(tmp_path) as broker, celery_client(broker.url()) as pinger:
        env = {
            **redis_env(broker, tmp_path / "var"),
            "PROMETHEUS_MULTIPROC_DIR": str(shared),
            "METRICS_TOKEN": "scrape-token",
        }
        with (
            worker_process(
                database_url, tmp_path / "worker.log", name="metrics", env=env, ping_app=pinger
            ),
            site(database_url, env, tmp_path / "site.log", workers=2) as base,
        ):
            # when a round is started through the site and paired by the worker
            status, _ = call(base, "POST", f"/api/tournaments/{event}/rounds/", token_of("org"))
            assert status == 202
            wait_until(
                lambda: Round.objects.get(tournament_id=event).status != "pairing",
                30,
                "the worker pairs the round",
            )

            def scraped() -> str:
                request = urllib.request.Request(
                    base + "/metrics", headers={"Authorization": "Bearer scrape-token"}
                )
                with urllib.request.urlopen(request, timeout=10) as answer:
                    return answer.read().decode()

            # then the web's /metrics has the web's count and the worker's
            round_pair_task = "tournaments.round_pair"
            wait_until(
                lambda: (
                    scraped_value(
                        scraped(),
                        "genesis_celery_tasks_total",
                        task=round_pair_task,
                        state="succeeded",
                    )
                    == 1
                ),
                10,
                "the worker's success is scraped",
            )
            text = scraped()
            for state in ("queued", "started", "succeeded"):
                assert (
                    scraped_value(
                        text, "genesis_celery_tasks_total", task=round_pair_task, state=state
                    )
                    == 1
                ), state
            assert scraped_value(text, "genesis_round_pairing_seconds_count", kind="swiss") == 1
            assert "django_http_requests_latency_seconds_by_view_method" in text


def scraped_value(text: str, name: str, **labels: str) -> float | None:
    """The value of one sample in a Prometheus exposition (labels in any order)."""
    from prometheus_client.parser import text_string_to_metric_families

    for family in text_string_to_metric_families(text):
        for found in family.samples:
            if found.name == name and found.labels == labels:
                return found.value
    return None


# --- the request id and the logs -----------------------------------------------------------------


def test_every_answer_carries_a_request_id_a_safe_incoming_one_is_kept():
    kept = Client().get("/healthz", HTTP_X_REQUEST_ID="lb-1234.abc:5")
    assert kept["X-Request-ID"] == "lb-1234.abc:5"
    made = Client().get("/healthz")
    assert len(made["X-Request-ID"]) == 32
    for unsafe in ("two words", "line\nbreak", "x" * 65, '"quoted"'):
        replaced = Client().get("/healthz", HTTP_X_REQUEST_ID=unsafe)
        assert replaced["X-Request-ID"] != unsafe
        assert len(replaced["X-Request-ID"]) == 32


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_requests_id_is_on_every_log_line_of_the_task_it_started(
    celery_worker_process,
    event_with_players,  # noqa: F811
):
    # given an event ready for its first round
    event, _ = event_with_players(4)
    api("org").post(f"/api/tournaments/{event}/start/")
    queued = sample("genesis_celery_tasks_total", task="tournaments.round_pair", state="queued")
    request_id = f"ops-{uuid.uuid4().hex[:12]}"
    # when the organizer starts it, with a request id from the proxy
    response = api("org").post(f"/api/tournaments/{event}/rounds/", HTTP_X_REQUEST_ID=request_id)
    assert response.status_code == 202
    assert response["X-Request-ID"] == request_id
    assert (
        sample("genesis_celery_tasks_total", task="tournaments.round_pair", state="queued")
        == queued + 1
    )
    # then the worker pairs the round, and every line it logs for that task carries the id
    log = celery_worker_process.log_path

    def entries() -> list[dict]:
        # (the worker's start-up banner is not a log line)
        return [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]

    def started() -> dict | None:
        return next(
            (
                entry
                for entry in entries()
                if entry["event"] == "task_started" and entry.get("request_id") == request_id
            ),
            None,
        )

    wait_until(started, 60, "the worker starts the task")
    task_id = started()["task_id"]

    def of_task() -> list[dict]:
        found = entries()
        after = found[next(i for i, e in enumerate(found) if e.get("task_id") == task_id) :]
        return [e for e in after if e.get("task_id") == task_id or task_id in e["event"]]

    wait_until(
        lambda: any(e["logger"] == "celery.app.trace" for e in of_task()),
        60,
        "the worker logs the task's end",
    )
    lines = of_task()
    assert all(entry.get("request_id") == request_id for entry in lines), lines
    events = [entry["event"] for entry in lines]
    assert {"task_started", "round_paired", "task_succeeded"} <= set(events), events
    # and the lines name the event and the round
    paired = next(entry for entry in lines if entry["event"] == "round_paired")
    assert (paired["event_id"], paired["round"], paired["matches"]) == (event, 1, 2)


def run_python(code: str, **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in ("SENTRY_DSN", "LOG_FORMAT")}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "-c", code], env=environment, capture_output=True, text=True, cwd=ROOT
    )


LOG_A_LINE = (
    "import django; django.setup(); import structlog, logging; "
    "structlog.get_logger('genesis.test').info('signed_in', user_id=7, password='hunter2', "
    "decklist='Champion: Sera', api_token='abc'); "
    "logging.getLogger('django.request').warning('plain %s', 'line')"
)


def test_production_logs_are_json_lines_without_secrets():
    out = run_python(
        LOG_A_LINE,
        DJANGO_SETTINGS_MODULE="genesis.settings.production",
        SECRET_KEY="k" * 50,
    )
    lines = [json.loads(line) for line in out.stderr.strip().splitlines()]
    signed_in, plain = lines
    assert signed_in["event"] == "signed_in"
    assert signed_in["user_id"] == 7
    assert signed_in["level"] == "info"
    for secret in ("password", "decklist", "api_token"):
        assert signed_in[secret] == "[redacted]"
    assert "hunter2" not in out.stderr
    assert "Champion: Sera" not in out.stderr
    assert (plain["event"], plain["logger"]) == ("plain line", "django.request")


def test_development_logs_are_readable_text():
    out = run_python(LOG_A_LINE, DJANGO_SETTINGS_MODULE="genesis.settings.local")
    first = out.stderr.strip().splitlines()[0]
    assert first.lstrip().startswith("20")  # a timestamp, not a JSON object
    assert "signed_in" in first
    assert "user_id=7" in first
    assert "hunter2" not in out.stderr


@pytest.mark.parametrize(
    ("dsn", "reported"),
    [("", "False False"), ("https://public@sentry.example.org/1", "True True")],
)
def test_sentry_reports_errors_only_when_a_dsn_is_set(dsn, reported):
    code = (
        "import django; django.setup(); import sentry_sdk; from django.conf import settings; "
        "print(settings.SENTRY_ENABLED, sentry_sdk.is_initialized())"
    )
    env = {"DJANGO_SETTINGS_MODULE": "genesis.settings.test"}
    if dsn:
        env["SENTRY_DSN"] = dsn
    out = run_python(code, **env)
    assert out.stdout.strip() == reported, out.stderr[-2000:]


def test_health_and_metrics_answer_under_the_production_settings():
    env = {
        "DJANGO_SETTINGS_MODULE": "genesis.settings.production",
        "SECRET_KEY": "k" * 60,
        "ALLOWED_HOSTS": "testserver",
        "METRICS_TOKEN": "prod-token",
    }
    code = (
        "import django; django.setup(); from django.test import Client; "
        "h = Client().get('/healthz', secure=True); "
        "plain = Client().get('/healthz'); "
        "r = Client().get('/readyz'); "
        "m = Client().get('/metrics', secure=True, HTTP_AUTHORIZATION='Bearer prod-token'); "
        "anon = Client().get('/metrics', secure=True); "
        "print(h.status_code, h.has_header('Strict-Transport-Security'), plain.status_code, "
        "r.status_code in (200, 503), r['Content-Type'], m.status_code, anon.status_code)"
    )
    out = run_python(code, **env)
    assert out.stdout.split() == [
        "200",
        "True",
        "200",
        "True",
        "application/json",
        "200",
        "403",
    ], out.stderr[-3000:]


def test_readyz_fails_clearly_when_the_database_is_gone():
    # given a process whose database does not answer (nothing listens on port 9)
    code = (
        "import django, json; django.setup(); from django.test import Client; "
        "r = Client().get('/readyz'); "
        "print(r.status_code, json.dumps({k: v['status'] for k, v in r.json()['checks'].items()}))"
    )
    out = run_python(
        code,
        DJANGO_SETTINGS_MODULE="genesis.settings.test",
        DATABASE_URL="postgres://nobody@127.0.0.1:9/nothing",
    )
    status, checks = out.stdout.split(" ", 1)
    # then /readyz says which checks fail, as JSON, instead of a 500
    assert status == "503", out.stderr[-2000:]
    assert json.loads(checks) | {"broker": "?", "workers": "?"} == {
        "database": "failing",
        "migrations": "failing",
        "broker": "?",
        "workers": "?",
    }
