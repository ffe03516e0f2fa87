"""Issue 26, item 5 (phone tables): no word is broken inside itself, a table that does not fit
scrolls inside its own box with a cue, and tiebreakers read as percentages wherever people read
them. The geometry is measured in Chromium by the walk-through; here, what the pages are made of."""

import re

import pytest

from tests.conftest import ROOT
from tournaments.serializers import StandingSerializer

CSS = sorted((ROOT / "static/css").glob("*.css"))
# A check-in code and a check-in address are not words: they may break anywhere.
NOT_WORDS = {".check-in-code", ".check-in-url"}
RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")


@pytest.mark.parametrize("sheet", CSS, ids=lambda p: p.name)
def test_no_style_lets_a_word_break_inside_itself(sheet):
    # "overflow-wrap: anywhere" lets a table cell or a badge shrink below its longest word, so
    # "Playing" showed as "Playin/g" and "dropped" as "drop/ped"; "break-word" breaks a word only
    # when it cannot fit on a line of its own.
    offending = [
        selector.strip()
        for selector, body in RULE.findall(re.sub(r"/\*.*?\*/", "", sheet.read_text(), flags=re.S))
        if re.search(r"overflow-wrap:\s*anywhere|word-break:\s*break-(all|word)", body)
        and selector.strip() not in NOT_WORDS
    ]
    assert offending == []


def test_every_page_loads_the_table_cue_and_the_card_previews(client, db):
    # given any page (the base template)
    page = client.get("/events/").content.decode()
    # then the scripts are loaded from files, never inline (the Content-Security-Policy)
    assert '<script src="/static/js/tables.js" defer></script>' in page
    assert '<script src="/static/js/card-preview.js" defer></script>' in page
    assert "<script>" not in page


def test_the_api_describes_tiebreakers_as_percentages_written_as_fractions():
    fields = StandingSerializer().fields
    for name, example in (("omw", "55.56%"), ("gw", "66.67%"), ("ogw", "33.33%")):
        assert "percentage" in fields[name].help_text
        assert example in fields[name].help_text
