"""Usernames are unique ignoring case, in the database itself: two sign-ups racing with "Ada" and
"ada" cannot both succeed, whatever the code above does. A functional unique index, which
PostgreSQL and SQLite both support."""

from django.db import migrations


def refuse_existing_duplicates(apps, schema_editor):
    User = apps.get_model("auth", "User")
    seen: dict[str, str] = {}
    clashes = []
    for username in User.objects.values_list("username", flat=True).order_by("id"):
        key = username.lower()
        if key in seen:
            clashes.append(f"{seen[key]!r} and {username!r}")
        seen.setdefault(key, username)
    if clashes:
        raise RuntimeError(
            "These accounts differ only in case; rename or merge them, then migrate again: "
            + "; ".join(clashes)
        )


class Migration(migrations.Migration):
    dependencies = [("auth", "0012_alter_user_first_name_max_length")]

    operations = [
        migrations.RunPython(refuse_existing_duplicates, migrations.RunPython.noop),
        migrations.RunSQL(
            "CREATE UNIQUE INDEX auth_user_username_ignoring_case ON auth_user (lower(username))",
            "DROP INDEX auth_user_username_ignoring_case",
        ),
    ]
