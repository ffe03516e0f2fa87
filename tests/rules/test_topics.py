"""The topic index (rules.core.topics): every heading names a real section, and the topics are
this project's words, not the books'."""

from functools import cache
from pathlib import Path

import pytest

from rules.core.parsing import (
    ParsedSection,
    SourceFormat,
    detect_format,
    parse_rulebook,
    words_of,
)
from rules.core.topics import (
    CORE_RULEBOOK,
    GRAND_ARCHIVE_RULES,
    SERVICE_POLICIES,
    TITANS_RULEBOOK,
    TOPICS,
    heading_key,
    topics_for,
    topics_of_sections,
)
from tests.support import seeds

POLICIES_FILE = Path(__file__).resolve().parents[2] / "docs" / "policies.md"
# The seed file each indexed rulebook is imported from, by the name the lookup files it under.
BOOK_FILES = {name: seeds.FOLDER / file for file, name, *_ in seeds.RULEBOOKS}
INDEXED_BOOKS = (CORE_RULEBOOK, GRAND_ARCHIVE_RULES, TITANS_RULEBOOK)
# Sections a book's index may leave without topics: untitled scraps ("Now you are ready…"),
# Grand Archive's "Introduction", which holds only its web page's loading text, and its
# "Materializing a card", cut out of a passage after the index was written (no phrase of that
# passage's list was about it).
UNINDEXED_AT_MOST = {CORE_RULEBOOK: 3, GRAND_ARCHIVE_RULES: 2, TITANS_RULEBOOK: 0}

needs_seeds = pytest.mark.skipif(not seeds.FOLDER.is_dir(), reason="the rulebooks are not here")


@cache
def _book_text(name: str) -> str:
    return BOOK_FILES[name].read_text(encoding="utf-8")


@cache
def _book_sections(name: str) -> tuple[ParsedSection, ...]:
    """A book's sections as the importer cuts it (parsed once per run)."""
    text = _book_text(name)
    fmt = detect_format(text, BOOK_FILES[name].name)
    return tuple(parse_rulebook(text, source_format=fmt))


def test_every_policy_heading_of_the_index_is_a_policy():
    # given
    text = POLICIES_FILE.read_text(encoding="utf-8")
    headings = {
        heading_key(s.heading) for s in parse_rulebook(text, source_format=SourceFormat.MARKDOWN)
    }
    # then
    assert {heading_key(h) for h in TOPICS[SERVICE_POLICIES]} <= headings
    # and every policy has topics
    assert headings <= {heading_key(h) for h in TOPICS[SERVICE_POLICIES]}


def test_the_index_files_each_book_under_the_name_the_lookup_imports_it_by():
    assert set(INDEXED_BOOKS) <= set(BOOK_FILES)
    assert set(TOPICS) == {*INDEXED_BOOKS, SERVICE_POLICIES}


@needs_seeds
@pytest.mark.parametrize("book", INDEXED_BOOKS)
def test_every_heading_of_a_book_index_is_a_section_and_every_section_has_topics(book):
    # given
    sections = _book_sections(book)
    headings = {heading_key(s.heading) for s in sections}
    bodies = [heading_key(s.body) for s in sections]
    # when
    topics = topics_of_sections(book, [(s.heading, s.body, s.parent) for s in sections])
    # then: each list is a section's, by its heading or, for a passage of an earlier cut, by the
    # words its text opens with ("Subvert: Exhausted – Attach Exhausted to…")
    for heading in TOPICS[book]:
        key = heading_key(heading.removesuffix("…"))
        assert key in headings or any(key in body for body in bodies), heading
    unindexed = [s.heading for s, listed in zip(sections, topics, strict=True) if not listed]
    assert len(unindexed) <= UNINDEXED_AT_MOST[book], unindexed


