"""Importing an automated event that is not over: it is held to this service's limits, as if it
were created here. A module of its own: tests/tournaments/test_exchange.py shares a finished
event across its tests, which this one's "another database" (every account gone) would break."""

from pathlib import Path

import pytest
from django.core.management.base import CommandError

from tests.tournaments.conftest import api
from tests.tournaments.test_exchange import NOTHING, _counts, _export, _forget, _import, _ok
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_an_automated_event_not_over_is_held_to_this_services_entrant_limit(
    bundled_cards, tmp_path, settings
):
    # given an automated event of three bots, not started, exported and gone
    org = api("org")
    created = org.post(
        "/api/tournaments/",
        {"name": "Bot Cup", "automated": True, "bot": "random"},
        format="json",
    )
    event = _ok(created, 201)["id"]
    for path in sorted(Path("decks/samples").glob("*.txt"))[:3]:
        entry = {"name": path.stem, "decklist": path.read_text()}
        _ok(org.post(f"/api/tournaments/{event}/entrants/", entry, format="json"), 201)
    text = _export(event)
    _forget(event)
    # when this service takes at most two decks in an automated event
    settings.AUTOMATED_MAX_ENTRANTS = 2
    with pytest.raises(CommandError, match="at most 2 decks here") as refused:
        _import(tmp_path, text)
    # then the import is refused and writes nothing
    assert "entrant_limit" in str(refused.value)
    assert _counts() == NOTHING
    # and where it takes three, the event comes in
    settings.AUTOMATED_MAX_ENTRANTS = 3
    _import(tmp_path, text)
    assert Tournament.objects.get().automated
