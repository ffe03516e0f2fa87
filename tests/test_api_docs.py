"""docs/api.md names every endpoint the site serves under /api/, each with every method it
answers (`GET /api/tournaments/{id}/check-ins/`): a new endpoint, or a new method of an old one,
is documented or this fails. The refusal codes are checked by each area's own test (for
example tests/tournaments/test_check_in.py); this one checks that nothing is missing from the
list at all."""

import re
from pathlib import Path

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

API_DOC = Path("docs/api.md")
METHODS = ("get", "post", "put", "patch", "delete")
# `GET|PUT /api/decks/{key}/`, `GET/POST /api/tournaments/{id}/teams/`, `GET /api/x/, GET …`
DOCUMENTED = re.compile(
    r"\b((?:GET|POST|PUT|PATCH|DELETE)(?:[|/](?:GET|POST|PUT|PATCH|DELETE))*) (/api/[^\s`?,)]*)"
)


def _shape(path: str) -> str:
    """A path with each parameter as `{}`: `<int:pk>` in the URLconf, `{id}` in the docs."""
    return re.sub(r"<[^>]+>|\{[^}]+\}", "{}", path)


def _endpoints(patterns=None, prefix: str = "/") -> list[tuple[str, object]]:
    found = []
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            found += _endpoints(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern) and route.startswith("/api/"):
            found.append((route, pattern.callback))
    return found


def _methods(callback) -> set[str]:
    """The methods a view answers: a DRF view's handlers; a plain view (the event stream)
    answers GET."""
    view = getattr(callback, "cls", None) or getattr(callback, "view_class", None)
    if view is None:
        return {"GET"}
    return {m.upper() for m in METHODS if hasattr(view, m)}


def _documented(text: str) -> set[tuple[str, str]]:
    return {
        (method, _shape(path))
        for methods, path in DOCUMENTED.findall(text)
        for method in re.split(r"[|/]", methods)
    }


API = _endpoints()


def test_the_api_has_the_endpoints_this_test_looks_for():
    routes = {_shape(route) for route, _ in API}
    assert "/api/tournaments/{}/check-in/" in routes
    assert "/api/tournaments/{}/stream/" in routes
    assert len(routes) > 50


@pytest.mark.parametrize(("route", "callback"), API, ids=[route for route, _ in API])
def test_every_api_endpoint_and_method_is_in_the_docs(route, callback):
    documented = _documented(API_DOC.read_text())
    missing = {m for m in _methods(callback) if (m, _shape(route)) not in documented}
    assert not missing, f"docs/api.md does not document {sorted(missing)} {route}"


def _section(text: str, title: str) -> str:
    """A section of docs/api.md, from its heading to the next heading of its level or above."""
    start = text.index(title + "\n")
    level = len(title.split(" ")[0])
    rest = text[start + len(title) :]
    heading = re.compile(rf"^#{{2,{level}}} ", flags=re.MULTILINE)
    ends = [m.start() for m in heading.finditer(rest)]
    return rest[: ends[0]] if ends else rest


# The sections of the endpoints issue 23 added (check-in has its own test, in
# tests/tournaments/test_check_in.py): the services and views whose refusal codes they answer,
# and the codes the views add themselves (a body that does not parse, a login, no such event).
REFUSALS = {
    "### Waitlist": (
        ["tournaments/services/waitlist.py"],
        {"invalid", "not_authenticated", "not_found"},
    ),
    "### Your table": ([], {"not_authenticated", "not_found"}),
    "### The event stream": (["tournaments/api_stream.py"], {"not_found"}),
}


@pytest.mark.parametrize("title", REFUSALS)
def test_every_refusal_code_of_the_live_event_endpoints_is_documented(title):
    sources, added = REFUSALS[title]
    codes = added | {
        code
        for source in sources
        for code in re.findall(r'code="([a-z_]+)"', Path(source).read_text())
    }
    section = _section(API_DOC.read_text(), title)
    missing = {code for code in codes if f"| `{code}` |" not in section}
    assert not missing, f"{title} in docs/api.md lists no {sorted(missing)}"
