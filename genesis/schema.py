"""The OpenAPI schema's error answers, in one place: every operation documents the JSON shape of
a refusal (`{"code", "detail", ...}`, genesis.errors) under each status the service uses for one,
so a client (and schemathesis) knows every 4xx it may get. Each endpoint's own codes are listed
in docs/api.md."""

from typing import Any

ERROR_STATUSES = {
    "400": "Bad input: the `code` says what (e.g. `invalid`, `invalid_result`, `bad_query`).",
    "401": "Not logged in (`not_authenticated`), or a token that expired.",
    "403": "Not allowed (e.g. `not_organizer`, `not_judge`, `not_in_match`, `own_match`).",
    "404": "No such thing (e.g. `not_found`, `unknown_registration`).",
    "405": "That method is not offered here.",
    "409": "Not now, in this state (e.g. `round_open`, `match_over`, `event_full`).",
    "413": "The request body is over the limits (`too_large`).",
    "415": "That content type is not read here.",
    "429": "Too many requests (`throttled`, `locked_out`, `automated_hourly_limit`, …); see "
    "Retry-After.",
    "503": "Briefly unavailable (`broker_unavailable`, `database_unavailable`); see Retry-After.",
}

ERROR_SCHEMA = {
    "type": "object",
    "properties": {
        "code": {"type": "string", "description": "stable, machine-readable"},
        "detail": {"type": "string", "description": "plain English"},
    },
    "required": ["code", "detail"],
    "additionalProperties": True,
}


def add_error_responses(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular postprocessing hook (settings: SPECTACULAR_SETTINGS)."""
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    reference = {"$ref": "#/components/schemas/Error"}
    for path in result.get("paths", {}).values():
        for method, operation in path.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            responses = operation.setdefault("responses", {})
            for status, description in ERROR_STATUSES.items():
                responses.setdefault(
                    status,
                    {
                        "description": description,
                        "content": {"application/json": {"schema": reference}},
                    },
                )
    return result
