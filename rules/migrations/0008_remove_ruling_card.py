"""Ruling.card goes: a ruling's card is linked on the cards' side (decks.CardRuling), since rules
sits below the card index. decks/0009 copies the links before this runs (its run_before), so this
migration depends on nothing of decks."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0007_section_topics"),
    ]

    operations = [
        migrations.RemoveField(
            model_name="ruling",
            name="card",
        ),
    ]
