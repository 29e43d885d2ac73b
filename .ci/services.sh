#!/usr/bin/env bash
# PostgreSQL and Redis for the multi-process tests, in a throwaway directory, on loopback only.
#   eval "$(.ci/services.sh start [DIR])"   starts both and prints the exports for the tests
#   .ci/services.sh stop [DIR]              stops what `start` started (by PID / pg_ctl)
# Needs the Debian packages postgresql (15) and redis-server; installs them when missing.
set -euo pipefail
cmd=${1:-}
dir=${2:-${DOUBLESIX_SERVICES_DIR:-/tmp/doublesix-services}}
pg_port=${DOUBLESIX_PG_PORT:-5440}
redis_port=${DOUBLESIX_REDIS_PORT:-6390}
pgbin=/usr/lib/postgresql/15/bin

install() {
  if [ ! -x "$pgbin/initdb" ] || ! command -v redis-server >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q >&2
    apt-get install -y -q --no-install-recommends postgresql redis-server >&2
  fi
}

start() {
  install
  mkdir -p "$dir"
  chown postgres "$dir"
  if [ ! -d "$dir/data" ]; then
    runuser -u postgres -- "$pgbin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 \
      --locale=C.UTF-8 >&2
  fi
  # fsync stays on: the crash campaign relies on commits being durable
  if ! runuser -u postgres -- "$pgbin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    runuser -u postgres -- "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/pg.log" \
      -o "-h 127.0.0.1 -p $pg_port -k $dir -c max_connections=200" -w start >&2
  fi
  runuser -u postgres -- psql -h 127.0.0.1 -p "$pg_port" -U postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname = 'doublesix'" | grep -q 1 ||
    runuser -u postgres -- createdb -h 127.0.0.1 -p "$pg_port" -U postgres doublesix >&2
  if ! redis-cli -p "$redis_port" ping >/dev/null 2>&1; then
    redis-server --port "$redis_port" --bind 127.0.0.1 --daemonize yes \
      --pidfile "$dir/redis.pid" --dir "$dir" --save '' --appendonly no >&2
  fi
  for _ in $(seq 50); do
    redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
  echo "export DOUBLESIX_TEST_PG_URL=postgresql://postgres@127.0.0.1:$pg_port/doublesix"
  echo "export DOUBLESIX_TEST_REDIS_URL=redis://127.0.0.1:$redis_port/0"
}

stop() {
  if [ -f "$dir/redis.pid" ]; then
    kill -TERM "$(cat "$dir/redis.pid")" 2>/dev/null || true
    rm -f "$dir/redis.pid"
  fi
  if [ -f "$dir/data/postmaster.pid" ]; then
    runuser -u postgres -- "$pgbin/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
  fi
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop [DIR]" >&2; exit 2 ;;
esac
