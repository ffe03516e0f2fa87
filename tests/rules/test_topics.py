"""The topic index (rules.core.topics): every heading names a real section, and the topics are
this project's words, not the books'."""

from pathlib import Path

import pytest

from rules.core.parsing import SourceFormat, parse_rulebook, words_of
from rules.core.topics import CORE_RULEBOOK, SERVICE_POLICIES, TOPICS, heading_key, topics_for
from tests.support import seeds

POLICIES_FILE = Path(__file__).resolve().parents[2] / "docs" / "policies.md"
CORE_FILE = seeds.FOLDER / "genesis-core-rulebook-5.2.md"


def _headings(text: str) -> set[str]:
    return {
        heading_key(s.heading) for s in parse_rulebook(text, source_format=SourceFormat.MARKDOWN)
    }


def test_every_policy_heading_of_the_index_is_a_policy():
    # given
    headings = _headings(POLICIES_FILE.read_text(encoding="utf-8"))
    # then
    assert {heading_key(h) for h in TOPICS[SERVICE_POLICIES]} <= headings
    # and every policy has topics
    assert headings <= {heading_key(h) for h in TOPICS[SERVICE_POLICIES]}


@pytest.mark.skipif(not CORE_FILE.is_file(), reason="the Core Rulebook seed is not here")
def test_every_core_heading_of_the_index_is_a_section_and_every_section_has_topics():
    # given
    headings = _headings(CORE_FILE.read_text(encoding="utf-8"))
    index = {heading_key(h) for h in TOPICS[CORE_RULEBOOK]}
    # then
    assert index - headings == set()
    assert len(headings - index) <= 3, headings - index  # untitled scraps: "Now you are ready…"


@pytest.mark.skipif(not CORE_FILE.is_file(), reason="the Core Rulebook seed is not here")
def test_topics_are_not_rulebook_sentences():
    # given: every run of 6 words (a phrase, not a fact such as "choose which card to discard") of the rulebook
    words = words_of(CORE_FILE.read_text(encoding="utf-8"))
    runs = {tuple(words[i : i + 6]) for i in range(len(words) - 5)}
    # then: no topic repeats one
    for rows in TOPICS.values():
        for heading, topics in rows.items():
            for topic in topics.split(","):
                topic_words = words_of(topic)
                copied = [
                    topic_words[i : i + 6]
                    for i in range(len(topic_words) - 5)
                    if tuple(topic_words[i : i + 6]) in runs
                ]
                assert not copied, (heading, topic)


def test_headings_are_compared_loosely():
    assert topics_for(CORE_RULEBOOK, "Rotate:") == topics_for(CORE_RULEBOOK, "rotate")
    assert topics_for(CORE_RULEBOOK, "Rotate")
    assert topics_for("Some other book", "Rotate") == ""
