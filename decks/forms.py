"""Forms of the deck pages: a deck's save fields, and the deck builder's posted state.

The builder keeps its whole deck in one field, `decklist`, holding the text form
(docs/decklist-format.md). Every change posts that text together with the row controls (one
`count-<section>-<row>` field per card) and an `op` naming the button pressed; `read_builder`
turns them into the new decklist. The page is then rendered again from that decklist alone, so
the text, the rows and the validation can never disagree.
"""

import re
from dataclasses import dataclass, field, replace

from django import forms

from genesis.errors import Refusal
from rules.core.decklist import (
    ALL_CARD_SECTIONS,
    GAME_SECTIONS,
    Decklist,
    DecklistError,
    Section,
    add_card,
    change_count,
    format_decklist,
    home_section,
    parse_decklist,
    replace_card,
    set_counts,
    tidy,
)
from rules.core.formats import DEFAULT_FORMAT, FORMATS, Format, formats_of
from rules.core.games import GAMES, GENESIS, get_game

from . import selectors, services
from .models import Card, Deck

# Ops the builder's buttons send. Row ops name a row by its place in its section, as rendered.
OP_REFRESH = "refresh"  # re-check only: a count, the champion or the format changed
OP_LOAD = "load"  # replace the deck with the pasted list
OP_SAVE = "save"
OP_ADD = "add"  # add:<section>:<card id>; a Genesis champion card becomes the champion
OP_MORE = "more"  # more:<section>:<row>
OP_FEWER = "fewer"  # fewer:<section>:<row>
OP_REPLACE = "replace"  # replace:<section>:<row>:<name> (or replace:champion:0:<name>)
SECTIONS = {section.value: section for section in ALL_CARD_SECTIONS}
_COUNT = re.compile(r"-?[0-9]{1,6}")  # a typed count; anything else leaves the count as it was


