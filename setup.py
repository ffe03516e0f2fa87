"""Compiles the game engine with mypyc, when asked to (docs/engine.md, The compiled engine).
Everything else about the package is in pyproject.toml.

An install compiles nothing unless GENESIS_COMPILE_ENGINE=1 is set: compiling takes about a
minute of gcc on two cores, and no install, first page or test run waits for it.
./scripts/build-engine (and ./scripts/serve --fast-engine) runs
`GENESIS_COMPILE_ENGINE=1 python setup.py build_ext --inplace`; the engine then runs compiled.

mypyc (from the mypy package of the virtualenv, pinned in the dev lock file) compiles the
engine's modules to C extension modules that sit beside the .py files and are imported in their
place (an editable install builds them in the source tree); `rules.core.engine.compiled()` says
which are in use. Beside them goes rules/core/compiled-sources.txt, the sha256 of each source
compiled, so that a source edited later is never shadowed by its older compiled module
(rules/core/native.py).

- GENESIS_ENGINE_OPT_LEVEL sets the C optimisation level (3 unless told; the test that compiles
  the engine uses 0, which builds several times faster and plays the same games).
- If mypyc or the C compiler fails (or crashes), the install still succeeds with the pure-Python
  modules, and a warning says why.
"""

import hashlib
import json
import os
import subprocess
import sys
import tempfile
import traceback
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
# The engine's modules (its keywords/ too), and the two pure modules that its hot paths read at every step (cards
# and awareness). rules/core/engine/__init__.py stays Python, and so does rules/core/native.py.
SOURCES = [
    *sorted(
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "rules/core/engine").rglob("*.py")
        if path.name != "__init__.py"
    ),
    "rules/core/awareness.py",
    "rules/core/cards.py",
]
# The compiled modules share one C library, the top-level module genesis_engine__mypyc.
GROUP = "genesis_engine"
MANIFEST = "rules/core/compiled-sources.txt"  # rules.core.native reads it
CACHE = ROOT / "build" / "genesis-engine-extensions.json"  # see _mypycify
COMPILE = os.environ.get("GENESIS_COMPILE_ENGINE", "") not in ("", "0")
OPT_LEVEL = os.environ.get("GENESIS_ENGINE_OPT_LEVEL", "3")

# mypyc runs in a child process, so that a crash of mypyc itself (it has segfaulted on a
# recursive type alias) is a failed build like any other, not a failed install. The child
# writes the extension modules it generated, as JSON, to the file its first argument names.
MYPYCIFY = """
import json, sys
from mypyc.build import mypycify

extensions = mypycify(sys.argv[4:], opt_level=sys.argv[3], group_name=sys.argv[2])
keys = ("name", "sources", "include_dirs", "depends", "extra_compile_args")
with open(sys.argv[1], "w") as out:
    json.dump([{k: getattr(e, k) for k in keys} for e in extensions], out)
"""


def _warn(message: str) -> None:
    print(f"\nWARNING (genesis-service): {message}\n", file=sys.stderr)


def _mypycify() -> list[Extension]:
    """Generate the C code; the extension modules to build from it (none if mypyc failed).

    An install runs setup.py several times (for the metadata, then for the build), each of
    which sets up build_ext; mypyc's answer for the same sources in the same build environment
    (the C code generated, or its failure) is used again."""
    try:
        from mypyc.build import include_dir  # mypyc's runtime library, in this environment
    except ImportError:  # e.g. --no-build-isolation without mypy
        _warn("mypyc is not installed; the pure-Python engine is installed instead.")
        return []
    key = hashlib.sha256(
        f"{sys.executable}\n{include_dir()}\n{OPT_LEVEL}\n{_manifest()}".encode()
    ).hexdigest()
    try:
        cached = json.loads(CACHE.read_text())
        if cached["key"] == key and all(
            (ROOT / c).exists() for e in cached["extensions"] or () for c in e["sources"]
        ):
            extensions, status = cached["extensions"], cached["status"]
        else:
            extensions, status = _run_mypyc(key)
    except (OSError, ValueError, KeyError, TypeError):
        extensions, status = _run_mypyc(key)
    if extensions is None:
        _warn(
            f"mypyc could not compile the engine (exit status {status}); the pure-Python "
            "engine is installed instead."
        )
        return []
    return [Extension(**spec) for spec in extensions]


def _run_mypyc(key: str) -> tuple[list[dict[str, object]] | None, int]:
    """Run mypyc in a child process: the extension modules it made (None if it failed), and its
    exit status. The answer is kept in CACHE under `key`."""
    with tempfile.TemporaryDirectory() as tmp:
        made = Path(tmp) / "extensions.json"
        # No config file: pyproject.toml's [tool.mypy] loads the Django plugins, which are not
        # build requirements. --strict is what the pure packages are checked with anyway.
        args = [str(made), GROUP, OPT_LEVEL, "--config-file=", "--strict", *SOURCES]
        child = subprocess.run([sys.executable, "-c", MYPYCIFY, *args], cwd=ROOT, check=False)
        ok = child.returncode == 0 and made.exists()
        extensions = json.loads(made.read_text()) if ok else None
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    CACHE.write_text(json.dumps({"key": key, "extensions": extensions, "status": child.returncode}))
    return extensions, child.returncode


def _manifest() -> str:
    lines = []
    for source in SOURCES:
        digest = hashlib.sha256((ROOT / source).read_bytes()).hexdigest()
        lines.append(f"{digest}  {source.removesuffix('.py').replace('/', '.')}\n")
    return "".join(lines)


class CompileEngine(build_ext):
    """Builds the compiled engine, all of it or none: if an extension module fails to build,
    those built are removed and the pure-Python modules stay in use. mypyc runs when this
    command is set up, not when setup.py is loaded."""

    def finalize_options(self) -> None:
        modules = self.distribution.ext_modules
        if modules and modules[0] is STAND_IN:
            self.distribution.ext_modules = _mypycify()
        super().finalize_options()

    def run(self) -> None:
        manifests = [Path(self.build_lib) / MANIFEST]
        if self.inplace or getattr(self, "editable_mode", False):
            manifests.append(ROOT / MANIFEST)
        for manifest in manifests:
            manifest.unlink(missing_ok=True)
        if not self.extensions:
            return  # not asked to compile, or mypyc failed
        try:
            super().run()
        except Exception:
            traceback.print_exc()
            self._remove_outputs()
            _warn("compiling the engine failed; the pure-Python engine is installed instead.")
            return
        for manifest in manifests:
            manifest.parent.mkdir(parents=True, exist_ok=True)
            manifest.write_text(_manifest())

    def _remove_outputs(self) -> None:
        """Remove what this build made: in build_lib, and in the source tree when in place."""
        inplace = self.inplace
        for mode in [False, True] if inplace else [False]:
            self.inplace = mode  # get_ext_fullpath answers for the current mode
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
        self.inplace = inplace


# A stand-in until CompileEngine replaces it with what mypyc generates.
STAND_IN = Extension(f"{GROUP}__mypyc", sources=[])
setup(ext_modules=[STAND_IN] if COMPILE else [], cmdclass={"build_ext": CompileEngine})
