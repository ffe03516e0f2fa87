"""Migrations decks/0009 and rules/0008: a ruling's card link moves from rules.Ruling.card to
decks.CardRuling, and every existing ruling keeps its card (and going back, gets it back)."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("decks", "0008_matchups_moved"), ("rules", "0007_section_topics")]
AFTER = [("decks", "0009_card_rulings"), ("rules", "0008_remove_ruling_card")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_existing_rulings_keep_their_cards_both_ways():
    try:
        # given rulings as the old schema held them: one on a card, one on no card
        old = migrate(BEFORE)
        card_set = old.get_model("decks", "CardSet").objects.create(code="TST", name="Test")
        card = old.get_model("decks", "Card").objects.create(
            card_set=card_set, name="Skyguard", name_key="skyguard", type="summon", content_hash="x"
        )
        Ruling = old.get_model("rules", "Ruling")
        facts = {"answer": "Yes.", "source": "Head judge", "date": datetime.date(2026, 11, 20)}
        on_card = Ruling.objects.create(card=card, question="On the card?", **facts)
        on_nothing = Ruling.objects.create(question="On no card?", **facts)
        # when
        new = migrate(AFTER)
        # then the link is on the cards' side, and only for the ruling that had a card
        links = new.get_model("decks", "CardRuling").objects.values_list("ruling_id", "card_id")
        assert list(links) == [(on_card.pk, card.pk)]
        assert "card" not in {f.name for f in new.get_model("rules", "Ruling")._meta.fields}
        # when going back, the column gets its card again
        old = migrate(BEFORE)
        cards = dict(old.get_model("rules", "Ruling").objects.values_list("pk", "card_id"))
        assert cards == {on_card.pk: card.pk, on_nothing.pk: None}
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
