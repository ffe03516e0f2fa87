"""What the account page (a genesis template) asks of player pages without genesis importing
tournaments: whether the viewer's own page is hidden."""

from typing import Any

from django import template

from tournaments import selectors

register = template.Library()


@register.simple_tag
def player_page_hidden(user: Any) -> bool:
    return bool(user.is_authenticated) and selectors.is_hidden(user)
