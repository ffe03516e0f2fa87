"""The card index: affiliations (and worlds), card sets, cards and their abilities, for every game
(rules.core.games). Set codes and card names are unique within a game, not across games."""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q

from rules.core.cards import COST_KINDS, CardType, Speed
from rules.core.formats import FORMATS
from rules.core.games import GAMES, GENESIS

GAME_CHOICES = [(game.slug, game.name) for game in GAMES.values()]


class Affiliation(models.Model):
    """An affiliation symbol, or a world (Core Rulebook 5.2, Anatomy E/F). Data, not an enum."""

    class Kind(models.TextChoices):
        AFFILIATION = "affiliation", "Affiliation"
        WORLD = "world", "World"

    name = models.CharField(max_length=120, unique=True)
    slug = models.SlugField(max_length=120, unique=True)
    kind = models.CharField(max_length=20, choices=Kind.choices, default=Kind.AFFILIATION)
    description = models.TextField(blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class CardSet(models.Model):
    game = models.CharField(max_length=20, choices=GAME_CHOICES, default=GENESIS.slug)
    code = models.CharField(max_length=20)
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    imported_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "code"]
        constraints = [
            models.UniqueConstraint(fields=["game", "code"], name="cardset_unique_code_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"


class Card(models.Model):
    class Type(models.TextChoices):
        CHAMPION = CardType.CHAMPION.value, "Champion"
        SPELL = CardType.SPELL.value, "Spell"
        TECHNIQUE = CardType.TECHNIQUE.value, "Technique"
        SUMMON = CardType.SUMMON.value, "Summon"
        ALTERATION = CardType.ALTERATION.value, "Alteration"
        ENCHANTMENT = CardType.ENCHANTMENT.value, "Enchantment"

    class Source(models.TextChoices):
        RULEBOOK = "rulebook", "Named in a rulebook"
        DEMO = "demo", "Demo set (not official)"
        CUSTOM = "custom", "Custom"

    card_set = models.ForeignKey(CardSet, on_delete=models.PROTECT, related_name="cards")
    # The card set's game, copied by the importer: names are unique per game, which a
    # constraint can only check on this table.
    game = models.CharField(max_length=20, choices=GAME_CHOICES, default=GENESIS.slug)
    name = models.CharField(max_length=120)
    # rules.core.decklist.name_key(name): decklists match names without regard to case or spacing.
    name_key = models.CharField(max_length=120)
    # Genesis's types (the choices), or another game's (rules.core.game_cards), which its card
    # schema checks.
    type = models.CharField(max_length=20, choices=Type.choices, db_index=True)
    subtype = models.CharField(max_length=40, blank=True)
    chi = models.PositiveSmallIntegerField(null=True, blank=True, db_index=True)
    hp = models.PositiveSmallIntegerField(null=True, blank=True)
    aura = models.PositiveSmallIntegerField(null=True, blank=True)
    energy_reduction = models.PositiveSmallIntegerField(null=True, blank=True)
    world = models.ForeignKey(
        Affiliation, null=True, blank=True, on_delete=models.PROTECT, related_name="champions"
    )
    affiliations = models.ManyToManyField(Affiliation, related_name="cards", blank=True)
    # rules.core.awareness.Awareness.as_json(): offsets [[dx, dy], ...], "arena", or null.
    awareness = models.JSONField(null=True, blank=True)
    occupies_spot = models.BooleanField(default=True)
    # Core Rulebook 5.2, Line of Sight: a permanent that "blocks line of sight" stops it.
    blocks_line_of_sight = models.BooleanField(default=False)
    text = models.TextField(blank=True)
    flavor = models.TextField(blank=True)
    source = models.CharField(max_length=20, choices=Source.choices, default=Source.CUSTOM)
    source_note = models.TextField(blank=True)
    unrevealed = models.JSONField(default=list, blank=True)
    content_hash = models.CharField(max_length=64)

    # Other games' fields (rules.core.game_cards.GameCard; empty for Genesis cards).
    element = models.CharField(max_length=40, blank=True)
    cost = models.SmallIntegerField(null=True, blank=True)
    power = models.SmallIntegerField(null=True, blank=True)
    life = models.SmallIntegerField(null=True, blank=True)
    level = models.SmallIntegerField(null=True, blank=True)  # Grand Archive champions
    species = models.CharField(max_length=20, blank=True)  # Titans of Eden
    class_index = models.CharField(
        max_length=200, blank=True
    )  # Grand Archive classes, "|"-delimited
    supertype_index = models.CharField(max_length=200, blank=True)  # e.g. "|regalia|"

    # Search index columns, written by the importer (decks.services) from the fields above.
    # Delimited with "|" so that `kw:flight` is one LIKE '%|flight|%' on a single table.
    search_text = models.TextField(blank=True)
    affiliation_index = models.CharField(max_length=500, blank=True)
    keyword_index = models.CharField(max_length=1000, blank=True)
    speed_index = models.CharField(max_length=100, blank=True)
    cost_index = models.CharField(max_length=100, blank=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(type="champion", chi__isnull=True) | ~Q(type="champion"),
                name="card_champion_has_no_chi",
            ),
            models.UniqueConstraint(fields=["game", "name_key"], name="card_unique_name_per_game"),
        ]

    def __str__(self) -> str:
        return self.name


class CardRuling(models.Model):
    """A judge's ruling (rules.Ruling) on a card. The link is kept on the cards' side because the
    rules app sits below the card index and holds no key to it; decks hands the lookup what it
    needs of the cards through rules.card_index (decks.rulings)."""

    ruling = models.OneToOneField(
        "rules.Ruling", on_delete=models.CASCADE, primary_key=True, related_name="card_link"
    )
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="ruling_links")

    def __str__(self) -> str:
        return f"ruling {self.ruling_id} on card {self.card_id}"


