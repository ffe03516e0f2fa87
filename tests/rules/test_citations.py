"""Rule citations resolve to the judges' lookup: how a citation names a document and a heading
(rules.core.citations), every citation the code can show resolving to a real section of the
rulebook it cites, the service's own policies once their document exists, and a constant number
of queries however many citations a page shows."""

import importlib
import pkgutil

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rules.core
from rules.core import match
from rules.core.citations import (
    SEPARATOR,
    Citation,
    Heading,
    HeadingIndex,
    cited_line,
    heading_candidates,
    names_document,
    parse_citation,
    title_key,
)
from rules.core.engine import ENDING_RULES
from rules.core.formats import FORMATS, Format
from rules.core.games import GRAND_ARCHIVE
from rules.core.parsing import parse_rulebook, section_lines
from rules.models import Document, Section
from rules.selectors import CitationLinks, rule_url, section_url, with_rule_urls
from rules.services import policies_load, rulebook_import
from tests.support import seeds
from tests.support.rulebooks import CORE_FILE, ORIGINS_FILE, import_seed, import_service_policies

# --- reading a citation (pure) ------------------------------------------------------------------


def test_a_citation_is_a_document_and_a_section():
    assert parse_citation("Core Rulebook 5.2 › The Forethoughts Explained") == Citation(
        "Core Rulebook 5.2", "The Forethoughts Explained"
    )
    # the service's own rules are filed in one document, whichever kind of decision they are
    assert parse_citation("Product decision › Drawn games") == Citation(
        "Service policies", "Drawn games"
    )
    assert parse_citation("Engine decision › Line of Sight") == Citation(
        "Service policies", "Line of Sight"
    )
    for not_one in ("", "Core Rulebook 5.2", " › Time", "Product decision › ", "at most 250"):
        assert parse_citation(not_one) is None


def test_titles_compare_without_case_quotes_punctuation_or_spacing():
    assert title_key("The Champion’s Name:") == title_key("the  champion's name")
    assert title_key("**F- Affiliations**") == "f affiliations"
    assert title_key("Café") == "cafe"


def test_a_document_is_named_by_its_name_or_the_end_of_it():
    assert names_document("Genesis Core Rulebook 5.2", "Genesis Core Rulebook 5.2") == 0
    assert names_document("Genesis Core Rulebook 5.2", "Genesis Core Rulebook", "5.2") == 0
    assert names_document("Core Rulebook 5.2", "Genesis Core Rulebook 5.2", "5.2") == 1
    assert names_document("Core Rulebook 5.2", "Genesis Origins Rule Book", "old") is None
    assert names_document("Rulebook 5", "Genesis Core Rulebook 5.2") is None  # whole words only
    assert names_document("", "Genesis Core Rulebook 5.2") is None


def test_the_headings_a_section_part_may_name_most_literal_first():
    assert heading_candidates("Lock and Show") == ("Lock and Show", "Lock", "Show")
    assert heading_candidates("Copies per card: no Genesis rulebook sets a limit") == (
        "Copies per card: no Genesis rulebook sets a limit",
        "Copies per card",
    )
    assert heading_candidates("F- Affiliations and E- World Symbol")[1:] == (
        "F- Affiliations",
        "E- World Symbol",
    )


def test_an_exact_heading_wins_over_a_loose_one_and_the_first_of_two_equal_ones():
    index = HeadingIndex(
        [
            Heading("Switch", "switch", 1),
            Heading("switch:", "switch-2", 0),
            Heading("Lock", "lock", 2),
            Heading("Lock and Show", "lock-and-show", 3),
            Heading("Negate", "negate", 4),
            Heading("Negate", "negate-2", 5),
        ]
    )
    assert index.find("Switch").anchor == "switch"
    assert index.find("SWITCH").anchor == "switch-2"  # loosely, the first in reading order
    assert index.find("Lock and Show").anchor == "lock-and-show"
    assert index.find("Negate").anchor == "negate"
    assert index.find("Nothing like it") is None


# A heading as the documents give it: stripped (a citation's section is stripped before it is
# looked up, so "00 " would find the heading "00").
headings_text = st.text(
    alphabet=st.characters(codec="utf-8", categories=("L", "N", "P", "Zs")), min_size=1
).filter(
    lambda text: (
        text == text.strip() and title_key(text) and SEPARATOR not in text and ":" not in text
    )
)


@given(st.lists(headings_text, min_size=1, max_size=8))
def test_every_heading_is_found_by_its_own_text_and_by_its_title_key(texts):
    index = HeadingIndex(Heading(text, f"a{n}", n) for n, text in enumerate(texts))
    for text in texts:
        found = index.find(text)
        assert found is not None
        assert found.text == text
        loose = index.find(title_key(text).upper())
        assert loose is not None
        assert title_key(loose.text) == title_key(text)


# --- every citation the code can show ----------------------------------------------------------


