"""The supervisor units in deploy/ (docs/deployment.md, "Processes that come back"): the systemd
units and the supervisord file run the same commands, and both start a process again whenever it
exits. tests/test_faults.py runs the supervisord file for real and kills its workers."""

import configparser
import shlex
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parent.parent / "deploy"


def systemd(name: str) -> configparser.RawConfigParser:
    unit = configparser.RawConfigParser(strict=False)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read(DEPLOY / "systemd" / name)
    return unit


def supervisord() -> configparser.RawConfigParser:
    config = configparser.RawConfigParser()
    config.read(DEPLOY / "supervisord.conf")
    return config


def arguments(command: str) -> list[str]:
    """A command's program (its file name) and arguments, without its directory or the names
    each supervisor gives (a worker's -n, systemd's %i instance)."""
    words = shlex.split(command.replace("%%", "%"))
    words[0] = Path(words[0]).name
    if "-n" in words:
        at = words.index("-n")
        del words[at : at + 2]
    return words


@pytest.mark.parametrize(
    ("unit", "program", "queue"),
    [
        ("genesis-web.service", "web", None),
        ("genesis-stream.service", "stream", None),
        ("genesis-worker@.service", "worker-tournaments", "celery"),
        ("genesis-worker@.service", "worker-matchups", "matchups"),
    ],
)
def test_each_process_runs_the_same_command_under_both_supervisors_and_always_restarts(
    unit, program, queue
):
    service = systemd(unit)["Service"]
    shipped = supervisord()[f"program:{program}"]
    assert service["Restart"] == "always"
    assert shipped["autorestart"] == "true"
    ours = arguments(service["ExecStart"])
    if queue:
        ours = [queue if word == "%i" else word for word in ours]
    assert ours == arguments(shipped["command"])


def test_a_worker_is_never_given_up_on():
    assert systemd("genesis-worker@.service")["Unit"]["StartLimitIntervalSec"] == "0"
    for program in ("worker-tournaments", "worker-matchups"):
        assert int(supervisord()[f"program:{program}"]["startretries"]) >= 1000
