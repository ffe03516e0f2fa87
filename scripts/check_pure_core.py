"""Fails if the pure core imports Django, DRF or Celery, directly or through project modules.

The pure core is every module under rules/ except its Django-side files (models, search, tasks,
...), plus the named pure modules of the other apps. Workers and tests rely on it running, and
being testable, with no framework loaded.
"""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRAMEWORKS = ("django", "rest_framework", "celery", "kombu", "drf_spectacular", "django_filters")
DJANGO_SIDE = {
    "models",
    "admin",
    "apps",
    "views",
    "api",
    "api_urls",
    "urls",
    "tasks",
    "search",
    "services",
    "selectors",
    "serializers",
    "forms",
    "adapters",
    "pages",
}
PURE_ELSEWHERE = [
    "decks/query.py",
    "decks/cardfile.py",
    "tournaments/pairing.py",
    "tournaments/standings.py",
]


def pure_modules() -> list[Path]:
    found = []
    for path in sorted((ROOT / "rules").rglob("*.py")):
        parts = path.relative_to(ROOT / "rules").parts
        if parts[0] in ("migrations", "management", "templatetags") or path.stem in DJANGO_SIDE:
            continue
        found.append(path)
    return found + [ROOT / p for p in PURE_ELSEWHERE if (ROOT / p).exists()]


def imported_names(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(), str(path))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(filter(None, [*parent, base]))
            names += [(node.lineno, base)]
            names += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return names


def module_path(name: str) -> Path | None:
    candidate = ROOT.joinpath(*name.split("."))
    if candidate.with_suffix(".py").exists():
        return candidate.with_suffix(".py")
    if (candidate / "__init__.py").exists():
        return candidate / "__init__.py"
    return None


def main() -> int:
    pure = set(pure_modules())
    problems = []
    for path in sorted(pure):
        for line, name in imported_names(path):
            top = name.split(".")[0]
            target = module_path(name)
            if top in FRAMEWORKS:
                problems.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
            elif (
                target is not None
                and top in ("rules", "decks", "tournaments", "genesis")
                and target not in pure
                and target.name != "__init__.py"
            ):
                problems.append(
                    f"{path.relative_to(ROOT)}:{line} imports {name}, which is not pure"
                )
    # Package __init__ files on the path must stay free of framework imports too.
    for init in (ROOT / "rules" / "__init__.py",):
        for line, name in imported_names(init):
            if name.split(".")[0] in FRAMEWORKS:
                problems.append(f"{init.relative_to(ROOT)}:{line} imports {name}")
    if problems:
        print("The pure core must not import Django, DRF or Celery:")
        print("\n".join(f"  {p}" for p in problems))
        return 1
    print(f"pure core OK: {len(pure)} modules free of Django, DRF and Celery")
    return 0


if __name__ == "__main__":
    sys.exit(main())