def shown_citations() -> set[str]:
    """Each citation a deck problem, a refusal, a card's legality or a game's ending can carry:
    the rule strings of the pure core's modules, the formats' rules, and the engine's endings."""
    found: set[str] = set()
    for info in pkgutil.walk_packages(rules.core.__path__, "rules.core."):
        for value in vars(importlib.import_module(info.name)).values():
            # a one-line string that reads as a citation (docstrings mention the form too)
            if isinstance(value, str) and "\n" not in value and parse_citation(value) is not None:
                found.add(value)
    for fmt in FORMATS.values():
        found |= {
            rule
            for field in Format.__dataclass_fields__
            if "_rule" in field and isinstance(rule := getattr(fmt, field), str)
        }
        if fmt.deck_rules is not None:  # another game's rules carry their own citations
            found |= {v for v in vars(fmt.deck_rules).values() if isinstance(v, str)}
    found |= set(ENDING_RULES.values())
    return {rule for rule in found if parse_citation(rule) is not None}


# Citations of the service's own references that are not lookup documents: shown as plain text.
NOT_IN_THE_LOOKUP = {"Card index", "Decklist format", "Event setting"}

# The documents the seeds import, by the name the code cites them by.
SEEDED = {
    "Core Rulebook 5.2": CORE_FILE,
    "Origins Rule Book": ORIGINS_FILE,
    "Grand Archive Comprehensive Rules": "grand-archive-comprehensive-rules.txt",
    "Titans of Eden Rulebook": "titans-of-eden-rulebook.md",
}


def test_the_collection_finds_each_kind_of_citation():
    citations = shown_citations()
    documents = {parse_citation(c).document for c in citations}
    assert {"Core Rulebook 5.2", "Origins Rule Book", "Service policies"} <= documents
    assert match.LOCK_RULE in citations
    assert ENDING_RULES["hp"] in citations
    assert FORMATS["genesis-standard"].affiliation_rule in citations


@pytest.mark.django_db
def test_every_citation_resolves_to_a_section_of_the_seeded_rulebook_or_the_policies():
    # given
    documents = {cited: import_seed(filename) for cited, filename in SEEDED.items()}
    policies_load()  # the service's own policies, from docs/policies.md as ./scripts/serve loads them
    documents["Service policies"] = Document.objects.get(name="Service policies")
    links = CitationLinks()
    # when
    resolved = {rule: links.url(rule) for rule in shown_citations()}
    # then: every citation of a seeded rulebook names one of its sections (a typo would not)
    unresolved = []
    for rule, url in resolved.items():
        cited = parse_citation(rule).document
        if cited in NOT_IN_THE_LOOKUP:
            assert url is None, rule
            continue
        assert cited in documents, rule
        if url is None:
            unresolved.append(rule)
            continue
        anchor = url.rstrip("/").rsplit("/", 1)[1]
        section = Section.objects.get(document=documents[cited], anchor=anchor)
        assert url == section_url(section)
    assert not unresolved, "citations naming no section:\n" + "\n".join(sorted(unresolved))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("rule", "heading"),
    [
        (FORMATS["genesis-standard"].affiliation_rule, "F- Affiliations"),
        (FORMATS["genesis-standard"].forethoughts_rule, "The Forethoughts Explained"),
        (match.LOCK_RULE, "The Process for Lock and Show"),
        (match.SKIP_RULE, "Lock and Show"),
        (ENDING_RULES["timeline"], "Conditions for Winning the Game"),
    ],
)
def test_citations_resolve_to_the_right_section(rule, heading):
    document = import_seed(CORE_FILE)
    section = Section.objects.get(document=document, heading=heading)
    assert rule_url(rule) == section_url(section)


@pytest.mark.django_db
def test_nothing_links_while_no_rulebook_is_loaded():
    links = CitationLinks()
    assert all(links.url(rule) is None for rule in shown_citations())


@pytest.mark.django_db
def test_the_services_policies_link_once_their_document_exists():
    # given: no document of the service's policies yet
    assert rule_url(match.DRAWN_GAME_RULE) is None
    # when
    document = import_service_policies("Drawn games", "Round cap", "Copies per card")
    # then: generic by the document's title, whatever kind of decision is cited
    assert rule_url(match.DRAWN_GAME_RULE) == section_url(
        document.sections.get(heading="Drawn games")
    )
    assert rule_url(ENDING_RULES["round_cap"]) == section_url(
        document.sections.get(heading="Round cap")
    )
    copies = "Product decision › Copies per card: no Genesis rulebook sets a limit"
    assert rule_url(copies) == section_url(document.sections.get(heading="Copies per card"))
    assert rule_url(match.TIME_RULE) is None  # no such section in it


@pytest.mark.django_db
def test_two_documents_matching_as_well_link_neither():
    # given: two books whose names both end with the name the code cites
    import_seed(CORE_FILE)
    rulebook_import(text="# Champion Cards\n\nOther cards.\n", name="Pirate Core Rulebook 5.2")
    # then: a link could go to the wrong book, so there is none
    assert rule_url(FORMATS["genesis-standard"].champion_rule) is None
    # while the full name still says which one
    assert rule_url("Genesis Core Rulebook 5.2 › Champion Cards") is not None


