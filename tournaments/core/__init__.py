"""Tournament maths in pure Python: Swiss pairings, the top cut and standings with their
tiebreakers. Plain values in, plain values out; no Django, DRF or Celery (import-linter's
contracts in pyproject.toml enforce it)."""
