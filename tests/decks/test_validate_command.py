"""`manage.py validate_deck`: exit 0 legal, 1 illegal, 2 unreadable; --json prints the API shape."""

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db

SAMPLE = Path("decks/samples/sera-vantyne-storm-lattice.txt")


def run(*args) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("validate_deck", *args, stdout=out, stderr=err)
    return exit_.value.code, out.getvalue(), err.getvalue()


def test_a_legal_deck_exits_0(bundled_cards):
    code, out, _ = run(str(SAMPLE))
    assert code == 0
    assert out.startswith("LEGAL: timeline 50 cards")


def test_an_illegal_deck_exits_1_with_cited_errors(bundled_cards, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(SAMPLE.read_text().replace("Timeline\n", "Timeline\n1 Stormglas Owl\n", 1))
    code, out, _ = run(str(path))
    assert code == 1
    assert out.startswith("NOT LEGAL")
    assert "[timeline_size]" in out
    assert "[unknown_card]" in out
    assert "Stormglass Owl" in out
    assert "rule: Core Rulebook 5.2 › Building a Standard Constructed Timeline" in out


def test_json_output_has_the_api_shape(bundled_cards):
    code, out, _ = run(str(SAMPLE), "--json", "--format", "genesis-standard")
    body = json.loads(out)
    assert code == 0
    assert set(body) == {"legal", "errors", "warnings", "totals"}
    assert body["totals"]["timeline_cards"] == 50


@pytest.mark.parametrize(
    "content",
    [b"\x00\x01\xff binary", b"Timeline\n-4 Spark\n", b"Timeline\n" + b"1 Spark\n" * 10_000],
)
def test_unreadable_input_exits_2(bundled_cards, tmp_path, content):
    path = tmp_path / "deck.txt"
    path.write_bytes(content)
    code, _, err = run(str(path))
    assert code == 2
    assert "could not be read" in err


def test_missing_file_and_unknown_format_exit_2(bundled_cards, tmp_path):
    assert run(str(tmp_path / "nope.txt"))[0] == 2
    code, _, err = run(str(SAMPLE), "--format", "no-such-format")
    assert code == 2
    assert "genesis-standard" in err
