"""manage.py with nothing set: the production settings refuse to start, and say how to run with
the local ones (docs/deployment.md)."""

import os
import subprocess
import sys

from tests.conftest import ROOT


def test_manage_py_without_settings_says_how_to_use_the_local_ones(tmp_path):
    # given: neither DJANGO_SETTINGS_MODULE nor SECRET_KEY
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "SECRET_KEY")}
    # when
    result = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "check"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    # then
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr
    assert "DJANGO_SETTINGS_MODULE=genesis.settings.local" in result.stderr
    assert "./scripts/serve" in result.stderr
