"""Settings for ./scripts/serve: debug on, embedded SQLite unless DATABASE_URL says otherwise."""

from .base import *  # noqa: F403
from .base import SECRET_KEY, env_bool

DEBUG = env_bool("DEBUG", True)
SECRET_KEY = SECRET_KEY or "local-development-only-not-secret"

# Serve static files straight from the app folders (no collectstatic needed).
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
