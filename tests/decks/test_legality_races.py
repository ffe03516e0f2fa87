"""Deck.legal when a deck is saved while a re-import changes the cards it names: the stored
verdict is the one on the cards as they end up (decks.services.CARD_INDEX_LOCK), whichever
transaction commits first."""

import json
import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from decks import services
from rules.core.cardfile import read_card_file
from rules.core.decklist import parse_decklist
from tests.conftest import ROOT

pytestmark = pytest.mark.django_db(transaction=True)

SAMPLE = (ROOT / "decks/samples/sera-vantyne-storm-lattice.txt").read_text()
WAIT = 3  # seconds a side waits for the other before going on alone


def test_a_save_during_a_reimport_is_judged_on_the_new_cards(monkeypatch):
    # given: the demo set, and a deck whose list does not yet name Static Lattice
    demo = json.loads((ROOT / "decks/cardsets/demo.json").read_text())
    services.card_set_import(card_file=read_card_file(json.dumps(demo)))
    owner = get_user_model().objects.create_user("owner", password="a-long-test-password")
    deck = services.deck_create(
        owner=owner,
        name="Lattice",
        decklist=parse_decklist(SAMPLE.replace("4 Static Lattice\n", "")),
    )
    for entry in demo["cards"]:
        if entry["name"] == "Static Lattice":
            entry["affiliations"] = ["Thymos"]  # one Sera Vantyne lacks: not legal for her
    changed = read_card_file(json.dumps(demo))

    # The worst order without a lock: the save validates on the old cards, the re-import then
    # looks for decks naming the card (the save's list not yet committed), and the save commits.
    importing, saved_verdict, looked = threading.Event(), threading.Event(), threading.Event()
    validate, refresh = services.deck_validate, services.deck_legality_refresh

    def slow_validate(**kwargs):
        verdict = validate(**kwargs)
        if threading.current_thread().name == "save":
            saved_verdict.set()
            looked.wait(WAIT)
        return verdict

    def slow_refresh(**kwargs):
        importing.set()
        saved_verdict.wait(WAIT)
        try:
            return refresh(**kwargs)
        finally:
            looked.set()

    monkeypatch.setattr(services, "deck_validate", slow_validate)
    monkeypatch.setattr(services, "deck_legality_refresh", slow_refresh)
    errors = []

    def run(work):
        try:
            work()
        except Exception as exc:  # reported by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    # when: the re-import, and the owner saving the whole sample list at the same time
    reimport = threading.Thread(
        target=run, args=(lambda: services.card_set_import(card_file=changed),)
    )
    save = threading.Thread(
        target=run,
        args=(
            lambda: services.deck_update(deck=deck, actor=owner, decklist=parse_decklist(SAMPLE)),
        ),
        name="save",
    )
    reimport.start()
    assert importing.wait(WAIT)
    save.start()
    reimport.join()
    save.join()

    # then: the saved list names Static Lattice, which is no longer legal for Sera Vantyne
    assert errors == []
    deck.refresh_from_db()
    assert deck.version == 2
    assert deck.legal is False
