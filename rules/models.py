"""The judges' rules lookup: imported rulebooks and their sections, rulings, and synonyms."""

from django.conf import settings
from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.db.models import Q

from .card_index import CardRef

# The built-in documents' addresses: /rules/glossary/…, /rules/rulings/…, /rules/service-policies/….
GLOSSARY_SLUG = "glossary"
RULINGS_SLUG = "rulings"
POLICIES_SLUG = "service-policies"


class Game(models.TextChoices):
    """The card games whose rules the lookup holds; the values are the games' slugs everywhere
    (card files, `?game=` on the lookup)."""

    GENESIS = "genesis", "Genesis: Battle of Champions"
    GRAND_ARCHIVE = "grand-archive", "Grand Archive"
    TITANS_OF_EDEN = "titans-of-eden", "Titans of Eden"


class Document(models.Model):
    """One imported rulebook, or one of the built-in documents (glossary, rulings, policies)."""

    class Kind(models.TextChoices):
        RULEBOOK = "rulebook", "Rulebook"
        GLOSSARY = "glossary", "Keyword glossary"
        RULINGS = "rulings", "Judges' rulings"
        # This service's own rules (docs/policies.md), not the game's: labelled so everywhere.
        POLICIES = "policies", "Service policies"

    name = models.CharField(max_length=200, unique=True)
    slug = models.SlugField(max_length=100, unique=True)
    kind = models.CharField(max_length=20, choices=Kind.choices, default=Kind.RULEBOOK)
    # The publisher's label ("5.2"); `revision` counts imports, so every re-import bumps it.
    version = models.CharField(max_length=40, blank=True)
    revision = models.PositiveIntegerField(default=1)
    source_path = models.CharField(max_length=500, blank=True)
    imported_at = models.DateTimeField()
    # The game whose rules these are; blank for the service's own documents (policies,
    # rulings), which a search narrowed to any game still includes.
    game = models.CharField(max_length=20, choices=Game.choices, blank=True)
    # An older text of its game (a quickstart guide, an earlier edition): ranked below the
    # current rules, so that it never outranks them on a question both answer.
    superseded = models.BooleanField(default=False)

    class Meta:
        ordering = ["kind", "name"]

    def __str__(self) -> str:
        return f"{self.name} {self.version}".strip()


class Section(models.Model):
    """A heading and the text under it, up to the next heading at any level."""

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="sections")
    position = models.PositiveIntegerField()
    level = models.PositiveSmallIntegerField()
    heading = models.CharField(max_length=300)
    # A chunk of a long section is titled by its first words; search weights that as body text.
    heading_is_derived = models.BooleanField(default=False)
    # Headings from the top of the document down to this section's own, which is last.
    path = models.JSONField(default=list)
    # The ancestors' headings as one string, indexed for search below the heading and body.
    context = models.TextField(blank=True)
    anchor = models.SlugField(max_length=100)
    body = models.TextField(blank=True)
    # The line of the imported file where the section starts: a citation by line ("… (L227)")
    # finds its section by it. Empty for the built-in glossary.
    line = models.PositiveIntegerField(null=True, blank=True)
    # What the section answers, in players' words (rules.core.topics, the topic index): indexed
    # for search as a field of its own, never shown.
    topics = models.TextField(blank=True)
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="children"
    )
    # Sections of the rulings document stand for one ruling each, so rulings are searched
    # (and ranked) together with the rulebooks.
    ruling = models.OneToOneField(
        "Ruling", null=True, blank=True, on_delete=models.CASCADE, related_name="index_section"
    )
    # PostgreSQL only (rules.search): heading A, body B, context C, topics D. SQLite keeps an FTS5
    # table.
    search_vector = SearchVectorField(null=True, editable=False)

    class Meta:
        ordering = ["document", "position"]
        constraints = [
            models.UniqueConstraint(fields=["document", "anchor"], name="section_unique_anchor"),
            models.UniqueConstraint(
                fields=["document", "position"], name="section_unique_position"
            ),
        ]

    def __str__(self) -> str:
        return " › ".join(self.path) or self.heading


class Ruling(models.Model):
    """A judge's answer to a question about a card or a rule section, with its source.

    The card a ruling is on is linked on the cards' side (decks.models.CardRuling): this app sits
    below the card index and holds no key to it (rules.card_index)."""

    # The card the ruling is on, set by the selectors that show it (rules.selectors.with_cards).
    card: CardRef | None = None

    # Re-importing a rulebook keeps this link through the section's anchor (rules.services).
    section = models.ForeignKey(
        Section, null=True, blank=True, on_delete=models.SET_NULL, related_name="rulings"
    )
    keyword = models.CharField(max_length=40, blank=True, help_text="A glossary keyword slug.")
    question = models.TextField(max_length=2000)
    answer = models.TextField(max_length=5000)
    source = models.CharField(max_length=300, help_text="Who ruled, or where it was published.")
    date = models.DateField()
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-id"]
        indexes = [models.Index(fields=["keyword"])]
        constraints = [
            models.CheckConstraint(
                condition=~Q(question="") & ~Q(answer=""), name="ruling_has_question_and_answer"
            ),
        ]

    def __str__(self) -> str:
        return self.question[:80]


class Synonym(models.Model):
    """A player's word or phrase and the game's words searched in its place. Admins edit these."""

    term = models.CharField(max_length=100, unique=True, help_text='e.g. "graveyard", "go first"')
    replacements = models.CharField(
        max_length=300,
        help_text='Comma-separated words or phrases searched with it, e.g. "memories" or '
        '"timeline, deck". The term itself is searched at half weight; list it to give it full '
        "weight.",
    )

    class Meta:
        ordering = ["term"]

    def __str__(self) -> str:
        return f"{self.term} → {self.replacements}"
