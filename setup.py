"""Compiles the game engine with mypyc when the project is installed (docs/engine.md, Compiled
engine). Everything else about the package is in pyproject.toml.

mypyc (from the mypy package, pinned in pyproject.toml's build requirements) compiles the
engine's modules to C extensions that sit beside the .py files and are imported in their place;
`rules.core.engine.compiled()` says which are in use. Beside them it writes
rules/core/compiled-sources.txt, the sha256 of each compiled source, so that an edited source
is never shadowed by an older compiled module (rules.core.native).

- GENESIS_PURE_PYTHON=1 at install time compiles nothing: the pure-Python modules are used.
- If mypyc or the C compiler fails, the install still succeeds, with the pure-Python modules,
  and a warning says why.
"""

import hashlib
import os
import sys
import traceback
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
# The engine's modules, and the two pure modules that its hot paths read at every step (cards
# and awareness). rules/core/engine/__init__.py stays Python.
SOURCES = [
    *sorted(
        f"rules/core/engine/{path.name}"
        for path in (ROOT / "rules/core/engine").glob("*.py")
        if path.name != "__init__.py"
    ),
    "rules/core/awareness.py",
    "rules/core/cards.py",
]
# rules.core.native reads it; keep the name in step.
MANIFEST = "rules/core/compiled-sources.txt"


def _warn(message: str) -> None:
    print(f"\nWARNING (genesis-service): {message}\n", file=sys.stderr)


def _manifest() -> str:
    lines = []
    for source in SOURCES:
        digest = hashlib.sha256((ROOT / source).read_bytes()).hexdigest()
        lines.append(f"{digest}  {source.removesuffix('.py').replace('/', '.')}\n")
    return "".join(lines)


class OptionalBuildExt(build_ext):
    """Builds the compiled engine, all of it or none: if any extension fails, the ones built
    are removed and the pure-Python modules stay in use."""

    def run(self) -> None:
        targets = [Path(self.build_lib) / MANIFEST]
        if self.inplace or getattr(self, "editable_mode", False):
            targets.append(ROOT / MANIFEST)
        for target in targets:
            target.unlink(missing_ok=True)
        if not self.extensions:
            return
        try:
            super().run()
        except Exception:
            traceback.print_exc()
            self._remove_outputs()
            _warn("compiling the engine failed; the pure-Python engine is installed instead.")
            return
        for target in targets:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(_manifest())

    def _remove_outputs(self) -> None:
        for ext in self.extensions:
            for inplace in (False, True):
                self.inplace = inplace
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)


def ext_modules() -> list[Extension]:
    if os.environ.get("GENESIS_PURE_PYTHON", "") not in ("", "0"):
        return []
    try:
        from mypyc.build import mypycify

        # No config file: pyproject.toml's [tool.mypy] loads the Django plugins, which are not
        # build requirements. --strict is what the pure packages are checked with anyway.
        return mypycify(
            ["--config-file=", "--strict", *SOURCES],
            opt_level="3",
            group_name="genesis_engine",  # the shared library: genesis_engine__mypyc
        )
    except (Exception, SystemExit):  # mypyc reports its errors by SystemExit
        traceback.print_exc()
        _warn("mypyc could not compile the engine; the pure-Python engine is installed instead.")
        return []


setup(ext_modules=ext_modules(), cmdclass={"build_ext": OptionalBuildExt})
