# Sourced (not run) by scripts that need a throwaway PostgreSQL (Debian's postgresql package):
#
# kaisho_postgres_start DIR PORT   initdb in DIR (as the unprivileged user `postgres` when run
#                                  as root), start it on 127.0.0.1:PORT with its socket in DIR,
#                                  create the database `kaisho`, and set KAISHO_PG_URI.
# kaisho_postgres_restart DIR      stop it (fast: sessions end) and start it again, waiting
#                                  until it accepts connections.
# kaisho_postgres_stop DIR         stop it at once (the files are left to the caller).
# kaisho_postgres_throwaway        a PostgreSQL in a scratch folder on a random port, stopped
#                                  and removed when the script exits; sets KAISHO_PG_URI.

_kaisho_pg_bin() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  [ -n "$bin" ] || { echo "PostgreSQL is not installed (scripts/install-deps.sh --with-cluster)" >&2; return 1; }
  echo "$bin"
}

# Runs a command as the database's owner: `postgres` when we are root (PostgreSQL refuses to
# run as root), else ourselves.
_kaisho_pg_as() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

kaisho_postgres_start() {
  local dir=$1 port=$2 bin
  bin=$(_kaisho_pg_bin) || return 1
  mkdir -p "$dir/data"
  if [ "$(id -u)" -eq 0 ]; then
    chown -R postgres: "$dir"
    chmod 755 "$(dirname "$dir")" 2>/dev/null || true
  fi
  _kaisho_pg_as "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; return 1; }
  _kaisho_pg_as "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -o \
    "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=on" start >/dev/null ||
    { cat "$dir/postgres.log" >&2; return 1; }
  _kaisho_pg_as "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres kaisho ||
    { cat "$dir/postgres.log" >&2; return 1; }
  KAISHO_PG_URI="postgresql://postgres@127.0.0.1:$port/kaisho"
}

kaisho_postgres_restart() {
  local dir=$1 bin
  bin=$(_kaisho_pg_bin) || return 1
  _kaisho_pg_as "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -m fast restart >/dev/null
}

kaisho_postgres_stop() {
  local dir=$1 bin
  bin=$(_kaisho_pg_bin) || return 1
  _kaisho_pg_as "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
}

kaisho_postgres_throwaway() {
  _kaisho_pg_scratch=$(mktemp -d)
  chmod 755 "$_kaisho_pg_scratch"
  trap 'kaisho_postgres_stop "$_kaisho_pg_scratch/pg"; rm -rf "$_kaisho_pg_scratch"' EXIT
  kaisho_postgres_start "$_kaisho_pg_scratch/pg" $((20000 + RANDOM % 20000))
}
