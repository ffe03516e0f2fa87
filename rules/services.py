"""Writes of the rules lookup: importing rulebooks, the built-in documents (the keyword glossary
and the service policies), and rulings."""

import datetime
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from django.utils import timezone

from genesis.errors import Forbidden, NotFound, Refusal

from . import search
from .card_index import CardRef, card_index
from .core.keywords import GLOSSARY, KEYWORDS
from .core.parsing import (
    ParsedSection,
    RulebookError,
    SourceFormat,
    parse_rulebook,
    section_lines,
    slugify,
)
from .core.topics import SERVICE_POLICIES, topics_for, topics_of_sections
from .models import GLOSSARY_SLUG, POLICIES_SLUG, RULINGS_SLUG, Document, Game, Ruling, Section

GLOSSARY_NAME = "Genesis keyword glossary (this service's summary)"
RULINGS_NAME = "Judges' rulings"
POLICIES_NAME = SERVICE_POLICIES
# The service's own rules where the rulebooks are silent: one page of the docs, so the lookup
# and the documentation cannot disagree.
POLICIES_PATH = Path(settings.BASE_DIR) / "docs" / "policies.md"
# Page routes under /rules/ that a document slug must not take (rules/urls.py).
RESERVED_SLUGS = {"keywords", "rulings", "glossary", "search", "api", "new", POLICIES_SLUG}
MAX_RULEBOOK_BYTES = 10 * 1024 * 1024


@dataclass(frozen=True)
class ImportReport:
    document: Document
    sections: int
    replaced: int  # sections of the previous revision
    rulings_kept: int  # rulings on a section whose anchor is still there
    rulings_detached: int  # rulings on a section that this revision no longer has

    def __str__(self) -> str:
        text = (
            f"{self.document.name} (slug {self.document.slug}, version "
            f"{self.document.version or '-'}, revision {self.document.revision}, game "
            f"{self.document.game or '-'}{', superseded' if self.document.superseded else ''}): "
            f"{self.sections} sections"
        )
        if self.replaced:
            text += f", replacing {self.replaced}"
        if self.rulings_kept or self.rulings_detached:
            text += f"; rulings kept {self.rulings_kept}, detached {self.rulings_detached}"
        return text


def rulebook_import(
    *,
    text: str,
    name: str,
    version: str | None = None,
    filename: str = "",
    source_format: SourceFormat | None = None,
    game: str = Game.GENESIS,
    superseded: bool | None = None,
) -> ImportReport:
    """Import a rulebook, or replace every section of an earlier import of it, atomically.

    The document is found by name. Each import bumps its revision; `version` (the publisher's
    label) and `superseded` (an older text of its game, ranked below the current rules) are
    kept from the last import when not given. Rulings on a section follow it to the new
    revision by anchor. Raises Refusal, writing nothing, for a file that is not a rulebook or
    an unknown game.
    """
    name = " ".join(name.split())
    if not name:
        raise Refusal("A rulebook needs a document name.", code="document_name_missing")
    if game not in Game.values:
        raise Refusal(
            f"'{game}' is not a game of the lookup; use one of {', '.join(Game.values)}.",
            code="unknown_game",
        )
    try:
        parsed = parse_rulebook(text, source_format=source_format)
    except RulebookError as exc:
        raise Refusal(f"{filename or name}: {exc}.", code="rulebook_unreadable") from None
    return _replace_document(
        name=name,
        kind=Document.Kind.RULEBOOK,
        parsed=parsed,
        lines=section_lines(text, parsed),
        version=version,
        source_path=filename,
        game=game,
        superseded=superseded,
    )


def glossary_load() -> ImportReport | None:
    """Load the project's own keyword summaries (rules.core.keywords) as a document of their own.

    Idempotent: returns None when the stored glossary already matches rules.core.keywords.
    """
    parsed = [
        ParsedSection(
            heading=keyword.name,
            level=1,
            path=(keyword.name,),
            anchor=slugify(keyword.slug),
            body=keyword.summary
            + (
                f" Use {KEYWORDS[keyword.deprecated_for].name} instead."
                if keyword.deprecated_for
                else ""
            ),
            parent=None,
        )
        for keyword in GLOSSARY
    ]
    stored = list(
        Section.objects.filter(document__slug=GLOSSARY_SLUG).values_list(
            "anchor", "heading", "body"
        )
    )
    if stored == [(p.anchor, p.heading, p.body) for p in parsed]:
        return None
    return _replace_document(
        name=GLOSSARY_NAME,
        kind=Document.Kind.GLOSSARY,
        parsed=parsed,
        slug=GLOSSARY_SLUG,
        game=Game.GENESIS,
    )


