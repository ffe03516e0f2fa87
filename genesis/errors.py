"""Errors users see: a stable machine-readable `code` plus a plain-English `detail`.

Services raise `Refusal` (an expected "no": bad input, wrong turn, missing permission).
Broken invariants are ordinary exceptions and surface as 500s, because they are bugs.
The API handler turns refusals and DRF's own errors into one JSON shape.
"""

from typing import Any

from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from .edge import too_large_detail


class Refusal(Exception):
    """An expected refusal of a request, shown to the user as it is."""

    status_code: int = status.HTTP_400_BAD_REQUEST
    default_code = "invalid"

    def __init__(self, detail: str, *, code: str | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.code = code or self.default_code
        self.extra = extra

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "detail": self.detail, **self.extra}


class NotFound(Refusal):
    status_code = status.HTTP_404_NOT_FOUND
    default_code = "not_found"


class Forbidden(Refusal):
    status_code: int = status.HTTP_403_FORBIDDEN
    default_code = "forbidden"


class NotAuthenticated(Forbidden):
    """Nobody is logged in: 401, as DRF answers an anonymous request to a protected endpoint.
    A Forbidden, so a page that catches refusals treats it as one (and offers the log-in)."""

    status_code: int = status.HTTP_401_UNAUTHORIZED
    default_code = "not_authenticated"


class Conflict(Refusal):
    status_code = status.HTTP_409_CONFLICT
    default_code = "conflict"


class LimitReached(Refusal):
    """Past a user's share of the workers (the matchup lab's jobs, automated events): 429. Give
    `retry_after` (seconds, an int) and `limit`: the API answers Retry-After, and the pages
    show the detail, which says the limit and when to try again."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "limit_reached"


def api_exception_handler(exc: Exception, context: dict) -> Response | None:
    too_large = too_large_detail(exc)
    if too_large is not None:
        # Django raises these (SuspiciousOperation) when DRF reads the body; unhandled, they
        # would end as Django's HTML 400 page.
        return Response(
            {"code": "too_large", "detail": too_large},
            status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
    if isinstance(exc, Refusal):
        refused = Response(exc.as_dict(), status=exc.status_code)
        if isinstance(exc, NotAuthenticated):
            refused["WWW-Authenticate"] = 'Token realm="api"'
        retry_after = exc.extra.get("retry_after")
        if isinstance(retry_after, int):  # a limit says when to ask again (RFC 9110, 10.2.3)
            refused["Retry-After"] = str(max(retry_after, 1))
        return refused
    response = exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        response.data = {
            "code": "invalid",
            "detail": _first_message(exc.detail),
            "errors": exc.detail,
        }
    elif isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        response.data = {
            "code": codes if isinstance(codes, str) else "error",
            "detail": str(exc.detail),
        }
    return response


def _first_message(detail: Any) -> str:
    """The first human message inside DRF's nested error structure."""
    if isinstance(detail, dict):
        for field, value in detail.items():
            message = _first_message(value)
            return message if field == "non_field_errors" else f"{field}: {message}"
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return str(detail)
