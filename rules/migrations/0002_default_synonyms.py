"""Load the default synonym table (rules/core/synonyms.py) so that admins can edit it."""

from django.db import migrations

from rules.core.synonyms import DEFAULT_SYNONYMS


def load(apps, schema_editor):
    Synonym = apps.get_model("rules", "Synonym")
    for term, replacements in DEFAULT_SYNONYMS:
        Synonym.objects.get_or_create(term=term, defaults={"replacements": ", ".join(replacements)})


def unload(apps, schema_editor):
    Synonym = apps.get_model("rules", "Synonym")
    Synonym.objects.filter(term__in=[term for term, _ in DEFAULT_SYNONYMS]).delete()


class Migration(migrations.Migration):
    dependencies = [("rules", "0001_initial")]
    operations = [migrations.RunPython(load, unload)]
