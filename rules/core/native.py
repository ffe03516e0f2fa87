"""Whether the game engine runs compiled by mypyc, and what the compiled build needs at run time.

setup.py compiles the engine's modules (and cards and awareness, which the engine reads at every
step) with mypyc into C extensions beside the .py files, which Python imports in their place,
and writes SOURCES: the sha256 of each source it compiled. This module is never compiled:

- `use_fresh_modules` (rules/core/__init__.py calls it before any other module of the package
  is imported) keeps an edited source from being shadowed by an older compiled module: editing
  a file of an editable install does not rebuild it. When a compiled source has changed since
  the build, or SOURCES is missing, every module of rules.core is loaded from its .py file,
  with a warning: the engine stays correct, only slower, until `./scripts/build-engine` runs again.
  GENESIS_PURE_PYTHON=1 in the environment does the same without a warning (for comparing the
  two engines, benchmarks/engine_compare.py --pure).
- `register_pickling` lets the compiled dataclasses be unpickled (see there).

Which engine is in use is asked of the engine itself (`rules.core.engine.compiled`): this module
sits below the engine, which imports it, so it imports nothing of the engine.
"""

import copyreg
import dataclasses
import hashlib
import importlib
import importlib.util
import os
import sys
import warnings
from collections.abc import Callable, Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

# Written by setup.py beside this file: a line "<sha256>  <module name>" per compiled module.
SOURCES = Path(__file__).with_name("compiled-sources.txt")
_ROOT = Path(__file__).resolve().parent.parent.parent  # where the `rules` package is
_PACKAGE = "rules.core."
_D = TypeVar("_D")


def _source(module: str) -> Path:
    return _ROOT.joinpath(*module.split(".")).with_suffix(".py")


def _manifest() -> list[tuple[str, str]]:
    """(sha256, module name) of each module setup.py compiled; empty when it compiled none."""
    try:
        lines = SOURCES.read_text().splitlines()
    except OSError:
        return []
    return [(digest, name) for digest, _, name in (line.partition("  ") for line in lines)]


def _fresh(compiled_files: list[Path]) -> bool:
    """Whether every compiled module in `compiled_files` was compiled from its source as it is
    now (and is one that setup.py compiled)."""
    manifest = _manifest()
    names = {name for _, name in manifest}
    for path in compiled_files:
        relative = path.relative_to(_ROOT).parts
        if ".".join((*relative[:-1], path.name.partition(".")[0])) not in names:
            return False  # left from an earlier build that compiled more
    for digest, name in manifest:
        try:
            if hashlib.sha256(_source(name).read_bytes()).hexdigest() != digest:
                return False
        except OSError:
            return False
    return bool(manifest)


class _SourceOnly:
    """A meta path finder that loads the modules of rules.core from their .py files, ahead of
    the compiled extension modules of the same names."""

    @staticmethod
    def find_spec(
        name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not name.startswith(_PACKAGE):
            return None
        source = _source(name)
        if not source.is_file():
            return None  # a package: its __init__.py is found the ordinary way
        return importlib.util.spec_from_file_location(name, source)


def use_fresh_modules() -> None:
    """Load rules.core from its .py files, unless the compiled modules match their sources
    and GENESIS_PURE_PYTHON is not set."""
    if any(isinstance(finder, _SourceOnly) for finder in sys.meta_path):
        return
    if os.environ.get("GENESIS_PURE_PYTHON", "") not in ("", "0"):
        sys.meta_path.insert(0, _SourceOnly())
        return
    suffixes = tuple(EXTENSION_SUFFIXES)
    found = [p for p in _ROOT.joinpath("rules", "core").rglob("*") if p.name.endswith(suffixes)]
    if not found:
        return  # nothing compiled: the ordinary imports find the .py files
    if _fresh(found):
        return
    sys.meta_path.insert(0, _SourceOnly())
    warnings.warn(
        "the compiled game engine does not match its source (edited since it was built, or "
        "built incompletely): the pure-Python modules are used. ./scripts/build-engine "
        "compiles it anew.",
        RuntimeWarning,
        stacklevel=2,
    )


def _restore_dataclass(cls: type[_D], state: dict[str, Any]) -> _D:
    # The constructor makes the object; then every field is set to its pickled value, as a
    # pure-Python unpickling does: past a frozen dataclass's __setattr__ and past whatever its
    # __post_init__ worked out.
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    obj = cls(**{f.name: state[f.name] for f in fields if f.init})
    for name, value in state.items():
        object.__setattr__(obj, name, value)
    return obj


def _reduce_dataclass(obj: Any) -> tuple[Callable[..., Any], tuple[object, ...]]:
    return _restore_dataclass, (type(obj), obj.__getstate__())


def register_pickling() -> None:
    """Let the compiled dataclasses be unpickled. mypyc's own unpickling calls the class's
    __new__ without arguments, and a compiled __new__ runs __init__ (which wants the fields);
    it then sets each attribute through __setattr__, which a frozen dataclass refuses."""
    for _, name in _manifest():
        module = importlib.import_module(name)
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and value.__module__ == name
                and dataclasses.is_dataclass(value)
            ):
                copyreg.pickle(value, _reduce_dataclass)
