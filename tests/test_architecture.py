"""The layout holds (docs/architecture.md, Layers and cycles): no import cycle between the
service's modules, imports inside functions included, and no relation from a model of a lower app
to a model of a higher app.

The apps and their order are read from one place, the import-linter layers contract in
pyproject.toml, which `lint-imports` checks for module-level imports; these tests add what it
does not see (imports inside functions, cycles within an app, and the database's relations).

What counts as a cycle: every import statement is an edge, wherever it is written (module level,
inside a function, under TYPE_CHECKING). Importing `a.b.c` also runs the package `a.b` first, so
the import is an edge to `a.b` too, unless `a.b` is a package of the importer itself (it already
ran before the importer did). So a package's `__init__` that imports its submodules is not a
cycle while those import only one another, and it is one when a submodule imports the package
(its re-exports), or when a module outside the package imports a submodule of a package that
imports the module back (tournaments.metrics <- services/__init__ <- services.rounds).
"""

import itertools
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import grimp
import networkx as nx
import pytest
from django.apps import apps

from tests.conftest import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
NOT_THE_SERVICE = {"tests", "benchmarks"}

# Cycles that another change removes (each: its modules, and why it is still here). A cycle
# listed here but no longer in the code fails the test too, so the list only shrinks.
KNOWN_CYCLES: dict[frozenset[str], str] = {}


def layers() -> list[set[str]]:
    """The apps from the top layer down (tournaments first, genesis last): the layers contract
    in pyproject.toml; apps side by side in a layer are written "a | b" (or "a : b")."""
    contract = next(
        c for c in PYPROJECT["tool"]["importlinter"]["contracts"] if c["type"] == "layers"
    )
    return [{app.strip() for app in re.split(r"[|:]", layer)} for layer in contract["layers"]]


def app_packages() -> list[str]:
    """The service's top-level packages, in the order of the layers (top first)."""
    return [app for layer in layers() for app in sorted(layer)]


def level(app: str) -> int:
    """An app's layer, counted from the bottom (genesis is 0)."""
    return next(n for n, layer in enumerate(reversed(layers())) if app in layer)


def test_the_layers_name_every_package_of_the_service_once():
    # A new app's package must be placed in a layer (and so checked by every test here), be a
    # root of import-linter's graph and be installed.
    on_disk = {path.parent.name for path in ROOT.glob("*/__init__.py")} - NOT_THE_SERVICE
    assert sorted(app_packages()) == sorted(on_disk)
    assert sorted(PYPROJECT["tool"]["importlinter"]["root_packages"]) == sorted(on_disk)
    installed = PYPROJECT["tool"]["setuptools"]["packages"]["find"]["include"]
    assert all(f"{app}*" in installed for app in on_disk), installed


# --- import cycles -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Edge:
    importer: str
    imported: str
    # The import statements it comes from: an import of the module itself, or, for an edge to
    # a package, of the modules in it (importing them runs the package first).
    statements: tuple[tuple[str, str], ...]  # (imported module, "line: statement")


def packages_run_by(importer: str, imported: str) -> list[str]:
    """`imported`, and the packages that importing it runs first apart from the importer's own
    (they ran before the importer did)."""
    parts = imported.split(".")
    own = {".".join(importer.split(".")[:n]) for n in range(1, importer.count(".") + 1)}
    packages = (".".join(parts[:n]) for n in range(1, len(parts)))
    return [package for package in packages if package not in own | {importer}] + [imported]


def import_edges(graph: grimp.ImportGraph) -> Mapping[tuple[str, str], Edge]:
    statements: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for importer in graph.modules:
        for imported in graph.find_modules_directly_imported_by(importer):
            lines = tuple(
                f"{d['line_number']}: {d['line_contents']}"
                for d in graph.get_import_details(importer=importer, imported=imported)
            )
            for target in packages_run_by(importer, imported):
                statements.setdefault((importer, target), []).extend(
                    (imported, line) for line in lines
                )
    return {
        (importer, target): Edge(importer, target, tuple(found))
        for (importer, target), found in statements.items()
    }


