"""Logs: structured JSON lines in production, readable lines in development, one request id from
the request into the Celery tasks it enqueues, and nothing secret in either (docs/deployment.md,
Logs).

- Every log line, Django's and Celery's included, goes through structlog's formatter, so each one
  carries the context bound for the work at hand: the request id (django-structlog binds it for a
  request, and its Celery integration carries it into the tasks the request enqueues, through
  the task's headers), the task's id, and the event, round and match the tasks bind.
- `redact` blanks the values of keys that may hold a secret or a decklist before publication,
  wherever a line comes from.
- Sentry reports errors only when SENTRY_DSN is set, without request bodies (a decklist) or
  personal data.
"""

import logging
import re
import uuid
from collections.abc import Callable, MutableMapping
from typing import Any

import structlog
from django.http import HttpRequest, HttpResponse

# Keys whose values never reach a log line: passwords, tokens, keys, cookies, and decklists
# (hidden until the event publishes them).
SECRET_KEYS = re.compile(
    r"pass(word)?|secret|token|api_?key|authori[sz]ation|cookie|session|csrf|dsn|decklist",
    re.IGNORECASE,
)
REDACTED = "[redacted]"

# An incoming X-Request-ID is kept only when it is short and made of safe characters (no
# spaces, quotes or line breaks to forge log lines with); otherwise the request gets a new one.
REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")


def redact(_logger: Any, _method: str, event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    """structlog processor: blank the values of secret-looking keys."""
    for key in list(event):
        if key != "event" and SECRET_KEYS.search(key):
            event[key] = REDACTED
    return event


def _shared_processors() -> list[Callable[..., Any]]:
    return [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        redact,
    ]


def logging_config(log_format: str, level: str) -> dict[str, Any]:
    """settings.LOGGING: every logger (Django's, Celery's, structlog's) through one handler that
    renders JSON (`log_format` "json") or readable text ("console")."""
    renderer: Any = (
        structlog.processors.JSONRenderer()
        if log_format == "json"
        # Plain tracebacks: with `rich` installed (a development tool pulls it in) structlog's
        # default draws each traceback as a boxed, highlighted table with its locals, about 1.7 s
        # of CPU per logged 403 or 500, which made the test suite spend minutes drawing them.
        else structlog.dev.ConsoleRenderer(
            colors=False, exception_formatter=structlog.dev.plain_traceback
        )
    )
    final: list[Any] = [structlog.stdlib.ProcessorFormatter.remove_processors_meta]
    if log_format == "json":
        final.append(structlog.processors.format_exc_info)
    final.append(renderer)
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "structured": {
                "()": structlog.stdlib.ProcessorFormatter,
                "processors": final,
                # Lines from the standard library's loggers (Django, Celery) get the same context.
                "foreign_pre_chain": _shared_processors(),
            }
        },
        "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "structured"}},
        "root": {"handlers": ["console"], "level": level},
    }


def configure_structlog() -> None:
    """structlog's loggers hand their events to the standard library's handler above."""
    structlog.configure(
        processors=[
            structlog.stdlib.filter_by_level,
            *_shared_processors(),
            structlog.stdlib.PositionalArgumentsFormatter(),
            structlog.processors.StackInfoRenderer(),
            structlog.stdlib.ProcessorFormatter.wrap_for_formatter,
        ],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )


def bind(**context: Any) -> None:
    """Name what the current work is about (event, round, match) on every line that follows."""
    structlog.contextvars.bind_contextvars(**context)


class RequestIdMiddleware:
    """Give every request an id: a safe incoming X-Request-ID, or a new one. django-structlog's
    middleware (further in) binds it to the request's log lines and hands it to the tasks the
    request enqueues; the answer carries it back in X-Request-ID."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        incoming = request.META.get("HTTP_X_REQUEST_ID", "")
        request_id = incoming if REQUEST_ID.match(incoming) else uuid.uuid4().hex
        request.META["HTTP_X_REQUEST_ID"] = request_id
        response = self.get_response(request)
        response["X-Request-ID"] = request_id
        return response


def sentry_init(dsn: str, environment: str, release: str | None) -> bool:
    """Report errors to Sentry when a DSN is configured; do nothing otherwise. Request bodies
    (decklists, passwords) and personal data are never sent."""
    if not dsn:
        return False
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration
    from sentry_sdk.integrations.logging import LoggingIntegration

    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        release=release,
        send_default_pii=False,
        max_request_body_size="never",
        traces_sample_rate=0.0,
        integrations=[
            DjangoIntegration(),
            CeleryIntegration(),
            LoggingIntegration(level=logging.INFO, event_level=logging.ERROR),
        ],
    )
    return True
