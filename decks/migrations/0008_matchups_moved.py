# The matchup lab is its own app now: matchups/0001 took its tables (and renamed them), so
# decks only forgets the models; nothing changes in the database here.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('decks', '0007_matchup_cards_digest'),
        ('matchups', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name='MatchupGame'),
                migrations.DeleteModel(name='MatchupChunk'),
                migrations.DeleteModel(name='Matchup'),
            ],
        ),
    ]
