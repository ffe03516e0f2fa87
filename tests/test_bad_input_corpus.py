"""A corpus of hostile input sent to every API operation (as the body, as each query parameter,
and as each path parameter), and to both import commands: every case gets an answer below 500,
or a clean command error, and a refused request writes nothing."""

import contextlib
import json

import pytest
from django.apps import apps
from django.core.management import CommandError, call_command
from django.test import Client

pytestmark = pytest.mark.django_db

NESTED = "[" * 5000 + "]" * 5000
CORPUS = {
    "deep-json": NESTED,
    "nul": "a\x00b",
    "surrogate": "a\ud800b",
    "huge-number": "9" * 400,
    "negative": "-99999999999999999999",
    "long-name": "N" * 20_000,
    "deep-parentheses": "(" * 490 + "t:summon",
    "unicode-digits": "²³٣",
    "empty": "",
    "spaces": "   ",
    "emoji": "🂡" * 50,
}


def operations(client: Client) -> list[tuple[str, str, list[str]]]:
    """(method, path template, query parameter names) of every API operation."""
    schema = client.get("/api/schema/?format=json").json()
    found = []
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            query = [p["name"] for p in operation.get("parameters", []) if p["in"] == "query"]
            found.append((method, path, query))
    return found


def row_counts() -> dict[str, int]:
    return {
        model._meta.label: model.objects.count()
        for model in apps.get_models()
        if model._meta.app_label in ("decks", "tournaments", "rules", "auth", "authtoken")
    }


def fill(path: str, value: str) -> str:
    import re

    return re.sub(r"\{[^}]+\}", lambda _: value.replace("/", "%2F"), path)


@pytest.fixture
def signed_in_client():
    from django.contrib.auth import get_user_model

    client = Client()
    client.force_login(get_user_model().objects.create_user("hostile", password="pw-hostile-1"))
    return client


@pytest.mark.parametrize("case", sorted(CORPUS))
def test_no_operation_answers_a_5xx_to_hostile_input(signed_in_client, case):
    value = CORPUS[case]
    client = signed_in_client
    before = row_counts()
    failures = []
    for method, path, query in operations(Client()):
        url = fill(path, "1")
        attempts = [
            (fill(path, value if case != "empty" else "x"), None),
            *((f"{url}?{name}={value}", None) for name in query),
        ]
        if method in ("post", "put", "patch"):
            body_values = {"decklist": value, "name": value, "username": value, "q": value}
            attempts.append((url, json.dumps(body_values)))
            attempts.append((url, value))  # the raw value as the whole body
        for target, body in attempts:
            try:
                response = (
                    getattr(client, method)(target, body, content_type="application/json")
                    if body is not None
                    else getattr(client, method)(target)
                )
            except UnicodeEncodeError:
                continue  # the test client itself cannot send a lone surrogate in a URL
            if response.status_code >= 500:
                failures.append(f"{method.upper()} {target[:120]} → {response.status_code}")
    assert not failures, "\n".join(failures)
    # whatever was refused wrote nothing; what was accepted may have (e.g. a deck named "🂡…")
    after = row_counts()
    grew = {k: after[k] - before[k] for k in after if after[k] != before[k]}
    assert set(grew) <= {"decks.Deck", "decks.DeckVersion", "tournaments.Tournament"}, grew


@pytest.mark.parametrize("case", ["deep-json", "nul", "surrogate", "huge-number", "long-name"])
def test_import_commands_turn_hostile_files_into_clean_errors(tmp_path, case):
    value = CORPUS[case]
    card_file = tmp_path / "cards.json"
    rulebook = tmp_path / "rules.md"
    if case == "deep-json":
        card_file.write_text(value)
    else:
        card_file.write_text(
            json.dumps(
                {
                    "format_version": 1,
                    "game": "genesis",
                    "set": {"code": value, "name": value},
                    "cards": [{"name": value}],
                }
            ),
            encoding="utf-8",
            errors="surrogatepass",
        )
    rulebook.write_text(f"# {value}\n\n{value}\n", encoding="utf-8", errors="surrogatepass")
    before = row_counts()
    with pytest.raises(CommandError):
        call_command("import_cards", str(card_file), stdout=_Sink(), stderr=_Sink())
    with contextlib.suppress(CommandError):  # a clean refusal; readable text may import
        call_command("import_rules", str(rulebook), "--document", "Hostile", stdout=_Sink())
    after = row_counts()
    assert {k for k in after if after[k] != before[k]} <= {"rules.Document", "rules.Section"}


class _Sink:
    def write(self, message):
        pass

    def flush(self):
        pass
