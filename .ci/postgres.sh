#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the table server's storage tests and prints its
# URL on stdout (everything else goes to stderr):
#   export PARLOR_TEST_POSTGRES_URL=$(.ci/postgres.sh)
# Installs Debian's postgresql if it is missing (apt-get, as root or with sudo). The cluster
# runs as a non-root user (the package's `postgres` user when started as root) on a free
# loopback port, with its data in a fresh directory under ${TMPDIR:-/tmp}. Stop it with
#   .ci/postgres.sh stop DIR      (DIR is printed on stderr)
set -euo pipefail

log() { echo "postgres.sh: $*" >&2; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
    log "need root or sudo to run: $*"; return 1; fi
}

bin_dir() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

if [ "${1:-}" = "stop" ]; then
  dir=${2:?usage: .ci/postgres.sh stop DIR}
  owner=$(stat -c %U "$dir")
  if [ "$(id -un)" = "$owner" ]; then
    "$(bin_dir)/pg_ctl" -D "$dir/data" -m fast stop >&2
  else
    as_root runuser -u "$owner" -- "$(bin_dir)/pg_ctl" -D "$dir/data" -m fast stop >&2
  fi
  rm -rf "$dir"
  exit 0
fi

if [ -z "$(bin_dir)" ]; then
  log "installing Debian's postgresql"
  as_root apt-get update >&2
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >&2
fi
bin=$(bin_dir)
[ -n "$bin" ] || { log "postgresql is not installed"; exit 1; }

# PostgreSQL refuses to run as root: use the package's user then.
if [ "$(id -u)" -eq 0 ]; then
  user=postgres
  id "$user" >/dev/null 2>&1 || useradd --system --no-create-home "$user"
  run() { runuser -u "$user" -- "$@"; }
else
  user=$(id -un)
  run() { "$@"; }
fi

free_port() {
  local port
  for _ in $(seq 1 50); do
    port=$((20000 + RANDOM % 20000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return 0
    fi
  done
  return 1
}

dir=$(mktemp -d "${TMPDIR:-/tmp}/parlor-postgres.XXXXXX")
chmod 755 "$dir"
chown "$user" "$dir"
port=$(free_port) || { log "no free port"; exit 1; }
run "$bin/initdb" -D "$dir/data" -U parlor --auth=trust --no-sync >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
run "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start >&2 \
  || { cat "$dir/server.log" >&2; exit 1; }
run "$bin/createdb" -h 127.0.0.1 -p "$port" -U parlor parlor_test >&2
log "cluster in $dir on port $port; stop it with: .ci/postgres.sh stop $dir"
echo "postgres://parlor@127.0.0.1:$port/parlor_test"
