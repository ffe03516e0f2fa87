"""Migration rules/0005: an existing database's synonym table gets the game vocabulary, and
what its admins edited stays as they left it."""

import importlib

import pytest
from django.apps import apps

from rules.core.synonyms import DEFAULT_SYNONYMS
from rules.models import Synonym

migration = importlib.import_module("rules.migrations.0005_game_vocabulary")


@pytest.mark.django_db
def test_untouched_rows_are_updated_edited_ones_kept_and_new_terms_added():
    # given: a table as the old default left it, with one row edited by an admin
    defaults = dict(DEFAULT_SYNONYMS)
    Synonym.objects.all().delete()
    Synonym.objects.create(term="discard pile", replacements="memories")  # old default
    Synonym.objects.create(term="playmat", replacements="arena, mat")  # edited by an admin
    Synonym.objects.create(term="creatures", replacements="summons")  # old default, now by stem
    Synonym.objects.create(term="pokemon", replacements="summon")  # an admin's own row
    # when
    migration.forward(apps, None)
    # then
    table = dict(Synonym.objects.values_list("term", "replacements"))
    assert table["discard pile"] == ", ".join(defaults["discard pile"])
    assert table["playmat"] == "arena, mat"
    assert "creatures" not in table
    assert table["pokemon"] == "summon"
    assert table["mana"] == ", ".join(defaults["mana"])
    assert set(defaults) <= set(table)
