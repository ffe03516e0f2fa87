"""The service's edge: input that no view should ever see is refused here with a clear 400, and
the API's errors (an unknown /api/ path, a server error) answer JSON like every other API answer.

- A NUL character in a path or a query string can never be stored (PostgreSQL text holds
  none) and is never meant: refused before any view runs. (In a posted form, Django's and DRF's
  character fields refuse it themselves, as a form error.)
- JSON bodies are bounded in nesting depth: Python's parser recurses, so a body nested a
  thousand deep would otherwise end as a RecursionError (a 500). (A NUL inside a JSON string
  is refused by the field that reads it: DRF's CharField, or the decklist reader.)
- A body over Django's limits (DATA_UPLOAD_MAX_MEMORY_SIZE, _NUMBER_FIELDS, _NUMBER_FILES) is a
  413 `too_large`: the API's exception handler answers it for the API's views
  (genesis.errors), and handler400 here for what is read before a view runs (the CSRF check
  reads a page's form), in plain text on pages.
"""

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.exceptions import (
    RequestDataTooBig,
    SuspiciousOperation,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.views import defaults
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

MAX_JSON_DEPTH = 32  # the deepest real request body nests 4 levels


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def _refuse(request: HttpRequest, code: str, detail: str) -> HttpResponse:
    if _is_api(request):
        return JsonResponse({"code": code, "detail": detail}, status=400)
    return HttpResponseBadRequest(detail, content_type="text/plain; charset=utf-8")


class RejectNulMiddleware:
    """400 `bad_input` for a NUL character anywhere in the path or the query."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path or _has_nul(request.GET.lists()):
            return _refuse(request, "bad_input", "The address holds a NUL character.")
        return self.get_response(request)


def _has_nul(items: Any) -> bool:
    return any("\x00" in key or any("\x00" in v for v in values) for key, values in items)


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser, refusing (400) bodies nested deeper than MAX_JSON_DEPTH."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels.") from None
        _check(data)
        return data


def _check(data: Any) -> None:
    """Walk the parsed body's containers without recursion, bounding their depth."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_JSON_DEPTH:
                raise ParseError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels.")
            stack += [
                (item, depth + 1) for item in (value.values() if isinstance(value, dict) else value)
            ]


class DatabaseUnavailableMiddleware:
    """A request that finds the database gone (restarting, failing over) answers 503 with
    Retry-After, JSON under /api/, instead of a 500: it changed nothing (its transaction never
    committed), and the next request reconnects (settings: CONN_HEALTH_CHECKS)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        detail = "The database is not answering; nothing was changed. Try again in a moment."
        if _is_api(request):
            response: HttpResponse = JsonResponse(
                {"code": "database_unavailable", "detail": detail}, status=503
            )
        else:
            response = HttpResponse(detail, status=503, content_type="text/plain; charset=utf-8")
        response["Retry-After"] = "5"
        return response


class ApiNotFoundMiddleware:
    """An unknown /api/ path answers handler404's JSON under DEBUG too (./scripts/serve), where
    Django would answer its HTML debug page instead of calling handler404. Only a path no route
    matched (no resolver_match): a view's own 404 is left as the view made it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code == 404
            and _is_api(request)
            and request.resolver_match is None
            and not response.get("Content-Type", "").startswith("application/json")
        ):
            return not_found(request, None)
        return response


def too_large_detail(exc: BaseException) -> str | None:
    """What a request over one of Django's limits on request bodies hears (docs/api.md, Errors:
    413 too_large), or None for any other exception."""
    if isinstance(exc, RequestDataTooBig):
        limit = f"{settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024} KiB"
        return f"The request is too large: its body is over the limit of {limit}."
    if isinstance(exc, TooManyFieldsSent):
        limit = f"{settings.DATA_UPLOAD_MAX_NUMBER_FIELDS} fields"
        return f"The request is too large: it sends more than the limit of {limit}."
    if isinstance(exc, TooManyFilesSent):
        limit = f"{settings.DATA_UPLOAD_MAX_NUMBER_FILES} files"
        return f"The request is too large: it sends more than the limit of {limit}."
    return None


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """handler400 (Django's answer to a SuspiciousOperation): 413 `too_large` for a body over
    Django's limits, JSON under /api/ and plain text on pages; other bad requests as before,
    in JSON under /api/."""
    too_large = too_large_detail(exception)
    if too_large is not None:
        if _is_api(request):
            return JsonResponse({"code": "too_large", "detail": too_large}, status=413)
        return HttpResponse(too_large, status=413, content_type="text/plain; charset=utf-8")
    if _is_api(request) and isinstance(exception, SuspiciousOperation):
        return _refuse(request, "bad_request", "The request is malformed.")
    return defaults.bad_request(request, exception)


def not_found(request: HttpRequest, exception: Exception | None) -> HttpResponse:
    """handler404: JSON under /api/, the site's page elsewhere."""
    if _is_api(request):
        return JsonResponse(
            {"code": "not_found", "detail": f"Nothing is at {request.path}; see /api/docs/."},
            status=404,
        )
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: JSON under /api/, the site's page elsewhere. Never the traceback."""
    if _is_api(request):
        return JsonResponse(
            {"code": "server_error", "detail": "Something went wrong on our side; it is logged."},
            status=500,
        )
    return defaults.server_error(request)
