"""The Celery application. Workers run pairings, imports and engine games; see docs/deployment.md."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "genesis.settings.local")

app = Celery("genesis")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
