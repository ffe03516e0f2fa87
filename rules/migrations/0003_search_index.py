"""The search index of rule sections, one per database (see rules/search.py).

PostgreSQL: a GIN index on the stored tsvector, and pg_trgm indexes on section headings for
misspelt names (the extension is also created by decks/0003; created here too in case that
migration changes). SQLite: an FTS5 table of heading, context and body, kept in step with
rules_section by triggers, so every write (import, cascade delete, ruling) updates it.
"""

from django.db import migrations

FTS = "rules_section_fts"
# A chunk's made-up heading (its own first words) is not indexed as a heading.
NEW_ROW = "new.id, CASE WHEN new.heading_is_derived THEN '' ELSE new.heading END, new.context, new.body"
SQLITE_CREATE = [
    f"CREATE VIRTUAL TABLE IF NOT EXISTS {FTS} USING fts5("
    "heading, context, body, tokenize='porter unicode61 remove_diacritics 2')",
    f"CREATE TRIGGER IF NOT EXISTS {FTS}_insert AFTER INSERT ON rules_section BEGIN "
    f"INSERT INTO {FTS}(rowid, heading, context, body) VALUES ({NEW_ROW}); END",
    f"CREATE TRIGGER IF NOT EXISTS {FTS}_delete AFTER DELETE ON rules_section BEGIN "
    f"DELETE FROM {FTS} WHERE rowid = old.id; END",
    f"CREATE TRIGGER IF NOT EXISTS {FTS}_update AFTER UPDATE OF heading, heading_is_derived, "
    f"context, body ON rules_section BEGIN DELETE FROM {FTS} WHERE rowid = old.id; "
    f"INSERT INTO {FTS}(rowid, heading, context, body) VALUES ({NEW_ROW}); END",
    f"INSERT INTO {FTS}(rowid, heading, context, body) "
    f"SELECT {NEW_ROW.replace('new.', '')} FROM rules_section",
]
SQLITE_DROP = [
    f"DROP TRIGGER IF EXISTS {FTS}_insert",
    f"DROP TRIGGER IF EXISTS {FTS}_delete",
    f"DROP TRIGGER IF EXISTS {FTS}_update",
    f"DROP TABLE IF EXISTS {FTS}",
]
POSTGRES_CREATE = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    "CREATE INDEX IF NOT EXISTS rules_section_search_vector "
    "ON rules_section USING gin (search_vector)",
    "CREATE INDEX IF NOT EXISTS rules_section_heading_trgm "
    "ON rules_section USING gin (heading gin_trgm_ops)",
]
POSTGRES_DROP = [
    "DROP INDEX IF EXISTS rules_section_search_vector",
    "DROP INDEX IF EXISTS rules_section_heading_trgm",
]


def create(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    for statement in {"sqlite": SQLITE_CREATE, "postgresql": POSTGRES_CREATE}.get(vendor, []):
        schema_editor.execute(statement)


def drop(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    for statement in {"sqlite": SQLITE_DROP, "postgresql": POSTGRES_DROP}.get(vendor, []):
        schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("rules", "0002_default_synonyms"), ("decks", "0003_search_trigram_indexes")]
    operations = [migrations.RunPython(create, drop)]
