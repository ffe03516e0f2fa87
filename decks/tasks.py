"""Celery tasks of the card index. Each takes primitives; the work lives in services."""

from pathlib import Path

from celery import shared_task

from .cardfile import CardFileError, read_card_file
from .services import card_set_import


@shared_task(name="decks.card_set_import")
def card_set_import_task(path: str) -> dict:
    """Import a card set file from a path the worker can read. Idempotent: a re-run of the
    same file changes nothing."""
    try:
        report = card_set_import(card_file=read_card_file(Path(path).read_bytes()))
    except CardFileError as exc:
        return {"ok": False, "problems": [str(p) for p in exc.problems]}
    return {
        "ok": True,
        "set": report.set_code,
        "created": len(report.created),
        "updated": len(report.updated),
        "unchanged": report.unchanged,
    }
