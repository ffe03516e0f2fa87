"""The card index's pure side: the card search language and the bundled card sets and sample
timelines. No Django, DRF or Celery (import-linter's contracts in pyproject.toml enforce it)."""
