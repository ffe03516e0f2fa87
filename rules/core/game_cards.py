"""Cards of the games other than Genesis (Grand Archive, Titans of Eden), as plain values.

Genesis cards (rules.core.cards.Card) carry what its engine executes; these carry only what deck
rules and search read. Fields a game lacks stay None or empty. Grand Archive: "All cards have a
Name, Cost, Type, Class, and Element" (Grand Archive Comprehensive Rules L286), champions have a
level (L346-352), regalia is a supertype (L413). Titans of Eden: every elemental card has an
element and a species (Titans of Eden Rulebook › Setup, L164-168), a cost and a power.
"""

from dataclasses import dataclass

# Grand Archive card types (Grand Archive Comprehensive Rules L345).
GRAND_ARCHIVE_TYPES = (
    "champion",
    "ally",
    "action",
    "attack",
    "weapon",
    "domain",
    "item",
    "phantasia",
)
# Items and weapons have the regalia supertype in the material deck (Grand Archive Comprehensive
# Rules L357, L376).
REGALIA_IN_MATERIAL_TYPES = frozenset({"item", "weapon"})
# Titans of Eden: elemental cards, the forest and desert cards (Monk, Wizard, Traveler, Ghost)
# and the subversions (Titans of Eden Rulebook › Game Contents).
TITANS_TYPES = ("elemental", "basic", "subversion")
TITANS_SPECIES = ("warrior", "beast", "dragon", "titan")
TITANS_ELEMENTS = ("storm", "fire", "ice", "rock", "forest", "desert")


@dataclass(frozen=True)
class GameCard:
    """A card of Grand Archive or Titans of Eden. Names are unique within a game."""

    name: str
    game: str
    type: str
    set_code: str = ""
    source: str = "demo"
    element: str = ""
    cost: int | None = None
    power: int | None = None
    text: str = ""
    # Grand Archive
    level: int | None = None
    classes: tuple[str, ...] = ()
    supertypes: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()
    life: int | None = None
    # Titans of Eden
    species: str = ""

    @property
    def is_champion(self) -> bool:
        return self.type == "champion"

    @property
    def is_regalia(self) -> bool:
        return "regalia" in self.supertypes

    @property
    def material_only(self) -> bool:
        """Champions start in the material deck (L303) and regalia must (L413)."""
        return self.is_champion or self.is_regalia

    @property
    def regalia_in_material_deck(self) -> bool:
        """A regalia once in the material deck: printed regalia, and any item or weapon, which
        there has the regalia supertype (L357, L376)."""
        return self.is_regalia or self.type in REGALIA_IN_MATERIAL_TYPES

    @property
    def materializable(self) -> bool:
        """Whether it can be materialized from the material deck: only champions and regalia
        can (L551)."""
        return self.is_champion or self.regalia_in_material_deck
