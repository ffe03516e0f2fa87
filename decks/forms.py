"""Forms of the deck pages: a deck's save fields, and the deck builder's posted state.

The builder keeps its whole deck in one field, `decklist`, holding the text form
(docs/decklist-format.md). Every change posts that text together with the row controls (one
`count-<section>-<row>` field per card) and an `op` naming the button pressed; `read_builder`
turns them into the new decklist. The page is then rendered again from that decklist alone, so
the text, the rows and the validation can never disagree.
"""

import re
from dataclasses import dataclass, field

from django import forms

from genesis.errors import Refusal
from rules.decklist import (
    CARD_SECTIONS,
    MAX_COPIES,
    DeckEntry,
    Decklist,
    DecklistError,
    Section,
    format_decklist,
    name_key,
    parse_decklist,
)
from rules.formats import DEFAULT_FORMAT, FORMATS

from . import selectors, services
from .models import Card, Deck

# Ops the builder's buttons send. Row ops name a row by its place in its section, as rendered.
OP_REFRESH = "refresh"  # re-check only: a count, the champion or the format changed
OP_LOAD = "load"  # replace the deck with the pasted list
OP_SAVE = "save"
OP_ADD = "add"  # add:<section>:<card id>; a champion card becomes the champion
OP_MORE = "more"  # more:<section>:<row>
OP_FEWER = "fewer"  # fewer:<section>:<row>
OP_REPLACE = "replace"  # replace:<section>:<row>:<name> (or replace:champion:0:<name>)
SECTIONS = {section.value: section for section in CARD_SECTIONS}
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
        choices=[(fmt.slug, fmt.name) for fmt in FORMATS.values()],
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
        slug = self.data.get("format") if self.is_bound else self.initial.get("format")
        return slug if slug in FORMATS else DEFAULT_FORMAT.slug


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
    try:
        before = services.read_decklist(text=data.get("decklist", ""))
    except Refusal as exc:
        state.problem = f"The builder's list could not be read ({exc.detail}), so it was cleared."
        return state
    state.decklist = before
    if state.op == OP_LOAD:
        _load(state, data.get("paste", ""))
        return state

    champion = before.champion
    if "champion" in data:
        champion = data["champion"].strip() or None
    rows = {section: _edited_rows(before, section, data) for section in CARD_SECTIONS}
    champion = _apply(op, champion, rows, state)
    after = _decklist(champion, rows)
    try:
        parse_decklist(format_decklist(after))  # the text form must be able to hold it
    except DecklistError as exc:
        state.problem = f"That change was not made: {exc.message}"
        return state
    state.decklist = after
    return state


def _load(state: BuilderInput, text: str) -> None:
    try:
        state.decklist = services.read_decklist(text=text)
    except Refusal as exc:
        state.problem = f"The pasted list was not loaded. {exc.detail}"
        return
    state.loaded = True


def _edited_rows(decklist: Decklist, section: Section, data) -> list[list]:
    """[count, name] per row, with the counts as typed into the row inputs."""
    rows = []
    for index, entry in enumerate(decklist.entries(section)):
        count = entry.count
        typed = data.get(f"count-{section.value}-{index}", "").strip()
        if _COUNT.fullmatch(typed):
            count = min(max(int(typed), 0), MAX_COPIES)
        rows.append([count, entry.name])
    return rows


def _apply(op: str, champion: str | None, rows: dict, state: BuilderInput) -> str | None:
    kind, _, rest = op.partition(":")
    section_name, _, rest = rest.partition(":")
    section = SECTIONS.get(section_name)
    if kind == OP_REPLACE and section_name == "champion":
        return rest.partition(":")[2].strip() or champion
    if kind == OP_ADD and section is not None:
        card = _card(rest)
        if card is None:
            state.problem = "That card is no longer in the card index."
        elif card.type == Card.Type.CHAMPION:
            champion = card.name
            state.notes.append(f"{card.name} is now the champion.")
        else:
            _add(rows[section], card.name, 1)
            state.notes.append(f"Added {card.name} to the {section}.")
    elif kind in (OP_MORE, OP_FEWER, OP_REPLACE) and section is not None:
        index, _, name = rest.partition(":")
        section_rows = rows[section]
        if not index.isdecimal() or int(index) >= len(section_rows):
            state.problem = "That row has changed; nothing was done."
        elif kind == OP_REPLACE:
            if name.strip():
                section_rows[int(index)][1] = name.strip()
        else:
            row = section_rows[int(index)]
            row[0] = min(max(row[0] + (1 if kind == OP_MORE else -1), 0), MAX_COPIES)
    return champion


def _card(card_id: str) -> Card | None:
    if not card_id.isdecimal():
        return None
    try:
        return selectors.card_detail(card_id=int(card_id))
    except Card.DoesNotExist:
        return None


def _add(rows: list[list], name: str, count: int) -> None:
    key = name_key(name)
    for row in rows:
        if name_key(row[1]) == key:
            row[0] = min(row[0] + count, MAX_COPIES)
            return
    rows.append([count, name])


def _decklist(champion: str | None, rows: dict) -> Decklist:
    """Rows back into a decklist: 0 removes a row, and rows naming one card merge (a
    replacement can name a card already listed)."""
    sections = {}
    for section, section_rows in rows.items():
        merged: dict[str, list] = {}
        for count, name in section_rows:
            if count > 0:
                entry = merged.setdefault(name_key(name), [0, name])
                entry[0] = min(entry[0] + count, MAX_COPIES)
        sections[section.value] = tuple(DeckEntry(count, name) for count, name in merged.values())
    return Decklist(champion=champion, **sections)