class DeckForm(forms.Form):
    """What a deck is saved with, besides its list."""

    name = forms.CharField(
        max_length=120,
        required=False,
        label="Deck name",
        widget=forms.TextInput(attrs={"placeholder": "Untitled timeline", "autocomplete": "off"}),
    )
    description = forms.CharField(
        max_length=5000,
        required=False,
        label="Notes",
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    visibility = forms.ChoiceField(
        choices=Deck.Visibility.choices, initial=Deck.Visibility.PRIVATE, label="Who can see it"
    )
    format = forms.ChoiceField(
        # Every game's formats, grouped by game: the format decides the deck's sections, the
        # cards the search offers and the rules it is checked by (docs/games.md).
        choices=[
            (game.name, [(fmt.slug, fmt.name) for fmt in formats_of(game.slug)])
            for game in GAMES.values()
        ],
        initial=DEFAULT_FORMAT.slug,
        label="Format",
    )

    def __init__(self, *args, live_url: str = "", **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if live_url:
            # The format changes what is checked, so a change re-checks at once (htmx).
            self.fields["format"].widget.attrs.update(
                {"hx-post": live_url, "hx-trigger": "change", "hx-sync": "closest form:replace"}
            )

    @classmethod
    def for_deck(cls, deck: Deck | None, draft: dict | None = None, **kwargs) -> "DeckForm":
        if draft:
            return cls(initial={k: v for k, v in draft.items() if k in cls.base_fields}, **kwargs)
        if deck is None:
            return cls(**kwargs)
        return cls(
            **kwargs,
            initial={
                "name": deck.name,
                "description": deck.description,
                "visibility": deck.visibility,
                "format": deck.format,
            },
        )

    def format_slug(self) -> str:
        """The chosen format (even while another field is invalid), else the default."""
        slug: str | None = self.data.get("format") if self.is_bound else self.initial.get("format")
        return slug if slug is not None and slug in FORMATS else DEFAULT_FORMAT.slug

    def chosen_format(self) -> Format:
        return FORMATS[self.format_slug()]

    def format_game(self) -> str:
        return self.chosen_format().game


@dataclass
class BuilderInput:
    """The builder's state after one change."""

    decklist: Decklist
    op: str = OP_REFRESH
    problem: str = ""  # why the change could not be made, shown to the user
    odds_card: str = ""  # the timeline card whose draw odds are shown
    loaded: bool = False  # a pasted list replaced the deck
    notes: list[str] = field(default_factory=list)


def read_builder(data) -> BuilderInput:
    """The decklist a builder form describes: its text, the edited rows, the champion picker,
    then the pressed button's op. A change that cannot be made leaves the deck as it was."""
    op = data.get("op", OP_REFRESH) or OP_REFRESH
    state = BuilderInput(Decklist(), op=op.split(":", 1)[0], odds_card=data.get("odds", ""))
    fmt = FORMATS.get(data.get("format", ""), DEFAULT_FORMAT)
    # The text form's "Main" and "Sideboard" are Grand Archive's in a Grand Archive format; a
    # Genesis format reads lists as it always did (a "Material" header marks a Grand Archive one).
    game = None if fmt.game == GENESIS.slug else fmt.game
    try:
        before = services.read_decklist(text=data.get("decklist", ""), game=game)
    except Refusal as exc:
        state.problem = f"The builder's list could not be read ({exc.detail}), so it was cleared."
        return state
    state.decklist = before
    if state.op == OP_LOAD:
        _load(state, data.get("paste", ""), game)
        return state

    decklist = before
    if "champion" in data:
        decklist = replace(decklist, champion=data["champion"].strip() or None)
    for section in ALL_CARD_SECTIONS:
        decklist = set_counts(decklist, section, _typed_counts(before, section, data))
    after = tidy(_apply(op, decklist, state))
    try:
        parse_decklist(format_decklist(after))  # the text form must be able to hold it
    except DecklistError as exc:
        state.problem = f"That change was not made: {exc.message}"
        return state
    state.decklist = after
    return state


def _load(state: BuilderInput, text: str, game: str | None) -> None:
    try:
        state.decklist = services.read_decklist(text=text, game=game)
    except Refusal as exc:
        state.problem = f"The pasted list was not loaded. {exc.detail}"
        return
    state.loaded = True


def _typed_counts(decklist: Decklist, section: Section, data) -> dict[int, int]:
    """Row index -> the count typed into that row's input (only well-formed numbers)."""
    counts = {}
    for index in range(len(decklist.entries(section))):
        typed = data.get(f"count-{section.value}-{index}", "").strip()
        if _COUNT.fullmatch(typed):
            counts[index] = int(typed)
    return counts


def _apply(op: str, decklist: Decklist, state: BuilderInput) -> Decklist:
    """The pressed button's change (rules.core.decklist's edits); a row that is no longer there
    changes nothing and says so."""
    kind, _, rest = op.partition(":")
    section_name, _, rest = rest.partition(":")
    section = SECTIONS.get(section_name)
    if kind == OP_REPLACE and section_name == "champion":
        name = rest.partition(":")[2].strip()
        return replace(decklist, champion=name) if name else decklist
    if kind == OP_ADD and section is not None:
        card = _card(rest)
        if card is None:
            state.problem = "That card is no longer in the card index."
            return decklist
        if section not in GAME_SECTIONS[card.game]:
            state.problem = (
                f"{card.name} is a {get_game(card.game).name} card: it goes in a deck of that "
                "game's format, so it was not added."
            )
            return decklist
        if card.game == GENESIS.slug and card.type == Card.Type.CHAMPION:
            state.notes.append(f"{card.name} is now the champion.")
            return replace(decklist, champion=card.name)
        if card.game != GENESIS.slug and section == Section.MAIN:
            # A champion or regalia sent to the main deck goes to the material deck, where the
            # rules keep it (Grand Archive Comprehensive Rules L303, L413).
            section = home_section(selectors.game_card_value(card))
        state.notes.append(f"Added {card.name} to the {_WORDS.get(section, section.value)}.")
        return add_card(decklist, section, card.name)
    if kind in (OP_MORE, OP_FEWER, OP_REPLACE) and section is not None:
        index, _, name = rest.partition(":")
        try:
            if not index.isdecimal():
                raise IndexError(index)
            if kind == OP_REPLACE:
                edited = replace_card(decklist, section, int(index), name.strip())
                return edited if name.strip() else decklist
            return change_count(decklist, section, int(index), 1 if kind == OP_MORE else -1)
        except IndexError:
            state.problem = "That row has changed; nothing was done."
    return decklist


# How the builder's notes name a section.
_WORDS = {Section.MAIN: "main deck", Section.MATERIAL: "material deck"}


def _card(card_id: str) -> Card | None:
    if not card_id.isdecimal():
        return None
    try:
        return selectors.card_detail(card_id=int(card_id))
    except Card.DoesNotExist:
        return None
