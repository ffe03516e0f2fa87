"""Settings shared by every environment. Everything machine-specific comes from the environment."""

import ipaddress
import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from kombu import Queue

from genesis import logs

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = Path(os.environ.get("GENESIS_VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


SECRET_KEY = os.environ.get("SECRET_KEY", "")
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_prometheus",
    "django_structlog",
    # The server-sent event stream of each event (tournaments.stream; docs/deployment.md).
    "django_eventstream",
    "genesis",
    "axes",
    "decks",
    "tournaments",
    "matchups",
    "metagame",
    "rules",
]
# The metagame names the archetype of each deck on a player's page (tournaments.selectors.players):
# named here, not imported there, because the metagame sits above the tournaments app.
PLAYER_PAGE_ARCHETYPES = "metagame.selectors.archetypes_in"

MIDDLEWARE = [
    # First and last: django-prometheus counts every request and its latency by view.
    "django_prometheus.middleware.PrometheusBeforeMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Every request gets an id (X-Request-ID), bound to its log lines further in.
    "genesis.logs.RequestIdMiddleware",
    "genesis.edge.RejectNulMiddleware",
    "genesis.edge.DatabaseUnavailableMiddleware",
    "genesis.edge.ApiNotFoundMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # After authentication, so the request's log lines name the user (django-structlog).
    "django_structlog.middlewares.RequestMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: it turns a locked-out log-in into the lockout answer.
    "axes.middleware.AxesMiddleware",
    "django_prometheus.middleware.PrometheusAfterMiddleware",
]

ROOT_URLCONF = "genesis.urls"
WSGI_APPLICATION = "genesis.wsgi.application"
ASGI_APPLICATION = "genesis.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "rules.context_processors.engine",
            ],
        },
    },
]


def database_from_env() -> dj_database_url.DBConfig:
    """DATABASE_URL wins; without it the embedded SQLite file under var/ is used."""
    default_url = f"sqlite:///{VAR_DIR / 'genesis.sqlite3'}"
    # Kept connections are checked before reuse, so a restarted database costs one failed
    # request per process at most (answered 503: genesis.edge), never a stuck process.
    config = dj_database_url.parse(
        os.environ.get("DATABASE_URL") or default_url, conn_max_age=60, conn_health_checks=True
    )
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # WAL lets the web process read while the Celery worker writes.
        config["OPTIONS"] = {
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
        }
        config["CONN_MAX_AGE"] = 0
    return config


