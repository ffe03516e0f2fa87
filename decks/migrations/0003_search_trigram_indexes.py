"""On PostgreSQL, trigram indexes make the card search's LIKE '%…%' filters use an index.

SQLite has no equivalent; there the search scans one table, which is fast enough (see
docs/benchmarks.md).
"""

from django.db import migrations

COLUMNS = ("search_text", "keyword_index", "affiliation_index")


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for column in COLUMNS:
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS decks_card_{column}_trgm "
            f"ON decks_card USING gin ({column} gin_trgm_ops)"
        )


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for column in COLUMNS:
        schema_editor.execute(f"DROP INDEX IF EXISTS decks_card_{column}_trgm")


class Migration(migrations.Migration):
    dependencies = [("decks", "0002_decks")]
    operations = [migrations.RunPython(create, drop)]
