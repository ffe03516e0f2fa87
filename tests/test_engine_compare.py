"""benchmarks/engine_compare.py runs each side's own engine: an older commit's, loaded from its
checkout and not through the editable install's finder (which maps `rules` to today's tree), or
it refuses to compare."""

import importlib.util
import io
import subprocess
import tarfile

import pytest

from tests.conftest import ROOT

# The last commit with the engine at rules/engine/, before it moved to rules/core/engine/.
BEFORE_THE_MOVE = "07d72d9~1"


@pytest.fixture(scope="module")
def engine_compare():
    spec = importlib.util.spec_from_file_location(
        "engine_compare", ROOT / "benchmarks/engine_compare.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_commit_from_before_the_move_runs_its_own_engine(engine_compare, tmp_path):
    # given: the commit's files, as `git worktree add` would check them out
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", BEFORE_THE_MOVE, "rules", "decks"],
        capture_output=True,
    )
    if archive.returncode != 0:
        pytest.skip(f"{BEFORE_THE_MOVE} is not in this checkout's history")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(tmp_path, filter="data")
    # when
    old = engine_compare.run_child(tmp_path, 1, engine_compare.AS_INSTALLED)
    now = engine_compare.run_child(ROOT, 1, engine_compare.AS_INSTALLED)
    # then: the old side's engine is the checkout's rules/engine/, the other today's
    assert old["engine"].startswith(str(tmp_path / "rules" / "engine"))
    assert now["engine"].startswith(str(ROOT / "rules" / "core" / "engine"))


def test_a_tree_without_an_engine_is_refused(engine_compare, tmp_path):
    # given: a `rules` package with no engine in it (today's would answer rules.core)
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "__init__.py").write_text("")
    # when / then
    with pytest.raises(SystemExit, match="cannot run the engine of"):
        engine_compare.run_child(tmp_path, 1, engine_compare.AS_INSTALLED)