@pytest.mark.django_db
def test_a_page_of_citations_reads_the_lookup_in_a_constant_number_of_queries(
    django_assert_num_queries,
):
    import_seed(CORE_FILE)
    import_service_policies("Drawn games")
    citations = sorted(shown_citations()) * 3  # a deck with many problems repeats its rules
    assert len(citations) >= 30
    links = CitationLinks()
    # documents once, then each cited document's headings once
    with django_assert_num_queries(3):
        urls = [links.url(rule) for rule in citations]
    assert any(urls)


@pytest.mark.django_db
def test_rule_urls_are_added_to_json_items_that_carry_a_rule():
    document = import_seed(CORE_FILE)
    items = [
        {"code": "a", "rule": match.SKIP_RULE},
        {"code": "b", "rule": "Card index › every card a decklist names must be in it"},
        {"code": "c", "rule": ""},
        {"code": "d"},
    ]
    assert with_rule_urls(items) == [
        {
            "code": "a",
            "rule": match.SKIP_RULE,
            "rule_url": section_url(document.sections.get(heading="Lock and Show")),
        },
        {"code": "b", "rule": items[1]["rule"], "rule_url": None},
        {"code": "c", "rule": "", "rule_url": None},
        {"code": "d"},
    ]


@pytest.mark.django_db
def test_a_citation_by_line_links_the_section_holding_that_line():
    # given: the Grand Archive seed lost its headings, so its rules are cited by seed line
    document = import_seed("grand-archive-comprehensive-rules.txt")
    seed = (seeds.FOLDER / "grand-archive-comprehensive-rules.txt").read_text().split("\n")
    by_line = sorted(
        (
            rule
            for rule in shown_citations()
            if cited_line(rule) is not None and rule.startswith(GRAND_ARCHIVE.rulebook)
        ),
        key=cited_line,
    )
    assert len(by_line) >= 5
    links = CitationLinks()
    for rule in by_line:
        # when
        url = links.url(rule)
        # then: the linked section holds the cited line's words
        assert url is not None, rule
        anchor = url.rstrip("/").rsplit("/", 1)[1]
        section = Section.objects.get(document=document, anchor=anchor)
        words = seed[cited_line(rule) - 1].split()[:6]
        assert " ".join(words) in " ".join(section.body.split()), (rule, section.heading)


def test_a_line_is_read_from_a_citation():
    assert cited_line("Grand Archive Comprehensive Rules › Materialize Phase (L551)") == 551
    assert cited_line("X › Format Conventions, Standard Constructed (L228-229, L481-482)") == 228
    assert cited_line("Core Rulebook 5.2 › Champion Cards") is None


@pytest.mark.skipif(not seeds.FOLDER.is_dir(), reason="the rulebooks are not here")
def test_the_grand_archive_rules_are_sections_a_judge_can_quote():
    # given: the seed lost its headings (one rule a line, no numbers)
    text = (seeds.FOLDER / "grand-archive-comprehensive-rules.txt").read_text()
    # when
    sections = parse_rulebook(text)
    starts = dict(zip((s.heading for s in sections), section_lines(text, sections), strict=False))
    # then: its terms title its sections, each found on the line that defines it
    assert starts["Weapon"] == 375
    assert starts["Regalia"] == 413
    assert starts["Divine Relic"] == 1098
    assert starts["Agility"] == 1070
    # no section is titled by its own first words: a cut of a long topic says whose it is
    assert not any(s.heading.endswith("…") for s in sections)
    assert all(s.heading.endswith("(continued)") for s in sections if s.derived)
    assert sum(not s.derived for s in sections) > 4 * sum(s.derived for s in sections)
    # and a web page that opens with a line summing it up is titled by that line
    assert starts["Steps taken to start a game of Grand Archive, including Turn One"] == 102
    assert max(len(s.heading.split()) for s in sections if not s.derived) <= 12
    # and a phase's rules that open "The end phase begins…" or "At the beginning of the
    # recollection phase, …" are that phase's section
    assert starts["Recollection phase"] == 555
    assert starts["End phase"] == 559
    # and a definition that names its term last ("… form the Inner Lineage.") opens it, as does a
    # page "In materializing a card, …"
    assert starts["Inner Lineage"] == 530
    assert starts["Materializing a card"] == 662
    # and a page listing its subject's conventions ("Slow speed follows the following
    # conventions:") is that subject's, while the items of the end phase's list of game actions
    # ("Temporary damage marked on allies is removed.") stay in the end phase
    # and the rules of a card's characteristic ("All cards have an element denoted…") are that
    # characteristic's section, not the tail of the attack card's damage
    assert starts["Element"] == 369
    assert "Champion cards" not in starts
    assert starts["Slow speed"] == 889
    assert starts["Fast speed"] == 893
    assert "Temporary damage marked on allies" not in starts
    assert sum(s.heading == "Turn player" for s in sections) == 2
