"""How the metagame pages draw their figures with classes only (the Content-Security-Policy
allows no inline style): a fraction as a whole percent for the bar and whisker classes of
static/css/metagame.css, and a win rate as the colour step of a matrix cell."""

from django import template

register = template.Library()


@register.filter
def percent(value: float | None) -> int:
    """0.537 -> 54 (0 for nothing), clamped to 0..100."""
    if value is None:
        return 0
    return max(0, min(100, round(float(value) * 100)))


@register.filter
def rest(value: float | None) -> int:
    """What is left of 100% right of `value` (a whisker's right edge)."""
    return 100 - percent(value)


@register.filter
def colour_step(value: float | None) -> str:
    """A win rate's colour step, 0 (all lost) to 10 (all won); "none" without matches."""
    if value is None:
        return "none"
    return str(max(0, min(10, round(float(value) * 10))))
