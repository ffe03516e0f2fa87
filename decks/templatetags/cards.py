"""Template helpers for showing cards: `{% card_rulings card %}`, a card's rulings, for
templates/decks/card_detail.html, and `{% card_preview name %}`, a card's name that opens a
preview of its face (docs/decks.md, Card previews)."""

from itertools import count

from django import template

from rules.core import timeline
from rules.core.cards import name_key
from rules.core.games import GENESIS
from rules.services import is_judge

from .. import selectors
from ..core.faces import card_face, card_search_query
from ..rulings import rulings_for_card

register = template.Library()
# Each preview's id, for its trigger's aria-controls: unique in a page however often a card is
# named there (a deck row and the sample hand, or a list swapped in by htmx).
_preview_ids = count(1)


@register.inclusion_tag("decks/_card_rulings.html", takes_context=True)
def card_rulings(context, card):
    user = getattr(context.get("request"), "user", None)
    return {
        "card": card,
        "rulings": list(rulings_for_card(card)),
        "can_rule": user is not None and is_judge(user),
    }


@register.inclusion_tag("decks/_card_preview.html")
def card_preview(name: str, card=None, game: str = GENESIS.slug, href: str = ""):
    """A card's name as a button that opens a preview of its face. `card` is the rules' value of
    the card when the caller has it (a deck row); otherwise it is looked up by name in `game`'s
    card index, which is kept in memory (decks.selectors.card_index). The preview links to
    `href` (the card's page) when given, else to a card search for the name."""
    if card is None:
        index = (
            selectors.card_index() if game == GENESIS.slug else selectors.game_card_index(game=game)
        )
        card = index.get(name_key(name))
    return {
        "label": name,
        "face": card_face(name, card),
        "preview_id": f"card-preview-{next(_preview_ids)}",
        "search": card_search_query(name, game),
        "href": href,
    }


@register.filter
def plural_noun(word: str) -> str:
    """A card type in the plural, as the charts and lists head it: "ally" → "Allies"."""
    return timeline.plural_noun(str(word)[:1].upper() + str(word)[1:])


@register.filter
def keyword_label(term: dict) -> str:
    """A keyword term as players write it: {"keyword": "attack", "attributes": ["range"],
    "value": 2} → "Range Attack 2"."""
    words = [*term.get("attributes", ()), term["keyword"].replace("_", " ")]
    label = " ".join(words).title()
    if "values" in term:
        label += " " + "/".join(str(v) for v in term["values"])
    elif term.get("value") is not None:
        label += f" {term['value']}"
    if term.get("specific"):
        label += f" [{term['specific'].title()}]"
    return label