def policies_load(path: Path = POLICIES_PATH) -> ImportReport | None:
    """Load the service's own policies (docs/policies.md) as the document "Service policies".

    They are this service's rules, not any game's: the document has no game, so a search
    narrowed to a game still finds them, and pages and results label them. Idempotent: returns
    None when the stored document already matches the file.
    """
    text = path.read_text(encoding="utf-8")
    parsed = parse_rulebook(text, source_format=SourceFormat.MARKDOWN)
    # The topic index (rules.core.topics) is compared too: a new topic is loaded on next start.
    stored = list(
        Section.objects.filter(document__slug=POLICIES_SLUG).values_list(
            "anchor", "heading", "body", "topics"
        )
    )
    if stored == [
        (p.anchor, p.heading, p.body, topics_for(POLICIES_NAME, p.heading)) for p in parsed
    ]:
        return None
    return _replace_document(
        name=POLICIES_NAME,
        kind=Document.Kind.POLICIES,
        parsed=parsed,
        lines=section_lines(text, parsed),
        slug=POLICIES_SLUG,
        source_path="docs/policies.md",
        game="",
    )


@transaction.atomic
def _replace_document(
    *,
    name: str,
    kind: str,
    parsed: list[ParsedSection],
    lines: list[int] | None = None,
    version: str | None = None,
    source_path: str = "",
    slug: str | None = None,
    game: str = "",
    superseded: bool | None = None,
) -> ImportReport:
    # Two imports of one document at once: the second waits on the row lock, then replaces
    # the first's sections in turn (get_or_create absorbs the race to create the row).
    document, _ = Document.objects.get_or_create(
        name=name,
        defaults={
            "kind": kind,
            "slug": slug or _free_slug(name),
            "revision": 0,
            "imported_at": timezone.now(),
        },
    )
    document = Document.objects.select_for_update().get(pk=document.pk)
    if document.kind != kind:
        raise Refusal(f"{name} is a built-in document; choose another name.", code="built_in")
    document.revision += 1
    document.version = document.version if version is None else version.strip()[:40]
    document.source_path = source_path[:500]
    document.game = game
    document.superseded = document.superseded if superseded is None else superseded
    document.imported_at = timezone.now()
    document.save()

    # Rulings follow their section to the new revision by anchor (anchors depend on headings
    # only, so they survive edits elsewhere in the book). A ruling on a passage titled by its
    # first words (a cut of a section too long, or of a book without headings) follows the
    # passage's opening words instead: those titles change when the importer cuts the text
    # differently (Grand Archive's passages became sections titled by the term they define).
    ruled = dict(
        Ruling.objects.filter(section__document=document).values_list("pk", "section__anchor")
    )
    openings = dict(
        Ruling.objects.filter(
            section__document=document, section__heading_is_derived=True
        ).values_list("pk", "section__body")
    )
    topics = topics_of_sections(name, [(p.heading, p.body, p.parent) for p in parsed])
    _, deleted = document.sections.all().delete()
    replaced = deleted.get(Section._meta.label, 0)
    rows = [
        Section(
            document=document,
            position=i,
            level=p.level,
            heading=p.heading[:300],
            heading_is_derived=p.derived,
            path=list(p.path),
            context=" / ".join(p.path[:-1]),
            anchor=p.anchor,
            body=p.body,
            line=lines[i] if lines else None,
            topics=topics[i],
        )
        for i, p in enumerate(parsed)
    ]
    Section.objects.bulk_create(rows, batch_size=500)
    for row, p in zip(rows, parsed, strict=True):
        row.parent = rows[p.parent] if p.parent is not None else None
    Section.objects.bulk_update([r for r in rows if r.parent], ["parent"], batch_size=500)
    search.index_sections(document.sections.all())

    by_anchor = {row.anchor: row for row in rows}
    kept = 0
    cards = card_index().cards_of_rulings(list(ruled))
    for ruling in Ruling.objects.filter(pk__in=ruled):
        ruling.section = by_anchor.get(ruled[ruling.pk]) or _section_opening_with(
            rows, openings.get(ruling.pk, "")
        )
        ruling.save(update_fields=["section"])
        kept += ruling.section is not None
        _index_ruling(ruling, cards.get(ruling.pk))
    return ImportReport(document, len(rows), replaced, kept, len(ruled) - kept)


# How much of a section's opening a new revision's section must hold to be taken for it.
OPENING_CHARS = 80


def _section_opening_with(rows: list[Section], body: str) -> Section | None:
    """The first of the new sections whose text holds the opening words of an old section's
    text (None for a text-less section, or an opening no new section holds)."""
    opening = " ".join(body.split())[:OPENING_CHARS]
    if len(opening) < 20:
        return None  # too short to tell one section from another
    return next((row for row in rows if opening in " ".join(row.body.split())), None)


