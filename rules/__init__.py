"""The rules of Genesis: Battle of Champions.

`rules/core/` is the game itself in pure Python (cards and the card file format, keywords,
decklists, formats and timeline legality, the best-of-three protocol with lock and show, and the
engine with its bots). The modules beside it are the Django side: the judges' rules lookup
(rulebooks, sections, rulings, keyword pages) and its commands. docs/architecture.md explains
the layout; import-linter enforces it.
"""
