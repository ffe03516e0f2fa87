"""The matchup lab's panel on a deck's page ("test this deck", docs/matchups.md): its form and
the user's latest results for the deck, one per line with the deck version they were played on,
so a test after an edit shows the change. A tag, so the deck page includes it in one line."""

from django import template

from decks import selectors as deck_selectors
from decks.core.bundled import sample_labels
from matchups import selectors, services
from matchups.models import Matchup

register = template.Library()

OWN_DECKS_LISTED = 50


@register.inclusion_tag("matchups/_matchup_panel.html", takes_context=True)
def matchup_panel(context, deck) -> dict:
    user = context["request"].user
    panel = {
        "deck": deck,
        "user": user,
        "csrf_token": context.get("csrf_token"),
        "default_games": services.DEFAULT_GAMES,
        "max_games": services.MAX_GAMES,
        "bots": Matchup.Bot.choices,
    }
    if not user.is_authenticated:
        return panel
    own = deck_selectors.deck_list(user=user, mine=True).exclude(pk=deck.pk)[:OWN_DECKS_LISTED]
    jobs = selectors.matchup_list_for_deck(deck=deck, user=user)
    return {
        **panel,
        "samples": sample_labels(),
        "own_decks": own,
        "field": selectors.field_has_decks(deck=deck),
        "results": [selectors.matchup_report(job, with_replays=False) for job in jobs],
    }


@register.filter
def percent(rate: float | None) -> str:
    """0.4567 → "45.7%" (a win rate or a bound of its interval); None → "–"."""
    return "–" if rate is None else f"{100 * rate:.1f}%"
