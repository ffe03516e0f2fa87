"""The matchup lab's pure side: seeds, chunks, tallies and the Wilson interval (lab.py). No
Django, DRF or Celery (import-linter's contracts in pyproject.toml enforce it)."""
