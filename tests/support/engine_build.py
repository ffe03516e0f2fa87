"""The compiled engine, built in a copy of today's sources, for tests/rules/engine/test_compiled.py.

The build is a minute of gcc. ./scripts/test starts it in the background before its one-core
checks (ruff, the import contracts, mypy), which leave the second core idle, and names the copy
in GENESIS_COMPILED_ENGINE_COPY; the test then checks that the copy holds today's sources and
uses it. Run alone, the test builds its own copy.

    python -m tests.support.engine_build DIR    # builds in DIR, then writes DIR/build.json
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rules", "decks")
FILES = ("setup.py", "pyproject.toml")
IGNORE = ("*.so", "__pycache__", "compiled-sources.txt", "migrations")
RESULT = "build.json"


def sources_digest(tree: Path) -> str:
    """sha256 over the sources a copy is made of (its packages' files, setup.py, pyproject.toml)."""
    digest = hashlib.sha256()
    ignored = shutil.ignore_patterns(*IGNORE)
    paths = [tree / name for name in FILES]
    pending = [tree / package for package in PACKAGES]
    while pending:
        folder = pending.pop()
        names = sorted(path.name for path in folder.iterdir())
        skip = ignored(str(folder), names)
        for name in names:
            if name in skip:
                continue
            path = folder / name
            (pending if path.is_dir() else paths).append(path)
    for path in sorted(paths):
        digest.update(str(path.relative_to(tree)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def build(tree: Path) -> dict:
    """Copy the engine's sources (and the bundled cards) into `tree` and compile them there the
    way ./scripts/build-engine compiles the project: setup.py's build_ext, in place. At C
    optimisation level 0, which builds several times faster from the same generated C."""
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tree / package, ignore=shutil.ignore_patterns(*IGNORE))
    for name in FILES:
        shutil.copy(ROOT / name, tree / name)
    env = {**os.environ, "GENESIS_COMPILE_ENGINE": "1", "GENESIS_ENGINE_OPT_LEVEL": "0"}
    env.pop("GENESIS_PURE_PYTHON", None)
    run = subprocess.run(
        [sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    return {"returncode": run.returncode, "stderr": run.stderr[-3000:]}


if __name__ == "__main__":
    target = Path(sys.argv[1])
    target.mkdir(parents=True, exist_ok=True)
    try:
        result = build(target)
    except Exception as exc:  # the test reports it
        result = {"returncode": -1, "stderr": repr(exc)}
    partial = target / f"{RESULT}.partial"
    partial.write_text(json.dumps(result))
    partial.rename(target / RESULT)
