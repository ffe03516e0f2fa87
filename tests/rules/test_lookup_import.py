"""Importing rulebooks: sections with parent paths and stable anchors, atomic versioned
re-imports, the import_rules command, and the built-in keyword glossary."""

import datetime
import threading

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection, connections

from genesis.errors import Refusal
from rules import services
from rules.core.keywords import GLOSSARY
from rules.models import Document, Section
from rules.services import glossary_load, rulebook_import, ruling_create
from tests.rules.test_lookup_search import SKY_RULES

pytestmark = pytest.mark.django_db


def sections_of(document: Document) -> list[Section]:
    return list(document.sections.order_by("position"))


def test_every_heading_becomes_a_section_with_its_parent_path():
    # when
    report = rulebook_import(text=SKY_RULES, name="Sky Duel Rules", version="1")
    # then
    document = report.document
    assert (document.slug, document.version, document.revision) == ("sky-duel-rules", "1", 1)
    sections = sections_of(document)
    assert [s.path for s in sections] == [
        ["Sky Duel Rules"],
        ["Sky Duel Rules", "Drawing Feathers"],
        ["Sky Duel Rules", "The Quiver (Deck)"],
        ["Sky Duel Rules", "The Nest (Discard Pile)"],
        ["Sky Duel Rules", "Paralyze"],
        ["Sky Duel Rules", "Gusts"],
        ["Sky Duel Rules", "Glossary"],
        ["Sky Duel Rules", "Glossary", "Feather"],
    ]
    feather = sections[-1]
    assert feather.parent.heading == "Glossary"
    assert feather.parent.parent == sections[0]
    assert feather.anchor == "feather"
    assert feather.level == 3
    assert feather.body.startswith("A card of Sky Duel.")
    assert str(report) == (
        "Sky Duel Rules (slug sky-duel-rules, version 1, revision 1, game genesis): 8 sections"
    )


def test_importing_again_replaces_the_sections_and_bumps_the_revision():
    first = rulebook_import(text=SKY_RULES, name="Sky Duel Rules", version="1").document
    anchors = [s.anchor for s in sections_of(first)]
    # when: a new edition renames one section and adds another
    changed = SKY_RULES.replace("## Gusts", "## Wind").replace(
        "## Glossary", "## Ties\nA tie is replayed.\n\n## Glossary"
    )
    report = rulebook_import(text=changed, name="Sky Duel Rules", version="2")
    # then
    document = report.document
    assert document.pk == first.pk
    assert (document.version, document.revision) == ("2", 2)
    assert report.replaced == 8
    assert report.sections == 9
    assert Section.objects.filter(document=document).count() == 9
    new_anchors = [s.anchor for s in sections_of(document)]
    assert "gusts" not in new_anchors
    assert {"wind", "ties"} <= set(new_anchors)
    assert set(anchors) - {"gusts"} <= set(new_anchors)  # the rest keep their addresses
    # a version label is kept when an import does not give one
    assert rulebook_import(text=changed, name="Sky Duel Rules").document.version == "2"


def test_a_failing_import_leaves_the_previous_revision(monkeypatch):
    document = rulebook_import(text=SKY_RULES, name="Sky Duel Rules", version="1").document
    before = [(s.anchor, s.body) for s in sections_of(document)]

    def broken_index(sections):
        raise RuntimeError("disk full")

    # when: the import fails after the old sections were deleted and the new ones written
    monkeypatch.setattr(services.search, "index_sections", broken_index)
    with pytest.raises(RuntimeError):
        rulebook_import(text="# Other\nText.\n", name="Sky Duel Rules", version="2")
    # then
    document.refresh_from_db()
    assert (document.version, document.revision) == ("1", 1)
    assert [(s.anchor, s.body) for s in sections_of(document)] == before


def test_rulings_follow_their_section_to_the_new_revision():
    document = rulebook_import(text=SKY_RULES, name="Sky Duel Rules").document
    judge = get_user_model().objects.create_user("judge", is_staff=True)
    nest = document.sections.get(anchor="the-nest-discard-pile")
    gusts = document.sections.get(anchor="gusts")
    for section in (nest, gusts):
        ruling_create(
            user=judge,
            question=f"A question on {section.heading}?",
            answer="An answer.",
            source="Head judge",
            date=datetime.date(2026, 11, 1),
            section=section,
        )
    # when: Gusts is renamed
    report = rulebook_import(text=SKY_RULES.replace("## Gusts", "## Wind"), name="Sky Duel Rules")
    # then
    assert (report.rulings_kept, report.rulings_detached) == (1, 1)
    new_nest = document.sections.get(anchor="the-nest-discard-pile")
    assert new_nest.pk != nest.pk
    assert [r.question for r in new_nest.rulings.all()] == [
        "A question on The Nest (Discard Pile)?"
    ]


def test_an_empty_file_or_name_is_refused():
    with pytest.raises(Refusal, match="no text"):
        rulebook_import(text=" \n<b></b>\n", name="Empty")
    with pytest.raises(Refusal, match="name"):
        rulebook_import(text=SKY_RULES, name="  ")
    assert not Document.objects.exists()


def test_a_document_name_cannot_take_over_a_built_in_document():
    glossary_load()
    with pytest.raises(Refusal, match="built-in"):
        rulebook_import(text=SKY_RULES, name=services.GLOSSARY_NAME)


