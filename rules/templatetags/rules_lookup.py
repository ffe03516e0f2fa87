"""`{% card_rulings card %}`: a card's rulings, for templates/decks/card_detail.html."""

from django import template

from rules.selectors import rulings_for_card

register = template.Library()


@register.inclusion_tag("rules/_card_rulings.html", takes_context=True)
def card_rulings(context, card):
    user = getattr(context.get("request"), "user", None)
    return {
        "card": card,
        "rulings": list(rulings_for_card(card)),
        "can_rule": bool(getattr(user, "is_staff", False)),
    }
