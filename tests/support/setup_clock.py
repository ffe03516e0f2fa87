"""The check that a test's own set-up costs milliseconds (docs/contributing.md, Shared test data).

Shared data is built once per session or module (tests/support/snapshots.py). A test whose own
function-scoped fixtures take more than SETUP_LIMIT seconds of this process's CPU time, or more
than SETUP_WALL_LIMIT seconds on the clock (a set-up that waits), fails, unless it carries
`@pytest.mark.slow_setup("why")` (say, it starts servers of its own to stop them). CPU time is
what the set-up costs whatever else the machine is doing (two test processes, a browser,
PostgreSQL): the clock alone would fail a cheap set-up on a busy machine.

tests/conftest.py registers SetupClock; `-p tests.support.setup_clock` does the same for a
pytest run of its own (tests/test_setup_clock.py).
"""

import os
import time

import pytest

# The test of this clock (tests/test_setup_clock.py) lowers both through the environment, so
# that its deliberately slow set-ups cost a fraction of a second.
SETUP_LIMIT = float(os.environ.get("GENESIS_SETUP_LIMIT", "1.0"))
# The clock's limit is looser than the CPU's: a browser test's own contexts (a desktop's and a
# phone's) took 3.1 s on the clock, and 0.8 s of CPU, beside two other test processes on two
# cores (2026-11-28); a set-up that really waits on something takes far longer.
SETUP_WALL_LIMIT = float(os.environ.get("GENESIS_SETUP_WALL_LIMIT", "5.0"))


class SetupClock:
    """Times each test's own (function-scoped) fixtures. Registered as a plugin of its own
    (pytest_configure below) rather than as this conftest's hooks, because a conftest's hooks do
    not see the session's fixtures being set up, and pytest sets up a fixture's dependencies
    from inside its own set-up: a test's fixture that is the first to need a session's data
    would otherwise be charged for building it."""

    def __init__(self) -> None:
        # For each fixture being set up, the (CPU, clock) seconds its nested fixtures took.
        self.nested: list[list[float]] = []
        self.slowest: list[tuple[float, float, str]] = []

    @pytest.hookimpl(hookwrapper=True)
    def pytest_fixture_setup(self, fixturedef, request):
        cpu, wall = time.process_time(), time.perf_counter()
        self.nested.append([0.0, 0.0])
        try:
            yield
        finally:
            nested_cpu, nested_wall = self.nested.pop()
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            if self.nested:
                self.nested[-1][0] += cpu
                self.nested[-1][1] += wall
            if fixturedef.scope == "function":
                item = request.node
                own_cpu, own_wall = getattr(item, "own_setup", (0.0, 0.0))
                item.own_setup = (own_cpu + cpu - nested_cpu, own_wall + wall - nested_wall)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        report = outcome.get_result()
        if report.when != "setup" or not report.passed:
            return
        cpu, wall = getattr(item, "own_setup", (0.0, 0.0))
        self.slowest = sorted([*self.slowest, (cpu, wall, item.nodeid)], reverse=True)[:5]
        too_slow = cpu > SETUP_LIMIT or wall > SETUP_WALL_LIMIT
        if too_slow and item.get_closest_marker("slow_setup") is None:
            report.outcome = "failed"
            report.longrepr = (
                f"{item.nodeid}: its own set-up took {cpu:.2f} s of CPU and {wall:.2f} s on the "
                f"clock (limits: {SETUP_LIMIT:g} s and {SETUP_WALL_LIMIT:g} s). Build shared "
                "data once per session or module (tests/support/snapshots.py), or mark the test "
                '@pytest.mark.slow_setup("why") if it cannot be shared.'
            )

    def pytest_terminal_summary(self, terminalreporter):
        if self.slowest:
            terminalreporter.write_sep(
                "-",
                f"slowest own set-ups, CPU and clock (limits {SETUP_LIMIT:g} s and "
                f"{SETUP_WALL_LIMIT:g} s)",
            )
            for cpu, wall, nodeid in self.slowest:
                terminalreporter.write_line(f"{cpu:5.2f} s {wall:5.2f} s  {nodeid}")


def pytest_configure(config):
    """For `pytest -p tests.support.setup_clock`: the marker, and the clock."""
    config.addinivalue_line("markers", "slow_setup(reason): the test's own set-up may be slow")
    if not config.pluginmanager.has_plugin("genesis-setup-clock"):
        config.pluginmanager.register(SetupClock(), "genesis-setup-clock")
