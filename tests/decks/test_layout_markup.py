"""Issue 26, item 7 (layout), the parts a server renders: a card page's citation keeps its
brackets with it, and each group-odds checkbox sits on its card name's line. Chromium measures
the geometry in the walk-through; here, the markup and the styles it relies on."""

import re

from decks.models import Card
from tests.conftest import ROOT

SITE_CSS = (ROOT / "static/css/site.css").read_text()


def rules_of(selector: str) -> str:
    """The declarations of the rules whose selector list is exactly `selector`."""
    return " ".join(
        body
        for sel, body in re.findall(r"([^{}]+)\{([^{}]*)\}", SITE_CSS)
        if sel.split("*/")[-1].strip() == selector
    )


def test_a_card_pages_citations_keep_their_brackets(client, bundled_cards):
    card = Card.objects.get(name="Static Lattice", game="genesis")
    page = client.get(f"/cards/{card.pk}/").content.decode()
    cited = re.findall(
        r'<span class="muted cite-paren"[^>]*>\((<cite class="rule">.*?</cite>)\)</span>', page
    )
    # each format's verdict cites its rule, the brackets touching the citation on both sides
    assert len(cited) == page.count('<cite class="rule">') >= 2
    # and the citation is inline there, not the block it is elsewhere (cite.rule)
    assert "display: inline" in rules_of(".cite-paren cite.rule")
    assert "display: block" in rules_of("cite.rule")


def test_group_odds_checkboxes_sit_beside_their_names():
    # inputs are full width by default (input, select, textarea): the group's boxes are not
    assert "width: 100%" in rules_of("input, select, textarea")
    assert "width: auto" in rules_of('.group-choices input[type="checkbox"]')
    assert "display: flex" in rules_of(".group-choices li")
