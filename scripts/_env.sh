# Shared by scripts/serve, scripts/test and scripts/bench: make .venv/ from the lock files.
#
# requirements/prod.txt and requirements/dev.txt pin every package, transitive ones included,
# with their hashes (made by ./scripts/lock from pyproject.toml). uv installs them: on a warm
# package cache a whole install takes a few seconds (docs/benchmarks.md, "Test suite"). The
# project itself is installed editable with the pure-Python engine; the compiled engine is
# opt-in (./scripts/build-engine, or ./scripts/serve --fast-engine), so no compile ever stands
# between a fresh clone and its first page.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
# Python keeps the bytecode it compiles: where PYTHONDONTWRITEBYTECODE is set (this machine sets
# it) nothing ever did, and in a fresh clone every process the tests start (workers, Celery
# workers, web servers, child runs) compiled Django, Celery and the rest from source again.
unset PYTHONDONTWRITEBYTECODE
PY="$VENV/bin/python"
UV_VERSION="0.13.9"

# say: a step that may take more than a moment says what it does, with the time it started.
say() { echo "==> $(date +%H:%M:%S) $*"; }

ensure_uv() {
  # uv from PyPI, kept once per machine outside the project (a second clone reuses it).
  if command -v uv >/dev/null 2>&1 && [ "$(uv --version | cut -d' ' -f2)" = "$UV_VERSION" ]; then
    UV="$(command -v uv)"
    return
  fi
  local dir="${XDG_CACHE_HOME:-$HOME/.cache}/genesis-service/uv-$UV_VERSION"
  if [ ! -x "$dir/bin/uv" ]; then
    say "Fetching uv $UV_VERSION, the installer (once per machine)"
    local log
    log="$(mktemp)"
    # pip's own notices (a root user, a configured index folder that is missing) only on failure.
    python3 -m pip install --quiet --disable-pip-version-check --target "$dir" "uv==$UV_VERSION" \
      2>"$log" || { cat "$log" >&2; rm -f "$log"; exit 1; }
    rm -f "$log"
  fi
  UV="$dir/bin/uv"
}

ensure_venv() {
  # ensure_venv prod|dev: .venv/ holds exactly requirements/<prod|dev>.txt and the project.
  local extras="$1"
  local lock="$ROOT/requirements/$extras.txt"
  local stamp="$VENV/.installed-$extras"
  if [ -f "$stamp" ] && [ ! "$lock" -nt "$stamp" ] && [ ! "$ROOT/setup.py" -nt "$stamp" ] \
    && [ ! "$ROOT/pyproject.toml" -nt "$stamp" ]; then
    return
  fi
  ensure_uv
  if [ ! -x "$PY" ]; then
    say "Creating $VENV"
    "$UV" venv --quiet --python python3 "$VENV"
  fi
  # uv writes no .pyc (compiling every installed package up front took 26 s here); the first
  # process to import a module writes its bytecode, since the scripts unset
  # PYTHONDONTWRITEBYTECODE (above), and the processes after it read it.
  say "Installing the locked dependencies (requirements/$extras.txt) with uv"
  "$UV" pip sync --quiet --python "$PY" --require-hashes "$lock"
  say "Installing the project itself (editable; the pure-Python engine)"
  "$UV" pip install --quiet --python "$PY" --no-deps -e "$ROOT"
  rm -f "$VENV"/.installed-*
  touch "$stamp"
  say "Installed"
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
