"""Rulings on cards are linked on the cards' side: decks.CardRuling (ruling, card) takes the place
of rules.Ruling.card, a key from the lower app (rules) up to the card index (docs/architecture.md).

Every ruling's card link is copied into the new table here, before rules/0008 drops the old
column (run_before: the order is declared on this side, so rules' migrations gain no dependency
on decks). Going back, the links are copied into the column again.
"""

import django.db.models.deletion
from django.db import migrations, models


def links_forward(apps, schema_editor):
    Ruling = apps.get_model("rules", "Ruling")
    CardRuling = apps.get_model("decks", "CardRuling")
    CardRuling.objects.bulk_create(
        CardRuling(ruling_id=ruling_id, card_id=card_id)
        for ruling_id, card_id in Ruling.objects.filter(card__isnull=False).values_list(
            "pk", "card_id"
        )
    )


def links_back(apps, schema_editor):
    Ruling = apps.get_model("rules", "Ruling")
    CardRuling = apps.get_model("decks", "CardRuling")
    for ruling_id, card_id in CardRuling.objects.values_list("ruling_id", "card_id"):
        Ruling.objects.filter(pk=ruling_id).update(card_id=card_id)


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0008_matchups_moved"),
        ("rules", "0007_section_topics"),
    ]
    run_before = [("rules", "0008_remove_ruling_card")]

    operations = [
        migrations.CreateModel(
            name="CardRuling",
            fields=[
                (
                    "ruling",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="card_link",
                        serialize=False,
                        to="rules.ruling",
                    ),
                ),
                (
                    "card",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="ruling_links",
                        to="decks.card",
                    ),
                ),
            ],
        ),
        migrations.RunPython(links_forward, links_back),
    ]
