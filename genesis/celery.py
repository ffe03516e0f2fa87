"""The Celery application. Workers run pairings, imports and engine games; see docs/deployment.md."""

import os

from celery import Celery

# Production unless told otherwise, as wsgi.py: a worker started on a server without the variable
# must not run with DEBUG on, on SQLite, with a key that is not secret. Production settings
# refuse to load without SECRET_KEY, so such a worker stops at start-up. ./scripts/serve and
# the tests name their settings.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "genesis.settings.production")

app = Celery("genesis")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
