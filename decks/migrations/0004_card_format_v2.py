"""Card format version 2: abilities store the facts the engine executes (docs/card-format.md).

Cards imported before this migration came from version-1 files; their facts are read from their
text the way a version-1 file is converted on import (rules.core.cardfile_v1), so they keep
playing as they did.
"""

from django.db import migrations, models

from rules.core.cardfile_v1 import upgrade_ability
from rules.core.cards import Ability, CardType, Cost, KeywordTerm, Speed


def upgrade_stored_cards(apps, schema_editor):
    card_model = apps.get_model("decks", "Card")
    ability_model = apps.get_model("decks", "Ability")
    for card in card_model.objects.all().iterator():
        if "blocks line of sight" in card.text.lower():
            card.blocks_line_of_sight = True
            card.save(update_fields=["blocks_line_of_sight"])
    for row in ability_model.objects.select_related("card").iterator():
        ability = Ability(
            speed=Speed(row.speed),
            name=row.name,
            terms=tuple(KeywordTerm.from_dict(t) for t in row.keywords),
            cost=Cost(row.cost_aura, row.cost_energy, row.cost_hp, row.cost_exert, row.cost_discard),
            text=row.text,
        )
        row.facts = upgrade_ability(CardType(row.card.type), ability).facts()
        row.save(update_fields=["facts"])


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0003_search_trigram_indexes"),
    ]

    operations = [
        migrations.AddField(
            model_name="ability",
            name="facts",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="card",
            name="blocks_line_of_sight",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(upgrade_stored_cards, migrations.RunPython.noop),
    ]