@needs_seeds
def test_a_list_written_for_a_passage_goes_to_the_entries_cut_from_it():
    # given: Titans of Eden's abilities, once passages of a long chapter, now a section each
    sections = _book_sections(TITANS_RULEBOOK)
    topics = topics_of_sections(TITANS_RULEBOOK, [(s.heading, s.body, s.parent) for s in sections])
    by_heading = dict(zip((s.heading for s in sections), topics, strict=False))
    # then: each phrase went to the entry that speaks of it
    assert "feral" in by_heading["Subvert: Feral"].split(", ")
    assert "feral" not in by_heading["Subvert: Exhausted"].split(", ")
    # and an entry cut out of its timing's section shares that section's list
    assert "armor" in by_heading["Armor"].split(", ")
    # and a heading the book repeats gives each of its sections the phrases its text speaks of
    setups = [t for s, t in zip(sections, topics, strict=True) if s.heading == "Setup"]
    assert len(setups) == 3
    assert len(set(setups)) > 1


@needs_seeds
def test_topics_are_not_rulebook_sentences():
    # given: every run of 6 words (a phrase, not a fact such as "choose which card to discard")
    # of the indexed rulebooks
    runs = set()
    for book in INDEXED_BOOKS:
        words = words_of(_book_text(book))
        runs |= {tuple(words[i : i + 6]) for i in range(len(words) - 5)}
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


def test_topics_are_short_phrases():
    for book, rows in TOPICS.items():
        for heading, topics in rows.items():
            assert topics.strip(), (book, heading)
            for topic in topics.split(","):
                assert 0 < len(words_of(topic)) <= 12, (book, heading, topic)


def test_headings_are_compared_loosely():
    assert topics_for(CORE_RULEBOOK, "Rotate:") == topics_for(CORE_RULEBOOK, "rotate")
    assert topics_for(CORE_RULEBOOK, "Rotate")
    assert topics_for("Some other book", "Rotate") == ""
    # and a heading Grand Archive repeats has one list, for each section so titled
    assert "level 0 champion" in topics_for(GRAND_ARCHIVE_RULES, "champion")
    assert "mulligan" in topics_for(TITANS_RULEBOOK, "Surge Mat")


@needs_seeds
def test_a_chapter_the_contents_names_without_a_heading_is_found_by_its_words():
    # given: Titans of Eden's contents names "Constructed Format" and "Abilities References",
    # which its text has no heading for
    sections = _book_sections(TITANS_RULEBOOK)
    paths = {s.path for s in sections}
    # then: they are chapters, and the abilities are filed under theirs, not the three-arena game
    assert ("Constructed Format", "Official Rules") in paths
    assert ("Abilities References", "Now", "Subvert: Feral") in paths
    assert not any(p[0] == "Three-Arena Games (5-6 Players)" and "Now" in p for p in paths)
    # and a line far from the contents that ends in a page number opens no chapter
    assert {p[0] for p in paths} >= {"Constructed Format", "Abilities References"}
    assert not any(p[0].startswith("Haunt") for p in paths)


def test_a_phrase_no_section_says_goes_to_the_first_of_them():
    # given: a heading the book repeats (the base game's Setup, then a team game's), and a
    # phrase in players' words that neither's text says
    sections = [
        ("Setup", "Deal each player a starting deck.", None),
        ("Team Games", "", None),
        ("Setup", "Sit by team, and deal the decks.", 1),
    ]
    topics = topics_of_sections("Titans of Eden Rulebook", sections)
    # then: "opening hand size" is about the first (the later Setup refers back to it)
    assert "opening hand size" in topics[0].split(", ")
    assert "opening hand size" not in topics[2].split(", ")
    # and a phrase one of them says goes to that one
    assert "team setup" in topics[2].split(", ")
    assert "team setup" not in topics[0].split(", ")


def test_a_repeated_heading_left_with_no_phrase_gets_those_no_section_says():
    # given: Grand Archive's Opportunity, defined twice, neither text saying "priority"
    sections = [
        ("Opportunity", "Opportunity governs when a player may act at fast speed.", None),
        ("Opportunity", "A chance to answer.", None),
    ]
    topics = topics_of_sections("Grand Archive Comprehensive Rules", sections)
    # then: each keeps "priority", the second as it has no other phrase
    assert all("priority" in listed.split(", ") for listed in topics)
    assert "fast speed" in topics[0].split(", ")
