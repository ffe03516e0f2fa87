"""A real `celery -A genesis worker` as a child process, for the integration tests and the
benchmarks that need one (scripts/serve starts its worker from the shell).

    with worker_process(database_url, log_path, name="test") as worker:
        ...  # worker.pid, worker.poll()

The worker runs with --pool=solo by default (one task at a time, in the worker process itself,
so its memory is the process's; `pool="prefork"` runs it as production does, with children), on the broker of the environment (CELERY_BROKER_URL, or `env`'s),
against `database_url`; `args` adds to its command line (e.g. "-B" to run the beat in it).
Entering waits until it answers a ping sent through `ping_app` (a Celery app on the worker's
broker, for a worker on another broker than this process's; by default this process's app);
leaving stops it (SIGTERM, then SIGKILL after `stop_timeout` seconds).

The worker leads a process group of its own, with the children it starts (the beat of -B):
signal the group (`os.killpg(worker.pid, ...)`) to reach them too, as leaving does.
"""

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class WorkerFailed(RuntimeError):
    """The worker exited, or did not answer a ping in time; the message ends with its log."""


@contextmanager
def worker_process(
    database_url: str,
    log_path: Path,
    *,
    name: str = "worker",
    settings: str = "genesis.settings.test",
    loglevel: str = "INFO",
    env: dict | None = None,
    args: Sequence[str] = (),
    ping_app=None,
    ready_timeout: float = 60,
    stop_timeout: float = 20,
    pool: str = "solo",
) -> Iterator[subprocess.Popen]:
    from genesis.celery import app

    control = (ping_app or app).control
    environment = {
        **os.environ,
        **(env or {}),
        "DATABASE_URL": database_url,
        "DJANGO_SETTINGS_MODULE": settings,
    }
    hostname = f"{name}-{os.getpid()}@{socket.gethostname()}"
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "genesis",
                "worker",
                f"--pool={pool}",
                f"--loglevel={loglevel}",
                "--hostname",
                hostname,
                *args,
            ],
            cwd=ROOT,
            env=environment,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + ready_timeout
        # Only this worker's answer counts: another one on the same broker is not it.
        while not control.ping([hostname], timeout=0.5):
            if process.poll() is not None:
                raise WorkerFailed(f"the Celery worker exited:\n{log_path.read_text()[-3000:]}")
            if time.monotonic() > deadline:
                raise WorkerFailed(
                    f"the Celery worker did not answer a ping in {ready_timeout:.0f} s:\n"
                    f"{log_path.read_text()[-3000:]}"
                )
        yield process
    finally:
        stop_group(process, stop_timeout)


def stop_group(process: subprocess.Popen, timeout: float) -> None:
    """Stop a process that leads a process group (started with start_new_session=True) and
    whatever it started: SIGTERM to the group, then SIGKILL to what is left after `timeout`."""
    for signum in (signal.SIGTERM, signal.SIGKILL):
        with suppress(ProcessLookupError):  # the group is gone already
            os.killpg(process.pid, signum)
        with suppress(subprocess.TimeoutExpired):
            process.wait(timeout=timeout)
    process.wait()