DATABASES = {"default": database_from_env()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes first: it refuses a locked-out account and address before any password is checked
# (docs/deployment.md, Accounts); then Django's, finding the account ignoring case, which has the
# last word on a password. Django's own stays listed for the sessions it logged in before: a
# session whose backend is not listed is logged out.
AUTHENTICATION_BACKENDS = [
    "genesis.authentication.LoginLimitBackend",
    "genesis.authentication.UsernameAnyCaseBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "decks:card-search"
LOGOUT_REDIRECT_URL = "decks:card-search"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT: Path | None = VAR_DIR / "staticfiles"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "genesis.authentication.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": [
        "genesis.edge.BoundedJSONParser",  # JSON depth and NUL bounded (genesis/edge.py)
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "genesis.pagination.Pagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "genesis.errors.api_exception_handler",
    "DEFAULT_THROTTLE_RATES": {"register": os.environ.get("SIGNUP_RATE", "20/hour")},
    # X-Forwarded-For is believed only behind this many trusted proxies (0: never).
    "NUM_PROXIES": int(os.environ.get("TRUSTED_PROXIES", "0")),
}

# --- automated events: each user's share of the workers (docs/tournaments.md, Limits) ---------
# At most AUTOMATED_MAX_ENTRANTS decks in one automated event (409 entrant_limit), at most
# AUTOMATED_MAX_PER_HOUR automated events created by one user in an hour, and at most
# AUTOMATED_MAX_RUNNING of theirs running at once, and at most AUTOMATED_ENTRANTS_PER_HOUR decks
# entered in their automated events in an hour (429 with Retry-After). Nobody is exempt, as
# in the matchup lab. Request bodies keep Django's own limits (DATA_UPLOAD_MAX_MEMORY_SIZE,
# DATA_UPLOAD_MAX_NUMBER_FIELDS, DATA_UPLOAD_MAX_NUMBER_FILES): 413 too_large (genesis.edge).
AUTOMATED_MAX_ENTRANTS = int(os.environ.get("AUTOMATED_MAX_ENTRANTS", "128"))
AUTOMATED_MAX_PER_HOUR = int(os.environ.get("AUTOMATED_MAX_PER_HOUR", "10"))
AUTOMATED_MAX_RUNNING = int(os.environ.get("AUTOMATED_MAX_RUNNING", "2"))
AUTOMATED_ENTRANTS_PER_HOUR = int(os.environ.get("AUTOMATED_ENTRANTS_PER_HOUR", "256"))

# --- accounts: who may log in, how often, and how long a token lives ---------------------------
TRUSTED_PROXIES = int(os.environ.get("TRUSTED_PROXIES", "0"))
# Failed log-ins (the log-in page and POST /api/auth/token/ alike) are counted in the database
# (django-axes' database handler: a Redis outage changes nothing here) per account *and* address
# together: a stranger's wrong passwords never lock the owner out from another address, and one
# person's failures behind a venue's shared address lock out no one else behind it. After
# LOGIN_FAILURE_LIMIT failures the pair is refused (429 with Retry-After) for a cool-off that starts
# at LOGIN_COOLOFF_FIRST_SECONDS and doubles with every further LOGIN_FAILURE_LIMIT failures on the
# account from any address within a day, up to LOGIN_COOLOFF_MINUTES
# (genesis.authentication.login_cool_off).
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "10"))
LOGIN_COOLOFF_FIRST = timedelta(seconds=int(os.environ.get("LOGIN_COOLOFF_FIRST_SECONDS", "60")))
LOGIN_COOLOFF_LONGEST = timedelta(minutes=int(os.environ.get("LOGIN_COOLOFF_MINUTES", "15")))
LOGIN_ESCALATION_WINDOW = timedelta(days=1)
AXES_COOLOFF_TIME = "genesis.authentication.login_cool_off"
# Each failure's own expiry (its attempt time plus the cool-off of then), not one threshold for
# all: with a cool-off per account, a shared one would delete a longer-cooling account's count.
AXES_USE_ATTEMPT_EXPIRATION = True
# Every failure is logged (per account, the last 1000): the escalation counts them.
AXES_ENABLE_ACCESS_FAILURE_LOG = True
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_USERNAME_CALLABLE = "genesis.authentication.login_account"  # ALICE and alice: one account
AXES_LOCKOUT_CALLABLE = "genesis.accounts.locked_out"
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False
AXES_IPWARE_PROXY_COUNT = TRUSTED_PROXIES or None
AXES_IPWARE_META_PRECEDENCE_ORDER = (
    ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"] if TRUSTED_PROXIES else ["REMOTE_ADDR"]
)
# API tokens expire this long after they are issued; a user can revoke theirs at any time.
TOKEN_TTL = timedelta(days=int(os.environ.get("TOKEN_TTL_DAYS", "30")))
# A password reset link (Django's PasswordResetView, by e-mail) works for an hour.
PASSWORD_RESET_TIMEOUT = 3600

