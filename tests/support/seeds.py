"""The source rulebooks in ../shared/seeds (beside the repository) and the names the rules lookup
files them under. The project ships none of their text: the tests, the benchmark and the
commands in docs/rules-lookup.md read them from that folder at run time.
"""

from pathlib import Path

FOLDER = Path(__file__).resolve().parents[3] / "shared" / "seeds"

# (file in FOLDER, document name, version, game, superseded: an older text of its game)
RULEBOOKS = (
    ("genesis-core-rulebook-5.2.md", "Genesis Core Rulebook 5.2", "5.2", "genesis", False),
    ("genesis-origins-rulebook-old.md", "Genesis Origins Rule Book", "old", "genesis", True),
    ("genesis-quickstart-guide.txt", "Genesis Quickstart Guide", "", "genesis", True),
    (
        "grand-archive-comprehensive-rules.txt",
        "Grand Archive Comprehensive Rules",
        "",
        "grand-archive",
        False,
    ),
    ("titans-of-eden-rulebook.md", "Titans of Eden Rulebook", "", "titans-of-eden", False),
)
