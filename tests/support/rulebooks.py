"""Rulebooks imported into the judges' lookup for tests that need real sections: the seed files
(tests.support.seeds), read at run time, and a small "Service policies" document written here
from this service's own headings (docs/policies.md), never the rulebooks' text."""

import pytest

from rules.models import Document
from rules.services import rulebook_import
from tests.support import seeds

CORE_FILE = "genesis-core-rulebook-5.2.md"
ORIGINS_FILE = "genesis-origins-rulebook-old.md"


def import_seed(filename: str) -> Document:
    """Import one seed rulebook under the name and version the lookup files it by; skips the
    test when the seeds are not beside the repository."""
    path = seeds.FOLDER / filename
    if not path.is_file():
        pytest.skip(f"the rulebooks are not here: {seeds.FOLDER}")
    name, version, game, superseded = next(
        (n, v, g, s) for f, n, v, g, s in seeds.RULEBOOKS if f == filename
    )
    text = path.read_text(encoding="utf-8")
    return rulebook_import(
        text=text,
        name=name,
        version=version,
        filename=filename,
        game=game,
        superseded=superseded,
    ).document


def import_service_policies(*headings: str) -> Document:
    """A "Service policies" document with a section for each heading, as the lookup would hold
    the service's own rules."""
    text = "# Service policies\n\n" + "".join(
        f"## {heading}\n\nWhat this service does about {heading.lower()}.\n\n"
        for heading in headings
    )
    return rulebook_import(text=text, name="Service policies").document
