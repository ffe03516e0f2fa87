"""The source rulebooks in ../shared/seeds (beside the repository) and the names the rules lookup
files them under. The project ships none of their text: the tests, the benchmark and the
commands in docs/rules-lookup.md read them from that folder at run time.
"""

from pathlib import Path

FOLDER = Path(__file__).resolve().parents[3] / "shared" / "seeds"

# (file in FOLDER, document name, version)
RULEBOOKS = (
    ("genesis-core-rulebook-5.2.md", "Genesis Core Rulebook 5.2", "5.2"),
    ("genesis-origins-rulebook-old.md", "Genesis Origins Rule Book", "old"),
    ("genesis-quickstart-guide.txt", "Genesis Quickstart Guide", ""),
    ("grand-archive-comprehensive-rules.txt", "Grand Archive Comprehensive Rules", ""),
    ("titans-of-eden-rulebook.md", "Titans of Eden Rulebook", ""),
)
