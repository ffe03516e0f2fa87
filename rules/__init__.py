"""The rules of Genesis: Battle of Champions.

Pure-Python modules (no Django, DRF or Celery; enforced by scripts/check-pure-core):
cards, keywords, awareness and, as they arrive, formats, timelines, the match protocol
and the game engine. Django-side modules (models, search, tasks, ...) sit beside them.
"""
