"""`{% card_rulings card %}`: a card's rulings, for templates/decks/card_detail.html."""

from django import template

from rules.selectors import rulings_for_card
from rules.services import is_judge

register = template.Library()


@register.inclusion_tag("rules/_card_rulings.html", takes_context=True)
def card_rulings(context, card):
    user = getattr(context.get("request"), "user", None)
    return {
        "card": card,
        "rulings": list(rulings_for_card(card)),
        "can_rule": user is not None and is_judge(user),
    }
