"""The example questions the README and docs/rules-lookup.md show users are in the lookup's
question set as questions whose answer must rank 1st (tests/rules/test_lookup_questions.py
checks that they do, on both databases): an example that stopped working would fail there."""

import re
from pathlib import Path

from tests.support import lookup_questions as questions

ROOT = Path(__file__).resolve().parents[2]
# An example question is written in italics: *do I draw on the first round*.
EXAMPLE = re.compile(r"\*([a-z][^*]+?)\*")


def shown_examples() -> set[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    lookup_bullet = next(line for line in readme.splitlines() if "rules lookup**" in line)
    docs = (ROOT / "docs/rules-lookup.md").read_text(encoding="utf-8")
    searching = docs.split("## Searching", 1)[1].split("\n## ", 1)[0]
    examples = set(EXAMPLE.findall(lookup_bullet))
    examples |= set(re.findall(r"^- \*([^*]+)\*\s*$", searching, flags=re.M))
    return examples


def test_every_example_shown_to_users_must_rank_first():
    examples = shown_examples()
    assert "do I draw on the first round" in examples
    first = {case.question for case in questions.CORE_CASES if case.first}
    assert examples <= first, examples - first
