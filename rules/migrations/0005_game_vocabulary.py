"""Bring an existing database's synonym table up to the default game vocabulary.

Migration 0002 copies rules.core.synonyms into a new database; a database made before the
vocabulary grew (2026-11-25, issue 14) would keep the old, shorter table. This adds the terms it
lacks, and gives the new replacements to the rows an admin has not edited (their replacements
still read as the old default, below). Rows an admin changed or added are left alone.
"""

from django.db import migrations, models

from rules.core.synonyms import DEFAULT_SYNONYMS

# The rows whose default replacements changed, as migration 0002 wrote them before.
PREVIOUS_DEFAULTS = {
    "discard pile": "memories",
    "discard zone": "memories",
    "playmat": "arena",
    "equipment": "enchantment",
    "static ability": "continuous",
}
# Rows of the previous default table that the vocabulary dropped (deleted if untouched).
PREVIOUS_ONLY = {
    "squares": "spots",
    "tiles": "spots",
    "spaces": "spots",
    "creatures": "summons",
    "minions": "summons",
    "monsters": "summons",
    "units": "combatants",
    "status effects": "ailments",
    "debuffs": "ailments",
    "blocks": "occupy, blocks",
}


def forward(apps, schema_editor):
    Synonym = apps.get_model("rules", "Synonym")
    for term, replacements in DEFAULT_SYNONYMS:
        value = ", ".join(replacements)
        row = Synonym.objects.filter(term=term).first()
        if row is None:
            Synonym.objects.create(term=term, replacements=value)
        elif row.replacements == PREVIOUS_DEFAULTS.get(term):
            row.replacements = value
            row.save(update_fields=["replacements"])
    for term, value in PREVIOUS_ONLY.items():
        Synonym.objects.filter(term=term, replacements=value).delete()


class Migration(migrations.Migration):
    dependencies = [("rules", "0004_document_game_superseded")]
    operations = [
        migrations.AlterField(
            model_name="synonym",
            name="replacements",
            field=models.CharField(
                help_text='Comma-separated words or phrases searched with it, e.g. "memories" or '
                '"timeline, deck". The term itself is searched at half weight; list it to give '
                "it full weight.",
                max_length=300,
            ),
        ),
        migrations.RunPython(forward, migrations.RunPython.noop),
    ]