def cycles(edges: Iterable[Edge]) -> list[list[Edge]]:
    """One shortest cycle for each group of modules that import one another."""
    digraph = nx.DiGraph()
    by_pair = {}
    for edge in edges:
        digraph.add_edge(edge.importer, edge.imported)
        by_pair[edge.importer, edge.imported] = edge
    found = []
    for group in nx.strongly_connected_components(digraph):
        if len(group) < 2:
            continue
        inside = digraph.subgraph(group)
        start = min(group)
        back = min(
            (nx.shortest_path(inside, successor, start) for successor in inside.successors(start)),
            key=len,
        )
        chain = [start, *back]
        found.append([by_pair[pair] for pair in itertools.pairwise(chain)])
    return sorted(found, key=lambda cycle: cycle[0].importer)


def describe(cycle: list[Edge]) -> str:
    lines = [" -> ".join([cycle[0].importer, *(edge.imported for edge in cycle)])]
    for edge in cycle:
        for imported, statement in edge.statements:
            through = "" if imported == edge.imported else f" (runs {edge.imported} first)"
            lines.append(f"    {edge.importer} imports {imported}{through}, line {statement}")
    return "\n".join(lines)


def service_cycles() -> list[list[Edge]]:
    graph = grimp.build_graph(*app_packages(), cache_dir=None)
    return cycles(import_edges(graph).values())


def test_no_module_imports_itself_through_others():
    found = service_cycles()
    modules = [frozenset(edge.importer for edge in cycle) for cycle in found]
    new = [
        describe(cycle)
        for cycle, group in zip(found, modules, strict=True)
        if group not in KNOWN_CYCLES
    ]
    gone = [", ".join(sorted(group)) for group in KNOWN_CYCLES if group not in modules]
    assert not new, (
        "Import cycles (move code so that one of the modules stops importing the other):\n"
        + "\n".join(new)
    )
    assert not gone, f"No longer a cycle, delete it from KNOWN_CYCLES: {gone}"


@pytest.mark.parametrize(
    ("imports", "cycle"),
    [
        # a function-level import back is a cycle like any other
        ({"a.x": ["a.y"], "a.y": ["a.x"]}, ["a.x", "a.y", "a.x"]),
        # a package's __init__ importing its submodules, which import only each other: none
        ({"a": ["a.x", "a.y"], "a.x": ["a.y"]}, None),
        # a submodule importing its package's re-exports
        ({"a.p": ["a.p.x"], "a.p.x": ["a.p"]}, ["a.p", "a.p.x", "a.p"]),
        # importing a submodule runs its package, whose __init__ imports the importer back
        ({"a.m": ["a.p.x"], "a.p": ["a.p.y"], "a.p.y": ["a.m"]}, ["a.m", "a.p", "a.p.y", "a.m"]),
    ],
)
def test_what_counts_as_a_cycle(imports, cycle):
    graph = grimp.ImportGraph()
    for importer, imported in imports.items():
        for target in imported:
            graph.add_import(
                importer=importer, imported=target, line_number=1, line_contents=f"import {target}"
            )
    found = cycles(import_edges(graph).values())
    chains = [[c[0].importer, *(edge.imported for edge in c)] for c in found]
    assert chains == ([] if cycle is None else [cycle])


# --- relations between the apps' models ----------------------------------------------------------


def upward_relations() -> list[str]:
    found = []
    for model in apps.get_models(include_auto_created=True):
        app = model.__module__.split(".")[0]
        if app not in app_packages():
            continue
        for field in model._meta.get_fields():
            if not field.is_relation or field.auto_created or field.related_model is None:
                continue
            target = field.related_model
            target_app = target.__module__.split(".")[0]
            if target_app in app_packages() and level(target_app) > level(app):
                found.append(
                    f"{model._meta.label}.{field.name} ({type(field).__name__}) -> "
                    f"{target._meta.label}: {app} is below {target_app}"
                )
    return found


def test_no_model_relates_to_a_model_of_a_higher_app():
    found = upward_relations()
    assert not found, (
        "Relations from a lower app's model up to a higher app's model (layers, top first: "
        f"{app_packages()}); turn the relation around, or move the model up:\n" + "\n".join(found)
    )
