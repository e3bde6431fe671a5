# Sourced (not run) by the scripts that start a kaisho server for a test.
#
# kaisho_scratch                 makes a scratch directory, left in WORK; on exit the server
#                                started last (KAISHO_PID) is killed and WORK removed.
# kaisho_serve LOG BIN ARGS...   starts `BIN serve ARGS...` in the background, its output
#                                appended to LOG; the process id is left in KAISHO_PID.
# kaisho_port LOG [N]            waits until LOG shows the server's Nth start (default 1) and
#                                prints the port it listens on; on failure prints the log to
#                                stderr and returns 1.
# kaisho_figure NAME [FILE]      prints the value of the line `NAME value` of `kaisho loadtest`
#                                output (FILE, or standard input).

# A test's many simulated people and browsers all come from 127.0.0.1: the limits on what one
# address may open and create (docs/reliability.md) are raised for them. Spread it into the
# serve arguments: kaisho_serve LOG BIN ... "${KAISHO_ONE_ADDRESS_MANY_PEOPLE[@]}"
KAISHO_ONE_ADDRESS_MANY_PEOPLE=(--new-persons-per-address 1000000 --groups-per-address 1000000
  --groups-per-person 1000000 --max-http-connections-per-address 100000
  --websocket-opens-per-address 100000 --connections-per-address 100000)

kaisho_serve() {
  local log=$1 bin=$2
  shift 2
  "$bin" serve "$@" >>"$log" 2>&1 &
  KAISHO_PID=$!
}

kaisho_port() {
  local log=$1 starts=${2:-1} port
  for _ in $(seq 1 300); do
    if [ "$(grep -c 'is running' "$log" 2>/dev/null || true)" -ge "$starts" ]; then
      port=$(grep -o 'localhost:[0-9]*' "$log" | tail -1 | cut -d: -f2)
      echo "$port"
      return 0
    fi
    sleep 0.05
  done
  echo "the server did not start:" >&2
  cat "$log" >&2
  return 1
}

kaisho_figure() {
  awk -v name="$1" '$1 == name {print $2}' "${2:--}"
}

kaisho_scratch() {
  WORK=$(mktemp -d)
  KAISHO_PID=""
  trap _kaisho_cleanup EXIT
}

_kaisho_cleanup() {
  if [ -n "${KAISHO_PID:-}" ]; then
    kill -9 "$KAISHO_PID" 2>/dev/null || true
    wait "$KAISHO_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