def test_the_command_imports_markdown_and_plain_text(tmp_path, capsys):
    markdown = tmp_path / "sky.md"
    markdown.write_text(SKY_RULES)
    plain = tmp_path / "kites.txt"
    plain.write_text("Flying The Kite\nRun into the wind.\n\nLanding Safely\nPull gently.\n")
    # when
    call_command("import_rules", str(markdown), document="Sky Duel Rules", version="5.2")
    call_command("import_rules", str(plain), "--document", "Kite Primer")
    # then
    out = capsys.readouterr().out
    assert (
        "Sky Duel Rules (slug sky-duel-rules, version 5.2, revision 1, game genesis): 8 sections"
        in out
    )
    assert "Kite Primer (slug kite-primer, version -, revision 1, game genesis): 2 sections" in out
    kites = Document.objects.get(slug="kite-primer")
    assert [s.heading for s in sections_of(kites)] == ["Flying The Kite", "Landing Safely"]
    assert kites.source_path == str(plain)


def test_the_command_explains_a_missing_file(tmp_path):
    with pytest.raises(CommandError, match="cannot read the file"):
        call_command("import_rules", str(tmp_path / "missing.md"), document="Sky Duel Rules")


def test_the_glossary_is_loaded_once_and_kept_up_to_date(capsys):
    # when
    call_command("load_glossary")
    call_command("load_glossary")
    # then
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Genesis keyword glossary (this service's summary) (slug glossary")
    assert out[1].startswith("Service policies (slug service-policies")
    assert out[2:] == ["Keyword glossary: up to date", "Service policies: up to date"]
    glossary = Document.objects.get(slug="glossary")
    assert glossary.kind == Document.Kind.GLOSSARY
    assert glossary.revision == 1
    assert glossary.sections.count() == len(GLOSSARY)
    flight = glossary.sections.get(anchor="flight")
    assert flight.heading == "Flight"
    assert "occupied" in flight.body


@pytest.mark.django_db(transaction=True)
def test_two_imports_of_one_document_at_once_neither_double_nor_lose_sections():
    if connection.vendor != "postgresql":
        pytest.skip("row locks are a PostgreSQL matter; SQLite runs one writer at a time")
    errors = []
    barrier = threading.Barrier(2)

    def import_once():
        try:
            barrier.wait()
            rulebook_import(text=SKY_RULES, name="Sky Duel Rules")
        except Exception as exc:  # reported below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=import_once) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    document = Document.objects.get(name="Sky Duel Rules")
    assert document.revision == 2
    assert document.sections.count() == 8
    assert Document.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"# Title\n\nSome \x00 text\n", "a NUL character at line 3, column 6"),
        (b"\n\n  \n", "no text"),
    ],
)
def test_a_rulebook_file_that_cannot_be_stored_is_refused_cleanly(tmp_path, content, said):
    path = tmp_path / "bad.md"
    path.write_bytes(content)
    with pytest.raises(CommandError) as refused:
        call_command("import_rules", str(path), "--document", "Bad Book")
    assert str(path) in str(refused.value)
    assert said in str(refused.value)
    assert not Document.objects.exists()
    assert not Section.objects.exists()


def test_a_ruling_on_a_passage_follows_its_words_when_the_book_is_cut_differently(monkeypatch):
    # given: a book without headings, cut into passages titled by their first words, and a
    # ruling on the second passage
    lines = [f"Kite rule {i} says the string of kite {i} is {i} metres long." for i in range(80)]
    text = "\n".join(lines) + "\n"
    monkeypatch.setattr(services, "parse_rulebook", _parsed_as_passages)
    document = rulebook_import(text=text, name="Kite Rules", filename="kites.txt").document
    passage = document.sections.filter(heading_is_derived=True).order_by("position").first()
    judge = get_user_model().objects.create_user("judge", is_staff=True)
    ruling_create(
        user=judge,
        question="How long is that string?",
        answer="As long as the rule says.",
        source="Head judge",
        date=datetime.date(2026, 11, 1),
        section=passage,
    )
    # when: the importer now cuts it into other sections, under other titles
    monkeypatch.undo()
    report = rulebook_import(text=text, name="Kite Rules", filename="kites.txt")
    # then: the ruling is on the new section holding the passage's opening
    assert (report.rulings_kept, report.rulings_detached) == (1, 0)
    ruling = passage.rulings.model.objects.get()
    assert " ".join(passage.body.split())[:80] in " ".join(ruling.section.body.split())
    assert ruling.section.anchor != passage.anchor


def _parsed_as_passages(text, source_format=None):
    """The importer as it was before it cut headingless text at its topics: 900-character
    passages titled by their first words."""
    from rules.core import parsing

    body = parsing._text_body(text.split("\n"))
    pieces = parsing._chunks(body, parsing.SourceFormat.TEXT)
    sections = [
        parsing.ParsedSection("Introduction", 1, ("Introduction",), "introduction", pieces[0], None)
    ]
    for piece in pieces[1:]:
        heading = parsing._chunk_heading(piece)
        sections.append(
            parsing.ParsedSection(
                heading, 2, ("Introduction", heading), parsing.slugify(heading), piece, 0, True
            )
        )
    return sections
