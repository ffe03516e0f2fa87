"""The docs hold up: every "Product decision › X" or "Engine decision › X" citation, in the code,
the templates and the docs, and in the rule strings users are shown, names a heading in docs/."""

import importlib
import pkgutil
import re
import subprocess

import pytest

import rules.core
from tests.conftest import ROOT

CITATION = re.compile(r"(Product|Engine) decision › ([A-Z][^:,.;)\"'\n`]*)")
HEADING = re.compile(r"^#+\s+(.+?)\s*$", re.M)


def headings() -> set[str]:
    found = set()
    for page in (ROOT / "docs").glob("*.md"):
        found |= {h.strip().lower() for h in HEADING.findall(page.read_text())}
    return found


def tracked_text_files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "*.py", "*.md", "*.html", "*.txt", "*.js"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return listed.stdout.split()


def written_citations() -> list[tuple[str, str]]:
    """(where, heading) for each citation written in a tracked file."""
    found = []
    for name in tracked_text_files():
        if name == "tests/test_docs.py":
            continue
        for number, line in enumerate((ROOT / name).read_text().splitlines(), 1):
            found += [(f"{name}:{number}", m.group(2).strip()) for m in CITATION.finditer(line)]
    return found


def shown_citations() -> list[tuple[str, str]]:
    """(where, heading) for each citation in the rule strings of the pure core's modules: the
    `rule` of a deck problem or a refusal, as the API and pages show it."""
    found = []
    for module_info in pkgutil.walk_packages(rules.core.__path__, "rules.core."):
        module = importlib.import_module(module_info.name)
        for attribute, value in vars(module).items():
            if isinstance(value, str):
                found += [
                    (f"{module_info.name}.{attribute}", m.group(2).strip())
                    for m in CITATION.finditer(value)
                ]
    return found


def test_citations_are_found_at_all():
    # the scan itself works: both kinds of citation exist today
    written = written_citations()
    assert any(where.startswith("rules/") for where, _ in written)
    assert shown_citations()


@pytest.mark.parametrize("source", [written_citations, shown_citations])
def test_every_decision_citation_names_a_heading_in_docs(source):
    known = headings()
    unresolved = [
        f"{where}: {heading!r}" for where, heading in source() if heading.lower() not in known
    ]
    assert not unresolved, "citations with no heading in docs/:\n" + "\n".join(unresolved)


def test_nothing_refers_to_an_issue_a_reader_cannot_see():
    mentions = []
    for name in tracked_text_files():
        for number, line in enumerate((ROOT / name).read_text().splitlines(), 1):
            if re.search(r"\bthe issue\b", line, re.I) and name != "tests/test_docs.py":
                mentions.append(f"{name}:{number}: {line.strip()}")
    assert not mentions, "\n".join(mentions)


TOP_LEVEL = (
    "genesis/",
    "rules/",
    "decks/",
    "tournaments/",
    "matchups/",
    "tests/",
    "docs/",
    "benchmarks/",
    "scripts/",
    "requirements/",
    "templates/",
    "static/",
    "deploy/",
)


@pytest.mark.parametrize("doc", ["docs/architecture.md", "docs/contributing.md"])
def test_every_path_and_function_the_contributors_pages_name_exists(doc):
    page = (ROOT / doc).read_text()
    missing = []
    for name in re.findall(r"`([^`\s]+)`", page):
        if name.startswith(TOP_LEVEL) and "<" not in name:  # a path in the repository
            if not (ROOT / name.rstrip("/")).exists():
                missing.append(name)
        elif re.fullmatch(r"(genesis|rules|decks|tournaments|matchups)(\.\w+)+", name):
            missing += [] if _resolves(name) else [name]
    assert not missing, missing


def _resolves(dotted: str) -> bool:
    parts = dotted.split(".")
    for split in range(len(parts), 0, -1):
        try:
            target = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for attribute in parts[split:]:
            if not hasattr(target, attribute):
                return False
            target = getattr(target, attribute)
        return True
    return False


def test_no_file_name_reaches_a_user_through_a_rule_or_a_setting():
    """What the validator and the event page cite is read by players: a heading, never a file."""
    from rules.core import timeline, validation
    from rules.core.formats import FORMATS

    cited = [timeline.INDEX_RULE, validation.SECTIONS_RULE]
    cited += [fmt.settings_source for fmt in FORMATS.values()]
    for text in cited:
        assert ".md" not in text, text
        assert "docs/" not in text, text
