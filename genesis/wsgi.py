"""WSGI entry point (gunicorn genesis.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "genesis.settings.production")
application = get_wsgi_application()
