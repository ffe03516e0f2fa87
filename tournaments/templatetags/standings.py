"""The standings page's numbers as people read them: a tiebreaker such as OMW%, which the API
and the CSV give as a fraction ("0.5556"), is shown as a percentage ("55.56%")."""

from decimal import Decimal, InvalidOperation

from django import template

register = template.Library()


@register.filter
def as_percent(fraction: object) -> str:
    """ "0.5556" (or 0.5556) → "55.56%"; anything that is not a number is shown as it is."""
    try:
        value = Decimal(str(fraction)) * 100
    except (InvalidOperation, ValueError):
        return str(fraction)
    return f"{value:.2f}%"
