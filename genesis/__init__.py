"""The Django project for the Genesis service: settings, URLs, the Celery app and entry points."""

from .celery import app as celery_app

__all__ = ["celery_app"]
