"""Settings for ./scripts/serve: debug on, embedded SQLite unless DATABASE_URL says otherwise."""

import ipaddress
import os

from .base import *  # noqa: F403
from .base import LOG_LEVEL, SECRET_KEY, env_bool, logs

DEBUG = env_bool("DEBUG", True)
SECRET_KEY = SECRET_KEY or "local-development-only-not-secret"

# Serve static files straight from the app folders (no collectstatic needed).
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# Readable log lines while developing (LOG_FORMAT=json to see what production writes).
LOG_FORMAT = os.environ.get("LOG_FORMAT", "console")
LOGGING = logs.logging_config(LOG_FORMAT, LOG_LEVEL)
# /metrics from this machine without a token.
METRICS_ALLOWED_NETWORKS = [ipaddress.ip_network("127.0.0.1/32"), ipaddress.ip_network("::1/128")]