# One cache for every process: Redis in production (CACHE_URL, else REDIS_URL), so the sign-up
# limit is shared; a local memory cache otherwise. Everything in it may be lost: when Redis does
# not answer, a read is a miss and a write is dropped, with a logged warning (genesis/cache.py),
# so sign-ups go unlimited for the outage rather than failing.
_cache_url = os.environ.get("CACHE_URL") or os.environ.get("REDIS_URL")
CACHES: dict[str, dict[str, Any]] = {
    "default": (
        {
            "BACKEND": "genesis.cache.FailOpenRedisCache",
            "LOCATION": _cache_url,
            # A Redis that is away costs a request two seconds at most, never a hung worker.
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
        }
        if _cache_url
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# The event stream (tournaments.stream, docs/deployment.md "The event stream"): each event's recent
# history is kept in the database (a sequence number per event is the id a client resumes from);
# with STREAM_REDIS_URL (else REDIS_URL) every event is fanned out through Redis pub/sub to the
# streams of every web process, and without it (./scripts/serve) each web process watches the
# history table instead.
EVENTSTREAM_STORAGE_CLASS = "tournaments.stream.History"
STREAM_REDIS_URL = os.environ.get("STREAM_REDIS_URL") or os.environ.get("REDIS_URL") or ""
if STREAM_REDIS_URL:
    from redis.connection import parse_url

    EVENTSTREAM_REDIS = {**parse_url(STREAM_REDIS_URL), "socket_connect_timeout": 2}

SPECTACULAR_SETTINGS = {
    "TITLE": "Genesis: Battle of Champions service API",
    "DESCRIPTION": "Card index, timelines and tournaments for Genesis: Battle of Champions.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI is served from the installed sidecar package, not a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "genesis.schema.add_error_responses",
    ],
    # A match's seats, "a" and "b", under whatever field names them (a fixed seat, a caller's).
    "ENUM_NAME_OVERRIDES": {"SeatEnum": ["a", "b"]},
}

# Celery: with a broker URL use it (Redis in production and tests); without one fall back to
# kombu's filesystem transport under var/, so ./scripts/serve needs no Redis and tasks still
# run in the worker process, never inline in a web request.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL") or os.environ.get("REDIS_URL") or ""
# Redis redelivers a message its worker never acknowledged (a worker killed mid-task) once it is
# older than `visibility_timeout` (BROKER_VISIBILITY_TIMEOUT, 120 s: longer than an engine game's
# 90 s at most; the fault tests shorten it), at the next scan a living worker makes for such
# messages. kombu scans every `unacked_restore_interval` seconds times `unacked_restore_throttle`
# (10 × 10 = 100 s by default, which made a killed worker's matchup chunk come back after up to
# 220 s); one scan every 10 s makes it visibility_timeout + 10 s, 130 s: the bound
# docs/deployment.md states and tests/test_faults.py asserts. (The sweep of pending work resends
# a killed worker's rounds and games sooner, at the next worker's start.)
# "priority": a worker that serves several queues (CELERY_TASK_QUEUES) always takes from the first
# that has work, not each in turn (kombu's default, round robin), so tournament work goes first.
BROKER_VISIBILITY_TIMEOUT = int(os.environ.get("BROKER_VISIBILITY_TIMEOUT", "120"))
BROKER_RESTORE_EVERY = 10
CELERY_BROKER_TRANSPORT_OPTIONS: dict = {
    "visibility_timeout": BROKER_VISIBILITY_TIMEOUT,
    "unacked_restore_interval": BROKER_RESTORE_EVERY,
    "unacked_restore_throttle": 1,
    "queue_order_strategy": "priority",
}
if CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    # kombu's Redis transport, except that a closed channel is a lost connection, not a crash
    # (genesis/redis_transport.py says why).
    CELERY_BROKER_TRANSPORT = "genesis.redis_transport:Transport"
if not CELERY_BROKER_URL:
    _queue_dir = VAR_DIR / "celery" / "queue"
    CELERY_BROKER_URL = "filesystem://"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_queue_dir),
        "data_folder_out": str(_queue_dir),
        "processed_folder": str(VAR_DIR / "celery" / "processed"),
        # Broadcasts (ping, purge) keep their exchange table here; kombu's default is a
        # "control" folder in the current directory.
        "control_folder": str(VAR_DIR / "celery" / "control"),
        "store_processed": False,
    }
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND") or None
# Nothing reads a task's result (the database is the record of the work), so none is stored or
# waited for. Otherwise every send first subscribes to the result's channel on the result
# backend: with Redis down, that retried for about 20 s and then failed with an error outside
# the broker's (a 500 instead of 503 broker_unavailable; tests/test_faults.py).
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 300
# Two queues (docs/deployment.md, Queues and workers): "celery" (the default) for tournament
# work (pairings, adjudicated games) and the sweep, "matchups" for the matchup lab's chunks of
# games, so a round is never paired behind a queue of matchup jobs. A worker started without -Q
# serves both, tournament work first (queue_order_strategy above); production runs a worker for
# each.
CELERY_TASK_DEFAULT_QUEUE = "celery"
MATCHUPS_QUEUE = "matchups"
CELERY_TASK_QUEUES = [
    Queue(CELERY_TASK_DEFAULT_QUEUE, routing_key=CELERY_TASK_DEFAULT_QUEUE),
    Queue(MATCHUPS_QUEUE, routing_key=MATCHUPS_QUEUE),
]
CELERY_TASK_ROUTES = {"matchups.*": {"queue": MATCHUPS_QUEUE, "routing_key": MATCHUPS_QUEUE}}
# Pending work (genesis.resend: tournaments.services.recovery, matchups.services.matchup_resend)
# is looked for by every worker, from a thread of its own, when it starts and every
# WORK_RESEND_EVERY seconds after, and resent once it is older than ROUND_STALE_SECONDS (a
# pairing) or GAME_STALE_SECONDS (an engine game, which may take up to
# tournaments.tasks.GAME_TIME_LIMIT, 90 s); a matchup job's chunks after
# matchups.services.STALE_AFTER. Keep the defaults in production; the fault tests shorten them
# to watch a recovery sooner. No Celery beat is needed (or used).
WORK_RESEND_EVERY = float(os.environ.get("WORK_RESEND_EVERY", "15"))
ROUND_STALE_SECONDS = float(os.environ.get("ROUND_STALE_SECONDS", "30"))
GAME_STALE_SECONDS = float(os.environ.get("GAME_STALE_SECONDS", "100"))

