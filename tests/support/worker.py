"""A real `celery -A genesis worker` as a child process, for the integration tests and the
benchmarks that need one (scripts/serve starts its worker from the shell).

    with worker_process(database_url, log_path, name="test") as worker:
        ...  # worker.pid, worker.poll()

The worker runs with --pool=solo (one task at a time, in the worker process itself, so its
memory is the process's), on the broker of the environment (CELERY_BROKER_URL), against
`database_url`. Entering waits until it answers a ping; leaving stops it (SIGTERM, then SIGKILL
after `stop_timeout` seconds).
"""

import os
import subprocess
import sys
import time
from collections.abc import Iterator
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
                f"{name}-{os.getpid()}@%h",
            ],
            cwd=ROOT,
            env=environment,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + ready_timeout
        while not app.control.ping(timeout=0.5):
            if process.poll() is not None:
                raise WorkerFailed(f"the Celery worker exited:\n{log_path.read_text()[-3000:]}")
            if time.monotonic() > deadline:
                raise WorkerFailed(
                    f"the Celery worker did not answer a ping in {ready_timeout:.0f} s:\n"
                    f"{log_path.read_text()[-3000:]}"
                )
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=stop_timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
