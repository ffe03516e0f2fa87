"""The game itself, in pure Python: no Django, DRF, Celery or Kombu, and no Django-side module
of any app (import-linter's contracts in pyproject.toml enforce it).

Card values and the card file format, keywords and awareness, decklists, formats and timeline
legality, the best-of-three protocol with lock and show, draw odds, the reading of rulebooks and
players' questions for the judges' lookup, and the game engine with its bots (`engine/`).
Plain values in, plain values out; randomness comes in as a seed.
"""

from . import native

native.use_fresh_modules()
