"""How long a fresh clone takes from `./scripts/serve` to its first page.

Clones this repository (its committed HEAD) into a temporary folder, runs ./scripts/serve there
on a free port, and times until `/` answers 200, printing each step serve announced and when.
With --cold the installer and the package cache start empty (a temporary XDG_CACHE_HOME and no
pip cache), as on a new machine; otherwise they are this machine's, warm after the first run.

    python benchmarks/first_page.py            # a second fresh clone, warm package cache
    python benchmarks/first_page.py --cold     # as on a cold machine (downloads every package)
"""

import argparse
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold", action="store_true", help="empty installer and package caches")
    parser.add_argument("--timeout", type=float, default=300)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="first-page-") as tmp:
        clone = Path(tmp) / "clone"
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
        port = free_port()
        env = {
            k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CELERY_BROKER_URL")
        }
        env["PORT"] = str(port)
        if args.cold:
            env["XDG_CACHE_HOME"] = str(Path(tmp) / "cache")
            env["UV_CACHE_DIR"] = str(Path(tmp) / "cache" / "uv")
            env["PIP_NO_CACHE_DIR"] = "1"
        started = time.monotonic()
        serve = subprocess.Popen(
            ["./scripts/serve"],
            cwd=clone,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        steps: list[tuple[float, str]] = []

        def read() -> None:
            assert serve.stdout is not None
            for line in serve.stdout:
                if line.startswith("==>"):
                    steps.append((time.monotonic() - started, re.sub(r"^==> \S+ ", "", line)))

        threading.Thread(target=read, daemon=True).start()
        try:
            while not answers(f"http://127.0.0.1:{port}/"):
                if serve.poll() is not None:
                    sys.exit(f"./scripts/serve exited with status {serve.returncode}")
                if time.monotonic() - started > args.timeout:
                    sys.exit(f"no first page within {args.timeout:.0f} s")
                time.sleep(0.1)
            first_page = time.monotonic() - started
        finally:
            os.killpg(serve.pid, signal.SIGTERM)
            serve.wait(timeout=30)
    kind = "cold caches" if args.cold else "warm package cache"
    print(f"fresh clone, {kind}, {os.cpu_count()} cores")
    for seconds, step in steps:
        print(f"  {seconds:6.1f} s  {step.strip()}")
    print(f"first page (/ answered 200): {first_page:.1f} s")


if __name__ == "__main__":
    main()
