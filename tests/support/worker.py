"""A real `celery -A genesis worker` as a child process, for the integration tests and the
benchmarks that need one (scripts/serve starts its worker from the shell).

    with worker_process(database_url, log_path, name="test") as worker:
        ...  # worker.pid, worker.poll()

The worker runs with --pool=solo (one task at a time, in the worker process itself, so its
memory is the process's), on the broker of the environment (CELERY_BROKER_URL, or `env`'s),
against `database_url`; `args` adds to its command line (e.g. "-B" to run the beat in it).
Entering waits until it answers a ping through `broker` (a kombu Connection; by default this
process's broker); leaving stops it (SIGTERM, then SIGKILL after `stop_timeout` seconds).

The worker leads a process group of its own, holding the children it starts (the beat of -B):
signal the group (`os.killpg(worker.pid, ...)`) to reach them too; leaving does.
"""

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
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
    broker=None,
    ready_timeout: float = 60,
    stop_timeout: float = 20,
) -> Iterator[subprocess.Popen]:
    from genesis.celery import app

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
                "--pool=solo",
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
        while not app.control.ping([hostname], timeout=0.5, connection=broker):
            if process.poll() is not None:
                raise WorkerFailed(f"the Celery worker exited:\n{log_path.read_text()[-3000:]}")
            if time.monotonic() > deadline:
                raise WorkerFailed(
                    f"the Celery worker did not answer a ping in {ready_timeout:.0f} s:\n"
                    f"{log_path.read_text()[-3000:]}"
                )
        yield process
    finally:
        _signal_group(process, signal.SIGTERM)
        try:
            process.wait(timeout=stop_timeout)
        except subprocess.TimeoutExpired:
            pass
        _signal_group(process, signal.SIGKILL)  # whatever is left: a stuck worker, its beat
        process.wait()


def _signal_group(process: subprocess.Popen, signum: int) -> None:
    try:
        os.killpg(process.pid, signum)
    except ProcessLookupError:
        pass  # the group is gone already
