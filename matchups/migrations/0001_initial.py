# The matchup lab's tables move from decks to this app with their rows (docs/matchups.md):
# the models as decks/0006 and 0007 left them, created in this app's state only (their tables
# are decks_matchup, decks_matchupchunk and decks_matchupgame), then the tables renamed to this
# app's names. decks/0008 deletes them from decks' state. Foreign keys to decks.Deck and the
# user stay as they are; the index and constraints keep their names.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('decks', '0007_matchup_cards_digest'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Matchup',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('deck_version', models.PositiveIntegerField()),
                        ('opponent_kind', models.CharField(choices=[('deck', 'Another deck'), ('sample', 'A sample timeline'), ('field', 'The field')], max_length=10)),
                        ('opponent_sample', models.CharField(blank=True, max_length=120)),
                        ('opponents', models.JSONField()),
                        ('games', models.PositiveIntegerField()),
                        ('bot', models.CharField(choices=[('random', 'Random legal actions'), ('heuristic', 'Heuristic')], max_length=20)),
                        ('seed', models.BigIntegerField()),
                        ('engine_version', models.PositiveIntegerField()),
                        ('cards_digest', models.CharField(blank=True, max_length=64)),
                        ('request_key', models.CharField(max_length=64)),
                        ('status', models.CharField(choices=[('queued', 'Waiting for a worker'), ('running', 'Playing'), ('done', 'Done'), ('cancelled', 'Cancelled'), ('failed', 'Failed')], default='queued', max_length=10)),
                        ('error', models.CharField(blank=True, max_length=500)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('finished_at', models.DateTimeField(blank=True, null=True)),
                        ('deck', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='matchups', to='decks.deck')),
                        ('opponent_deck', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='decks.deck')),
                        ('owner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='matchups', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'decks_matchup',
                        'ordering': ['-created_at', '-id'],
                    },
                ),
                migrations.CreateModel(
                    name='MatchupChunk',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('index', models.PositiveIntegerField()),
                        ('tally', models.JSONField()),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('matchup', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='chunks', to='matchups.matchup')),
                    ],
                    options={
                        'db_table': 'decks_matchupchunk',
                        'ordering': ['matchup', 'index'],
                    },
                ),
                migrations.CreateModel(
                    name='MatchupGame',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('number', models.PositiveIntegerField()),
                        ('opponent', models.CharField(max_length=200)),
                        ('seed', models.BigIntegerField()),
                        ('winner', models.CharField(blank=True, max_length=1)),
                        ('reason', models.CharField(blank=True, max_length=20)),
                        ('rounds', models.PositiveSmallIntegerField(default=0)),
                        ('actions', models.PositiveIntegerField(default=0)),
                        ('log', models.TextField()),
                        ('matchup', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='kept_games', to='matchups.matchup')),
                    ],
                    options={
                        'db_table': 'decks_matchupgame',
                        'ordering': ['matchup', 'number'],
                    },
                ),
                migrations.AddIndex(
                    model_name='matchup',
                    index=models.Index(fields=['owner', '-created_at'], name='decks_match_owner_i_9765a1_idx'),
                ),
                migrations.AddConstraint(
                    model_name='matchup',
                    constraint=models.UniqueConstraint(condition=models.Q(('status__in', ['cancelled', 'failed']), _negated=True), fields=('owner', 'request_key'), name='matchup_one_live_job_per_request'),
                ),
                migrations.AddConstraint(
                    model_name='matchup',
                    constraint=models.CheckConstraint(condition=models.Q(('games__gte', 1), ('games__lte', 2000)), name='matchup_games_range'),
                ),
                migrations.AddConstraint(
                    model_name='matchupchunk',
                    constraint=models.UniqueConstraint(fields=('matchup', 'index'), name='matchup_chunk_unique'),
                ),
                migrations.AddConstraint(
                    model_name='matchupgame',
                    constraint=models.UniqueConstraint(fields=('matchup', 'number'), name='matchup_game_unique'),
                ),
            ],
        ),
        migrations.AlterModelTable(name='matchup', table=None),
        migrations.AlterModelTable(name='matchupchunk', table=None),
        migrations.AlterModelTable(name='matchupgame', table=None),
    ]
