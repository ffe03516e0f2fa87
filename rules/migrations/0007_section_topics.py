"""The topic index (rules.core.topics): a section's topics, stored and searched.

Adds Section.topics, fills it for the sections already imported (from the index as it is now;
a later change to the index reaches them on the next import, or `load_glossary` for the
policies), and adds it to the search index of each database: the PostgreSQL tsvector (weight D)
and a fourth column of the SQLite FTS5 table, which is rebuilt with its triggers since FTS5
tables cannot gain a column.
"""

from django.db import migrations, models

from rules.core.topics import topics_for

FTS = "rules_section_fts"
HEADING = "CASE WHEN new.heading_is_derived THEN '' ELSE new.heading END"
NEW_ROW = f"new.id, {HEADING}, new.context, new.body, new.topics"
OLD_ROW = "new.id, " + HEADING + ", new.context, new.body"
COLUMNS = "rowid, heading, context, body, topics"


def _sqlite_index(columns: str, row: str) -> list[str]:
    names = columns
    return [
        f"DROP TRIGGER IF EXISTS {FTS}_insert",
        f"DROP TRIGGER IF EXISTS {FTS}_delete",
        f"DROP TRIGGER IF EXISTS {FTS}_update",
        f"DROP TABLE IF EXISTS {FTS}",
        f"CREATE VIRTUAL TABLE {FTS} USING fts5("
        f"{names.removeprefix('rowid, ')}, tokenize='porter unicode61 remove_diacritics 2')",
        f"CREATE TRIGGER {FTS}_insert AFTER INSERT ON rules_section BEGIN "
        f"INSERT INTO {FTS}({names}) VALUES ({row}); END",
        f"CREATE TRIGGER {FTS}_delete AFTER DELETE ON rules_section BEGIN "
        f"DELETE FROM {FTS} WHERE rowid = old.id; END",
        f"CREATE TRIGGER {FTS}_update AFTER UPDATE OF heading, heading_is_derived, context, body"
        f"{', topics' if 'topics' in names else ''} ON rules_section BEGIN "
        f"DELETE FROM {FTS} WHERE rowid = old.id; INSERT INTO {FTS}({names}) VALUES ({row}); END",
        f"INSERT INTO {FTS}({names}) SELECT {row.replace('new.', '')} FROM rules_section",
    ]


POSTGRES_VECTOR = (
    "UPDATE rules_section SET search_vector = "
    "setweight(to_tsvector('english', CASE WHEN heading_is_derived THEN '' ELSE heading END), 'A')"
    " || setweight(to_tsvector('english', context), 'C')"
    " || setweight(to_tsvector('english', body), 'B')"
    "{topics}"
)


def index_topics(apps, schema_editor):
    Section = apps.get_model("rules", "Section")
    changed = []
    for section in Section.objects.select_related("document").only(
        "heading", "topics", "document__name"
    ):
        section.topics = topics_for(section.document.name, section.heading)
        if section.topics:
            changed.append(section)
    Section.objects.bulk_update(changed, ["topics"], batch_size=500)
    _reindex(schema_editor, with_topics=True)


def unindex_topics(apps, schema_editor):
    _reindex(schema_editor, with_topics=False)


def _reindex(schema_editor, *, with_topics: bool) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        statements = (
            _sqlite_index(COLUMNS, NEW_ROW)
            if with_topics
            else _sqlite_index(COLUMNS.removesuffix(", topics"), OLD_ROW)
        )
    elif vendor == "postgresql":
        topics = " || setweight(to_tsvector('english', topics), 'D')" if with_topics else ""
        statements = [POSTGRES_VECTOR.format(topics=topics)]
    else:
        statements = []
    for statement in statements:
        schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("rules", "0006_section_line")]
    # Adding a column remakes the table on SQLite, which drops its triggers: the index is rebuilt
    # after the field is added and, going back, after it is removed (the first, no-op step).
    operations = [
        migrations.RunPython(migrations.RunPython.noop, unindex_topics),
        migrations.AddField(
            model_name="section",
            name="topics",
            field=models.TextField(blank=True),
        ),
        migrations.RunPython(index_topics, migrations.RunPython.noop),
    ]