def _free_slug(name: str) -> str:
    base = slugify(name)[:90]
    if base in RESERVED_SLUGS:
        base = f"{base}-rules"
    slug, n = base, 2
    while Document.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


# --- rulings ---------------------------------------------------------------------------------


# Members of this group write rulings without being staff (`manage.py add_judge USERNAME`).
JUDGES_GROUP = "judges"


def is_judge(user) -> bool:
    """Whether `user` may write rulings: a member of the judges group, or staff."""
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_staff) or user.groups.filter(name=JUDGES_GROUP).exists()


def require_judge(user) -> None:
    """Rulings are written by judges: the judges group's members and the site's staff."""
    if not is_judge(user):
        raise Forbidden("Only judges can add rulings.", code="not_a_judge")


def judge_add(*, username: str) -> tuple[str, bool]:
    """Put the account `username` (case ignored) in the judges group, creating the group when
    it is missing. Returns the account's username and whether it was added (False: it already
    was). LookupError names an unknown account."""
    user = get_user_model().objects.filter(username__iexact=username.strip()).first()
    if user is None:
        raise LookupError(f"No account is named {username.strip()!r}.")
    group, _ = Group.objects.get_or_create(name=JUDGES_GROUP)
    added = not user.groups.filter(pk=group.pk).exists()
    user.groups.add(group)
    return user.get_username(), added


@transaction.atomic
def ruling_create(
    *,
    user,
    question: str,
    answer: str,
    source: str,
    date: datetime.date,
    card_id: int | None = None,
    section: Section | None = None,
    keyword: str = "",
) -> Ruling:
    """Record a judge's ruling on a card (by its id in the card index) or a rule section. Only
    judges may."""
    require_judge(user)
    question, answer, source = question.strip(), answer.strip(), source.strip()
    keyword = keyword.strip().lower()
    card = None if card_id is None else card_index().card(card_id)
    if card_id is not None and card is None:
        raise NotFound("No card has that id.", code="unknown_card")
    if card is None and section is None:
        raise Refusal("A ruling belongs to a card or to a rule section.", code="ruling_subject")
    if not question or not answer:
        raise Refusal("A ruling needs both a question and an answer.", code="ruling_incomplete")
    if not source:
        raise Refusal(
            "Say where the ruling comes from (a judge, an event, an FAQ).", code="ruling_source"
        )
    if keyword and keyword not in KEYWORDS:
        raise Refusal(f"'{keyword}' is not a keyword of the glossary.", code="unknown_keyword")
    if section is not None and section.document.kind == Document.Kind.RULINGS:
        raise Refusal("Rulings are added to rule sections, not to rulings.", code="ruling_subject")
    ruling = Ruling.objects.create(
        section=section,
        keyword=keyword,
        question=question,
        answer=answer,
        source=source[:300],
        date=date,
        author=user if getattr(user, "pk", None) else None,
    )
    if card is not None:
        card_index().attach(ruling_id=ruling.pk, card_id=card.id)
    ruling.card = card
    _index_ruling(ruling, card)
    return ruling


@transaction.atomic
def ruling_reindex(*, ruling: Ruling) -> None:
    """Refresh a ruling's entry in the search index after it was edited (e.g. in the admin)."""
    _index_ruling(ruling, card_index().cards_of_rulings([ruling.pk]).get(ruling.pk))


def _index_ruling(ruling: Ruling, card: CardRef | None) -> None:
    """Write the ruling's own section in the rulings document, where search finds it."""
    document, _ = Document.objects.get_or_create(
        slug=RULINGS_SLUG,
        defaults={
            "name": RULINGS_NAME,
            "kind": Document.Kind.RULINGS,
            "imported_at": timezone.now(),
        },
    )
    subject = _ruling_subject(ruling, card)
    heading = " ".join(ruling.question.split())[:300]
    Section.objects.update_or_create(
        ruling=ruling,
        defaults={
            "document": document,
            "position": ruling.pk,
            "level": 1,
            "heading": heading,
            "path": [subject, heading],
            "context": subject,
            "anchor": f"ruling-{ruling.pk}",
            "body": f"{ruling.answer}\n\nSource: {ruling.source}, {ruling.date.isoformat()}.",
        },
    )
    search.index_sections(Section.objects.filter(ruling=ruling))


def _ruling_subject(ruling: Ruling, card: CardRef | None) -> str:
    if card is not None:
        return card.name
    if ruling.section is not None:
        return ruling.section.heading
    return "Rule section no longer in the rulebook"