class Ability(models.Model):
    class SpeedChoice(models.TextChoices):
        ACTION = Speed.ACTION.value, "Action"
        SWIFT = Speed.SWIFT.value, "Swift"
        IMMEDIATE = Speed.IMMEDIATE.value, "Immediate"
        TRIGGER = Speed.TRIGGER.value, "Trigger"
        CONTINUOUS = Speed.CONTINUOUS.value, "Continuous"

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="abilities")
    position = models.PositiveSmallIntegerField()
    speed = models.CharField(max_length=20, choices=SpeedChoice.choices)
    name = models.CharField(max_length=120)
    # rules.core.cards.KeywordTerm.as_dict() for each keyword of the name, in order.
    keywords = models.JSONField(default=list)
    cost_aura = models.PositiveSmallIntegerField(default=0)
    cost_energy = models.PositiveSmallIntegerField(default=0)
    cost_hp = models.PositiveSmallIntegerField(default=0)
    cost_exert = models.BooleanField(default=False)
    cost_discard = models.PositiveSmallIntegerField(default=0)
    # rules.core.cards.Ability.facts(): what the engine executes (card format version 2).
    facts = models.JSONField(default=dict, blank=True)
    text = models.TextField(blank=True)

    class Meta:
        ordering = ["card", "position"]
        constraints = [
            models.UniqueConstraint(fields=["card", "position"], name="ability_unique_position"),
        ]

    def __str__(self) -> str:
        return f"{self.card.name}: {self.name}"

    @property
    def cost_kinds(self) -> tuple[str, ...]:
        return tuple(kind for kind in COST_KINDS if getattr(self, f"cost_{kind}"))


def new_deck_key() -> str:
    # Decks are addressed by an unguessable key, not a counting id, so an unlisted deck is only
    # found by those given its link.
    return secrets.token_urlsafe(9)


class Deck(models.Model):
    """A saved timeline: a champion, timeline, forethoughts and subconscious, with history."""

    class Visibility(models.TextChoices):
        PRIVATE = "private", "Private: only you"
        UNLISTED = "unlisted", "Unlisted: anyone with the link"
        PUBLIC = "public", "Public: listed for everyone"

    key = models.CharField(max_length=16, unique=True, default=new_deck_key, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks"
    )
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True, max_length=5000)
    format = models.CharField(max_length=40, default="genesis-standard")
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    # rules.core.decklist.decklist_to_json() of the latest version.
    decklist = models.JSONField()
    champion = models.CharField(max_length=120, blank=True)
    legal = models.BooleanField(default=False)
    version = models.PositiveIntegerField(default=1)
    cloned_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="clones"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["visibility", "-updated_at"])]

    def __str__(self) -> str:
        return self.name

    @property
    def game(self) -> str:
        """The game of the deck's format (a deck's game is its format's: one fact, one place)."""
        fmt = FORMATS.get(self.format)
        return fmt.game if fmt is not None else GENESIS.slug


class DeckVersion(models.Model):
    """Every save of a deck's list, numbered from 1."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    decklist = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["deck", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["deck", "number"], name="deck_version_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.deck} v{self.number}"
