"""Settings for the test suite. DATABASE_URL points at the real PostgreSQL in ./scripts/test."""

import os

from .base import *  # noqa: F403
from .base import LOG_LEVEL, SECRET_KEY, logs

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
