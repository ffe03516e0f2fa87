"""The set-up clock (tests/support/setup_clock.py) fails a test whose own set-up is slow, in CPU
or on the clock, and lets a marked one pass: run on a small test file in a pytest of its own."""

import os
import subprocess
import sys

from tests.conftest import ROOT

SLOW_SET_UPS = """
import time

import pytest


@pytest.fixture
def busy():
    end = time.process_time() + 0.25
    while time.process_time() < end:
        pass


@pytest.fixture
def waits():
    time.sleep(0.45)


@pytest.fixture(scope="module")
def shared_and_slow():
    end = time.process_time() + 0.25
    while time.process_time() < end:
        pass


def test_busy(busy):
    pass


def test_waits(waits):
    pass


@pytest.mark.slow_setup("its fixture is slow on purpose")
def test_marked(busy):
    pass


def test_a_module_fixture_is_not_its_own(shared_and_slow):
    pass
"""


def test_a_slow_own_set_up_fails_unless_marked(tmp_path):
    # given tests whose own fixtures burn CPU or wait, one marked, and one with a slow module
    # fixture (shared, so not its own)
    (tmp_path / "test_slow.py").write_text(SLOW_SET_UPS)
    # when they run under the clock
    plugins = ["-p", "tests.support.setup_clock", "-p", "no:django", "-p", "no:cacheprovider"]
    # (at a fifth of the real limits, so the slow set-ups are quick)
    limits = {"GENESIS_SETUP_LIMIT": "0.2", "GENESIS_SETUP_WALL_LIMIT": "0.4"}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", *plugins, "-q", "-rE", str(tmp_path / "test_slow.py")],
        cwd=ROOT,
        env={**os.environ, **limits},
        capture_output=True,
        text=True,
        timeout=120,
    )
    # then the two unmarked slow set-ups fail, saying why, and the others pass
    out = run.stdout
    assert run.returncode == 1, out
    assert "2 passed, 2 errors" in out, out
    assert "test_busy: its own set-up took 0.2" in out, out
    assert "test_waits: its own set-up took 0.0" in out, out
    assert "ERROR test_slow.py::test_marked" not in out, out
    assert "ERROR test_slow.py::test_a_module_fixture_is_not_its_own" not in out, out