# --- e-mail: the round e-mails players ask for (docs/deployment.md, E-mail) --------------------
# Sent by a worker only (tournaments.tasks.round_emails_task), never in a request; the one
# exception is a password reset's e-mail, sent by Django's view in its request (a failed send is
# logged, and the page answers the same). Without EMAIL_HOST (./scripts/serve) the console backend
# writes them to the process's log; production settings send by SMTP (EMAIL_BACKEND overrides).
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if os.environ.get("EMAIL_HOST")
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
# A mail server that stops answering costs a send this long, then the task retries.
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "10"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Genesis events <events@localhost>")
# The site's address as players reach it, for the links in e-mails (a worker has no request to
# build them from). ./scripts/serve's address by default; production: https:// and the first
# of ALLOWED_HOSTS unless set.
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

# --- operations: health, metrics, logs, error reports (docs/deployment.md) ------------------------

# Workers write a heartbeat every WORKER_HEARTBEAT_EVERY seconds; /readyz fails when none came in
# the last WORKER_HEARTBEAT_MAX_AGE. The heartbeat lives where every process can read it: the
# shared Redis cache, else the broker's Redis, else (./scripts/serve) a file cache under var/.
WORKER_HEARTBEAT_EVERY = float(os.environ.get("WORKER_HEARTBEAT_EVERY", "15"))
WORKER_HEARTBEAT_MAX_AGE = float(os.environ.get("WORKER_HEARTBEAT_MAX_AGE", "60"))
_heartbeat_redis = _cache_url or (
    CELERY_BROKER_URL if CELERY_BROKER_URL.startswith(("redis://", "rediss://")) else None
)
CACHES["heartbeats"] = (
    {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": _heartbeat_redis,
        "KEY_PREFIX": "genesis",
        "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
    }
    if _heartbeat_redis
    else {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": str(VAR_DIR / "heartbeats"),
    }
)

# /metrics answers only a caller with this token (Authorization: Bearer …) or from these
# addresses or networks (comma-separated, e.g. 10.0.0.0/8,127.0.0.1). Neither: nobody.
METRICS_TOKEN = os.environ.get("METRICS_TOKEN", "")
METRICS_ALLOWED_NETWORKS = [
    ipaddress.ip_network(item, strict=False) for item in env_list("METRICS_ALLOWED_IPS", [])
]
# django-prometheus: request latencies by view, with these buckets (seconds).
PROMETHEUS_LATENCY_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 2.5, 5, 10, 30)

# Logs: JSON lines (LOG_FORMAT=json, the default) or readable text (console: local settings).
# The request id comes from a safe incoming X-Request-ID (genesis.logs.RequestIdMiddleware
# checks it) or is made; django-structlog hands it to Celery tasks in their headers.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "json")
LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO")
LOGGING = logs.logging_config(LOG_FORMAT, LOG_LEVEL)
logs.configure_structlog()
DJANGO_STRUCTLOG_CELERY_ENABLED = True
DJANGO_STRUCTLOG_TRUST_UPSTREAM_REQUEST_ID = True  # as RequestIdMiddleware left it
# The client address logged with each request (django-ipware) is believed as the log-in limits
# believe it: X-Forwarded-For only behind TRUSTED_PROXIES proxies.
IPWARE_META_PRECEDENCE_ORDER = AXES_IPWARE_META_PRECEDENCE_ORDER
IPWARE_META_PROXY_COUNT = AXES_IPWARE_PROXY_COUNT

# Errors go to Sentry when SENTRY_DSN is set, and nowhere else otherwise.
SENTRY_DSN = os.environ.get("SENTRY_DSN", "")
SENTRY_ENABLED = logs.sentry_init(
    SENTRY_DSN,
    environment=os.environ.get("SENTRY_ENVIRONMENT", "production"),
    release=os.environ.get("SENTRY_RELEASE") or None,
)
