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
  # The install compiles the game engine with mypyc (setup.py), so an edited engine source
  # reinstalls too: otherwise it would run as pure Python until the next install.
  local engine_edited
  engine_edited="$(find "$ROOT/rules/core/engine" "$ROOT/rules/core/cards.py" \
    "$ROOT/rules/core/awareness.py" "$ROOT/setup.py" -name '*.py' -newer "$stamp" -print -quit 2>/dev/null || true)"
  if [ ! -f "$stamp" ] || [ "$ROOT/pyproject.toml" -nt "$stamp" ] || [ -n "$engine_edited" ]; then
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

# --- PostgreSQL, Redis and Chromium for tests and benchmarks -----------------------------------
# ensure_services: installs what is missing, starts PostgreSQL and Redis on loopback in a
# temporary directory on free ports (unless DATABASE_URL / CELERY_BROKER_URL are already set),
# exports DATABASE_URL, CELERY_BROKER_URL, CELERY_RESULT_BACKEND and CHROMIUM_PATH, and stops
# everything on exit.
runas_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

ensure_services() {
  PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  local need=()
  { [ -n "$PG_BIN" ] && [ -x "$PG_BIN/initdb" ]; } || need+=(postgresql postgresql-contrib)
  command -v redis-server >/dev/null || need+=(redis-server)
  command -v chromium >/dev/null || need+=(chromium)
  if [ ${#need[@]} -gt 0 ]; then
    apt_install "${need[@]}"
    PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
  fi

  RUN_DIR="$(mktemp -d /tmp/genesis-run.XXXXXX)"
  REDIS_PID=""
  trap stop_services EXIT

  if [ -z "${DATABASE_URL:-}" ]; then
    local pg_port
    pg_port="$(free_port)"
    mkdir -p "$RUN_DIR/pg" "$RUN_DIR/sock"
    if [ "$(id -u)" = 0 ]; then chown -R postgres "$RUN_DIR"; chmod 755 "$RUN_DIR"; fi
    echo "==> Starting PostgreSQL on 127.0.0.1:$pg_port"
    runas_pg "$PG_BIN/initdb" -D "$RUN_DIR/pg" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    runas_pg "$PG_BIN/pg_ctl" -D "$RUN_DIR/pg" -l "$RUN_DIR/pg.log" -w -o \
      "-p $pg_port -k $RUN_DIR/sock -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >/dev/null
    runas_pg "$PG_BIN/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres genesis
    export DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/genesis"
  fi

  if [ -z "${CELERY_BROKER_URL:-}" ]; then
    local redis_port
    redis_port="$(free_port)"
    echo "==> Starting Redis on 127.0.0.1:$redis_port"
    redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no \
      --dir "$RUN_DIR" --logfile "$RUN_DIR/redis.log" &
    REDIS_PID=$!
    for _ in $(seq 50); do
      "$PY" -c "import redis; redis.Redis(port=$redis_port).ping()" 2>/dev/null && break
      sleep 0.1
    done
    export CELERY_BROKER_URL="redis://127.0.0.1:$redis_port/0"
    export CELERY_RESULT_BACKEND="redis://127.0.0.1:$redis_port/1"
  fi
  export CHROMIUM_PATH="${CHROMIUM_PATH:-$(command -v chromium)}"
  export GENESIS_VAR_DIR="$RUN_DIR/var"
}

stop_services() {
  if [ -n "${REDIS_PID:-}" ]; then kill "$REDIS_PID" 2>/dev/null || true; fi
  if [ -f "$RUN_DIR/pg/postmaster.pid" ]; then
    runas_pg "$PG_BIN/pg_ctl" -D "$RUN_DIR/pg" -m immediate stop >/dev/null 2>&1 || true
  fi
  rm -rf "$RUN_DIR"
}
