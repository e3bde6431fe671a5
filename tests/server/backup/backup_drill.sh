#!/usr/bin/env bash
# The backup drill: people play at many tables (`kaisho loadtest`) while `kaisho backup` copies
# the serving SQLite database; the copy is restored into a fresh folder and a server started
# on it. Fails when a move acknowledged before the backup began is missing from the copy (or
# differs there), when play stopped for the backup, or when the restored tables do not go on
# (games_go_on.mjs: a visitor joins unfinished tables of the copy; the CPU takes up the absent
# players' turns and the games move past what was stored).
# Usage: backup_drill.sh KAISHO_BIN
set -euo pipefail
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../../../scripts/lib/server.sh"
kaisho_scratch
work=$WORK
kaisho_serve "$work/server.log" "$bin" --port 0 --address 127.0.0.1 --db "$work/kaisho.db" \
  --away-grace-ms 20000 "${KAISHO_ONE_ADDRESS_MANY_PEOPLE[@]}"
port=$(kaisho_port "$work/server.log" 1)
"$bin" loadtest --port "$port" --connections 120 --groups 30 --think-ms 200 --seconds 16 \
  --setup-timeout 60 --sources 16 --acks "$work/acks" >"$work/load.out" 2>&1 &
load=$!
# The backup is taken in the middle of play: once moves are being acknowledged.
for _ in $(seq 1 600); do
  [ -s "$work/acks" ] && break
  sleep 0.1
done
sleep 4
began=$(date +%s%3N)
"$bin" backup --db "$work/kaisho.db" --out "$work/backup.db" >"$work/backup.out"
ended=$(date +%s%3N)
cat "$work/backup.out"
echo "backup took $((ended - began)) ms"
status=0
wait "$load" || status=$?
cat "$work/load.out"
[ "$status" -eq 0 ] || { echo "FAILED: the load test failed" >&2; exit 1; }
# Every move acknowledged before the backup began is in the copy, as it was acknowledged; and
# play went on after the backup (it stopped nothing).
sqlite3 -separator $'\t' "$work/backup.db" "SELECT game, ply, move FROM moves" >"$work/copied"
node "$here/backup_check.mjs" "$work/acks" "$work/copied" "$began" "$ended"
# Restored into a fresh folder, a server on it: the unfinished tables go on.
mkdir "$work/restored"
cp "$work/backup.db" "$work/restored/kaisho.db"
kill "$KAISHO_PID"
wait "$KAISHO_PID" 2>/dev/null || true
sqlite3 -separator ' ' "$work/restored/kaisho.db" \
  "SELECT g.group_id, g.id, (SELECT count(*) FROM moves m WHERE m.game = g.id) FROM games g
   WHERE g.result IS NULL AND g.group_id NOT LIKE 'practice:%' ORDER BY g.id LIMIT 5" \
  >"$work/unfinished"
[ -s "$work/unfinished" ] || { echo "FAILED: the copy has no unfinished game" >&2; exit 1; }
kaisho_serve "$work/restored.log" "$bin" --port 0 --address 127.0.0.1 \
  --db "$work/restored/kaisho.db" --away-grace-ms 300 --cpu-ms 50
port=$(kaisho_port "$work/restored.log" 1)
node --no-warnings --experimental-websocket "$here/games_go_on.mjs" "$port" "$work/unfinished"
echo "backup drill: ok"
