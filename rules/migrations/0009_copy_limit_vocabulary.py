"""Add the default synonym rows an existing database lacks: the deck-construction vocabulary of
issue 26 ("how many copies" asks for the limit per card, not for copy effects). Rows an admin
added or edited are left as they are; migration 0002 already gives a new database every row."""

from django.db import migrations

from rules.core.synonyms import DEFAULT_SYNONYMS


def forward(apps, schema_editor):
    Synonym = apps.get_model("rules", "Synonym")
    have = set(Synonym.objects.values_list("term", flat=True))
    Synonym.objects.bulk_create(
        Synonym(term=term, replacements=", ".join(replacements))
        for term, replacements in DEFAULT_SYNONYMS
        if term not in have
    )


class Migration(migrations.Migration):
    dependencies = [("rules", "0008_remove_ruling_card")]
    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
