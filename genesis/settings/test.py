"""Settings for the test suite. DATABASE_URL points at the real PostgreSQL in ./scripts/test."""

import os
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit


def _shard_for_xdist() -> None:
    """./scripts/test runs the suite in two pytest-xdist processes (gw0, gw1). pytest-django
    gives each its own database; this gives each its own Redis databases and var/ folder, so
    that each process's Celery worker takes only that process's work. Done in the environment,
    once, so that the processes a test starts (a worker, a site) inherit the same; a process
    started with a broker of its own (the fault tests) is left alone."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker.startswith("gw") or os.environ.get("GENESIS_TEST_SHARD") == worker:
        return
    index = int(worker.removeprefix("gw"))
    for name in ("CELERY_BROKER_URL", "CELERY_RESULT_BACKEND"):
        url = urlsplit(os.environ.get(name, ""))
        if url.scheme in ("redis", "rediss"):
            db = int(url.path.strip("/") or 0) + 2 * index
            os.environ[name] = urlunsplit(url._replace(path=f"/{db}"))
    if os.environ.get("GENESIS_VAR_DIR"):
        os.environ["GENESIS_VAR_DIR"] = str(Path(os.environ["GENESIS_VAR_DIR"]) / worker)
    os.environ["GENESIS_TEST_SHARD"] = worker


_shard_for_xdist()

from .base import *  # noqa: E402, F403
from .base import LOG_LEVEL, SECRET_KEY, logs  # noqa: E402

SECRET_KEY = SECRET_KEY or "test-only-not-secret"
DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
ALLOWED_HOSTS = ["*"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Serve static files straight from the app folders (no collectstatic needed).
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# Readable lines in the test output; a test that reads a worker's log asks for JSON.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "console")
LOGGING = logs.logging_config(LOG_FORMAT, LOG_LEVEL)
