# Shared by scripts/serve and scripts/test: make .venv/ with the project installed.
# Re-installs only when pyproject.toml changed since the last install.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PY="$VENV/bin/python"

ensure_venv() {
  local extras="$1"
  if [ ! -x "$PY" ]; then
    echo "==> Creating $VENV"
    python3 -m venv "$VENV"
  fi
  local stamp="$VENV/.installed-$extras"
  if [ ! -f "$stamp" ] || [ "$ROOT/pyproject.toml" -nt "$stamp" ]; then
    echo "==> Installing the project and its dependencies ($extras)"
    "$PY" -m pip install --quiet --upgrade pip >/dev/null 2>&1 || true
    if [ "$extras" = "dev" ]; then
      "$PY" -m pip install --quiet -e "$ROOT[dev]"
    else
      "$PY" -m pip install --quiet -e "$ROOT"
    fi
    touch "$stamp"
  fi
}

free_port() {
  "$PY" - <<'PY'
import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])
s.close()
PY
}

apt_install() {
  # Installs Debian packages when missing (the machines here run as root).
  if [ "$(id -u)" != 0 ]; then
    echo "Missing system packages: $*. Install them (e.g. sudo apt-get install $*) and retry." >&2
    exit 1
  fi
  echo "==> Installing system packages: $*"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
