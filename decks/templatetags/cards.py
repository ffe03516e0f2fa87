"""Template helpers for showing cards, and `{% card_rulings card %}`: a card's rulings, for
templates/decks/card_detail.html."""

from django import template

from rules.core import timeline
from rules.services import is_judge

from ..rulings import rulings_for_card

register = template.Library()


@register.inclusion_tag("decks/_card_rulings.html", takes_context=True)
def card_rulings(context, card):
    user = getattr(context.get("request"), "user", None)
    return {
        "card": card,
        "rulings": list(rulings_for_card(card)),
        "can_rule": user is not None and is_judge(user),
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
