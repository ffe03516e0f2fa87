"""The test run really uses PostgreSQL, and the settings behave (real workers: tests/tournaments)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from tests.conftest import ROOT


@pytest.mark.django_db
def test_database_vendor_matches_database_url():
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        assert connection.vendor == "postgresql"
    else:
        pytest.skip("DATABASE_URL is not PostgreSQL here; ./scripts/test always sets it")


def test_production_settings_refuse_to_start_without_secret_key():
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    env["DJANGO_SETTINGS_MODULE"] = "genesis.settings.production"
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr
    env["SECRET_KEY"] = "x" * 50
    ok = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert ok.returncode == 0, ok.stderr


def test_settings_come_from_the_environment():
    code = (
        "import django; django.setup(); from django.conf import settings as s; import json; "
        "print(json.dumps([s.DEBUG, s.ALLOWED_HOSTS, s.DATABASES['default']['NAME'], "
        "s.CELERY_BROKER_URL]))"
    )
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "genesis.settings.production",
        "SECRET_KEY": "k" * 50,
        "ALLOWED_HOSTS": "cards.example,api.example",
        "DATABASE_URL": "postgres://u:p@db.example:5432/genesis",
        "DEBUG": "0",
        "REDIS_URL": "redis://cache.example:6379/0",
    }
    env.pop("CELERY_BROKER_URL", None)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert json.loads(out.stdout) == [
        False,
        ["cards.example", "api.example"],
        "genesis",
        "redis://cache.example:6379/0",
    ]


def test_the_openapi_schema_validates_without_warnings(tmp_path):
    from django.core.management import call_command

    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "s.yaml"))
    schema = (tmp_path / "s.yaml").read_text()
    for path in ("/api/cards/", "/api/decks/validate/", "/api/tournaments/", "/api/rules/search/"):
        assert f"  {path}:" in schema


def test_a_worker_defaults_to_production_settings_and_refuses_to_start_without_secret_key():
    # given a server's environment: no settings module named, no SECRET_KEY
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DJANGO_SETTINGS_MODULE")}
    celery = str(Path(sys.executable).with_name("celery"))
    # when a worker is started there
    result = subprocess.run(
        [celery, "-A", "genesis", "worker", "--pool=solo", "--loglevel=INFO"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    # then it stops at once, saying why, instead of running on the local settings
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stdout + result.stderr
    # and the app itself names the production settings when nothing else is set
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "import os, genesis.celery; print(os.environ['DJANGO_SETTINGS_MODULE'])",
        ],
        env=env,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert probe.stdout.strip() == "genesis.settings.production"


def test_manage_py_defaults_to_production_settings():
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DJANGO_SETTINGS_MODULE")}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], env=env, capture_output=True, text=True, cwd=ROOT
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_production_settings_pass_the_deploy_check_with_the_documented_environment():
    # (the browser fixture lets Django run in an event loop; a production process never does)
    inherited = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {
        **inherited,
        "DJANGO_SETTINGS_MODULE": "genesis.settings.production",
        "SECRET_KEY": "k" * 20 + "-not-a-real-secret-but-long-and-varied-enough-0123456789",
        "ALLOWED_HOSTS": "cards.example.org",
        "DATABASE_URL": "postgres://genesis:pw@db.example:5432/genesis",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        env=env,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_production_pages_carry_the_security_headers():
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "genesis.settings.production",
        "SECRET_KEY": "k" * 60,
        "ALLOWED_HOSTS": "testserver",
    }
    # (statics as in the test settings: the manifest of collectstatic is not built here)
    code = (
        "import django; django.setup(); from django.test import Client; "
        "from django.test.utils import override_settings; "
        "override_settings(STORAGES={'staticfiles': {'BACKEND': "
        "'django.contrib.staticfiles.storage.StaticFilesStorage'}}).enable(); "
        "r = Client().get('/accounts/login/', secure=True); "
        "d = Client().get('/api/docs/', secure=True); "
        "plain = Client().get('/accounts/login/'); "
        "print(r.status_code, 'script-src' in r.get('Content-Security-Policy', ''), "
        "r.has_header('Strict-Transport-Security'), d.has_header('Content-Security-Policy'), "
        "plain.status_code)"
    )
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.split() == ["200", "True", "True", "False", "301"], out.stderr[-2000:]
