"""The test run really uses PostgreSQL, and the settings behave (real workers: tests/tournaments)."""

import json
import os
import subprocess
import sys

import pytest
from django.db import connection


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
